"""The search player's random stream — compiled kernel.

A search decision draws its worlds from the generator keyed by (run seed, hand, seat, decision number), so a hand's
records are the same for any jobs, chunk or backend, and the seat's own decision generator (STREAM_SEAT0 + seat)
is never touched.
"""
import numpy as np
from numba import njit

from sim.core.rng import seed_generator
from sim.core.state import ST_HAND, ST_SEED, ST_STEPS

#: first stream of the search decisions: stream SEARCH_STREAM_BASE + 4 * decision + seat (far from the engine's 0..5)
SEARCH_STREAM_BASE = np.int64(1) << 40


@njit(cache=True, _nrt=False)
def seed_search_generator(rng, st, seat):
    """Set ``rng`` (uint64[2]) to the search stream of ``seat``'s decision ``st[ST_STEPS]`` in hand ``st[ST_HAND]`` of
    run ``st[ST_SEED]``; returns nothing."""
    seed_generator(rng, st[ST_SEED], st[ST_HAND], SEARCH_STREAM_BASE + 4 * st[ST_STEPS] + seat)
