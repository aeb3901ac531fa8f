"""Greedy play with 财神 wilds and 吃: discard, call and kong choices — compiled kernels.

The decisions of the ``greedy`` strategy where the rule set's hook ``has_wilds`` says a kind is wild (金华, RULES
§3), on the wild-aware evaluation (``sim.core.hand.wild_kernel``; the hand as held, kind ``wild`` = 财神, from the
hook ``wild_kind``; the tile a meld shows and the one that supplies it from ``meld_face_kind`` /
``face_holder_kind``, under 金华 a 白板 is the 财神's face). It names no rule set:

* **discard**: the legal discard leaving the least shanten, ties broken by the most live useful
  tiles (useful kinds' copies the seat cannot see); a 财神 is never discarded while another legal
  discard exists (a wild fills any gap, so it always helps);
* **calls**: 碰 or 吃 when the call lowers the shanten (吃 weighed like 碰; the best of the offered
  shapes); a kong when the shanten does not rise;
* **wins**: always (the caller returns the win action first when it is legal); the ``baotou`` variant
  passes a discard win while its hand is 爆头-ready and enough wall is left (``declines_plain_win_k``).

Every kernel reads only the seat's own hand, its meld count and ``seen`` (int8[34], copies of each
kind the seat can see, its own hand included).
"""
import numpy as np
from numba import njit

from sim.core.codes import (
    ACT_ANGANG, ACT_BUGANG, ACT_CHI_LOW, ACT_DISCARD, ACT_GANG, ACT_HU, ACT_PASS, ACT_PENG, ACT_ZIMO, MELD_CHOW,
)
from sim.core.hand.wild_kernel import shanten_wild_k
from sim.core.hand.wild_scan import wild_least_discards_k
from sim.core.melds import meld_slot
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.slots import hooks
from sim.core.state import REC_TILE, REC_TYPE, ST_N_MELDS, ST_PENDING_TILE
from sim.core.ting import visible_counts

CHOW_SHAPES = 3   # chow shape bits: 0 = claimed tile lowest, 1 = middle, 2 = highest


@njit(cache=True, _nrt=False)
def live_useful_k(useful, seen, wild):
    """Return the live copies (unseen by the seat) of the kinds in the int64 mask ``useful``."""
    total = 0
    for k in range(34):
        if (useful >> k) & 1:
            copies = 3 if k == wild else 4  # the fourth 财神 is the indicator
            total += max(0, copies - seen[k])
    return total


@njit(cache=True, _nrt=False)
def discard_candidates_k(candidates, wild):
    """Return the int64 kinds greedy weighs among the legal discards ``candidates``: all but the 财神, which goes
    only when it is the sole legal discard."""
    if candidates == (np.int64(1) << wild):
        return candidates
    return candidates & ~(np.int64(1) << wild)


@njit(cache=True, _nrt=False)
def live_tie_matters_k(candidates, after_shanten, after_useful, least):
    """Return True when the least-shanten discards among ``candidates`` do not all leave the same useful kinds,
    so that their live counts can differ (otherwise the lowest such kind is the choice, whatever is seen)."""
    first = -1
    for t in range(34):
        if (candidates >> t) & 1 and after_shanten[t] == least:
            if first < 0:
                first = t
            elif after_useful[t] != after_useful[first]:
                return True
    return False


@njit(cache=True, _nrt=False)
def most_live_discard_k(candidates, after_shanten, after_useful, least, seen, wild):
    """Return the least-shanten kind among ``candidates`` with the most live useful tiles (the lowest kind on a
    tie), -1 when none; ``after_*`` as ``wild_least_discards_k`` filled them, ``seen`` the copies seen."""
    best_tile = -1
    best_live = -1
    for t in range(34):
        if (candidates >> t) & 1 and after_shanten[t] == least:
            live = live_useful_k(after_useful[t], seen, wild)
            if live > best_live:
                best_live = live
                best_tile = t
    return best_tile


@njit(cache=True, _nrt=True)
def best_discard_k(hand, n_melds, allow_quad, wild, tables, candidates, seen):
    """Return the kind to discard among ``candidates`` (int64 mask of legal discards), -1 when none.

    Least shanten after the discard, then most live useful tiles, then the lowest kind; the 财神 only when it is
    the sole candidate. One wild-aware discard scan (``wild_least_discards_k``) gives every candidate's shanten
    and the useful kinds of the least-shanten ones.
    """
    if candidates == 0:
        return -1
    candidates = discard_candidates_k(candidates, wild)
    after_shanten = np.empty(34, np.int8)  # [kind] shanten once one tile of it is discarded
    after_useful = np.empty(34, np.int64)  # [kind] its useful kinds (least-shanten discards only)
    least = wild_least_discards_k(hand, n_melds, allow_quad, wild, tables, candidates, after_shanten, after_useful)
    return most_live_discard_k(candidates, after_shanten, after_useful, least, seen, wild)


@njit(cache=True, _nrt=False)
def shanten_after_meld_k(hand, n_melds, allow_quad, wild, tables, first, second):
    """Return the shanten of the hand once physical kinds ``first`` and ``second`` leave it into a new meld."""
    hand[first] -= 1
    hand[second] -= 1
    s = shanten_wild_k(hand, n_melds + 1, allow_quad, wild, tables)
    hand[first] += 1
    hand[second] += 1
    return s


@njit(cache=True, _nrt=False)
def chow_tiles_k(rule_vec, tile, shape, wild):
    """Return the two physical kinds a chow of discard ``tile`` in ``shape`` (0 low, 1 mid, 2 high) takes."""
    shown = hooks.meld_face_kind(rule_vec, tile, wild)
    low = shown - shape
    first = -1
    second = -1
    for k in range(low, low + 3):
        if k == shown:
            continue
        if first < 0:
            first = hooks.face_holder_kind(rule_vec, k, wild)
        else:
            second = hooks.face_holder_kind(rule_vec, k, wild)
    return first, second


@njit(cache=True, _nrt=False)
def choose_call_k(rule_vec, hand, n_melds, allow_quad, wild, tables, tile, can_pong, chow_shapes):
    """Return the greedy call on discard ``tile``: -1 = pass, 3 = 碰, 0..2 = 吃 in that shape.

    A call is taken only when it lowers the shanten of the waiting hand; the lowest after-call shanten
    wins, 碰 before 吃 on a tie (RULES §3.3 r10: 碰 outranks 吃).
    """
    base = shanten_wild_k(hand, n_melds, allow_quad, wild, tables)
    best = -1
    best_shanten = base
    if can_pong:
        held = hooks.face_holder_kind(rule_vec, hooks.meld_face_kind(rule_vec, tile, wild), wild)
        if hand[held] >= 2:
            s = shanten_after_meld_k(hand, n_melds, allow_quad, wild, tables, held, held)
            if s < best_shanten:
                best_shanten = s
                best = 3
    for shape in range(CHOW_SHAPES):
        if (chow_shapes >> shape) & 1:
            first, second = chow_tiles_k(rule_vec, tile, shape, wild)
            if hand[first] == 0 or hand[second] == 0:
                continue
            s = shanten_after_meld_k(hand, n_melds, allow_quad, wild, tables, first, second)
            if s < best_shanten:
                best_shanten = s
                best = shape
    return best


@njit(cache=True, _nrt=False)
def kong_keeps_shanten_k(hand, n_melds, allow_quad, wild, tables, kind, taken, new_meld):
    """Return True when a kong taking ``taken`` tiles of ``kind`` from the hand (4 暗杠, 1 补杠, 3 明杠 from a
    discard) does not raise the shanten; ``new_meld`` is 1 when the kong adds a meld (not a 补杠)."""
    base = shanten_wild_k(hand, n_melds, allow_quad, wild, tables)
    hand[kind] -= taken
    s = shanten_wild_k(hand, n_melds + new_meld, allow_quad, wild, tables)
    hand[kind] += taken
    return s <= base


@njit(cache=True, _nrt=False)
def baotou_ready_k(rule_vec, hand, n_melds, wild, tables):
    """Return True when the waiting ``hand`` (3n+1 tiles) is four sets and a lone 财神 (hook ``baotou_ready``): any
    self-drawn tile then wins as 爆头 (RULES §3.4 r15), so a plain win on a discard is worth declining while the
    wall lasts."""
    return hooks.baotou_ready(rule_vec, tables, hand, n_melds, wild)


@njit(cache=True, _nrt=False)
def declines_plain_win_k(rule_vec, hand, n_melds, wild, tables, live_tiles, min_live_tiles):
    """Return True when the ``baotou`` strategy passes a discard win: the hand is 爆头-ready and more than
    ``min_live_tiles`` live tiles are left to draw (its threshold of wall left)."""
    return live_tiles > min_live_tiles and baotou_ready_k(rule_vec, hand, n_melds, wild, tables)


PONG_IMPROVES = 0   # greedy's ``pong`` parameter (params[0]); here it rules 吃 alike (金华: RULES §3.3 r10)
PONG_ALWAYS = 1
PONG_NEVER = 2


@njit(cache=True, _nrt=False)
def wild_seen_k(rule_vec, hands, frozen, melds, rivers, st, seat, seen):
    """Fill ``seen`` (int8[34]) with the copies of each kind ``seat`` can see: the core's view plus every 吃
    meld's tiles (a 吃 lives in the meld records only; the 财神's face is a 白板); returns nothing."""
    visible_counts(hands, frozen, melds, rivers, st, seat, seen)
    wild = hooks.wild_kind(rule_vec, st)
    for s in range(4):
        for i in range(st[ST_N_MELDS + s]):
            slot = meld_slot(s, i)
            if st[slot + REC_TYPE] == MELD_CHOW:
                for k in range(st[slot + REC_TILE], st[slot + REC_TILE] + 3):
                    seen[hooks.face_holder_kind(rule_vec, k, wild)] += 1


@njit(cache=True, _nrt=True)
def wild_greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen):
    """Return greedy's self-phase ACT_* with wilds: 自摸 whenever legal; a kong (params[1] > 0) that does not raise the
    shanten; else ``best_discard_k``'s choice over the legal discards (a 财神 only when nothing else may go), the
    seen copies counted only when the least-shanten discards leave different useful kinds
    (``wild_greedy_self_rows`` on two rows of its own)."""
    after_shanten = np.empty(34, np.int8)  # [kind] shanten once one tile of it is discarded
    after_useful = np.empty(34, np.int64)  # [kind] its useful kinds (least-shanten discards only)
    return wild_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                               after_shanten, after_useful)


@njit(cache=True, _nrt=False)
def wild_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after_shanten,
                        after_useful):
    """Return ``wild_greedy_self``'s ACT_* with its scan rows given: ``after_shanten`` int8[34] and ``after_useful``
    int64[34] are scratch (the hand loop's), so the decision allocates nothing."""
    if mask[ACT_ZIMO]:
        return ACT_ZIMO
    wild = hooks.wild_kind(rule_vec, st)
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    n_melds = st[ST_N_MELDS + seat]
    hand = hands[seat]
    if params[1] > 0:
        for t in range(34):
            if mask[ACT_ANGANG + t] and kong_keeps_shanten_k(hand, n_melds, allow_quad, wild, tables, t, 4, 1):
                return ACT_ANGANG + t
            if mask[ACT_BUGANG + t] and kong_keeps_shanten_k(hand, n_melds, allow_quad, wild, tables, t, 1, 0):
                return ACT_BUGANG + t
    candidates = np.int64(0)
    for t in range(34):
        if mask[ACT_DISCARD + t]:
            candidates |= np.int64(1) << t
    if candidates == 0:
        return ACT_DISCARD - 1
    candidates = discard_candidates_k(candidates, wild)
    least = wild_least_discards_k(hand, n_melds, allow_quad, wild, tables, candidates, after_shanten, after_useful)
    if live_tie_matters_k(candidates, after_shanten, after_useful, least):  # the seen copies only when they count
        wild_seen_k(rule_vec, hands, frozen, melds, rivers, st, seat, seen)
    return ACT_DISCARD + most_live_discard_k(candidates, after_shanten, after_useful, least, seen, wild)


@njit(cache=True, _nrt=False)
def wild_greedy_claim(rule_vec, tables, hands, st, mask, seat, params):
    """Return greedy's claim answer with wilds: 胡 whenever legal; 明杠 (params[1] > 0) when the shanten does not rise;
    碰 or 吃 as ``choose_call_k`` picks (``pong`` improves), any offered call (always: 碰 first) or none (never);
    else pass."""
    if mask[ACT_HU]:
        return ACT_HU
    wild = hooks.wild_kind(rule_vec, st)
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    n_melds = st[ST_N_MELDS + seat]
    hand = hands[seat]
    tile = st[ST_PENDING_TILE]
    if mask[ACT_GANG] and params[1] > 0 and kong_keeps_shanten_k(hand, n_melds, allow_quad, wild, tables, tile, 3, 1):
        return ACT_GANG
    mode = int(params[0])
    if mode == PONG_NEVER:
        return ACT_PASS
    chow_shapes = 0
    for shape in range(CHOW_SHAPES):
        if mask[ACT_CHI_LOW + shape]:
            chow_shapes |= 1 << shape
    if mode == PONG_ALWAYS:
        if mask[ACT_PENG]:
            return ACT_PENG
        for shape in range(CHOW_SHAPES):
            if (chow_shapes >> shape) & 1:
                return ACT_CHI_LOW + shape
        return ACT_PASS
    call = choose_call_k(rule_vec, hand, n_melds, allow_quad, wild, tables, tile, mask[ACT_PENG], chow_shapes)
    if call == 3:
        return ACT_PENG
    if call >= 0:
        return ACT_CHI_LOW + call
    return ACT_PASS
