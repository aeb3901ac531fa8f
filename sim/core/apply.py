"""Applying the current seat's self-phase action (RULES §1.3–§1.5, §1.9) — kernels shared by every driver.

``apply_self`` takes an ACT_* self action (assumed legal: drivers check it against
sim.core.legal.legal_self) and moves the hand on: a discard opens a claim window, a 上架
fixes the seat's waits and passes the turn, a kong is offered for 抢杠胡 then completed
with a tail replacement, 自摸 settles the hand.
"""
import numpy as np
from numba import njit

from sim.core.claims import open_claims
from sim.core.flow import complete_kong, record_win, seat_draws, settle_one_win
from sim.core.flow import pass_turn, play_on_after_win
from sim.core.rule_layout import R_ROB_ANGANG
from sim.core.state import (
    ACT_ANGANG, ACT_BUGANG, ACT_SHANGJIA, ACT_ZIMO, CLAIM_WAITING, EV_DISCARD, ST_CLAIM, EV_SHANGJIA, EV_ZIMO, KONG_AN,
    KONG_BU, PEND_ANGANG, PEND_BUGANG, PEND_DISCARD, ST_CURRENT, ST_LAST_DRAWN, ST_LIVE_WAITS,
    ST_PASSED, ST_RIVER_LEN, ST_SHANGJIA_TILE, ST_STEPS, ST_TING, ST_TING_TURN, ST_TURNS, ST_WAITS, log_event,
)
from sim.core.ting import live_copies, visible_counts
from sim.core.codes import WIN_ZIMO
from sim.core.slots import hooks


@njit(cache=True, inline='always')
def discard(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, tile):
    """Put ``tile`` face-up in ``seat``'s river and offer it (r19); play moves on if nobody can claim."""
    hands[seat, tile] -= 1
    rivers[seat, st[ST_RIVER_LEN + seat]] = tile
    st[ST_RIVER_LEN + seat] += 1
    log_event(events, st, EV_DISCARD, seat, tile, 0)
    hooks.on_discard(rule_vec, tables, hands, melds, st, seat, tile)
    opened = open_claims(rule_vec, tables, hands, frozen, melds, st, PEND_DISCARD, tile, seat)
    for s in range(4):  # a 上架 seat with no option on the tile lets it pass now; one asked, when it answers
        if st[ST_TING + s] == 1 and not (opened and st[ST_CLAIM + s] == CLAIM_WAITING):  # (claims.mark_let_pass)
            st[ST_PASSED + s] |= np.int64(1) << tile
    if not opened:
        hooks.on_unclaimed(rule_vec, st, money, events)
        pass_turn(rule_vec, tables, wall, hands, melds, st, money, events, seat)


@njit(cache=True, _nrt=True)
def shangjia(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, tile):
    """上架 ``tile`` face-down (r23–r24): fix the waits, record the turn and live waits, pass the turn."""
    hands[seat, tile] -= 1
    waits = hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    st[ST_TING + seat] = 1
    st[ST_WAITS + seat] = waits
    st[ST_TING_TURN + seat] = st[ST_TURNS + seat]
    st[ST_SHANGJIA_TILE + seat] = tile
    seen = np.zeros(34, dtype=np.int8)  # int8[34]: copies the seat sees (once per 上架)
    visible_counts(hands, frozen, melds, rivers, st, seat, seen)
    seen[tile] += 1  # its own face-down 上架 tile: seen by the seat, and nobody can draw or claim it (r24)
    live = live_copies(waits, seen)
    st[ST_LIVE_WAITS + seat] = live
    log_event(events, st, EV_SHANGJIA, seat, tile, live)
    hooks.on_shangjia(rule_vec, st, money, events, seat, tile)
    seat_draws(rule_vec, wall, hands, st, money, events, (seat + 1) % 4)


@njit(cache=True, _nrt=False)  # not inlined: keeps the hand loop's compile time bounded
def apply_self(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, action):
    """Apply the current seat's self-phase ``action`` (ACT_*); returns nothing."""
    seat = st[ST_CURRENT]
    st[ST_STEPS] += 1
    if action == ACT_ZIMO:
        tile = st[ST_LAST_DRAWN]
        shape = settle_one_win(rule_vec, tables, hands, frozen, melds, st, money, seat, -1, WIN_ZIMO, tile, True)
        log_event(events, st, EV_ZIMO, seat, tile, 0)
        if hooks.plays_on_after_win(rule_vec):  # the winner leaves, the others play on (docs/rules/sichuan.md r57)
            play_on_after_win(rule_vec, tables, wall, hands, melds, st, money, events, seat, 1 << seat, WIN_ZIMO,
                              shape, tile, seat)
        else:
            record_win(st, seat, -1, WIN_ZIMO, shape, tile)
    elif action < ACT_SHANGJIA:
        discard(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action)
    elif action < ACT_ANGANG:
        shangjia(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action - ACT_SHANGJIA)
    elif action < ACT_BUGANG:
        tile = action - ACT_ANGANG
        robbable = rule_vec[R_ROB_ANGANG] == 1
        if not (robbable and open_claims(rule_vec, tables, hands, frozen, melds, st, PEND_ANGANG, tile, seat)):
            hands[seat, tile] -= 4
            complete_kong(rule_vec, tables, wall, hands, frozen, melds, st, money, events, seat, tile, KONG_AN, -1)
    else:
        tile = action - ACT_BUGANG
        if not open_claims(rule_vec, tables, hands, frozen, melds, st, PEND_BUGANG, tile, seat):
            hands[seat, tile] -= 1
            complete_kong(rule_vec, tables, wall, hands, frozen, melds, st, money, events, seat, tile, KONG_BU, -1)
