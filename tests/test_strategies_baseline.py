"""Baseline strategies: the registry, greedy against a plain-Python reference, random's 上架 rule."""
import numpy as np
import pytest

from sim import hand, kernel_cache

kernel_cache.ensure_fresh()

from sim.core import state as S  # noqa: E402
from sim.hand_tables import get_tables  # noqa: E402
from sim.core.rng import new_generator  # noqa: E402
from sim.core.seat_view import SeatView  # noqa: E402
from sim.engine import engine  # noqa: E402
from sim.rules import resolve_rules  # noqa: E402
from sim.seat_plan import (  # noqa: E402
    REGISTRY, StrategyConfig, parse_seat, resolve_seats, seat_arrays, table_policies,
)

RULES = resolve_rules().pack()
GREEDY_POLICY, RANDOM_POLICY = REGISTRY["greedy"].policy, REGISTRY["random"].policy
ENGINE = engine("jincheng", (GREEDY_POLICY, RANDOM_POLICY))  # 晋城 kernels; the policies' own, bound to it


def self_state(counts, drawn):
    """Return state arrays with seat 0 to act on a 14-tile concealed hand ``counts`` (nothing else seen)."""
    wall, hands, frozen, melds, rivers, st, money = S.new_state()
    hands[0] = counts
    st[S.ST_CURRENT] = 0
    st[S.ST_PHASE] = S.PHASE_SELF
    st[S.ST_LAST_DRAWN] = drawn
    return hands, frozen, melds, rivers, st


def choose(policy, params, hands, frozen, melds, rivers, st, seed=0):
    """Return (the ACT_* seat 0's policy module ``policy`` picks under 晋城, the legal mask it picked from)."""
    mask = np.zeros(S.N_ACTIONS, dtype=np.bool_)
    ENGINE.legal_self(RULES, get_tables(), hands, frozen, melds, st, mask)
    choose_action = ENGINE.kernel(policy, "choose_action")
    view = SeatView(hands, frozen, melds, rivers, st, np.zeros(34, dtype=np.int8))
    action = choose_action(params, RULES, get_tables(), view, mask, 0, new_generator(seed, 0, 2))
    return action, mask


def reference_greedy(counts):
    """Plain-Python greedy: 上架 on the most live waits when a discard reaches tenpai, else the least-shanten
    discard with the most live useful copies (first kind on ties); live = 4 − copies in the 14-tile hand."""
    candidates = [t for t in range(34) if counts[t] > 0]
    after = {}
    for t in candidates:
        after[t] = counts.copy()
        after[t][t] -= 1

    def live(kinds):
        return sum(max(0, 4 - int(counts[k])) for k in kinds)

    best = min(hand.shanten(after[t]) for t in candidates)
    if best == 0:
        scored = []
        for t in candidates:
            waits = [k for k in hand.waits(after[t]) if after[t][k] < 4]  # RULES §1.4 r27
            if waits:
                scored.append((live(waits), -t))
        if scored:
            return S.ACT_SHANGJIA - max(scored)[1]
    scored = [(live(hand.useful_tiles(after[t])), -t) for t in candidates if hand.shanten(after[t]) == best]
    return S.ACT_DISCARD - max(scored)[1]


def test_greedy_matches_the_plain_python_reference_on_random_hands():
    rng = np.random.default_rng(5)
    params = np.zeros(8)
    params[1] = 1.0
    checked = 0
    for _ in range(300):
        tiles = rng.permutation(136)[:14] // 4
        counts = np.bincount(tiles, minlength=34).astype(np.int8)
        if counts.max() == 4:
            continue  # kong choices are not part of this reference
        state = self_state(counts, int(tiles[-1]))
        action, _ = choose(GREEDY_POLICY, params, *state)
        assert action == reference_greedy(counts)
        checked += 1
    assert checked > 250


def test_greedy_matches_the_reference_on_pair_rich_and_complete_hands():
    """Hands near 七对 (and complete 14-tile hands, not yet 上架) exercise the form pruning."""
    rng = np.random.default_rng(8)
    params = np.array([0, 1, 0, 0, 0, 0, 0, 0.0])
    for trial in range(150):
        kinds = rng.choice(34, size=7, replace=False)
        counts = np.zeros(34, dtype=np.int8)
        counts[kinds] = 2
        for _ in range(trial % 4):  # break some pairs
            counts[rng.choice(np.flatnonzero(counts > 0))] -= 1
            counts[rng.choice(np.flatnonzero(counts < 3))] += 1
        if counts.max() == 4:
            continue
        drawn = int(rng.choice(np.flatnonzero(counts)))
        action, _ = choose(GREEDY_POLICY, params, *self_state(counts, drawn))
        assert action == reference_greedy(counts)


def test_greedy_shangjia_picks_the_most_live_waits():
    """123456789m + 1234p + 5z: 上架 5z (waits 1p/4p, 6 live) rather than 1p (wait 4p... or 2p/5p)."""
    counts = np.zeros(34, dtype=np.int8)
    for k in list(range(9)) + [9, 10, 11, 12, 31]:
        counts[k] += 1
    action, mask = choose(GREEDY_POLICY, np.array([0, 1, 0, 0, 0, 0, 0, 0.0]), *self_state(counts, 31))
    assert mask[S.ACT_SHANGJIA + 31] and action == reference_greedy(counts)


def test_random_always_takes_a_shangjia_when_one_is_legal():
    counts = np.zeros(34, dtype=np.int8)
    for k in list(range(9)) + [9, 10, 11, 12, 31]:
        counts[k] += 1
    picks = {choose(RANDOM_POLICY, np.zeros(8), *self_state(counts, 31), seed=s)[0] for s in range(40)}
    assert picks and all(S.ACT_SHANGJIA <= a < S.ACT_ANGANG for a in picks) and len(picks) > 1


def test_registry_accepts_names_strings_dicts_and_configs():
    seats = resolve_seats(["greedy", "greedy{pong=always}", {"name": "greedy", "kong": False},
                           StrategyConfig("random")])
    assert [s.label() for s in seats] == ["greedy", "greedy{pong=always}", "greedy{kong=false}", "random"]
    ids, params = seat_arrays(seats)
    assert table_policies(seats) == (GREEDY_POLICY, RANDOM_POLICY)  # slot 0 greedy, slot 1 random
    assert ids.tolist() == [0] * 3 + [1] and params.shape == (4, 8)
    assert params[1, 0] == 1 and params[2, 1] == 0
    assert [s.label() for s in resolve_seats("random")] == ["random"] * 4


@pytest.mark.parametrize("seat, message", [
    ("nosuch", r"unknown strategy 'nosuch' \(valid: .*greedy.*random"),
    ("greedy{speed=3}", r"unknown parameter 'speed' for strategy 'greedy' \(valid: pong, kong"),
    ("greedy{pong=sometimes}", r"bad value 'sometimes' for greedy.pong \(valid: improves, always, never\)"),
    ({"pong": "always"}, "needs a 'name' key"),
    ("greedy{pong}", "expected key=value"),
])
def test_registry_errors_name_the_key_and_the_valid_choices(seat, message):
    with pytest.raises(ValueError, match=message):
        parse_seat(seat)


def test_seats_must_be_four():
    with pytest.raises(ValueError, match="4 strategies"):
        resolve_seats(["greedy"] * 3)
