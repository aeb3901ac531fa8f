"""推倒胡 claims (docs/rules/plain.md r6–r9): priority of the answers to a discard and 吃 by flag — compiled kernels.

* Priority (r8): 胡 3 > 杠 = 碰 2 > 吃 1 > pass 0; the core takes the highest answer and, between equal ones, the
  seat nearest after the discarder, so of several 胡 on one discard the first in turn order wins alone (截胡).
  (Two seats can never both 碰 or 杠 one discard: the discarder's copy leaves at most three.)
* 吃 (r9, flag ``chi``, default off): only the 下家 of the discarder, a run of three suit tiles of one suit the
  discard completes with two held tiles (no honours); the run is a meld taken from the discarder, counted in
  ``st[ST_CHOWS]``, and the seat then discards without drawing, any tile (no 吃张打张 rule). The shapes and the
  meld are the core's (sim.core.chows).

``hands``/``melds`` int8[4, 34], ``st`` int64[N_ST], ``events`` int32[EVENT_CAP, 4] (sim.core.state).
"""
from numba import njit

from sim.core.chows import chow_claim_bits as core_chow_claim_bits
from sim.core.chows import pong_equals_kong_priority as claim_priority  # noqa: F401  (r8)
from sim.core.chows import take_chow as core_take_chow
from sim.core.codes import ACT_CHI_LOW
from sim.variants.plain.rule_slots import R_PLAIN_CHI




@njit(cache=True, _nrt=False)
def chi_enabled(rule_vec):
    """Return True when the rules have 吃 (flag ``chi``, r9)."""
    return rule_vec[R_PLAIN_CHI] != 0


@njit(cache=True, _nrt=False)
def chow_claim_bits(rule_vec, hands, seat, tile, source):
    """Return the CLAIM_BIT_CHI_* bits of ``seat`` on the discard ``tile`` of ``source`` (r9): 0 without the flag
    ``chi`` and for any seat but the discarder's 下家."""
    if not chi_enabled(rule_vec):
        return 0
    return core_chow_claim_bits(hands[seat], tile, seat, source)


@njit(cache=True, _nrt=False)
def take_chow(hands, melds, st, events, seat, tile, source, action):
    """吃 the discard ``tile`` of ``source`` (already out of the river) as ``action`` (ACT_CHI_LOW/MID/HIGH): the
    two held tiles leave the hand, the run becomes a meld fed by ``source`` and is counted (r9); returns nothing."""
    core_take_chow(hands, melds, st, events, seat, tile, source, action - ACT_CHI_LOW)
