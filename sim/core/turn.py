"""The hand loop: strategies decide, the shared action kernels apply — compiled, no Python per decision.

``run_until`` is the one loop every driver uses (the batch loop below and the Python
``Game`` wrapper), so a hand played in a batch and step by step is the same hand. Its
``check`` switch (0 = production, 1 = check mode) runs sim.core.invariants.check_state after
every decision of the same loop; the first broken invariant is stored in ``st[ST_ERROR]``
and ends the hand. The switch is a compile-time constant of the loop's one source
(``_hand_loop``, ``_batch``): ``run_until``/``play_hands`` are its production compilations and carry
no check code, ``run_until_checked``/``play_hands_checked`` its check-mode compilations.
"""
import numpy as np
from numba import njit

from sim.core.apply import apply_self
from sim.core.claim_passes import pass_unasked
from sim.core.claims import apply_claim, claim_to_act
from sim.core.deal import start_hand
from sim.core.invariants import N_TRACKS, T_DISCARDS, check_state
from sim.core.legal import NO_FLOOR, NOT_SCANNED, claim_mask, legal_self_floored, legal_self_kinds, legal_self_scanned
from sim.core.record_fill import fill_record
from sim.core.state import (
    ACT_SHANGJIA, MAX_STEPS, N_ACTIONS, PHASE_OVER, PHASE_SELF, ST_CLAIM_BITS, ST_CURRENT, ST_DINGQUE, ST_ERROR, ST_PHASE,
    ST_STEPS,
    new_state,
)
from sim.core.rng import STREAM_SEAT0, seed_generator
from sim.core.conditioned_deal import fill_wall_conditioned
from sim.core.wall import draw_dealer, fill_wall, wall_size
from sim.core.seat_view import SeatView
from sim.core.slots import hooks
from sim.core.tile_pass import pass_tiles
from sim.core import seat_dispatch as seats

@njit(cache=True, inline='always')
def seat_to_act(st):
    """Return the seat whose decision is due (the current seat, or the next claimant), -1 when over."""
    if st[ST_PHASE] == PHASE_OVER:
        return -1
    if st[ST_PHASE] == PHASE_SELF:
        return st[ST_CURRENT]
    return claim_to_act(st)


def _hand_loop(check, inline=False):
    """Return the compiled play loop; ``check`` (a Python bool) is a compile-time constant of it.

    One source, two compilations: with ``check`` False numba prunes every check branch, so the
    production loop is the plain loop; with True it runs ``check_state`` after every decision.
    With ``inline`` the loop is inlined into its caller (the batch loop) instead of compiled on its own.
    """
    @njit(cache=True, _nrt=False, inline="always" if inline else "never")  # allocates nothing: no reference counting
    def hand_loop(rule_vec, tables, scan_tables, board, events, rngs, strategy_ids, params, scripted, scratch):
        wall, hands, frozen, melds, rivers, st, money = board
        mask, seen, tracks, after_shanten, after_useful, floors = scratch
        view = SeatView(hands, frozen, melds, rivers, st, seen)  # what a policy decides on: once per call
        floors[:] = NO_FLOOR  # [seat] lower bound of its 14-tile shanten (legal_self_floored/_kinds), unknown yet
        while st[ST_PHASE] != PHASE_OVER:
            if st[ST_STEPS] > MAX_STEPS:
                raise RuntimeError("hand exceeded the step guard (MAX_STEPS decisions)")
            seat = seat_to_act(st)
            if scripted[seat]:
                return seat
            if st[ST_PHASE] == PHASE_SELF:
                if seats.is_random(strategy_ids[seat]):
                    # = choose_action on legal_self's mask, drawn from the mask's kind sets (the mask not filled)
                    discards, marks, angang, bugang, zimo = legal_self_kinds(rule_vec, tables, hands, frozen, melds,
                                                                             st, mask, floors)
                    action = seats.random_self(strategy_ids[seat], discards, marks, angang, bugang, zimo, rngs[seat])
                else:
                    least = NOT_SCANNED  # the legal builder's discard scan, when greedy can take it
                    if seats.scans(strategy_ids[seat]) and hooks.shares_self_scan(rule_vec):
                        _, least = legal_self_scanned(rule_vec, tables, scan_tables, hands, frozen, melds, st, mask,
                                                      after_shanten, after_useful)
                    else:  # any other strategy, or greedy under a variant that shares no scan (金华), takes the floor
                        legal_self_floored(rule_vec, tables, hands, frozen, melds, st, mask, floors)
                    if least != NOT_SCANNED:
                        action = seats.self_from_scan(strategy_ids[seat], rule_vec, tables, view, mask, seat,
                                                      params[seat], after_shanten, after_useful, least)
                    elif seats.scans(strategy_ids[seat]):  # its scan on the loop's rows (金华; a locked 晋中 seat)
                        action = seats.self_rows(strategy_ids[seat], rule_vec, tables, view, mask, seat,
                                                 params[seat], after_shanten, after_useful)
                    else:
                        action = seats.choose_action(strategy_ids[seat], params[seat], rule_vec, tables, view, mask,
                                                     seat, rngs[seat])
                apply_self(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, action)
                if check and action < ACT_SHANGJIA:
                    tracks[T_DISCARDS] += 1
            else:
                bits = st[ST_CLAIM_BITS + seat]  # = claim_options, kept since the window opened
                if seats.passes_claim(strategy_ids[seat], rule_vec, bits):  # it and every other such seat pass unasked
                    pass_unasked(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events,
                                 strategy_ids, scripted)
                else:
                    if seats.is_random(strategy_ids[seat]):  # = choose_action on claim_mask(bits), no mask built
                        action = seats.random_claim(strategy_ids[seat], bits, rngs[seat])
                    else:
                        claim_mask(bits, mask)  # = legal_claim
                        action = seats.choose_action(strategy_ids[seat], params[seat], rule_vec, tables, view, mask,
                                                     seat, rngs[seat])
                    st[ST_STEPS] += 1
                    apply_claim(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action)
            if check:
                error = check_state(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, tracks)
                if error != 0:
                    st[ST_ERROR] = error
                    return -1
        return -1

    return hand_loop


#: run_until(rule_vec, tables, scan_tables, board, events, rngs, strategy_ids, params, scripted, scratch): let
#: strategy seats decide until a ``scripted`` seat (bool[4]) must act or the hand ends; returns the seat to act next,
#: -1 when the hand is over. ``board`` is the state tuple ``(wall, hands, frozen, melds, rivers, st, money)``
#: (sim.core.state.new_state), changed in place. ``scan_tables`` (sim.hand_tables.get_scan_tables()) reach only the
#: self-phase builder's discard scan (legal_self_scanned); every other kernel takes ``tables``. ``scratch`` is the
#: tuple ``new_loop_scratch`` returns, allocated by the caller, so the loop allocates nothing and is compiled
#: without reference counting (``_nrt=False``, see sim/core/__init__.py); its ``tracks`` is unused here. The
#: policies decide on the seat's view (sim.core.seat_view.SeatView), built from ``board`` and ``scratch`` once per
#: call. Raises RuntimeError past MAX_STEPS decisions.
run_until = _hand_loop(False)
#: run_until_checked(same arguments): the same loop with every decision checked (sim.core.invariants);
#: ``tracks`` is the checker's memory of the hand, zeroed at the hand start. Returns -1 also when an
#: invariant broke (its code in ``st[ST_ERROR]``).
run_until_checked = _hand_loop(True)
#: run_until_inlined, run_until_checked_inlined: the same loops inlined into their caller, the batch loop. A loop
#: compiled on its own is optimised and turned into machine code once for itself and once more inside the batch loop
#: that links it (numba links every callee's module into its caller's), the last seconds of a cold run's compile, on
#: one core; inlined, only the batch loop's compile does it. run_until stays compiled on its own for the Game and the
#: search player, who call it often. (Module globals, not closure cells of the batch loop: numba's cache keys a
#: closure by its pickled cells, and a pickled dispatcher differs from process to process, so no other process
#: would ever load the batch loop from the cache.)
run_until_inlined = _hand_loop(False, inline=True)
run_until_checked_inlined = _hand_loop(True, inline=True)


@njit(cache=True, _nrt=True)
def new_loop_scratch():
    """Return the hand loop's scratch tuple ``(mask, seen, tracks, after_shanten, after_useful, floors)``, zeroed."""
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)    # the seat's legal-action mask
    seen = np.zeros(34, dtype=np.int8)            # [kind] visible copies
    tracks = np.zeros(N_TRACKS, dtype=np.int64)   # check mode: the checker's memory of the hand (zeroed per hand)
    after_shanten = np.zeros(34, dtype=np.int8)   # [kind] the shared discard scan: shanten once it is discarded
    after_useful = np.zeros(34, dtype=np.int64)   # [kind] ... its useful kinds (least-shanten discards only)
    floors = np.zeros(4, dtype=np.int64)          # [seat] shanten floors (set at each loop start)
    return mask, seen, tracks, after_shanten, after_useful, floors


@njit(cache=True, _nrt=False)
def declare_missing_suits(rule_vec, hands, st, strategy_ids, params):
    """After the deal, let each seat's strategy declare the suit it gives up (stored as 1 + suit in
    ``st[ST_DINGQUE + seat]``) when the rules declare it up front (hook ``declares_missing_suit``: 晋中
    jz_dingque_upfront, RULES §2.4 r13), then tell the rule set (hook ``on_voids_declared``); returns nothing."""
    if hooks.declares_missing_suit(rule_vec):
        for s in range(4):
            st[ST_DINGQUE + s] = 1 + seats.choose_dingque(strategy_ids[s], params[s], hands, s)
        hooks.on_voids_declared(rule_vec, hands, st)


@njit(cache=True, _nrt=False)
def after_deal(rule_vec, hands, st, strategy_ids, params, rngs, run_seed, hand_index):
    """What the seats decide between the deal and the first action: the tiles they pass where the rules pass any
    (hook ``tile_pass_offset``, sim.core.tile_pass), then the suits they give up (``declare_missing_suits``);
    returns nothing."""
    pass_tiles(rule_vec, hands, st, strategy_ids, params, rngs, run_seed, hand_index)
    declare_missing_suits(rule_vec, hands, st, strategy_ids, params)


@njit(cache=True, _nrt=False)
def session_first_dealer(rule_vec, run_seed, hand_index):
    """Return the dealer of the session (or independent hand) that starts at ``hand_index``: the seat drawn from the
    hand's table stream (``draw_dealer``), or the rule set's own (hook ``first_dealer``)."""
    return hooks.first_dealer(rule_vec, draw_dealer(run_seed, hand_index))


@njit(cache=True, _nrt=False)
def seed_seats(rngs, run_seed, hand_index):
    """Seed each seat's decision generator for hand ``hand_index`` (stream STREAM_SEAT0 + seat)."""
    for s in range(4):
        seed_generator(rngs[s], run_seed, hand_index, STREAM_SEAT0 + s)


@njit(cache=True, inline='always')
def begin_batch_hand(rule_vec, board, events, rngs, strategy_ids, params, run_seed, hand_index, session_length, dealer,
                     deal_condition):
    """Set up hand ``hand_index`` of a batch as every batch loop does (``play_hands`` and the search player's batch,
    strategies/search/batch.py): its dealer (single hands: its own key; sessions: ``dealer``, the one the previous
    hand passed on, or a fresh key at a session's first hand), its wall (plain or given ``deal_condition``), the seats'
    decision generators, the deal, the tiles passed and the declared missing suits, into ``board`` (the state tuple of
    sim.core.state.new_state). Returns (session, hand within the session, dealer)."""
    wall, hands, frozen, melds, rivers, st, money = board
    if session_length > 0:
        session = hand_index // session_length
        in_session = hand_index % session_length
        if in_session == 0:
            dealer = session_first_dealer(rule_vec, run_seed, hand_index)
    else:
        session = hand_index
        in_session = 0
        dealer = session_first_dealer(rule_vec, run_seed, hand_index)
    if deal_condition == 0:
        fill_wall(run_seed, hand_index, wall, wall_size(rule_vec))
    else:  # seat 0's start tiles drawn given the condition (sim.deal_conditions)
        fill_wall_conditioned(run_seed, hand_index, dealer, deal_condition, wall)
    seed_seats(rngs, run_seed, hand_index)
    start_hand(rule_vec, wall, hands, frozen, melds, rivers, st, money, events, dealer, run_seed, hand_index)
    after_deal(rule_vec, hands, st, strategy_ids, params, rngs, run_seed, hand_index)
    return session, in_session, dealer


@njit(cache=True, _nrt=True)
def new_batch_state():
    """Return the batch loop's state and scratch ``(board, events, rngs, scripted, scratch)``, zeroed: ``board`` as
    ``new_state`` returns it, no event log, the seats' decision generators, no scripted seat, ``new_loop_scratch``.
    The caller allocates it once per chunk, so the batch loop allocates nothing and counts no references."""
    events = np.zeros((1, 4), dtype=np.int32)  # logging off
    rngs = np.zeros((4, 2), dtype=np.uint64)    # per-seat decision generators
    scripted = np.zeros(4, dtype=np.bool_)      # no scripted seats in a batch
    return new_state(), events, rngs, scripted, new_loop_scratch()


def _batch(check):
    """Return the compiled batch loop over hands; ``check`` (a Python bool) picks the hand loop at compile time."""
    @njit(cache=True, _nrt=False)  # allocates nothing (the caller hands in ``batch``): no reference counting
    def play(rule_vec, tables, scan_tables, strategy_ids, params, run_seed, first_hand, n_hands, session_length, out, errors,
             deal_condition, batch):
        board, events, rngs, scripted, scratch = batch
        st, money = board[5], board[6]
        tracks = scratch[2]
        dealer = 0
        for i in range(n_hands):
            hand_index = first_hand + i
            session, in_session, dealer = begin_batch_hand(rule_vec, board, events, rngs, strategy_ids, params, run_seed,
                                                           hand_index, session_length, dealer, deal_condition)
            if check:
                tracks[:] = 0
                run_until_checked_inlined(rule_vec, tables, scan_tables, board, events, rngs, strategy_ids, params,
                                          scripted, scratch)
                errors[i] = st[ST_ERROR]
            else:
                run_until_inlined(rule_vec, tables, scan_tables, board, events, rngs, strategy_ids, params, scripted,
                                  scratch)
            fill_record(out[i], st, money, hand_index, session, in_session)
            dealer = hooks.next_dealer(rule_vec, st)

    return play


#: play_hands(rule_vec, tables, scan_tables, strategy_ids, params, run_seed, first_hand, n_hands, session_length,
#: out, errors, deal_condition, batch): play hands ``first_hand .. first_hand + n_hands - 1`` and fill ``out``
#: (int32[n_hands, N_KERNEL_COLUMNS]). ``strategy_ids`` int64[4] and ``params`` float64[4, 8] choose each
#: seat's policy. ``session_length`` 0 = independent hands (dealer of hand i = wall.draw_dealer(seed, i));
#: L > 0 = sessions of L hands (first dealer from the session's first hand key, then r52–r53).
#: ``errors`` is not touched (a 1-element array will do). ``deal_condition`` 0 = plain walls, else a
#: sim.deal_conditions code: every wall is drawn given that condition on seat 0's start tiles. ``batch`` is
#: ``new_batch_state()``, the loop's state and scratch (overwritten hand by hand).
play_hands = _batch(False)
#: play_hands_checked(same arguments): the same, every decision checked; ``errors`` (int64[n_hands])
#: receives each hand's first broken invariant (sim.core.invariants ERR_*, 0 = none).
play_hands_checked = _batch(True)
