"""Counter-based random numbers keyed by (run seed, hand index, stream) — compiled kernels.

A generator is a ``uint64[2]`` array ``[key, counter]``. The key is a hash of
``(run_seed, hand_index, stream)``; each draw increments the counter and returns a
SplitMix64-style mix of ``key`` and ``counter``. Nothing depends on call order across
hands, so hand *i* of seed *s* is the same whatever the number of workers or the chunk
size, and streams (the wall, the dealer draw, each seat's decisions) are independent.

Streams used by the engine (see ``STREAM_*``): 0 = wall shuffle, 1 = dealer and other
table-level draws, 2 + seat = that seat's decisions.
"""
import numpy as np
from numba import njit

STREAM_WALL = 0
STREAM_TABLE = 1
STREAM_SEAT0 = 2  # seat k uses STREAM_SEAT0 + k

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_KEY_HAND = np.uint64(0xD1B54A32D192ED03)
_KEY_STREAM = np.uint64(0x8CB92BA72F3D8DD7)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_ONE = np.uint64(1)


@njit(cache=True, _nrt=False)
def mix64(z):
    """Return the SplitMix64 finalizer of a uint64 (a bijective avalanche hash)."""
    z = np.uint64(z)
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True, _nrt=False)
def make_key(run_seed, hand_index, stream):
    """Return the uint64 key of generator ``(run_seed, hand_index, stream)``."""
    k = mix64(np.uint64(run_seed) ^ _GOLDEN)
    k = mix64(k ^ (np.uint64(hand_index) * _KEY_HAND))
    k = mix64(k ^ ((np.uint64(stream) + _ONE) * _KEY_STREAM))
    return k


@njit(cache=True, _nrt=False)
def seed_generator(state, run_seed, hand_index, stream):
    """Set ``state`` (``uint64[2]``: key, counter) to the start of generator ``(run_seed, hand_index, stream)``."""
    state[0] = make_key(run_seed, hand_index, stream)
    state[1] = np.uint64(0)


@njit(cache=True, _nrt=True)
def new_generator(run_seed, hand_index, stream):
    """Return a fresh generator state ``uint64[2]`` for ``(run_seed, hand_index, stream)``."""
    state = np.empty(2, dtype=np.uint64)
    seed_generator(state, run_seed, hand_index, stream)
    return state


@njit(cache=True, _nrt=False)
def next_u64(state):
    """Return the next uint64 of the generator and advance its counter."""
    state[1] += _ONE
    return mix64(state[0] + state[1] * _GOLDEN)


@njit(cache=True, _nrt=False)
def next_u32(state):
    """Return the next 32-bit value (as int64 in 0..2**32-1): the high half of ``next_u64``."""
    return np.int64(next_u64(state) >> _S32)


@njit(cache=True, _nrt=False)
def bounded(state, n):
    """Return an unbiased integer uniform in ``0..n-1`` (1 <= n < 2**32), by rejection, not plain modulo."""
    span = np.int64(1) << 32
    limit = span - (span % n)  # largest multiple of n not above 2**32
    while True:
        r = next_u32(state)
        if r < limit:
            return r % n


@njit(cache=True, _nrt=False)
def uniform(state):
    """Return a float64 uniform in [0, 1) with 53 random bits."""
    return np.float64(next_u64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, _nrt=False)
def shuffle(state, values):
    """Shuffle ``values`` in place by Fisher–Yates using ``bounded``; returns nothing."""
    for i in range(values.shape[0] - 1, 0, -1):
        j = bounded(state, i + 1)
        tmp = values[i]
        values[i] = values[j]
        values[j] = tmp
