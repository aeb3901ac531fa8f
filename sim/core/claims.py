"""Claim windows: who may answer a discard or kong tile, and priority resolution — kernels.

Priority is the variant hook ``claim_priority`` (晋城 RULES §1.3 r19–r21: 胡 > 抢 > 拾 > 杠 = 碰), ties to
the seat nearest after the discarder (flag ``multi_ron``: every 胡 claimant wins); r40–r41 抢杠胡 on a 补杠 (and on a
暗杠 for 十三幺 with ``rob_angang``). Answers are kept in ``st[ST_CLAIM + seat]``; the window
resolves once every eligible seat has answered. ``open_claims`` keeps each seat's options in ``st[ST_CLAIM_BITS + seat]``:
nothing a window's answers do changes the options of a seat yet to answer (an answer touches the answering seat's
过胡/过碰 marks only), so the hand loop and the 过胡 watch read them there. A 上架 seat asked about a discard marks it
let pass (``st[ST_PASSED + seat]``) when it answers other than 胡 (``mark_let_pass``), not when the window opens:
the mark shows only answers already given (a seat that sees the window cannot tell a later seat's answer).
"""
import numpy as np
from numba import njit

from sim.core.flow import begin_turn, complete_kong, record_win, settle_one_win
from sim.core.flow import out_of_hand, pass_turn, play_on_after_win
from sim.core.legal import CLAIM_BIT_HU, claim_options
from sim.core.melds import add_meld
from sim.core.rule_layout import R_GUO_HU, R_MULTI_RON
from sim.core.state import (
    ACT_GANG, ACT_HU, ACT_PENG, CLAIM_NOT_ELIGIBLE, CLAIM_WAITING, EV_HU, EV_KONG_ROBBED, EV_PASS_HU, EV_PENG,
    EV_QIANGGANG, KONG_AN, KONG_BU, KONG_MING, MELD_PONG, PEND_ANGANG, PEND_BUGANG, PEND_DISCARD, PHASE_CLAIM,
    ST_CLAIM, ST_PENDING_FROM, ST_PENDING_KIND, ST_PENDING_TILE, ST_PHASE, ST_PONGS, ST_RIVER_LEN,
    ST_CLAIM_BITS, ST_GUO_HU, ST_PASSED, ST_TING, log_event,
)
from sim.core.codes import GUO_HU_RESTRICTED, MULTI_RON_ALL, WIN_DIANHU, WIN_QIANGGANG
from sim.core.slots import hooks


@njit(cache=True, _nrt=False)  # not inlined: apply_self calls it three times; one compilation serves all
def open_claims(rule_vec, tables, hands, frozen, melds, st, kind, tile, source):
    """Offer ``tile`` from ``source`` to the other seats; returns True when a window opened
    (some seat has a real option), False when nobody can answer."""
    st[ST_PENDING_KIND] = kind
    st[ST_PENDING_TILE] = tile
    st[ST_PENDING_FROM] = source
    any_open = False
    for s in range(4):
        st[ST_CLAIM + s] = CLAIM_NOT_ELIGIBLE
        # a seat that has won in a hand that plays on claims nothing (docs/rules/sichuan.md r55)
        bits = claim_options(rule_vec, tables, hands, frozen, melds, st, s) if s != source and not out_of_hand(
            rule_vec, st, s) else 0
        st[ST_CLAIM_BITS + s] = bits
        if bits != 0:
            st[ST_CLAIM + s] = CLAIM_WAITING
            any_open = True
    if any_open:
        st[ST_PHASE] = PHASE_CLAIM
    return any_open


@njit(cache=True, inline='always')
def mark_let_pass(st, seat, action):
    """Record that 上架 seat ``seat`` let the open discard pass when its answer ``action`` is not ACT_HU (a seat with
    no option on a discard is marked when it is discarded, sim.core.apply ``discard``); returns nothing."""
    if st[ST_TING + seat] == 1 and st[ST_PENDING_KIND] == PEND_DISCARD and action != ACT_HU:
        st[ST_PASSED + seat] |= np.int64(1) << st[ST_PENDING_TILE]


@njit(cache=True, inline='always')
def claim_to_act(st):
    """Return the next seat (turn order after the source) still to answer the window, -1 = none."""
    source = st[ST_PENDING_FROM]
    for i in range(1, 4):
        s = (source + i) % 4
        if st[ST_CLAIM + s] == CLAIM_WAITING:
            return s
    return -1


@njit(cache=True, inline='always')
def take_from_river(rivers, st, source):
    """Remove the claimed discard (the last tile) from ``source``'s river."""
    st[ST_RIVER_LEN + source] -= 1


@njit(cache=True, _nrt=False)  # not inlined: apply_claim and the hand loop's unasked passes (sim.core.claim_passes) share it
def resolve_claims(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events):
    """Apply the winning answer of the closed window, or continue play when all passed; returns nothing."""
    source = st[ST_PENDING_FROM]
    tile = st[ST_PENDING_TILE]
    kind = st[ST_PENDING_KIND]
    best_seat = -1
    best_priority = 0
    for i in range(1, 4):
        s = (source + i) % 4
        p = hooks.claim_priority(rule_vec, st[ST_CLAIM + s]) if st[ST_CLAIM + s] >= 0 else 0
        if p > best_priority:
            best_priority = p
            best_seat = s
    action = st[ST_CLAIM + best_seat] if best_seat >= 0 else -1
    if action == ACT_HU:
        win_kind = WIN_DIANHU if kind == PEND_DISCARD else WIN_QIANGGANG
        if kind == PEND_DISCARD:
            take_from_river(rivers, st, source)
        else:
            hands[source, tile] -= 1  # the robbed kong tile leaves its declarer (r41)
        hooks.on_claim_taken(rule_vec, st)
        if kind != PEND_DISCARD:
            log_event(events, st, EV_KONG_ROBBED, source, tile, kind)
        shape = settle_one_win(rule_vec, tables, hands, frozen, melds, st, money, best_seat, source, win_kind, tile, True)
        log_event(events, st, EV_HU if kind == PEND_DISCARD else EV_QIANGGANG, best_seat, tile, source)
        if rule_vec[R_MULTI_RON] == MULTI_RON_ALL:
            for i in range(1, 4):
                s = (source + i) % 4
                if s != best_seat and st[ST_CLAIM + s] == ACT_HU:
                    settle_one_win(rule_vec, tables, hands, frozen, melds, st, money, s, source, win_kind, tile, False)
                    log_event(events, st, EV_HU if kind == PEND_DISCARD else EV_QIANGGANG, s, tile, source)
        if hooks.plays_on_after_win(rule_vec):  # the winners leave, the others play on (docs/rules/sichuan.md r57)
            won = 1 << best_seat
            for s in range(4):
                if rule_vec[R_MULTI_RON] == MULTI_RON_ALL and st[ST_CLAIM + s] == ACT_HU:
                    won |= 1 << s
                st[ST_CLAIM + s] = CLAIM_NOT_ELIGIBLE
            play_on_after_win(rule_vec, tables, wall, hands, melds, st, money, events, source, won, win_kind, shape,
                              tile, best_seat)
            return
        record_win(st, best_seat, source, win_kind, shape, tile)
        for s in range(4):
            st[ST_CLAIM + s] = CLAIM_NOT_ELIGIBLE
        return
    for s in range(4):
        st[ST_CLAIM + s] = CLAIM_NOT_ELIGIBLE
    if kind == PEND_BUGANG:
        hands[source, tile] -= 1
        complete_kong(rule_vec, tables, wall, hands, frozen, melds, st, money, events, source, tile, KONG_BU, -1)
        return
    if kind == PEND_ANGANG:
        hands[source, tile] -= 4
        complete_kong(rule_vec, tables, wall, hands, frozen, melds, st, money, events, source, tile, KONG_AN, -1)
        return
    if best_seat < 0:
        hooks.on_unclaimed(rule_vec, st, money, events)
        pass_turn(rule_vec, tables, wall, hands, melds, st, money, events, source)
        return
    take_from_river(rivers, st, source)
    hooks.on_claim_taken(rule_vec, st)
    begin_turn(rule_vec, st, best_seat, -1)
    if action == ACT_PENG:
        hands[best_seat, tile] -= 2
        add_meld(melds, st, best_seat, MELD_PONG, tile, source)
        st[ST_PONGS] += 1
        log_event(events, st, EV_PENG, best_seat, tile, source)
    elif action == ACT_GANG:
        hands[best_seat, tile] -= 3
        complete_kong(rule_vec, tables, wall, hands, frozen, melds, st, money, events, best_seat, tile, KONG_MING, source)
    else:  # a variant claim (晋城: 拾 or 抢, r30–r33)
        hooks.apply_variant_claim(rule_vec, hands, frozen, melds, st, events, best_seat, tile, source, action)


@njit(cache=True, _nrt=False)  # not inlined: keeps the hand loop's compile time bounded
def apply_claim(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action):
    """Record ``seat``'s answer (an ACT_* claim, assumed legal); resolves the window after the last answer."""
    watching = rule_vec[R_GUO_HU] == GUO_HU_RESTRICTED or events.shape[0] > 1  # the check matters for 过胡 or the log only
    if watching and action != ACT_HU:  # a passed win is logged on a discard and on a robbable kong alike
        if st[ST_CLAIM_BITS + seat] & CLAIM_BIT_HU:  # = claim_options' bit: unchanged since the window opened
            log_event(events, st, EV_PASS_HU, seat, st[ST_PENDING_TILE], 0)
            if rule_vec[R_GUO_HU] == GUO_HU_RESTRICTED and st[ST_PENDING_KIND] == PEND_DISCARD:
                st[ST_GUO_HU + seat] |= 1 << st[ST_PENDING_TILE]
    hooks.on_claim_answer(rule_vec, hands, st, seat, action)
    mark_let_pass(st, seat, action)
    st[ST_CLAIM + seat] = action
    if claim_to_act(st) < 0:
        resolve_claims(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events)
