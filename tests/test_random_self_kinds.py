"""A random seat's decision drawn from kind sets (self phase) or claim bits is the plain path's decision.

The hand loop (sim.core.turn) lets a random seat skip the 146-entry mask in its self phase: the legal
builder ``legal_self_kinds`` returns the actions as int64 kind sets (discards, 上架 marks, 暗杠, 补杠, 自摸)
and ``random_self_action`` draws from them. Checked here on every self decision of seeded hands, under
the three variants and rules that change the 上架/报听 marks, the kongs and the forms, with random and
other strategies at the table:

* the sets are exactly the True entries of ``legal_self``'s mask, and the floors are kept as
  ``legal_self_floored`` keeps them (same values after every decision);
* the draw is ``random_action``'s on that mask: same action, and the generator left in the same state.

``random_claim_action`` draws a claim answer from the CLAIM_BIT_* set (``claim_bits``) as ``random_action`` does
from ``legal_claim``'s mask; checked the same way on every claim answer.
"""
import numpy as np
import pytest

from sim.core import state as S
from sim.core.legal import NO_FLOOR
from strategies.random_policy import nth_kind, random_action, random_claim_action, random_self_action
from test_hand_loop_fast_paths import play_scripted

HANDS = 30
KIND_RANGES = (("discards", S.ACT_DISCARD), ("marks", S.ACT_SHANGJIA), ("angang", S.ACT_ANGANG),
               ("bugang", S.ACT_BUGANG))


def kinds_in(mask, base):
    """Return the int64 bit set of the kinds t with ``mask[base + t]`` set."""
    return sum(1 << t for t in range(34) if mask[base + t])


def check_every_self_decision(rules, seats, seed, hands, mutate=None):
    """Compare the kind sets and their draw with the plain mask path on every self decision of ``hands``
    seeded hands; ``mutate(sets)`` (a test of the test) may alter the sets before the draw. Returns the
    counts of states seen, by what their mask held."""
    floors_plain = np.full(4, NO_FLOOR, np.int64)  # [seat] as the hand loop keeps them for legal_self_floored
    floors_kinds = np.full(4, NO_FLOOR, np.int64)  # [seat] the same, kept by legal_self_kinds
    counts = {"states": 0, "marks": 0, "kongs": 0, "zimo": 0, "locked": 0, "committed": 0, "draws_differ": 0}

    def on_hand():
        floors_plain[:] = NO_FLOOR
        floors_kinds[:] = NO_FLOOR

    def on_state(game, seat):
        st = game._st
        if st[S.ST_PHASE] != S.PHASE_SELF:
            return
        args = (game._rule_vec, game._tables, game._hands, game._frozen, game._melds, st)
        eng = game._engine  # the builders bound to the game's variant
        before = [a.copy() for a in args[2:]]
        mask = np.zeros(S.N_ACTIONS, np.bool_)
        n_legal = eng.legal_self(*args, mask)
        floored = np.zeros(S.N_ACTIONS, np.bool_)
        eng.legal_self_floored(*args, floored, floors_plain)
        scratch = np.ones(S.N_ACTIONS, np.bool_)  # stale entries must not leak into the sets
        sets = list(eng.legal_self_kinds(*args, scratch, floors_kinds))
        for kept, now in zip(before, args[2:]):
            assert np.array_equal(kept, now)
        assert np.array_equal(floors_kinds, floors_plain)
        for i, (name, base) in enumerate(KIND_RANGES):
            assert sets[i] == kinds_in(mask, base), name
        assert sets[4] == int(mask[S.ACT_ZIMO])
        assert n_legal == sum(bin(k).count("1") for k in sets[:4]) + sets[4]
        if mutate is not None:
            mutate(sets)
        rng_plain, rng_kinds = game._rngs[seat].copy(), game._rngs[seat].copy()
        plain = random_action(mask, rng_plain)
        drawn = random_self_action(*sets, rng_kinds)
        if mutate is None:
            assert drawn == plain and np.array_equal(rng_kinds, rng_plain)
        counts["draws_differ"] += int(drawn != plain)
        counts["states"] += 1
        counts["marks"] += int(sets[1] != 0)
        counts["kongs"] += int(sets[2] != 0 or sets[3] != 0)
        counts["zimo"] += sets[4]
        counts["locked"] += int(st[S.ST_TING + seat])
        counts["committed"] += int(st[S.ST_COMMITTED + seat])

    play_scripted(rules, seats, seed, hands, on_state, on_hand)
    return counts


@pytest.mark.parametrize("rules,seats", [
    ("jincheng", ["random", "random", "random", "random"]),
    ("jincheng", ["random", "greedy", "random", "defensive"]),
    ({"qidui_allow_quad": False, "allow_empty_ting": True}, ["random", "greedy", "random", "random"]),
    ({"ting_allow_pong": True, "ting_kong_policy": "still_tenpai", "bugang_only_on_draw": True},
     ["random", "selective_ting", "greedy", "random"]),
    ("jinzhong", ["random", "greedy", "random", "random"]),
    ({"variant": "jinzhong", "jz_chi": True}, ["random", "greedy", "random", "greedy"]),
    ("jinhua", ["random", "greedy", "random", "random"]),
])
def test_kind_sets_are_legal_self_and_the_draw_is_random_action(rules, seats):
    counts = check_every_self_decision(rules, seats, 11, HANDS)
    assert counts["states"] > 1000 and counts["kongs"] > 0, counts
    if seats.count("random") == 4:  # random seats take 抢 (½) and rarely reach 上架: committed seats mostly
        assert counts["committed"] > 1000, counts
    elif rules != "jinhua":  # 金华 has no 上架 (RULES §3.4 r14)
        assert counts["marks"] > 10 and counts["locked"] > 50 and counts["zimo"] > 0, counts
    else:
        assert counts["zimo"] > 0, counts


def test_nth_kind_walks_the_set_from_kind_0_up():
    kinds = (1 << 0) | (1 << 5) | (1 << 33)
    assert [nth_kind(np.int64(kinds), n) for n in range(3)] == [0, 5, 33]


def test_a_draw_from_a_set_missing_a_kind_is_caught():
    """The comparison above fails when a set loses a kind (its highest discard): the draws then differ."""
    def drop_highest_discard(sets):
        if bin(sets[0]).count("1") > 1:
            sets[0] &= ~(1 << (sets[0].bit_length() - 1))

    counts = check_every_self_decision("jincheng", ["random"] * 4, 11, 5, mutate=drop_highest_discard)
    assert counts["draws_differ"] > 0, counts


def claim_mask_and_bits(game, seat):
    """Return (legal_claim's bool[N_ACTIONS] mask, claim_bits' CLAIM_BIT_* set) of ``seat`` in ``game``'s open window."""
    args = (game._rule_vec, game._tables, game._hands, game._frozen, game._melds, game._st)
    mask = np.zeros(S.N_ACTIONS, np.bool_)
    game._engine.legal_claim(*args, seat, mask)
    return mask, game._engine.claim_bits(*args, seat)


@pytest.mark.parametrize("rules,seats", [
    ("jincheng", ["random"] * 4),
    ({"ting_allow_pong": True}, ["random", "greedy", "random", "selective_ting"]),
    ({"variant": "jinzhong", "jz_chi": True}, ["random", "greedy", "random", "random"]),
    ("jinhua", ["random", "greedy", "random", "random"]),
])
def test_the_claim_draw_from_bits_is_random_action(rules, seats):
    seen = {"answers": 0, "options": set()}

    def on_state(game, seat):
        if game._st[S.ST_PHASE] != S.PHASE_CLAIM:
            return
        mask, bits = claim_mask_and_bits(game, seat)
        rng_plain, rng_bits = game._rngs[seat].copy(), game._rngs[seat].copy()
        assert random_claim_action(bits, rng_bits) == random_action(mask, rng_plain)
        assert np.array_equal(rng_bits, rng_plain)
        seen["answers"] += 1
        seen["options"].update(int(a) for a in np.flatnonzero(mask))

    play_scripted(rules, seats, 7, HANDS, on_state)
    assert seen["answers"] > 100, seen
    wanted = {S.ACT_CHI_LOW, S.ACT_PENG} if rules == "jinhua" else {S.ACT_PENG}
    if rules == "jincheng":
        wanted = {S.ACT_SHI, S.ACT_QIANG}
    assert wanted <= seen["options"], seen["options"]


def test_a_claim_draw_in_the_wrong_order_is_caught():
    """Drawing 拾 before 碰 (swapping two bits) changes answers: the order of the mask matters."""
    swapped = {"differ": 0}

    def on_state(game, seat):
        if game._st[S.ST_PHASE] != S.PHASE_CLAIM:
            return
        mask, bits = claim_mask_and_bits(game, seat)
        if bits & S.CLAIM_BIT_PENG and not bits & S.CLAIM_BIT_SHI:
            bits = (bits & ~S.CLAIM_BIT_PENG) | S.CLAIM_BIT_SHI
        rng_plain, rng_bits = game._rngs[seat].copy(), game._rngs[seat].copy()
        swapped["differ"] += int(random_claim_action(bits, rng_bits) != random_action(mask, rng_plain))

    play_scripted("jincheng", ["random", "greedy", "random", "greedy"], 7, HANDS, on_state)
    assert swapped["differ"] > 0, swapped
