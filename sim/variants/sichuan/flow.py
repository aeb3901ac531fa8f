"""The 血战到底 flow kernels that need no hand loop (docs/rules/sichuan.md r7, r57, r58, r82–r84): who plays after a
win, when the hand is over, who deals next — compiled kernels. Seats are 0..3; ``active`` bool[4] marks the players
who have not won (this win's winners already marked False).
"""
from numba import njit

from sim.variants.sichuan.codes import (
    SC_DEALER_MULTI_FIRST_WINNER, SC_DEALER_NO_WINNER_NEXT, SC_FIRST_DEALER_RANDOM,
)
from sim.variants.sichuan.rule_slots import R_SC_DEALER_MULTI_RON, R_SC_DEALER_NO_WINNER, R_SC_FIRST_DEALER


@njit(cache=True, _nrt=False)
def next_active_k(active, seat):
    """Return the first active seat after ``seat`` in turn order (s+1, s+2, …), -1 when none is (r2)."""
    for d in range(1, 5):
        s = (seat + d) % 4
        if active[s]:
            return s
    return -1


@njit(cache=True, _nrt=False)
def next_turn_after_win_k(active, winners, source):
    """Return the seat that draws next after a win (r57): after the winner farthest in turn order from ``source``
    (the discarder, the robbed 补杠's declarer, or the winner itself for a 自摸) among ``winners`` (bool[4]), the
    next active seat; -1 when nobody is left."""
    last = source
    for d in range(1, 4):
        s = (source + d) % 4
        if winners[s]:
            last = s
    return next_active_k(active, last)


@njit(cache=True, _nrt=False)
def hand_over_k(active):
    """Return True once three players have won (r58): at most one player is still active."""
    n = 0
    for s in range(4):
        n += 1 if active[s] else 0
    return n <= 1


@njit(cache=True, _nrt=False)
def next_dealer_k(rule_vec, dealer, first_winner, first_win_multi, first_discarder, empty_drawer):
    """Return the next hand's dealer: the hand's first winner (r82, ``first_winner`` >= 0); when that first win was
    一炮多响 (``first_win_multi``), its discarder under ``discarder`` (r83); with no winner (``first_winner`` -1),
    the dealer under ``stay``, or the seat after ``empty_drawer`` (whose draw found the wall empty) under ``next``
    (r84)."""
    if first_winner < 0:
        if rule_vec[R_SC_DEALER_NO_WINNER] == SC_DEALER_NO_WINNER_NEXT:
            return (empty_drawer + 1) % 4
        return dealer
    if first_win_multi and rule_vec[R_SC_DEALER_MULTI_RON] != SC_DEALER_MULTI_FIRST_WINNER:
        return first_discarder
    return first_winner


@njit(cache=True, _nrt=False)
def first_dealer_k(rule_vec, random_seat):
    """Return the first dealer of a session (r7): seat 0, or ``random_seat`` (drawn by the caller) under
    ``random``."""
    if rule_vec[R_SC_FIRST_DEALER] == SC_FIRST_DEALER_RANDOM:
        return random_seat
    return 0
