"""Compiled hand evaluation: shanten, useful-tile masks, waits and completeness from the lookup tables.

Kernels take ``counts`` (``int8[34]``, may be a row view of ``int8[4, 34]``), ``melds`` (fixed melds, 0..4, so
``4 - melds`` sets are needed) and ``tables`` (the named tuple ``sim.core.hand.table_bundles.ComponentTables``
of ``sim.hand_tables.get_tables()``: ``suit_rows`` ``int16[5**9, 10]`` and ``honor_rows`` ``int16[5**7, 10]``,
layout in ``sim.core.hand.table_builder``). Shanten is standard: -1 = complete, 0 = tenpai; it is the fewest
tiles to draw (discarding freely) to complete the hand, minus one. Definitions (regular targets never need a
fifth copy; useful tiles; forms) are documented in ``sim.hand``.
"""
import numpy as np
from numba import njit

FORM_REGULAR = 1    # bitmask of hand forms: 4 sets + pair
FORM_QIDUI = 2      # 七对, concealed only
FORM_SHISANYAO = 4  # 十三幺, concealed only
FORM_ALL = 7

DIST_SHIFT = 9      # packed table entry: distance << 9 | useful ranks (see sim.core.hand.table_builder)
RANK_BITS = 511     # low 9 bits of a packed entry
NO_DISTANCE = 99    # larger than any distance
YAOJIU_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # the 13 幺九/字 kinds


@njit(cache=True, _nrt=False)
def _suit_index(counts, base):
    """Return the base-5 table index of the 9 counts ``counts[base:base+9]``."""
    index = 0
    for r in range(8, -1, -1):
        index = index * 5 + counts[base + r]
    return index


@njit(cache=True, _nrt=False)
def _honor_index(counts):
    """Return the base-5 table index of the 7 honor counts ``counts[27:34]``."""
    index = 0
    for r in range(6, -1, -1):
        index = index * 5 + counts[27 + r]
    return index


@njit(cache=True, _nrt=False)
def _distances(row):
    """Return the 10 distances (tiles to add, index sets*2+pair) of one packed table row, as a tuple."""
    return (row[0] >> DIST_SHIFT, row[1] >> DIST_SHIFT, row[2] >> DIST_SHIFT, row[3] >> DIST_SHIFT,
            row[4] >> DIST_SHIFT, row[5] >> DIST_SHIFT, row[6] >> DIST_SHIFT, row[7] >> DIST_SHIFT,
            row[8] >> DIST_SHIFT, row[9] >> DIST_SHIFT)


@njit(cache=True, _nrt=False)
def _row_distances(table, index):
    """Return the 10 distances of row ``index`` of a packed table, as a tuple (no row view is made)."""
    return (table[index, 0] >> DIST_SHIFT, table[index, 1] >> DIST_SHIFT, table[index, 2] >> DIST_SHIFT,
            table[index, 3] >> DIST_SHIFT, table[index, 4] >> DIST_SHIFT, table[index, 5] >> DIST_SHIFT,
            table[index, 6] >> DIST_SHIFT, table[index, 7] >> DIST_SHIFT, table[index, 8] >> DIST_SHIFT,
            table[index, 9] >> DIST_SHIFT)


@njit(cache=True, _nrt=False)
def _component_mask_at(table, index, shift, others, sets, best):
    """Return ``_component_mask`` of row ``index`` of a packed table (no row view is made)."""
    mask = np.int64(0)
    last = 2 * sets + 1
    for column in range(last + 1):
        entry = table[index, column]
        reaches = (entry >> DIST_SHIFT) + others[last - column] == best
        mask |= np.int64(entry & RANK_BITS) * reaches
    return mask << shift


@njit(cache=True, _nrt=False)
def _min2(x, y):
    """Return the smaller of two integers (a helper that keeps the min trees below readable)."""
    return x if x < y else y


@njit(cache=True, _nrt=False)
def _combine(a, b):
    """Return the 10 distances of two components together (tuples indexed sets*2+pair).

    Entry k is the least a[i] + b[k - i] over splits that never put a pair in both: for even k
    (no pair) only even i, for odd k every i. The minima are taken as balanced trees (short
    dependency chains), which gives the same values as a left-to-right minimum.
    """
    return (
        a[0] + b[0],
        _min2(a[0] + b[1], a[1] + b[0]),
        _min2(a[0] + b[2], a[2] + b[0]),
        _min2(_min2(a[0] + b[3], a[1] + b[2]), _min2(a[2] + b[1], a[3] + b[0])),
        _min2(_min2(a[0] + b[4], a[2] + b[2]), a[4] + b[0]),
        _min2(_min2(_min2(a[0] + b[5], a[1] + b[4]), _min2(a[2] + b[3], a[3] + b[2])),
              _min2(a[4] + b[1], a[5] + b[0])),
        _min2(_min2(a[0] + b[6], a[2] + b[4]), _min2(a[4] + b[2], a[6] + b[0])),
        _min2(_min2(_min2(a[0] + b[7], a[1] + b[6]), _min2(a[2] + b[5], a[3] + b[4])),
              _min2(_min2(a[4] + b[3], a[5] + b[2]), _min2(a[6] + b[1], a[7] + b[0]))),
        _min2(_min2(_min2(a[0] + b[8], a[2] + b[6]), _min2(a[4] + b[4], a[6] + b[2])), a[8] + b[0]),
        _min2(_min2(_min2(_min2(a[0] + b[9], a[1] + b[8]), _min2(a[2] + b[7], a[3] + b[6])),
                    _min2(_min2(a[4] + b[5], a[5] + b[4]), _min2(a[6] + b[3], a[7] + b[2]))),
              _min2(a[8] + b[1], a[9] + b[0])),
    )


@njit(cache=True, _nrt=False)
def _whole_distance(a, b, sets):
    """Return the least a[i] + b[2*sets + 1 - i]: ``sets`` sets and the pair spread over both halves.

    Written out per ``sets`` so every tuple index is a constant; minima as balanced trees.
    """
    if sets == 4:
        return _min2(_min2(_min2(_min2(a[0] + b[9], a[1] + b[8]), _min2(a[2] + b[7], a[3] + b[6])),
                           _min2(_min2(a[4] + b[5], a[5] + b[4]), _min2(a[6] + b[3], a[7] + b[2]))),
                     _min2(a[8] + b[1], a[9] + b[0]))
    if sets == 3:
        return _min2(_min2(_min2(a[0] + b[7], a[1] + b[6]), _min2(a[2] + b[5], a[3] + b[4])),
                     _min2(_min2(a[4] + b[3], a[5] + b[2]), _min2(a[6] + b[1], a[7] + b[0])))
    if sets == 2:
        return _min2(_min2(_min2(a[0] + b[5], a[1] + b[4]), _min2(a[2] + b[3], a[3] + b[2])),
                     _min2(a[4] + b[1], a[5] + b[0]))
    if sets == 1:
        return _min2(_min2(a[0] + b[3], a[1] + b[2]), _min2(a[2] + b[1], a[3] + b[0]))
    return _min2(a[0] + b[1], a[1] + b[0])


@njit(cache=True, _nrt=False)
def _component_mask(row, shift, others, sets, best):
    """Return the int64 useful kinds of one component: the useful ranks of each column (sets*2+pair)
    that, joined with the best of the other three components (``others``), reaches ``best``.

    ``shift`` is the component's first kind index.
    """
    mask = np.int64(0)
    last = 2 * sets + 1
    for column in range(last + 1):
        entry = row[column]
        reaches = (entry >> DIST_SHIFT) + others[last - column] == best
        mask |= np.int64(entry & RANK_BITS) * reaches
    return mask << shift


@njit(cache=True, _nrt=False)
def _rows(counts, tables):
    """Return the packed table rows of the m, p, s and honor components of ``counts``."""
    suit_table = tables.suit_rows
    return (suit_table[_suit_index(counts, 0)], suit_table[_suit_index(counts, 9)],
            suit_table[_suit_index(counts, 18)], tables.honor_rows[_honor_index(counts)])


@njit(cache=True, _nrt=False)
def shanten_regular_k(counts, melds, tables):
    """Return the regular-form shanten (-1 = complete) with ``melds`` fixed melds."""
    suits = tables.suit_rows
    mp = _combine(_row_distances(suits, _suit_index(counts, 0)), _row_distances(suits, _suit_index(counts, 9)))
    sz = _combine(_row_distances(suits, _suit_index(counts, 18)),
                  _row_distances(tables.honor_rows, _honor_index(counts)))
    best = _whole_distance(mp, sz, 4 - melds)
    return best - 1


@njit(cache=True, _nrt=False)
def regular_shanten_mask_k(counts, melds, tables):
    """Return (regular shanten, int64 mask of kinds whose draw lowers it).

    A kind is useful when its rank is useful in its component for some allocation of sets and
    pair that reaches the optimum; each component is checked against the other three combined.
    """
    suits = tables.suit_rows
    honors = tables.honor_rows
    i_m, i_p, i_s, i_z = _suit_index(counts, 0), _suit_index(counts, 9), _suit_index(counts, 18), _honor_index(counts)
    dist_m = _row_distances(suits, i_m)
    dist_p = _row_distances(suits, i_p)
    dist_s = _row_distances(suits, i_s)
    dist_z = _row_distances(honors, i_z)
    mp = _combine(dist_m, dist_p)
    sz = _combine(dist_s, dist_z)
    sets = 4 - melds
    best = _whole_distance(mp, sz, sets)
    mask = _component_mask_at(suits, i_m, 0, _combine(dist_p, sz), sets, best)
    mask |= _component_mask_at(suits, i_p, 9, _combine(dist_m, sz), sets, best)
    mask |= _component_mask_at(suits, i_s, 18, _combine(mp, dist_z), sets, best)
    mask |= _component_mask_at(honors, i_z, 27, _combine(mp, dist_s), sets, best)
    return best - 1, mask


@njit(cache=True, inline='always')
def qidui_tally(count, allow_quad):
    """Return (pairs, singles) that one kind held ``count`` times adds toward 七对: with ``allow_quad`` a quad is
    two pairs (count // 2 pairs, count % 2 singles), else a kind gives at most one pair or one single."""
    c = np.int64(count)
    if allow_quad:
        return c >> 1, c & 1
    if c >= 2:
        return np.int64(1), np.int64(0)
    return np.int64(0), np.int64(1 if c == 1 else 0)


@njit(cache=True, _nrt=False)
def _qidui_counts(counts, allow_quad):
    """Return (pairs, singles): pairs held toward 七对 and kinds where one more tile makes a new pair.

    Two branch-free loops (one per ``allow_quad``) that the compiler can vectorise.
    """
    pairs = 0
    singles = 0
    if allow_quad:
        for k in range(34):
            c = counts[k]
            pairs += c >> 1
            singles += c & 1
    else:
        for k in range(34):
            c = counts[k]
            pairs += 1 if c >= 2 else 0
            singles += 1 if c == 1 else 0
    return pairs, singles


@njit(cache=True, _nrt=False)
def _qidui_distance(pairs, singles):
    """Return the fewest tiles to add to reach seven pairs (a new pair from nothing costs 2)."""
    need = 7 - pairs
    if need <= 0:
        return 0
    if singles >= need:
        return need
    return 2 * need - singles


@njit(cache=True, _nrt=False)
def shanten_qidui_k(counts, allow_quad):
    """Return the 七对 shanten (-1 = complete); a concealed quad is two pairs when ``allow_quad``."""
    pairs, singles = _qidui_counts(counts, allow_quad)
    return _qidui_distance(pairs, singles) - 1


@njit(cache=True, _nrt=False)
def qidui_shanten_mask_k(counts, allow_quad):
    """Return (七对 shanten, int64 mask of kinds whose draw lowers it).

    A single (or, with quads, a triplet) always helps; while the singles cannot cover the
    missing pairs, any new kind (or, with quads, a third copy of a pair) helps too.
    """
    pairs, singles = _qidui_counts(counts, allow_quad)
    need = 7 - pairs
    shanten = _qidui_distance(pairs, singles) - 1
    if need <= 0:
        return shanten, np.int64(0)
    short = singles < need
    mask = np.int64(0)
    for k in range(34):
        c = counts[k]
        odd = (c == 1) | (allow_quad & (c == 3))
        fresh = short & ((c == 0) | (allow_quad & (c == 2)))
        mask |= np.int64(odd | fresh) << k
    return shanten, mask


@njit(cache=True, _nrt=False)
def shanten_shisanyao_k(counts):
    """Return the 十三幺 shanten (-1 = complete)."""
    distinct = 0
    has_pair = 0
    for k in YAOJIU_KINDS:  # branch-free: random hands would mispredict these tests
        c = counts[k]
        distinct += 1 if c >= 1 else 0
        has_pair |= 1 if c >= 2 else 0
    return 13 - distinct - has_pair


@njit(cache=True, _nrt=False)
def shisanyao_shanten_mask_k(counts):
    """Return (十三幺 shanten, int64 mask of kinds whose draw lowers it).

    A missing 幺九/字 kind always helps; without a pair, a held one helps too (it becomes the pair).
    """
    missing = np.int64(0)
    held = np.int64(0)
    has_pair = False
    for k in YAOJIU_KINDS:
        c = counts[k]
        missing |= np.int64(c == 0) << k
        held |= np.int64((c >= 1) & (c < 4)) << k
        has_pair |= c >= 2
    mask = missing if has_pair else missing | held
    return shanten_shisanyao_k(counts), mask


@njit(cache=True, _nrt=False)
def shanten_k(counts, melds, allow_quad, forms, tables):
    """Return the least shanten over the forms in ``forms`` (七对/十三幺 only when melds == 0)."""
    best = NO_DISTANCE
    if forms & FORM_REGULAR:
        best = shanten_regular_k(counts, melds, tables)
    if melds == 0:
        if forms & FORM_QIDUI:
            best = min(best, shanten_qidui_k(counts, allow_quad))
        if forms & FORM_SHISANYAO:
            best = min(best, shanten_shisanyao_k(counts))
    return best


@njit(cache=True, _nrt=False)
def shanten_mask_k(counts, melds, allow_quad, forms, tables):
    """Return (least shanten over ``forms``, int64 union of useful kinds of the forms reaching it)."""
    best = NO_DISTANCE
    mask = np.int64(0)
    if forms & FORM_REGULAR:
        best, mask = regular_shanten_mask_k(counts, melds, tables)
    if melds == 0:
        if forms & FORM_QIDUI:
            s, m = qidui_shanten_mask_k(counts, allow_quad)
            if s < best:
                best, mask = s, m
            elif s == best:
                mask |= m
        if forms & FORM_SHISANYAO:
            s, m = shisanyao_shanten_mask_k(counts)
            if s < best:
                best, mask = s, m
            elif s == best:
                mask |= m
    return best, mask


@njit(cache=True, _nrt=False)
def useful_mask_k(counts, melds, allow_quad, forms, tables):
    """Return int64: bit k set when drawing kind k lowers ``shanten_k`` (a tenpai 3n+1 hand: its waits)."""
    return shanten_mask_k(counts, melds, allow_quad, forms, tables)[1]


@njit(cache=True, _nrt=False)
def waits_mask_k(counts, melds, allow_quad, forms, tables):
    """Return int64: bit k set when kind k completes the 3n+1 hand (0 when not tenpai)."""
    s, mask = shanten_mask_k(counts, melds, allow_quad, forms, tables)
    if s == 0:
        return mask
    return np.int64(0)


@njit(cache=True, _nrt=False)
def complete_forms_k(counts, melds, allow_quad, tables):
    """Return the bitmask of FORM_* in which the 3n+2 hand is complete (0 = not complete)."""
    forms = 0
    if shanten_regular_k(counts, melds, tables) == -1:
        forms |= FORM_REGULAR
    if melds == 0:
        if shanten_qidui_k(counts, allow_quad) == -1:
            forms |= FORM_QIDUI
        if shanten_shisanyao_k(counts) == -1:
            forms |= FORM_SHISANYAO
    return forms
