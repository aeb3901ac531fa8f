"""Compiled discard scan on the distance-class tables: ``least_discards_k``'s outputs by class lookups.

Same definitions and outputs as ``sim.core.hand.discard_scan`` (the shanten and useful kinds of a 3n+2
hand after each possible discard); only the route differs. It reads the scan tables
(``sim.hand_tables.get_scan_tables()``: the distance class of every component pattern, one byte each, and
the class-sum and shanten tables of ``shanten_many``, layout in ``sim.core.hand.batch_table_builder``)
instead of the packed distance rows: each component pattern is one class lookup, two classes combine by
one lookup in ``class_sums`` and the regular shanten of the suits' class with the honors' class is one
lookup in ``regular_shanten``.

* Pass 1 (every candidate discard): the three untouched components are combined once per suit, so a
  discard is the class of its suit's new pattern, one combine and one shanten lookup.
* Pass 2 (the least-shanten discards only): a kind is a regular useful kind of the hand after the
  discard exactly when drawing it lowers the regular shanten (the tables' useful ranks of the tight
  columns are those draws, and a kind held four times is never one). So every draw is tried: a draw in
  the discarded suit is its new pattern's class; a draw in another component is that component's
  pattern plus one tile, whose classes are found once per call, combined with the changed suit.

七对 and 十三幺 stay the constant-time updates of ``discard_scan``.

The 晋城 self-phase legal builder (``sim.core.legal.legal_self_scanned``) runs this scan; the hand loop
carries the scan tables to it as their own argument, so no other kernel receives them.
"""
import numpy as np
from numba import njit

from sim.core.hand.discard_scan import (
    ALL_KINDS, NOT_HELD, POWERS_OF_5, _one_less, _qidui_after, _qidui_shanten_after, _shisanyao_after,
    _shisanyao_shanten_after, count_masks, hand_tallies,
)
from sim.core.hand.kernel import FORM_QIDUI, FORM_REGULAR, FORM_SHISANYAO, NO_DISTANCE, _honor_index, _suit_index

MAX_SUIT_CLASSES = 128  # the packing below holds suit class ids 0..127 (the tables have 126)
HONOR_BASE = 5**9       # the scan tables' class array: suit pattern i at [i], honor pattern i at [HONOR_BASE + i]
SUIT_CLASS_BITS = 7     # packed per-rank suit classes: 7 bits each (fewer than 128 suit classes)
SUIT_CLASS_MASK = 127
HONOR_CLASS_BITS = 8    # packed per-rank honor classes: 8 bits each


@njit(cache=True, inline='always')
def _drawn_suit_classes(classes, counts, base, index):
    """Return the classes of the suit pattern ``index`` (counts[base:base+9]) plus one tile of each rank r,
    packed 7 bits per rank (rank r at bit 7r; 0 where the rank is held four times and cannot be drawn);
    ``classes`` is the scan tables' class array."""
    packed = np.int64(0)
    for r in range(9):
        if counts[base + r] < 4:
            packed |= np.int64(classes[index + POWERS_OF_5[r]]) << (SUIT_CLASS_BITS * r)
    return packed


@njit(cache=True, inline='always')
def _drawn_honor_classes(classes, counts, index):
    """Return the classes of the honor pattern at ``index`` of the class array (HONOR_BASE + pattern) plus
    one tile of each honor r, packed 8 bits per honor (0 where it is held four times)."""
    packed = np.int64(0)
    for r in range(7):
        if counts[27 + r] < 4:
            packed |= np.int64(classes[index + POWERS_OF_5[r]]) << (HONOR_CLASS_BITS * r)
    return packed


@njit(cache=True, inline='always')
def _suit_draws_useful(regular, class_sums, others, drawn, honors, target):
    """Return the 9-bit mask of ranks r of an untouched suit whose draw (class ``drawn`` packed per rank) takes
    the regular shanten below ``target``; ``others`` is the class of the two other suits, ``honors`` the
    honors' class, ``regular`` the [class, honor class] shanten table."""
    mask = np.int64(0)
    for r in range(9):
        drawn_class = (drawn >> (SUIT_CLASS_BITS * r)) & SUIT_CLASS_MASK
        mask |= np.int64(regular[class_sums[others, drawn_class], honors] < target) << r
    return mask


@njit(cache=True, inline='always')
def _honor_draws_useful(regular, suits, drawn, target):
    """Return the 7-bit mask of honors r whose draw (class ``drawn`` packed per honor) takes the regular shanten
    below ``target``; ``suits`` is the class of the three suits."""
    mask = np.int64(0)
    for r in range(7):
        mask |= np.int64(regular[suits, (drawn >> (HONOR_CLASS_BITS * r)) & 255] < target) << r
    return mask


@njit(cache=True, inline='always')
def own_suit_draws_useful(regular, class_sums, classes, counts, k, base, row, others, honors, target):
    """Return the 9-bit mask of ranks r of the discarded suit (kinds ``base``..``base`` + 8, one ``k`` discarded)
    whose draw takes the regular shanten below ``target``: ``row`` is the suit's pattern after the discard (the
    discarded rank is held < 4 again), ``others`` the class of the suit(s) kept with it, ``honors`` the honors'
    class. Shared by the plain and the 缺一门 class scans."""
    own = np.int64(0)
    for r in range(9):
        if counts[base + r] - (1 if base + r == k else 0) < 4:
            drawn_class = classes[row + POWERS_OF_5[r]]
            own |= np.int64(regular[class_sums[others, drawn_class], honors] < target) << r
    return own


@njit(cache=True, inline='always')
def own_honor_draws_useful(regular, classes, counts, k, row, suits, target):
    """Return the 7-bit mask of honors r whose draw takes the regular shanten below ``target`` once the honor ``k``
    is discarded: ``row`` is the honors' pattern after it (an index of ``classes``), ``suits`` the class of the suits
    kept. Shared by the plain and the 缺一门 class scans."""
    own = np.int64(0)
    for r in range(7):
        if counts[27 + r] - (1 if 27 + r == k else 0) < 4:
            own |= np.int64(regular[suits, classes[row + POWERS_OF_5[r]]] < target) << r
    return own


@njit(cache=True, _nrt=False)
def _class_scan(counts, melds, allow_quad, forms, scan_tables, candidates, only_least, out_shanten, out_mask):
    """Fill ``out_shanten``/``out_mask`` as ``sim.core.hand.discard_scan._discard_scan`` does; return the least
    shanten over the scanned kinds (NO_DISTANCE when none was scanned)."""
    classes = scan_tables.pattern_classes  # [pattern] distance class, suits then honors
    class_sums = scan_tables.class_sums
    regular_shanten = scan_tables.regular_shanten
    i_m, i_p, i_s = _suit_index(counts, 0), _suit_index(counts, 9), _suit_index(counts, 18)
    i_z = HONOR_BASE + _honor_index(counts)  # the honors' pattern, as an index of ``classes``
    sets = 4 - melds if forms & FORM_REGULAR != 0 else -1
    qidui = melds == 0 and forms & FORM_QIDUI != 0
    shisanyao = melds == 0 and forms & FORM_SHISANYAO != 0
    zeros, ones, twos, threes, fours = count_masks(counts)  # kinds held 0..4 times, bit per kind
    scanned = ~zeros & ALL_KINDS  # kinds held (below: and in candidates), bit per kind
    n_pairs, n_singles, distinct, yaojiu_pairs = hand_tallies(ones, twos, threes, fours, scanned, allow_quad)
    scanned &= candidates
    regular = regular_shanten[max(sets, 0)]  # [class, honor class] regular shanten with ``sets`` sets and a pair
    c_m = np.int64(classes[i_m])
    c_p = np.int64(classes[i_p])
    c_s = np.int64(classes[i_s])
    c_z = np.int64(classes[i_z])
    c_ps = np.int64(class_sums[c_p, c_s])  # the two suits other than m, combined; likewise below
    c_ms = np.int64(class_sums[c_m, c_s])
    c_mp = np.int64(class_sums[c_m, c_p])
    c_mps = np.int64(class_sums[c_mp, c_s])
    least = NO_DISTANCE
    for k in range(34):  # pass 1: the shanten after each discard (out_mask[k] keeps its regular shanten)
        if (scanned >> k) & 1 == 0:
            out_shanten[k] = NOT_HELD
            continue
        held = counts[k]
        best = NO_DISTANCE
        if sets >= 0:
            if k < 9:
                best = regular[class_sums[c_ps, classes[i_m - POWERS_OF_5[k]]], c_z]
            elif k < 18:
                best = regular[class_sums[c_ms, classes[i_p - POWERS_OF_5[k - 9]]], c_z]
            elif k < 27:
                best = regular[class_sums[c_mp, classes[i_s - POWERS_OF_5[k - 18]]], c_z]
            else:
                best = regular[c_mps, classes[i_z - POWERS_OF_5[k - 27]]]
            out_mask[k] = best
        if qidui:
            best = min(best, _qidui_shanten_after(n_pairs, n_singles, held, allow_quad))
        if shisanyao:
            best = min(best, _shisanyao_shanten_after(distinct, yaojiu_pairs, k, held))
        out_shanten[k] = best
        least = min(least, best)
    have_drawn = False
    drawn_m = drawn_p = drawn_s = drawn_z = np.int64(0)  # per component: its pattern plus one tile, packed classes
    # The draws outside the discarded component depend only on that component (its first kind, ``memo_base``), its
    # class after the discard and the shanten to beat: discards alike in all three share ``memo_mask``.
    memo_base = -1
    memo_class = np.int64(-1)
    memo_target = -1
    memo_mask = np.int64(0)
    for k in range(34):  # pass 2: the useful masks of the wanted discards
        target = out_shanten[k]
        regular_after = out_mask[k]  # the regular shanten after the discard (pass 1)
        out_mask[k] = 0
        if (scanned >> k) & 1 == 0 or (only_least and target != least):
            continue
        held = counts[k]
        mask = np.int64(0)
        if sets >= 0 and regular_after == target:
            if not have_drawn:
                drawn_m = _drawn_suit_classes(classes, counts, 0, i_m)
                drawn_p = _drawn_suit_classes(classes, counts, 9, i_p)
                drawn_s = _drawn_suit_classes(classes, counts, 18, i_s)
                drawn_z = _drawn_honor_classes(classes, counts, i_z)
                have_drawn = True
            if k < 27:
                if k < 9:
                    base, index, others, c_a, c_b, drawn_a, drawn_b = 0, i_m, c_ps, c_p, c_s, drawn_p, drawn_s
                elif k < 18:
                    base, index, others, c_a, c_b, drawn_a, drawn_b = 9, i_p, c_ms, c_m, c_s, drawn_m, drawn_s
                else:
                    base, index, others, c_a, c_b, drawn_a, drawn_b = 18, i_s, c_mp, c_m, c_p, drawn_m, drawn_p
                row = index - POWERS_OF_5[k - base]  # the discarded suit's pattern after the discard
                own = own_suit_draws_useful(regular, class_sums, classes, counts, k, base, row, others, c_z, target)
                changed = np.int64(classes[row])
                if base != memo_base or changed != memo_class or target != memo_target:
                    with_a = np.int64(class_sums[changed, c_a])  # the changed suit with one untouched suit
                    with_b = np.int64(class_sums[changed, c_b])
                    # the untouched suits a and b: a lies at the lower base of the two (m < p < s)
                    a_base = 9 if base == 0 else 0
                    b_base = 9 if base == 18 else 18
                    memo_mask = _suit_draws_useful(regular, class_sums, with_b, drawn_a, c_z, target) << a_base
                    memo_mask |= _suit_draws_useful(regular, class_sums, with_a, drawn_b, c_z, target) << b_base
                    memo_mask |= _honor_draws_useful(regular, class_sums[with_a, c_b], drawn_z, target) << 27
                    memo_base, memo_class, memo_target = base, changed, target
                mask = (own << base) | memo_mask
            else:
                row = i_z - POWERS_OF_5[k - 27]  # the honors' pattern after the discard
                own = own_honor_draws_useful(regular, classes, counts, k, row, c_mps, target)
                changed = np.int64(classes[row])
                if memo_base != 27 or changed != memo_class or target != memo_target:
                    memo_mask = _suit_draws_useful(regular, class_sums, c_ps, drawn_m, changed, target)
                    memo_mask |= _suit_draws_useful(regular, class_sums, c_ms, drawn_p, changed, target) << 9
                    memo_mask |= _suit_draws_useful(regular, class_sums, c_mp, drawn_s, changed, target) << 18
                    memo_base, memo_class, memo_target = 27, changed, target
                mask = (own << 27) | memo_mask
            mask &= ~fours | (np.int64(1) << k)  # a kind held four times cannot be drawn (after the discard, k can)
        if qidui or shisanyao:
            after = _one_less(zeros, ones, twos, threes, k, held)
            if qidui:
                s, m_q = _qidui_after(n_pairs, n_singles, held, allow_quad, after)
                if s == target:
                    mask |= m_q
            if shisanyao:
                s, m_y = _shisanyao_after(distinct, yaojiu_pairs, k, held, after)
                if s == target:
                    mask |= m_y
        out_mask[k] = mask
    return least


@njit(cache=True, _nrt=False)
def shanten_mask_after_discards_class_k(counts, melds, allow_quad, forms, scan_tables, out_shanten, out_mask):
    """``sim.core.hand.discard_scan.shanten_mask_after_discards_k`` on the scan tables (``scan_tables`` =
    ``sim.hand_tables.get_scan_tables()``): fills ``out_shanten`` int8[34] and ``out_mask`` int64[34] for every
    held kind and returns the least shanten."""
    return _class_scan(counts, melds, allow_quad, forms, scan_tables, ALL_KINDS, False, out_shanten, out_mask)


@njit(cache=True, _nrt=False)
def least_discards_class_k(counts, melds, allow_quad, forms, scan_tables, candidates, out_shanten, out_mask):
    """``sim.core.hand.discard_scan.least_discards_k`` on the scan tables: returns the least shanten over the
    held kinds in ``candidates`` and fills ``out_shanten`` (NOT_HELD where not scanned) and ``out_mask`` (the
    useful kinds of the least-shanten discards, 0 elsewhere) exactly as it does."""
    return _class_scan(counts, melds, allow_quad, forms, scan_tables, candidates, True, out_shanten, out_mask)
