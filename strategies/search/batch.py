"""The batch loop of a table with search seats — compiled kernel.

Each hand is set up exactly as ``sim.core.turn.play_hands`` sets it up (``begin_batch_hand``) and played by the same
hand loop ``run_until`` with the search seats scripted: when one must act, ``search_action`` decides and the action
is applied as the loop applies a strategy's (``apply_self``; ``st[ST_STEPS] += 1`` and ``apply_claim``), then the
loop goes on. The record is filled as play_hands fills it.
"""
import numpy as np
from numba import njit

from sim.core.apply import apply_self
from sim.core.claims import apply_claim
from sim.core.record_fill import fill_record
from sim.core.state import PHASE_SELF, ST_PHASE, ST_STEPS, new_state
from sim.core.turn import begin_batch_hand, new_loop_scratch, run_until
from sim.core.slots import hooks
from sim.core.seat_dispatch import SCRIPTED
from strategies.search.rollout import (copy_only_action, leaky_search_action, resolve_worlds, sample_only_action,
                                       search_action)
from strategies.search.scratch import new_search_scratch


#: which decision kernel a step uses (compile-time): the production one, its timing variants, the leaking one
DECIDE_SEARCH = 0
DECIDE_SAMPLE_ONLY = 1
DECIDE_COPY_ONLY = 2
DECIDE_LEAKY = 3


@njit(cache=True, inline='always')
def _decide(which, rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat, n_worlds,
            max_candidates, extend, world, roll, work):
    """Return the action of the decision kernel ``which`` (DECIDE_*, a compile-time constant of the caller)."""
    if which == DECIDE_SAMPLE_ONLY:
        return sample_only_action(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat,
                                  n_worlds, max_candidates, extend, world, roll, work)
    if which == DECIDE_COPY_ONLY:
        return copy_only_action(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat,
                                n_worlds, max_candidates, extend, world, roll, work)
    if which == DECIDE_LEAKY:
        return leaky_search_action(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat,
                                   n_worlds, max_candidates, extend, world, roll, work)
    return search_action(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat, n_worlds,
                         max_candidates, extend, world, roll, work)


@njit(cache=True, inline='always')
def _step(which, rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, events, seat, params,
          world, roll, work):
    """Let search seat ``seat`` (its row of ``params``: worlds, 0 for the variant's default, candidates, extend) decide
    with the DECIDE_* kernel ``which`` and apply its action as the hand loop applies a decision; returns the ACT_*
    applied."""
    n_worlds = resolve_worlds(rule_vec, int(params[seat, 0]))
    action = _decide(which, rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat,
                     n_worlds, int(params[seat, 1]), int(params[seat, 2]), world, roll, work)
    if st[ST_PHASE] == PHASE_SELF:
        apply_self(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, action)
    else:
        st[ST_STEPS] += 1
        apply_claim(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action)
    return action


def _search_step(which):
    """Return the compiled ``search_step`` deciding with the DECIDE_* kernel ``which`` (compile-time)."""
    @njit(cache=True, _nrt=True)
    def search_step(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, events, seat, params,
                    world, roll, work):
        """``_step`` compiled on its own (the Game's search seats)."""
        return _step(which, rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, events, seat,
                     params, world, roll, work)

    return search_step


def _search_batch(which):
    """Return the compiled batch loop whose search seats decide with the DECIDE_* kernel ``which`` (compile-time)."""
    @njit(cache=True, _nrt=True)
    def play(rule_vec, tables, scan_tables, strategy_ids, params, run_seed, first_hand, n_hands, session_length, out,
             errors, deal_condition):
        board = new_state()
        wall, hands, frozen, melds, rivers, st, money = board
        events = np.zeros((1, 4), dtype=np.int32)  # logging off
        rngs = np.zeros((4, 2), dtype=np.uint64)    # per-seat decision generators
        scripted = strategy_ids == SCRIPTED  # [seat] the search seats: the loop hands their decisions back
        scratch = new_loop_scratch()
        world, roll, work = new_search_scratch()
        dealer = 0
        for i in range(n_hands):
            hand_index = first_hand + i
            session, in_session, dealer = begin_batch_hand(rule_vec, board, events, rngs, strategy_ids, params, run_seed,
                                                           hand_index, session_length, dealer, deal_condition)
            while True:
                seat = run_until(rule_vec, tables, scan_tables, board, events, rngs, strategy_ids, params, scripted,
                                 scratch)
                if seat < 0:
                    break
                _step(which, rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, events,
                      seat, params, world, roll, work)
            fill_record(out[i], st, money, hand_index, session, in_session)
            dealer = hooks.next_dealer(rule_vec, st)

    return play


#: search_step(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, events, seat, params,
#: world, roll, work): the production step (sim.game.Game plays its search seats with it)
search_step = _search_step(DECIDE_SEARCH)
#: play_hands_search(same arguments as sim.core.turn.play_hands): play the hands of a table with search seats
#: (strategy id sim.core.seat_dispatch.SCRIPTED; ``params[seat]`` = worlds, candidates, extend) and fill ``out``.
play_hands_search = _search_batch(DECIDE_SEARCH)
#: the timing variants (benchmarks/search_speed.py) and the leaking player (tests), compiled only when used
play_hands_sample_only = _search_batch(DECIDE_SAMPLE_ONLY)
play_hands_copy_only = _search_batch(DECIDE_COPY_ONLY)
play_hands_leaky = _search_batch(DECIDE_LEAKY)
