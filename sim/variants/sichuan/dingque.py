"""定缺, the void suit (docs/rules/sichuan.md r10–r17): choosing and checking it, the strict discard rule and melds of
the void suit — compiled kernels.

``counts`` int8[34] is a seat's concealed hand (kinds 0..26), ``void`` its declared suit (0 万, 1 筒, 2 条),
``rule_vec`` the packed ``SichuanRules`` vector. Under ``sc_dingque=implicit`` nothing is declared and none of
r12–r14 applies (r18): every kernel here then allows everything.
"""
import numpy as np
from numba import njit

from sim.core.hand.suit_counts import suit_tiles  # the tiles of a suit in a hand, counted once
from sim.variants.sichuan.codes import SC_DINGQUE_IMPLICIT, SC_VOID_DISCARD_STRICT
from sim.variants.sichuan.rule_slots import R_SC_DINGQUE, R_SC_VOID_DISCARD


@njit(cache=True, _nrt=False)
def choose_void_k(counts):
    """Return a void suit to declare (r10): the suit with the fewest tiles in hand, the lowest suit on a tie. Any
    suit is legal, one without tiles included (r11); this is the plain choice a strategy may start from."""
    best, fewest = 0, 99
    for suit in range(3):
        n = suit_tiles(counts, suit)
        if n < fewest:
            best, fewest = suit, n
    return best


@njit(cache=True, _nrt=False)
def void_valid_k(suit):
    """Return True when ``suit`` can be declared void: 万 0, 筒 1 or 条 2 (r10, r11)."""
    return 0 <= suit <= 2


@njit(cache=True, _nrt=False)
def declares_k(rule_vec):
    """Return True when the rules declare a void suit (``declare`` or ``first_discard``, r10, r17), False under
    ``implicit`` (r18)."""
    return rule_vec[R_SC_DINGQUE] != SC_DINGQUE_IMPLICIT


@njit(cache=True, _nrt=False)
def must_discard_void_k(counts, void, rule_vec):
    """Return True when the seat may discard only void-suit tiles: ``strict`` and a void tile in hand (r12)."""
    if not declares_k(rule_vec) or rule_vec[R_SC_VOID_DISCARD] != SC_VOID_DISCARD_STRICT:
        return False
    return suit_tiles(counts, void) > 0


@njit(cache=True, _nrt=False)
def discard_legal_k(counts, void, rule_vec, kind):
    """Return True when the seat may discard ``kind``: it holds one, and under r12 it is of the void suit while the
    hand holds any; after a 碰 too (r14)."""
    if counts[kind] <= 0:
        return False
    if must_discard_void_k(counts, void, rule_vec):
        return kind // 9 == void
    return True


@njit(cache=True, _nrt=False)
def legal_discards_k(counts, void, rule_vec):
    """Return int64: bit k set when ``discard_legal_k`` allows kind k (r12)."""
    mask = np.int64(0)
    for k in range(27):
        if discard_legal_k(counts, void, rule_vec, k):
            mask |= np.int64(1) << k
    return mask


@njit(cache=True, _nrt=False)
def meld_allowed_k(void, rule_vec, kind):
    """Return True when a 碰 or any kong of ``kind`` may be declared as far as the void goes: never of the void suit
    (r13); tiles of the other suits may be melded while void tiles are held (r14)."""
    if not declares_k(rule_vec):
        return True
    return kind // 9 != void


@njit(cache=True, _nrt=False)
def first_discard_tile_k(counts, void):
    """Return the kind placed face down under ``first_discard`` (r17): the lowest void-suit tile held, or -1 when
    the seat holds none and declares without a tile."""
    for k in range(9 * void, 9 * void + 9):
        if counts[k] > 0:
            return k
    return -1
