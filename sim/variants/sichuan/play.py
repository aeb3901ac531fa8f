"""The Sichuan kernels the hooks call while a hand is played (docs/rules/sichuan.md r3–r6, r12–r14, r29–r36,
r48–r84): the live wall, the void-suit restrictions, the 过胡 lock, a win's context and settlement, kongs, the
first win, the hand's end and the next dealer — compiled kernels over the core's state (sim.core.state).

The rule kernels of the other modules take arrays; here they get views of the state's rule-set region
(``hand_state``): the kong log ``st[SC_KONG_LOG..]`` as int64[SC_MAX_KONGS, SC_KONG_FIELDS], and the per-seat
blocks (``active``, the event's winners, the wall-end classes) as int64[4] slices. ``money`` is the core's ledger,
int32[N_MONEY, 4] in 底 (rows ``codes.SC_MONEY_*``). ``hands`` / ``melds`` int8[4, 34]; ``tables`` the core hand
tables. None allocates.
"""
import numpy as np
from numba import njit

from sim.core.codes import (
    FEATURE_DIHU, FEATURE_GANGKAI, FEATURE_HAIDI, FEATURE_HAOHUA_QIDUI, FEATURE_PENGPENGHU, FEATURE_PINGHU,
    FEATURE_QIANGGANG, FEATURE_QIDUI, FEATURE_QINGYISE, FEATURE_TIANHU, MELD_ANGANG, MELD_BUGANG, MELD_MINGGANG,
    NO_WIN_FEATURES, SHAPE_QIDUI, SHAPE_REGULAR, WIN_DIANHU, WIN_QIANGGANG, WIN_ZIMO,
)
from sim.core.hand.kernel import FORM_QIDUI, shanten_qidui_k, shanten_regular_k
from sim.core.state import (
    CLAIM_BIT_GANG, CLAIM_BIT_HU, CLAIM_BIT_PENG, KONG_AN, KONG_BU, MAX_MELDS, MELD_FIELDS, PEND_ANGANG, PEND_BUGANG,
    REC_TILE, ST_CLAIM_BITS, ST_DEALER, ST_DINGQUE, ST_FROM_TAIL, ST_FRONT_DRAWS, ST_KONGS, ST_LAST_DRAWN,
    ST_MELD_RECS, ST_MULTIPLIER, ST_N_MELDS, ST_PENDING_KIND, ST_PENDING_TILE, ST_PONGS, ST_REPLACEMENTS, ST_TURNS,
    ST_WIN_FEATURES, ST_WINNER, ST_WINNERS,
)
from sim.core.state import N_RULE_STATE, ST_END_CLASS, ST_RULE_STATE, ST_WIN_FAN, ST_WIN_VALUE
from sim.core.wall import DEAL_SIZE, wall_size
from sim.variants.sichuan import codes as S
from sim.variants.sichuan.dingque import declares_k
from sim.variants.sichuan.fan import hand_fan_k, hand_value_k, win_fan_k
from sim.variants.sichuan.flow import next_dealer_k
from sim.variants.sichuan.hand_state import (
    SC_ACTIVE, SC_CLASSES, SC_EMPTY_DRAWER, SC_EVENT_WINNERS, SC_FIRST_MULTI, SC_FIRST_SOURCE, SC_KONG_LOG,
    SC_LAST_KONG_FEEDER, SC_LAST_KONG_ROW, SC_LAST_KONG_SEAT, SC_LAST_KONG_TYPE, SC_LOCK_FAN,
    SC_N_KONGS, SC_OFFER_FAN, SC_PLACED, SC_TMVS, SC_VOIDS,
)
from sim.variants.sichuan.kongs import book_deferred_kongs_k, record_kong_k
from sim.variants.sichuan.payments import hujiao_zhuanyi_k, pay_win_k
from sim.variants.sichuan.rule_slots import (
    R_SC_DIHU_DEF, R_SC_DINGQUE, R_SC_GUO_HU, R_SC_KONG_MONEY_TIMING, R_SC_LAST_DISCARD_PONG, R_SC_QIANG_GANG,
    R_SC_VOID_DISCARD,
)
from sim.variants.sichuan.ting import classify_table_k
from sim.variants.sichuan.wall_end import wall_end_k
from sim.variants.sichuan.win import N_SUIT_KINDS, win_forms_k, wins_with_k

SUIT_KINDS = np.int64((1 << N_SUIT_KINDS) - 1)  # the 27 suit kinds (r1)


# --- views of the rule-set region ---------------------------------------------------------------------------
@njit(cache=True, inline='always')  # inlined: a kernel without reference counting returns no view
def kong_log(st):
    """Return the kong log, a view int64[SC_MAX_KONGS, SC_KONG_FIELDS] of ``st``."""
    return st[SC_KONG_LOG:SC_KONG_LOG + S.SC_MAX_KONGS * S.SC_KONG_FIELDS].reshape((S.SC_MAX_KONGS, S.SC_KONG_FIELDS))


@njit(cache=True, inline='always')
def active_seats(st):
    """Return the view int64[4] of ``st``: 1 for each seat that has not won (r55)."""
    return st[SC_ACTIVE:SC_ACTIVE + 4]


# --- the wall (r3–r6, r29) ----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def tiles_left(rule_vec, st):
    """Return the live tiles left: the 108 less the deal and every draw, front or replacement (r3: no dead wall)."""
    return wall_size(rule_vec) - DEAL_SIZE - st[ST_FRONT_DRAWS] - st[ST_REPLACEMENTS]


# --- the void suit (r10–r14) --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def void_of(st, seat):
    """Return the suit ``seat`` declared void (0 万, 1 筒, 2 条), -1 = none."""
    return st[ST_DINGQUE + seat] - 1


@njit(cache=True, _nrt=False)
def void_kinds(rule_vec, st, seat):
    """Return the int64 kinds of ``seat``'s void suit, 0 when none is declared (``implicit``, r18)."""
    void = void_of(st, seat)
    if not declares_k(rule_vec) or void < 0:
        return np.int64(0)
    return np.int64(0x1FF) << (9 * void)


@njit(cache=True, _nrt=False)
def discard_forbidden_k(rule_vec, st, seat):
    """Return the int64 kinds ``seat`` may not discard under ``strict`` (r12): every suit kind but the void suit's.
    The core lets every held kind go when all are forbidden, so a seat without a void tile discards freely."""
    if rule_vec[R_SC_VOID_DISCARD] != S.SC_VOID_DISCARD_STRICT:
        return np.int64(0)
    void = void_kinds(rule_vec, st, seat)
    return SUIT_KINDS & ~void if void != 0 else np.int64(0)


@njit(cache=True, _nrt=False)
def blocked_claim_bits_k(rule_vec, st, seat, tile):
    """Return the core claims ``seat`` may not make on ``tile``: 碰 and 杠 of its void suit (r13), and 碰 on the
    discard after the last live tile without ``sc_last_discard_pong`` (r35)."""
    bits = 0
    if (void_kinds(rule_vec, st, seat) >> tile) & 1 == 1:
        bits |= CLAIM_BIT_PENG | CLAIM_BIT_GANG
    if rule_vec[R_SC_LAST_DISCARD_PONG] == 0 and tiles_left(rule_vec, st) <= 0:
        bits |= CLAIM_BIT_PENG
    return bits


# --- wins (r15, r30–r33, r37–r38) ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def can_win_on(rule_vec, tables, hands, melds, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile``: a discard, or a 补杠 with ``sc_qiang_gang`` (r30),
    never a 暗杠 (r31), that completes a legal win clean of its void suit (r15, r37, r38); under ``until_draw`` a seat
    that declined a win since its last draw only with more 番 than the most it declined (r32). Keeps the tiles' 番
    of the offer for the lock. The hand is restored."""
    kind = st[ST_PENDING_KIND]
    if kind == PEND_ANGANG or (kind == PEND_BUGANG and rule_vec[R_SC_QIANG_GANG] == 0):
        return False
    if not wins_with_k(hands[seat], melds[seat], void_of(st, seat), rule_vec[R_SC_DINGQUE], tables, tile):
        return False
    if rule_vec[R_SC_GUO_HU] == S.SC_GUO_HU_NONE:
        return True
    hands[seat, tile] += 1
    fan = hand_fan_k(hands[seat], melds[seat], win_forms_k(hands[seat], melds[seat], tables), rule_vec)[0]
    hands[seat, tile] -= 1
    st[SC_OFFER_FAN + seat] = fan + 1
    lock = st[SC_LOCK_FAN + seat]
    return lock == 0 or fan + 1 > lock


@njit(cache=True, _nrt=False)
def note_claim_answer(rule_vec, st, seat, action_is_hu):
    """Lock ``seat`` after it declined a win it was offered (r32): until its next draw it may win on a discard or
    kong only with more 番 than the most it declined; returns nothing."""
    if rule_vec[R_SC_GUO_HU] == S.SC_GUO_HU_NONE or action_is_hu:
        return
    if st[ST_CLAIM_BITS + seat] & CLAIM_BIT_HU == 0:
        return
    if st[SC_OFFER_FAN + seat] > st[SC_LOCK_FAN + seat]:
        st[SC_LOCK_FAN + seat] = st[SC_OFFER_FAN + seat]


@njit(cache=True, _nrt=False)
def seat_suits(hands, st, seat):
    """Return the suits (bit 0 万, 1 筒, 2 条) of ``seat``'s concealed tiles and meld records."""
    mask = 0
    for k in range(N_SUIT_KINDS):
        if hands[seat, k] > 0:
            mask |= 1 << (k // 9)
    for i in range(st[ST_N_MELDS + seat]):
        mask |= 1 << (st[ST_MELD_RECS + (seat * MAX_MELDS + i) * MELD_FIELDS + REC_TILE] // 9)
    return mask


@njit(cache=True, _nrt=False)
def hand_wins(rule_vec, tables, hands, st, seat):
    """Return True when ``seat``'s 3n+2 hand with its melds is a legal win (r15, r18, r37, r38), read from the meld
    count and records (the invariant checker's view)."""
    suits = seat_suits(hands, st, seat)
    void = void_of(st, seat)
    if rule_vec[R_SC_DINGQUE] == S.SC_DINGQUE_IMPLICIT:
        if suits == 7:
            return False
    elif void >= 0 and (suits >> void) & 1 == 1:
        return False
    n_melds = st[ST_N_MELDS + seat]
    if shanten_regular_k(hands[seat], n_melds, tables) == -1:
        return True
    return n_melds == 0 and shanten_qidui_k(hands[seat], True) == -1


@njit(cache=True, _nrt=False)
def shape_of(tables, hands, melds, seat):
    """Return the SHAPE_* of ``seat``'s complete hand: 七对 before regular."""
    forms = win_forms_k(hands[seat], melds[seat], tables)
    return SHAPE_QIDUI if forms & FORM_QIDUI else SHAPE_REGULAR


@njit(cache=True, _nrt=False)
def win_context(rule_vec, st, winner, feeder, win_kind):
    """Return the CTX_* bits of a win now (r48, r51): 自摸 (after a kong's replacement: 杠上开花), on the robbed
    补杠 (抢杠胡), on the discard made after a replacement (杠上炮), the last live tile drawn (海底), 天胡 (the
    dealer's 自摸 on its first turn, kongs before it included, r36), 地胡 (``first_draw``: a non-dealer's 自摸 on its
    first draw with no 碰 or kong made; ``dealer_first_discard``: a win on the dealer's first discard)."""
    ctx = 0
    dealer = st[ST_DEALER]
    if win_kind == WIN_ZIMO:
        ctx |= S.CTX_ZIMO
        if st[ST_FROM_TAIL] == 1:
            ctx |= S.CTX_AFTER_KONG
        if winner == dealer and st[ST_TURNS + dealer] == 1:
            ctx |= S.CTX_TIANHU
        elif (rule_vec[R_SC_DIHU_DEF] == S.SC_DIHU_FIRST_DRAW and winner != dealer and st[ST_TURNS + winner] == 1
              and st[ST_PONGS] == 0 and st[ST_KONGS] == 0):
            ctx |= S.CTX_DIHU
    elif win_kind == WIN_QIANGGANG:
        ctx |= S.CTX_QIANGGANG
    else:
        if st[ST_FROM_TAIL] == 1:
            ctx |= S.CTX_KONG_DISCARD
        if (rule_vec[R_SC_DIHU_DEF] == S.SC_DIHU_DEALER_FIRST_DISCARD and feeder == dealer
                and st[ST_TURNS + dealer] == 1 and st[ST_TURNS + winner] == 0):
            ctx |= S.CTX_DIHU
    if win_kind != WIN_QIANGGANG and tiles_left(rule_vec, st) <= 0:
        ctx |= S.CTX_LAST_TILE
    return ctx


@njit(cache=True, _nrt=False)
def core_features(feats, win_kind):
    """Return the record's FEATURE_* bits (sim.core.codes) of the Sichuan FEAT_* bits ``feats`` of a win."""
    out = 0
    if feats & S.FEAT_QIDUI:
        out |= FEATURE_HAOHUA_QIDUI if (feats >> S.GEN_SHIFT) & S.GEN_MASK > 0 else FEATURE_QIDUI
    if feats & S.FEAT_DADUIZI:
        out |= FEATURE_PENGPENGHU
    if feats & S.FEAT_PINGHU:
        out |= FEATURE_PINGHU
    if feats & S.FEAT_QINGYISE:
        out |= FEATURE_QINGYISE
    if feats & S.FEAT_GANGKAI:
        out |= FEATURE_GANGKAI
    if feats & S.FEAT_HAIDI and win_kind == WIN_ZIMO:
        out |= FEATURE_HAIDI
    if feats & S.FEAT_QIANGGANG:
        out |= FEATURE_QIANGGANG
    if feats & S.FEAT_TIANHU:
        out |= FEATURE_TIANHU
    if feats & S.FEAT_DIHU:
        out |= FEATURE_DIHU
    return out


@njit(cache=True, _nrt=False)
def settle_win_k(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind):
    """Score and pay one win (``winner``'s hand holds the winning tile): its 番 and value (r40–r54), paid by the
    discarder or the robbed 补杠's declarer, or on a 自摸 by every other seat that has not won (r55, r59–r62); the
    winner then leaves (r55). Keeps the seat's 番 and value for the record, and the hand's first win's features and
    value. Returns the winner's gain in 底."""
    counts = hands[winner]
    forms = win_forms_k(counts, melds[winner], tables)
    ctx = win_context(rule_vec, st, winner, feeder, win_kind)
    fan, feats = win_fan_k(counts, melds[winner], forms, ctx, rule_vec)
    kong_feeder = -1  # 点杠花: a 杠上开花 after a 直杠 fed by a discard (r62)
    if (ctx & S.CTX_AFTER_KONG != 0 and st[SC_LAST_KONG_SEAT] == winner + 1
            and st[SC_LAST_KONG_TYPE] == MELD_MINGGANG):
        kong_feeder = st[SC_LAST_KONG_FEEDER] - 1
    gain = pay_win_k(rule_vec, money, winner, feeder, fan, ctx, active_seats(st), kong_feeder)
    st[SC_ACTIVE + winner] = 0
    value = hand_value_k(fan, rule_vec)
    st[ST_WIN_FAN + winner] = fan + 1
    st[ST_WIN_VALUE + winner] = value
    if st[ST_WIN_FEATURES] == NO_WIN_FEATURES:
        st[ST_WIN_FEATURES] = core_features(feats, win_kind)
        st[ST_MULTIPLIER] = value
    return gain


@njit(cache=True, _nrt=False)
def after_wins(rule_vec, st, money, source, winners, win_kind):
    """After the wins of one event (bit k of ``winners``): remember the hand's first win (r83), and pass on kong
    money on a 杠上炮 (呼叫转移, r68–r69: a discard right after its discarder's replacement draw); returns nothing."""
    if st[SC_FIRST_SOURCE] == 0:
        st[SC_FIRST_SOURCE] = source + 1
        n = 0
        for s in range(4):
            n += (winners >> s) & 1
        st[SC_FIRST_MULTI] = 1 if n > 1 else 0
    if win_kind == WIN_DIANHU and st[ST_FROM_TAIL] == 1 and st[SC_LAST_KONG_SEAT] == source + 1:
        event = st[SC_EVENT_WINNERS:SC_EVENT_WINNERS + 4]
        for s in range(4):
            event[s] = (winners >> s) & 1
        hujiao_zhuanyi_k(rule_vec, money, kong_log(st), st[SC_N_KONGS], st[SC_LAST_KONG_ROW], source, event)


# --- kongs (r24–r29, r63–r67) -------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def record_kong(rule_vec, st, money, seat, kong_type, feeder):
    """Log the completed kong of ``seat`` (core KONG_* ``kong_type``, ``feeder`` the discarder of a 直杠) and book
    its money (r63–r67); a 补杠 of a tile held from before this turn's draw is a 转手杠 (r64). Returns nothing."""
    if kong_type == KONG_AN:
        meld = MELD_ANGANG
    elif kong_type == KONG_BU:
        meld = MELD_BUGANG
    else:
        meld = MELD_MINGGANG
    postponed = kong_type == KONG_BU and st[ST_PENDING_TILE] != st[ST_LAST_DRAWN]
    row = st[SC_N_KONGS]
    st[SC_N_KONGS] = record_kong_k(rule_vec, kong_log(st), row, seat, meld, feeder, active_seats(st), postponed,
                                   money)
    st[SC_LAST_KONG_SEAT] = seat + 1
    st[SC_LAST_KONG_TYPE] = meld
    st[SC_LAST_KONG_FEEDER] = feeder + 1
    st[SC_LAST_KONG_ROW] = row


# --- the hand's end (r70–r81) and the next dealer (r82–r84) ------------------------------------------------------
@njit(cache=True, _nrt=False)
def end_hand(rule_vec, tables, hands, melds, st, money, drawer):
    """The hand's end: book kong money deferred to it (r67); with fewer than three winners, classify every seat
    that has not won (花猪 / 听牌 with its TMV / 未听, r71–r76) and run 查花猪, 查大叫 and 退税 (r73–r78), each in
    its own money row. ``drawer``: the seat whose draw found the wall empty (r84), -1 = three have won."""
    st[SC_EMPTY_DRAWER] = drawer + 1
    log = kong_log(st)
    if rule_vec[R_SC_KONG_MONEY_TIMING] == S.SC_KONG_TIMING_HAND_END:
        book_deferred_kongs_k(log, st[SC_N_KONGS], money)
    winners = 0
    for s in range(4):
        winners += (st[ST_WINNERS] >> s) & 1
    if winners >= 3:
        return
    voids = st[SC_VOIDS:SC_VOIDS + 4]
    for s in range(4):
        voids[s] = void_of(st, s) if declares_k(rule_vec) else -1
    classes = st[SC_CLASSES:SC_CLASSES + 4]
    tmvs = st[SC_TMVS:SC_TMVS + 4]
    classify_table_k(hands, melds, voids, active_seats(st), rule_vec, tables, classes, tmvs)
    wall_end_k(rule_vec, money, classes, tmvs, log, st[SC_N_KONGS])
    for s in range(4):
        if classes[s] != S.SC_CLASS_WON:
            st[ST_END_CLASS + s] = classes[s] + 1


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the next hand's dealer (r82–r84): the first winner, or the discarder of a first win by 一炮多响, or
    with no winner the dealer or the seat after the one whose draw found the wall empty."""
    return next_dealer_k(rule_vec, st[ST_DEALER], st[ST_WINNER], st[SC_FIRST_MULTI] == 1, st[SC_FIRST_SOURCE] - 1,
                         st[SC_EMPTY_DRAWER] - 1)


@njit(cache=True, _nrt=False)
def state_ok(st):
    """Return True when the Sichuan fields agree with the core's: one kong-log row per completed kong, and the
    active seats exactly those that have not won."""
    if st[SC_N_KONGS] != st[ST_KONGS]:
        return False
    for s in range(4):
        if st[SC_ACTIVE + s] != 1 - ((st[ST_WINNERS] >> s) & 1):
            return False
    return True


@njit(cache=True, _nrt=False)
def public_region(st, seat, wst):
    """Copy Sichuan's region of ``st`` into ``wst`` but the other seats' 过胡 lock (SC_LOCK_FAN), offered 番
    (SC_OFFER_FAN) and face-down placed void tile (SC_PLACED, r17: its kind is hidden until discarded; a world plays
    that seat as if it had placed none), left 0; returns nothing."""
    for i in range(ST_RULE_STATE, ST_RULE_STATE + N_RULE_STATE):
        wst[i] = st[i]
    for s in range(4):
        if s != seat:
            wst[SC_LOCK_FAN + s] = 0
            wst[SC_PLACED + s] = 0
            wst[SC_OFFER_FAN + s] = 0
