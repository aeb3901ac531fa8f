"""晋中 rule layer over the shared core (RULES §2.2–§2.4): 报听 waits, who may 胡, 天胡/地胡 — compiled.

The core calls these through its variant hooks. Every function reads the flat state arrays of
``sim.core.state`` (``hands``/``melds`` int8[4, 34], ``st`` int64[N_ST]) and the packed rule vector of
``JinzhongRules.pack()``; none mutates state except where it restores what it changed.

* 报听 waits (r10, r12, r13, r15): the kinds completing the seat's 3k+1 hand legally under 缺一门
  (concealed tiles and melds; 十三幺 exempt), without the kinds the point limit never lets win
  (rank 1–2), and without kinds whose four copies the seat holds; a 报听 needs at least one.
* 胡 on a discard (r15): also not rank 3–5 under the point limit (点炮); on a 补杠 (抢杠胡) rank 3–5
  may win when it is paid as 自摸 (A19) [our choice: the point limit follows how the win is paid];
  十三幺 is never completed by 抢杠胡 (r16).
* 天胡 (r18): the dealer's dealt 14 complete under 缺一门 at its first turn, before any kong; no
  point limit (no tile is the winning one) [our choice]. 地胡: a 闲 completes its dealt 13 with the
  dealer's first discard (no kong yet), without 报听, under the point limit of a 点炮.
"""
import numpy as np
from numba import njit

from sim.core.hand.queyimen_class_scan import least_discards_qym_class_k
from sim.core.hand.queyimen_scan import least_discards_qym_k
from sim.core.hand.queyimen_kernel import (
    FORM_QIDUI, FORM_SHISANYAO, NEVER_WINS_MASK, SELF_DRAW_ONLY_MASK, complete_forms_qym_k, shanten_qym_k, waits_mask_qym_k,
)
from sim.core.codes import (
    ACT_CHI_HIGH, ACT_CHI_LOW, ACT_GANG, ACT_HU, ACT_SHANGJIA, NO_WIN_FEATURES, ACT_PENG, GUO_HU_RESTRICTED, HUANG_DEALER_STAY, SHAPE_QIDUI, SHAPE_REGULAR,
    SHAPE_SHISANYAO, FEATURE_DIHU, FEATURE_GANGKAI, FEATURE_HAIDI, FEATURE_QIANGGANG, FEATURE_TIANHU, QIANGGANG_ZIMO, WIN_DIANHU,
    WIN_QIANGGANG, WIN_ZIMO,
)
from sim.core.rule_layout import R_DEAD_WALL_MODEL, R_GUO_HU, R_HUANG_DEALER, R_HUANG_STACKS, R_QIANGGANG_MODE, R_STACKS_PER_KONG
from sim.variants.jinzhong.rule_slots import (
    R_JZ_CHI, R_JZ_DIHU_AFTER_ANGANG, R_JZ_DINGQUE_UPFRONT, R_JZ_HUANG_WITH_KONG_ROTATES, R_JZ_DEAD_WALL,
    R_JZ_POINT_LIMIT,
)
from sim.core.chows import chow_claim_bits as core_chow_claim_bits
from sim.core.chows import take_chow as core_take_chow
from sim.core.melds import meld_slot
from sim.core.ting import drop_owned_waits
from sim.core.state import (
    CLAIM_BIT_GANG, CLAIM_BIT_PENG, MELD_ANGANG, MELD_BUGANG, MELD_CHOW, MELD_MINGGANG, MELD_NONE, MONEY_KONG, REC_TILE, REC_TYPE, ST_CHOWS, ST_DINGQUE, MONEY_WIN, PEND_ANGANG, PEND_BUGANG,
    PEND_DISCARD, ST_DEALER, ST_FRONT_DRAWS, ST_GUO_HU, ST_PENDING_FROM, ST_KONGS, ST_N_MELDS, ST_PENDING_KIND, ST_REPLACEMENTS,
    ST_LAST_DRAWN, ST_PENDING_TILE,
    ST_FROM_TAIL, ST_MULTIPLIER, ST_TING, ST_TURNS, ST_WAITS, ST_WIN_FEATURES, ST_WINNER,
)
from sim.variants.jinzhong._money import settle_jz_win
from sim.variants.jinzhong._win_features import hand_features_k, total_multiplier_k
from sim.core.wall import front_draw_allowed, wall_size


SUIT_KINDS = np.int64((1 << 9) - 1)  # int64 kind mask of the nine kinds of 万; << 9 * suit for the others


@njit(cache=True, _nrt=False)
def dingque_upfront(rule_vec):
    """Return True when each seat declares at the deal the suit it gives up (jz_dingque_upfront, r13, A18)."""
    return rule_vec[R_JZ_DINGQUE_UPFRONT] != 0


@njit(cache=True, _nrt=False)
def declared_kinds(st, seat):
    """Return the int64 kinds of the suit ``seat`` declared given up at the deal (0 when none declared)."""
    suit = st[ST_DINGQUE + seat] - 1  # -1: none declared
    return SUIT_KINDS << (9 * suit) if suit >= 0 else np.int64(0)


@njit(cache=True, _nrt=False)
def holds_declared(hands, st, seat):
    """Return True when ``seat``'s concealed hand holds a tile of its declared suit (never True when none)."""
    suit = st[ST_DINGQUE + seat] - 1  # -1: none declared
    if suit < 0:
        return False
    for k in range(9 * suit, 9 * suit + 9):
        if hands[seat, k] > 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def blocked_claim_bits(st, seat, tile):
    """Return CLAIM_BIT_PENG | CLAIM_BIT_GANG when ``tile`` is of the suit ``seat`` declared given up (r13), else 0."""
    if (declared_kinds(st, seat) >> tile) & 1:
        return CLAIM_BIT_PENG | CLAIM_BIT_GANG
    return 0


@njit(cache=True, _nrt=False)
def blocked_suits(melds, st, seat):
    """Return the 3-bit mask of the suits (万 1, 饼 2, 条 4) that may not be the one given up (r13): those holding
    one of ``seat``'s melds (its 碰/杠 from the per-kind view, its 吃 (jz_chi, r7) from the meld records) and,
    when it declared a suit at the deal (jz_dingque_upfront), every other suit."""
    blocked = 0
    suit = st[ST_DINGQUE + seat] - 1  # -1: none declared
    if suit >= 0:
        blocked = 7 & ~(1 << suit)
    for k in range(27):
        if melds[seat, k] != MELD_NONE:
            blocked |= 1 << (k // 9)
    for i in range(st[ST_N_MELDS + seat]):
        slot = meld_slot(seat, i)
        if st[slot + REC_TYPE] == MELD_CHOW:
            blocked |= 1 << (st[slot + REC_TILE] // 9)
    return blocked


@njit(cache=True, _nrt=False)
def never_wins(rule_vec):
    """Return the int64 kinds that can never win under the point limit (rank 1–2; 0 when it is off)."""
    return NEVER_WINS_MASK if rule_vec[R_JZ_POINT_LIMIT] != 0 else np.int64(0)


@njit(cache=True, _nrt=False)
def self_draw_only(rule_vec):
    """Return the int64 kinds that win only by 自摸 under the point limit (rank 3–5; 0 when it is off, r15)."""
    return SELF_DRAW_ONLY_MASK if rule_vec[R_JZ_POINT_LIMIT] != 0 else np.int64(0)


@njit(cache=True, _nrt=False)
def baoting_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return the int64 报听 waits of the seat's 3k+1 hand (module docstring; 0 = no legal 报听). A seat that declared
    a suit (jz_dingque_upfront) has none while it holds a tile of that suit, and never waits on one."""
    if holds_declared(hands, st, seat):
        return np.int64(0)
    waits = waits_mask_qym_k(hands[seat], st[ST_N_MELDS + seat], blocked_suits(melds, st, seat), True, tables)
    waits &= ~declared_kinds(st, seat)
    return drop_owned_waits(rule_vec, hands, frozen, melds, seat, waits & ~never_wins(rule_vec))


@njit(cache=True, _nrt=False)
def complete_forms(tables, hands, melds, st, seat):
    """Return the FORM_* bits in which the seat's 3k+2 hand is complete under 缺一门 (0 = not complete); with a suit
    declared at the deal (jz_dingque_upfront) none while the hand holds a tile of it (so never 十三幺)."""
    if holds_declared(hands, st, seat):
        return 0
    return complete_forms_qym_k(hands[seat], st[ST_N_MELDS + seat], blocked_suits(melds, st, seat), True, tables)


@njit(cache=True, _nrt=False)
def claim_tile_allowed(rule_vec, tables, hands, melds, st, seat, tile, pend_kind):
    """Return True when the point limit and the 抢杠胡 rules let ``seat`` 胡 the offered ``tile`` (its waits
    already include it): 点炮 not on rank 3–5; 抢杠胡 on rank 3–5 only when paid as 自摸; never a 十三幺 by
    抢杠胡 (r15–r17)."""
    bit = np.int64(1) << tile
    if rule_vec[R_JZ_POINT_LIMIT] != 0 and SELF_DRAW_ONLY_MASK & bit != 0:
        as_zimo = pend_kind == PEND_BUGANG and rule_vec[R_QIANGGANG_MODE] == QIANGGANG_ZIMO
        if not as_zimo:
            return False
    if pend_kind != PEND_DISCARD:
        hands[seat, tile] += 1
        forms = complete_forms(tables, hands, melds, st, seat)
        hands[seat, tile] -= 1
        if forms == FORM_SHISANYAO:
            return False
    return True


@njit(cache=True, _nrt=False)
def is_tianhu_turn(st, seat):
    """Return True on the dealer's first turn before any kong (天胡 may be declared, r18)."""
    return seat == st[ST_DEALER] and st[ST_TURNS + seat] == 1 and st[ST_FRONT_DRAWS] == 1 and st[ST_KONGS] == 0


@njit(cache=True, _nrt=False)
def tianhu_ok(tables, hands, melds, st, seat):
    """Return True when the dealer may declare 天胡 now: its first turn and its 14 complete under 缺一门."""
    return is_tianhu_turn(st, seat) and complete_forms(tables, hands, melds, st, seat) != 0


@njit(cache=True, _nrt=False)
def is_dealers_first_discard(rule_vec, st, source):
    """Return True when the pending (or just taken) discard is the dealer's first: the dealer discards and
    nobody else has drawn (地胡, r18). A kong before it (only the dealer's own 暗杠 can come first) ends the
    chance unless ``jz_dihu_after_angang`` (A38)."""
    if source != st[ST_DEALER] or st[ST_FRONT_DRAWS] != 1:
        return False
    return st[ST_KONGS] == 0 or rule_vec[R_JZ_DIHU_AFTER_ANGANG] != 0


@njit(cache=True, _nrt=False)
def dihu_ok(rule_vec, tables, hands, melds, st, seat, tile, source):
    """Return True when ``seat`` (not 报听) may 胡 ``tile`` as 地胡: the dealer's first discard completes its
    dealt 13 under 缺一门 and the point limit of a 点炮."""
    if not is_dealers_first_discard(rule_vec, st, source) or seat == source:
        return False
    if rule_vec[R_JZ_POINT_LIMIT] != 0 and (NEVER_WINS_MASK | SELF_DRAW_ONLY_MASK) & (np.int64(1) << tile) != 0:
        return False
    hands[seat, tile] += 1
    forms = complete_forms(tables, hands, melds, st, seat)
    hands[seat, tile] -= 1
    return forms != 0


@njit(cache=True, _nrt=False)
def shanten_after(tables, hands, melds, st, seat, extra_melds, extra_blocked):
    """Return the seat's shanten under 缺一门 with ``extra_melds`` more melds and suits ``extra_blocked`` more
    blocked (for a call being weighed); -1 = complete."""
    return shanten_qym_k(hands[seat], st[ST_N_MELDS + seat] + extra_melds,
                         blocked_suits(melds, st, seat) | extra_blocked, True, tables)


@njit(cache=True, _nrt=False)
def wall_exhausted(rule_vec, st):
    """Return True when no front draw is left (the tile just drawn was the last: 海底)."""
    return not front_draw_allowed(st[ST_FRONT_DRAWS], st[ST_REPLACEMENTS], st[ST_KONGS], rule_vec[R_DEAD_WALL_MODEL],
                                  rule_vec[R_HUANG_STACKS], rule_vec[R_STACKS_PER_KONG], wall_size(rule_vec))


@njit(cache=True, _nrt=False)
def win_situation(rule_vec, st, winner, feeder, win_kind, drawn_from_tail):
    """Return the situational FEATURE_* bits of a win: 天胡, 地胡 (r18), 杠上开花, 海底捞月 (自摸 on a kong
    replacement / on the last tile, r19), 抢杠胡 (r17)."""
    situation = 0
    if win_kind == WIN_ZIMO:
        if is_tianhu_turn(st, winner):
            situation |= FEATURE_TIANHU
        if drawn_from_tail:
            situation |= FEATURE_GANGKAI
        if wall_exhausted(rule_vec, st):
            situation |= FEATURE_HAIDI
    elif win_kind == WIN_DIANHU and is_dealers_first_discard(rule_vec, st, feeder):
        situation |= FEATURE_DIHU
    elif win_kind == WIN_QIANGGANG:
        situation |= FEATURE_QIANGGANG
    return situation


@njit(cache=True, _nrt=False)
def meld_kinds_of(melds, st, seat, out):
    """Fill ``out`` (int64[4]) with the kinds of the seat's melds (one per meld; a 吃's lowest kind) and return
    (how many, the number of 明杠/补杠, of 暗杠 (for the kong money of r20), True when one is a 吃)."""
    n = 0
    ming = 0
    an = 0
    for k in range(34):
        code = melds[seat, k]
        if code != MELD_NONE:
            out[n] = k
            n += 1
            if code == MELD_MINGGANG or code == MELD_BUGANG:
                ming += 1
            elif code == MELD_ANGANG:
                an += 1
    has_chi = False
    for i in range(st[ST_N_MELDS + seat]):
        slot = meld_slot(seat, i)
        if st[slot + REC_TYPE] == MELD_CHOW:
            out[n] = st[slot + REC_TILE]
            n += 1
            has_chi = True
    return n, ming, an, has_chi


@njit(cache=True, _nrt=True)
def settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, drawn_from_tail):
    """Pay one 晋中 win (RULES §2.5) with the winning tile already in ``winner``'s hand: the hu money into
    ``money[MONEY_WIN]``, the winner's kong money into ``money[MONEY_KONG]``; return (features, multiplier)."""
    kinds = np.zeros(4, np.int64)  # int64[4]: kind of each of the winner's melds
    n_melds, ming, an, has_chi = meld_kinds_of(melds, st, winner, kinds)
    situation = win_situation(rule_vec, st, winner, feeder, win_kind, drawn_from_tail)
    win_tile = st[ST_LAST_DRAWN] if win_kind == WIN_ZIMO else st[ST_PENDING_TILE]
    features = hand_features_k(hands[winner], kinds, n_melds, has_chi, situation, win_tile, rule_vec, tables)
    multiplier = total_multiplier_k(rule_vec, features)
    feeder_ting = st[ST_TING + feeder] if feeder >= 0 else 0
    settle_jz_win(rule_vec, st[ST_DEALER], winner, feeder, feeder_ting, win_kind, multiplier, ming, an,
                  money[MONEY_WIN], money[MONEY_KONG])
    return features, multiplier


@njit(cache=True, _nrt=False)
def can_win_on(rule_vec, tables, hands, melds, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile``: after 报听 on a fixed wait (r9, r10) that the point
    limit and the 抢杠 rules allow (r15–r17) and 过胡 does not block (A36); without 报听 only as 地胡 (r18).
    A 暗杠 is never robbed."""
    pend_kind = st[ST_PENDING_KIND]
    if pend_kind == PEND_ANGANG:
        return False
    if st[ST_TING + seat] == 0:
        return pend_kind == PEND_DISCARD and dihu_ok(rule_vec, tables, hands, melds, st, seat, tile,
                                                    st[ST_PENDING_FROM])
    if (st[ST_WAITS + seat] >> tile) & 1 == 0:
        return False
    if rule_vec[R_GUO_HU] == GUO_HU_RESTRICTED and (st[ST_GUO_HU + seat] >> tile) & 1 == 1:
        return False
    return claim_tile_allowed(rule_vec, tables, hands, melds, st, seat, tile, pend_kind)


@njit(cache=True, _nrt=False)
def win_shape(tables, hands, melds, st, seat):
    """Return the SHAPE_* code of the seat's complete hand under 缺一门 (十三幺 > 七对 > regular)."""
    forms = complete_forms(tables, hands, melds, st, seat)
    if forms & FORM_SHISANYAO:
        return SHAPE_SHISANYAO
    if forms & FORM_QIDUI:
        return SHAPE_QIDUI
    return SHAPE_REGULAR


@njit(cache=True, _nrt=False)
def may_draw_front(rule_vec, st):
    """Return True while a front tile is left above the dead wall (none or 14 tiles, r4); replacements count."""
    return not wall_exhausted(rule_vec, st)


@njit(cache=True, _nrt=False)
def kept_back_tiles(rule_vec):
    """Return the tiles at the tail no draw may take (the invariant checker's statement of RULES §2.1 r4): the
    dead wall, 0 or 14 (``jz_dead_wall``)."""
    return rule_vec[R_JZ_DEAD_WALL]


@njit(cache=True, _nrt=False)
def kong_allowed(rule_vec, st):
    """Return True when a kong's tail replacement is still above the dead wall (no kong on the last tile, r4)."""
    return not wall_exhausted(rule_vec, st)


@njit(cache=True, _nrt=False)
def claim_priority(action):
    """Return the priority of a claim answer: 胡 4 > 杠 3 > 碰 2 > 吃 1 > pass 0 (RULES §2.2 r6, r7)."""
    if action == ACT_HU:
        return 4
    if action == ACT_GANG:
        return 3
    if action == ACT_PENG:
        return 2
    if action >= ACT_CHI_LOW and action <= ACT_CHI_HIGH:
        return 1
    return 0


@njit(cache=True, _nrt=False)
def deal_extras(rule_vec, st):
    """Start the 吃 count of the record at 0 when jz_chi is on (it stays -1, no 吃, otherwise); returns nothing."""
    if rule_vec[R_JZ_CHI] != 0:
        st[ST_CHOWS] = 0


@njit(cache=True, _nrt=False)
def chow_claim_bits(rule_vec, hands, st, seat, tile, source):
    """Return the CLAIM_BIT_CHI_* bits of ``seat`` on the discard ``tile`` of ``source`` (RULES §2.2 r7, A21): with
    jz_chi, the 下家 only, a run of natural suit tiles, never after 报听 (the hand is locked, r10), never of the suit
    declared given up (jz_dingque_upfront, r13)."""
    if rule_vec[R_JZ_CHI] == 0 or st[ST_TING + seat] == 1 or (declared_kinds(st, seat) >> tile) & 1:
        return 0
    return core_chow_claim_bits(hands[seat], tile, seat, source)


@njit(cache=True, _nrt=False)
def take_chow(hands, melds, st, events, seat, tile, source, action):
    """吃 the discard ``tile`` of ``source`` as ``action`` (ACT_CHI_LOW/MID/HIGH; the core's take_chow); returns
    nothing."""
    core_take_chow(hands, melds, st, events, seat, tile, source, action - ACT_CHI_LOW)


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the next dealer (RULES §2.6 r23): the dealer stays on its win or a 荒庄, the deal passes to its
    下家 on a 闲 win, and on a 荒庄 with a kong when ``jz_huang_with_kong_rotates``."""
    dealer = st[ST_DEALER]
    winner = st[ST_WINNER]
    if winner == dealer:
        return dealer
    if winner < 0:
        if rule_vec[R_JZ_HUANG_WITH_KONG_ROTATES] != 0 and st[ST_KONGS] > 0:
            return (dealer + 1) % 4
        if rule_vec[R_HUANG_DEALER] == HUANG_DEALER_STAY:
            return dealer
    return (dealer + 1) % 4


@njit(cache=True, _nrt=True)
def mark_baoting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Set ACT_SHANGJIA + t in ``mask`` (bool[N_ACTIONS]) for each held kind t whose discard leaves 报听 waits
    (``baoting_waits`` not empty, r12); return how many were set. One discard scan finds every held kind's
    shanten and, at tenpai, its waits under 缺一门."""
    after = np.empty(34, np.int8)     # [kind] shanten under 缺一门 once it is discarded
    useful = np.empty(34, np.int64)   # [kind] its waits when that shanten is the least and 0 (tenpai)
    held = np.int64((1 << 34) - 1)
    least = least_discards_qym_k(hands[seat], st[ST_N_MELDS + seat], blocked_suits(melds, st, seat), True, tables, held,
                                 after, useful)
    return marks_from_scan(rule_vec, hands, frozen, melds, st, seat, least, after, useful, mask)


@njit(cache=True, _nrt=False)
def scanned_baoting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful, mask):
    """Run the 缺一门 discard scan of the seat's hand on the class tables ``scan_tables``
    (``sim.hand_tables.get_scan_tables()``) over the kinds of ``candidates`` (int64 bit set) into ``after``
    int8[34] / ``useful`` int64[34] (``least_discards_qym_k``'s outputs) and set the 报听 marks
    ``mark_baoting_discards`` sets, from that scan; returns (the least shanten, the marks set)."""
    least = least_discards_qym_class_k(hands[seat], st[ST_N_MELDS + seat], blocked_suits(melds, st, seat), True,
                                       scan_tables, candidates, after, useful)
    return least, marks_from_scan(rule_vec, hands, frozen, melds, st, seat, least, after, useful, mask)


@njit(cache=True, inline='always')
def marks_from_scan(rule_vec, hands, frozen, melds, st, seat, least, after, useful, mask):
    """Set ACT_SHANGJIA + t in ``mask`` for each scanned discard t that leaves 报听 waits, from a 缺一门 discard
    scan's least shanten and rows (``after`` int8[34], ``useful`` int64[34]); returns how many were set."""
    if least != 0:
        return 0
    n = 0
    declared = declared_kinds(st, seat)  # the suit given up at the deal (jz_dingque_upfront), 0 when none
    for t in range(34):
        if after[t] == 0:
            hands[seat, t] -= 1
            waits = np.int64(0) if holds_declared(hands, st, seat) else useful[t] & ~never_wins(rule_vec) & ~declared
            waits = drop_owned_waits(rule_vec, hands, frozen, melds, seat, waits)
            hands[seat, t] += 1
            if waits != 0:
                mask[ACT_SHANGJIA + t] = True
                n += 1
    return n


@njit(cache=True, _nrt=False)
def settle_win_in_state(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind):
    """Pay one 晋中 win (``settle_win``) and store its features and multiplier in ``st`` (the first win of the
    hand only); return the winner's gain in 底分 (hu and kong money)."""
    gain_before = money[MONEY_WIN, winner] + money[MONEY_KONG, winner]
    features, multiplier = settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind,
                                      st[ST_FROM_TAIL] == 1)
    if st[ST_WIN_FEATURES] == NO_WIN_FEATURES:
        st[ST_WIN_FEATURES] = features
        st[ST_MULTIPLIER] = multiplier
    return money[MONEY_WIN, winner] + money[MONEY_KONG, winner] - gain_before
