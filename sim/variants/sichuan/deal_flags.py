"""The Sichuan flags played between the deal and each seat's first discard (docs/rules/sichuan.md r5, r7–r9, r17,
r28): where replacements come from, the first dealer, the 换三张 direction, and the void tile placed face down
under ``first_discard`` — compiled kernels over the rule vector and the state (sim.core.state, the rule set's
fields in ``hand_state``). ``hands`` int8[4, 34]; seats 0..3.
"""
import numpy as np
from numba import njit

from sim.core.rng import bounded, new_generator
from sim.core.state import ST_DINGQUE
from sim.variants.sichuan import codes as S
from sim.variants.sichuan.dingque import first_discard_tile_k
from sim.variants.sichuan.hand_state import SC_PLACED
from sim.variants.sichuan.rule_slots import R_SC_DINGQUE, R_SC_HSZ_DIRECTION, R_SC_HUAN_SAN_ZHANG, R_SC_KONG_DRAW

SUIT_KINDS = np.int64((1 << 27) - 1)  # the 27 suit kinds (r1)


@njit(cache=True, _nrt=False)
def kong_draws_from_front_k(rule_vec):
    """Return True under ``sc_kong_draw=front``: a replacement is the next front tile (r5, r28)."""
    return rule_vec[R_SC_KONG_DRAW] == S.SC_KONG_DRAW_FRONT


@njit(cache=True, _nrt=True)
def pass_offset_k(rule_vec, run_seed, hand_index):
    """Return the seat offset of the hand's 换三张 (r8, r9): 0 without it; 1 (to s+1), 3 (to s−1) or 2 (to s+2)
    under ``next``, ``prev``, ``opposite``, or drawn uniformly from the three under ``random`` (stream
    SC_STREAM_HSZ of the hand's key, so the same hand passes the same way whoever sits)."""
    if rule_vec[R_SC_HUAN_SAN_ZHANG] == 0:
        return 0
    direction = rule_vec[R_SC_HSZ_DIRECTION]
    if direction == S.SC_HSZ_NEXT:
        return S.SC_HSZ_OFFSETS[0]
    if direction == S.SC_HSZ_PREV:
        return S.SC_HSZ_OFFSETS[1]
    if direction == S.SC_HSZ_OPPOSITE:
        return S.SC_HSZ_OFFSETS[2]
    state = new_generator(run_seed, hand_index, S.SC_STREAM_HSZ)
    return S.SC_HSZ_OFFSETS[bounded(state, 3)]


@njit(cache=True, _nrt=False)
def place_void_tiles_k(rule_vec, hands, st):
    """Under ``first_discard`` (r17), keep for each seat the void tile it places face down, its first discard to
    come: the lowest void kind it holds once the voids are declared (``dingque.first_discard_tile_k``), none when it
    holds no void tile; returns nothing. The tile stays in the hand until discarded, so no win can come first (r15):
    a dealer that placed one cannot 天胡."""
    if rule_vec[R_SC_DINGQUE] != S.SC_DINGQUE_FIRST_DISCARD:
        return
    for s in range(4):
        st[SC_PLACED + s] = 1 + first_discard_tile_k(hands[s], st[ST_DINGQUE + s] - 1)


@njit(cache=True, _nrt=False)
def placed_tile(st, seat):
    """Return the kind ``seat`` placed face down and has not discarded yet (r17), -1 = none."""
    return st[SC_PLACED + seat] - 1


@njit(cache=True, _nrt=False)
def placed_forbidden_k(st, seat):
    """Return the int64 kinds ``seat`` may not discard while its placed tile is to come (r17): every suit kind but
    that one; 0 when none is."""
    placed = placed_tile(st, seat)
    if placed < 0:
        return np.int64(0)
    return SUIT_KINDS & ~(np.int64(1) << placed)


@njit(cache=True, _nrt=False)
def discarded_placed_k(st, seat):
    """Forget ``seat``'s placed tile once it has made its first discard (r17); returns nothing."""
    st[SC_PLACED + seat] = 0
