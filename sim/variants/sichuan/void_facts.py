"""What every seat can tell of another seat's void tiles from its discards alone (docs/rules/sichuan.md r12) —
compiled kernels over the state (sim.core.state; the rule set's field ``SC_VOID_CLEAR`` in ``hand_state``).

Under ``sc_void_discard=strict`` a seat holding a tile of its declared void suit may discard only such tiles, so a
discard of another suit shows that its concealed hand then held none. Until its next discard it draws no tile it
keeps (a draw is followed by a discard or ends its hand), so the fact holds whenever another seat decides. The
search player's worlds deal such a seat no void tile (hook ``kinds_never_held``). The one exception is a kong
window the seat opened itself: it drew since its last discard, so nothing is known until it discards again.
"""
import numpy as np
from numba import njit

from sim.core.state import PEND_DISCARD, PHASE_CLAIM, ST_DINGQUE, ST_PENDING_FROM, ST_PENDING_KIND, ST_PHASE
from sim.variants.sichuan.codes import SC_VOID_DISCARD_STRICT
from sim.variants.sichuan.dingque import declares_k
from sim.variants.sichuan.hand_state import SC_VOID_CLEAR
from sim.variants.sichuan.rule_slots import R_SC_VOID_DISCARD


@njit(cache=True, _nrt=False)
def note_discard_k(rule_vec, st, seat, tile):
    """Record in ``SC_VOID_CLEAR`` whether ``seat``'s discard of ``tile`` (a kind 0..26) shows it holds no void tile:
    1 for a tile outside its declared void suit under ``strict`` (r12), else 0; returns nothing."""
    void = st[ST_DINGQUE + seat] - 1
    known = declares_k(rule_vec) and rule_vec[R_SC_VOID_DISCARD] == SC_VOID_DISCARD_STRICT and void >= 0
    st[SC_VOID_CLEAR + seat] = 1 if known and tile // 9 != void else 0


@njit(cache=True, _nrt=False)
def kinds_never_held_k(rule_vec, st, seat):
    """Return the int64 kinds of ``seat``'s void suit when its last discard showed it holds none (note_discard_k)
    and it has drawn no tile since (not in the window of a kong it declared), else 0."""
    if st[SC_VOID_CLEAR + seat] != 1:
        return np.int64(0)
    if st[ST_PHASE] == PHASE_CLAIM and st[ST_PENDING_FROM] == seat and st[ST_PENDING_KIND] != PEND_DISCARD:
        return np.int64(0)
    return np.int64(0x1FF) << (9 * (st[ST_DINGQUE + seat] - 1))
