"""The search player's random streams — compiled kernels.

A search decision draws its worlds from a generator keyed by what the seat sees: a hash of the public world
(strategies/search/view.py ``public_world``: the seat's own tiles, every river, exposed meld and frozen tile, the
ledger and the public scalar state) and the seat. So two states the seat cannot tell apart give the same worlds
and the same decision, and nothing from which the true wall can be dealt again (the run seed, the hand index)
reaches the search; a hand's records are still the same for any jobs, chunk or backend, and the seat's own
decision generator (STREAM_SEAT0 + seat) is never touched.

``seed_search_generator`` keeps the older keying by (run seed, hand, seat, decision number) for the learned
player's teacher (strategies/learned/teacher.py), which labels self-play data and plays no seat.
"""
import numpy as np
from numba import njit

from sim.core.rng import mix64, seed_generator
from sim.core.state import ST_HAND, ST_SEED, ST_STEPS

#: first stream of the search decisions: stream SEARCH_STREAM_BASE + 4 * decision + seat (far from the engine's 0..5)
SEARCH_STREAM_BASE = np.int64(1) << 40


@njit(cache=True, _nrt=False)
def seed_search_generator(rng, st, seat):
    """Set ``rng`` (uint64[2]) to the search stream of ``seat``'s decision ``st[ST_STEPS]`` in hand ``st[ST_HAND]`` of
    run ``st[ST_SEED]`` (the teacher's keying); returns nothing."""
    seed_generator(rng, st[ST_SEED], st[ST_HAND], SEARCH_STREAM_BASE + 4 * st[ST_STEPS] + seat)


@njit(cache=True, _nrt=False)
def _mix_rows(h, a):
    """Return the hash ``h`` extended by every entry of the 2-D int array ``a``."""
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            h = mix64(h ^ np.uint64(a[i, j] & 0xFFFFFFFF))
    return h


@njit(cache=True, _nrt=False)
def view_key(wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, seat):
    """Return the uint64 hash of the public world (the arrays ``public_world`` fills) and ``seat``."""
    h = mix64(np.uint64(seat + 1))
    for i in range(wwall.shape[0]):
        h = mix64(h ^ np.uint64(wwall[i] & 0xFF))
    for i in range(wst.shape[0]):
        h = mix64(h ^ np.uint64(wst[i]))
    h = _mix_rows(h, whands)
    h = _mix_rows(h, wfrozen)
    h = _mix_rows(h, wmelds)
    h = _mix_rows(h, wrivers)
    return _mix_rows(h, wmoney)


@njit(cache=True, _nrt=False)
def seed_view_generator(rng, wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, seat):
    """Set ``rng`` (uint64[2]) to the search stream of ``seat``'s decision keyed by its public world (the arrays
    ``public_world`` filled); returns nothing."""
    seed_generator(rng, np.int64(view_key(wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, seat) >> np.uint64(1)),
                   0, SEARCH_STREAM_BASE + seat)
