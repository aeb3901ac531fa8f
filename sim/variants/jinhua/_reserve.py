"""金华 wall arithmetic and the deal (RULES §3.1 r2, r4, §3.2 r5–r6): the 财神 indicator, the constant reserve,
the next dealer — compiled.

The wall is the core's ``int8[136]`` in physical order: the deal takes positions 0..51, front draws
continue from 52 (the dealer's 14th tile is the first front draw), kong replacements come from the
tail. 金华 turns one tile before the deal (r5): the simulation takes the last wall position,
``INDICATOR_POSITION`` (uniform over the shuffled wall, as "remove one uniformly random tile"), so
replacements start one position lower.

Reserve (r4, ``jh_dead_wall`` A32: the reserve size, 14 or 0 = none; other sizes for sweeps): 14 tiles
at the tail supply replacements, and after every replacement one tile moves from the end of the live wall into the reserve, so the reserve stays at 14
and every draw, front or replacement, uses up one live tile. The hand is 荒 when no live tile is left;
a kong needs a live tile too (its replacement could not be made good otherwise: our choice, so the
budget below holds exactly). With ``jh_indicator_in_reserve`` the turned tile is one of the 14.

Draw budget after the 53-tile deal: 136 − 53 − 1 − 14 = 68 (69 with the indicator in the reserve;
82 with no reserve). In the engine's counters, which count the dealer's 14th tile as a front draw,
``front_draws + replacement_draws`` may reach ``draw_limit_k(...) = budget + 1``.
"""
from numba import njit

from sim.core.codes import JH_DEALER_ROTATE, JH_DEALER_WINNER

WALL_SIZE = 136
DEAL_SIZE = 52             # positions 0..51 are dealt; the dealer's 14th tile is the first front draw
FIRST_FRONT = 52           # wall position of the first front draw
INDICATOR_POSITION = 135   # the turned tile whose kind is the 财神 (RULES §3.2 r5)
FIRST_REPLACEMENT = 134    # replacements go downward from here
RESERVE_TILES = 14         # the constant reserve of RULES §3.1 r4
LIVE_CAISHEN = 3           # 财神 tiles in play: the fourth copy is the indicator
WHITE = 33                 # 白板


@njit(cache=True, _nrt=False)
def caishen_kind_k(wall):
    """Return the 财神 kind (0..33): the turned indicator's own kind (RULES §3.2 r5, A28)."""
    return wall[INDICATOR_POSITION]


@njit(cache=True, _nrt=False)
def white_face_k(caishen):
    """Return the kind a 白板 stands for (the 财神's natural face, RULES §3.2 r6), or -1 when the 财神
    is 白板 itself (its three live copies are the wilds; there is no stand-in)."""
    return -1 if caishen == WHITE else caishen


@njit(cache=True, _nrt=False)
def draw_budget_k(reserve, indicator_in_reserve):
    """Return the draws a hand allows after the 53-tile deal, replacements included: 68 with the 14-tile
    reserve, 69 with the indicator counted in it, 82 with no reserve (``reserve`` = ``jh_dead_wall`` tiles)."""
    indicator_outside = 0 if (indicator_in_reserve and reserve > 0) else 1
    return WALL_SIZE - DEAL_SIZE - 1 - indicator_outside - reserve


@njit(cache=True, _nrt=False)
def draw_limit_k(reserve, indicator_in_reserve):
    """Return the largest ``front_draws + replacement_draws`` of a hand (the dealer's 14th tile counted)."""
    return draw_budget_k(reserve, indicator_in_reserve) + 1


@njit(cache=True, _nrt=False)
def live_tiles_k(front_draws, replacement_draws, reserve, indicator_in_reserve):
    """Return the live tiles left (0 = 荒 for the next draw), given the engine's draw counters."""
    return draw_limit_k(reserve, indicator_in_reserve) - front_draws - replacement_draws


@njit(cache=True, _nrt=False)
def draw_allowed_k(front_draws, replacement_draws, reserve, indicator_in_reserve):
    """Return True when one more draw (front, or a kong's replacement) is allowed."""
    return live_tiles_k(front_draws, replacement_draws, reserve, indicator_in_reserve) > 0


@njit(cache=True, _nrt=False)
def is_last_tile_k(front_draws, replacement_draws, reserve, indicator_in_reserve):
    """Return True when the draw just made (counters include it) took the last live tile (海底, r15)."""
    return live_tiles_k(front_draws, replacement_draws, reserve, indicator_in_reserve) == 0


@njit(cache=True, _nrt=False)
def front_position_k(front_draws):
    """Return the wall position of the next front draw."""
    return FIRST_FRONT + front_draws


@njit(cache=True, _nrt=False)
def replacement_position_k(replacement_draws):
    """Return the wall position of the next kong replacement (below the indicator)."""
    return FIRST_REPLACEMENT - replacement_draws


@njit(cache=True, _nrt=False)
def next_dealer_k(dealer, winner, mode):
    """Return the next hand's dealer (RULES §3.1 r2, A27): ``mode`` a ``JH_DEALER_*`` code; ``winner`` -1 = 荒庄.

    stay: the dealer keeps the deal only on its own win, else the 下家 deals (荒庄 included: 轮庄);
    rotate: always the 下家; winner: the winner deals, 荒庄 keeps the dealer.
    """
    if mode == JH_DEALER_ROTATE:
        return (dealer + 1) % 4
    if mode == JH_DEALER_WINNER:
        return dealer if winner < 0 else winner
    return dealer if winner == dealer else (dealer + 1) % 4
