"""The wall of a hand conditioned on seat 0's start tiles (sim.deal_conditions) — compiled kernels.

``fill_wall_conditioned`` draws the wall of hand ``hand_index`` from the exact conditional
distribution of a uniform wall given the condition on seat 0's start tiles (its 13 dealt tiles,
plus the first front draw when seat 0 deals: what ``s0_yaojiu_start`` counts). A uniform wall,
conditioned on an event about the tiles at seat 0's start positions, is: a uniform subset of
tiles among those meeting the condition, in uniform order at those positions, and the other
tiles uniformly shuffled over the other positions. The subset is drawn by exact sequential
sampling: which k of the 13 幺九/字 kinds (uniform), how many 幺九/字 tiles m (weight
E_k(m)·C(84, n−m)), the copies of each chosen kind (weights C(4, c)·E_{k−1}(m − c)), then
n − m of the 84 other tiles (uniform); E_k(m) = [x^m]((1 + x)^4 − 1)^k. All integer weights fit
in int64 (the largest, C(136, 14) / C(13, k), is below 2^63) and are drawn without bias.
Everything comes from the hand's own stream STREAM_CONDITIONED, so the wall is a pure
function of (run seed, hand index, condition).
"""
import numpy as np
from numba import njit

from sim.core.state import YAOJIU_BITS
from sim.deal_conditions import CONDITION_BASE, KIND_YAOJIU
from sim.core.rng import new_generator, next_u64, shuffle
from sim.core.wall import FIRST_FRONT, WALL_SIZE, deal_position

STREAM_CONDITIONED = 6  # after the wall (0), table (1) and seat (2..5) streams of sim.core.rng
MAX_START = 14          # seat 0's start tiles when it deals


@njit(cache=True, _nrt=False)
def bounded64(state, n):
    """Return an unbiased integer uniform in ``0..n-1`` for 1 <= n < 2**63, by rejection on 64-bit draws."""
    t = np.uint64(n)
    floor = (np.uint64(0) - t) % t  # 2**64 mod n: draws below it would favour small residues
    while True:
        r = next_u64(state)
        if r >= floor:
            return np.int64(r % t)


@njit(cache=True, _nrt=True)
def surjective_table():
    """Return int64[14, 15]: entry [k, m] = ways to pick m of 4·k tiles of k kinds with each kind present."""
    table = np.zeros((14, MAX_START + 1), dtype=np.int64)  # [kinds k 0..13, tiles m 0..14]
    table[0, 0] = 1
    for k in range(1, 14):
        for m in range(MAX_START + 1):
            total = np.int64(0)
            for c in range(1, 5):
                if m - c >= 0:
                    total += choose(4, c) * table[k - 1, m - c]
            table[k, m] = total
    return table


@njit(cache=True, _nrt=False)
def choose(n, r):
    """Return the binomial coefficient C(n, r) as int64 (0 outside 0 <= r <= n); exact for the sizes used here."""
    if r < 0 or r > n:
        return np.int64(0)
    result = np.int64(1)
    for i in range(1, r + 1):
        result = result * (n - r + i) // i  # stays an integer at every step
    return result


@njit(cache=True, _nrt=True)
def draw_yaojiu_start(state, n_tiles, k, start):
    """Fill ``start`` (int8[n_tiles]) with a uniform ``n_tiles``-subset of the 136 tiles holding exactly ``k``
    distinct 幺九/字 kinds, in uniform order (tile kinds 0..33)."""
    table = surjective_table()
    yaojiu = np.empty(13, dtype=np.int8)   # the 13 幺九/字 kinds
    others = np.empty(84, dtype=np.int8)   # the 84 tiles of the other kinds, one entry per tile
    a = 0
    b = 0
    for kind in range(34):
        if (YAOJIU_BITS >> kind) & 1 == 1:
            yaojiu[a] = kind
            a += 1
        else:
            for c in range(4):
                others[b] = kind
                b += 1
    for i in range(k):  # partial Fisher–Yates: yaojiu[0:k] is a uniform k-subset
        j = i + bounded64(state, 13 - i)
        yaojiu[i], yaojiu[j] = yaojiu[j], yaojiu[i]
    top = min(4 * k, n_tiles)
    total = np.int64(0)
    for m in range(k, top + 1):
        total += table[k, m] * choose(84, n_tiles - m)
    r = bounded64(state, total)
    m = k
    for m in range(k, top + 1):
        w = table[k, m] * choose(84, n_tiles - m)
        if r < w:
            break
        r -= w
    filled = 0
    left = m
    for i in range(k):  # copies of each chosen kind, given the copies still to place over the kinds after it
        rest = k - 1 - i
        r = bounded64(state, table[rest + 1, left])
        copies = 1
        for copies in range(1, 5):
            w = choose(4, copies) * table[rest, left - copies] if left - copies >= 0 else np.int64(0)
            if r < w:
                break
            r -= w
        for c in range(copies):
            start[filled] = yaojiu[i]
            filled += 1
        left -= copies
    for i in range(n_tiles - m):  # partial Fisher–Yates over the 84 other tiles
        j = i + bounded64(state, 84 - i)
        others[i], others[j] = others[j], others[i]
        start[filled] = others[i]
        filled += 1
    shuffle(state, start[:n_tiles])


@njit(cache=True, _nrt=True)
def fill_wall_conditioned(run_seed, hand_index, dealer, condition, wall):
    """Fill ``wall`` (int8[136]) with hand ``hand_index``'s wall drawn given ``condition`` on seat 0; returns nothing.

    ``condition`` is a non-zero sim.deal_conditions code; ``dealer`` decides whether seat 0's start
    tiles are 13 (dealt) or 14 (dealt + the first front draw at FIRST_FRONT).
    """
    kind = condition // CONDITION_BASE
    value = condition % CONDITION_BASE
    if kind != KIND_YAOJIU or value < 1 or value > 13:
        raise ValueError("unknown deal condition")
    state = new_generator(run_seed, hand_index, STREAM_CONDITIONED)
    n_tiles = 14 if dealer == 0 else 13
    start = np.empty(n_tiles, dtype=np.int8)  # seat 0's start tiles in position order
    draw_yaojiu_start(state, n_tiles, value, start)
    taken = np.zeros(WALL_SIZE, dtype=np.bool_)  # positions holding seat 0's start tiles
    left = np.full(34, 4, dtype=np.int64)        # copies of each kind not in seat 0's start
    for j in range(n_tiles):
        position = deal_position(dealer, 0, j) if j < 13 else FIRST_FRONT
        wall[position] = start[j]
        taken[position] = True
        left[start[j]] -= 1
    rest = np.empty(WALL_SIZE - n_tiles, dtype=np.int8)  # the other tiles, then shuffled uniformly
    a = 0
    for kind in range(34):
        for c in range(left[kind]):
            rest[a] = kind
            a += 1
    shuffle(state, rest)
    a = 0
    for position in range(WALL_SIZE):
        if not taken[position]:
            wall[position] = rest[a]
            a += 1
