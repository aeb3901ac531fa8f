"""``defensive``: greedy that folds against a 上架/报听 seat (strategies/defensive.py) — the seat protocol (sim.core.seat_dispatch)."""
from numba import njit

from sim.core.no_policy import random_claim, random_self, self_from_scan, self_rows  # noqa: F401
from sim.core.seat_dispatch import CLAIM_ARGS, SELF_ARGS
from sim.core.state import PHASE_SELF, ST_PHASE
from strategies.defensive import defensive_claim, defensive_self
from strategies.dingque import fewest_tiles_suit
from strategies.tile_pass import weakest_suit_three
from strategies.seats import greedy as greedy_policy

FAST_RANDOM = False
SCANS = False
#: the second compile lane's kernels of this policy (sim.core.seat_dispatch)
LANE_KERNELS = ((None, "strategies.defensive", "defensive_claim", CLAIM_ARGS),
                (None, "strategies.defensive", "defensive_self", SELF_ARGS))


@njit(cache=True, inline='always')
def passes_claim(rule_vec, bits):
    """Return True when it passes a claim window unasked: as greedy (strategies/seats/greedy.py)."""
    return greedy_policy.passes_claim(rule_vec, bits)


@njit(cache=True, inline='always')
def choose_action(params, rule_vec, tables, view, mask, seat, rng):
    """Return the ACT_* the defensive player picks among the True entries of ``mask``."""
    if view.st[ST_PHASE] == PHASE_SELF:
        return defensive_self(rule_vec, tables, view.hands, view.frozen, view.melds, view.rivers, view.st, mask, seat,
                              params, view.seen)
    return defensive_claim(rule_vec, tables, view.hands, view.st, mask, seat, params)


@njit(cache=True, inline='always')
def choose_dingque(params, hands, seat):
    """Return the suit with the fewest tiles of the seat's start hand (strategies/dingque.py)."""
    return fewest_tiles_suit(hands[seat])


@njit(cache=True, inline='always')
def choose_pass(params, rule_vec, hands, seat, rng):
    """Return greedy's three tiles to pass after the deal (换三张): from its weakest suit (strategies/tile_pass.py)."""
    return weakest_suit_three(hands[seat])
