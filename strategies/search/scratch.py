"""Scratch arrays of the search player, allocated once per batch call or Game — compiled kernel."""
import numpy as np
from numba import njit

from sim.core.invariants import N_TRACKS
from sim.core.state import N_ACTIONS, new_state

MAX_CANDIDATES = 16  # the registry's upper bound of ``candidates``


@njit(cache=True, _nrt=True)
def new_search_scratch():
    """Return (world, roll, work): ``world`` and ``roll`` are state tuples as sim.core.state.new_state returns (the
    sampled world; the copy a rollout plays), ``work`` the tuple of the decision's scratch rows (see the comments)."""
    world = new_state()
    roll = new_state()
    events = np.zeros((1, 4), dtype=np.int32)           # rollouts log nothing
    rngs = np.zeros((4, 2), dtype=np.uint64)            # rollout seats' decision generators (greedy draws none)
    ids = np.zeros(4, dtype=np.int64)   # [seat] rollout policy: slot 0 everywhere (sim.seat_plan puts it first)
    params = np.zeros((4, 8), dtype=np.float64)         # [seat] greedy's row: pong=improves, kong=true (learned
                                                        # reads no parameter)
    params[:, 1] = 1.0
    no_script = np.zeros(4, dtype=np.bool_)             # rollouts: no scripted seat
    me_script = np.zeros(4, dtype=np.bool_)             # the searching seat alone scripted (earlier claim answers)
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)          # the seat's legal mask
    remaining = np.zeros(N_ACTIONS, dtype=np.bool_)     # legal actions not yet ranked
    seen = np.zeros(34, dtype=np.int8)                  # visible copies per kind
    tracks = np.zeros(N_TRACKS, dtype=np.int64)         # unused by the production loop
    after_shanten = np.zeros(34, dtype=np.int8)         # [kind] the discard scan's shanten after it
    after_useful = np.zeros(34, dtype=np.int64)         # [kind] its useful kinds
    floors = np.zeros(4, dtype=np.int64)                # [seat] the loop's shanten floors
    pool = np.zeros(34, dtype=np.int64)                 # [kind] unseen copies
    tiles = np.zeros(136, dtype=np.int8)                # the unseen tiles, one entry per copy
    avail = np.zeros(34, dtype=np.int64)                # [kind] copies in a range of ``tiles``
    build = np.zeros(34, dtype=np.int64)                # [kind] a ready hand being built
    segs = np.zeros(24, dtype=np.int64)                 # ranges of ``tiles`` (starts, lengths, seats): declared
                                                        # seats [0:12], the others [12:24]
    shanten = np.zeros(4, dtype=np.int64)               # [seat] shanten of the others' sampled hands
    cands = np.zeros(MAX_CANDIDATES, dtype=np.int64)    # the candidate ACT_*, greedy's first
    sums = np.zeros(MAX_CANDIDATES, dtype=np.int64)     # [candidate] summed money of the seat over the worlds (底注)
    rng = np.zeros(2, dtype=np.uint64)                  # the decision's search stream
    squares = np.zeros(MAX_CANDIDATES, dtype=np.float64)  # [candidate] summed squared money differences with greedy's
    played_out = np.zeros(1, dtype=np.int64)            # [0] worlds the last decision played (0: no search)
    work = (events, rngs, ids, params, no_script, me_script, mask, remaining, seen, tracks, after_shanten,
            after_useful, floors, pool, tiles, avail, build, segs, cands, sums, rng, shanten, squares, played_out)
    return world, roll, work
