"""Protocol entries of the hand loop's paths a policy never takes — compiled kernels.

The seat switch (sim.core.seat_dispatch) types every protocol entry of every policy bound to a slot, but takes the
scan paths only for a policy with ``SCANS`` and the fast random paths only for one with ``FAST_RANDOM``. A policy
without them imports these; reaching one is an engine bug. Each raises behind a test numba cannot decide while
typing (``seat == seat``), so that it still has the return type of the real entry: a kernel that only raises
returns ``none``, and the seat switch's result would become an optional the loop cannot index with.
"""
from numba import njit


@njit(cache=True, _nrt=False)
def self_from_scan(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after_shanten,
                   after_useful, least):
    """Never returns (-1 for the type only): raises RuntimeError (only a SCANS policy is asked for its scan decision)."""
    if seat == seat:
        raise RuntimeError("self_from_scan asked of a policy without SCANS")
    return -1


@njit(cache=True, _nrt=False)
def self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after_shanten,
              after_useful):
    """Never returns (-1 for the type only): raises RuntimeError (only a SCANS policy is asked for its row decision)."""
    if seat == seat:
        raise RuntimeError("self_rows asked of a policy without SCANS")
    return -1


@njit(cache=True, _nrt=False)
def random_self(discards, marks, angang, bugang, zimo, rng):
    """Never returns (-1 for the type only): raises RuntimeError (only a FAST_RANDOM policy draws from the kind sets)."""
    if zimo == zimo:
        raise RuntimeError("random_self asked of a policy without FAST_RANDOM")
    return -1


@njit(cache=True, _nrt=False)
def random_claim(bits, rng):
    """Never returns (-1 for the type only): raises RuntimeError (only a FAST_RANDOM policy draws from the claim bits)."""
    if bits == bits:
        raise RuntimeError("random_claim asked of a policy without FAST_RANDOM")
    return -1
