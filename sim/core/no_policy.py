"""The policy of a seat slot no seat plays, and the entries of paths a policy never takes — compiled kernels.

The seat switch (sim.core.seat_dispatch) types every protocol entry of every module bound to a policy slot, but
asks a slot only for a seat that holds it, takes the scan paths only for a policy with ``SCANS`` and the fast
random paths only for one with ``FAST_RANDOM``. ``sim.engine`` binds this module to the slots a table leaves free,
and a policy without those paths imports its entries from here; reaching one is an engine bug. Each raises behind
a test numba cannot decide while typing (``seat == seat``), so that it still has the return type of a real entry:
a kernel that only raises returns ``none``, and the switch's result would become an optional the loop cannot use.
"""
from numba import njit

FAST_RANDOM = False
SCANS = False


@njit(cache=True, _nrt=False)
def passes_claim(rule_vec, bits):
    """Return False (a free slot is never asked)."""
    return False


@njit(cache=True, _nrt=False)
def choose_action(params, rule_vec, tables, view, mask, seat, rng):
    """Never returns (-1 for the type only): raises RuntimeError (no seat holds a free slot)."""
    if seat == seat:
        raise RuntimeError("choose_action asked of a policy slot no seat holds")
    return -1


@njit(cache=True, _nrt=False)
def self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least):
    """Never returns (-1 for the type only): raises RuntimeError (only a SCANS policy is asked for its scan)."""
    if seat == seat:
        raise RuntimeError("self_from_scan asked of a policy without SCANS")
    return -1


@njit(cache=True, _nrt=False)
def self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful):
    """Never returns (-1 for the type only): raises RuntimeError (only a SCANS policy is asked for its rows)."""
    if seat == seat:
        raise RuntimeError("self_rows asked of a policy without SCANS")
    return -1


@njit(cache=True, _nrt=False)
def random_self(discards, marks, angang, bugang, zimo, rng):
    """Never returns (-1 for the type only): raises RuntimeError (only a FAST_RANDOM policy draws from kind sets)."""
    if zimo == zimo:
        raise RuntimeError("random_self asked of a policy without FAST_RANDOM")
    return -1


@njit(cache=True, _nrt=False)
def random_claim(bits, rng):
    """Never returns (-1 for the type only): raises RuntimeError (only a FAST_RANDOM policy draws from claim bits)."""
    if bits == bits:
        raise RuntimeError("random_claim asked of a policy without FAST_RANDOM")
    return -1


@njit(cache=True, _nrt=False)
def choose_dingque(params, hands, seat):
    """Never returns (-1 for the type only): raises RuntimeError (no seat holds a free slot)."""
    if seat == seat:
        raise RuntimeError("choose_dingque asked of a policy slot no seat holds")
    return -1


@njit(cache=True, _nrt=False)
def choose_pass(params, rule_vec, hands, seat, rng):
    """Never returns ((-1, -1, -1) for the type only): raises RuntimeError (no seat holds a free slot)."""
    if seat == seat:
        raise RuntimeError("choose_pass asked of a policy slot no seat holds")
    return -1, -1, -1
