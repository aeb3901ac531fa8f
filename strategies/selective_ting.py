"""``selective_ting{min_live_waits, give_up_turn}``: greedy, but 上架 only on a good wait — compiled kernels.

Plays as ``greedy`` (strategies/greedy.py) except at the moment greedy would 上架: it 上架s
only when the chosen wait has at least ``min_live_waits`` live copies (copies of the wait
kinds the seat cannot see), or when the seat has started at least ``give_up_turn`` own
turns; otherwise it discards the same tile face-up, stays tenpai un-上架'd and keeps
improving the wait with later draws (greedy's discard rule keeps tenpai and prefers the most
live waits). Claims are greedy's (it cannot win before 上架, RULES §1.4 r22).

View: own concealed hand and melds, and what the seat can see (rivers, exposed melds,
frozen tiles) through sim.core.ting.visible_counts; its own turn count.

Parameters (``params`` row, float64[8]): [0] pong mode and [1] kong as greedy;
[2] min_live_waits (live wait copies needed to 上架); [3] give_up_turn (own turn number
from which any tenpai is 上架'd).
"""
from numba import njit

from sim.core.state import ACT_DISCARD, ACT_SHANGJIA, ACT_ANGANG, ST_TURNS
from sim.core.ting import live_copies, visible_counts
from sim.core.slots import hooks  # the variant's 上架/报听 waits (晋中: 缺一门 and the point limit)
from strategies.greedy import greedy_self

P_MIN_LIVE_WAITS = 2   # params column of min_live_waits
P_GIVE_UP_TURN = 3     # params column of give_up_turn


@njit(cache=True, _nrt=False)
def shangjia_live_waits(rule_vec, tables, hands, frozen, melds, rivers, st, seat, tile, seen):
    """Return the live wait copies the seat would have after 上架-ing ``tile`` (``seen``: int8[34] scratch)."""
    visible_counts(hands, frozen, melds, rivers, st, seat, seen)
    hands[seat, tile] -= 1
    waits = hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    hands[seat, tile] += 1
    return live_copies(waits, seen)


@njit(cache=True, _nrt=False)
def selective_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen):
    """Return the self-phase ACT_*: greedy's, with a 上架 turned into a face-up discard of the same
    tile while the wait is thin (fewer than min_live_waits live copies) and the give-up turn is not reached."""
    action = greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
    if action < ACT_SHANGJIA or action >= ACT_ANGANG:
        return action
    if st[ST_TURNS + seat] >= params[P_GIVE_UP_TURN]:
        return action
    tile = action - ACT_SHANGJIA
    live = shangjia_live_waits(rule_vec, tables, hands, frozen, melds, rivers, st, seat, tile, seen)
    if live >= params[P_MIN_LIVE_WAITS] or not mask[ACT_DISCARD + tile]:
        return action
    return ACT_DISCARD + tile
