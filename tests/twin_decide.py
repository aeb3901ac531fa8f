"""One decision of a strategy seat, exactly as the hand loop takes it, without applying it — compiled kernel for the
twin test (tests/test_twins.py checks, on every state, that applying it and letting the loop go on is the loop).
"""
from numba import njit

from sim.core import seat_dispatch as seats
from sim.core.legal import NO_FLOOR, NOT_SCANNED, claim_mask, legal_self_floored, legal_self_kinds, legal_self_scanned
from sim.core.seat_view import SeatView
from sim.core.slots import hooks
from sim.core.state import ACT_PASS, PHASE_SELF, ST_CLAIM_BITS, ST_PHASE
from sim.core.turn import seat_to_act


@njit(cache=True, _nrt=False)
def loop_decision(rule_vec, tables, scan_tables, board, rngs, strategy_ids, params, scratch):
    """Return the ACT_* the seat to act takes in the hand loop (sim.core.turn ``hand_loop``'s dispatch, its
    ``rngs`` row drawn from as there); the state is not changed. A claim window its policy passes unasked is
    ACT_PASS."""
    wall, hands, frozen, melds, rivers, st, money = board
    mask, seen, tracks, after_shanten, after_useful, floors = scratch
    view = SeatView(hands, frozen, melds, rivers, st, seen)  # as the hand loop builds it
    floors[:] = NO_FLOOR
    seat = seat_to_act(st)
    if st[ST_PHASE] == PHASE_SELF:
        if seats.is_random(strategy_ids[seat]):
            discards, marks, angang, bugang, zimo = legal_self_kinds(rule_vec, tables, hands, frozen, melds, st, mask,
                                                                     floors)
            return seats.random_self(strategy_ids[seat], discards, marks, angang, bugang, zimo, rngs[seat])
        least = NOT_SCANNED
        if seats.scans(strategy_ids[seat]) and hooks.shares_self_scan(rule_vec):
            _, least = legal_self_scanned(rule_vec, tables, scan_tables, hands, frozen, melds, st, mask,
                                          after_shanten, after_useful)
        else:
            legal_self_floored(rule_vec, tables, hands, frozen, melds, st, mask, floors)
        if least != NOT_SCANNED:
            return seats.self_from_scan(strategy_ids[seat], rule_vec, tables, view, mask, seat, params[seat],
                                        after_shanten, after_useful, least)
        if seats.scans(strategy_ids[seat]):
            return seats.self_rows(strategy_ids[seat], rule_vec, tables, view, mask, seat, params[seat],
                                   after_shanten, after_useful)
        return seats.choose_action(strategy_ids[seat], params[seat], rule_vec, tables, view, mask, seat, rngs[seat])
    bits = st[ST_CLAIM_BITS + seat]
    if seats.passes_claim(strategy_ids[seat], rule_vec, bits):
        return ACT_PASS
    if seats.is_random(strategy_ids[seat]):
        return seats.random_claim(strategy_ids[seat], bits, rngs[seat])
    claim_mask(bits, mask)
    return seats.choose_action(strategy_ids[seat], params[seat], rule_vec, tables, view, mask, seat, rngs[seat])
