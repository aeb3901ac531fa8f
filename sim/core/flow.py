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
from sim.core.codes import HAND_END_THREE_WON, HAND_END_WALL, WIN_DIANHU, WIN_ZIMO
from sim.core.state import ST_HAND_END, ST_RON_TAKEN, ST_TILE_HELD, ST_WIN_HOW, ST_WIN_ORDER
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


@njit(cache=True, inline='always')
def next_front_draws(rule_vec, st):
    """Return the tiles drawn from the front after the deal: the front draws, and the replacements too where they
    come from the front (hook ``kong_draws_from_front``)."""
    if hooks.kong_draws_from_front(rule_vec):
        return st[ST_FRONT_DRAWS] + st[ST_REPLACEMENTS]
    return st[ST_FRONT_DRAWS]


@njit(cache=True, _nrt=False)
def draw_tail(rule_vec, wall, hands, st, events, seat):
    """Give ``seat`` the next kong replacement from the tail (r10, always granted; the first position is the
    hook ``first_tail_position``), or the next front tile where the rules say so (hook ``kong_draws_from_front``);
    returns the kind."""
    if hooks.kong_draws_from_front(rule_vec):
        tile = wall[front_position(st[ST_FRONT_DRAWS] + st[ST_REPLACEMENTS])]
    else:
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
    tile = wall[front_position(next_front_draws(rule_vec, st))]
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


# --- a hand that plays on after a win (hook plays_on_after_win: 血战到底, docs/rules/sichuan.md r55–r58) ---------
# Every function below is pruned where the hook is the constant False (every rule set that ends at its first win).
@njit(cache=True, inline='always')
def out_of_hand(rule_vec, st, seat):
    """Return True when ``seat`` has won in a hand that plays on: it draws, discards and claims no more (r55)."""
    return hooks.plays_on_after_win(rule_vec) and (st[ST_WINNERS] >> seat) & 1 == 1


@njit(cache=True, inline='always')
def next_in_turn(rule_vec, st, seat):
    """Return the seat after ``seat`` in turn order that still plays: the next seat, past the winners of a hand that
    plays on (r2)."""
    nxt = (seat + 1) % 4
    if hooks.plays_on_after_win(rule_vec):
        for _ in range(3):
            if (st[ST_WINNERS] >> nxt) & 1 == 0:
                break
            nxt = (nxt + 1) % 4
    return nxt


@njit(cache=True, _nrt=False)
def end_play_on(rule_vec, tables, hands, melds, st, money, events, drawer):
    """End a hand that played on: the rule set's end (hook ``on_play_end``: 血战's wall-end steps, r70–r81), then
    over; ``drawer`` is the seat whose draw found the wall empty, -1 when one seat alone had not won (r58)."""
    hooks.on_play_end(rule_vec, tables, hands, melds, st, money, drawer)
    st[ST_HAND_END] = HAND_END_WALL if drawer >= 0 else HAND_END_THREE_WON
    st[ST_PHASE] = PHASE_OVER
    if st[ST_WINNER] < 0:  # nobody won: 流局
        st[ST_FEEDER] = -1
        log_event(events, st, EV_HUANG, st[ST_DEALER], -1, 0)


@njit(cache=True, inline='always')
def pass_turn(rule_vec, tables, wall, hands, melds, st, money, events, seat):
    """Give the next front draw after ``seat``'s turn: to the next seat (r2); in a hand that plays on, to the next
    seat that has not won, or end the hand when the wall is empty (r70)."""
    if hooks.plays_on_after_win(rule_vec):
        nxt = next_in_turn(rule_vec, st, seat)
        if not hooks.front_draw_allowed(rule_vec, st):
            end_play_on(rule_vec, tables, hands, melds, st, money, events, nxt)
            return
        seat_draws(rule_vec, wall, hands, st, money, events, nxt)
        return
    seat_draws(rule_vec, wall, hands, st, money, events, (seat + 1) % 4)


@njit(cache=True, _nrt=False)
def play_on_after_win(rule_vec, tables, wall, hands, melds, st, money, events, source, winners, win_kind, shape,
                      tile, first):
    """Play on after the wins of one event, every one settled (bit k of ``winners`` = seat k; ``first`` the winner
    holding the tile, the first after ``source`` in turn order): note each winner's order and kind, the hand's first
    win in the win fields (the record's ``winner`` .. ``win_tile``), the rule set's bookkeeping (hook
    ``on_wins_settled``: 呼叫转移, r68), then end the hand when one seat alone has not won (r58), else give the draw
    to the first seat that has not won after the winner farthest in turn order from ``source`` (r57), or end the
    hand on an empty wall. ``source`` is the discarder, the robbed kong's declarer, or the 自摸 winner."""
    order = 1
    for s in range(4):  # earlier events' winners hold order 1.. already
        if st[ST_WIN_ORDER + s] >= order:
            order = st[ST_WIN_ORDER + s] + 1
    for s in range(4):
        if (winners >> s) & 1 == 1:
            st[ST_WIN_ORDER + s] = order
            st[ST_WIN_HOW + s] = win_kind
    st[ST_TILE_HELD] |= 1 << first
    if win_kind == WIN_DIANHU:
        st[ST_RON_TAKEN] += 1
    if st[ST_WINNER] < 0:  # the hand's first win: the record's win fields
        st[ST_WINNER] = first
        st[ST_FEEDER] = source if win_kind != WIN_ZIMO else -1
        st[ST_WIN_KIND] = win_kind
        st[ST_SHAPE] = shape
        st[ST_WIN_TILE] = tile
    hooks.on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind)
    left = 0
    for s in range(4):
        left += 1 - ((st[ST_WINNERS] >> s) & 1)
    if left <= 1:
        end_play_on(rule_vec, tables, hands, melds, st, money, events, -1)
        return
    last = source
    for d in range(1, 4):
        s = (source + d) % 4
        if (winners >> s) & 1 == 1:
            last = s
    nxt = next_in_turn(rule_vec, st, last)
    if not hooks.front_draw_allowed(rule_vec, st):
        end_play_on(rule_vec, tables, hands, melds, st, money, events, nxt)
        return
    seat_draws(rule_vec, wall, hands, st, money, events, nxt)
