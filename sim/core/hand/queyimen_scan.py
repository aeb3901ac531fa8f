"""Compiled discard scan under 缺一门 (晋中, RULES §2.4 r13–r16): the shanten and useful kinds of a 3n+2 hand
after each possible discard, in one call.

Same definitions as sim.core.hand.queyimen_kernel (its ``shanten_qym_k`` and ``useful_mask_qym_k`` of the
hand minus one tile, for every candidate kind at once); only the work is shared between the discards.
The regular distance with suit d given up is the three other components combined; a discard changes
one component only, so the component rows and their min-plus combinations are found once:

* a discard in suit c leaves the distance with c given up unchanged (computed once), and with another
  suit d given up joins c's new row with the precomputed combination of the third suit and the honors;
* an honor discard joins the honors' new row with the precomputed combination of each pair of suits.

七对 (per part: three suits and the honors) and 十三幺 (exempt from 缺一门) are updated in constant time
per discard. Useful masks (pass 2) are built only for the discards reaching the least shanten, from
the tight columns of the changed row and the useful kinds of the rest (``_combine_useful``); pass 1
keeps each discard's form distances and the suits given up that reach its regular distance, so pass 2
builds only the masks of the forms and suits that reach the least.
"""
import numpy as np
from numba import njit

from sim.core.hand.discard_scan import (
    ALL_KINDS, NOT_HELD, YAOJIU_MASK, _one_less, _shisanyao_after, _shisanyao_shanten_after, count_bits, count_masks,
    qidui_tallies_after,
)
from sim.core.hand.kernel import (
    qidui_tally,
    DIST_SHIFT, NO_DISTANCE, RANK_BITS, _combine, _component_mask_at, _honor_index, _qidui_distance,
    _row_distances, _suit_index, _whole_distance,
)
from sim.core.hand.regular_after_discard import POWERS_OF_5, ZERO_MASKS, _combine_useful, _row_useful

SUIT_MASKS = (np.int64(511), np.int64(511) << 9, np.int64(511) << 18)  # int64 kinds of 万, 饼, 条


@njit(cache=True, inline='always')
def _part_tallies(counts, base, size, allow_quad):
    """Return (pairs, singles) toward 七对 of the ``size`` kinds from ``base`` (as qidui_distance_qym_k counts)."""
    pairs = 0
    singles = 0
    for k in range(base, base + size):
        c = counts[k]
        pair, single = qidui_tally(c, allow_quad)
        pairs += pair
        singles += single
    return pairs, singles


@njit(cache=True, inline='always')
def _qidui_qym_distance(p0, p1, p2, p3, s0, s1, s2, s3):
    """Return the 七对 distance under 缺一门 from the per-part tallies: the least over the suit given up."""
    pairs = p0 + p1 + p2 + p3
    singles = s0 + s1 + s2 + s3
    return min(_qidui_distance(pairs - p0, singles - s0), _qidui_distance(pairs - p1, singles - s1),
               _qidui_distance(pairs - p2, singles - s2))


@njit(cache=True, inline='always')
def _tallies_after(k, held, allow_quad, pairs, singles):
    """Return the per-part 七对 tallies (pairs, singles: 4-tuples of 万, 饼, 条, honors) after discarding one ``k``
    held ``held`` times, from the hand's ``pairs``/``singles``."""
    change_pairs, change_singles = qidui_tallies_after(0, 0, held, allow_quad)  # the change itself
    part = k // 9 if k < 27 else 3
    return ((pairs[0] + (change_pairs if part == 0 else 0), pairs[1] + (change_pairs if part == 1 else 0),
             pairs[2] + (change_pairs if part == 2 else 0), pairs[3] + (change_pairs if part == 3 else 0)),
            (singles[0] + (change_singles if part == 0 else 0), singles[1] + (change_singles if part == 1 else 0),
             singles[2] + (change_singles if part == 2 else 0), singles[3] + (change_singles if part == 3 else 0)))


@njit(cache=True, _nrt=False)  # compiled once for both 缺一门 scans, not inlined into each
def special_tallies(counts, allow_quad, zeros, twos, threes, fours):
    """Return the hand's 七对 tallies per part as two 4-tuples (pairs, singles of 万, 饼, 条, honors) and its
    十三幺 tallies (幺九 kinds held, 幺九 kinds paired; exempt from 缺一门), from its count masks."""
    p0, s0 = _part_tallies(counts, 0, 9, allow_quad)
    p1, s1 = _part_tallies(counts, 9, 9, allow_quad)
    p2, s2 = _part_tallies(counts, 18, 9, allow_quad)
    p3, s3 = _part_tallies(counts, 27, 7, allow_quad)
    distinct = count_bits(~zeros & ALL_KINDS & YAOJIU_MASK)
    yaojiu_pairs = count_bits((twos | threes | fours) & YAOJIU_MASK)
    return (p0, p1, p2, p3), (s0, s1, s2, s3), distinct, yaojiu_pairs


@njit(cache=True, inline='always')  # once per discard in pass 1: kept inline (out of line cost 晋中 ~10 %)
def special_distances_after(k, held, allow_quad, pairs, singles, distinct, yaojiu_pairs):
    """Return the (七对 under 缺一门, 十三幺) distances of the concealed hand after discarding one ``k`` (held
    ``held`` times); ``pairs``/``singles`` are the per-part 七对 tallies (万, 饼, 条, honors) of the hand and
    ``distinct``/``yaojiu_pairs`` its 十三幺 tallies."""
    pp, ss = _tallies_after(k, held, allow_quad, pairs, singles)
    qidui = _qidui_qym_distance(pp[0], pp[1], pp[2], pp[3], ss[0], ss[1], ss[2], ss[3])
    return qidui, _shisanyao_shanten_after(distinct, yaojiu_pairs, k, held) + 1


@njit(cache=True, _nrt=False)  # compiled once for both 缺一门 scans, not inlined into each
def special_useful_after(k, held, allow_quad, best, qidui, orphans, count_sets, pairs, singles, distinct,
                         yaojiu_pairs):
    """Return the useful kinds of the 七对 (under 缺一门) and 十三幺 forms that reach the distance ``best`` after
    discarding one ``k``: ``qidui``/``orphans`` are those forms' distances after it (special_distances_after),
    ``count_sets`` the hand's (zeros, ones, twos, threes) kind masks and the rest its tallies as there."""
    zeros, ones, twos, threes = count_sets
    mask = np.int64(0)
    if qidui == best:
        z_, o_, t_, h_ = _one_less(zeros, ones, twos, threes, k, held)
        pp, ss = _tallies_after(k, held, allow_quad, pairs, singles)
        all_pairs = pp[0] + pp[1] + pp[2] + pp[3]
        all_singles = ss[0] + ss[1] + ss[2] + ss[3]
        odd = o_ | h_ if allow_quad else o_
        fresh = (z_ | t_) & ALL_KINDS if allow_quad else z_ & ALL_KINDS
        for d in range(3):  # 七对 with suit d given up (the kinds outside it)
            part_pairs = all_pairs - pp[d]
            part_singles = all_singles - ss[d]
            if _qidui_distance(part_pairs, part_singles) != best:
                continue
            kinds = odd | fresh if part_singles < 7 - part_pairs else odd
            mask |= kinds & ~SUIT_MASKS[d] & ALL_KINDS
    if orphans == best:
        mask |= _shisanyao_after(distinct, yaojiu_pairs, k, held, _one_less(zeros, ones, twos, threes, k, held))[1]
    return mask


@njit(cache=True, inline='always')
def least_discard_entry(out_shanten, out_mask, scanned, least, k):
    """Read back and clear pass 1's entry of kind ``k`` (``out_mask[k]`` = regular | 七对 << 8 | 十三幺 << 16 |
    reach << 24, the forms' distances after the discard and the suits given up reaching the regular one);
    return (True when pass 2 builds its useful kinds: scanned, at the least shanten and completable, its
    distance, regular, 七对, 十三幺 distances, reach bits)."""
    target = out_shanten[k]
    packed = out_mask[k]
    out_mask[k] = 0
    wanted = (scanned >> k) & 1 == 1 and target == least and target + 1 < NO_DISTANCE
    return wanted, target + 1, packed & 255, (packed >> 8) & 255, (packed >> 16) & 255, packed >> 24


@njit(cache=True, _nrt=False)
def _regular_mask_kept(suits, honors, idx, dist, combos, keep_a, keep_b, sets, best):
    """Return the useful kinds of the regular form with the suit other than ``keep_a``/``keep_b`` given up
    and the hand's rows unchanged: each of the three kept components against the other two combined."""
    i_z = idx[3]
    dz = dist[3]
    mask = _component_mask_at(suits, idx[keep_a], 9 * keep_a, _combine(dist[keep_b], dz), sets, best)
    mask |= _component_mask_at(suits, idx[keep_b], 9 * keep_b, _combine(dist[keep_a], dz), sets, best)
    mask |= _component_mask_at(honors, i_z, 27, combos, sets, best)
    return mask


@njit(cache=True, _nrt=False)
def _qym_scan(counts, melds, blocked, allow_quad, tables, candidates, out_shanten, out_mask):
    """Fill ``out_shanten``/``out_mask`` for the held kinds in ``candidates`` (masks only for the kinds
    reaching the least shanten, 0 elsewhere; NOT_HELD and 0 for kinds not scanned); return the least
    shanten (NO_DISTANCE when no kind was scanned)."""
    suits = tables.suit_rows
    honors = tables.honor_rows
    i_m, i_p, i_s, i_z = _suit_index(counts, 0), _suit_index(counts, 9), _suit_index(counts, 18), _honor_index(counts)
    dm, dp = _row_distances(suits, i_m), _row_distances(suits, i_p)
    ds, dz = _row_distances(suits, i_s), _row_distances(honors, i_z)
    sets = 4 - melds
    last = 2 * sets + 1
    open_m = blocked & 1 == 0  # 万 may be given up
    open_p = blocked & 2 == 0
    open_s = blocked & 4 == 0
    ps, ms, mp = _combine(dp, ds), _combine(dm, ds), _combine(dm, dp)  # two suits kept (the third given up)
    mz, pz, sz = _combine(dm, dz), _combine(dp, dz), _combine(ds, dz)  # one suit and the honors
    # the distance with one suit given up when the discard is in that suit (the rest unchanged)
    keep_ps = _whole_distance(ps, dz, sets) if open_m else NO_DISTANCE
    keep_ms = _whole_distance(ms, dz, sets) if open_p else NO_DISTANCE
    keep_mp = _whole_distance(mp, dz, sets) if open_s else NO_DISTANCE
    concealed = melds == 0  # 七对 and 十三幺 need a concealed hand
    zeros, ones, twos, threes, fours = count_masks(counts)  # kinds held 0..4 times, bit per kind
    part_pairs, part_singles, distinct, yaojiu_pairs = special_tallies(counts, allow_quad, zeros, twos, threes, fours)
    scanned = ~zeros & ALL_KINDS & candidates
    least = NO_DISTANCE
    for k in range(34):  # pass 1: the distance after each discard (out_mask[k] keeps its regular distance)
        out_mask[k] = NO_DISTANCE
        if (scanned >> k) & 1 == 0:
            out_shanten[k] = NOT_HELD
            continue
        held = counts[k]
        if k < 9:  # the regular distance with each suit given up (d_m, d_p, d_s: 万, 饼, 条)
            row = _row_distances(suits, i_m - POWERS_OF_5[k])
            d_m = keep_ps
            d_p = _whole_distance(row, sz, sets) if open_p else NO_DISTANCE
            d_s = _whole_distance(row, pz, sets) if open_s else NO_DISTANCE
        elif k < 18:
            row = _row_distances(suits, i_p - POWERS_OF_5[k - 9])
            d_m = _whole_distance(row, sz, sets) if open_m else NO_DISTANCE
            d_p = keep_ms
            d_s = _whole_distance(row, mz, sets) if open_s else NO_DISTANCE
        elif k < 27:
            row = _row_distances(suits, i_s - POWERS_OF_5[k - 18])
            d_m = _whole_distance(row, pz, sets) if open_m else NO_DISTANCE
            d_p = _whole_distance(row, mz, sets) if open_p else NO_DISTANCE
            d_s = keep_mp
        else:
            row = _row_distances(honors, i_z - POWERS_OF_5[k - 27])
            d_m = _whole_distance(ps, row, sets) if open_m else NO_DISTANCE
            d_p = _whole_distance(ms, row, sets) if open_p else NO_DISTANCE
            d_s = _whole_distance(mp, row, sets) if open_s else NO_DISTANCE
        regular = min(d_m, d_p, d_s)
        best = regular
        qidui = NO_DISTANCE
        orphans = NO_DISTANCE
        if concealed:
            qidui, orphans = special_distances_after(k, held, allow_quad, part_pairs, part_singles, distinct,
                                                     yaojiu_pairs)
            best = min(best, qidui, orphans)
        reach = (1 if d_m == regular else 0) | (2 if d_p == regular else 0) | (4 if d_s == regular else 0)
        out_mask[k] = regular | (qidui << 8) | (orphans << 16) | (reach << 24)  # the forms' distances, for pass 2
        out_shanten[k] = best - 1
        least = min(least, best - 1)
    idx = (i_m, i_p, i_s, i_z)
    dist = (dm, dp, ds, dz)
    kept_0 = kept_1 = kept_2 = np.int64(-1)  # per suit given up (万, 饼, 条): the regular mask with the rows
    #                                         unchanged (-1 = not yet); three scalars, so the scan allocates nothing
    rest_m = ZERO_MASKS  # [column] useful kinds of 万 and the honors together at mz, once have_mz
    rest_p = ZERO_MASKS  # ... of 饼 and the honors at pz
    rest_s = ZERO_MASKS  # ... of 条 and the honors at sz
    have_mz = False
    have_pz = False
    have_sz = False
    rest_ps = ZERO_MASKS  # [column] useful kinds of 饼 and 条 together at ps, once have_ps (honor discards)
    rest_ms = ZERO_MASKS
    rest_mp = ZERO_MASKS
    have_ps = False
    have_ms = False
    have_mp = False
    for k in range(34):  # pass 2: the useful masks of the least-shanten discards
        wanted, best, regular, qidui, orphans, reach = least_discard_entry(out_shanten, out_mask, scanned, least, k)
        if not wanted:
            continue
        held = counts[k]
        mask = np.int64(0)
        if regular == best:
            if k < 27:
                c = k // 9
                base = 9 * c
                row = idx[c] - POWERS_OF_5[k - base]
                for d in range(3):  # the suit given up
                    if reach & (1 << d) == 0:
                        continue
                    if d == c:  # the changed suit is given up: the other rows are unchanged
                        kept = kept_0 if d == 0 else (kept_1 if d == 1 else kept_2)
                        if kept < 0:
                            dist_kept = keep_ps if d == 0 else (keep_ms if d == 1 else keep_mp)
                            a, b = (1, 2) if d == 0 else ((0, 2) if d == 1 else (0, 1))
                            combos = ps if d == 0 else (ms if d == 1 else mp)
                            kept = (_regular_mask_kept(suits, honors, idx, dist, combos, a, b, sets, dist_kept)
                                    if dist_kept == best else np.int64(0))
                            if d == 0:
                                kept_0 = kept
                            elif d == 1:
                                kept_1 = kept
                            else:
                                kept_2 = kept
                        mask |= kept
                        continue
                    e = 3 - c - d  # the third suit, kept with the changed one and the honors
                    if e == 0:
                        others = mz
                        if not have_mz:
                            rest_m = _combine_useful(dm, _row_useful(suits, i_m, 0), dz, _row_useful(honors, i_z, 27), mz)
                            have_mz = True
                        rest = rest_m
                    elif e == 1:
                        others = pz
                        if not have_pz:
                            rest_p = _combine_useful(dp, _row_useful(suits, i_p, 9), dz, _row_useful(honors, i_z, 27), pz)
                            have_pz = True
                        rest = rest_p
                    else:
                        others = sz
                        if not have_sz:
                            rest_s = _combine_useful(ds, _row_useful(suits, i_s, 18), dz, _row_useful(honors, i_z, 27), sz)
                            have_sz = True
                        rest = rest_s
                    for i in range(last + 1):
                        entry = suits[row, i]
                        m = last - i
                        if (entry >> DIST_SHIFT) + others[m] == best:
                            mask |= (np.int64(entry & RANK_BITS) << base) | rest[m]
            else:
                row = i_z - POWERS_OF_5[k - 27]
                for d in range(3):
                    if reach & (1 << d) == 0:
                        continue
                    if d == 0:
                        others = ps
                        if not have_ps:
                            rest_ps = _combine_useful(dp, _row_useful(suits, i_p, 9), ds, _row_useful(suits, i_s, 18), ps)
                            have_ps = True
                        rest = rest_ps
                    elif d == 1:
                        others = ms
                        if not have_ms:
                            rest_ms = _combine_useful(dm, _row_useful(suits, i_m, 0), ds, _row_useful(suits, i_s, 18), ms)
                            have_ms = True
                        rest = rest_ms
                    else:
                        others = mp
                        if not have_mp:
                            rest_mp = _combine_useful(dm, _row_useful(suits, i_m, 0), dp, _row_useful(suits, i_p, 9), mp)
                            have_mp = True
                        rest = rest_mp
                    for i in range(last + 1):
                        entry = honors[row, i]
                        m = last - i
                        if (entry >> DIST_SHIFT) + others[m] == best:
                            mask |= (np.int64(entry & RANK_BITS) << 27) | rest[m]
        mask |= special_useful_after(k, held, allow_quad, best, qidui, orphans, (zeros, ones, twos, threes),
                                     part_pairs, part_singles, distinct, yaojiu_pairs)
        out_mask[k] = mask
    return least


@njit(cache=True, _nrt=False)
def least_discards_qym_k(counts, melds, blocked, allow_quad, tables, candidates, out_shanten, out_mask):
    """Return the least shanten under 缺一门 over discarding one tile of a held kind in the int64 bitmask
    ``candidates`` (NO_DISTANCE when none is held). Fills ``out_shanten[k]`` (int8[34]) with
    ``shanten_qym_k(counts minus one k, melds, blocked, allow_quad, tables)`` for those kinds (NOT_HELD
    elsewhere) and ``out_mask[k]`` (int64[34]) with its ``useful_mask_qym_k`` for the kinds reaching the
    least shanten (0 elsewhere): at least shanten 0, their waits under 缺一门 (the point limit aside)."""
    return _qym_scan(counts, melds, blocked, allow_quad, tables, candidates, out_shanten, out_mask)
