"""Legal actions of the seat to act (RULES §1.3–§1.6) — kernels shared by every driver.

``legal_self`` fills a bool[N_ACTIONS] mask for the current seat's self phase;
``legal_claim`` fills it for one seat answering the open claim window. Both return the
number of real options (in a claim window ``ACT_PASS`` is always set and not counted).
"""
import numpy as np
from numba import njit

from sim.core.codes import (
    TING_KONG_CONCEALED_ONLY, TING_KONG_NONE, TING_KONG_SAME_WAITS, TING_KONG_STILL_TENPAI,
)
from sim.core.hand.discard_scan import least_discards_k
from sim.core.hand.kernel import shanten_k
from sim.core.rule_layout import R_BUGANG_ONLY_ON_DRAW, R_QIDUI_ALLOW_QUAD, R_TING_ALLOW_PONG, R_TING_KONG_POLICY
from sim.core.state import (
    CLAIM_BIT_CHI_LOW, CLAIM_BIT_GANG, CLAIM_BIT_HU, CLAIM_BIT_PENG, CLAIM_BIT_QIANG, CLAIM_BIT_SHI,
    ACT_CHI_LOW, ACT_ANGANG, ACT_BUGANG, ACT_DISCARD, ACT_GANG, ACT_HU, ACT_PASS, ACT_PENG, ACT_QIANG,
    ACT_SHANGJIA, ACT_SHI, ACT_ZIMO, KONG_AN, KONG_BU, MELD_ANGANG, MELD_BUGANG, MELD_MINGGANG,
    MELD_PONG, PEND_DISCARD, ST_COMMITTED, ST_CURRENT, ST_LAST_DRAWN, ST_N_MELDS, ST_PENDING_FROM,
    ST_PENDING_KIND, ST_PENDING_TILE, ST_TING, ST_WAITS, is_yaojiu,
)
from sim.core.ting import mark_scanned_tenpai, seat_forms
from sim.core.slots import hooks

POLICY_SAME_WAITS = TING_KONG_SAME_WAITS
POLICY_STILL_TENPAI = TING_KONG_STILL_TENPAI
POLICY_CONCEALED_ONLY = TING_KONG_CONCEALED_ONLY
POLICY_NONE = TING_KONG_NONE
NOT_SCANNED = -100  # legal_self_scanned's least shanten when it ran no discard scan
NO_FLOOR = -100  # legal_self_floored's floor of a seat whose shanten it has not taken yet (proves nothing)


@njit(cache=True, _nrt=False)
def waits_after_kong(rule_vec, tables, hands, frozen, melds, st, seat, tile, kong_type):
    """Return the seat's 上架 waits once a kong of ``tile`` is laid down (state restored after)."""
    taken = 1 if kong_type == KONG_BU else (4 if kong_type == KONG_AN else 3)
    old_code = melds[seat, tile]
    hands[seat, tile] -= taken
    if kong_type == KONG_BU:
        melds[seat, tile] = MELD_BUGANG
    else:
        melds[seat, tile] = MELD_ANGANG if kong_type == KONG_AN else MELD_MINGGANG
        st[ST_N_MELDS + seat] += 1
    waits = hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    hands[seat, tile] += taken
    melds[seat, tile] = old_code
    if kong_type != KONG_BU:
        st[ST_N_MELDS + seat] -= 1
    return waits


@njit(cache=True, _nrt=False)
def ting_kong_ok(rule_vec, tables, hands, frozen, melds, st, seat, tile, kong_type):
    """Return True when a 上架 seat may make this kong under ``ting_kong_policy`` (RULES r18, A5)."""
    policy = rule_vec[R_TING_KONG_POLICY]
    if policy == POLICY_NONE or (policy == POLICY_CONCEALED_ONLY and kong_type != KONG_AN):
        return False
    waits = waits_after_kong(rule_vec, tables, hands, frozen, melds, st, seat, tile, kong_type)
    if policy == POLICY_STILL_TENPAI:
        return waits != 0
    return waits == st[ST_WAITS + seat]


@njit(cache=True, _nrt=False)
def keeps_waits_discard(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Return True when discarding ``tile`` leaves the seat's fixed 上架 waits unchanged."""
    hands[seat, tile] -= 1
    waits = hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    hands[seat, tile] += 1
    return waits == st[ST_WAITS + seat]


@njit(cache=True, inline='always')
def can_shangjia_some(rule_vec, tables, hands, frozen, st, seat):
    """Return False when no discard can leave tenpai (a cheap filter before trying each one)."""
    if st[ST_COMMITTED + seat] == 1:  # 十三幺 shanten of concealed + frozen tiles must be <= 0
        distinct = 0
        has_pair = False
        for k in range(34):
            total = hands[seat, k] + frozen[seat, k]
            if total > 0 and is_yaojiu(k):
                distinct += 1
                if total >= 2:
                    has_pair = True
        return 13 - distinct - (1 if has_pair else 0) <= 0
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    return shanten_k(hands[seat], st[ST_N_MELDS + seat], allow_quad, seat_forms(st, seat), tables) <= 0


@njit(cache=True, _nrt=True)
def mark_tenpai_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Set ACT_SHANGJIA + t in ``mask`` for each discard t of a seat not committed to 十三幺 that leaves
    上架 waits (``shangjia_waits`` non-zero), from one discard scan; returns how many were set."""
    after_shanten = np.empty(34, np.int8)  # [kind] shanten once it is discarded
    after_useful = np.empty(34, np.int64)  # [kind] its useful kinds (= raw waits when that shanten is 0)
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    held = np.int64((1 << 34) - 1)
    least_discards_k(hands[seat], st[ST_N_MELDS + seat], allow_quad, seat_forms(st, seat), tables, held,
                     after_shanten, after_useful)
    return mark_scanned_tenpai(rule_vec, hands, frozen, melds, seat, after_shanten, after_useful, mask)


@njit(cache=True, inline='always')
def _discard_actions(rule_vec, hands, st, seat, mask):
    """Set ACT_DISCARD + t in ``mask`` for each held kind t the seat may discard (every held kind when the
    variant forbids them all); returns how many were set."""
    forbidden = hooks.discard_forbidden(rule_vec, st, seat)  # int64 kind mask (金华 吃张打张)
    discards = 0
    for t in range(34):
        if hands[seat, t] > 0 and (forbidden >> t) & 1 == 0:
            mask[ACT_DISCARD + t] = True
            discards += 1
    if discards == 0:  # every held kind forbidden: each may go
        for t in range(34):
            if hands[seat, t] > 0:
                mask[ACT_DISCARD + t] = True
                discards += 1
    return discards


@njit(cache=True, inline='always')
def _zimo_and_kong_actions(rule_vec, tables, hands, melds, st, seat, last, mask):
    """Set ACT_ZIMO (a win without ting) and the 暗杠/补杠 actions of a seat not locked by 上架 (``last`` = the
    kind it drew, -1 after a call); returns how many were set."""
    n = 0
    if last >= 0 and hooks.self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
        mask[ACT_ZIMO] = True
        n += 1
    if last >= 0 and st[ST_COMMITTED + seat] == 0 and hooks.kong_allowed(rule_vec, st):
        only_drawn = rule_vec[R_BUGANG_ONLY_ON_DRAW] == 1
        no_angang = hooks.self_kong_forbidden(rule_vec, st, seat)  # int64 kind mask (晋中: the declared suit)
        for t in range(34):
            if hands[seat, t] == 4 and (no_angang >> t) & 1 == 0:
                mask[ACT_ANGANG + t] = True
                n += 1
            if melds[seat, t] == MELD_PONG and hands[seat, t] >= 1 and (not only_drawn or t == last):
                mask[ACT_BUGANG + t] = True
                n += 1
    return n


@njit(cache=True, inline='always')
def _locked_actions(rule_vec, tables, hands, frozen, melds, st, seat, last, mask):
    """Set the actions of a seat locked by 上架 (r26; ``last`` = the kind it drew, -1 after a 碰 allowed by
    ting_allow_pong: only waits-keeping discards); returns how many were set."""
    n = 0
    if last >= 0:
        if (st[ST_WAITS + seat] >> last) & 1 == 1:
            mask[ACT_ZIMO] = True
            n += 1
        mask[ACT_DISCARD + last] = True
        n += 1
        if st[ST_COMMITTED + seat] == 0 and hooks.kong_allowed(rule_vec, st):
            if hands[seat, last] == 4 and ting_kong_ok(rule_vec, tables, hands, frozen, melds, st, seat, last, KONG_AN):
                mask[ACT_ANGANG + last] = True
                n += 1
            if melds[seat, last] == MELD_PONG and ting_kong_ok(rule_vec, tables, hands, frozen, melds, st, seat, last, KONG_BU):
                mask[ACT_BUGANG + last] = True
                n += 1
    else:
        for t in range(34):
            if hands[seat, t] > 0 and keeps_waits_discard(rule_vec, tables, hands, frozen, melds, st, seat, t):
                mask[ACT_DISCARD + t] = True
                n += 1
    return n


@njit(cache=True, inline='always')
def _committed_marks(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Set ACT_SHANGJIA + t for each discard t after which a seat committed to 十三幺 has waits; returns how many."""
    return _set_kinds(mask, ACT_SHANGJIA, _committed_mark_kinds(rule_vec, tables, hands, frozen, melds, st, seat))


@njit(cache=True, inline='always')
def _tenpai_marks(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Set the 上架/报听 marks of a seat not committed whose 14-tile shanten is <= 0 (the variant's own marking,
    hook ``ting_discards``, or the core's one-scan marking); returns how many were set."""
    marked = hooks.ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)
    if marked < 0:  # the variant uses the core's one-scan marking
        marked = mark_tenpai_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)
    return marked


@njit(cache=True, _nrt=False)  # not inlined: keeps the hand loop's compile time bounded
def legal_self(rule_vec, tables, hands, frozen, melds, st, mask):
    """Fill ``mask`` (bool[N_ACTIONS]) with the current seat's self-phase actions; returns their count."""
    mask[:] = False
    seat = st[ST_CURRENT]
    last = st[ST_LAST_DRAWN]
    if st[ST_TING + seat] == 1:  # locked hand, r26
        return _locked_actions(rule_vec, tables, hands, frozen, melds, st, seat, last, mask)
    n = _discard_actions(rule_vec, hands, st, seat, mask)
    if hooks.ting_exists(rule_vec) and can_shangjia_some(rule_vec, tables, hands, frozen, st, seat):
        if st[ST_COMMITTED + seat] == 1:
            n += _committed_marks(rule_vec, tables, hands, frozen, melds, st, seat, mask)
        else:
            n += _tenpai_marks(rule_vec, tables, hands, frozen, melds, st, seat, mask)
    n += _zimo_and_kong_actions(rule_vec, tables, hands, melds, st, seat, last, mask)
    return n


@njit(cache=True, _nrt=False)  # not inlined: one compilation for the hand loop
def legal_self_scanned(rule_vec, tables, scan_tables, hands, frozen, melds, st, mask, after_shanten,
                       after_useful):
    """Fill ``mask`` exactly as ``legal_self`` does; return (the action count, the least shanten of the
    discard scan it ran, or NOT_SCANNED).

    For a seat neither 上架 nor committed to 十三幺, in a variant whose 上架/报听 marks follow from one
    discard scan (hook ``shares_self_scan``: 晋城, 晋中) and with no forbidden discard, the marks come from
    one class-table scan over the legal discards (hook ``scanned_ting_marks``, on ``scan_tables`` =
    ``sim.hand_tables.get_scan_tables()``, into ``after_shanten`` int8[34] / ``after_useful`` int64[34]: the
    variant's shanten once each kind is discarded, and the useful kinds of the least ones) instead of a
    14-tile shanten and a scan when it is <= 0: the least shanten over the discards is max(14-tile shanten,
    0), since a 13-tile hand is at best tenpai and the best discard of a hand not complete is a tile its
    closest completion does not use. Greedy, which scans the legal discards the same way, reads the arrays
    instead of scanning again (the greedy policy's self_from_scan, strategies/seats/greedy.py). Any other seat gets ``legal_self``
    and NOT_SCANNED (the arrays are left as they were).
    """
    seat = st[ST_CURRENT]
    if (st[ST_TING + seat] == 1 or st[ST_COMMITTED + seat] == 1 or not hooks.shares_self_scan(rule_vec)
            or hooks.discard_forbidden(rule_vec, st, seat) != 0):
        return legal_self(rule_vec, tables, hands, frozen, melds, st, mask), NOT_SCANNED
    mask[:] = False
    n = _discard_actions(rule_vec, hands, st, seat, mask)
    candidates = np.int64(0)  # the legal discards (= the held kinds), bit per kind
    for t in range(34):
        if hands[seat, t] > 0:
            candidates |= np.int64(1) << t
    least, marked = hooks.scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates,
                                             after_shanten, after_useful, mask)
    n += marked
    n += _zimo_and_kong_actions(rule_vec, tables, hands, melds, st, seat, st[ST_LAST_DRAWN], mask)
    return n, least


@njit(cache=True, inline='always')
def _set_kinds(mask, base, kinds):
    """Set ``mask[base + t]`` for each kind t of the int64 bit set ``kinds``; returns how many were set."""
    n = 0
    for t in range(34):
        if (kinds >> t) & 1 == 1:
            mask[base + t] = True
            n += 1
    return n


@njit(cache=True, inline='always')
def _kinds_set_in(mask, base):
    """Return the int64 bit set of the kinds t with ``mask[base + t]`` set."""
    kinds = np.int64(0)
    for t in range(34):
        if mask[base + t]:
            kinds |= np.int64(1) << t
    return kinds


@njit(cache=True, inline='always')
def _discard_kinds(rule_vec, hands, st, seat):
    """Return the int64 bit set of the kinds the seat may discard: ``_discard_actions``' marks."""
    forbidden = hooks.discard_forbidden(rule_vec, st, seat)  # int64 kind mask (金华 吃张打张)
    held = np.int64(0)
    for t in range(34):
        if hands[seat, t] > 0:
            held |= np.int64(1) << t
    allowed = held & ~forbidden
    return allowed if allowed != 0 else held  # every held kind forbidden: each may go


@njit(cache=True, inline='always')
def _zimo_and_kong_kinds(rule_vec, tables, hands, melds, st, seat, last):
    """Return ``_zimo_and_kong_actions``' marks as (1 when 自摸 is legal else 0, 暗杠 kinds, 补杠 kinds), the
    kinds as int64 bit sets."""
    zimo = 0
    angang = np.int64(0)
    bugang = np.int64(0)
    if last >= 0 and hooks.self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
        zimo = 1
    if last >= 0 and st[ST_COMMITTED + seat] == 0 and hooks.kong_allowed(rule_vec, st):
        only_drawn = rule_vec[R_BUGANG_ONLY_ON_DRAW] == 1
        no_angang = hooks.self_kong_forbidden(rule_vec, st, seat)  # int64 kind mask (晋中: the declared suit)
        for t in range(34):
            if hands[seat, t] == 4 and (no_angang >> t) & 1 == 0:
                angang |= np.int64(1) << t
            if melds[seat, t] == MELD_PONG and hands[seat, t] >= 1 and (not only_drawn or t == last):
                bugang |= np.int64(1) << t
    return zimo, angang, bugang


@njit(cache=True, inline='always')
def _locked_kinds(rule_vec, tables, hands, frozen, melds, st, seat, last):
    """Return ``_locked_actions``' marks as (1 when 自摸 is legal else 0, discard kinds, 暗杠 kinds, 补杠 kinds)."""
    zimo = 0
    discards = np.int64(0)
    angang = np.int64(0)
    bugang = np.int64(0)
    if last >= 0:
        if (st[ST_WAITS + seat] >> last) & 1 == 1:
            zimo = 1
        discards = np.int64(1) << last
        if st[ST_COMMITTED + seat] == 0 and hooks.kong_allowed(rule_vec, st):
            if hands[seat, last] == 4 and ting_kong_ok(rule_vec, tables, hands, frozen, melds, st, seat, last, KONG_AN):
                angang = np.int64(1) << last
            if melds[seat, last] == MELD_PONG and ting_kong_ok(rule_vec, tables, hands, frozen, melds, st, seat, last, KONG_BU):
                bugang = np.int64(1) << last
    else:
        for t in range(34):
            if hands[seat, t] > 0 and keeps_waits_discard(rule_vec, tables, hands, frozen, melds, st, seat, t):
                discards |= np.int64(1) << t
    return zimo, discards, angang, bugang


@njit(cache=True, inline='always')
def _committed_mark_kinds(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return the int64 bit set of the discards t after which a seat committed to 十三幺 has waits (its 上架 marks)."""
    marks = np.int64(0)
    for t in range(34):
        if hands[seat, t] > 0:
            hands[seat, t] -= 1
            waits = hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
            hands[seat, t] += 1
            if waits != 0:
                marks |= np.int64(1) << t
    return marks


@njit(cache=True, inline='always')
def _floored_kinds(rule_vec, tables, hands, frozen, melds, st, mask, floors):
    """The current seat's self-phase actions as ``legal_self`` finds them, with the floor of
    ``legal_self_floored`` (which documents it; ``floors`` updated the same way); returns (discard kinds, 上架
    mark kinds, 暗杠 kinds, 补杠 kinds, 1 when 自摸 is legal else 0), the kinds as int64 bit sets. The 上架 range
    of ``mask`` is cleared and, when the variant's marking runs, holds the marks."""
    seat = st[ST_CURRENT]
    last = st[ST_LAST_DRAWN]
    marks = np.int64(0)
    if st[ST_TING + seat] == 1:  # locked hand, r26
        zimo, discards, angang, bugang = _locked_kinds(rule_vec, tables, hands, frozen, melds, st, seat, last)
        return discards, marks, angang, bugang, zimo
    discards = _discard_kinds(rule_vec, hands, st, seat)
    if hooks.ting_exists(rule_vec):
        if st[ST_COMMITTED + seat] == 1:
            if can_shangjia_some(rule_vec, tables, hands, frozen, st, seat):
                marks = _committed_mark_kinds(rule_vec, tables, hands, frozen, melds, st, seat)
        else:
            floor = floors[seat] - 1  # below 1 (NO_FLOOR included): no proof
            if floor < 1:  # the bound cannot rule tenpai out: take the shanten (can_shangjia_some's test)
                allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
                floor = shanten_k(hands[seat], st[ST_N_MELDS + seat], allow_quad, seat_forms(st, seat), tables)
                if floor <= 0:  # the variant's marking writes into the mask: read the marks back from it
                    mask[ACT_SHANGJIA:ACT_ANGANG] = False
                    _tenpai_marks(rule_vec, tables, hands, frozen, melds, st, seat, mask)
                    marks = _kinds_set_in(mask, ACT_SHANGJIA)
            floors[seat] = floor
    zimo, angang, bugang = _zimo_and_kong_kinds(rule_vec, tables, hands, melds, st, seat, last)
    return discards, marks, angang, bugang, zimo


@njit(cache=True, _nrt=False)  # not inlined: one compilation for the hand loop
def legal_self_floored(rule_vec, tables, hands, frozen, melds, st, mask, floors):
    """Fill ``mask`` exactly as ``legal_self`` does and return the action count, skipping the 14-tile shanten
    of the 上架 filter when a floor proves the hand is not tenpai.

    ``floors`` (int64[4], [seat]) is the hand loop's memory of the hand: a lower bound of each seat's 14-tile
    shanten (``shanten_k`` over ``seat_forms``) at its last self decision, NO_FLOOR when unknown (all NO_FLOOR
    at the start of a loop); this kernel updates the acting seat's entry. Between two self decisions of a seat
    not 上架 and not committed its hand gains exactly one tile (a draw, a tail draw after its kong, or the tile
    of its 碰/吃/明杠) and otherwise only loses tiles (a discard, a 补杠 tile) or turns held sets into melds (a
    kong of held copies, or the claimed tile with held ones); a shanten is a least distance to a complete hand,
    so losing a tile or making a held set a meld never lowers it and one more tile lowers it by at most one.
    So the shanten now is at least the floor minus one; when that is 1 or more no discard leaves tenpai and
    ``can_shangjia_some`` would be False: the shanten is not taken and the floor minus one kept. A seat 上架 or
    committed to 十三幺, and a variant without a ting, get ``legal_self``'s work done here (a nested call of
    ``legal_self`` costs more than the shanten saved); their floor is not used again.
    """
    mask[:] = False
    # the builder compiled once, in legal_self_kinds (inlining _floored_kinds here too doubled its compile time)
    discards, marks, angang, bugang, zimo = legal_self_kinds(rule_vec, tables, hands, frozen, melds, st, mask,
                                                             floors)
    n = _set_kinds(mask, ACT_DISCARD, discards)
    n += _set_kinds(mask, ACT_SHANGJIA, marks)
    n += _set_kinds(mask, ACT_ANGANG, angang)
    n += _set_kinds(mask, ACT_BUGANG, bugang)
    if zimo == 1:
        mask[ACT_ZIMO] = True
        n += 1
    return n


@njit(cache=True, _nrt=False)  # not inlined: one compilation for the hand loop
def legal_self_kinds(rule_vec, tables, hands, frozen, melds, st, mask, floors):
    """Return the actions of ``legal_self_floored``'s mask without filling it, as (discard kinds, 上架 mark kinds,
    暗杠 kinds, 补杠 kinds, 1 when 自摸 is legal else 0): ACT_DISCARD + t is in the mask when bit t of the first
    is set, and so on (the kinds as int64 bit sets). ``floors`` is kept as ``legal_self_floored`` keeps it;
    ``mask`` is scratch (its 上架 range is overwritten)."""
    return _floored_kinds(rule_vec, tables, hands, frozen, melds, st, mask, floors)


@njit(cache=True, _nrt=False)
def ting_pong_ok(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Return True when a 上架 seat (ting_allow_pong) can pong and still keep its waits by a discard."""
    hands[seat, tile] -= 2
    melds[seat, tile] = MELD_PONG
    st[ST_N_MELDS + seat] += 1
    ok = False
    for t in range(34):
        if hands[seat, t] > 0 and keeps_waits_discard(rule_vec, tables, hands, frozen, melds, st, seat, t):
            ok = True
            break
    hands[seat, tile] += 2
    melds[seat, tile] = 0
    st[ST_N_MELDS + seat] -= 1
    return ok


@njit(cache=True, inline='always')
def claim_options(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return the CLAIM_BIT_* set of ``seat``'s real answers to the open window (0 = pass only)."""
    source = st[ST_PENDING_FROM]
    tile = st[ST_PENDING_TILE]
    if seat == source:
        return 0
    bits = 0
    if hooks.can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile):
        bits |= CLAIM_BIT_HU
    if st[ST_PENDING_KIND] != PEND_DISCARD:
        return bits
    ting = st[ST_TING + seat] == 1
    committed = st[ST_COMMITTED + seat] == 1
    held = hands[seat, tile]
    if not committed and held >= 2:
        if not ting or (rule_vec[R_TING_ALLOW_PONG] == 1 and ting_pong_ok(rule_vec, tables, hands, frozen, melds, st, seat, tile)):
            bits |= CLAIM_BIT_PENG
    if not committed and held == 3 and hooks.kong_allowed(rule_vec, st):
        if not ting or ting_kong_ok(rule_vec, tables, hands, frozen, melds, st, seat, tile, 0):
            bits |= CLAIM_BIT_GANG
    bits &= ~hooks.blocked_claim_bits(rule_vec, st, seat, tile)
    bits |= hooks.variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source)
    return bits


@njit(cache=True, _nrt=False)  # not inlined: one compilation for the hand loop
def claim_bits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return the CLAIM_BIT_* set of ``seat``'s real answers to the open window (``claim_options``, 0 = pass only)."""
    return claim_options(rule_vec, tables, hands, frozen, melds, st, seat)


@njit(cache=True, _nrt=False)  # not inlined: keeps the hand loop's compile time bounded
def legal_claim(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Fill ``mask`` with ``seat``'s answers to the open window (ACT_PASS always); returns real options."""
    return claim_mask(claim_options(rule_vec, tables, hands, frozen, melds, st, seat), mask)


@njit(cache=True, inline='always')
def claim_mask(bits, mask):
    """Fill ``mask`` (bool[N_ACTIONS]) with the answers of the CLAIM_BIT_* set ``bits`` and ACT_PASS, as
    ``legal_claim`` does; returns the real options."""
    mask[:] = False
    mask[ACT_PASS] = True
    n = 0
    if bits & CLAIM_BIT_HU:
        mask[ACT_HU] = True
        n += 1
    if bits & CLAIM_BIT_QIANG:
        mask[ACT_QIANG] = True
        n += 1
    if bits & CLAIM_BIT_SHI:
        mask[ACT_SHI] = True
        n += 1
    if bits & CLAIM_BIT_GANG:
        mask[ACT_GANG] = True
        n += 1
    if bits & CLAIM_BIT_PENG:
        mask[ACT_PENG] = True
        n += 1
    for shape in range(3):  # 吃: bits CLAIM_BIT_CHI_LOW << shape, actions ACT_CHI_LOW + shape
        if bits & (CLAIM_BIT_CHI_LOW << shape):
            mask[ACT_CHI_LOW + shape] = True
            n += 1
    return n
