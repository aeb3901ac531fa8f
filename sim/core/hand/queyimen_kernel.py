"""Compiled hand evaluation under 缺一门 (晋中, RULES §2.4 r13–r16) and the point-limit filter (r15).

Kernels take ``counts`` (``int8[34]``, the concealed hand), ``melds`` (fixed melds, 0..4),
``blocked`` (3-bit mask: bit s set when a fixed meld is in suit s = 万/饼/条, so that suit cannot
be the one given up), ``allow_quad`` (七对 counts a quad as two pairs) and ``tables`` (the plain
tables of ``sim.hand_tables.get_tables()``). Shanten: -1 = complete, 0 = tenpai; a hand that can
never complete legally (melds in all three suits) has shanten ``NO_DISTANCE - 1``.

Definitions. The complete hand (concealed tiles and melds) may hold at most two suits; honors do
not count (r13). Distance under 缺一门 = the least, over the suits that may be given up, of the
form's distance (fewest tiles to add) with targets that hold no tile of that suit: the table
distance of the other three components, so every held tile of the given-up suit is a tile that
must be replaced. Regular and 七对 (concealed) obey it; 十三幺 is exempt (r14). The point limit
(r15) is a separate filter on a wait mask (``point_limit_mask_k``).
"""
import numpy as np
from numba import njit

from sim.core.hand.kernel import (
    qidui_tally,
    NO_DISTANCE, _combine, _component_mask_at, _honor_index, _qidui_distance, _row_distances,
    _suit_index, _whole_distance, shanten_shisanyao_k, shisanyao_shanten_mask_k,
)

FORM_REGULAR = 1    # bitmask of hand forms: 4 sets + pair (same codes as sim.core.hand.kernel)
FORM_QIDUI = 2      # 七对, concealed only
FORM_SHISANYAO = 4  # 十三幺, concealed only, exempt from 缺一门
ALL_SUITS_BLOCKED = 7

# int64 masks over the 34 kinds, for the point limit (RULES §2.4 r15)
_RANKS_1_2 = (1 << 0) | (1 << 1)
_RANKS_3_5 = (1 << 2) | (1 << 3) | (1 << 4)
NEVER_WINS_MASK = np.int64(_RANKS_1_2 | _RANKS_1_2 << 9 | _RANKS_1_2 << 18)        # suited ranks 1-2
SELF_DRAW_ONLY_MASK = np.int64(_RANKS_3_5 | _RANKS_3_5 << 9 | _RANKS_3_5 << 18)    # suited ranks 3-5


@njit(cache=True, _nrt=False)
def regular_distance_qym_k(counts, melds, blocked, tables):
    """Return the regular-form distance under 缺一门 (NO_DISTANCE when every suit is blocked)."""
    suits = tables.suit_rows
    dm = _row_distances(suits, _suit_index(counts, 0))
    dp = _row_distances(suits, _suit_index(counts, 9))
    ds = _row_distances(suits, _suit_index(counts, 18))
    dz = _row_distances(tables.honor_rows, _honor_index(counts))
    sets = 4 - melds
    best = NO_DISTANCE
    if not blocked & 1:
        best = min(best, _whole_distance(_combine(dp, ds), dz, sets))
    if not blocked & 2:
        best = min(best, _whole_distance(_combine(dm, ds), dz, sets))
    if not blocked & 4:
        best = min(best, _whole_distance(_combine(dm, dp), dz, sets))
    return best


PART_BITS = 16  # qidui_distance_qym_k packs one count per part (万, 饼, 条, honors) in 16 bits of an int64


@njit(cache=True, inline='always')
def _part_count(packed, part):
    """Return the count of ``part`` (0..3) in a PART_BITS-packed int64."""
    return (packed >> (PART_BITS * part)) & ((1 << PART_BITS) - 1)


@njit(cache=True, _nrt=False)
def qidui_distance_qym_k(counts, allow_quad):
    """Return the 七对 distance under 缺一门: the least over the suit given up (its tiles unused)."""
    pairs = np.int64(0)    # pairs held toward 七对 per part (万, 饼, 条, honors), PART_BITS each
    singles = np.int64(0)  # per part: kinds where one more tile makes a new pair, PART_BITS each
    for k in range(34):
        c = counts[k]
        shift = PART_BITS * (k // 9 if k < 27 else 3)
        if allow_quad:
            pairs += np.int64(c >> 1) << shift
            singles += np.int64(c & 1) << shift
        elif c >= 2:
            pairs += np.int64(1) << shift
        elif c == 1:
            singles += np.int64(1) << shift
    all_pairs = _part_count(pairs, 0) + _part_count(pairs, 1) + _part_count(pairs, 2) + _part_count(pairs, 3)
    all_singles = (_part_count(singles, 0) + _part_count(singles, 1) + _part_count(singles, 2)
                   + _part_count(singles, 3))
    best = NO_DISTANCE
    for dropped in range(3):
        best = min(best, _qidui_distance(all_pairs - _part_count(pairs, dropped),
                                         all_singles - _part_count(singles, dropped)))
    return best


@njit(cache=True, _nrt=False)
def distance_qym_k(counts, melds, blocked, allow_quad, tables):
    """Return the least distance under 缺一门 over regular and 七对, and 十三幺 (exempt)."""
    best = regular_distance_qym_k(counts, melds, blocked, tables)
    if melds == 0:
        best = min(best, qidui_distance_qym_k(counts, allow_quad))
        best = min(best, shanten_shisanyao_k(counts) + 1)
    return best


@njit(cache=True, _nrt=False)
def shanten_qym_k(counts, melds, blocked, allow_quad, tables):
    """Return the least shanten under 缺一门 (-1 = complete; NO_DISTANCE - 1 = never)."""
    return distance_qym_k(counts, melds, blocked, allow_quad, tables) - 1


@njit(cache=True, _nrt=False)
def _regular_mask_qym(counts, melds, blocked, tables, best):
    """Return the int64 kinds whose draw lowers the regular distance under 缺一门 from ``best``:
    the union, over the suits given up whose distance is ``best``, of the table masks of the other
    three components (each against the other two combined)."""
    suits = tables.suit_rows
    honors = tables.honor_rows
    i_m, i_p, i_s, i_z = _suit_index(counts, 0), _suit_index(counts, 9), _suit_index(counts, 18), _honor_index(counts)
    dm = _row_distances(suits, i_m)
    dp = _row_distances(suits, i_p)
    ds = _row_distances(suits, i_s)
    dz = _row_distances(honors, i_z)
    sets = 4 - melds
    mask = np.int64(0)
    if not blocked & 1 and _whole_distance(_combine(dp, ds), dz, sets) == best:
        mask |= _component_mask_at(suits, i_p, 9, _combine(ds, dz), sets, best)
        mask |= _component_mask_at(suits, i_s, 18, _combine(dp, dz), sets, best)
        mask |= _component_mask_at(honors, i_z, 27, _combine(dp, ds), sets, best)
    if not blocked & 2 and _whole_distance(_combine(dm, ds), dz, sets) == best:
        mask |= _component_mask_at(suits, i_m, 0, _combine(ds, dz), sets, best)
        mask |= _component_mask_at(suits, i_s, 18, _combine(dm, dz), sets, best)
        mask |= _component_mask_at(honors, i_z, 27, _combine(dm, ds), sets, best)
    if not blocked & 4 and _whole_distance(_combine(dm, dp), dz, sets) == best:
        mask |= _component_mask_at(suits, i_m, 0, _combine(dp, dz), sets, best)
        mask |= _component_mask_at(suits, i_p, 9, _combine(dm, dz), sets, best)
        mask |= _component_mask_at(honors, i_z, 27, _combine(dm, dp), sets, best)
    return mask


@njit(cache=True, _nrt=False)
def _qidui_mask_qym(counts, allow_quad, best):
    """Return the int64 kinds whose draw lowers the 七对 distance under 缺一门 from ``best``: for
    each suit given up whose distance is ``best``, a single (or, with quads, a triplet) outside it,
    and while the singles cannot cover the missing pairs any new kind (or third copy) outside it."""
    mask = np.int64(0)
    if best == 0:
        return mask
    for dropped in range(3):
        pairs = 0
        singles = 0
        for k in range(34):
            if k < 27 and k // 9 == dropped:
                continue
            c = counts[k]
            pair, single = qidui_tally(c, allow_quad)
            pairs += pair
            singles += single
        if _qidui_distance(pairs, singles) != best:
            continue
        short = singles < 7 - pairs
        for k in range(34):
            if k < 27 and k // 9 == dropped:
                continue
            c = counts[k]
            odd = (c == 1) | (allow_quad & (c == 3))
            fresh = short & ((c == 0) | (allow_quad & (c == 2)))
            mask |= np.int64(odd | fresh) << k
    return mask


@njit(cache=True, _nrt=False)
def useful_mask_qym_k(counts, melds, blocked, allow_quad, tables):
    """Return int64: bit k set when adding one tile of kind k (never a fifth) lowers the distance
    under 缺一门: the union of the masks of the forms (and suits given up) reaching the least
    distance. For a tenpai 3n+1 hand these are its waits."""
    return shanten_mask_qym_k(counts, melds, blocked, allow_quad, tables)[1]


@njit(cache=True, _nrt=False)
def shanten_mask_qym_k(counts, melds, blocked, allow_quad, tables):
    """Return (``shanten_qym_k``, ``useful_mask_qym_k``) of the hand from one evaluation of its forms: the least
    shanten under 缺一门 (-1 = complete; NO_DISTANCE - 1 = never) and the int64 kinds whose draw lowers it (0 when
    complete or never)."""
    regular = regular_distance_qym_k(counts, melds, blocked, tables)
    best = regular
    qidui = NO_DISTANCE
    shisanyao = NO_DISTANCE
    if melds == 0:
        qidui = qidui_distance_qym_k(counts, allow_quad)
        shisanyao = shanten_shisanyao_k(counts) + 1
        best = min(best, qidui, shisanyao)
    if best == NO_DISTANCE or best == 0:
        return best - 1, np.int64(0)
    mask = np.int64(0)
    if regular == best:
        mask |= _regular_mask_qym(counts, melds, blocked, tables, best)
    if qidui == best:
        mask |= _qidui_mask_qym(counts, allow_quad, best)
    if shisanyao == best:
        mask |= shisanyao_shanten_mask_k(counts)[1]
    return best - 1, mask


@njit(cache=True, _nrt=False)
def waits_mask_qym_k(counts, melds, blocked, allow_quad, tables):
    """Return int64: bit k set when kind k completes the 3n+1 hand legally under 缺一门 (the point
    limit aside); 0 when not tenpai."""
    if shanten_qym_k(counts, melds, blocked, allow_quad, tables) != 0:
        return np.int64(0)
    return useful_mask_qym_k(counts, melds, blocked, allow_quad, tables)


@njit(cache=True, _nrt=False)
def complete_forms_qym_k(counts, melds, blocked, allow_quad, tables):
    """Return the bitmask of FORM_* in which the 3n+2 hand is complete under 缺一门 (0 = not)."""
    forms = 0
    if regular_distance_qym_k(counts, melds, blocked, tables) == 0:
        forms |= FORM_REGULAR
    if melds == 0:
        if qidui_distance_qym_k(counts, allow_quad) == 0:
            forms |= FORM_QIDUI
        if shanten_shisanyao_k(counts) == -1:
            forms |= FORM_SHISANYAO
    return forms


@njit(cache=True, _nrt=False)
def point_limit_mask_k(waits_mask, self_drawn):
    """Return int64: the kinds of ``waits_mask`` that may win under the point limit (RULES §2.4 r15):
    suited rank 1-2 never, rank 3-5 only when ``self_drawn`` (自摸), rank 6-9 and honors always."""
    allowed = waits_mask & ~NEVER_WINS_MASK
    if not self_drawn:
        allowed &= ~SELF_DRAW_ONLY_MASK
    return allowed


@njit(cache=True, _nrt=True)
def shanten_many_qym_k(hands, melds, blocked, allow_quad, tables):
    """Return int8[N]: ``shanten_qym_k`` of each row of ``hands`` (int8[N, 34])."""
    out = np.empty(hands.shape[0], np.int8)  # [hand] shanten under 缺一门, -1 = complete
    for i in range(hands.shape[0]):
        out[i] = shanten_qym_k(hands[i], melds, blocked, allow_quad, tables)
    return out
