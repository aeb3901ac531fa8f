"""Compiled kernels of the greedy-hand profile (benchmarks/profile.py): record real decision states of
seeded hands, then time each engine part in isolation in a compiled loop over those states.

The kernels call the core, the seat switch (sim.core.seat_dispatch) and the greedy policy
(strategies/seats/greedy.py), which reach the engine's slots (sim.core.slots): they compile only bound to a
table's engine, ``sim.engine.engine(variant, policies).module("benchmarks.profile_kernels")`` (run from the
repository root).

Every ``time_*`` kernel runs its part ``repeats`` times over the given state indices and returns a
checksum of the results (so the compiler cannot drop the work); the caller measures its CPU time.
Parts that only read the state (legal actions, strategy answers, scans) run on the recorded arrays in
place (they restore what they touch); parts that change it (apply) run on a fresh copy per call, and
``time_restore`` measures that copy alone so it can be subtracted.
"""
import numpy as np
from numba import njit

from sim.core.apply import apply_self
from sim.core.claims import apply_claim
from sim.core.deal import start_hand
from sim.core.hand.class_scan import least_discards_class_k
from sim.core.hand.discard_scan import least_discards_k
from sim.core.hand.queyimen_class_scan import least_discards_qym_class_k
from sim.core.hand.queyimen_scan import least_discards_qym_k
from sim.core.legal import NO_FLOOR, NOT_SCANNED, legal_claim, legal_self, legal_self_floored, legal_self_scanned
from sim.core.record_fill import fill_record
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.state import (
    MAX_STEPS, N_ACTIONS, PHASE_OVER, PHASE_SELF, ST_CURRENT, ST_WILD_KIND, ST_N_MELDS, ST_PHASE,
    ST_PENDING_TILE, ST_STEPS, new_state,
)
from sim.core.ting import live_copies_in, live_planes, seat_forms, visible_counts
from sim.core import seat_dispatch as seats
from sim.core.seat_view import SeatView
from sim.core.turn import seat_to_act, seed_seats
from sim.core.wall import draw_dealer, fill_wall
from sim.variants.jinzhong._rules import blocked_suits
from strategies.seats import greedy as greedy_policy
from strategies.greedy import greedy_claim, legal_discards
from strategies.wild_play import best_discard_k, wild_greedy_claim, wild_greedy_self, wild_seen_k
from strategies.random_policy import random_action


@njit(cache=True)
def record_states(rule_vec, tables, strategy_ids, params, run_seed, n_hands, walls, hands_b, frozen_b, melds_b,
                  rivers_b, st_b, money_b, masks_b, seats_b, actions_b, hand_of):
    """Play hands 0 .. n_hands - 1 of ``run_seed`` exactly as the batch loop does (independent hands) and
    store the state before every decision at index n of the ``*_b`` buffers (first axis = state), with its
    legal mask, the seat to act, the action taken and the hand index; returns the number of states stored
    (stops storing when the buffers are full). ``strategy_ids`` holds each seat's policy slot
    (sim.seat_plan.seat_arrays), every seat asked through its legal mask (sim.core.seat_dispatch)."""
    wall, hands, frozen, melds, rivers, st, money = new_state()
    events = np.zeros((1, 4), dtype=np.int32)  # logging off
    rngs = np.zeros((4, 2), dtype=np.uint64)    # per-seat decision generators
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)  # scratch legal-action mask
    seen = np.zeros(34, dtype=np.int8)          # scratch visible-copies row
    view = SeatView(hands, frozen, melds, rivers, st, seen)  # the seat's view the policies decide on
    cap = st_b.shape[0]
    n = 0
    for hand_index in range(n_hands):
        dealer = draw_dealer(run_seed, hand_index)
        fill_wall(run_seed, hand_index, wall)
        seed_seats(rngs, run_seed, hand_index)
        start_hand(rule_vec, wall, hands, frozen, melds, rivers, st, money, events, dealer, run_seed, hand_index)
        while st[ST_PHASE] != PHASE_OVER:
            if st[ST_STEPS] > MAX_STEPS:
                raise RuntimeError("hand exceeded the step guard")
            seat = seat_to_act(st)
            keep = n < cap
            if keep:
                walls[n, :] = wall
                hands_b[n, :, :] = hands
                frozen_b[n, :, :] = frozen
                melds_b[n, :, :] = melds
                rivers_b[n, :, :] = rivers
                st_b[n, :] = st
                money_b[n, :, :] = money
                seats_b[n] = seat
                hand_of[n] = hand_index
            if st[ST_PHASE] == PHASE_SELF:
                legal_self(rule_vec, tables, hands, frozen, melds, st, mask)
                action = seats.choose_action(strategy_ids[seat], params[seat], rule_vec, tables, view, mask, seat,
                                             rngs[seat])
                if keep:
                    masks_b[n, :] = mask
                    actions_b[n] = action
                apply_self(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, action)
            else:
                legal_claim(rule_vec, tables, hands, frozen, melds, st, seat, mask)
                action = seats.choose_action(strategy_ids[seat], params[seat], rule_vec, tables, view, mask, seat,
                                             rngs[seat])
                if keep:
                    masks_b[n, :] = mask
                    actions_b[n] = action
                st[ST_STEPS] += 1
                apply_claim(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action)
            if keep:
                n += 1
    return n


@njit(cache=True)
def time_legal_self(rule_vec, tables, hands_b, frozen_b, melds_b, st_b, idx, repeats):
    """Build the self-phase legal mask of each state in ``idx``; returns the summed option counts."""
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)  # scratch legal-action mask
    total = 0
    for _ in range(repeats):
        for i in idx:
            total += legal_self(rule_vec, tables, hands_b[i], frozen_b[i], melds_b[i], st_b[i], mask)
    return total


@njit(cache=True)
def time_legal_self_floored(rule_vec, tables, hands_b, frozen_b, melds_b, st_b, hand_of, idx, repeats):
    """Build the self-phase legal mask of each state in ``idx`` (in play order) as the hand loop does for a seat
    that does not share greedy's scan (``legal_self_floored``, the floors kept over each hand and reset at
    each hand's first state); returns the summed option counts."""
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)  # scratch legal-action mask
    floors = np.full(4, NO_FLOOR, np.int64)     # [seat] the hand loop's shanten floors
    total = 0
    for _ in range(repeats):
        hand = -1
        for i in idx:
            if hand_of[i] != hand:
                hand = hand_of[i]
                floors[:] = NO_FLOOR
            total += legal_self_floored(rule_vec, tables, hands_b[i], frozen_b[i], melds_b[i], st_b[i], mask,
                                        floors)
    return total


@njit(cache=True)
def time_legal_claim(rule_vec, tables, hands_b, frozen_b, melds_b, st_b, seats_b, idx, repeats):
    """Build the claim-window legal mask of each state in ``idx`` for its seat; returns the summed counts."""
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)  # scratch legal-action mask
    total = 0
    for _ in range(repeats):
        for i in idx:
            total += legal_claim(rule_vec, tables, hands_b[i], frozen_b[i], melds_b[i], st_b[i], seats_b[i], mask)
    return total


@njit(cache=True)
def time_greedy_self(rule_vec, tables, hands_b, frozen_b, melds_b, rivers_b, st_b, masks_b, params, idx, repeats):
    """Answer each self-phase state in ``idx`` with greedy (whole decision, its own scan) as the hand loop does when
    its legal builder ran no shared scan (the greedy policy's self_rows); returns the summed actions."""
    seen = np.zeros(34, dtype=np.int8)          # scratch visible-copies row
    after_shanten = np.empty(34, np.int8)       # [kind] scratch: shanten once it is discarded
    after_useful = np.empty(34, np.int64)       # [kind] scratch: its useful kinds
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            view = SeatView(hands_b[i], frozen_b[i], melds_b[i], rivers_b[i], st_b[i], seen)
            total += greedy_policy.self_rows(rule_vec, tables, view, masks_b[i], seat, params, after_shanten,
                                             after_useful)
    return total


@njit(cache=True)
def time_shared_self(rule_vec, tables, scan_tables, hands_b, frozen_b, melds_b, rivers_b, st_b, params, idx,
                     repeats):
    """Build the legal mask and answer with greedy as the hand loop does for a greedy seat (legal_self_scanned,
    then the greedy policy's self_from_scan on its scan, or its self_rows when it ran none) on each self-phase state
    in ``idx``; ``scan_tables`` = sim.hand_tables.get_scan_tables(); returns the summed actions."""
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)  # scratch legal-action mask
    seen = np.zeros(34, dtype=np.int8)          # scratch visible-copies row
    after_shanten = np.empty(34, np.int8)       # [kind] the shared scan: shanten once it is discarded
    after_useful = np.empty(34, np.int64)       # [kind] ... its useful kinds
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            least = legal_self_scanned(rule_vec, tables, scan_tables, hands_b[i], frozen_b[i], melds_b[i], st_b[i],
                                       mask, after_shanten, after_useful)[1]
            view = SeatView(hands_b[i], frozen_b[i], melds_b[i], rivers_b[i], st_b[i], seen)
            if least != NOT_SCANNED:
                total += greedy_policy.self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten,
                                                      after_useful, least)
            else:
                total += greedy_policy.self_rows(rule_vec, tables, view, mask, seat, params, after_shanten,
                                                 after_useful)
    return total


@njit(cache=True)
def time_greedy_claim(rule_vec, tables, hands_b, st_b, masks_b, seats_b, params, idx, repeats):
    """Answer each claim-window state in ``idx`` with greedy; returns the summed actions."""
    total = 0
    for _ in range(repeats):
        for i in idx:
            total += greedy_claim(rule_vec, tables, hands_b[i], st_b[i], masks_b[i], seats_b[i],
                                  st_b[i, ST_PENDING_TILE], params)
    return total


@njit(cache=True)
def time_random_choice(masks_b, idx, repeats):
    """Answer each state in ``idx`` with the ``random`` strategy from its recorded legal mask (one scratch
    generator, so the answers differ from the recorded ones; the work per call is the same); returns the
    summed actions."""
    rng = np.zeros(2, dtype=np.uint64)  # scratch decision generator (state of sim.core.rng)
    rng[0] = np.uint64(0x9E3779B97F4A7C15)
    rng[1] = np.uint64(1)
    total = 0
    for _ in range(repeats):
        for i in idx:
            total += random_action(masks_b[i], rng)
    return total


@njit(cache=True)
def time_discard_scan(rule_vec, tables, hands_b, st_b, masks_b, idx, repeats):
    """Run greedy's discard scan (sim.core.hand.discard_scan.least_discards_k over the legal discards) on each
    state in ``idx``; returns the summed least shanten."""
    after_shanten = np.empty(34, np.int8)  # [kind] shanten once it is discarded
    after_useful = np.empty(34, np.int64)  # [kind] its useful kinds
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            candidates = legal_discards(masks_b[i])
            total += least_discards_k(hands_b[i, seat], st_b[i, ST_N_MELDS + seat], allow_quad,
                                      seat_forms(st_b[i], seat), tables, candidates, after_shanten, after_useful)
    return total


@njit(cache=True)
def time_class_scan(rule_vec, scan_tables, hands_b, st_b, masks_b, idx, repeats):
    """Run the hand loop's discard scan (sim.core.hand.class_scan.least_discards_class_k over the legal discards,
    as legal_self_scanned runs it) on each state in ``idx``; returns the summed least shanten."""
    after_shanten = np.empty(34, np.int8)  # [kind] shanten once it is discarded
    after_useful = np.empty(34, np.int64)  # [kind] its useful kinds
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            candidates = legal_discards(masks_b[i])
            total += least_discards_class_k(hands_b[i, seat], st_b[i, ST_N_MELDS + seat], allow_quad,
                                            seat_forms(st_b[i], seat), scan_tables, candidates, after_shanten,
                                            after_useful)
    return total


@njit(cache=True)
def time_discard_scan_qym(tables, scan_tables, hands_b, melds_b, st_b, masks_b, idx, repeats):
    """Run 晋中's discard scan under 缺一门 over the legal discards on each state in ``idx``: the hand loop's
    (sim.core.hand.queyimen_class_scan.least_discards_qym_class_k on ``scan_tables``, in legal_self_scanned), or
    with ``scan_tables`` None greedy's own packed-row scan (queyimen_scan.least_discards_qym_k); returns the
    summed least shanten."""
    after_shanten = np.empty(34, np.int8)  # [kind] shanten under 缺一门 once it is discarded
    after_useful = np.empty(34, np.int64)  # [kind] its useful kinds
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            candidates = legal_discards(masks_b[i])
            blocked = blocked_suits(melds_b[i], st_b[i], seat)
            if scan_tables is None:
                total += least_discards_qym_k(hands_b[i, seat], st_b[i, ST_N_MELDS + seat], blocked, True, tables,
                                              candidates, after_shanten, after_useful)
            else:
                total += least_discards_qym_class_k(hands_b[i, seat], st_b[i, ST_N_MELDS + seat], blocked, True,
                                                    scan_tables, candidates, after_shanten, after_useful)
    return total


@njit(cache=True)
def time_live_counts(hands_b, frozen_b, melds_b, rivers_b, st_b, idx, repeats):
    """Count the copies the acting seat sees and its live copies per kind (visible_counts + live_planes),
    then sum live copies over every kind once (live_copies_in); returns the summed live copies."""
    seen = np.zeros(34, dtype=np.int8)  # scratch visible-copies row
    every_kind = np.int64((1 << 34) - 1)
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            visible_counts(hands_b[i], frozen_b[i], melds_b[i], rivers_b[i], st_b[i], seat, seen)
            total += live_copies_in(every_kind, live_planes(seen))
    return total


@njit(cache=True)
def time_jh_greedy_self(rule_vec, tables, hands_b, frozen_b, melds_b, rivers_b, st_b, masks_b, params, idx, repeats):
    """Answer each self-phase state in ``idx`` with 金华 greedy (wild_greedy_self, whole decision; also the loop's
    self phase after legal_self, since 金华 shares no scan with the legal builder); returns the summed actions."""
    seen = np.zeros(34, dtype=np.int8)  # scratch visible-copies row
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            total += wild_greedy_self(rule_vec, tables, hands_b[i], frozen_b[i], melds_b[i], rivers_b[i], st_b[i],
                                    masks_b[i], seat, params, seen)
    return total


@njit(cache=True)
def time_jh_shared_self(rule_vec, tables, hands_b, frozen_b, melds_b, rivers_b, st_b, params, idx, repeats):
    """The 金华 self phase as the hand loop runs it for a greedy seat: legal_self, then wild_greedy_self on its mask;
    returns the summed actions."""
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)  # scratch legal-action mask
    seen = np.zeros(34, dtype=np.int8)          # scratch visible-copies row
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            legal_self(rule_vec, tables, hands_b[i], frozen_b[i], melds_b[i], st_b[i], mask)
            total += wild_greedy_self(rule_vec, tables, hands_b[i], frozen_b[i], melds_b[i], rivers_b[i], st_b[i],
                                    mask, seat, params, seen)
    return total


@njit(cache=True)
def time_jh_greedy_claim(rule_vec, tables, hands_b, st_b, masks_b, seats_b, params, idx, repeats):
    """Answer each claim-window state in ``idx`` with 金华 greedy (wild_greedy_claim); returns the summed actions."""
    total = 0
    for _ in range(repeats):
        for i in idx:
            total += wild_greedy_claim(rule_vec, tables, hands_b[i], st_b[i], masks_b[i], seats_b[i], params)
    return total


@njit(cache=True)
def time_jh_discard_choice(rule_vec, tables, hands_b, frozen_b, melds_b, rivers_b, st_b, masks_b, idx, repeats):
    """Run 金华 greedy's discard choice (strategies.wild_play.best_discard_k over the legal discards, the seen
    copies it reads filled first) on each state in ``idx``; returns the summed chosen kinds."""
    seen = np.zeros(34, dtype=np.int8)  # scratch visible-copies row
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    total = 0
    for _ in range(repeats):
        for i in idx:
            seat = st_b[i, ST_CURRENT]
            candidates = legal_discards(masks_b[i])
            wild_seen_k(rule_vec, hands_b[i], frozen_b[i], melds_b[i], rivers_b[i], st_b[i], seat, seen)
            total += best_discard_k(hands_b[i, seat], st_b[i, ST_N_MELDS + seat], allow_quad, st_b[i, ST_WILD_KIND],
                                    tables, candidates, seen)
    return total


@njit(cache=True)
def time_jh_seen(rule_vec, hands_b, frozen_b, melds_b, rivers_b, st_b, idx, repeats):
    """Count the copies the acting seat sees under 金华 (wild_seen_k: the core's view plus the 吃 melds); returns the
    summed counts."""
    seen = np.zeros(34, dtype=np.int8)  # scratch visible-copies row
    total = 0
    for _ in range(repeats):
        for i in idx:
            wild_seen_k(rule_vec, hands_b[i], frozen_b[i], melds_b[i], rivers_b[i], st_b[i], st_b[i, ST_CURRENT], seen)
            total += seen[0] + seen[33]
    return total


@njit(cache=True, inline='always')
def restore(i, walls, hands_b, frozen_b, melds_b, rivers_b, st_b, money_b, wall, hands, frozen, melds, rivers, st,
            money):
    """Copy recorded state ``i`` into the working arrays."""
    wall[:] = walls[i]
    hands[:] = hands_b[i]
    frozen[:] = frozen_b[i]
    melds[:] = melds_b[i]
    rivers[:] = rivers_b[i]
    st[:] = st_b[i]
    money[:] = money_b[i]


@njit(cache=True)
def time_restore(walls, hands_b, frozen_b, melds_b, rivers_b, st_b, money_b, idx, repeats):
    """Copy each state in ``idx`` into working arrays (the overhead inside ``time_apply``); returns a checksum."""
    wall, hands, frozen, melds, rivers, st, money = new_state()
    total = 0
    for _ in range(repeats):
        for i in idx:
            restore(i, walls, hands_b, frozen_b, melds_b, rivers_b, st_b, money_b, wall, hands, frozen, melds,
                    rivers, st, money)
            total += st[ST_STEPS]
    return total


@njit(cache=True)
def time_apply(rule_vec, tables, walls, hands_b, frozen_b, melds_b, rivers_b, st_b, money_b, seats_b, actions_b,
               idx, repeats):
    """Copy each state in ``idx`` and apply its recorded action (apply_self or, with the step count,
    apply_claim: discards open claim windows, draws, kongs, wins, settlement); returns a checksum."""
    wall, hands, frozen, melds, rivers, st, money = new_state()
    events = np.zeros((1, 4), dtype=np.int32)  # logging off
    total = 0
    for _ in range(repeats):
        for i in idx:
            restore(i, walls, hands_b, frozen_b, melds_b, rivers_b, st_b, money_b, wall, hands, frozen, melds,
                    rivers, st, money)
            if st[ST_PHASE] == PHASE_SELF:
                apply_self(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, actions_b[i])
            else:
                st[ST_STEPS] += 1
                apply_claim(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seats_b[i],
                            actions_b[i])
            total += st[ST_STEPS]
    return total


@njit(cache=True)
def time_hand_setup(rule_vec, run_seed, n_hands, out, repeats):
    """Per hand: dealer, wall shuffle, seat generators, deal (start_hand) and the record row (fill_record);
    returns a checksum. ``out`` is an int32[n_hands, N_KERNEL_COLUMNS] scratch record matrix."""
    wall, hands, frozen, melds, rivers, st, money = new_state()
    events = np.zeros((1, 4), dtype=np.int32)  # logging off
    rngs = np.zeros((4, 2), dtype=np.uint64)    # per-seat decision generators
    total = 0
    for _ in range(repeats):
        for hand_index in range(n_hands):
            dealer = draw_dealer(run_seed, hand_index)
            fill_wall(run_seed, hand_index, wall)
            seed_seats(rngs, run_seed, hand_index)
            start_hand(rule_vec, wall, hands, frozen, melds, rivers, st, money, events, dealer, run_seed, hand_index)
            fill_record(out[hand_index], st, money, hand_index, hand_index, 0)
            total += wall[0]
    return total

