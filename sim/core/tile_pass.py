"""Tiles passed between the seats after the deal (四川 换三张, docs/rules/sichuan.md r8–r9) — compiled kernels.

Where the rules pass tiles (hook ``tile_pass_offset`` returns the seat offset 1, 2 or 3; the default 0 passes
nothing and the step is skipped), every seat's strategy picks three tiles of one suit from its hand as dealt (the
dealer from its 14, its first draw included), all four picks are made before any tile moves, and seat ``s``'s three
join the concealed hand of seat ``(s + offset) % 4``. The tiles are concealed on both sides: no event is logged,
so no other seat sees what was passed. ``hands`` int8[4, 34]; ``st`` the state (sim.core.state).
"""
from numba import njit

from sim.core import seat_dispatch as seats
from sim.core.slots import hooks
from sim.core.state import ST_DEALER, ST_LAST_DRAWN

PICK_BITS = 8  # a pick packed as kind_a | kind_b << 8 | kind_c << 16


@njit(cache=True, _nrt=False)
def take_pick(hands, seat, a, b, c):
    """Take the three tiles ``a``, ``b``, ``c`` (kinds, repeats allowed) out of ``seat``'s hand and return them
    packed (PICK_BITS per kind). Raises ValueError unless they are three tiles of one suit the seat holds."""
    if not (0 <= a < 27 and 0 <= b < 27 and 0 <= c < 27) or not (a // 9 == b // 9 == c // 9):
        raise ValueError("a tile pass must be three tiles of one suit (docs/rules/sichuan.md r8)")
    hands[seat, a] -= 1
    hands[seat, b] -= 1
    hands[seat, c] -= 1
    if hands[seat, a] < 0 or hands[seat, b] < 0 or hands[seat, c] < 0:
        raise ValueError("a tile pass must be three tiles the seat holds (docs/rules/sichuan.md r8)")
    return a | (b << PICK_BITS) | (c << (2 * PICK_BITS))


@njit(cache=True, _nrt=False)
def give_pick(hands, seat, pick):
    """Add the three tiles packed in ``pick`` to ``seat``'s hand; returns nothing."""
    mask = (1 << PICK_BITS) - 1
    for j in range(3):
        hands[seat, (pick >> (j * PICK_BITS)) & mask] += 1


@njit(cache=True, _nrt=False)
def choose_pick(rule_vec, hands, strategy_ids, params, rngs, seat):
    """Return the packed three tiles ``seat``'s strategy passes (seat_dispatch ``choose_pass``), taken out of its
    hand."""
    a, b, c = seats.choose_pass(strategy_ids[seat], params[seat], rule_vec, hands, seat, rngs[seat])
    return take_pick(hands, seat, a, b, c)


@njit(cache=True, _nrt=False)
def pass_tiles(rule_vec, hands, st, strategy_ids, params, rngs, run_seed, hand_index):
    """Pass each seat's three chosen tiles to the seat ``tile_pass_offset`` names (module docstring); returns the
    offset, 0 when the rules pass nothing. The dealer's first draw is forgotten if it passed that tile on."""
    offset = hooks.tile_pass_offset(rule_vec, run_seed, hand_index)
    if offset == 0:
        return 0
    pick0 = choose_pick(rule_vec, hands, strategy_ids, params, rngs, 0)
    pick1 = choose_pick(rule_vec, hands, strategy_ids, params, rngs, 1)
    pick2 = choose_pick(rule_vec, hands, strategy_ids, params, rngs, 2)
    pick3 = choose_pick(rule_vec, hands, strategy_ids, params, rngs, 3)
    give_pick(hands, offset % 4, pick0)
    give_pick(hands, (1 + offset) % 4, pick1)
    give_pick(hands, (2 + offset) % 4, pick2)
    give_pick(hands, (3 + offset) % 4, pick3)
    dealer = st[ST_DEALER]
    last = st[ST_LAST_DRAWN]
    if last >= 0 and hands[dealer, last] == 0:
        st[ST_LAST_DRAWN] = -1
    return offset
