"""``edge_legal``: the seat protocol of mahjong-rules-lab (sim.core.seat_dispatch), from outside its package."""
from numba import njit

from mjr_outside_demo.edge import edge_action
from sim.core.no_policy import random_claim, random_self, self_from_scan, self_rows  # noqa: F401  (protocol)

FAST_RANDOM = False
SCANS = False


@njit(cache=True, inline='always')
def passes_claim(rule_vec, bits):
    """Return False: the seat is always asked."""
    return False


@njit(cache=True, inline='always')
def choose_action(params, rule_vec, tables, view, mask, seat, rng):
    """Return the legal ACT_* at one end of the codes (edge.py)."""
    return edge_action(mask)


@njit(cache=True, inline='always')
def choose_dingque(params, hands, seat):
    """Return suit 0 (万)."""
    return 0


@njit(cache=True, inline='always')
def choose_pass(params, rule_vec, hands, seat, rng):
    """Return the three lowest tiles of the lowest suit holding three (a 换三张 pass)."""
    hand = hands[seat]
    for suit in range(3):
        n = 0
        for k in range(9 * suit, 9 * suit + 9):
            n += hand[k]
        if n >= 3:
            break
    a, b, c = -1, -1, -1
    for k in range(9 * suit, 9 * suit + 9):
        for _ in range(hand[k]):
            if a < 0:
                a = k
            elif b < 0:
                b = k
            elif c < 0:
                c = k
    return a, b, c
