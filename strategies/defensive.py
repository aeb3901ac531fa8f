"""``defensive{fold_shanten}``: greedy, but folds against a 上架 opponent when far from tenpai — compiled kernels.

Plays as ``greedy`` until some opponent has 上架 while the seat's own shanten (of its hand
before the discard) is at least ``fold_shanten``. Then it folds: it discards the safest tile
and declines 碰/杠. Danger of kind t against one 上架 opponent, lowest first:

* tier 0 — t was discarded face-up since that opponent's 上架 and it did not win (the
  engine's public ``ST_PASSED`` mask; its waits are fixed, so t is not one of them);
* tier 1 — every copy of t is visible to the seat;
* tier 2 — anything else, ordered honors < terminals (1, 9) < 2 and 8 < 3–7, and within a
  class the more copies visible, the safer.

The danger of t is summed over the 上架 opponents; ties go to the discard that keeps the
lower shanten. A seat that has 上架 itself plays its locked hand as greedy does.

View: own concealed hand and melds, who has 上架, the tiles let pass since each 上架 (public),
and what the seat can see (rivers, exposed melds, frozen tiles).

Parameters (``params`` row, float64[8]): [0] pong mode and [1] kong as greedy;
[2] fold_shanten (own shanten from which the seat folds).
"""
import numpy as np
from numba import njit

from sim.core.hand.kernel import shanten_k
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.slots import hooks
from sim.core.state import (
    ACT_DISCARD, ACT_HU, ACT_PASS, ACT_ZIMO, ST_N_MELDS, ST_PASSED, ST_PENDING_TILE, ST_TING,
)
from sim.core.ting import visible_counts
from strategies.greedy import greedy_claim, greedy_self

P_FOLD_SHANTEN = 2   # params column of fold_shanten
TIER_STEP = 20       # danger points per tier (above any within-tier order)


@njit(cache=True, _nrt=False)
def ting_opponents(st, seat):
    """Return how many other seats have 上架."""
    n = 0
    for o in range(4):
        if o != seat and st[ST_TING + o] == 1:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def kind_class(kind):
    """Return the simple danger class of a kind: 0 honor, 1 terminal, 2 two/eight, 3 middle (3–7)."""
    if kind >= 27:
        return 0
    rank = kind % 9
    if rank == 0 or rank == 8:
        return 1
    if rank == 1 or rank == 7:
        return 2
    return 3


@njit(cache=True, _nrt=False)
def danger(st, seat, kind, seen):
    """Return the danger points of discarding ``kind`` (summed over 上架 opponents; lower is safer)."""
    total = 0
    for o in range(4):
        if o == seat or st[ST_TING + o] != 1:
            continue
        if (st[ST_PASSED + o] >> kind) & 1 == 1:
            continue  # tier 0
        if seen[kind] >= 4:
            total += TIER_STEP
        else:
            total += 2 * TIER_STEP + kind_class(kind) * 5 + (4 - seen[kind])
    return total


@njit(cache=True, _nrt=False)
def own_shanten(rule_vec, tables, hands, st, seat):
    """Return the seat's shanten over the forms it may still complete (-1 = complete)."""
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    return shanten_k(hands[seat], st[ST_N_MELDS + seat], allow_quad, hooks.win_forms(rule_vec, st, seat), tables)


@njit(cache=True, _nrt=False)
def folding(rule_vec, tables, hands, st, seat, params):
    """Return True when the seat folds: not 上架 itself, an opponent has 上架, shanten >= fold_shanten."""
    if st[ST_TING + seat] == 1 or ting_opponents(st, seat) == 0:
        return False
    return own_shanten(rule_vec, tables, hands, st, seat) >= params[P_FOLD_SHANTEN]


@njit(cache=True, _nrt=False)
def safest_discard(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, seen):
    """Return the ACT_DISCARD of the least dangerous legal discard, ties to the lower shanten after it."""
    visible_counts(hands, frozen, melds, rivers, st, seat, seen)
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    forms = hooks.win_forms(rule_vec, st, seat)
    n_melds = st[ST_N_MELDS + seat]
    best = np.int64(1) << 40
    best_tile = -1
    for t in range(34):
        if not mask[ACT_DISCARD + t]:
            continue
        hands[seat, t] -= 1
        s = shanten_k(hands[seat], n_melds, allow_quad, forms, tables)
        hands[seat, t] += 1
        score = np.int64(danger(st, seat, t, seen)) * 100 + s
        if score < best:
            best = score
            best_tile = t
    return ACT_DISCARD + best_tile


@njit(cache=True, _nrt=False)
def defensive_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen):
    """Return the self-phase ACT_*: win when possible; the safest discard when folding; else greedy."""
    if mask[ACT_ZIMO]:
        return ACT_ZIMO
    if folding(rule_vec, tables, hands, st, seat, params):
        return safest_discard(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, seen)
    return greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)


@njit(cache=True, _nrt=False)
def defensive_claim(rule_vec, tables, hands, st, mask, seat, params):
    """Return the claim ACT_*: 胡 when possible; pass when folding; else greedy."""
    if mask[ACT_HU]:
        return ACT_HU
    if folding(rule_vec, tables, hands, st, seat, params):
        return ACT_PASS
    return greedy_claim(rule_vec, tables, hands, st, mask, seat, st[ST_PENDING_TILE], params)
