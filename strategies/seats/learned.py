"""``learned``: the candidate the shipped model scores highest (strategies/learned) — the seat protocol
(sim.core.seat_dispatch).

Every decision with a real choice — which tile to discard, whether and with which tile to 上架/报听, 暗杠/补杠, and
in a claim window 杠/碰/吃 or pass — is the model's; a win offered (自摸, 胡) is taken, as greedy and the
search player take it; a claim window offering only 拾/抢 is passed unasked, as
greedy passes it (the learned player never commits to 十三幺). The 缺一门 suit at the deal is greedy's.
"""
from numba import njit

from sim.core.no_policy import random_claim, random_self, self_from_scan, self_rows  # noqa: F401  (protocol)
from strategies.dingque import fewest_tiles_suit
from strategies.tile_pass import weakest_suit_three
from strategies.learned.inference import learned_action
from strategies.seats import greedy as greedy_policy

FAST_RANDOM = False
SCANS = False


@njit(cache=True, inline='always')
def passes_claim(rule_vec, bits):
    """Return True when it passes a claim window unasked: as greedy (only 拾/抢 offered)."""
    return greedy_policy.passes_claim(rule_vec, bits)


@njit(cache=True, inline='always')
def choose_action(params, rule_vec, tables, view, mask, seat, rng):
    """Return the ACT_* the model scores highest among the candidates of ``mask``."""
    return learned_action(rule_vec, tables, view, mask, seat, rng)


@njit(cache=True, inline='always')
def choose_dingque(params, hands, seat):
    """Return the suit with the fewest tiles of the seat's start hand (strategies/dingque.py)."""
    return fewest_tiles_suit(hands[seat])


@njit(cache=True, inline='always')
def choose_pass(params, rule_vec, hands, seat, rng):
    """Return greedy's three tiles to pass after the deal (换三张): from its weakest suit (strategies/tile_pass.py)."""
    return weakest_suit_three(hands[seat])
