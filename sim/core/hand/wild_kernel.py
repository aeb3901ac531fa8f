"""Compiled hand evaluation with 财神 wilds (金华, RULES §3.2 r5–r7, §3.4 r15): shanten, useful
tiles, waits and completeness over the forms regular, 七对 and 七风/十四不靠.

Useful tiles come from the regular tables' masks and the 七对 counts on the relabelled hand (七风
tries each kind); waits are the useful tiles of a tenpai 3n+1 hand.

Kernels take ``counts`` (``int8[34]``, the hand as held: its kind-``wild`` tiles are the wilds, its
白板 the stand-ins), ``melds`` (fixed melds, 0..4), ``allow_quad`` (七对 counts a quad as two
pairs), ``wild`` (the 财神 kind, 0..33) and ``tables`` (the ``ComponentTables`` of
``sim.hand_wild_tables.get_wild_tables()``, uncapped-target tables, layout in
``sim.core.hand.wild_table_builder``). Shanten: -1 = complete, 0 = tenpai; a hand that can never
complete has shanten ``NO_DISTANCE - 1``.

Readings (RULES §3.2 r5–r7, §3.4 r15):

* **Relabelling.** A 白板 is a fixed tile of the 财神 kind's natural face (r6): before the regular
  and 七对 evaluation the hand's kind-``wild`` tiles are taken out as ``w`` wilds and its 白板 are
  counted as kind ``wild``. When the 财神 is 白板 itself there is no stand-in.
* **Wilds fold into the tables** (DESIGN "Hand evaluation"). A wild fills any one missing tile of
  a target, so the distance (fewest tiles to add, natural or wild) with ``w`` wilds is
  ``max(0, D - w)``, ``D`` the table distance of the relabelled natural tiles. This is exact
  because the tables count *tiles to add* (the missing part of the nearest target), not a
  shanten-style block count; the ``max`` only bites on a hand larger than 3n+2 (a drawn tile
  tried on a complete hand), since a 3n+1 or 3n+2 hand always has ``D >= w``. With the plain
  tables it holds exactly when no wild needs to be a fifth copy of a kind (their targets hold at
  most four). 爆头 (RULES §3.4 r15: a self-draw of *any* tile completes it, even the fourth copy
  of a held triplet) says a wild may be one, so the regular form uses uncapped-target tables, where copies
  beyond the fourth can only be wilds; they differ from the plain tables only on patterns holding
  all four copies of some kind whose best target needs a fifth (e.g. 1111m + 财神, complete as
  111m + 1m财神; checked over every pattern in the tests).
* **七对**: a wild pairs with any tile, two wilds pair together; a kind gives one pair (two with
  ``allow_quad``), wild-assisted pairs included. ``max(0, D - w)`` with the plain 七对 distance.
* **七风/十四不靠** (r15): exactly one of each of the 7 honors plus 7 suited tiles, no two in the
  same suit closer than 3 ranks apart (so at most 3 per suit, no duplicates): 14 tiles, concealed.
  In 七风 every honor is a 风 (the form's name counts all seven as 风): a wild stands only for a
  missing suited tile, never for an honor, not even its own face. A 白板 may serve as 白 or as
  the 财神's face, one tile per role; so a wind or 中/发 财神 needs two 白板 (RULES §3.4 r15: "If the
  财神 kind is a wind, two 白板 are needed"), and with 白板 as the 财神 the form is impossible (no tile can be 白).
"""
import numpy as np
from numba import njit

from sim.core.hand.kernel import (
    qidui_tally,
    NO_DISTANCE, _combine, _component_mask_at, _qidui_distance, _row_distances, _whole_distance,
)

FORM_REGULAR = 1    # bitmask of hand forms: 4 sets + pair
FORM_QIDUI = 2      # 七对, concealed only
FORM_KNITTED = 8    # 七风/十四不靠, concealed only
WHITE = 33          # 白板: the stand-in for the 财神's natural face

# int64[21]: 9-bit rank masks of every two ranks of one suit at least 3 apart
KNIT_TWO = np.array([(1 << a) | (1 << b) for a in range(9) for b in range(a + 3, 9)], np.int64)
# int64[10]: 9-bit rank masks of every three ranks of one suit pairwise at least 3 apart
KNIT_THREE = np.array([(1 << a) | (1 << b) | (1 << c) for a in range(9) for b in range(a + 3, 9)
                       for c in range(b + 3, 9)], np.int64)


@njit(cache=True, _nrt=False)
def _stand_in_count(counts, wild):
    """Return how many 白板 stand for the 财神's face (0 when the 财神 is 白板)."""
    return counts[WHITE] if wild != WHITE else 0


@njit(cache=True, _nrt=False)
def _natural(counts, kind, wild, stand_in):
    """Return the natural count of ``kind`` after relabelling (wilds out, 白板 as the 财神's face)."""
    if kind == wild:
        return stand_in
    if kind == WHITE:
        return 0
    return counts[kind]


@njit(cache=True, _nrt=False)
def _relabelled_index(counts, base, n_ranks, wild, stand_in):
    """Return the base-5 table index of ``counts[base:base+n_ranks]`` after relabelling."""
    index = 0
    for r in range(n_ranks - 1, -1, -1):
        index = index * 5 + _natural(counts, base + r, wild, stand_in)
    return index


@njit(cache=True, _nrt=False)
def regular_distance_wild_k(counts, melds, wild, tables):
    """Return the regular-form distance (tiles to add, wilds counted as added tiles already held)."""
    stand_in = _stand_in_count(counts, wild)
    suits = tables.suit_rows
    mp = _combine(_row_distances(suits, _relabelled_index(counts, 0, 9, wild, stand_in)),
                  _row_distances(suits, _relabelled_index(counts, 9, 9, wild, stand_in)))
    sz = _combine(_row_distances(suits, _relabelled_index(counts, 18, 9, wild, stand_in)),
                  _row_distances(tables.honor_rows, _relabelled_index(counts, 27, 7, wild, stand_in)))
    return max(0, _whole_distance(mp, sz, 4 - melds) - counts[wild])


@njit(cache=True, _nrt=False)
def qidui_distance_wild_k(counts, allow_quad, wild):
    """Return the 七对 distance with the hand's wilds (tiles to add)."""
    stand_in = _stand_in_count(counts, wild)
    pairs = 0
    singles = 0
    for k in range(34):
        c = _natural(counts, k, wild, stand_in)
        pair, single = qidui_tally(c, allow_quad)
        pairs += pair
        singles += single
    return max(0, _qidui_distance(pairs, singles) - counts[wild])


# int8[512, 4]: [held ranks of one suit as a 9-bit mask, t] the most held ranks a spaced pick of t ranks covers
KNIT_COVER = np.array([[0, 1 if held else 0,
                        max(bin(held & int(m)).count("1") for m in KNIT_TWO),
                        max(bin(held & int(m)).count("1") for m in KNIT_THREE)] for held in range(512)], np.int8)


@njit(cache=True, _nrt=False)
def _knit_suited_cover(held_m, held_p, held_s):
    """Return the most held suited kinds a 7-tile spaced pick (3+3+1 or 3+2+2 over suits) covers."""
    m1, m2, m3 = KNIT_COVER[held_m, 1], KNIT_COVER[held_m, 2], KNIT_COVER[held_m, 3]
    p1, p2, p3 = KNIT_COVER[held_p, 1], KNIT_COVER[held_p, 2], KNIT_COVER[held_p, 3]
    s1, s2, s3 = KNIT_COVER[held_s, 1], KNIT_COVER[held_s, 2], KNIT_COVER[held_s, 3]
    return max(m3 + p3 + s1, m3 + p1 + s3, m1 + p3 + s3,
               m3 + p2 + s2, m2 + p3 + s2, m2 + p2 + s3)


@njit(cache=True, _nrt=False)
def knitted_lower_bound_k(counts, wild):
    """Return a lower bound of ``knitted_distance_wild_k``: the honors no tile can supply yet
    (白, and an honor 财神's face, need one 白板 each)."""
    if wild == WHITE:
        return NO_DISTANCE
    missing = 0
    for z in range(27, 33):
        if z != wild and counts[z] == 0:
            missing += 1
    whites_needed = 2 if wild >= 27 else 1
    return missing + max(0, whites_needed - counts[WHITE])


@njit(cache=True, _nrt=False)
def knitted_parts_k(counts, wild):
    """Return what the 七风/十四不靠 distance depends on besides the 白板 and wild counts: (honors 东..中 other than
    the 财神 not held, then 9-bit masks of the natural 万, 饼, 条 ranks held, wilds excluded)."""
    missing_honors = 0
    for z in range(27, 33):
        if z != wild and counts[z] == 0:
            missing_honors += 1
    held_m = 0
    held_p = 0
    held_s = 0
    for r in range(9):
        if r != wild and counts[r] > 0:
            held_m |= 1 << r
        if r + 9 != wild and counts[r + 9] > 0:
            held_p |= 1 << r
        if r + 18 != wild and counts[r + 18] > 0:
            held_s |= 1 << r
    return missing_honors, held_m, held_p, held_s


@njit(cache=True, _nrt=False)
def knitted_from_parts_k(missing_honors, held_m, held_p, held_s, whites, wilds, wild):
    """Return the 七风/十四不靠 distance of a hand given its ``knitted_parts_k``, its 白板 and its wilds."""
    if wild == WHITE:
        return NO_DISTANCE
    best = NO_DISTANCE
    for as_white in range(2):
        for as_face in range(2):
            if as_white + as_face > whites:
                continue
            missing = missing_honors + 1 - as_white
            m, p, s = held_m, held_p, held_s
            if wild >= 27:
                missing += 1 - as_face
            elif as_face:
                if wild < 9:
                    m |= 1 << wild
                elif wild < 18:
                    p |= 1 << (wild - 9)
                else:
                    s |= 1 << (wild - 18)
            suited_missing = 7 - _knit_suited_cover(m, p, s)
            best = min(best, missing + max(0, suited_missing - wilds))
    return best


@njit(cache=True, _nrt=False)
def knitted_distance_wild_k(counts, wild):
    """Return the 七风/十四不靠 distance (tiles to add; NO_DISTANCE when the 财神 is 白板).

    Honors come only from natural tiles (a 白板 may be 白 or the 财神's face); wilds fill missing
    suited tiles only.
    """
    if wild == WHITE:
        return NO_DISTANCE
    missing_honors, held_m, held_p, held_s = knitted_parts_k(counts, wild)
    return knitted_from_parts_k(missing_honors, held_m, held_p, held_s, counts[WHITE], counts[wild], wild)


@njit(cache=True, _nrt=False)
def distance_wild_k(counts, melds, allow_quad, wild, tables):
    """Return the least distance (tiles to add) over regular, 七对 and 七风 (the last two concealed)."""
    best = regular_distance_wild_k(counts, melds, wild, tables)
    if melds == 0:
        best = min(best, qidui_distance_wild_k(counts, allow_quad, wild))
        if knitted_lower_bound_k(counts, wild) < best:
            best = min(best, knitted_distance_wild_k(counts, wild))
    return best


@njit(cache=True, _nrt=False)
def shanten_wild_k(counts, melds, allow_quad, wild, tables):
    """Return the least shanten over regular, 七对 and 七风/十四不靠 (-1 = complete)."""
    return distance_wild_k(counts, melds, allow_quad, wild, tables) - 1


@njit(cache=True, _nrt=False)
def _held_kinds(relabelled_mask, wild):
    """Return the int64 mask over held kinds of a mask over relabelled kinds: the 财神's face is
    drawn as a 白板; relabelled 白 is dropped (every 白板 is a stand-in or a wild)."""
    white_bit = np.int64(1) << WHITE
    if wild == WHITE:
        return relabelled_mask & ~white_bit
    face_bit = np.int64(1) << wild
    face = (relabelled_mask & face_bit) != 0
    return (relabelled_mask & ~(face_bit | white_bit)) | (white_bit * face)


@njit(cache=True, _nrt=False)
def _regular_mask_wild(counts, melds, wild, tables):
    """Return the int64 relabelled kinds whose natural draw lowers the regular table distance."""
    stand_in = _stand_in_count(counts, wild)
    suits = tables.suit_rows
    honors = tables.honor_rows
    i_m = _relabelled_index(counts, 0, 9, wild, stand_in)
    i_p = _relabelled_index(counts, 9, 9, wild, stand_in)
    i_s = _relabelled_index(counts, 18, 9, wild, stand_in)
    i_z = _relabelled_index(counts, 27, 7, wild, stand_in)
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
    return mask


@njit(cache=True, _nrt=False)
def _qidui_mask_wild(counts, allow_quad, wild):
    """Return the int64 relabelled kinds whose natural draw lowers the 七对 distance before wilds:
    a single (or, with quads, a triplet), and while the singles cannot cover the missing pairs any
    new kind (or third copy)."""
    stand_in = _stand_in_count(counts, wild)
    pairs = 0
    singles = 0
    for k in range(34):
        c = _natural(counts, k, wild, stand_in)
        pair, single = qidui_tally(c, allow_quad)
        pairs += pair
        singles += single
    short = singles < 7 - pairs
    mask = np.int64(0)
    for k in range(34):
        c = _natural(counts, k, wild, stand_in)
        odd = (c == 1) | (allow_quad & (c == 3))
        fresh = short & ((c == 0) | (allow_quad & (c == 2)))
        mask |= np.int64(odd | fresh) << k
    return mask


@njit(cache=True, _nrt=False)
def _knitted_mask_wild(counts, wild, here):
    """Return the int64 held kinds whose draw lowers the 七风 distance below ``here`` (never a fifth copy)."""
    missing_honors, held_m, held_p, held_s = knitted_parts_k(counts, wild)
    return knitted_mask_from_parts_k(counts, -1, wild, here, missing_honors, held_m, held_p, held_s, counts[WHITE],
                                     counts[wild])


@njit(cache=True, _nrt=False)
def knitted_mask_from_parts_k(counts, removed, wild, here, missing_honors, held_m, held_p, held_s, whites, wilds):
    """Return ``_knitted_mask_wild`` of ``counts`` less one tile of kind ``removed`` (-1: none) whose
    ``knitted_parts_k``, 白板 and wilds are given: a draw changes the parts only when it is a first honor, a first
    natural suited rank, a 白板 or a 财神, so each kind's distance comes from the parts without a pass."""
    unchanged = knitted_from_parts_k(missing_honors, held_m, held_p, held_s, whites, wilds, wild) < here
    mask = np.int64(0)
    for k in range(34):
        c = counts[k] - (1 if k == removed else 0)
        if c >= 4:
            continue
        if k == wild:
            lower = knitted_from_parts_k(missing_honors, held_m, held_p, held_s, whites, wilds + 1, wild) < here
        elif k == WHITE:
            lower = knitted_from_parts_k(missing_honors, held_m, held_p, held_s, whites + 1, wilds, wild) < here
        elif c > 0:
            lower = unchanged
        elif k >= 27:
            lower = knitted_from_parts_k(missing_honors - 1, held_m, held_p, held_s, whites, wilds, wild) < here
        elif k < 9:
            lower = knitted_from_parts_k(missing_honors, held_m | (1 << k), held_p, held_s, whites, wilds,
                                         wild) < here
        elif k < 18:
            lower = knitted_from_parts_k(missing_honors, held_m, held_p | (1 << (k - 9)), held_s, whites, wilds,
                                         wild) < here
        else:
            lower = knitted_from_parts_k(missing_honors, held_m, held_p, held_s | (1 << (k - 18)), whites, wilds,
                                         wild) < here
        if lower:
            mask |= np.int64(1) << k
    return mask


@njit(cache=True, _nrt=False)
def useful_mask_wild_k(counts, melds, allow_quad, wild, tables):
    """Return int64: bit k set when adding one tile of kind k (never a fifth) lowers the distance;
    the wild kind's bit is drawing a 财神, bit 33 drawing a 白板. The union of the masks of the
    forms reaching the least distance: regular and 七对 from their table/count masks on the
    relabelled hand (a drawn 财神 always helps them while their distance is above 0), 七风 by
    trying each kind. For a tenpai 3n+1 hand these are its waits.
    """
    regular = regular_distance_wild_k(counts, melds, wild, tables)
    best = regular
    qidui = NO_DISTANCE
    knitted = NO_DISTANCE
    if melds == 0:
        qidui = qidui_distance_wild_k(counts, allow_quad, wild)
        best = min(best, qidui)
        if knitted_lower_bound_k(counts, wild) <= best:
            knitted = knitted_distance_wild_k(counts, wild)
            best = min(best, knitted)
    if best == 0:
        return np.int64(0)
    relabelled = np.int64(0)
    if regular == best:
        relabelled |= _regular_mask_wild(counts, melds, wild, tables)
    if qidui == best:
        relabelled |= _qidui_mask_wild(counts, allow_quad, wild)
    mask = _held_kinds(relabelled, wild)
    if (regular == best or qidui == best) and counts[wild] < 4:
        mask |= np.int64(1) << wild
    if knitted == best:
        mask |= _knitted_mask_wild(counts, wild, best)
    return mask


@njit(cache=True, _nrt=False)
def waits_mask_wild_k(counts, melds, allow_quad, wild, tables):
    """Return int64: bit k set when kind k completes the 3n+1 hand (0 when not tenpai)."""
    if shanten_wild_k(counts, melds, allow_quad, wild, tables) != 0:
        return np.int64(0)
    return useful_mask_wild_k(counts, melds, allow_quad, wild, tables)


@njit(cache=True, _nrt=False)
def complete_forms_wild_k(counts, melds, allow_quad, wild, tables):
    """Return the bitmask of FORM_* in which the 3n+2 hand is complete (0 = not complete)."""
    forms = 0
    if regular_distance_wild_k(counts, melds, wild, tables) == 0:
        forms |= FORM_REGULAR
    if melds == 0:
        if qidui_distance_wild_k(counts, allow_quad, wild) == 0:
            forms |= FORM_QIDUI
        if knitted_distance_wild_k(counts, wild) == 0:
            forms |= FORM_KNITTED
    return forms


@njit(cache=True, _nrt=False)
def is_complete_wild_k(counts, melds, allow_quad, wild, tables):
    """Return True when the 3n+2 hand is complete in some form: ``complete_forms_wild_k(...) != 0``, with early exits.

    One pass over the relabelled hand gives the 七对 tallies (complete when its distance is within the wilds) and
    each component's natural count. A complete regular hand puts every natural tile in a set or the pair of its
    own component, so each component's count plus the wilds it takes is 0 mod 3 (2 for the pair's): when even
    the fewest wilds that fixes those counts exceeds the hand's, the regular form is out without a table lookup
    (the table distance of a hand it leaves complete is at least that many). 七风 only when its bound allows.
    """
    stand_in = _stand_in_count(counts, wild)
    w = counts[wild]
    pairs = 0
    singles = 0
    n_m = 0  # natural tiles per component after relabelling
    n_p = 0
    n_s = 0
    n_z = 0
    for k in range(34):
        c = _natural(counts, k, wild, stand_in)
        pair, single = qidui_tally(c, allow_quad)
        pairs += pair
        singles += single
        if k < 9:
            n_m += c
        elif k < 18:
            n_p += c
        elif k < 27:
            n_s += c
        else:
            n_z += c
    if melds == 0 and _qidui_distance(pairs, singles) <= w:
        return True
    if n_m + n_p + n_s + n_z + w == 3 * (4 - melds) + 2:
        # wilds each component needs without the pair ((3 - r) % 3) and the change if it holds the pair
        need = (3 - n_m % 3) % 3 + (3 - n_p % 3) % 3 + (3 - n_s % 3) % 3 + (3 - n_z % 3) % 3
        pair_change = min(min(_pair_change(n_m), _pair_change(n_p)), min(_pair_change(n_s), _pair_change(n_z)))
        regular = need + pair_change <= w and regular_distance_wild_k(counts, melds, wild, tables) == 0
    else:  # not a 3n+2 hand: no shortcut
        regular = regular_distance_wild_k(counts, melds, wild, tables) == 0
    if regular:
        return True
    if melds != 0:
        return False
    return knitted_lower_bound_k(counts, wild) == 0 and knitted_distance_wild_k(counts, wild) == 0


@njit(cache=True, inline='always')
def _pair_change(n):
    """Return how many more wilds a component of ``n`` natural tiles needs when it holds the pair than when it
    does not ((2 - n) % 3 - (3 - n) % 3: +2, -1 or -1)."""
    return (2 - n % 3) % 3 - (3 - n % 3) % 3


@njit(cache=True, _nrt=True)
def shanten_many_wild_k(hands, melds, allow_quad, wild, tables):
    """Return int8[N]: ``shanten_wild_k`` of each row of ``hands`` (int8[N, 34])."""
    out = np.empty(hands.shape[0], np.int8)  # [hand] shanten, -1 = complete
    for i in range(hands.shape[0]):
        out[i] = shanten_wild_k(hands[i], melds, allow_quad, wild, tables)
    return out
