"""``thirteen_orphans{min_distinct}``: chase 十三幺 with 拾 and one 抢 from a good deal — compiled kernels.

When the seat was dealt at least ``min_distinct`` distinct 幺九/字 kinds (the record column
``yaojiu_start``), or once it has committed by a 拾/抢, it plays for 十三幺 (RULES §1.5):

* self phase: win when it can; discard the tile that leaves the lowest 十三幺 shanten, ties
  broken by the most live useful tiles; 上架 as soon as a discard leaves tenpai (the 上架 tile
  with the most live waits); never kong.
* claims: 胡 when it can; 拾 every missing 幺九/字 kind the 上家 discards; spend its one 抢
  (from any seat) only when the taken tile lets it discard to tenpai; never 碰/杠.

Otherwise it plays ``greedy``. Frozen (拾/抢) kinds may be neither the pair nor the winning
tile (r35), so a concealed copy of a frozen kind counts as a useless tile here.

View: own concealed hand and frozen tiles, what the seat can see (rivers, melds, frozen
tiles of others), the offered tile.

Parameters (``params`` row, float64[8]): [0] pong mode and [1] kong as greedy (used when not
chasing); [2] min_distinct (distinct 幺九/字 kinds dealt needed to chase).
"""
import numpy as np
from numba import njit

from sim.core.hand.kernel import shisanyao_shanten_mask_k
from sim.core.state import (
    ACT_DISCARD, ACT_HU, ACT_PASS, ACT_QIANG, ACT_SHANGJIA, ACT_SHI, ACT_ZIMO, ST_COMMITTED,
    ST_PENDING_TILE, ST_TING, ST_YAOJIU_START,
)
from sim.core.ting import live_copies, visible_counts
from sim.core.slots import hooks  # the variant's 上架/报听 waits (晋中: 缺一门 and the point limit)
from strategies.greedy import greedy_claim, greedy_self

P_MIN_DISTINCT = 2  # params column of min_distinct


@njit(cache=True, _nrt=False)
def chasing(st, seat, params):
    """Return True when the seat plays for 十三幺 (committed, or dealt >= min_distinct 幺九/字 kinds)."""
    return st[ST_COMMITTED + seat] == 1 or st[ST_YAOJIU_START + seat] >= params[P_MIN_DISTINCT]


@njit(cache=True, _nrt=False)
def orphan_counts(hands, frozen, seat, out):
    """Fill ``out`` (int8[34]) with the tiles that can serve a 十三幺 win: concealed tiles plus frozen
    ones, a frozen kind counted once (its concealed copies can be neither the pair nor the win)."""
    for k in range(34):
        if frozen[seat, k] > 0:
            out[k] = 1
        else:
            out[k] = hands[seat, k]


@njit(cache=True, _nrt=True)
def orphan_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, seen):
    """Return the 十三幺-chasing self-phase ACT_* (win, 上架 at tenpai, else the best 十三幺 discard)."""
    if mask[ACT_ZIMO]:
        return ACT_ZIMO
    visible_counts(hands, frozen, melds, rivers, st, seat, seen)
    counts = np.empty(34, dtype=np.int8)  # int8[34]: tiles serving 十三幺 (see orphan_counts)
    orphan_counts(hands, frozen, seat, counts)
    best_shanten = 99
    best_live = -1
    best_tile = -1
    for t in range(34):
        if not mask[ACT_DISCARD + t]:
            continue
        useful_kind = frozen[seat, t] == 0  # a concealed copy of a frozen kind is always junk
        if useful_kind:
            counts[t] -= 1
        shanten, useful = shisanyao_shanten_mask_k(counts)
        if useful_kind:
            counts[t] += 1
        live = live_copies(useful, seen)
        if shanten < best_shanten or (shanten == best_shanten and live > best_live):
            best_shanten = shanten
            best_live = live
            best_tile = t
    if best_shanten == 0:
        best_waits = -1
        best_ting = -1
        for t in range(34):
            if mask[ACT_SHANGJIA + t]:
                hands[seat, t] -= 1
                waits = hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
                hands[seat, t] += 1
                live = live_copies(waits, seen)
                if live > best_waits:
                    best_waits = live
                    best_ting = t
        if best_ting >= 0:
            return ACT_SHANGJIA + best_ting
    if best_tile < 0:
        for t in range(34):
            if mask[ACT_SHANGJIA + t]:
                return ACT_SHANGJIA + t
    return ACT_DISCARD + best_tile


@njit(cache=True, _nrt=True)
def shanten_with(hands, frozen, seat, tile):
    """Return the 十三幺 shanten of the seat's tiles plus ``tile`` taken as a frozen tile (14 tiles:
    0 means one discard leaves tenpai)."""
    counts = np.empty(34, dtype=np.int8)  # int8[34]: tiles serving 十三幺 after taking ``tile``
    orphan_counts(hands, frozen, seat, counts)
    counts[tile] = 1
    shanten, _ = shisanyao_shanten_mask_k(counts)
    return shanten


@njit(cache=True, _nrt=False)
def orphan_claim(hands, frozen, st, mask, seat):
    """Return the 十三幺-chasing answer to the offered tile: 胡, 拾, 抢 (only to reach tenpai) or pass."""
    if mask[ACT_HU]:
        return ACT_HU
    if mask[ACT_SHI]:
        return ACT_SHI
    if mask[ACT_QIANG] and shanten_with(hands, frozen, seat, st[ST_PENDING_TILE]) <= 0:
        return ACT_QIANG
    return ACT_PASS


@njit(cache=True, _nrt=False)
def thirteen_orphans_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen):
    """Return the self-phase ACT_*: 十三幺 chasing when ``chasing``, else greedy (a 上架 seat plays its locked hand)."""
    if st[ST_TING + seat] == 1 or not chasing(st, seat, params):
        return greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
    return orphan_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, seen)


@njit(cache=True, _nrt=False)
def thirteen_orphans_claim(rule_vec, tables, hands, frozen, st, mask, seat, params):
    """Return the claim ACT_*: 十三幺 chasing when ``chasing``, else greedy."""
    if st[ST_TING + seat] == 1 or not chasing(st, seat, params):
        return greedy_claim(rule_vec, tables, hands, st, mask, seat, st[ST_PENDING_TILE], params)
    return orphan_claim(hands, frozen, st, mask, seat)
