"""Claim answers the hand loop records without asking the strategy — kernel.

Most claim windows of a greedy 晋城 hand open only for 拾/抢, which greedy, selective_ting and defensive never
take (``passes_claim`` of their policy, sim.core.seat_dispatch). Their answers are ACT_PASS; this module records them all at once
instead of one loop turn per seat.
"""
from numba import njit

from sim.core.claims import mark_let_pass, resolve_claims
from sim.core.state import ACT_PASS, CLAIM_WAITING, ST_CLAIM, ST_CLAIM_BITS, ST_PENDING_FROM, ST_STEPS
from sim.core import seat_dispatch as seats


@njit(cache=True, inline='always')
def pass_unasked(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, strategy_ids, scripted):
    """Record ACT_PASS for every seat still to answer the open window that no script answers and whose strategy
    passes on its options (``st[ST_CLAIM_BITS + seat]``) without being asked; resolve the window when nobody is
    left to answer. Returns the number of answers recorded.

    Each answer is what ``apply_claim(.., seat, ACT_PASS)`` does for such a seat: ``passes_claim`` holds under
    晋城 only and never with a 胡 option, so the 过胡 watch logs nothing and the 金华 answer hook does nothing (the
    let-pass mark is set as there); the
    seats' answers do not depend on one another, and each counts one decision in ``st[ST_STEPS]``.
    """
    source = st[ST_PENDING_FROM]
    answered = 0
    waiting = 0
    for i in range(1, 4):
        s = (source + i) % 4
        if st[ST_CLAIM + s] != CLAIM_WAITING:
            continue
        if not scripted[s] and seats.passes_claim(strategy_ids[s], rule_vec, st[ST_CLAIM_BITS + s]):
            mark_let_pass(st, s, ACT_PASS)
            st[ST_CLAIM + s] = ACT_PASS
            answered += 1
        else:
            waiting += 1
    st[ST_STEPS] += answered
    if answered > 0 and waiting == 0:
        resolve_claims(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events)
    return answered
