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
ZERO_MASKS = (np.int64(0),) * 10  # 10 empty useful-kind masks (indexed sets*2+pair)


@njit(cache=True, inline='always')
def count_bits(x):
    """Return the number of set bits of a non-negative int64 below 2**40 (same as sim._ting.count_bits)."""
    x = x - ((x >> 1) & 0x5555555555)
    x = (x & 0x3333333333) + ((x >> 2) & 0x3333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F
    return (x + (x >> 8) + (x >> 16) + (x >> 24) + (x >> 32)) & 0xFF


@njit(cache=True, inline='always')
def count_masks(counts):
    """Return (zeros, ones, twos, threes, fours): the int64 bit sets (bit per kind) of the kinds ``counts`` holds
    0, 1, 2, 3 and 4 times, built branch-free."""
    zeros = np.int64(0)
    ones = np.int64(0)
    twos = np.int64(0)
    threes = np.int64(0)
    fours = np.int64(0)
    for k in range(34):
        c = counts[k]
        bit = np.int64(1) << k
        zeros |= bit if c == 0 else np.int64(0)
        ones |= bit if c == 1 else np.int64(0)
        twos |= bit if c == 2 else np.int64(0)
        threes |= bit if c == 3 else np.int64(0)
        fours |= bit if c == 4 else np.int64(0)
    return zeros, ones, twos, threes, fours


@njit(cache=True, inline='always')
def hand_tallies(ones, twos, threes, fours, held, allow_quad):
    """Return the 七对 and 十三幺 tallies of a hand from ``count_masks``' sets and ``held`` (its kinds held, bit
    per kind): (pairs toward 七对 (a quad is two when ``allow_quad``), kinds one tile short of a new pair,
    幺九/字 kinds held, 幺九/字 kinds held twice or more)."""
    paired = twos | threes | fours
    if allow_quad:
        n_pairs = count_bits(twos | threes) + 2 * count_bits(fours)
        n_singles = count_bits(ones | threes)
    else:
        n_pairs = count_bits(paired)
        n_singles = count_bits(ones)
    return n_pairs, n_singles, count_bits(held & YAOJIU_MASK), count_bits(paired & YAOJIU_MASK)


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
def _qidui_shanten_after(pairs, singles, held, allow_quad):
    """Return the 七对 shanten after removing one of ``held`` copies of a kind (``pairs``/``singles``
    those of the whole hand); the shanten part of ``_qidui_after`` without the mask."""
    if allow_quad:
        pairs += ((held - 1) >> 1) - (held >> 1)
        singles += ((held - 1) & 1) - (held & 1)
    else:
        pairs -= 1 if held == 2 else 0
        singles += (1 if held == 2 else 0) - (1 if held == 1 else 0)
    return _qidui_distance(pairs, singles) - 1


@njit(cache=True, inline='always')
def _shisanyao_shanten_after(distinct, yaojiu_pairs, kind, held):
    """Return the 十三幺 shanten after removing one of ``held`` copies of ``kind``; the shanten part of
    ``_shisanyao_after`` without the mask."""
    if (YAOJIU_MASK >> kind) & 1 == 1:
        distinct -= 1 if held == 1 else 0
        yaojiu_pairs -= 1 if held == 2 else 0
    return 13 - distinct - (1 if yaojiu_pairs > 0 else 0)


@njit(cache=True, inline='always')
def _pick(dist_a, useful_a, dist_b, useful_b, target):
    """Return ``useful_a | useful_b`` when ``dist_a + dist_b`` reaches ``target``, else 0."""
    return (useful_a | useful_b) if dist_a + dist_b == target else np.int64(0)


@njit(cache=True, _nrt=False)
def _row_useful(table, index, base):
    """Return the 10 useful-kind masks (int64, kind bits from ``base``) of row ``index`` of a packed table."""
    return ((np.int64(table[index, 0] & RANK_BITS) << base), (np.int64(table[index, 1] & RANK_BITS) << base),
            (np.int64(table[index, 2] & RANK_BITS) << base), (np.int64(table[index, 3] & RANK_BITS) << base),
            (np.int64(table[index, 4] & RANK_BITS) << base), (np.int64(table[index, 5] & RANK_BITS) << base),
            (np.int64(table[index, 6] & RANK_BITS) << base), (np.int64(table[index, 7] & RANK_BITS) << base),
            (np.int64(table[index, 8] & RANK_BITS) << base), (np.int64(table[index, 9] & RANK_BITS) << base))


@njit(cache=True, _nrt=False)
def _combine_useful(a, au, b, bu, c):
    """Return the 10 useful-kind masks of two parts together (tuples indexed sets*2+pair).

    ``a``/``b`` are the parts' distances, ``au``/``bu`` their useful masks, ``c`` = ``_combine(a, b)``.
    Entry k ORs ``au[i] | bu[k - i]`` over the splits of ``_combine`` (no pair in both) that reach
    ``c[k]``. Nested, it gives the useful kinds of three components: a kind of one of them is in
    entry k exactly when some split of k among the three that reaches the optimum uses a tight
    column of it (the min-plus combination is associative).
    """
    return (
        _pick(a[0], au[0], b[0], bu[0], c[0]),
        _pick(a[0], au[0], b[1], bu[1], c[1]) | _pick(a[1], au[1], b[0], bu[0], c[1]),
        _pick(a[0], au[0], b[2], bu[2], c[2]) | _pick(a[2], au[2], b[0], bu[0], c[2]),
        (_pick(a[0], au[0], b[3], bu[3], c[3]) | _pick(a[1], au[1], b[2], bu[2], c[3]) |
         _pick(a[2], au[2], b[1], bu[1], c[3]) | _pick(a[3], au[3], b[0], bu[0], c[3])),
        (_pick(a[0], au[0], b[4], bu[4], c[4]) | _pick(a[2], au[2], b[2], bu[2], c[4]) |
         _pick(a[4], au[4], b[0], bu[0], c[4])),
        (_pick(a[0], au[0], b[5], bu[5], c[5]) | _pick(a[1], au[1], b[4], bu[4], c[5]) |
         _pick(a[2], au[2], b[3], bu[3], c[5]) | _pick(a[3], au[3], b[2], bu[2], c[5]) |
         _pick(a[4], au[4], b[1], bu[1], c[5]) | _pick(a[5], au[5], b[0], bu[0], c[5])),
        (_pick(a[0], au[0], b[6], bu[6], c[6]) | _pick(a[2], au[2], b[4], bu[4], c[6]) |
         _pick(a[4], au[4], b[2], bu[2], c[6]) | _pick(a[6], au[6], b[0], bu[0], c[6])),
        (_pick(a[0], au[0], b[7], bu[7], c[7]) | _pick(a[1], au[1], b[6], bu[6], c[7]) |
         _pick(a[2], au[2], b[5], bu[5], c[7]) | _pick(a[3], au[3], b[4], bu[4], c[7]) |
         _pick(a[4], au[4], b[3], bu[3], c[7]) | _pick(a[5], au[5], b[2], bu[2], c[7]) |
         _pick(a[6], au[6], b[1], bu[1], c[7]) | _pick(a[7], au[7], b[0], bu[0], c[7])),
        (_pick(a[0], au[0], b[8], bu[8], c[8]) | _pick(a[2], au[2], b[6], bu[6], c[8]) |
         _pick(a[4], au[4], b[4], bu[4], c[8]) | _pick(a[6], au[6], b[2], bu[2], c[8]) |
         _pick(a[8], au[8], b[0], bu[0], c[8])),
        (_pick(a[0], au[0], b[9], bu[9], c[9]) | _pick(a[1], au[1], b[8], bu[8], c[9]) |
         _pick(a[2], au[2], b[7], bu[7], c[9]) | _pick(a[3], au[3], b[6], bu[6], c[9]) |
         _pick(a[4], au[4], b[5], bu[5], c[9]) | _pick(a[5], au[5], b[4], bu[4], c[9]) |
         _pick(a[6], au[6], b[3], bu[3], c[9]) | _pick(a[7], au[7], b[2], bu[2], c[9]) |
         _pick(a[8], au[8], b[1], bu[1], c[9]) | _pick(a[9], au[9], b[0], bu[0], c[9])),
    )


@njit(cache=True, _nrt=False)
def _discard_scan(counts, melds, allow_quad, forms, tables, candidates, only_least, out_shanten, out_mask):
    """Fill ``out_shanten``/``out_mask`` for the held kinds in ``candidates``; return their least shanten.

    With ``only_least`` the masks are computed only for the kinds reaching the least shanten
    (0 for the others). Kinds not scanned get NOT_HELD and mask 0. Returns NO_DISTANCE when
    no kind was scanned.

    Pass 1 finds each discard's shanten (regular: the changed component's new row recombined with
    the precomputed other three; 七对/十三幺: constant-time updates of the whole hand's tallies).
    Pass 2 builds the useful mask of each wanted discard as the union over the forms reaching its
    shanten. Regular: the useful ranks of the tight columns i of the new row, plus the useful
    kinds of the other three components at what they are then left, m = last - i; those depend
    only on the component and m, so they are built once per component (``_combine_useful``).
    """
    suits = tables[0]
    honors = tables[1]
    i_m, i_p, i_s, i_z = _suit_index(counts, 0), _suit_index(counts, 9), _suit_index(counts, 18), _honor_index(counts)
    dm, dp = _row_distances(suits, i_m), _row_distances(suits, i_p)
    ds, dz = _row_distances(suits, i_s), _row_distances(honors, i_z)
    mp, sz = _combine(dm, dp), _combine(ds, dz)
    others_m, others_p = _combine(dp, sz), _combine(dm, sz)  # [m] the three other components given m
    others_s, others_z = _combine(mp, dz), _combine(mp, ds)
    sets = 4 - melds if forms & FORM_REGULAR != 0 else -1
    last = 2 * sets + 1
    qidui = melds == 0 and forms & FORM_QIDUI != 0
    shisanyao = melds == 0 and forms & FORM_SHISANYAO != 0
    zeros, ones, twos, threes, fours = count_masks(counts)  # kinds held 0..4 times, bit per kind
    scanned = ~zeros & ALL_KINDS  # kinds held (below: and in candidates), bit per kind
    n_pairs, n_singles, distinct, yaojiu_pairs = hand_tallies(ones, twos, threes, fours, scanned, allow_quad)
    scanned &= candidates
    least = NO_DISTANCE
    for k in range(34):  # pass 1: the shanten after each discard (out_mask[k] keeps its regular distance)
        out_mask[k] = NO_DISTANCE
        if (scanned >> k) & 1 == 0:
            out_shanten[k] = NOT_HELD
            continue
        held = counts[k]
        best = NO_DISTANCE
        if sets >= 0:
            if k < 9:
                total = _whole_distance(_row_distances(suits, i_m - POWERS_OF_5[k]), others_m, sets)
            elif k < 18:
                total = _whole_distance(_row_distances(suits, i_p - POWERS_OF_5[k - 9]), others_p, sets)
            elif k < 27:
                total = _whole_distance(_row_distances(suits, i_s - POWERS_OF_5[k - 18]), others_s, sets)
            else:
                total = _whole_distance(_row_distances(honors, i_z - POWERS_OF_5[k - 27]), others_z, sets)
            out_mask[k] = total
            best = total - 1
        if qidui:
            best = min(best, _qidui_shanten_after(n_pairs, n_singles, held, allow_quad))
        if shisanyao:
            best = min(best, _shisanyao_shanten_after(distinct, yaojiu_pairs, k, held))
        out_shanten[k] = best
        least = min(least, best)
    rest = ZERO_MASKS  # [m] useful kinds of the three components other than ``component`` given m (see above)
    component = -1
    rest_sz = ZERO_MASKS  # [m] useful kinds of s and honors together at sz[m], once have_sz
    rest_mp = ZERO_MASKS  # [m] useful kinds of m and p together at mp[m], once have_mp
    have_sz = False
    have_mp = False
    for k in range(34):  # pass 2: the useful masks of the wanted discards
        target = out_shanten[k]
        total = out_mask[k]  # the regular distance after the discard (pass 1)
        out_mask[k] = 0
        if (scanned >> k) & 1 == 0 or (only_least and target != least):
            continue
        held = counts[k]
        mask = np.int64(0)
        if total - 1 == target:
            if k < 9:
                c, table, base, row, others = 0, suits, 0, i_m - POWERS_OF_5[k], others_m
            elif k < 18:
                c, table, base, row, others = 1, suits, 9, i_p - POWERS_OF_5[k - 9], others_p
            elif k < 27:
                c, table, base, row, others = 2, suits, 18, i_s - POWERS_OF_5[k - 18], others_s
            else:
                c, table, base, row, others = 3, honors, 27, i_z - POWERS_OF_5[k - 27], others_z
            if c != component:  # components come in order: each one's rest is built once
                component = c
                if c <= 1:
                    if not have_sz:
                        rest_sz = _combine_useful(ds, _row_useful(suits, i_s, 18), dz, _row_useful(honors, i_z, 27), sz)
                        have_sz = True
                    if c == 0:
                        rest = _combine_useful(dp, _row_useful(suits, i_p, 9), sz, rest_sz, others_m)
                    else:
                        rest = _combine_useful(dm, _row_useful(suits, i_m, 0), sz, rest_sz, others_p)
                else:
                    if not have_mp:
                        rest_mp = _combine_useful(dm, _row_useful(suits, i_m, 0), dp, _row_useful(suits, i_p, 9), mp)
                        have_mp = True
                    if c == 2:
                        rest = _combine_useful(mp, rest_mp, dz, _row_useful(honors, i_z, 27), others_s)
                    else:
                        rest = _combine_useful(mp, rest_mp, ds, _row_useful(suits, i_s, 18), others_z)
            for i in range(last + 1):
                entry = table[row, i]
                m = last - i
                if (entry >> DIST_SHIFT) + others[m] == total:
                    mask |= (np.int64(entry & RANK_BITS) << base) | rest[m]
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
def shanten_mask_after_discards_k(counts, melds, allow_quad, forms, tables, out_shanten, out_mask):
    """For each kind held in the 3n+2 hand ``counts``, the shanten and useful mask once one tile
    of it is discarded: ``out_shanten[k]`` (int8[34]) and ``out_mask[k]`` (int64[34]) equal
    ``shanten_mask_k(counts minus one k, melds, allow_quad, forms, tables)``. Kinds not held get
    ``out_shanten`` = NOT_HELD (-1) and ``out_mask`` = 0. Returns the least shanten over the
    held kinds (NO_DISTANCE for an empty hand)."""
    return _discard_scan(counts, melds, allow_quad, forms, tables, ALL_KINDS, False, out_shanten, out_mask)


@njit(cache=True, _nrt=False)
def least_discards_k(counts, melds, allow_quad, forms, tables, candidates, out_shanten, out_mask):
    """Return the least shanten over discarding one tile of a held kind in the int64 bitmask
    ``candidates`` (NO_DISTANCE when none is held); fills ``out_shanten`` as
    ``shanten_mask_after_discards_k`` does for those kinds (NOT_HELD elsewhere) and ``out_mask``
    only for the kinds reaching that least shanten (0 elsewhere) — what a least-shanten
    discard choice needs, without the masks of worse discards."""
    return _discard_scan(counts, melds, allow_quad, forms, tables, candidates, True, out_shanten, out_mask)
