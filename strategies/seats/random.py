"""``random``: uniform over the legal actions, 上架 whenever allowed — the seat protocol (sim.core.seat_dispatch)."""
from numba import njit

from sim.core.no_policy import self_from_scan, self_rows  # noqa: F401  (protocol)
from strategies.dingque import fewest_tiles_suit
from strategies.tile_pass import random_three
from strategies.random_policy import random_action
from strategies.random_policy import random_claim_action as random_claim  # noqa: F401  (protocol)
from strategies.random_policy import random_self_action as random_self  # noqa: F401  (protocol)

FAST_RANDOM = True  # the loop draws from the legal kind sets without building the mask
SCANS = False


@njit(cache=True, inline='always')
def passes_claim(rule_vec, bits):
    """Return False: a random seat is always asked."""
    return False


@njit(cache=True, inline='always')
def choose_action(params, rule_vec, tables, view, mask, seat, rng):
    """Return an ACT_* drawn uniformly from ``mask`` (上架 whenever allowed, strategies/random_policy.py)."""
    return random_action(mask, rng)


@njit(cache=True, inline='always')
def choose_dingque(params, hands, seat):
    """Return the suit with the fewest tiles of the seat's start hand (strategies/dingque.py)."""
    return fewest_tiles_suit(hands[seat])


@njit(cache=True, inline='always')
def choose_pass(params, rule_vec, hands, seat, rng):
    """Return three tiles of one suit drawn at random to pass after the deal (换三张, strategies/tile_pass.py)."""
    return random_three(hands[seat], rng)
