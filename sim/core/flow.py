"""Low-level moves of a hand: draws, turn starts, 荒庄, win settlement, kongs, 前包 tracking — kernels.

Every function mutates the flat state arrays documented in sim.core.state and returns
nothing unless stated. Payment arithmetic lives in sim.variants.jincheng.settlement (RULES §1.7–§1.9);
this module only decides when it is called and keeps the kong ledger (void on 荒庄, r45).
"""
from numba import njit

from sim.core.rule_layout import (
    R_DEAD_WALL_MODEL, R_GENZHUANG_ANGANG_BREAKS, R_GENZHUANG_VOID_ON_HUANG, R_HUANG_STACKS,
    R_STACKS_PER_KONG,
)
from sim.variants.jincheng.settlement import genzhuang_payment, houbao_payment, kong_payment, settle_win
from sim.core.hand.kernel import FORM_QIDUI, FORM_SHISANYAO
from sim.core.state import (
    EV_ANGANG, EV_BUGANG, EV_DRAW, EV_GENZHUANG, EV_HUANG, EV_MINGGANG, KONG_AN, KONG_BU,
    MELD_ANGANG, MELD_BUGANG, MELD_MINGGANG, MONEY_GENZHUANG, MONEY_HUANG, MONEY_KONG, MONEY_WIN,
    PHASE_OVER, PHASE_SELF, ST_CURRENT, ST_DEALER, ST_FEEDER, ST_FRONT_DRAWS, ST_GENZHUANG,
    ST_GUO_HU, ST_GZ_COUNT, ST_GZ_STATE, ST_GZ_TILE, ST_KONGS, ST_LAST_DRAWN, ST_N_MELDS, ST_PHASE,
    ST_REPLACEMENTS, ST_SHAPE, ST_TING, ST_TURNS, ST_WAITS, ST_WIN_KIND, ST_WIN_TILE, ST_WINNER, log_event,
)
from sim.core.ting import ting_waits, win_shape_forms
from sim.core.codes import SHAPE_QIDUI, SHAPE_REGULAR, SHAPE_SHISANYAO
from sim.core.wall import front_draw_allowed, front_position, tail_position


@njit(cache=True, inline='always')
def begin_turn(st, seat, drawn):
    """Start ``seat``'s self phase; ``drawn`` = kind just drawn, -1 after a call (no draw, r15)."""
    st[ST_CURRENT] = seat
    st[ST_PHASE] = PHASE_SELF
    st[ST_LAST_DRAWN] = drawn
    st[ST_TURNS + seat] += 1
    st[ST_GUO_HU + seat] = 0


@njit(cache=True)
def draw_tail(wall, hands, st, events, seat):
    """Give ``seat`` the next kong replacement from the tail (r10, always granted); returns the kind."""
    tile = wall[tail_position(st[ST_REPLACEMENTS])]
    st[ST_REPLACEMENTS] += 1
    hands[seat, tile] += 1
    st[ST_LAST_DRAWN] = tile
    log_event(events, st, EV_DRAW, seat, tile, 1)
    return tile


@njit(cache=True)
def end_huang(rule_vec, st, money, events):
    """End the hand as 荒庄: 后包 (r51), kong money void (r45), 前包 kept unless flagged (r50)."""
    houbao_payment(rule_vec, st[ST_DEALER], money[MONEY_HUANG])
    for s in range(4):
        money[MONEY_KONG, s] = 0
        if rule_vec[R_GENZHUANG_VOID_ON_HUANG] == 1:
            money[MONEY_GENZHUANG, s] = 0
    st[ST_WINNER] = -1
    st[ST_FEEDER] = -1
    st[ST_PHASE] = PHASE_OVER
    log_event(events, st, EV_HUANG, st[ST_DEALER], -1, 0)


@njit(cache=True, inline='always')
def seat_draws(rule_vec, wall, hands, st, money, events, seat):
    """Let ``seat`` make its front draw and start its turn, or end the hand as 荒庄 (r11–r12)."""
    allowed = front_draw_allowed(
        st[ST_FRONT_DRAWS], st[ST_REPLACEMENTS], st[ST_KONGS],
        rule_vec[R_DEAD_WALL_MODEL], rule_vec[R_HUANG_STACKS], rule_vec[R_STACKS_PER_KONG],
    )
    if not allowed:
        end_huang(rule_vec, st, money, events)
        return
    tile = wall[front_position(st[ST_FRONT_DRAWS])]
    st[ST_FRONT_DRAWS] += 1
    hands[seat, tile] += 1
    begin_turn(st, seat, tile)
    log_event(events, st, EV_DRAW, seat, tile, 0)


@njit(cache=True)
def shape_code(forms):
    """Return the sim.core.codes SHAPE_* code of a complete hand's FORM_* bits (十三幺 > 七对 > regular)."""
    if forms & FORM_SHISANYAO:
        return SHAPE_SHISANYAO
    if forms & FORM_QIDUI:
        return SHAPE_QIDUI
    return SHAPE_REGULAR


@njit(cache=True)
def settle_one_win(rule_vec, tables, hands, frozen, st, money, winner, feeder, win_kind, tile, keep_tile):
    """Pay one win (RULES §1.7) with ``tile`` completing ``winner``'s hand; returns the SHAPE_* code.

    ``keep_tile`` = False removes the tile again (the extra winners of a 一炮多响 share one tile).
    """
    if feeder >= 0:
        hands[winner, tile] += 1
    shape = shape_code(win_shape_forms(rule_vec, tables, hands, frozen, st, winner))
    if feeder >= 0 and not keep_tile:
        hands[winner, tile] -= 1
    feeder_ting = st[ST_TING + feeder] if feeder >= 0 else 0
    settle_win(rule_vec, st[ST_DEALER], winner, feeder, feeder_ting, win_kind, shape, money[MONEY_WIN])
    return shape


@njit(cache=True, inline='always')
def record_win(st, winner, feeder, win_kind, shape, tile):
    """Write the win fields of ``st`` and end the hand."""
    st[ST_WINNER] = winner
    st[ST_FEEDER] = feeder
    st[ST_WIN_KIND] = win_kind
    st[ST_SHAPE] = shape
    st[ST_WIN_TILE] = tile
    st[ST_PHASE] = PHASE_OVER


@njit(cache=True, inline='always')
def gz_break(st):
    """Mark 前包 impossible for this hand (r48)."""
    if st[ST_GZ_STATE] == 0:
        st[ST_GZ_STATE] = 1


@njit(cache=True, inline='always')
def gz_follow(st, seat, tile):
    """Count a first-go-around tile put out by ``seat`` for 前包 (r47); breaks on any mismatch."""
    if st[ST_GZ_STATE] != 0:
        return
    count = st[ST_GZ_COUNT]
    if count == 0:
        if seat != st[ST_DEALER]:
            gz_break(st)
            return
        st[ST_GZ_TILE] = tile
        st[ST_GZ_COUNT] = 1
    elif count < 4 and seat == (st[ST_DEALER] + count) % 4 and tile == st[ST_GZ_TILE]:
        st[ST_GZ_COUNT] = count + 1
    else:
        gz_break(st)


@njit(cache=True, inline='always')
def gz_settle_if_complete(rule_vec, st, money, events):
    """Pay 前包 once the fourth matching first discard went unclaimed (r47, r50)."""
    if st[ST_GZ_STATE] == 0 and st[ST_GZ_COUNT] == 4:
        st[ST_GZ_STATE] = 1
        st[ST_GENZHUANG] = 1
        genzhuang_payment(rule_vec, st[ST_DEALER], money[MONEY_GENZHUANG])
        log_event(events, st, EV_GENZHUANG, st[ST_DEALER], st[ST_GZ_TILE], 0)


@njit(cache=True)
def complete_kong(rule_vec, tables, wall, hands, frozen, melds, st, money, events, seat, tile, kong_type, feeder):
    """Lay down a kong of ``tile`` (tiles already counted out of the hand), pay its ledger
    money, grow the 荒 zone (r9 via ST_KONGS) and draw the tail replacement (r10, r17).

    A 上架 seat's stored waits become those of its hand after the kong: unchanged under the
    same-waits policies, the new (still tenpai) waits under ``still_tenpai`` (RULES §1.3 r18, A5),
    so a later win is always a complete hand. The live-wait count taken at 上架 is kept."""
    feeder_ting = st[ST_TING + feeder] if feeder >= 0 else 0
    if kong_type == KONG_AN:
        melds[seat, tile] = MELD_ANGANG
        st[ST_N_MELDS + seat] += 1
        if seat != st[ST_DEALER] and rule_vec[R_GENZHUANG_ANGANG_BREAKS] == 1:
            gz_break(st)
        log_event(events, st, EV_ANGANG, seat, tile, 0)
    elif kong_type == KONG_BU:
        melds[seat, tile] = MELD_BUGANG
        gz_break(st)
        log_event(events, st, EV_BUGANG, seat, tile, 0)
    else:
        melds[seat, tile] = MELD_MINGGANG
        st[ST_N_MELDS + seat] += 1
        gz_break(st)
        log_event(events, st, EV_MINGGANG, seat, tile, feeder)
    if st[ST_TING + seat] == 1:
        st[ST_WAITS + seat] = ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    st[ST_KONGS] += 1
    kong_payment(rule_vec, seat, kong_type, feeder, feeder_ting, money[MONEY_KONG])
    st[ST_CURRENT] = seat
    st[ST_PHASE] = PHASE_SELF
    draw_tail(wall, hands, st, events, seat)
