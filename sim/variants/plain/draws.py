"""推倒胡 wall limit (docs/rules/plain.md r3–r4, r7): the wall is drawn to its last tile — compiled kernels.

No tile is kept back: front draws take the wall from position 52 upward, kong replacements from position 135
downward, and both use up the same 84 tiles left after the deal (136 − 52). The seat to draw finds the wall
empty once 84 draws (front and replacement together) are made: the hand is 荒庄 (r4). A kong needs a tile left
for its replacement (r7). ``st`` is int64[N_ST] (sim.core.state).
"""
from numba import njit

from sim.core.state import ST_FRONT_DRAWS, ST_REPLACEMENTS
from sim.core.wall import DEAL_SIZE, WALL_SIZE

#: Tiles the wall holds after the deal: every one of them is drawn before 荒庄 (r3).
DRAWS_PER_HAND = WALL_SIZE - DEAL_SIZE
#: Tiles at the tail no draw may take (r3): none.
KEPT_BACK = 0


@njit(cache=True, _nrt=False)
def tiles_left_k(front_draws, replacements):
    """Return the tiles still in the wall after ``front_draws`` front and ``replacements`` tail draws."""
    return DRAWS_PER_HAND - KEPT_BACK - front_draws - replacements


@njit(cache=True, _nrt=False)
def may_draw(st):
    """Return True while the wall holds a tile: the seat to draw may draw (False: 荒庄, r4), and a kong may be
    declared, its replacement coming from the tail (r7)."""
    return tiles_left_k(st[ST_FRONT_DRAWS], st[ST_REPLACEMENTS]) > 0
