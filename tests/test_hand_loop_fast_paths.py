"""The hand loop's shortcuts give what the plain kernels give.

The compiled hand loop (sim.core.turn) takes three shortcuts; each is checked here against the plain path on
every decision state of seeded hands, under rules and variants that change the 上架/报听 marks and the forms:

* a seat that does not share greedy's discard scan builds its self-phase mask with ``legal_self_floored``,
  which skips the 14-tile shanten of the 上架 filter while a floor kept over the hand proves the hand is not
  tenpai: same mask and count as ``legal_self``, and the floor is never above the true shanten;
* a greedy, selective_ting or defensive seat whose claim options hold no 胡/杠/碰 passes without being asked
  (``passes_claim``): its strategy's answer there is ACT_PASS;
* a random seat draws with ``random_action_counted`` from the legal builder's count: the counts the builders
  return are the masks' counts, and the draw is ``random_action``'s.
"""
import numpy as np
import pytest

from sim.core import state as S
from sim.core.hand.kernel import shanten_k
from sim.core.legal import NO_FLOOR
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.seat_view import SeatView
from sim.core.ting import seat_forms
from sim.game import Game
from sim.game_log import action_text
from strategies.random_policy import random_action, random_action_counted

HANDS = 30


def choose_action_of(game):
    """Return the seat switch's choose_action of the game's own engine (its variant and its seats' policies, whose
    slots ``game._ids`` holds)."""
    return game._engine.kernel("sim.core.seat_dispatch", "choose_action")


def view_of(game):
    """Return the seat's view of the game's state as the hand loop hands it to a policy (sim.core.seat_view)."""
    return SeatView(game._hands, game._frozen, game._melds, game._rivers, game._st, game._seen)


def play_scripted(rules, seats, seed, hands, on_state, on_hand=None):
    """Play ``hands`` seeded hands step by step, every seat answered by its own strategy, calling
    ``on_hand()`` at each hand's start and ``on_state(game, seat)`` before each decision (the kernels it calls
    are the game's engine's, ``game._engine``: bound to its variant and its seats' policies); returns nothing."""
    for hand in range(hands):
        game = Game(rules=rules, seats=seats, seed=seed, hand_index=hand)
        game.scripted[:] = True
        if on_hand is not None:
            on_hand()
        while True:
            seat = game.advance()
            if seat is None:
                break
            on_state(game, seat)
            game._legal_codes(seat)
            code = choose_action_of(game)(game._ids[seat], game._params[seat], game._rule_vec, game._tables,
                                          view_of(game), game._mask, seat, game._rngs[seat])
            game.step(seat, action_text(code))


def true_shanten(game, seat):
    """Return the seat's 14-tile shanten as the 上架 filter takes it."""
    allow_quad = game._rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    return shanten_k(game._hands[seat], game._st[S.ST_N_MELDS + seat], allow_quad, seat_forms(game._st, seat),
                     game._tables)


@pytest.mark.parametrize("rules,seats", [
    ("jincheng", ["random", "greedy", "random", "defensive"]),
    ({"qidui_allow_quad": False, "allow_empty_ting": True}, ["random", "greedy", "random", "greedy"]),
    ({"ting_allow_pong": True, "ting_kong_policy": "still_tenpai", "bugang_only_on_draw": True},
     ["random", "selective_ting", "greedy", "random"]),
    ("jinzhong", ["random", "greedy", "random", "random"]),
    ({"variant": "jinzhong", "jz_chi": True}, ["random", "greedy", "random", "greedy"]),
])
def test_floored_self_mask_is_legal_self_and_the_floor_is_a_lower_bound(rules, seats):
    floors = np.full(4, NO_FLOOR, np.int64)  # [seat] kept over a hand, as the hand loop keeps it
    counts = {"skipped": 0, "taken": 0, "marked": 0}

    def on_state(game, seat):
        if game._st[S.ST_PHASE] != S.PHASE_SELF:
            return
        hands, frozen, melds, st = game._hands, game._frozen, game._melds, game._st
        eng = game._engine
        before = [a.copy() for a in (hands, frozen, melds, st)]
        mask = np.zeros(S.N_ACTIONS, np.bool_)
        n = eng.legal_self(game._rule_vec, game._tables, hands, frozen, melds, st, mask)
        fast = np.ones(S.N_ACTIONS, np.bool_)  # stale entries must be cleared
        floor_before = floors[seat]
        n_fast = eng.legal_self_floored(game._rule_vec, game._tables, hands, frozen, melds, st, fast, floors)
        assert n_fast == n and np.array_equal(fast, mask), np.flatnonzero(fast != mask)
        for kept, now in zip(before, (hands, frozen, melds, st)):
            assert np.array_equal(kept, now)
        if st[S.ST_TING + seat] == 0 and st[S.ST_COMMITTED + seat] == 0:
            assert floors[seat] <= true_shanten(game, seat)  # the floor kept is a lower bound of the shanten
            if floor_before - 1 >= 1:
                counts["skipped"] += 1
            else:
                counts["taken"] += 1
                assert floors[seat] == true_shanten(game, seat)
            counts["marked"] += int(mask[S.ACT_SHANGJIA:S.ACT_SHANGJIA + 34].any())

    def on_hand():
        floors[:] = NO_FLOOR  # the hand loop starts every hand with no floor

    play_scripted(rules, seats, 5, HANDS, on_state, on_hand)
    assert counts["skipped"] > 200 and counts["taken"] > 200 and counts["marked"] > 10, counts


def test_floored_self_mask_without_a_ting_is_legal_self():
    """金华 has no 上架 (RULES §3.4 r14): the floored builder gives legal_self's mask and keeps no floor."""
    floors = np.full(4, NO_FLOOR, np.int64)
    seen = {"states": 0}

    def on_state(game, seat):
        if game._st[S.ST_PHASE] != S.PHASE_SELF:
            return
        args = (game._rule_vec, game._tables, game._hands, game._frozen, game._melds, game._st)
        mask = np.zeros(S.N_ACTIONS, np.bool_)
        fast = np.ones(S.N_ACTIONS, np.bool_)
        eng = game._engine
        assert eng.legal_self_floored(*args, fast, floors) == eng.legal_self(*args, mask)
        assert np.array_equal(fast, mask) and (floors == NO_FLOOR).all()
        seen["states"] += 1

    play_scripted("jinhua", ["random", "greedy", "random", "greedy"], 5, 10, on_state)
    assert seen["states"] > 200, seen


def test_a_floor_one_too_high_is_caught():
    """The check above fails when the floor is not lowered by the tile a seat gains (the proof's one step)."""
    floors = np.full(4, NO_FLOOR, np.int64)
    broken = {"n": 0}

    def on_state(game, seat):
        st = game._st
        if st[S.ST_PHASE] != S.PHASE_SELF or st[S.ST_TING + seat] == 1 or st[S.ST_COMMITTED + seat] == 1:
            return
        mask = np.zeros(S.N_ACTIONS, np.bool_)
        if floors[seat] != NO_FLOOR:
            floors[seat] += 1  # as if a draw could not bring the hand closer
        game._engine.legal_self_floored(game._rule_vec, game._tables, game._hands, game._frozen, game._melds, st,
                                        mask, floors)
        broken["n"] += int(floors[seat] > true_shanten(game, seat))

    def on_hand():
        floors[:] = NO_FLOOR

    play_scripted("jincheng", ["greedy"] * 4, 5, 10, on_state, on_hand)
    assert broken["n"] > 0


@pytest.mark.parametrize("rules,seats", [
    ("jincheng", ["greedy", "selective_ting", "defensive", "random"]),
    ({"ting_allow_pong": True, "guo_hu": "restricted"}, ["greedy", "defensive", "greedy", "selective_ting"]),
    ("jinzhong", ["greedy", "defensive", "random", "greedy"]),
    ("jinhua", ["greedy", "random", "greedy", "random"]),
])
def test_claims_passed_unasked_are_the_strategys_pass(rules, seats):
    counts = {"unasked": 0, "asked": 0}

    def on_state(game, seat):
        if game._st[S.ST_PHASE] != S.PHASE_CLAIM:
            return
        args = (game._rule_vec, game._tables, game._hands, game._frozen, game._melds, game._st)
        eng = game._engine
        bits = eng.claim_bits(*args, seat)
        mask = np.zeros(S.N_ACTIONS, np.bool_)
        n = eng.legal_claim(*args, seat, mask)
        assert n + 1 == mask.sum()  # ACT_PASS is not counted by the builder
        if eng.kernel("sim.core.seat_dispatch", "passes_claim")(game._ids[seat], game._rule_vec, bits):
            counts["unasked"] += 1
            rng = game._rngs[seat].copy()
            answer = choose_action_of(game)(game._ids[seat], game._params[seat], game._rule_vec, game._tables,
                                            view_of(game), mask, seat, rng)
            assert answer == S.ACT_PASS, action_text(answer)
        else:
            counts["asked"] += 1

    play_scripted(rules, seats, 9, HANDS, on_state)
    if rules == "jincheng" or isinstance(rules, dict):
        assert counts["unasked"] > 100 and counts["asked"] > 20, counts
    else:  # the shortcut is 晋城's only
        assert counts["unasked"] == 0 and counts["asked"] > 20, counts


@pytest.mark.parametrize("rules", ["jincheng", "jinzhong", "jinhua", {"allow_empty_ting": True}])
def test_builders_counts_are_the_masks_and_the_counted_draw_is_random_action(rules):
    seen = {"self": 0, "claim": 0}

    def on_state(game, seat):
        args = (game._rule_vec, game._tables, game._hands, game._frozen, game._melds, game._st)
        mask = np.zeros(S.N_ACTIONS, np.bool_)
        if game._st[S.ST_PHASE] == S.PHASE_SELF:
            n_legal = game._engine.legal_self(*args, mask)
            seen["self"] += 1
        else:
            n_legal = game._engine.legal_claim(*args, seat, mask) + 1
            seen["claim"] += 1
        assert n_legal == mask.sum()
        rng_a, rng_b = game._rngs[seat].copy(), game._rngs[seat].copy()
        assert random_action_counted(mask, rng_a, n_legal) == random_action(mask, rng_b)
        assert np.array_equal(rng_a, rng_b)

    play_scripted(rules, ["random", "greedy", "random", "random"], 3, HANDS, on_state)
    assert seen["self"] > 500 and seen["claim"] > 50, seen
