"""The learned player's teacher: self-play hands in which every decision with a real choice is labelled with each
candidate's mean money over sampled worlds — compiled kernel.

The teacher is the search player's evaluation (strategies/search) without its shortcuts: at a decision of any seat
with two candidates or more (strategies.learned.features), ``n_worlds`` determinizations of what the seat cannot see
are sampled (``sample_world``, the same worlds for every candidate), each candidate is applied as the hand loop
applies a decision and the rest of the hand is played by four greedy seats (the engine's ``run_until``), and the
candidate's value is the seat's mean money over the worlds (底注). Unlike ``search`` every candidate is played on
every world (no successive halving, no futility stop) and a win is a candidate like any other, so that each
candidate has a value to learn from. The hand goes on with the candidate of the highest value, the teacher's
choice (ties to greedy's, then the first): the decisions recorded are those a player following the teacher meets.

Each recorded decision gets the features of its candidates, their values, how many there were and ``meta``: hand,
seat, phase, the candidate greedy would play (its index, -1 when it is not a candidate) and the worlds played.
"""
import numpy as np
from numba import njit

from sim.core.apply import apply_self
from sim.core.claims import apply_claim
from sim.core.seat_dispatch import SCRIPTED
from sim.core.state import PHASE_CLAIM, PHASE_SELF, ST_HAND, ST_PHASE, ST_STEPS, new_state
from sim.core.slots import hooks
from sim.core.turn import begin_batch_hand, new_loop_scratch, run_until
from strategies.learned.features import candidate_features, candidates_of, mark_greedy_pick
from strategies.search.candidates import greedy_choice
from strategies.search.rollout import copy_state, seat_money
from strategies.search.sampler import sample_world
from strategies.search.streams import seed_search_generator

#: the most candidates of a recorded decision (a seat has at most 14 discards, 14 上架 tiles and a few kongs)
MAX_RECORDED = 40
N_META = 6  # hand, seat, phase, greedy's candidate index, worlds played, candidates in the mask


@njit(cache=True, _nrt=True)
def teacher_hands(rule_vec, tables, scan_tables, strategy_ids, params, run_seed, first_hand, n_hands, session_length,
                  deal_condition, n_worlds, feats, values, ncand, meta, world, roll, work):
    """Play hands ``first_hand`` .. + ``n_hands`` - 1 of run ``run_seed`` with every seat scripted (``strategy_ids``
    all SCRIPTED) and label their decisions (module docstring) into ``feats`` float64[cap, MAX_RECORDED, F],
    ``values`` float64[cap, MAX_RECORDED], ``ncand`` int64[cap], ``meta`` int64[cap, N_META]; ``world``, ``roll``,
    ``work`` from strategies.search.scratch.new_search_scratch. Returns (decisions recorded, hands played): it stops
    after the hand in which the arrays fill."""
    board = new_state()
    wall, hands, frozen, melds, rivers, st, money = board
    events = np.zeros((1, 4), dtype=np.int32)
    rngs = np.zeros((4, 2), dtype=np.uint64)
    scripted = strategy_ids == SCRIPTED
    scratch = new_loop_scratch()
    (wevents, wrngs, ids, gparams, no_script, me_script, mask, remaining, seen, tracks, after_shanten, after_useful,
     floors, pool, tiles, avail, build, segs, cands_unused, sums_unused, rng, shanten, squares, played_out) = work
    loop_scratch = (mask, seen, tracks, after_shanten, after_useful, floors)
    wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney = world
    rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney = roll
    cap = ncand.shape[0]
    cands = np.zeros(MAX_RECORDED, np.int64)
    all_cands = np.zeros(mask.shape[0], np.int64)
    sums = np.zeros(MAX_RECORDED)
    seen2 = np.zeros(34, np.int8)
    work34 = np.zeros(34, np.int8)
    d = 0
    dealer = 0
    played_hands = 0
    for i in range(n_hands):
        if d >= cap:
            break
        hand_index = first_hand + i
        session, in_session, dealer = begin_batch_hand(rule_vec, board, events, rngs, strategy_ids, params, run_seed,
                                                       hand_index, session_length, dealer, deal_condition)
        while True:
            seat = run_until(rule_vec, tables, scan_tables, board, events, rngs, strategy_ids, params, scripted,
                             scratch)
            if seat < 0:
                break
            g = greedy_choice(rule_vec, tables, scan_tables, hands, frozen, melds, rivers, st, seat, gparams[seat],
                              mask, seen, after_shanten, after_useful, floors, rng)
            n_all = candidates_of(mask, all_cands)
            n = min(n_all, MAX_RECORDED)
            action = g
            if n >= 2 and d < cap:
                g_index = -1
                for c in range(n):
                    cands[c] = all_cands[c]
                    if cands[c] == g:
                        g_index = c
                seed_search_generator(rng, st, seat)
                sums[:] = 0.0
                played = 0
                for w in range(n_worlds):
                    placed = sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, seat, rng,
                                          wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, pool, tiles, avail,
                                          build, segs, seen, shanten)
                    if placed < 0:
                        continue
                    if wst[ST_PHASE] == PHASE_CLAIM:  # the seats asked before this one answer as greedy
                        me_script[:] = False
                        me_script[seat] = True
                        run_until(rule_vec, tables, scan_tables, world, wevents, wrngs, ids, gparams, me_script,
                                  loop_scratch)
                    start = seat_money(wmoney, seat)
                    played += 1
                    for c in range(n):
                        copy_state(wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, rwall, rhands, rfrozen,
                                   rmelds, rrivers, rst, rmoney)
                        if rst[ST_PHASE] == PHASE_SELF:
                            apply_self(rule_vec, tables, rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney,
                                       wevents, cands[c])
                        else:
                            rst[ST_STEPS] += 1
                            apply_claim(rule_vec, tables, rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney,
                                        wevents, seat, cands[c])
                        run_until(rule_vec, tables, scan_tables, roll, wevents, wrngs, ids, gparams, no_script,
                                  loop_scratch)
                        sums[c] += seat_money(rmoney, seat) - start
                if played > 0:
                    candidate_features(rule_vec, tables, hands, frozen, melds, rivers, st, seat, cands, n, seen2,
                                       work34, after_shanten, after_useful, feats[d])  # the rows are free by now
                    mark_greedy_pick(cands, n, g, feats[d])
                    best = g_index if g_index >= 0 else 0
                    for c in range(n):
                        values[d, c] = sums[c] / played
                        if sums[c] > sums[best]:
                            best = c
                    ncand[d] = n
                    meta[d, 0] = st[ST_HAND]
                    meta[d, 1] = seat
                    meta[d, 2] = st[ST_PHASE]
                    meta[d, 3] = g_index
                    meta[d, 4] = played
                    meta[d, 5] = n_all
                    d += 1
                    action = cands[best]
            if st[ST_PHASE] == PHASE_SELF:
                apply_self(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, action)
            else:
                st[ST_STEPS] += 1
                apply_claim(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action)
        played_hands += 1
        dealer = hooks.next_dealer(rule_vec, st)
    return d, played_hands
