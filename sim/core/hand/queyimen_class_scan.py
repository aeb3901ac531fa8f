"""Compiled discard scan under 缺一门 (晋中, RULES §2.4 r13–r16) on the distance-class tables.

Same definitions and outputs as ``sim.core.hand.queyimen_scan`` (the shanten under 缺一门 and useful kinds of a
3n+2 hand after each possible discard); only the route differs, as ``sim.core.hand.class_scan`` differs from
``sim.core.hand.discard_scan``: each component pattern is one class lookup in the scan tables
(``sim.hand_tables.get_scan_tables()``), two suits combine by one lookup in ``class_sums`` and the regular
shanten of two suits with the honors is one lookup in ``regular_shanten``.

* Pass 1: with suit d given up, the regular shanten is that of the two other suits and the honors. A discard
  in suit c leaves the shanten with c given up unchanged (found once) and, with another suit given up, is
  the class of c's new pattern combined with the third suit; an honor discard changes the honors' class only.
* Pass 2 (the least-shanten discards only): for each suit given up that reaches the least regular shanten,
  a kind outside it is useful exactly when drawing it lowers that shanten, so every such draw is tried (a
  draw in the discarded component is its new pattern plus one tile; elsewhere, the component's pattern plus
  one tile, whose classes are found once per call). A kind held four times is never one.

七对 under 缺一门 and 十三幺 (exempt from it) are ``queyimen_scan``'s constant-time updates.
"""
import numpy as np
from numba import njit

from sim.core.hand.class_scan import (
    HONOR_BASE, _drawn_honor_classes, _drawn_suit_classes, _honor_draws_useful, _suit_draws_useful,
    own_honor_draws_useful, own_suit_draws_useful,
)
from sim.core.hand.discard_scan import ALL_KINDS, NOT_HELD, POWERS_OF_5, count_masks
from sim.core.hand.kernel import NO_DISTANCE, _honor_index, _suit_index
from sim.core.hand.queyimen_scan import (
    least_discard_entry, special_distances_after, special_tallies, special_useful_after,
)


@njit(cache=True, _nrt=False)
def _class_qym_scan(counts, melds, blocked, allow_quad, scan_tables, candidates, out_shanten, out_mask):
    """Fill ``out_shanten``/``out_mask`` as ``sim.core.hand.queyimen_scan._qym_scan`` does; return the least
    shanten (NO_DISTANCE when no kind was scanned)."""
    classes = scan_tables.pattern_classes  # [pattern] distance class, suits then honors
    class_sums = scan_tables.class_sums
    regular_shanten = scan_tables.regular_shanten
    index = (_suit_index(counts, 0), _suit_index(counts, 9), _suit_index(counts, 18))  # suit patterns
    i_z = HONOR_BASE + _honor_index(counts)  # the honors' pattern, as an index of ``classes``
    sets = 4 - melds
    regular = regular_shanten[sets]  # [class, honor class] regular shanten with ``sets`` sets and a pair
    is_open = (blocked & 1 == 0, blocked & 2 == 0, blocked & 4 == 0)  # [suit] it may be given up
    suit_class = (np.int64(classes[index[0]]), np.int64(classes[index[1]]), np.int64(classes[index[2]]))
    c_z = np.int64(classes[i_z])
    # [suit d] the two other suits combined, and the distance with d given up while the discard is in d
    kept_pair = (np.int64(class_sums[suit_class[1], suit_class[2]]),
                 np.int64(class_sums[suit_class[0], suit_class[2]]),
                 np.int64(class_sums[suit_class[0], suit_class[1]]))
    keep = (regular[kept_pair[0], c_z] + 1 if is_open[0] else NO_DISTANCE,
            regular[kept_pair[1], c_z] + 1 if is_open[1] else NO_DISTANCE,
            regular[kept_pair[2], c_z] + 1 if is_open[2] else NO_DISTANCE)
    concealed = melds == 0  # 七对 and 十三幺 need a concealed hand
    zeros, ones, twos, threes, fours = count_masks(counts)  # kinds held 0..4 times, bit per kind
    part_pairs, part_singles, distinct, yaojiu_pairs = special_tallies(counts, allow_quad, zeros, twos, threes, fours)
    scanned = ~zeros & ALL_KINDS & candidates
    least = NO_DISTANCE
    for k in range(34):  # pass 1: the distance after each discard (out_mask[k] keeps the forms' distances)
        out_mask[k] = NO_DISTANCE
        if (scanned >> k) & 1 == 0:
            out_shanten[k] = NOT_HELD
            continue
        held = counts[k]
        # the distances with each suit d given up (万, 饼, 条): the discarded suit c's own is kept; any other d keeps
        # c's new class and the third suit, 3 - c - d (suit_class[3 - c] for d = 0, [2 - c] for 1, [1 - c] for 2)
        if k < 27:
            c = k // 9
            changed = np.int64(classes[index[c] - POWERS_OF_5[k - 9 * c]])
            d_0 = keep[0] if c == 0 else (
                regular[class_sums[changed, suit_class[3 - c]], c_z] + 1 if is_open[0] else NO_DISTANCE)
            d_1 = keep[1] if c == 1 else (
                regular[class_sums[changed, suit_class[2 - c]], c_z] + 1 if is_open[1] else NO_DISTANCE)
            d_2 = keep[2] if c == 2 else (
                regular[class_sums[changed, suit_class[1 - c]], c_z] + 1 if is_open[2] else NO_DISTANCE)
            distances = (d_0, d_1, d_2)
        else:
            changed = np.int64(classes[i_z - POWERS_OF_5[k - 27]])
            distances = (regular[kept_pair[0], changed] + 1 if is_open[0] else NO_DISTANCE,
                         regular[kept_pair[1], changed] + 1 if is_open[1] else NO_DISTANCE,
                         regular[kept_pair[2], changed] + 1 if is_open[2] else NO_DISTANCE)
        regular_best = min(distances[0], distances[1], distances[2])
        reach = 0  # the suits given up reaching it, bit per suit
        for d in range(3):
            if distances[d] == regular_best:
                reach |= 1 << d
        best = regular_best
        qidui = NO_DISTANCE
        orphans = NO_DISTANCE
        if concealed:
            qidui, orphans = special_distances_after(k, held, allow_quad, part_pairs, part_singles, distinct,
                                                     yaojiu_pairs)
            best = min(best, qidui, orphans)
        out_mask[k] = regular_best | (qidui << 8) | (orphans << 16) | (reach << 24)  # for pass 2
        out_shanten[k] = best - 1
        least = min(least, best - 1)
    have_drawn = False
    drawn = (np.int64(0), np.int64(0), np.int64(0))  # [suit] its pattern plus one tile of each rank, packed classes
    drawn_z = np.int64(0)                           # the honors' likewise
    # [suit d] the useful kinds with d given up and the discard in d (other components unchanged); -1 = not yet
    kept_masks = (np.int64(-1), np.int64(-1), np.int64(-1))
    for k in range(34):  # pass 2: the useful masks of the least-shanten discards
        wanted, best, regular_best, qidui, orphans, reach = least_discard_entry(out_shanten, out_mask, scanned, least,
                                                                                 k)
        if not wanted:
            continue
        target = best - 1
        held = counts[k]
        mask = np.int64(0)
        if regular_best == best:
            if not have_drawn:
                drawn = (_drawn_suit_classes(classes, counts, 0, index[0]),
                         _drawn_suit_classes(classes, counts, 9, index[1]),
                         _drawn_suit_classes(classes, counts, 18, index[2]))
                drawn_z = _drawn_honor_classes(classes, counts, i_z)
                have_drawn = True
            if k < 27:
                c = k // 9
                base = 9 * c
                row = index[c] - POWERS_OF_5[k - base]  # the discarded suit's pattern after the discard
                changed = np.int64(classes[row])
                for d in range(3):  # the suit given up
                    if reach & (1 << d) == 0:
                        continue
                    a = 1 if d == 0 else 0  # the two suits kept, a < b
                    b = 1 if d == 2 else 2
                    if d == c:  # the discarded suit is given up: the kept components are unchanged
                        if kept_masks[d] < 0:
                            kept = _suit_draws_useful(regular, class_sums, suit_class[b], drawn[a], c_z,
                                                      target) << (9 * a)
                            kept |= _suit_draws_useful(regular, class_sums, suit_class[a], drawn[b], c_z,
                                                       target) << (9 * b)
                            kept |= _honor_draws_useful(regular, kept_pair[d], drawn_z, target) << 27
                            kept_masks = (kept if d == 0 else kept_masks[0], kept if d == 1 else kept_masks[1],
                                          kept if d == 2 else kept_masks[2])
                        mask |= kept_masks[d]
                        continue
                    e = 3 - c - d  # the third suit, kept with the discarded one and the honors
                    own = own_suit_draws_useful(regular, class_sums, classes, counts, k, base, row, suit_class[e], c_z,
                                                target)  # draws in the discarded suit
                    mask |= own << base
                    mask |= _suit_draws_useful(regular, class_sums, changed, drawn[e], c_z, target) << (9 * e)
                    mask |= _honor_draws_useful(regular, class_sums[changed, suit_class[e]], drawn_z, target) << 27
            else:
                row = i_z - POWERS_OF_5[k - 27]  # the honors' pattern after the discard
                changed = np.int64(classes[row])
                for d in range(3):
                    if reach & (1 << d) == 0:
                        continue
                    a = 1 if d == 0 else 0
                    b = 1 if d == 2 else 2
                    mask |= _suit_draws_useful(regular, class_sums, suit_class[b], drawn[a], changed, target) << (9 * a)
                    mask |= _suit_draws_useful(regular, class_sums, suit_class[a], drawn[b], changed, target) << (9 * b)
                    mask |= own_honor_draws_useful(regular, classes, counts, k, row, kept_pair[d], target) << 27
            mask &= ~fours | (np.int64(1) << k)  # a kind held four times cannot be drawn (after the discard, k can)
        mask |= special_useful_after(k, held, allow_quad, best, qidui, orphans, (zeros, ones, twos, threes),
                                     part_pairs, part_singles, distinct, yaojiu_pairs)
        out_mask[k] = mask
    return least


@njit(cache=True, _nrt=False)
def least_discards_qym_class_k(counts, melds, blocked, allow_quad, scan_tables, candidates, out_shanten, out_mask):
    """``sim.core.hand.queyimen_scan.least_discards_qym_k`` on the scan tables (``scan_tables`` =
    ``sim.hand_tables.get_scan_tables()``): returns the least shanten under 缺一门 over the held kinds in the
    int64 bitmask ``candidates`` and fills ``out_shanten`` int8[34] / ``out_mask`` int64[34] exactly as it does."""
    return _class_qym_scan(counts, melds, blocked, allow_quad, scan_tables, candidates, out_shanten, out_mask)
