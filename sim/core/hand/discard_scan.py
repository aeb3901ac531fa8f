"""Compiled discard scan: the shanten and useful kinds of a 3n+2 hand after each possible discard, in one call.

Same definitions, tables and forms as sim.core.hand.kernel (its ``shanten_mask_k`` of the hand minus
one tile, for every kind at once); only the work is shared between the discards. The packed
table rows and the min-plus combinations of the four components (m, p, s, honors) are found
once; a discard looks up only the row of the component it changes and recombines it with the
precomputed rest. 七对 and 十三幺 are updated in constant time per discard from bitmasks of
the kinds held 0, 1, 2 and 3 times.
"""
import numpy as np
from numba import njit

from sim.core.hand.kernel import (
    DIST_SHIFT, FORM_QIDUI, FORM_REGULAR, FORM_SHISANYAO, NO_DISTANCE, RANK_BITS, YAOJIU_KINDS, _combine,
    _honor_index, _qidui_distance, _row_distances, _suit_index, _whole_distance,
)

NOT_HELD = -1       # out_shanten entry of a kind that was not scanned (not held, or not a candidate)
ALL_KINDS = np.int64((1 << 34) - 1)
YAOJIU_MASK = np.int64(sum(1 << k for k in YAOJIU_KINDS))
POWERS_OF_5 = (1, 5, 25, 125, 625, 3125, 15625, 78125, 390625)  # table-index step of one tile of rank r


@njit(cache=True, inline='always')
def _one_less(zeros, ones, twos, threes, kind, held):
    """Return the four count bitmasks once one of the ``held`` copies of ``kind`` is removed."""
    bit = np.int64(1) << kind
    if held == 1:
        return zeros | bit, ones & ~bit, twos, threes
    if held == 2:
        return zeros, ones | bit, twos & ~bit, threes
    if held == 3:
        return zeros, ones, twos | bit, threes & ~bit
    return zeros, ones, twos, threes | bit


@njit(cache=True, inline='always')
def _qidui_after(pairs, singles, held, allow_quad, bitmasks):
    """Return (七对 shanten, useful mask) after removing one of ``held`` copies of a kind.

    ``pairs``/``singles`` are those of the whole hand, ``bitmasks`` the count masks after the removal.
    """
    zeros, ones, twos, threes = bitmasks
    if allow_quad:
        pairs += ((held - 1) >> 1) - (held >> 1)
        singles += ((held - 1) & 1) - (held & 1)
    else:
        pairs -= 1 if held == 2 else 0
        singles += (1 if held == 2 else 0) - (1 if held == 1 else 0)
    need = 7 - pairs
    shanten = _qidui_distance(pairs, singles) - 1
    if need <= 0:
        return shanten, np.int64(0)
    odd = ones | threes if allow_quad else ones
    if singles < need:
        odd |= (zeros | twos) & ALL_KINDS if allow_quad else zeros & ALL_KINDS
    return shanten, odd


@njit(cache=True, inline='always')
def _shisanyao_after(distinct, yaojiu_pairs, kind, held, bitmasks):
    """Return (十三幺 shanten, useful mask) after removing one of ``held`` copies of ``kind``.

    ``distinct``/``yaojiu_pairs`` (幺九/字 kinds held at least once / twice) are those of the whole hand.
    """
    zeros, ones, twos, threes = bitmasks
    if (YAOJIU_MASK >> kind) & 1 == 1:
        distinct -= 1 if held == 1 else 0
        yaojiu_pairs -= 1 if held == 2 else 0
    has_pair = yaojiu_pairs > 0
    missing = zeros & YAOJIU_MASK
    mask = missing if has_pair else missing | ((ones | twos | threes) & YAOJIU_MASK)
    return 13 - distinct - (1 if has_pair else 0), mask


@njit(cache=True, inline='always')
def _tight_ranks(table, j, base, pair, total, target):
    """Return the int64 useful kinds of one component (row ``j`` of ``table``, first kind ``base``) over the
    splits of ``total`` (sets*2+pair) between it and ``pair`` (combined distances of two other
    components) whose distance equals ``target``, the optimum of the three for ``total``.

    Splits follow ``_combine``: for an even total only even columns (no pair on either side).
    """
    mask = np.int64(0)
    step = 1 if total & 1 else 2
    for column in range(0, total + 1, step):
        entry = table[j, column]
        reaches = (entry >> DIST_SHIFT) + pair[total - column] == target
        mask |= np.int64(entry & RANK_BITS) * reaches
    return mask << base


@njit(cache=True, inline='always')
def _scan_component(counts, table, index, base, n_ranks, others, table_a, row_a, base_a, pair_a,
                    table_b, row_b, base_b, pair_b, table_c, row_c, base_c, pair_c, sets, candidates, want_mask,
                    only_least, least, special, out_shanten, out_mask, rest_useful):
    """Scan the discards of one component (first kind ``base``, ``n_ranks`` ranks, table row
    ``index``); returns the updated least shanten.

    ``others`` are the combined distances of the three other components; ``table_x``/``row_x``/
    ``base_x`` are the table, row index and first kind of each of them, ``pair_x`` the combined distances of the
    two components other than x and this one. ``sets`` < 0 leaves the regular form out.
    ``special`` = (七对 on, 十三幺 on, allow_quad, the four count bitmasks, pairs, singles,
    distinct 幺九/字 kinds, 幺九/字 pairs) of the whole hand. Pass 1 (``want_mask`` False) fills
    the shanten; pass 2 the masks (with ``only_least`` only where the shanten is ``least``).
    ``rest_useful`` (int64[10]) is scratch: [m] the useful kinds of the other three components when
    given m (sets*2+pair) at their optimum ``others[m]``. A discard here changes only this
    component's distances, so a kind of the others is useful after it exactly when it is in
    ``rest_useful[last - i]`` for an i where the new row reaches the least total (the min-plus
    combination is associative); it is filled lazily, once per m.
    """
    qidui, shisanyao, allow_quad, zeros, ones, twos, threes, n_pairs, n_singles, distinct, yaojiu_pairs = special
    last = 2 * sets + 1
    rest_ready = 0  # bit m set: rest_useful[m] is computed
    for r in range(n_ranks):
        k = base + r
        held = counts[k]
        if held == 0 or (candidates >> k) & 1 == 0:
            out_shanten[k] = NOT_HELD
            out_mask[k] = 0
            continue
        if want_mask and only_least and out_shanten[k] != least:
            out_mask[k] = 0
            continue
        best = NO_DISTANCE
        mask = np.int64(0)
        if sets >= 0:
            row = index - POWERS_OF_5[r]
            best = _whole_distance(_row_distances(table, row), others, sets)
            if want_mask:  # useful: tight columns of the new row, and the rest's useful kinds at what it is left
                for i in range(last + 1):
                    entry = table[row, i]
                    m = last - i
                    if (entry >> DIST_SHIFT) + others[m] == best:
                        if (rest_ready >> m) & 1 == 0:
                            rest_useful[m] = (_tight_ranks(table_a, row_a, base_a, pair_a, m, others[m])
                                              | _tight_ranks(table_b, row_b, base_b, pair_b, m, others[m])
                                              | _tight_ranks(table_c, row_c, base_c, pair_c, m, others[m]))
                            rest_ready |= 1 << m
                        mask |= (np.int64(entry & RANK_BITS) << base) | rest_useful[m]
            best -= 1
        if qidui or shisanyao:
            after = _one_less(zeros, ones, twos, threes, k, held)
            if qidui:
                s, m = _qidui_after(n_pairs, n_singles, held, allow_quad, after)
                if s < best:
                    best, mask = s, m
                elif s == best:
                    mask |= m
            if shisanyao:
                s, m = _shisanyao_after(distinct, yaojiu_pairs, k, held, after)
                if s < best:
                    best, mask = s, m
                elif s == best:
                    mask |= m
        out_shanten[k] = best
        out_mask[k] = mask
        least = min(least, best)
    return least


@njit(cache=True)
def _discard_scan(counts, melds, allow_quad, forms, tables, candidates, only_least, out_shanten, out_mask):
    """Fill ``out_shanten``/``out_mask`` for the held kinds in ``candidates``; return their least shanten.

    With ``only_least`` the masks are computed only for the kinds reaching the least shanten
    (0 for the others). Kinds not scanned get NOT_HELD and mask 0. Returns NO_DISTANCE when
    no kind was scanned.
    """
    suits = tables[0]
    honors = tables[1]
    i_m, i_p, i_s, i_z = _suit_index(counts, 0), _suit_index(counts, 9), _suit_index(counts, 18), _honor_index(counts)
    dm, dp = _row_distances(suits, i_m), _row_distances(suits, i_p)
    ds, dz = _row_distances(suits, i_s), _row_distances(honors, i_z)
    mp, ms, mz = _combine(dm, dp), _combine(dm, ds), _combine(dm, dz)
    ps, pz, sz = _combine(dp, ds), _combine(dp, dz), _combine(ds, dz)
    sets = 4 - melds if forms & FORM_REGULAR != 0 else -1
    zeros = np.int64(0)
    ones = np.int64(0)
    twos = np.int64(0)
    threes = np.int64(0)
    n_pairs = 0
    n_singles = 0
    distinct = 0
    yaojiu_pairs = 0
    if melds == 0 and forms & (FORM_QIDUI | FORM_SHISANYAO) != 0:  # count bitmasks, 七对 and 十三幺 tallies
        for k in range(34):
            c = counts[k]
            bit = np.int64(1) << k
            if c == 0:
                zeros |= bit
                continue
            if c == 1:
                ones |= bit
            elif c == 2:
                twos |= bit
            elif c == 3:
                threes |= bit
            if allow_quad:
                n_pairs += c >> 1
                n_singles += c & 1
            elif c >= 2:
                n_pairs += 1
            else:
                n_singles += 1
            if (YAOJIU_MASK >> k) & 1 == 1:
                distinct += 1
                yaojiu_pairs += 1 if c >= 2 else 0
    special = (melds == 0 and forms & FORM_QIDUI != 0, melds == 0 and forms & FORM_SHISANYAO != 0, allow_quad,
               zeros, ones, twos, threes, n_pairs, n_singles, distinct, yaojiu_pairs)
    least = NO_DISTANCE
    rest_useful = np.empty(10, np.int64)  # scratch of _scan_component
    for want_mask in (False, True):
        if not want_mask and not only_least:
            continue  # every mask is wanted: one pass fills both
        least = _scan_component(counts, suits, i_m, 0, 9, _combine(dp, sz), suits, i_p, 9, sz, suits, i_s, 18, pz,
                                honors, i_z, 27, ps, sets, candidates, want_mask, only_least, least, special,
                                out_shanten, out_mask, rest_useful)
        least = _scan_component(counts, suits, i_p, 9, 9, _combine(dm, sz), suits, i_m, 0, sz, suits, i_s, 18, mz,
                                honors, i_z, 27, ms, sets, candidates, want_mask, only_least, least, special,
                                out_shanten, out_mask, rest_useful)
        least = _scan_component(counts, suits, i_s, 18, 9, _combine(mp, dz), suits, i_m, 0, pz, suits, i_p, 9, mz,
                                honors, i_z, 27, mp, sets, candidates, want_mask, only_least, least, special,
                                out_shanten, out_mask, rest_useful)
        least = _scan_component(counts, honors, i_z, 27, 7, _combine(mp, ds), suits, i_m, 0, ps, suits, i_p, 9, ms,
                                suits, i_s, 18, mp, sets, candidates, want_mask, only_least, least, special,
                                out_shanten, out_mask, rest_useful)
    return least


@njit(cache=True)
def shanten_mask_after_discards_k(counts, melds, allow_quad, forms, tables, out_shanten, out_mask):
    """For each kind held in the 3n+2 hand ``counts``, the shanten and useful mask once one tile
    of it is discarded: ``out_shanten[k]`` (int8[34]) and ``out_mask[k]`` (int64[34]) equal
    ``shanten_mask_k(counts minus one k, melds, allow_quad, forms, tables)``. Kinds not held get
    ``out_shanten`` = NOT_HELD (-1) and ``out_mask`` = 0. Returns the least shanten over the
    held kinds (NO_DISTANCE for an empty hand)."""
    return _discard_scan(counts, melds, allow_quad, forms, tables, ALL_KINDS, False, out_shanten, out_mask)


@njit(cache=True)
def least_discards_k(counts, melds, allow_quad, forms, tables, candidates, out_shanten, out_mask):
    """Return the least shanten over discarding one tile of a held kind in the int64 bitmask
    ``candidates`` (NO_DISTANCE when none is held); fills ``out_shanten`` as
    ``shanten_mask_after_discards_k`` does for those kinds (NOT_HELD elsewhere) and ``out_mask``
    only for the kinds reaching that least shanten (0 elsewhere) — what a least-shanten
    discard choice needs, without the masks of worse discards."""
    return _discard_scan(counts, melds, allow_quad, forms, tables, candidates, True, out_shanten, out_mask)
