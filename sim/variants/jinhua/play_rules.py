"""金华 rules the engine plays through its hooks (RULES §3.1–§3.5): the bodies of the 金华 branches of
the variant's hooks (sim/variants/jinhua/hooks.py) — compiled.

Each function reads the packed rule vector of ``JinhuaRules.pack()`` (R_JH_* slots and the common slots 金华
fixes) and the core's flat state (sim.core.state: ``hands``/``melds`` int8[4, 34], ``st`` int64[N_ST]); 金华's
per-hand fields are the state's mechanic fields (``ST_WILD_KIND``, ``ST_DECLINED_PONGS``,
``ST_FORBIDDEN_DISCARDS``, ``ST_CHOWS``, ``ST_CHENGBAO``, ``ST_WINNER_WILDS``). The rule kernels themselves are in
``_calls``, ``_reserve``, ``_settle``,
``_win_shape``, ``legal`` and ``state_rules``; this module only wires them to the state.

* **Deal** (r3–r5): the indicator is the wall's last position (``_reserve.INDICATOR_POSITION``); its kind is the
  财神; kong replacements start one position below it.
* **Draws** (r4): every draw, front or replacement, uses a live tile; 荒 when none is left; a kong needs one.
* **Claims** (r8–r13): a discarded 财神 is dead (no 吃/碰/杠; no 胡 unless ``jh_ron_on_caishen``); 过碰 blocks a
  declined pong until the seat's next turn; 吃 by the 下家 only; priority 胡 > 杠 = 碰 > 吃; 吃张打张 after a 吃.
* **Wins** (r14–r20): no ting; complete in a 金华 form (wild-aware); shape, features and multiplier from
  ``_win_shape.classify_win_k``; money with 承包.
"""
import numpy as np
from numba import njit

from sim.core.codes import (
    ACT_CHI_LOW, ACT_GANG, ACT_HU, ACT_PENG, FEATURE_QIDUI, FEATURE_QIFENG, MELD_CHOW, MONEY_KONG,
    MONEY_WIN,
    NO_WIN_FEATURES, SHAPE_QIDUI, SHAPE_QIFENG, SHAPE_REGULAR, WIN_ZIMO,
)
from sim.core.chows import pong_equals_kong_priority as claim_priority  # noqa: F401  (RULES §3.3 r10)
from sim.core.melds import meld_slot
from sim.core.rule_layout import R_ANGANG_UNITS, R_MINGGANG_UNITS, R_QIDUI_ALLOW_QUAD
from sim.variants.jinhua.rule_slots import (
    R_JH_CHENGBAO_SCOPE, R_JH_DEAD_WALL, R_JH_DEALER, R_JH_DEALER_DOUBLE, R_JH_INDICATOR_IN_RESERVE,
    R_JH_KONG_COUNTS_TAN, R_JH_KONG_MONEY, R_JH_MULT, R_JH_RON_ON_CAISHEN, R_JH_WILD_IN_MELDS,
)
from sim.core.state import (
    CLAIM_BIT_GANG, CLAIM_BIT_PENG, EV_CAISHEN, EV_CHOW, KONG_AN, PEND_DISCARD, ST_DEALER, ST_FRONT_DRAWS,
    ST_GUO_HU, ST_WILD_KIND, ST_CHENGBAO, ST_CHOWS, ST_DECLINED_PONGS, ST_FORBIDDEN_DISCARDS, ST_WINNER_WILDS,
    ST_LAST_DRAWN, ST_MULTIPLIER, ST_N_MELDS, ST_PENDING_KIND, ST_PENDING_TILE, ST_REPLACEMENTS, ST_WIN_FEATURES,
    MAX_MELDS, REC_TILE, REC_TYPE, log_event,
)
from sim.core.codes import N_JH_MULT
from sim.variants.jinhua._calls import chow_shapes_k, holder_kind_k, is_next_seat_k, pong_allowed_k
from sim.variants.jinhua._reserve import (
    FIRST_REPLACEMENT, caishen_kind_k, draw_allowed_k, is_last_tile_k, live_tiles_k, next_dealer_k,
)
from sim.variants.jinhua._settle import pay_kong_k
from sim.variants.jinhua._win_shape import classify_win_k
from sim.variants.jinhua.legal import CLAIM_CHOW_SHIFT, is_complete_k
from sim.variants.jinhua.state_rules import apply_chow_k, settle_win_from_state_k

TAIL_START = FIRST_REPLACEMENT   # wall position of the first kong replacement (the indicator sits above it)


# --- deal and draws ----------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def turn_indicator(wall, st, events):
    """Keep the 财神 kind (the turned indicator's own kind, RULES §3.2 r5, A28) in ``st[ST_WILD_KIND]``, start
    the 吃 count at 0 and log the indicator; returns nothing."""
    st[ST_WILD_KIND] = caishen_kind_k(wall)
    st[ST_CHOWS] = 0
    log_event(events, st, EV_CAISHEN, -1, st[ST_WILD_KIND], 0)


@njit(cache=True, _nrt=False)
def live_tiles(rule_vec, st):
    """Return the live tiles left to draw (RULES §3.1 r4; 0 = 荒 at the next draw)."""
    return live_tiles_k(st[ST_FRONT_DRAWS], st[ST_REPLACEMENTS], rule_vec[R_JH_DEAD_WALL],
                        rule_vec[R_JH_INDICATOR_IN_RESERVE] == 1)


@njit(cache=True, _nrt=False)
def kept_back_tiles(rule_vec):
    """Return the tiles below the replacement tail's live part that no draw may take (the invariant checker's
    statement of RULES §3.1 r4): the reserve (``jh_dead_wall``), less one when the turned indicator, which sits
    above the replacement tail, is counted as one of them (``jh_indicator_in_reserve``)."""
    reserve = rule_vec[R_JH_DEAD_WALL]
    if reserve > 0 and rule_vec[R_JH_INDICATOR_IN_RESERVE] == 1:
        return reserve - 1
    return reserve


@njit(cache=True, _nrt=False)
def may_draw(rule_vec, st):
    """Return True while a live tile is left: a front draw, or a kong with its replacement (RULES §3.1 r4)."""
    return draw_allowed_k(st[ST_FRONT_DRAWS], st[ST_REPLACEMENTS], rule_vec[R_JH_DEAD_WALL],
                          rule_vec[R_JH_INDICATOR_IN_RESERVE] == 1)


@njit(cache=True, _nrt=False)
def on_turn_start(st, seat):
    """Clear ``seat``'s 过碰 mask (r11: until its own next turn) and the 吃张打张 mask of the previous turn (r12)."""
    st[ST_DECLINED_PONGS + seat] = 0
    st[ST_FORBIDDEN_DISCARDS] = 0


@njit(cache=True, _nrt=False)
def forbidden_discards(st):
    """Return the int64 kind mask the current seat may not discard (吃张打张 right after its 吃, r12)."""
    return st[ST_FORBIDDEN_DISCARDS]


# --- claims ------------------------------------------------------------------------------------------------


@njit(cache=True, _nrt=False)
def blocked_claim_bits(st, seat, tile):
    """Return the core claim bits (CLAIM_BIT_PENG/GANG) ``seat`` may not use on the discard ``tile``: both on a
    discarded 财神 (r8, r9), 碰 on a kind it declined this go-around (过碰 r11)."""
    if tile == st[ST_WILD_KIND]:
        return CLAIM_BIT_PENG | CLAIM_BIT_GANG
    if (st[ST_DECLINED_PONGS + seat] >> tile) & 1:
        return CLAIM_BIT_PENG
    return 0


@njit(cache=True, _nrt=False)
def chow_claim_bits(rule_vec, hands, st, seat, tile, source):
    """Return the CLAIM_BIT_CHI_* bits of ``seat`` on the discard ``tile`` of ``source``: only the 下家, never a
    财神 (r8) nor one inside the meld (r9 unless ``jh_wild_in_melds``) (RULES §3.3 r10)."""
    if not is_next_seat_k(seat, source):
        return 0
    return chow_shapes_k(hands[seat], tile, st[ST_WILD_KIND], rule_vec[R_JH_WILD_IN_MELDS] == 1) << CLAIM_CHOW_SHIFT


@njit(cache=True, _nrt=False)
def take_chow(hands, melds, st, events, seat, tile, source, action):
    """吃 the discard ``tile`` of ``source`` (already out of the river) as ``action`` (ACT_CHI_LOW/MID/HIGH): the
    meld, the 吃 count, and the kinds 吃张打张 forbids on the seat's discard (r10, r12); returns nothing."""
    shape = action - ACT_CHI_LOW
    st[ST_FORBIDDEN_DISCARDS] = apply_chow_k(hands, melds, st, seat, tile, source, shape, st[ST_WILD_KIND])
    st[ST_CHOWS] += 1
    log_event(events, st, EV_CHOW, seat, tile, source * 8 + shape)


@njit(cache=True, _nrt=False)
def on_claim_answer(hands, st, seat, action):
    """Remember a declined pong (过碰 r11): ``seat`` answered the open discard with neither 碰, 杠 nor 胡 while
    it could 碰; returns nothing."""
    if st[ST_PENDING_KIND] != PEND_DISCARD or action == ACT_PENG or action == ACT_GANG or action == ACT_HU:
        return
    tile = st[ST_PENDING_TILE]
    if pong_allowed_k(hands[seat], tile, st[ST_WILD_KIND], False, st[ST_DECLINED_PONGS + seat]):
        st[ST_DECLINED_PONGS + seat] |= np.int64(1) << tile


# --- wins --------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def hand_complete(rule_vec, tables, hands, st, seat):
    """Return True when ``seat``'s 3n+2 concealed hand is complete in a 金华 form (wild-aware, r7, r15)."""
    return is_complete_k(hands[seat], st[ST_N_MELDS + seat], st[ST_WILD_KIND], rule_vec[R_QIDUI_ALLOW_QUAD] == 1,
                         tables)


@njit(cache=True, _nrt=False)
def can_win_on(rule_vec, tables, hands, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile``: no ting needed (r14); a discarded 财神 only with
    ``jh_ron_on_caishen`` (r8, A29); a kind passed this go-around not under 过胡 (A36); 抢杠胡 on a 补杠."""
    if st[ST_PENDING_KIND] == PEND_DISCARD:
        if tile == st[ST_WILD_KIND] and rule_vec[R_JH_RON_ON_CAISHEN] == 0:
            return False
        if (st[ST_GUO_HU + seat] >> tile) & 1:
            return False
    hands[seat, tile] += 1
    ok = hand_complete(rule_vec, tables, hands, st, seat)
    hands[seat, tile] -= 1
    return ok


@njit(cache=True, _nrt=True)
def _meld_kinds(st, seat):
    """Return int8[MAX_MELDS]: the recorded (lowest) kind of each of ``seat``'s melds."""
    kinds = np.zeros(MAX_MELDS, np.int8)  # [i] lowest kind of meld i
    for i in range(st[ST_N_MELDS + seat]):
        kinds[i] = st[meld_slot(seat, i) + REC_TILE]
    return kinds


@njit(cache=True, _nrt=False)
def _winning_tile(st, win_kind):
    """Return the tile that completed the win: the self-drawn one, else the pending discard or kong tile."""
    return st[ST_LAST_DRAWN] if win_kind == WIN_ZIMO else st[ST_PENDING_TILE]


@njit(cache=True, _nrt=True)
def win_shape(rule_vec, tables, hands, st, seat, win_kind):
    """Return the SHAPE_* of ``seat``'s complete hand: the form the classification scores (七对, 七风, else
    regular: 平胡 and 爆头 are four sets and a pair) (RULES §3.4 r15)."""
    wild = st[ST_WILD_KIND]
    self_drawn = win_kind == WIN_ZIMO
    last = is_last_tile_k(st[ST_FRONT_DRAWS], st[ST_REPLACEMENTS], rule_vec[R_JH_DEAD_WALL],
                          rule_vec[R_JH_INDICATOR_IN_RESERVE] == 1)
    features, _ = classify_win_k(hands[seat], _meld_kinds(st, seat), st[ST_N_MELDS + seat], wild, self_drawn,
                                 _winning_tile(st, win_kind), self_drawn and last, False,
                                 rule_vec[R_QIDUI_ALLOW_QUAD] == 1, rule_vec[R_JH_MULT:R_JH_MULT + N_JH_MULT], tables)
    if features & FEATURE_QIDUI:
        return SHAPE_QIDUI
    if features & FEATURE_QIFENG:
        return SHAPE_QIFENG
    return SHAPE_REGULAR


@njit(cache=True, _nrt=True)
def settle_win(rule_vec, tables, hands, st, money, winner, feeder, win_kind):
    """Pay one win into ``money[MONEY_WIN]`` (底注) with its multiplier and 承包 (RULES §3.5 r16–r20); the first
    win of the hand stores its features, multiplier and the winner's wilds in ``st``, and every win adds what
    承包 changed to ``st[ST_CHENGBAO + seat]``. Returns the winner's gain in 底注."""
    chengbao = np.zeros(4, np.int32)  # [seat] what 承包 changed in this win's money
    before = money[MONEY_WIN, winner]
    features, multiplier = settle_win_from_state_k(
        hands, st, money, chengbao, winner, feeder, win_kind, _winning_tile(st, win_kind), st[ST_WILD_KIND],
        rule_vec[R_QIDUI_ALLOW_QUAD] == 1, tables, rule_vec[R_JH_MULT:R_JH_MULT + N_JH_MULT],
        rule_vec[R_JH_DEAD_WALL], rule_vec[R_JH_INDICATOR_IN_RESERVE] == 1, rule_vec[R_JH_KONG_COUNTS_TAN] == 1,
        rule_vec[R_JH_DEALER_DOUBLE] == 1, rule_vec[R_JH_CHENGBAO_SCOPE])
    for s in range(4):
        st[ST_CHENGBAO + s] += chengbao[s]
    if st[ST_WIN_FEATURES] == NO_WIN_FEATURES:
        st[ST_WIN_FEATURES] = features
        st[ST_MULTIPLIER] = multiplier
        st[ST_WINNER_WILDS] = hands[winner, st[ST_WILD_KIND]]
    return money[MONEY_WIN, winner] - before


# --- kongs, the dealer, checks -----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def on_kong(rule_vec, money, seat, kong_type):
    """Pay a kong when ``jh_kong_money`` is on (RULES §3.5 r21, A35: none by default); returns nothing."""
    units = rule_vec[R_ANGANG_UNITS] if kong_type == KONG_AN else rule_vec[R_MINGGANG_UNITS]
    pay_kong_k(seat, units, rule_vec[R_JH_KONG_MONEY] == 1, money[MONEY_KONG])


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st, winner):
    """Return the next hand's dealer under ``jh_dealer`` (RULES §3.1 r2, A27); ``winner`` -1 = 荒庄."""
    return next_dealer_k(st[ST_DEALER], winner, rule_vec[R_JH_DEALER])


@njit(cache=True, _nrt=False)
def meld_tile_kind(st, shown):
    """Return the physical kind of a natural meld tile showing ``shown`` (the 财神's face is a 白板, r6)."""
    return holder_kind_k(shown, st[ST_WILD_KIND])


@njit(cache=True, _nrt=False)
def state_ok(rule_vec, st):
    """Return False when a 金华 rule of the state broke: a 财神 inside a meld (r9, unless ``jh_wild_in_melds``).
    (A draw past the live wall, r4, is the core checker's ERR_FRONT_LIMIT, from ``kept_back_tiles``.)"""
    if rule_vec[R_JH_WILD_IN_MELDS] == 1:
        return True
    wild = st[ST_WILD_KIND]
    for s in range(4):
        for i in range(st[ST_N_MELDS + s]):
            slot = meld_slot(s, i)
            low = st[slot + REC_TILE]
            if st[slot + REC_TYPE] == MELD_CHOW:
                for k in range(low, low + 3):
                    if holder_kind_k(k, wild) == wild:
                        return False
            elif low == wild:
                return False
    return True
