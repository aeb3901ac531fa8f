"""金华 rules over the engine's state arrays (RULES §3.3 r10–r12, §3.4 r15, §3.5 r16–r20): the bodies the 金华
branches of the variant's hooks (sim/variants/jinhua/hooks.py) call — compiled.

They read and write the core's state (sim.core.state): ``hands`` int8[4, 34], the per-kind meld view ``melds``
int8[4, 34] and ``st`` int64[N_ST] with its meld records (sim.core.melds: type, lowest tile, from-seat; a 碰/杠
record carries the physical kind, a 吃 the lowest kind it shows, a 白板 showing the 财神's face). 金华's own
per-hand fields (the 财神 kind, 过碰 and 吃张打张 masks) are passed in and returned, so the hook branches
decide where they live.
"""
import numpy as np
from numba import njit

from sim.core.codes import MELD_BUGANG, MELD_CHOW, MELD_MINGGANG, MELD_PONG, MONEY_WIN
from sim.core.melds import add_meld, meld_slot
from sim.core.state import MAX_MELDS, REC_FROM, REC_TILE, REC_TYPE, ST_DEALER, ST_FRONT_DRAWS, ST_N_MELDS, ST_REPLACEMENTS
from sim.variants.jinhua._calls import chow_discard_forbidden_k, holder_kind_k, shown_kind_k
from sim.variants.jinhua._reserve import is_last_tile_k
from sim.variants.jinhua._settle import tan_counts_k
from sim.variants.jinhua.wins import settle_jinhua_win_k


@njit(cache=True, _nrt=False)
def pong_kinds_k(st, seat):
    """Return the int64 mask of the physical kinds of ``seat``'s 碰 records (what it may 补杠)."""
    mask = np.int64(0)
    for i in range(st[ST_N_MELDS + seat]):
        slot = meld_slot(seat, i)
        if st[slot + REC_TYPE] == MELD_PONG:
            mask |= np.int64(1) << st[slot + REC_TILE]
    return mask


@njit(cache=True, _nrt=False)
def chows_from_k(st, seat, source):
    """Return how many 吃 records of ``seat`` were taken from ``source``."""
    n = 0
    for i in range(st[ST_N_MELDS + seat]):
        slot = meld_slot(seat, i)
        if st[slot + REC_TYPE] == MELD_CHOW and st[slot + REC_FROM] == source:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def apply_chow_k(hands, melds, st, seat, tile, source, shape, wild):
    """吃 the discard ``tile`` of ``source`` in ``shape`` (0: lowest, 1: middle, 2: highest of the run): take the
    two other tiles from ``seat``'s hand (the 财神's face as a 白板), record the meld (lowest shown kind, fed by
    ``source``) and return the int64 mask of kinds 吃张打张 forbids on the seat's next discard (RULES §3.3 r10,
    r12). The discard must already be out of the river."""
    chows_before = chows_from_k(st, seat, source)
    shown = shown_kind_k(tile, wild)
    low = shown - shape
    for k in range(low, low + 3):
        if k != shown:
            hands[seat, holder_kind_k(k, wild)] -= 1
    add_meld(melds, st, seat, MELD_CHOW, low, source)
    return chow_discard_forbidden_k(tile, 1 << shape, chows_before, wild)


@njit(cache=True, _nrt=True)
def tan_from_records_k(st, kong_counts_tan, tan):
    """Fill ``tan`` (int8[4, 4]; [a, b] = a's 摊 taken from b: 吃, 碰, 补杠 (a grown 碰) and, with
    ``jh_kong_counts_tan``, 明杠) from the meld records; returns nothing (RULES §3.5 r20, A30)."""
    meld_type = np.zeros((4, MAX_MELDS), np.int8)      # [seat, i] MELD_* of each record
    meld_from = np.full((4, MAX_MELDS), -1, np.int8)   # [seat, i] seat it was taken from, -1 = concealed
    n_melds = np.zeros(4, np.int8)                     # [seat] records
    for s in range(4):
        n_melds[s] = st[ST_N_MELDS + s]
        for i in range(n_melds[s]):
            slot = meld_slot(s, i)
            meld_type[s, i] = st[slot + REC_TYPE]
            meld_from[s, i] = st[slot + REC_FROM]
    tan_types = (1 << MELD_CHOW) | (1 << MELD_PONG) | (1 << MELD_BUGANG)
    if kong_counts_tan:
        tan_types |= 1 << MELD_MINGGANG
    tan_counts_k(meld_type, meld_from, n_melds, tan_types, tan)


@njit(cache=True, _nrt=True)
def settle_win_from_state_k(hands, st, money, chengbao, winner, feeder, win_kind, tile, wild, allow_quad, tables,
                            mult_table, reserve, indicator_in_reserve, kong_counts_tan, dealer_double,
                            chengbao_scope):
    """Classify ``winner``'s complete hand (``hands[winner]``, the winning tile included) with its melds from the
    records, pay the win into ``money[MONEY_WIN]`` with 承包 over every seat's records (its changes added to
    ``chengbao`` int32[4]) and return (features, multiplier). 海底 = the winning self-draw took the last live
    tile under the reserve of ``reserve`` tiles (RULES §3.1 r4, §3.4 r15, §3.5 r16–r20)."""
    meld_kinds = np.zeros(MAX_MELDS, np.int8)  # [i] lowest kind of each of the winner's melds
    for i in range(st[ST_N_MELDS + winner]):
        meld_kinds[i] = st[meld_slot(winner, i) + REC_TILE]
    tan = np.zeros((4, 4), np.int8)  # [a, b] a's 摊 taken from b
    tan_from_records_k(st, kong_counts_tan, tan)
    last = is_last_tile_k(st[ST_FRONT_DRAWS], st[ST_REPLACEMENTS], reserve, indicator_in_reserve)
    return settle_jinhua_win_k(hands[winner], meld_kinds, st[ST_N_MELDS + winner], wild, allow_quad, tables,
                               mult_table, winner, feeder, win_kind, tile, last, st[ST_DEALER], tan,
                               dealer_double, chengbao_scope, money[MONEY_WIN], chengbao)
