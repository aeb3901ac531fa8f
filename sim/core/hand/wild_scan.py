"""Compiled discard scan with 财神 wilds (金华, RULES §3.2 r5–r7, §3.4 r15): the shanten and useful kinds of a
3n+2 hand after each possible discard, in one call.

Same definitions, tables and forms as sim.core.hand.wild_kernel (its ``shanten_wild_k`` and
``useful_mask_wild_k`` of the hand minus one tile, for every candidate kind at once); only the work is
shared between the discards. The hand is relabelled once (wilds out, 白板 as the 财神's face); a discard
then changes one natural kind (a 白板 the face's kind, a 财神 none: one wild less), so:

* **regular**: the four components' table rows and their min-plus combinations are found once; a discard
  looks up only the row of the component it changes and recombines it with the precomputed other three;
  its distance with the wilds is ``max(0, D - w)``;
* **七对**: the whole hand's pairs and singles are updated in constant time per discard;
* **七风/十四不靠**: its distance depends only on the honors missing, the natural suited ranks held, the 白板 and
  the wilds (``knitted_parts_k``), which a discard changes in constant time; the distance is found from them
  only when its lower bound does not rule the form out, and its useful kinds from them too.

Useful masks (pass 2) are built only for the discards reaching the least shanten; the regular form's are the
plain scan's (``sim.core.hand.regular_after_discard``, one body for both scans) on the relabelled hand.
"""
import numpy as np
from numba import njit

from sim.core.hand.discard_scan import ALL_KINDS, NOT_HELD, _one_less, qidui_tallies_after
from sim.core.hand.kernel import qidui_tally, NO_DISTANCE, _component_mask_at, _qidui_distance, _whole_distance
from sim.core.hand.regular_after_discard import (
    component_rows, empty_rest_memo, regular_distance_after, regular_useful_after,
)
from sim.core.hand.wild_kernel import (
    WHITE, _held_kinds, _relabelled_index, _stand_in_count, knitted_from_parts_k, knitted_mask_from_parts_k,
    knitted_parts_k,
)


@njit(cache=True, inline='always')
def _natural_kind(t, wild):
    """Return the relabelled kind a discard of physical kind ``t`` takes a tile from: -1 for a 财神 (a wild
    less), the 财神's face for a 白板 (unless the 财神 is 白板), else ``t``."""
    if t == wild:
        return -1
    if t == WHITE:
        return wild
    return t


@njit(cache=True, inline='always')
def _knitted_bound_after(missing_honors, whites, wild, t, held):
    """Return ``knitted_lower_bound_k`` of the hand minus one ``t`` (``held`` copies of it before), from the whole
    hand's honors no tile supplies (``missing_honors``, 东..中 but the 财神) and its 白板 count."""
    if wild == WHITE:
        return NO_DISTANCE
    if 27 <= t <= 32 and t != wild and held == 1:
        missing_honors += 1
    if t == WHITE:
        whites -= 1
    whites_needed = 2 if wild >= 27 else 1
    return missing_honors + max(0, whites_needed - whites)


@njit(cache=True, inline='always')
def _knitted_parts_after(parts, counts, wild, t):
    """Return ``knitted_parts_k`` plus (白板, wilds) of the hand minus one ``t``, from ``parts`` (the same six of the
    whole hand): only a 财神, a 白板 or the last copy of an honor or suited kind changes them."""
    missing_honors, held_m, held_p, held_s, whites, wilds = parts
    if t == wild:
        wilds -= 1
    elif t == WHITE:
        whites -= 1
    elif counts[t] == 1:
        if t >= 27:
            missing_honors += 1
        elif t < 9:
            held_m &= ~(1 << t)
        elif t < 18:
            held_p &= ~(1 << (t - 9))
        else:
            held_s &= ~(1 << (t - 18))
    return missing_honors, held_m, held_p, held_s, whites, wilds


@njit(cache=True, _nrt=False)
def _wild_scan(counts, melds, allow_quad, wild, tables, candidates, out_shanten, out_mask):
    """Fill ``out_shanten`` (int8[34]) for the held kinds in ``candidates`` and ``out_mask`` (int64[34]) for those
    reaching their least shanten; return that least shanten (NO_DISTANCE when no kind was scanned).

    ``out_shanten[k]`` = ``shanten_wild_k`` of the hand minus one k, NOT_HELD for kinds not scanned;
    ``out_mask[k]`` = ``useful_mask_wild_k`` of the hand minus one k for the least-shanten kinds, 0 elsewhere.
    """
    stand_in = _stand_in_count(counts, wild)
    wilds = np.int64(counts[wild])
    suits = tables.suit_rows
    honors = tables.honor_rows
    i_m = _relabelled_index(counts, 0, 9, wild, stand_in)
    i_p = _relabelled_index(counts, 9, 9, wild, stand_in)
    i_s = _relabelled_index(counts, 18, 9, wild, stand_in)
    i_z = _relabelled_index(counts, 27, 7, wild, stand_in)
    rows = component_rows(suits, honors, i_m, i_p, i_s, i_z)  # the relabelled hand's regular-form rows
    mp, sz = rows[10], rows[11]
    others_m, others_p, others_s, others_z = rows[12], rows[13], rows[14], rows[15]  # [m] the other three given m
    sets = 4 - melds
    last = 2 * sets + 1
    whole = _whole_distance(mp, sz, sets)  # regular table distance of the hand as it is (a 财神 discarded)
    concealed = melds == 0
    zeros = np.int64(0)   # relabelled kinds held 0 times, bit per kind
    ones = np.int64(0)    # ... once
    twos = np.int64(0)    # ... twice
    threes = np.int64(0)  # ... three times
    pairs = 0             # 七对 tallies of the relabelled hand
    singles = 0
    for k in range(34):
        c = stand_in if k == wild else (0 if k == WHITE else counts[k])
        bit = np.int64(1) << k
        zeros |= bit if c == 0 else np.int64(0)
        ones |= bit if c == 1 else np.int64(0)
        twos |= bit if c == 2 else np.int64(0)
        threes |= bit if c == 3 else np.int64(0)
        pair, single = qidui_tally(c, allow_quad)
        pairs += pair
        singles += single
    missing_honors, held_m, held_p, held_s = knitted_parts_k(counts, wild)  # 七风's parts of the whole hand
    whites = counts[WHITE]
    parts = (np.int64(missing_honors), np.int64(held_m), np.int64(held_p), np.int64(held_s), np.int64(whites),
             np.int64(counts[wild]))
    held_kinds = np.int64(0)
    for k in range(34):
        if counts[k] > 0:
            held_kinds |= np.int64(1) << k
    scanned = held_kinds & candidates
    least = NO_DISTANCE
    for t in range(34):  # pass 1: each discard's shanten (out_mask[t] keeps its regular table distance)
        out_mask[t] = NO_DISTANCE
        if (scanned >> t) & 1 == 0:
            out_shanten[t] = NOT_HELD
            continue
        nk = _natural_kind(t, wild)
        w = wilds - 1 if nk < 0 else wilds
        total = whole if nk < 0 else regular_distance_after(rows, nk, sets)
        out_mask[t] = total
        best = max(0, total - w)
        if concealed:
            best = min(best, _qidui_wild_after(pairs, singles, nk, counts, wild, stand_in, allow_quad, w))
            if _knitted_bound_after(missing_honors, whites, wild, t, counts[t]) < best:
                mh, hm, hp, hs, wh, wi = _knitted_parts_after(parts, counts, wild, t)
                best = min(best, knitted_from_parts_k(mh, hm, hp, hs, wh, wi, wild))
        out_shanten[t] = best - 1
        least = min(least, best - 1)
    memo = empty_rest_memo()  # the regular useful kinds' per-component rests, built as the discards reach them
    for t in range(34):  # pass 2: the useful masks of the least-shanten discards (useful_mask_wild_k's union)
        total = out_mask[t]
        out_mask[t] = 0
        if (scanned >> t) & 1 == 0 or out_shanten[t] != least:
            continue
        nk = _natural_kind(t, wild)
        w = wilds - 1 if nk < 0 else wilds
        regular = max(0, total - w)
        best = regular
        qidui = NO_DISTANCE
        knitted = NO_DISTANCE
        if concealed:
            qidui = _qidui_wild_after(pairs, singles, nk, counts, wild, stand_in, allow_quad, w)
            best = min(best, qidui)
            if _knitted_bound_after(missing_honors, whites, wild, t, counts[t]) <= best:
                mh, hm, hp, hs, wh, wi = _knitted_parts_after(parts, counts, wild, t)
                knitted = knitted_from_parts_k(mh, hm, hp, hs, wh, wi, wild)
                best = min(best, knitted)
        if best == 0:
            continue
        relabelled = np.int64(0)
        if regular == best:
            if nk < 0:  # a 财神 discarded: the natural tiles are unchanged
                relabelled |= _component_mask_at(suits, i_m, 0, others_m, sets, whole)
                relabelled |= _component_mask_at(suits, i_p, 9, others_p, sets, whole)
                relabelled |= _component_mask_at(suits, i_s, 18, others_s, sets, whole)
                relabelled |= _component_mask_at(honors, i_z, 27, others_z, sets, whole)
            else:
                useful, memo = regular_useful_after(rows, nk, last, total, memo)
                relabelled |= useful
        if qidui == best:
            relabelled |= _qidui_mask_after(zeros, ones, twos, threes, pairs, singles, nk, counts, wild, stand_in,
                                            allow_quad)
        mask = _held_kinds(relabelled, wild)
        if (regular == best or qidui == best) and w < 4:
            mask |= np.int64(1) << wild
        if knitted == best:
            mh, hm, hp, hs, wh, wi = _knitted_parts_after(parts, counts, wild, t)
            mask |= knitted_mask_from_parts_k(counts, t, wild, best, mh, hm, hp, hs, wh, wi)
        out_mask[t] = mask
    return least


@njit(cache=True, inline='always')
def _natural_held(counts, nk, wild, stand_in):
    """Return the relabelled count of kind ``nk`` (>= 0) in the whole hand."""
    if nk == wild:
        return stand_in
    if nk == WHITE:
        return 0
    return counts[nk]


@njit(cache=True, inline='always')
def _qidui_wild_after(pairs, singles, nk, counts, wild, stand_in, allow_quad, w):
    """Return ``qidui_distance_wild_k`` after the discard taking relabelled kind ``nk`` (-1: a 财神, ``w`` the wilds
    left), from the whole hand's 七对 tallies."""
    if nk >= 0:
        pairs, singles = qidui_tallies_after(pairs, singles, _natural_held(counts, nk, wild, stand_in), allow_quad)
    return max(0, _qidui_distance(pairs, singles) - w)


@njit(cache=True, inline='always')
def _qidui_mask_after(zeros, ones, twos, threes, pairs, singles, nk, counts, wild, stand_in, allow_quad):
    """Return ``_qidui_mask_wild`` (relabelled kinds) of the hand after the discard taking relabelled kind ``nk``
    (-1: a 财神, the natural tiles unchanged), from the whole hand's count bitmasks and 七对 tallies."""
    if nk >= 0:
        held = _natural_held(counts, nk, wild, stand_in)
        pairs, singles = qidui_tallies_after(pairs, singles, held, allow_quad)
        zeros, ones, twos, threes = _one_less(zeros, ones, twos, threes, nk, held)
    mask = ones | threes if allow_quad else ones
    if singles < 7 - pairs:
        mask |= (zeros | twos) & ALL_KINDS if allow_quad else zeros & ALL_KINDS
    return mask


@njit(cache=True, _nrt=False)
def wild_least_discards_k(counts, melds, allow_quad, wild, tables, candidates, out_shanten, out_mask):
    """Return the least wild-aware shanten over discarding one tile of a held kind in the int64 bitmask
    ``candidates`` (NO_DISTANCE when none is held); fills ``out_shanten`` (int8[34]) with each scanned kind's
    shanten after its discard (NOT_HELD elsewhere) and ``out_mask`` (int64[34]) with the useful kinds after it
    for the kinds reaching the least (0 elsewhere), exactly as ``shanten_wild_k`` / ``useful_mask_wild_k`` of
    the hand minus that tile. ``counts`` int8[34] is the 3n+2 hand as held (restored on return)."""
    return _wild_scan(counts, melds, allow_quad, wild, tables, candidates, out_shanten, out_mask)
