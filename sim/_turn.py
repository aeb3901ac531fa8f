"""The hand loop: strategies decide, the shared action kernels apply — compiled, no Python per decision.

``run_until`` is the one loop every driver uses (the batch loop below and the Python
``Game`` wrapper), so a hand played in a batch and step by step is the same hand. Its
``check`` switch (0 = production, 1 = check mode) runs sim._invariants.check_state after
every decision of the same loop; the first broken invariant is stored in ``st[ST_ERROR]``
and ends the hand. The switch is a compile-time constant of the loop's source (``_hand_loop``),
so the production compilation carries no check code at all.
"""
import numpy as np
from numba import njit

from sim._apply import apply_self
from sim._claims import apply_claim, claim_to_act
from sim._deal import next_dealer, start_hand
from sim._invariants import N_TRACKS, T_DISCARDS, check_state
from sim._legal import legal_claim, legal_self
from sim._record_fill import fill_record
from sim._state import (
    ACT_SHANGJIA, MAX_STEPS, N_ACTIONS, PHASE_OVER, PHASE_SELF, ST_CURRENT, ST_ERROR, ST_PHASE, ST_STEPS, new_state,
)
from sim.rng import STREAM_SEAT0, seed_generator
from sim.wall import draw_dealer, fill_wall
from strategies.dispatch import choose_action

@njit(cache=True, inline='always')
def seat_to_act(st):
    """Return the seat whose decision is due (the current seat, or the next claimant), -1 when over."""
    if st[ST_PHASE] == PHASE_OVER:
        return -1
    if st[ST_PHASE] == PHASE_SELF:
        return st[ST_CURRENT]
    return claim_to_act(st)


def _hand_loop(check):
    """Return the compiled play loop; ``check`` (a Python bool) is a compile-time constant of it.

    One source, two compilations: with ``check`` False numba prunes every check branch, so the
    production loop is the plain loop; with True it runs ``check_state`` after every decision.
    """
    @njit(cache=True)
    def hand_loop(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, rngs,
                  strategy_ids, params, scripted, mask, seen, tracks):
        while st[ST_PHASE] != PHASE_OVER:
            if st[ST_STEPS] > MAX_STEPS:
                raise RuntimeError("hand exceeded the step guard (MAX_STEPS decisions)")
            seat = seat_to_act(st)
            if scripted[seat]:
                return seat
            if st[ST_PHASE] == PHASE_SELF:
                legal_self(rule_vec, tables, hands, frozen, melds, st, mask)
                action = choose_action(strategy_ids[seat], params[seat], rule_vec, tables, hands, frozen, melds,
                                       rivers, st, mask, seat, rngs[seat], seen)
                apply_self(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, action)
                if check and action < ACT_SHANGJIA:
                    tracks[T_DISCARDS] += 1
            else:
                legal_claim(rule_vec, tables, hands, frozen, melds, st, seat, mask)
                action = choose_action(strategy_ids[seat], params[seat], rule_vec, tables, hands, frozen, melds,
                                       rivers, st, mask, seat, rngs[seat], seen)
                st[ST_STEPS] += 1
                apply_claim(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action)
            if check:
                error = check_state(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, tracks)
                if error != 0:
                    st[ST_ERROR] = error
                    return -1
        return -1

    return hand_loop


_production_loop = _hand_loop(False)
_checked_loop = _hand_loop(True)


@njit(cache=True)
def run_until(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, rngs,
              strategy_ids, params, scripted, mask, seen, check, tracks):
    """Let strategy seats decide until a ``scripted`` seat (bool[4]) must act or the hand ends.

    Returns the seat to act next, -1 when the hand is over or (check mode) an invariant broke.
    ``mask`` (bool[N_ACTIONS]) and ``seen`` (int8[34]) are scratch. ``check`` 1 = check every
    decision with ``tracks`` (int64[N_TRACKS] of sim._invariants, zeroed at the hand start):
    the same loop compiled with its checks on. Raises RuntimeError past MAX_STEPS decisions.
    """
    if check != 0:
        return _checked_loop(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, rngs,
                             strategy_ids, params, scripted, mask, seen, tracks)
    return _production_loop(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, rngs,
                            strategy_ids, params, scripted, mask, seen, tracks)


@njit(cache=True)
def seed_seats(rngs, run_seed, hand_index):
    """Seed each seat's decision generator for hand ``hand_index`` (stream STREAM_SEAT0 + seat)."""
    for s in range(4):
        seed_generator(rngs[s], run_seed, hand_index, STREAM_SEAT0 + s)


@njit(cache=True)
def play_hands(rule_vec, tables, strategy_ids, params, run_seed, first_hand, n_hands, session_length, out,
               check, errors):
    """Play hands ``first_hand .. first_hand + n_hands - 1`` and fill ``out`` (int32[n_hands, N_KERNEL_COLUMNS]).

    ``check`` 1 = check mode: every decision is checked (sim._invariants) and ``errors``
    (int64[n_hands]) receives each hand's first broken invariant (0 = none); with ``check`` 0
    ``errors`` is not touched (a 1-element array will do).

    ``strategy_ids`` int64[4] and ``params`` float64[4, 8] choose each seat's policy.
    ``session_length`` 0 = independent hands (dealer of hand i = wall.draw_dealer(seed, i));
    L > 0 = sessions of L hands (first dealer from the session's first hand key, then r52–r53).
    """
    wall, hands, frozen, melds, rivers, st, money = new_state()
    events = np.zeros((1, 4), dtype=np.int32)  # logging off
    rngs = np.zeros((4, 2), dtype=np.uint64)    # per-seat decision generators
    scripted = np.zeros(4, dtype=np.bool_)      # no scripted seats in a batch
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)  # scratch legal-action mask
    seen = np.zeros(34, dtype=np.int8)          # scratch visible-copies row
    tracks = np.zeros(N_TRACKS, dtype=np.int64)  # check mode: the checker's memory of the hand
    dealer = 0
    for i in range(n_hands):
        hand_index = first_hand + i
        if session_length > 0:
            session = hand_index // session_length
            in_session = hand_index % session_length
            if in_session == 0:
                dealer = draw_dealer(run_seed, hand_index)
        else:
            session = hand_index
            in_session = 0
            dealer = draw_dealer(run_seed, hand_index)
        fill_wall(run_seed, hand_index, wall)
        seed_seats(rngs, run_seed, hand_index)
        start_hand(rule_vec, wall, hands, frozen, melds, rivers, st, money, events, dealer, run_seed, hand_index)
        if check != 0:
            tracks[:] = 0
        run_until(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, rngs,
                  strategy_ids, params, scripted, mask, seen, check, tracks)
        if check != 0:
            errors[i] = st[ST_ERROR]
        fill_record(out[i], st, money, hand_index, session, in_session)
        dealer = next_dealer(rule_vec, st)
