"""The search player's candidate actions, pre-ranked by greedy's own ordering — compiled kernels.

``greedy_choice`` is exactly what the hand loop (sim.core.turn) computes for a greedy seat, on the same legal
mask, so ``candidates=1`` plays as greedy does. The next candidates are greedy's choice again with the ones
already taken removed from the mask (so discards come by shanten after the discard, then live useful copies;
a kong or 自摸 before the discards greedy would make without it), except that a greedy 上架/报听 on tile t is
followed by the plain discard of t (ting or not is the choice there), and that once another seat has declared,
greedy's best discard among those safe from every declared seat (kinds it let pass while ready; under 晋中's point
limit ranks 1–5, never won on a discard) comes next: the fold that greedy's ordering would rank too low. In a claim window every legal answer can
be a candidate, except 晋城's 拾/抢 (十三幺 commitments the rollouts, greedy or learned, cannot play): a window whose only
options are 拾/抢 is passed as greedy passes it. A win greedy takes (自摸, 胡) is taken without a search: passing a
win was the search's one losing deviation (金华 duplicate tournament, 5,000 walls: −0.064 [−0.103, −0.024] 底注/hand
against greedy with 1.2 points fewer wins), its rollouts valuing a later, dearer win that seldom came.
"""
import numpy as np
from numba import njit

from sim.core.legal import NOT_SCANNED, NO_FLOOR, claim_mask, legal_self_floored, legal_self_scanned
from sim.core.state import (
    ACT_HU, ACT_ZIMO,
    ACT_DISCARD, ACT_PASS, ACT_QIANG, ACT_SHANGJIA, ACT_SHI, N_ACTIONS, PHASE_SELF, ST_CLAIM_BITS, ST_PASSED,
    ST_PHASE, ST_TING,
)
from sim.core.ting import ALL_KINDS_BITS as ALL_KINDS
from sim.core.seat_view import SeatView
from sim.core.slots import hooks
from strategies.seats import greedy as greedy_policy

@njit(cache=True, _nrt=False)
def discard_proof_kinds(rule_vec):
    """Return the int64 kinds a declared seat can never win on a discard: those no win is on and those won only by
    自摸 (hooks ``never_winning_kinds``, ``self_draw_only_kinds``: 晋中's ranks 1–5 under the point limit)."""
    return hooks.never_winning_kinds(rule_vec) | hooks.self_draw_only_kinds(rule_vec)


#: greedy's parameter row for the search seat's own ranking and for every rollout seat: pong=improves, kong=true
GREEDY_PARAMS = np.array([0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])


@njit(cache=True, _nrt=False)
def _safe_kinds(rule_vec, st, seat):
    """Return the int64 kinds no declared other seat can 胡 on ``seat``'s discard: those it let pass while ready
    (public, ``st[ST_PASSED]``) and those it may not win by a discard at all (晋中's point limit); every kind
    (ALL_KINDS) when no other seat has declared."""
    safe = ALL_KINDS
    for s in range(4):
        if s != seat and st[ST_TING + s] == 1:
            safe &= st[ST_PASSED + s] | discard_proof_kinds(rule_vec)
    return safe


@njit(cache=True, _nrt=True)
def greedy_choice(rule_vec, tables, scan_tables, hands, frozen, melds, rivers, st, seat, gparams, mask, seen,
                  after_shanten, after_useful, floors, rng):
    """Return the ACT_* the hand loop's greedy seat would play for ``seat`` (whose decision is due) and leave the
    seat's full legal mask in ``mask``; ``seen`` int8[34], ``after_shanten`` int8[34], ``after_useful`` int64[34],
    ``floors`` int64[4] are scratch, ``rng`` a scratch generator (greedy draws nothing)."""
    view = SeatView(hands, frozen, melds, rivers, st, seen)  # what greedy's policy decides on
    if st[ST_PHASE] == PHASE_SELF:
        floors[:] = NO_FLOOR
        least = NOT_SCANNED
        if hooks.shares_self_scan(rule_vec):
            _, least = legal_self_scanned(rule_vec, tables, scan_tables, hands, frozen, melds, st, mask,
                                          after_shanten, after_useful)
        else:
            legal_self_floored(rule_vec, tables, hands, frozen, melds, st, mask, floors)
        if least != NOT_SCANNED:
            return greedy_policy.self_from_scan(rule_vec, tables, view, mask, seat, gparams, after_shanten,
                                                after_useful, least)
        return greedy_policy.self_rows(rule_vec, tables, view, mask, seat, gparams, after_shanten, after_useful)
    bits = st[ST_CLAIM_BITS + seat]
    claim_mask(bits, mask)
    if greedy_policy.passes_claim(rule_vec, bits):
        return ACT_PASS
    return greedy_policy.choose_action(gparams, rule_vec, tables, view, mask, seat, rng)


@njit(cache=True, _nrt=True)
def rank_candidates(rule_vec, tables, scan_tables, hands, frozen, melds, rivers, st, seat, gparams, max_candidates,
                    cands, mask, remaining, seen, after_shanten, after_useful, floors, rng):
    """Fill ``cands`` (int64[>= max_candidates]) with at most ``max_candidates`` legal ACT_* of ``seat``, greedy's
    choice first (module docstring); returns how many. ``mask`` and ``remaining`` (bool[N_ACTIONS]) are scratch."""
    first = greedy_choice(rule_vec, tables, scan_tables, hands, frozen, melds, rivers, st, seat, gparams, mask, seen,
                          after_shanten, after_useful, floors, rng)
    cands[0] = first
    n = 1
    view = SeatView(hands, frozen, melds, rivers, st, seen)  # what greedy's policy decides on
    if first == ACT_ZIMO or first == ACT_HU:  # a win greedy takes is taken (module docstring)
        return n
    for a in range(N_ACTIONS):
        remaining[a] = mask[a]
    remaining[first] = False
    remaining[ACT_SHI] = False  # 拾/抢 are never searched (module docstring)
    remaining[ACT_QIANG] = False
    left = 0
    for a in range(N_ACTIONS):
        if remaining[a]:
            left += 1
    if st[ST_PHASE] == PHASE_SELF and first >= ACT_SHANGJIA and first < ACT_SHANGJIA + 34 and n < max_candidates:
        plain = ACT_DISCARD + first - ACT_SHANGJIA
        if remaining[plain]:
            cands[n] = plain
            n += 1
            remaining[plain] = False
            left -= 1
    if st[ST_PHASE] == PHASE_SELF and n < max_candidates and st[ST_TING + seat] == 0:
        safe = _safe_kinds(rule_vec, st, seat)
        if safe != ALL_KINDS:  # someone declared: greedy's best among the discards safe from every declared seat
            any_safe = False
            for t in range(34):
                mask[t] = remaining[ACT_DISCARD + t] and (safe >> t) & 1 == 1
                any_safe |= mask[t]
            for a in range(34, N_ACTIONS):
                mask[a] = False
            if any_safe:
                a = greedy_policy.choose_action(gparams, rule_vec, tables, view, mask, seat, rng)
                if a >= 0 and a < 34 and mask[a]:
                    cands[n] = a
                    n += 1
                    remaining[a] = False
                    left -= 1
    while n < max_candidates and left > 0:
        if st[ST_PHASE] == PHASE_SELF:
            a = greedy_policy.choose_action(gparams, rule_vec, tables, view, remaining, seat, rng)
        else:
            a = ACT_PASS if remaining[ACT_PASS] else -1  # greedy's claim order: pass, then the claims in mask order
        if a < 0 or a >= N_ACTIONS or not remaining[a]:
            a = -1
            for b in range(N_ACTIONS):
                if remaining[b]:
                    a = b
                    break
        cands[n] = a
        n += 1
        remaining[a] = False
        left -= 1
    return n
