"""Low-level moves of a hand: draws, turn starts, 荒庄, win settlement, kongs — kernels.

Every function mutates the flat state arrays documented in sim.core.state and returns
nothing unless stated. What a variant decides (draw limit, win shape and money, kong money,
荒庄 money) goes through the variant's hooks (the ``hooks`` slot, sim.core.slots); this module only decides when it is called.
"""
from numba import njit

from sim.core.state import (
    EV_ANGANG, EV_BUGANG, EV_DRAW, EV_HUANG, EV_MINGGANG, KONG_AN, KONG_BU, MELD_ANGANG, MELD_BUGANG,
    MELD_MINGGANG, PHASE_OVER, PHASE_SELF, ST_CURRENT, ST_DEALER, ST_FEEDER, ST_FRONT_DRAWS, ST_GUO_HU,
    ST_FROM_TAIL, ST_KONGS, ST_LAST_DRAWN, ST_PHASE, ST_REPLACEMENTS, ST_SHAPE, ST_TING, ST_TURNS, ST_WAITS,
    ST_WIN_KIND, ST_WIN_TILE, ST_WINNER, ST_WINNERS, log_event,
)
from sim.core.melds import add_meld, upgrade_meld
from sim.core.wall import front_position
from sim.core.slots import hooks


@njit(cache=True, inline='always')
def begin_turn(rule_vec, st, seat, drawn):
    """Start ``seat``'s self phase; ``drawn`` = kind just drawn, -1 after a call (no draw, r15)."""
    hooks.on_turn_start(rule_vec, st, seat)
    st[ST_CURRENT] = seat
    st[ST_PHASE] = PHASE_SELF
    st[ST_LAST_DRAWN] = drawn
    st[ST_TURNS + seat] += 1
    st[ST_GUO_HU + seat] = 0


@njit(cache=True, _nrt=False)
def draw_tail(rule_vec, wall, hands, st, events, seat):
    """Give ``seat`` the next kong replacement from the tail (r10, always granted; the first position is the
    hook ``first_tail_position``); returns the kind."""
    tile = wall[hooks.first_tail_position(rule_vec) - st[ST_REPLACEMENTS]]
    st[ST_REPLACEMENTS] += 1
    st[ST_FROM_TAIL] = 1
    hands[seat, tile] += 1
    st[ST_LAST_DRAWN] = tile
    log_event(events, st, EV_DRAW, seat, tile, 1)
    return tile


@njit(cache=True, _nrt=False)
def end_huang(rule_vec, st, money, events):
    """End the hand as 荒庄 after the variant's 荒庄 money (hook ``on_huang``; 晋城: 后包 r51, kong money void r45)."""
    hooks.on_huang(rule_vec, st, money)
    st[ST_WINNER] = -1
    st[ST_FEEDER] = -1
    st[ST_PHASE] = PHASE_OVER
    log_event(events, st, EV_HUANG, st[ST_DEALER], -1, 0)


@njit(cache=True, inline='always')
def seat_draws(rule_vec, wall, hands, st, money, events, seat):
    """Let ``seat`` make its front draw and start its turn, or end the hand as 荒庄 (draw limit: hook
    ``front_draw_allowed``; 晋城 r11–r12)."""
    if not hooks.front_draw_allowed(rule_vec, st):
        end_huang(rule_vec, st, money, events)
        return
    tile = wall[front_position(st[ST_FRONT_DRAWS])]
    st[ST_FRONT_DRAWS] += 1
    st[ST_FROM_TAIL] = 0
    hands[seat, tile] += 1
    begin_turn(rule_vec, st, seat, tile)
    log_event(events, st, EV_DRAW, seat, tile, 0)


@njit(cache=True, _nrt=False)
def settle_one_win(rule_vec, tables, hands, frozen, melds, st, money, winner, feeder, win_kind, tile, keep_tile):
    """Pay one win (variant hook ``settle_win``) with ``tile`` completing ``winner``'s hand; returns the SHAPE_* code.

    ``keep_tile`` = False removes the tile again (the extra winners of a 一炮多响 share one tile).
    """
    if feeder >= 0:
        hands[winner, tile] += 1
    shape = hooks.win_shape(rule_vec, tables, hands, frozen, melds, st, winner, win_kind)
    hooks.settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape)
    st[ST_WINNERS] |= 1 << winner
    if feeder >= 0 and not keep_tile:
        hands[winner, tile] -= 1
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


@njit(cache=True, _nrt=False)
def complete_kong(rule_vec, tables, wall, hands, frozen, melds, st, money, events, seat, tile, kong_type, feeder):
    """Lay down a kong of ``tile`` (tiles already counted out of the hand), pay its ledger
    money, grow the 荒 zone (r9 via ST_KONGS) and draw the tail replacement (r10, r17).

    A 上架 seat's stored waits become those of its hand after the kong: unchanged under the
    same-waits policies, the new (still tenpai) waits under ``still_tenpai`` (RULES §1.3 r18, A5),
    so a later win is always a complete hand. The live-wait count taken at 上架 is kept."""
    feeder_ting = st[ST_TING + feeder] if feeder >= 0 else 0
    if kong_type == KONG_AN:
        add_meld(melds, st, seat, MELD_ANGANG, tile, -1)
        log_event(events, st, EV_ANGANG, seat, tile, 0)
    elif kong_type == KONG_BU:
        upgrade_meld(melds, st, seat, tile, MELD_BUGANG)
        log_event(events, st, EV_BUGANG, seat, tile, 0)
    else:
        add_meld(melds, st, seat, MELD_MINGGANG, tile, feeder)
        log_event(events, st, EV_MINGGANG, seat, tile, feeder)
    if st[ST_TING + seat] == 1:
        st[ST_WAITS + seat] = hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    st[ST_KONGS] += 1
    hooks.on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting)
    st[ST_CURRENT] = seat
    st[ST_PHASE] = PHASE_SELF
    draw_tail(rule_vec, wall, hands, st, events, seat)
