"""``greedy``: shanten-minimising play with 上架 at the first tenpai — compiled kernels.

Behaviour (issue 3 item 5): always win when it can; discard the tile that minimises
shanten, ties broken by the most live useful tiles (useful kinds minus the copies the
seat can see); 上架 as soon as a discard leaves tenpai, choosing the 上架 tile with the
most live waits; 碰 when it lowers shanten (parameter ``pong``); kong when legal and
shanten does not rise (parameter ``kong``); never 拾/抢.

View: reads only its seat's concealed hand and melds, and what the seat can see
(rivers, exposed melds, frozen tiles) through sim.core.ting.visible_counts.

Parameters (``params`` row, float64[8]): [0] pong mode (0 = improves, 1 = always,
2 = never); [1] kong (1 = when shanten does not rise, 0 = never).
"""
import numpy as np
from numba import njit

from sim.core.hand.discard_scan import least_discards_k
from sim.core.hand.kernel import FORM_REGULAR, shanten_k
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.slots import hooks
from sim.core.state import (
    ACT_ANGANG, ACT_BUGANG, ACT_CHI_LOW, ACT_DISCARD, ACT_GANG, ACT_HU, ACT_PASS, ACT_PENG, ACT_SHANGJIA,
    ACT_ZIMO, ST_COMMITTED, ST_LAST_DRAWN, ST_N_MELDS, ST_TING,
)
from sim.core.ting import drop_owned_waits, live_copies_in, live_planes, shangjia_waits, visible_counts
from strategies.missing_suit_play import missing_suit_greedy_self

PONG_IMPROVES = 0
PONG_ALWAYS = 1
PONG_NEVER = 2


@njit(cache=True, inline='always')
def any_kong(mask):
    """Return True when some 暗杠/补杠 is legal."""
    for a in range(ACT_ANGANG, ACT_ZIMO):
        if mask[a]:
            return True
    return False


@njit(cache=True, inline='always')
def legal_discards(mask):
    """Return the int64 bitmask (bit per kind) of the discards set in ``mask``."""
    candidates = np.int64(0)
    for t in range(34):
        if mask[ACT_DISCARD + t]:
            candidates |= np.int64(1) << t
    return candidates


@njit(cache=True, inline='always')
def least_shanten_of(kinds, after_shanten):
    """Return the first kind of the int64 mask ``kinds`` whose discard leaves the least shanten (``after_shanten``
    int8[34], filled for every legal discard)."""
    best = -1
    for t in range(34):
        if (kinds >> t) & 1 == 1 and (best < 0 or after_shanten[t] < after_shanten[best]):
            best = t
    return best


@njit(cache=True, _nrt=False)
def greedy_kong(rule_vec, tables, hands, melds, st, mask, seat, base_shanten):
    """Return an ACT_ANGANG/ACT_BUGANG action whose kong keeps shanten <= ``base_shanten``, -1 = none."""
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    n_melds = st[ST_N_MELDS + seat]
    for t in range(34):
        if mask[ACT_ANGANG + t]:
            hands[seat, t] -= 4
            s = shanten_k(hands[seat], n_melds + 1, allow_quad, FORM_REGULAR, tables)
            hands[seat, t] += 4
            if s <= base_shanten:
                return ACT_ANGANG + t
        if mask[ACT_BUGANG + t]:
            hands[seat, t] -= 1
            s = shanten_k(hands[seat], n_melds, allow_quad, FORM_REGULAR, tables)
            hands[seat, t] += 1
            if s <= base_shanten:
                return ACT_BUGANG + t
    return -1


@njit(cache=True, _nrt=True)  # not inlined: the hand loop and three strategies call it; one compilation serves all
def greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen):
    """Return the greedy self-phase ACT_* for ``seat``; ``seen`` is an int8[34] scratch row."""
    # 缺一门 and 报听 (strategies/missing_suit_play.py), pruned at compile time where the fact is a constant
    if hooks.misses_a_suit(rule_vec):
        return missing_suit_greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
    if mask[ACT_ZIMO]:
        return ACT_ZIMO
    if st[ST_TING + seat] == 1:
        for t in range(34):
            if params[1] > 0 and (mask[ACT_ANGANG + t] or mask[ACT_BUGANG + t]):
                return ACT_ANGANG + t if mask[ACT_ANGANG + t] else ACT_BUGANG + t
        last = st[ST_LAST_DRAWN]
        if last >= 0 and mask[ACT_DISCARD + last]:
            return ACT_DISCARD + last
        for t in range(34):
            if mask[ACT_DISCARD + t]:
                return ACT_DISCARD + t
    candidates = legal_discards(mask)
    after_shanten = np.empty(34, np.int8)  # [kind] shanten once it is discarded (candidates only)
    after_useful = np.empty(34, np.int64)  # [kind] its useful kinds, for the least-shanten discards only
    forms = hooks.win_forms(rule_vec, st, seat)  # the forms this variant lets the seat still win with
    best_shanten = least_discards_k(hands[seat], st[ST_N_MELDS + seat], rule_vec[R_QIDUI_ALLOW_QUAD] == 1, forms,
                                    tables, candidates, after_shanten, after_useful)
    return greedy_self_scanned(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                               after_shanten, after_useful, best_shanten)


@njit(cache=True, _nrt=False)  # not inlined: greedy_self and the hand loop's shared-scan path call it
def greedy_self_scanned(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after_shanten,
                        after_useful, best_shanten):
    """Return greedy_self's ACT_* for a seat not locked by 上架 (the plain form, not 缺一门's) whose discard scan
    over its legal discards is given: ``best_shanten`` and ``after_shanten`` int8[34] / ``after_useful``
    int64[34] as ``least_discards_k`` returns and fills them (sim.core.legal.legal_self_scanned runs it
    while building the mask); ``seen`` is an int8[34] scratch row."""
    if mask[ACT_ZIMO]:
        return ACT_ZIMO
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    forms = hooks.win_forms(rule_vec, st, seat)
    n_melds = st[ST_N_MELDS + seat]
    if params[1] > 0 and any_kong(mask):
        base = shanten_k(hands[seat], n_melds, allow_quad, forms, tables)
        kong = greedy_kong(rule_vec, tables, hands, melds, st, mask, seat, base)
        if kong >= 0:
            return kong
    candidates = legal_discards(mask)
    clear_first = hooks.preferred_discards(rule_vec, hands, st, seat) & candidates  # e.g. a void suit's tiles
    if clear_first != 0 and clear_first != candidates:  # (when the rules already leave only those: as below)
        return ACT_DISCARD + least_shanten_of(clear_first, after_shanten)
    # The live counts (what the seat sees) are found only once two choices differ: discards with the
    # same useful kinds have the same live count, and a single 上架 option needs no comparison.
    planes_ready = False
    planes = (np.int64(0), np.int64(0), np.int64(0))  # live_planes(seen) once planes_ready
    best_live = -1
    best_tile = -1
    for t in range(34):  # the first least-shanten discard with the most live useful copies
        if (candidates >> t) & 1 == 1 and after_shanten[t] == best_shanten:
            if best_tile < 0:
                best_tile = t
                continue
            if not planes_ready:
                if after_useful[t] == after_useful[best_tile]:
                    continue  # same live count as the leader, which stays (first wins ties)
                visible_counts(hands, frozen, melds, rivers, st, seat, seen)
                planes = live_planes(seen)
                planes_ready = True
                best_live = live_copies_in(after_useful[best_tile], planes)
            live = live_copies_in(after_useful[t], planes)
            if live > best_live:
                best_live = live
                best_tile = t
    if best_shanten == 0:
        committed = st[ST_COMMITTED + seat] == 1
        options = 0  # legal 上架 tiles
        for t in range(34):
            options += 1 if mask[ACT_SHANGJIA + t] else 0
        if options > 1 and not planes_ready:
            visible_counts(hands, frozen, melds, rivers, st, seat, seen)
            planes = live_planes(seen)
            planes_ready = True
        best_waits = -1
        best_ting = -1
        for t in range(34):
            if mask[ACT_SHANGJIA + t]:
                if options == 1:  # nothing to compare
                    best_ting = t
                    break
                hands[seat, t] -= 1
                if not committed and (candidates >> t) & 1 == 1:  # a tenpai discard: its useful kinds = waits
                    raw = after_useful[t] if after_shanten[t] == 0 else np.int64(0)
                    waits = drop_owned_waits(rule_vec, hands, frozen, melds, seat, raw)
                else:
                    waits = shangjia_waits(rule_vec, tables, hands, frozen, melds, st, seat)
                hands[seat, t] += 1
                live = live_copies_in(waits, planes)
                if live > best_waits:
                    best_waits = live
                    best_ting = t
        if best_ting >= 0:
            return ACT_SHANGJIA + best_ting
    if best_tile < 0:  # committed 十三幺 hands can fall outside the table forms
        for t in range(34):
            if mask[ACT_SHANGJIA + t]:
                return ACT_SHANGJIA + t
        for t in range(34):
            if mask[ACT_DISCARD + t]:
                return ACT_DISCARD + t
    return ACT_DISCARD + best_tile


@njit(cache=True, _nrt=False)  # not inlined: one compilation for every caller
def greedy_claim(rule_vec, tables, hands, st, mask, seat, tile, params):
    """Return the greedy answer (ACT_HU / ACT_GANG / ACT_PENG / ACT_CHI_* / ACT_PASS) to the offered ``tile``: 吃 as
    碰 (unless ``pong=never``), the run that lowers shanten most, where the variant offers it (推倒胡 ``chi``)."""
    if mask[ACT_HU]:
        return ACT_HU
    chi = mask[ACT_CHI_LOW] or mask[ACT_CHI_LOW + 1] or mask[ACT_CHI_LOW + 2]
    if not (mask[ACT_GANG] or mask[ACT_PENG] or chi):
        return ACT_PASS
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    n_melds = st[ST_N_MELDS + seat]
    base = shanten_k(hands[seat], n_melds, allow_quad, hooks.win_forms(rule_vec, st, seat), tables)
    if mask[ACT_GANG] and params[1] > 0:
        hands[seat, tile] -= 3
        s = shanten_k(hands[seat], n_melds + 1, allow_quad, FORM_REGULAR, tables)
        hands[seat, tile] += 3
        if s <= base:
            return ACT_GANG
    if mask[ACT_PENG]:
        mode = int(params[0])
        if mode == PONG_ALWAYS:
            return ACT_PENG
        if mode == PONG_IMPROVES:
            hands[seat, tile] -= 2
            s = shanten_k(hands[seat], n_melds + 1, allow_quad, FORM_REGULAR, tables)
            hands[seat, tile] += 2
            if s < base:
                return ACT_PENG
    if chi and int(params[0]) != PONG_NEVER:
        return greedy_chow(tables, hands, mask, seat, tile, n_melds, allow_quad, base)
    return ACT_PASS


@njit(cache=True, _nrt=False)
def greedy_chow(tables, hands, mask, seat, tile, n_melds, allow_quad, base):
    """Return the ACT_CHI_* whose run (``tile`` - shape .. + 2, the claimed tile from the river) lowers the seat's
    shanten below ``base`` the most, ACT_PASS when none does."""
    best = ACT_PASS
    best_shanten = base
    for shape in range(3):
        if mask[ACT_CHI_LOW + shape]:
            low = tile - shape
            for k in range(low, low + 3):
                if k != tile:
                    hands[seat, k] -= 1
            s = shanten_k(hands[seat], n_melds + 1, allow_quad, FORM_REGULAR, tables)
            for k in range(low, low + 3):
                if k != tile:
                    hands[seat, k] += 1
            if s < best_shanten:
                best, best_shanten = ACT_CHI_LOW + shape, s
    return best
