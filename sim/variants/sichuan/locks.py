"""The Sichuan locks a flag adds to r32's 过胡 (docs/rules/sichuan.md r33, r34): 过胡 after discarding one's own
winning tile (``sc_guo_hu=until_draw_strict``) and 过碰 (``sc_guo_peng``) — compiled kernels over the state
(sim.core.state, the rule set's fields in ``hand_state``). ``hands`` / ``melds`` int8[4, 34]; ``tables`` the core
hand tables; seats 0..3; ``tile`` a kind 0..26.

A 过碰 lock is the core's per-seat kind mask ``ST_DECLINED_PONGS``; it lasts until the seat's next turn that starts
with a draw: a turn taken by a 碰 or 直杠 claim (marked ``SC_CLAIM_TURN`` by ``on_claim_taken``) keeps it.
"""
import numpy as np
from numba import njit

from sim.core.state import ACT_PASS, CLAIM_BIT_PENG, ST_CLAIM_BITS, ST_DECLINED_PONGS, ST_FRONT_DRAWS, ST_PENDING_TILE
from sim.core.state import ST_DINGQUE, ST_REPLACEMENTS
from sim.variants.sichuan import codes as S
from sim.variants.sichuan.fan import hand_fan_k
from sim.variants.sichuan.hand_state import SC_CLAIM_TURN, SC_LOCK_DRAWS, SC_LOCK_FAN
from sim.variants.sichuan.rule_slots import R_SC_DINGQUE, R_SC_GUO_HU, R_SC_GUO_PENG
from sim.variants.sichuan.win import win_forms_k, wins_with_k


@njit(cache=True, _nrt=False)
def lock_own_winning_discard_k(rule_vec, tables, hands, melds, st, seat, tile):
    """Under ``until_draw_strict`` (r33): when ``seat``'s discard of ``tile`` (already out of its hand) would have
    completed its hand, lock it as r32 does, with the 番 of that win (without r48's) as the declined 番; returns
    nothing. The hand is restored."""
    if rule_vec[R_SC_GUO_HU] != S.SC_GUO_HU_UNTIL_DRAW_STRICT:
        return
    void = st[ST_DINGQUE + seat] - 1
    if not wins_with_k(hands[seat], melds[seat], void, rule_vec[R_SC_DINGQUE], tables, tile):
        return
    hands[seat, tile] += 1
    fan = hand_fan_k(hands[seat], melds[seat], win_forms_k(hands[seat], melds[seat], tables), rule_vec)[0]
    hands[seat, tile] -= 1
    if fan + 1 > st[SC_LOCK_FAN + seat]:
        st[SC_LOCK_FAN + seat] = fan + 1
    st[SC_LOCK_DRAWS + seat] = st[ST_FRONT_DRAWS] + st[ST_REPLACEMENTS]


@njit(cache=True, _nrt=False)
def note_declined_pong_k(rule_vec, st, seat, action):
    """Under ``sc_guo_peng`` (r34): when ``seat`` passed a window that offered it 碰, lock 碰 of that kind until its
    next draw; returns nothing."""
    if rule_vec[R_SC_GUO_PENG] == 0 or action != ACT_PASS:
        return
    if st[ST_CLAIM_BITS + seat] & CLAIM_BIT_PENG == 0:
        return
    st[ST_DECLINED_PONGS + seat] |= np.int64(1) << st[ST_PENDING_TILE]


@njit(cache=True, _nrt=False)
def pong_locked_k(st, seat, tile):
    """Return True while ``seat`` may not 碰 ``tile`` (r34)."""
    return (st[ST_DECLINED_PONGS + seat] >> tile) & 1 == 1


@njit(cache=True, _nrt=False)
def mark_claim_turn_k(st):
    """Remember that the turn about to start was taken by a claim, not a draw; returns nothing."""
    st[SC_CLAIM_TURN] = 1


@njit(cache=True, _nrt=False)
def lift_pong_lock_on_draw_k(st, seat):
    """At the start of ``seat``'s turn: lift its 过碰 lock when the turn starts with a draw (r34), keep it after a
    claim; returns nothing."""
    if st[SC_CLAIM_TURN] == 1:
        st[SC_CLAIM_TURN] = 0
        return
    st[ST_DECLINED_PONGS + seat] = 0
