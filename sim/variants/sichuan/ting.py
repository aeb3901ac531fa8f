"""The wall-end classification of an active player (docs/rules/sichuan.md r71, r72, r76): 花猪, 听牌 with its TMV,
or 未听 — compiled kernels.

``counts`` int8[34] is the seat's concealed 3n+1 hand, ``meld_row`` int8[34] its meld view, ``void`` its declared
suit (-1 under implicit), ``rule_vec`` the packed ``SichuanRules`` vector, ``tables`` the core hand tables. TMV is
in 底. Winners are not classified (r70): ``classify_table_k`` marks them ``SC_CLASS_WON``.
"""
from numba import njit

from sim.variants.sichuan.codes import (
    SC_CLASS_HUAZHU, SC_CLASS_TING, SC_CLASS_WEITING, SC_CLASS_WON, SC_DINGQUE_IMPLICIT,
)
from sim.variants.sichuan.fan import hand_fan_k, hand_value_k
from sim.variants.sichuan.rule_slots import R_SC_DINGQUE
from sim.variants.sichuan.win import N_SUIT_KINDS, holds_void_k, meld_tiles_k, suits_held_k, win_forms_k, wins_with_k


@njit(cache=True, _nrt=False)
def is_huazhu_k(counts, meld_row, void, rule_vec):
    """Return True for a 花猪: a void-suit tile in hand or melds, or all three suits under ``implicit`` (r71)."""
    if rule_vec[R_SC_DINGQUE] == SC_DINGQUE_IMPLICIT:
        return suits_held_k(counts, meld_row) == 7
    return holds_void_k(counts, meld_row, void)


@njit(cache=True, _nrt=False)
def best_wait_fan_k(counts, meld_row, void, rule_vec, tables):
    """Return F*, the highest 番 over the kinds that complete the hand as a win on a discard (r76: the tiles' 番 of
    ``fan.hand_fan_k`` only), or -1 when no kind does. A kind of which hand and melds hold four is no wait (r72);
    tiles seen elsewhere do not matter. ``counts`` is restored."""
    dingque = rule_vec[R_SC_DINGQUE]
    best = -1
    for k in range(N_SUIT_KINDS):
        if counts[k] + meld_tiles_k(meld_row, k) >= 4:
            continue
        if not wins_with_k(counts, meld_row, void, dingque, tables, k):
            continue
        counts[k] += 1
        fan = hand_fan_k(counts, meld_row, win_forms_k(counts, meld_row, tables), rule_vec)[0]
        counts[k] -= 1
        if fan > best:
            best = fan
    return best


@njit(cache=True, _nrt=False)
def classify_k(counts, meld_row, void, rule_vec, tables):
    """Return (class, TMV): ``SC_CLASS_HUAZHU`` (r71; never ready, r16) with 0, ``SC_CLASS_TING`` with
    TMV = 底 × 2^min(F*, cap) (r76), or ``SC_CLASS_WEITING`` with 0."""
    if is_huazhu_k(counts, meld_row, void, rule_vec):
        return SC_CLASS_HUAZHU, 0
    fan = best_wait_fan_k(counts, meld_row, void, rule_vec, tables)
    if fan < 0:
        return SC_CLASS_WEITING, 0
    return SC_CLASS_TING, hand_value_k(fan, rule_vec)


@njit(cache=True, _nrt=False)
def classify_table_k(hands, meld_rows, voids, active, rule_vec, tables, classes, tmvs):
    """Classify the four seats at the wall's end into ``classes`` and ``tmvs`` (int64[4] each; TMV in 底):
    ``hands`` / ``meld_rows`` int8[4, 34], ``voids`` int64[4], ``active`` bool[4] (False = has won: SC_CLASS_WON);
    returns nothing."""
    for s in range(4):
        if not active[s]:
            classes[s], tmvs[s] = SC_CLASS_WON, 0
        else:
            classes[s], tmvs[s] = classify_k(hands[s], meld_rows[s], voids[s], rule_vec, tables)
