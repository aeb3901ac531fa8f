"""The wall of one hand and its draw limits (RULES §1.2 r7–r13) — compiled kernels.

The wall is ``int8[136]`` of tile kinds (0..33) in physical order. A wall of the 108 suit tiles only
(rule slot R_SUITED_WALL, RULES §2.1 r1) fills positions ``0..107`` with kinds 0..26 and holds NO_TILE
(-1) past them; ``wall_size`` says which. The deal takes
positions ``0..51``: seat ``(dealer + j) % 4`` gets ``13*j .. 13*j+12``. Front draws
continue from position 52 (the head pointer); kong replacements come from the tail,
position ``wall_size - 1`` (135) downward (the tail pointer). The 荒 zone is the last ``huang_stacks``
stacks (2 tiles each) plus ``stacks_per_kong`` stacks per kong declared.

Two models (flag ``dead_wall_model``, RULES r11):

* physical (0): a front draw is allowed while ``front_draws < 84 - 2*huang_stacks
  - 2*stacks_per_kong*kongs`` (70 − 2K by default); replacements never count.
* count (1): the hand is 荒 once the tiles left (front and replacement draws both
  reduce it) are ``<= 2*huang_stacks + 2*stacks_per_kong*kongs`` (14 + 2K).
"""
from numba import njit

from sim.core.codes import WALL_MODEL_COUNT, WALL_MODEL_PHYSICAL
from sim.core.rng import STREAM_TABLE, STREAM_WALL, bounded, new_generator, shuffle
from sim.core.rule_layout import R_SUITED_WALL

WALL_SIZE = 136  # tiles of the full wall, and the length of every wall array
SUITED_WALL_SIZE = 108  # tiles of a wall without honors (kinds 0..26 only)
NO_TILE = -1  # wall entry past the end of a shorter wall
DEAL_SIZE = 52
FIRST_FRONT = 52  # wall position of the first front draw (the dealer's)
LAST_POSITION = 135  # first replacement position; replacements go downward
MODEL_PHYSICAL = WALL_MODEL_PHYSICAL  # sim.core.codes: the rule vector's dead_wall_model codes
MODEL_COUNT = WALL_MODEL_COUNT


@njit(cache=True, inline='always')
def wall_size(rule_vec):
    """Return the number of tiles in the wall under the rules: 136, or 108 without honors (R_SUITED_WALL)."""
    return SUITED_WALL_SIZE if rule_vec[R_SUITED_WALL] != 0 else WALL_SIZE


@njit(cache=True, _nrt=True)
def fill_wall(run_seed, hand_index, wall, n_tiles=WALL_SIZE):
    """Fill ``wall`` (``int8[136]``) with the shuffled wall of hand ``hand_index``; returns nothing.

    ``n_tiles`` 136 (every kind) or 108 (the suit kinds 0..26 only, positions past them NO_TILE). Depends
    only on ``(run_seed, hand_index, n_tiles)`` through the wall stream; the 136 wall is shuffled whole.
    """
    for t in range(WALL_SIZE):
        wall[t] = t // 4 if t < n_tiles else NO_TILE
    state = new_generator(run_seed, hand_index, STREAM_WALL)
    shuffle(state, wall[:n_tiles])


@njit(cache=True, _nrt=True)
def draw_dealer(run_seed, hand_index):
    """Return the dealer seat (0..3) of a single-hand run, uniform, from the hand's table stream."""
    state = new_generator(run_seed, hand_index, STREAM_TABLE)
    return bounded(state, 4)


@njit(cache=True, _nrt=False)
def deal_position(dealer, seat, j):
    """Return the wall position of the ``j``-th (0..12) dealt tile of ``seat``."""
    return 13 * ((seat - dealer) % 4) + j


@njit(cache=True, _nrt=False)
def front_draw_allowed(front_draws, replacement_draws, kongs, model, huang_stacks, stacks_per_kong,
                       n_tiles=WALL_SIZE):
    """Return True when one more front draw is allowed from a wall of ``n_tiles`` (False means 荒庄, RULES
    r11–r12)."""
    reserve = 2 * huang_stacks + 2 * stacks_per_kong * kongs
    if model == MODEL_PHYSICAL:
        return front_draws < (n_tiles - DEAL_SIZE) - reserve
    tiles_left = n_tiles - DEAL_SIZE - front_draws - replacement_draws
    return tiles_left > reserve


@njit(cache=True, _nrt=False)
def front_position(front_draws):
    """Return the wall position of the next front draw, given front draws made so far."""
    return FIRST_FRONT + front_draws


@njit(cache=True, _nrt=False)
def tail_position(replacement_draws):
    """Return the wall position of the next kong replacement, given replacements made so far."""
    return LAST_POSITION - replacement_draws
