"""Compiled discard scan: the shanten and useful kinds of a 3n+2 hand after each possible discard, in one call.

Same definitions, tables and forms as sim.core.hand.kernel (its ``shanten_mask_k`` of the hand minus
one tile, for every kind at once); only the work is shared between the discards. The packed
table rows and the min-plus combinations of the four components (m, p, s, honors) are found
once; a discard looks up only the row of the component it changes and recombines it with the
precomputed rest (``sim.core.hand.regular_after_discard``, the body the 财神 scan shares). 七对 and
十三幺 are updated in constant time per discard from bitmasks of the kinds held 0, 1, 2 and 3 times.
"""
import numpy as np
from numba import njit

from sim.core.hand.kernel import (
    FORM_QIDUI, FORM_REGULAR, FORM_SHISANYAO, NO_DISTANCE, YAOJIU_KINDS, _honor_index, _qidui_distance, _suit_index,
)
from sim.core.hand.regular_after_discard import (  # noqa: F401  (POWERS_OF_5, ZERO_MASKS: read from here too)
    POWERS_OF_5, ZERO_MASKS, component_rows, empty_rest_memo, regular_distance_after, regular_useful_after,
)

NOT_HELD = -1       # out_shanten entry of a kind that was not scanned (not held, or not a candidate)
ALL_KINDS = np.int64((1 << 34) - 1)
YAOJIU_MASK = np.int64(sum(1 << k for k in YAOJIU_KINDS))


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
def qidui_tallies_after(pairs, singles, held, allow_quad):
    """Return the 七对 tallies (pairs, singles) once one of ``held`` copies of a kind leaves a hand with ``pairs``
    and ``singles`` (a quad is two pairs when ``allow_quad``); from (0, 0), the change itself."""
    if allow_quad:
        return pairs + ((held - 1) >> 1) - (held >> 1), singles + ((held - 1) & 1) - (held & 1)
    return pairs - (1 if held == 2 else 0), singles + (1 if held == 2 else 0) - (1 if held == 1 else 0)


@njit(cache=True, inline='always')
def _qidui_after(pairs, singles, held, allow_quad, bitmasks):
    """Return (七对 shanten, useful mask) after removing one of ``held`` copies of a kind.

    ``pairs``/``singles`` are those of the whole hand, ``bitmasks`` the count masks after the removal.
    """
    zeros, ones, twos, threes = bitmasks
    pairs, singles = qidui_tallies_after(pairs, singles, held, allow_quad)
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
    pairs, singles = qidui_tallies_after(pairs, singles, held, allow_quad)
    return _qidui_distance(pairs, singles) - 1


@njit(cache=True, inline='always')
def _shisanyao_shanten_after(distinct, yaojiu_pairs, kind, held):
    """Return the 十三幺 shanten after removing one of ``held`` copies of ``kind``; the shanten part of
    ``_shisanyao_after`` without the mask."""
    if (YAOJIU_MASK >> kind) & 1 == 1:
        distinct -= 1 if held == 1 else 0
        yaojiu_pairs -= 1 if held == 2 else 0
    return 13 - distinct - (1 if yaojiu_pairs > 0 else 0)


@njit(cache=True, _nrt=False)
def _discard_scan(counts, melds, allow_quad, forms, tables, candidates, only_least, out_shanten, out_mask):
    """Fill ``out_shanten``/``out_mask`` for the held kinds in ``candidates``; return their least shanten.

    With ``only_least`` the masks are computed only for the kinds reaching the least shanten
    (0 for the others). Kinds not scanned get NOT_HELD and mask 0. Returns NO_DISTANCE when
    no kind was scanned.

    Pass 1 finds each discard's shanten (regular: the changed component's new row recombined with
    the precomputed other three; 七对/十三幺: constant-time updates of the whole hand's tallies).
    Pass 2 builds the useful mask of each wanted discard as the union over the forms reaching its
    shanten (regular: ``regular_useful_after``, shared with the 财神 scan).
    """
    rows = component_rows(tables.suit_rows, tables.honor_rows, _suit_index(counts, 0), _suit_index(counts, 9),
                          _suit_index(counts, 18), _honor_index(counts))  # the hand's regular-form rows
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
            total = regular_distance_after(rows, k, sets)
            out_mask[k] = total
            best = total - 1
        if qidui:
            best = min(best, _qidui_shanten_after(n_pairs, n_singles, held, allow_quad))
        if shisanyao:
            best = min(best, _shisanyao_shanten_after(distinct, yaojiu_pairs, k, held))
        out_shanten[k] = best
        least = min(least, best)
    memo = empty_rest_memo()  # the regular useful kinds' per-component rests, built as the discards reach them
    for k in range(34):  # pass 2: the useful masks of the wanted discards
        target = out_shanten[k]
        total = out_mask[k]  # the regular distance after the discard (pass 1)
        out_mask[k] = 0
        if (scanned >> k) & 1 == 0 or (only_least and target != least):
            continue
        held = counts[k]
        mask = np.int64(0)
        if total - 1 == target:
            mask, memo = regular_useful_after(rows, k, last, total, memo)
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
