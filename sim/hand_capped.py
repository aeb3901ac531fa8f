"""The regular-form distance of a hand whose melds hold copies of its kinds — plain Python (sim.hand's helper).

The table kernels (``sim.core.hand``) let a target hold up to four copies of every kind: they do not know which
kinds the seat's melds already hold. With a 碰 of 5m the concealed hand can use one 5m at most, so
``5m123456789p`` (one meld) is not tenpai: its only wait, 5m, has no copy left. Here every kind ``k`` has a cap,
``4 - exposed[k]`` copies in the concealed part of the target, and the distance (fewest tiles to add, tiles left
over discarded; shanten = distance - 1) is found by listing every target of each component (万, 饼, 条, honors)
explicitly, keeping those within the caps and taking the fewest missing tiles, then spreading the sets and the
pair over the components. Only the regular form needs it: 七对 and 十三幺 are concealed, so a hand with melds
has neither, and a hand without melds has no exposed copies.

Under 缺一门 (晋中, RULES §2.4 r13) the least is taken over the suits that may be given up (none holding a meld),
the given-up suit's tiles all discarded.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

NO_DISTANCE = 99  # larger than any distance (as sim.core.hand.kernel.NO_DISTANCE)


@lru_cache(maxsize=None)
def _targets(n_ranks: int, with_sequences: bool) -> tuple[np.ndarray, np.ndarray]:
    """Return (int8[n, n_ranks] every component target with counts <= 4, int8[n] its sets * 2 + pair)."""
    sets = [(r, r, r) for r in range(n_ranks)]
    if with_sequences:
        sets += [(r, r + 1, r + 2) for r in range(n_ranks - 2)]
    found: set[tuple[tuple[int, ...], int]] = set()

    def grow(counts: list[int], n_sets: int, first: int) -> None:
        found.add((tuple(counts), 2 * n_sets))
        for r in range(n_ranks):
            if counts[r] <= 2:
                counts[r] += 2
                found.add((tuple(counts), 2 * n_sets + 1))
                counts[r] -= 2
        if n_sets == 4:
            return
        for i in range(first, len(sets)):
            for r in sets[i]:
                counts[r] += 1
            if max(counts) <= 4:
                grow(counts, n_sets + 1, i)
            for r in sets[i]:
                counts[r] -= 1

    grow([0] * n_ranks, 0, 0)
    ordered = sorted(found)
    return (np.array([t for t, _ in ordered], dtype=np.int8).reshape(len(ordered), n_ranks),
            np.array([k for _, k in ordered], dtype=np.int8))


def _component(counts: np.ndarray, caps: np.ndarray, with_sequences: bool) -> list[int]:
    """Return the 10 distances (index sets * 2 + pair) of one component's counts to targets within ``caps``."""
    targets, index = _targets(len(counts), with_sequences)
    allowed = (targets <= caps).all(axis=1)
    missing = np.maximum(targets[allowed].astype(np.int64) - counts, 0).sum(axis=1)
    out = np.full(10, NO_DISTANCE, dtype=np.int64)
    np.minimum.at(out, index[allowed], missing)
    return out.tolist()


def _combine(a: list[int], b: list[int]) -> list[int]:
    """Return the 10 distances of two components together (at most one pair over both)."""
    out = [NO_DISTANCE] * 10
    for i in range(10):
        for j in range(10 - i):
            if i % 2 + j % 2 <= 1:
                out[i + j] = min(out[i + j], a[i] + b[j])
    return out


def regular_distance(counts: np.ndarray, melds: int, exposed: np.ndarray, que_yi_men: bool = False,
                     blocked: int = 0) -> int:
    """Return the regular-form distance (tiles to add) of ``counts`` (int[34], the concealed hand) with ``melds``
    fixed melds holding ``exposed`` (int[34]) copies: a target holds at most ``4 - exposed[k]`` of kind k.
    Under ``que_yi_men`` the least over the suits not in ``blocked`` (3-bit mask) given up. NO_DISTANCE when no
    target fits."""
    counts = np.asarray(counts, dtype=np.int64)
    caps = 4 - np.asarray(exposed, dtype=np.int64)
    parts = [_component(counts[9 * s:9 * s + 9], caps[9 * s:9 * s + 9], True) for s in range(3)]
    honors = _component(counts[27:], caps[27:], False)
    wanted = 2 * (4 - melds) + 1
    if not que_yi_men:
        whole = _combine(_combine(parts[0], parts[1]), _combine(parts[2], honors))
        return min(whole[wanted], NO_DISTANCE)
    best = NO_DISTANCE
    for given_up in range(3):
        if blocked >> given_up & 1:
            continue
        kept = [parts[s] for s in range(3) if s != given_up]
        whole = _combine(_combine(kept[0], kept[1]), honors)
        best = min(best, whole[wanted])
    return best
