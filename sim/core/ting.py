"""Tenpai, waits and visibility as the 晋城 rules need them (RULES §1.4 r23–r27, §1.5 r34–r35) — kernels.

Built on the hand-evaluation kernels (sim.core.hand.kernel); adds only the rule layer:
which forms a seat may still win with, the 十三幺 check with frozen 拾/抢 tiles, the
r27 empty-wait filter, and the copies of each kind a seat can see.
"""
import numpy as np
from numba import njit

from sim.core.hand.class_scan import least_discards_class_k
from sim.core.hand.kernel import FORM_QIDUI, FORM_REGULAR, FORM_SHISANYAO, complete_forms_k, waits_mask_k
from sim.core.rule_layout import R_ALLOW_EMPTY_TING, R_QIDUI_ALLOW_QUAD
from sim.core.state import (
    ACT_SHANGJIA, MELD_ANGANG, MELD_PONG, ST_COMMITTED, ST_N_FROZEN, ST_N_MELDS, ST_RIVER_LEN, YAOJIU_BITS,
)

ALL_KINDS_BITS = np.int64((1 << 34) - 1)


@njit(cache=True, inline='always')
def seat_forms(st, seat):
    """Return the FORM_* bitmask the seat may still complete (committed: 十三幺 only; melds: regular only)."""
    if st[ST_COMMITTED + seat] == 1:
        return FORM_SHISANYAO
    if st[ST_N_MELDS + seat] > 0:
        return FORM_REGULAR
    return FORM_REGULAR | FORM_QIDUI | FORM_SHISANYAO


@njit(cache=True, _nrt=False)
def frozen_shisanyao_waits(concealed, frozen_row):
    """Return the wait mask of a committed 十三幺 seat's 13 tiles (concealed + frozen), r35.

    The duplicated kind must be a concealed pair and the winning kind never a frozen kind.
    """
    missing = -1
    n_missing = 0
    pair = -1
    for k in range(34):
        total = concealed[k] + frozen_row[k]
        if total == 0:
            continue
        if (YAOJIU_BITS >> k) & 1 == 0 or total > 2:
            return np.int64(0)
        if total == 2:
            if pair >= 0 or frozen_row[k] > 0:
                return np.int64(0)
            pair = k
    for k in range(34):
        if (YAOJIU_BITS >> k) & 1 == 1 and concealed[k] + frozen_row[k] == 0:
            missing = k
            n_missing += 1
    if pair < 0 and n_missing == 0:
        mask = np.int64(0)
        for k in range(34):
            if (YAOJIU_BITS >> k) & 1 == 1 and frozen_row[k] == 0:
                mask |= np.int64(1) << k
        return mask
    if pair >= 0 and n_missing == 1:
        return np.int64(1) << missing
    return np.int64(0)


@njit(cache=True, _nrt=False)
def raw_waits(rule_vec, tables, hands, frozen, st, seat):
    """Return the wait mask of the seat's current concealed hand (3k+1 tiles), before the r27 filter."""
    if st[ST_COMMITTED + seat] == 1:
        return frozen_shisanyao_waits(hands[seat], frozen[seat])
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    return waits_mask_k(hands[seat], st[ST_N_MELDS + seat], allow_quad, seat_forms(st, seat), tables)


@njit(cache=True, inline='always')
def owned_copies(hands, frozen, melds, seat, kind):
    """Return copies of ``kind`` the seat holds: concealed + frozen + inside its melds."""
    return hands[seat, kind] + frozen[seat, kind] + meld_copies_seen(melds[seat, kind], True)


@njit(cache=True, _nrt=False)
def shangjia_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return the seat's waits that count for 晋城's 上架 (r27: drop kinds whose 4 copies it holds), as a mask — the
    core's body of the ``ting_waits`` hook, which a variant answers with its own rule (晋中's 报听 waits).

    With ``allow_empty_ting`` the raw waits are returned unfiltered. 0 = not tenpai.
    """
    return drop_owned_waits(rule_vec, hands, frozen, melds, seat, raw_waits(rule_vec, tables, hands, frozen, st, seat))


@njit(cache=True, _nrt=False)
def drop_owned_waits(rule_vec, hands, frozen, melds, seat, waits):
    """Return the int64 ``waits`` of the seat's current hand without the kinds whose 4 copies it
    holds (r27), or ``waits`` unchanged under ``allow_empty_ting``."""
    if waits == 0 or rule_vec[R_ALLOW_EMPTY_TING] == 1:
        return waits
    for k in range(34):
        if (waits >> k) & 1 == 1 and owned_copies(hands, frozen, melds, seat, k) >= 4:
            waits &= ~(np.int64(1) << k)
    return waits


@njit(cache=True, inline='always')
def mark_scanned_tenpai(rule_vec, hands, frozen, melds, seat, after_shanten, after_useful, mask):
    """Set ACT_SHANGJIA + t in ``mask`` for each scanned discard t of shanten 0 whose useful kinds (its raw
    waits) still leave 上架 waits once the seat's own copies are dropped; returns how many were set."""
    n = 0
    for t in range(34):
        if after_shanten[t] == 0:
            hands[seat, t] -= 1
            waits = drop_owned_waits(rule_vec, hands, frozen, melds, seat, after_useful[t])
            hands[seat, t] += 1
            if waits != 0:
                mask[ACT_SHANGJIA + t] = True
                n += 1
    return n


@njit(cache=True, inline='always')  # inlined: 晋城's self phase runs it at every greedy decision
def scanned_tenpai_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after_shanten,
                         after_useful, mask):
    """Run the class-table discard scan of the seat's hand over the kinds of ``candidates`` (int64 bit set) into
    ``after_shanten`` int8[34] / ``after_useful`` int64[34] (``least_discards_k``'s outputs) and, when its least
    shanten is <= 0, set the 上架 marks as ``mark_scanned_tenpai``; returns (the least shanten, the marks set).
    ``scan_tables`` = ``sim.hand_tables.get_scan_tables()``."""
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    least = least_discards_class_k(hands[seat], st[ST_N_MELDS + seat], allow_quad, seat_forms(st, seat),
                                   scan_tables, candidates, after_shanten, after_useful)
    marked = 0
    if least <= 0:  # what can_shangjia_some finds: the 14-tile shanten is <= 0
        marked = mark_scanned_tenpai(rule_vec, hands, frozen, melds, seat, after_shanten, after_useful, mask)
    return least, marked


@njit(cache=True, _nrt=False)
def win_shape_forms(rule_vec, tables, hands, frozen, st, seat):
    """Return the FORM_* bits complete in the seat's concealed hand (3k+2 tiles, winning tile included)."""
    if st[ST_COMMITTED + seat] == 1:
        return FORM_SHISANYAO  # the waits already enforce r35
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    return complete_forms_k(hands[seat], st[ST_N_MELDS + seat], allow_quad, tables) & seat_forms(st, seat)


@njit(cache=True, inline='always')
def meld_copies_seen(code, own):
    """Return the copies of a meld's kind visible to a seat: 3 for a 碰, 4 for an exposed kong,
    4 for a 暗杠 only when it is the seat's own (others' 暗杠 lie face down), 0 without a meld."""
    if code == MELD_PONG:
        return 3
    if code == MELD_ANGANG:
        return 4 if own else 0
    if code != 0:
        return 4
    return 0


@njit(cache=True, _nrt=False)
def visible_counts(hands, frozen, melds, rivers, st, seat, out):
    """Fill ``out`` (int8[34]) with the copies of each kind the seat can see; returns nothing.

    Seen: own concealed tiles, every frozen tile, every meld as ``meld_copies_seen`` says,
    and every river. Seats without frozen tiles or melds (per their st counters) are skipped.
    """
    for k in range(34):
        out[k] = hands[seat, k]
    for s in range(4):
        if st[ST_N_FROZEN + s] > 0:
            for k in range(34):
                out[k] += frozen[s, k]
        if st[ST_N_MELDS + s] > 0:
            for k in range(34):
                out[k] += meld_copies_seen(melds[s, k], s == seat)
        for i in range(st[ST_RIVER_LEN + s]):
            out[rivers[s, i]] += 1


@njit(cache=True, inline='always')
def live_copies(mask, seen):
    """Return the number of unseen copies (4 − seen) summed over the kinds in ``mask``."""
    total = 0
    for k in range(34):
        if (mask >> k) & 1 == 1:
            left = 4 - seen[k]
            if left > 0:
                total += left
    return total


@njit(cache=True, _nrt=False)
def live_planes(seen):
    """Return int64 bitmasks (ones, twos, fours) of the binary digits of each kind's unseen copies
    max(4 − seen, 0), so ``live_copies_in`` can sum them over a mask without a loop."""
    ones = np.int64(0)
    twos = np.int64(0)
    fours = np.int64(0)
    for k in range(34):
        left = 4 - seen[k]
        if left > 0:
            bit = np.int64(1) << k
            if left & 1:
                ones |= bit
            if left & 2:
                twos |= bit
            if left & 4:
                fours |= bit
    return ones, twos, fours


@njit(cache=True, inline='always')
def count_bits(x):
    """Return the number of set bits of a non-negative int64 below 2**40."""
    x = x - ((x >> 1) & 0x5555555555)
    x = (x & 0x3333333333) + ((x >> 2) & 0x3333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F
    return (x + (x >> 8) + (x >> 16) + (x >> 24) + (x >> 32)) & 0xFF


@njit(cache=True, inline='always')
def live_copies_in(mask, planes):
    """Return ``live_copies(mask, seen)`` from ``planes = live_planes(seen)``: unseen copies summed over ``mask``."""
    ones, twos, fours = planes
    return count_bits(mask & ones) + 2 * count_bits(mask & twos) + 4 * count_bits(mask & fours)
