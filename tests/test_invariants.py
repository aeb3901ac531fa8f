"""Random-play invariants checked after every action (issue 3 item 6; DESIGN.md habits).

The compiled debug loop sim._invariants.play_checked plays hands with the same legal,
strategy and apply kernels as the batch loop and checks after every action: every kind
accounted for (136 tiles), each ledger row sums to zero, river = face-up discards minus
claimed ones, a 上架 tile never offered for a claim (RULES §1.4 r24), waits never change
after 上架 (r26), no win without 上架 (r22), front draws never beyond 70 − 2·kongs
(physical, r11), at most one winner (r20), a 十三幺 win never uses a frozen kind as
pair or winning tile (r35), every winning hand complete, every hand size right.
"""
import numpy as np
import pytest

from sim import kernel_cache

kernel_cache.ensure_fresh()  # recompile stale kernels before the debug loop loads them

from sim import _invariants as inv  # noqa: E402
from sim.hand_tables import get_tables  # noqa: E402
from sim.rules import resolve_rules  # noqa: E402
from strategies.registry import resolve_seats, seat_arrays  # noqa: E402

ERROR_NAMES = {v: k for k, v in vars(inv).items() if k.startswith("ERR_")}


def run_checked(seats, seed, n_hands, **rules):
    ids, params = seat_arrays(resolve_seats(seats))
    stats = np.zeros(8, dtype=np.int64)
    errors = inv.play_checked(resolve_rules("jincheng", **rules).pack(), get_tables(), ids, params,
                              seed, 0, n_hands, stats)
    bad = np.flatnonzero(errors)
    detail = [(int(h), ERROR_NAMES.get(int(errors[h]), int(errors[h]))) for h in bad[:5]]
    return stats, detail


@pytest.mark.slow
def test_invariants_hold_after_every_action_over_20000_mixed_hands():
    stats, broken = run_checked(["random", "greedy", "random", "greedy"], seed=11, n_hands=12_000)
    assert broken == []
    stats2, broken2 = run_checked(["greedy"] * 4, seed=12, n_hands=4_000)
    assert broken2 == []
    orphans = "thirteen_orphans{min_distinct=6}"
    stats3, broken3 = run_checked([orphans, "random", orphans, "greedy"], seed=13, n_hands=4_000)
    assert broken3 == []
    # the runs really exercised wins, 拾/抢, kongs and 十三幺 wins holding frozen tiles
    assert stats[1] + stats2[1] + stats3[1] > 10_000 and stats[3] > 1_000 and stats[4] + stats2[4] > 1_000
    assert stats3[2] > 20


@pytest.mark.parametrize("rules", [
    {"dead_wall_model": "count"},
    {"ting_allow_pong": True, "guo_hu": "restricted"},
    {"rob_angang": True, "bugang_only_on_draw": True, "qiang_requires_shi": True},
    {"allow_empty_ting": True, "qidui_allow_quad": False, "huang_stacks": 3, "stacks_per_kong": 2},
])
def test_invariants_hold_under_rule_variants(rules):
    stats, broken = run_checked(["random", "greedy", "greedy", "random"], seed=5, n_hands=1_500, **rules)
    assert broken == []
    assert stats[1] > 0


def test_checker_catches_a_broken_ledger():
    """The checker can fail: a state whose ledger does not sum to zero is reported."""
    from sim._state import new_state
    wall, hands, frozen, melds, rivers, st, money = new_state()
    money[0, 0] = 1
    tracks = np.zeros(16, dtype=np.int64)
    code = inv.check_state(resolve_rules().pack(), get_tables(), wall, hands, frozen, melds, rivers, st, money,
                           tracks, -1, 0)
    assert code in (inv.ERR_HAND_SIZE, inv.ERR_MONEY_SUM)
    hands[:, 0] = 13  # sizes right (seat 0 acts: 14), tiles wrong
    hands[0, 1] = 1
    code = inv.check_state(resolve_rules().pack(), get_tables(), wall, hands, frozen, melds, rivers, st, money,
                           tracks, -1, 0)
    assert code == inv.ERR_TILE_COUNT
