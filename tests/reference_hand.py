"""Slow, obviously-correct plain-Python reference for hand evaluation (used only by the tests).

Definitions (same as ``sim.hand``): a hand's *distance* to a form is the fewest tiles to add so
that the hand contains a complete hand of that form whose counts never exceed four (tiles left
over are discarded); shanten = distance - 1.

* Regular distance: every whole-hand target is a union of per-component targets (sets never span
  suits), and missing tiles add up per component, so the distance is the least sum over ways to
  spread ``4 - melds`` sets and the pair over the four components (m, p, s, honors) of each
  component's distance. A component's distance to "s sets + p pairs" is found by listing every
  such target inside the component explicitly and taking the least number of missing tiles.
* 七对: choose how many pairs each kind gives (0..1, or 0..2 with quads) to total seven, cheapest.
* 十三幺: try each of the 13 kinds as the duplicate.
* Completeness is checked independently by recursive decomposition, and waits are the kinds
  whose added tile makes the hand complete.
"""
from __future__ import annotations

from functools import lru_cache
import numpy as np

YAOJIU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _component_sets(n_ranks: int, with_sequences: bool) -> list[tuple[int, ...]]:
    """Return every set of a component as a tuple of ranks (triplets, then sequences)."""
    sets = [(r, r, r) for r in range(n_ranks)]
    if with_sequences:
        sets += [(r, r + 1, r + 2) for r in range(n_ranks - 2)]
    return sets


@lru_cache(maxsize=None)
def _component_targets(n_ranks: int, with_sequences: bool) -> dict[tuple[int, int], np.ndarray]:
    """Return {(sets, pair): int16[n_targets, n_ranks]} of every target with counts <= 4."""
    set_list = _component_sets(n_ranks, with_sequences)
    found: dict[tuple[int, int], set] = {(s, p): set() for s in range(5) for p in range(2)}

    def grow(counts: list[int], n_sets: int, first: int) -> None:
        found[(n_sets, 0)].add(tuple(counts))
        for r in range(n_ranks):  # the same sets plus a pair
            if counts[r] + 2 <= 4:
                counts[r] += 2
                found[(n_sets, 1)].add(tuple(counts))
                counts[r] -= 2
        if n_sets == 4:
            return
        for i in range(first, len(set_list)):  # sets chosen in non-decreasing order
            ranks = set_list[i]
            for r in ranks:
                counts[r] += 1
            if max(counts) <= 4:
                grow(counts, n_sets + 1, i)
            for r in ranks:
                counts[r] -= 1

    grow([0] * n_ranks, 0, 0)
    return {key: np.array(sorted(value), dtype=np.int16) for key, value in found.items()}


@lru_cache(maxsize=None)
def _overlap_lookup(n_ranks: int, with_sequences: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (overlap[r, v, i] = min(target_i[r], v), size_i = tiles in target i, start row per class).

    Targets are stacked in class order sets*2+pair. Missing tiles = size - sum_r overlap[r, c_r].
    """
    targets = _component_targets(n_ranks, with_sequences)
    blocks = [targets[(s, p)] for s in range(5) for p in range(2)]
    starts = np.cumsum([0] + [len(b) for b in blocks[:-1]])
    stacked = np.concatenate(blocks)
    overlap = np.stack([np.minimum(stacked.T, v) for v in range(5)], axis=1).astype(np.int8)  # values 0..4
    return overlap, stacked.sum(axis=1).astype(np.int8), starts  # sizes 0..14


@lru_cache(maxsize=None)
def component_distances(pattern: tuple[int, ...], with_sequences: bool) -> tuple[int, ...]:
    """Return the 10 distances (index sets*2+pair) of one component's counts ``pattern``:
    for each class, the least number of tiles some target of the class has beyond the pattern."""
    overlap, size, starts = _overlap_lookup(len(pattern), with_sequences)
    missing = size.copy()
    for r, c in enumerate(pattern):
        if c:
            missing -= overlap[r, c]
    return tuple(int(d) for d in np.minimum.reduceat(missing, starts))


@lru_cache(maxsize=None)
def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Return the 10 distances of two components together: for each (sets, pair), the least
    a[sets_a, pair_a] + b[sets - sets_a, pair - pair_a] over every split."""
    return tuple(
        min(a[sa * 2 + pa] + b[(s - sa) * 2 + p - pa] for sa in range(s + 1) for pa in range(p + 1))
        for s in range(5) for p in range(2)
    )


def _as_list(counts) -> list[int]:
    """Return the 34 counts as a (new) list of Python ints."""
    return counts.tolist() if isinstance(counts, np.ndarray) else list(map(int, counts))


def regular_distance(counts, melds: int) -> int:
    """Return the fewest tiles to add for 4 - melds sets + a pair (fifth copies never allowed)."""
    return _regular_distance(_as_list(counts), melds)


def _regular_distance(c: list[int], melds: int) -> int:
    man = component_distances(tuple(c[0:9]), True)
    pin = component_distances(tuple(c[9:18]), True)
    sou = component_distances(tuple(c[18:27]), True)
    honors = component_distances(tuple(c[27:34]), False)
    whole = _combine(_combine(man, pin), _combine(sou, honors))
    return whole[(4 - melds) * 2 + 1]


def qidui_distance(counts, allow_quad: bool) -> int:
    """Return the fewest tiles to add for seven pairs (a kind gives at most 1 pair, 2 with quads)."""
    return _qidui_distance_of_list(_as_list(counts), allow_quad)


def _qidui_distance_of_list(c: list[int], allow_quad: bool) -> int:
    held = tuple(sorted(x for x in c if x))  # only the multiset of counts matters
    return _qidui_distance(held + (0,) * (34 - len(held)), allow_quad)


@lru_cache(maxsize=None)
def _qidui_distance(counts: tuple[int, ...], allow_quad: bool) -> int:
    top = 2 if allow_quad else 1
    best = {0: 0}  # pairs chosen so far -> least cost
    for c in counts:
        nxt: dict[int, int] = {}
        for pairs, cost in best.items():
            for j in range(top + 1):
                if pairs + j <= 7:
                    total = cost + max(2 * j - int(c), 0)
                    if total < nxt.get(pairs + j, 99):
                        nxt[pairs + j] = total
        best = nxt
    return best[7]


def shisanyao_distance(counts) -> int:
    """Return the fewest tiles to add for 十三幺 (each 幺九/字 kind once, one of them twice)."""
    c = _as_list(counts)
    return _shisanyao_distance(tuple(c[k] for k in YAOJIU))


@lru_cache(maxsize=None)
def _shisanyao_distance(yaojiu_counts: tuple[int, ...]) -> int:
    """Least over the 13 kinds as the duplicate: one missing per absent kind, the duplicate needing two."""
    lacking = [max(1 - c, 0) for c in yaojiu_counts]  # tiles missing for one of each kind
    one_each = sum(lacking)
    return min(one_each - lacking[dup] + max(2 - yaojiu_counts[dup], 0) for dup in range(13))


def shanten_regular(counts, melds: int = 0) -> int:
    return regular_distance(counts, melds) - 1


def shanten_qidui(counts, allow_quad: bool = True) -> int:
    return qidui_distance(counts, allow_quad) - 1


def shanten_shisanyao(counts) -> int:
    return shisanyao_distance(counts) - 1


def shanten(counts, melds: int = 0, allow_quad: bool = True) -> int:
    """Return the least shanten over the forms (七对/十三幺 only without melds)."""
    return _shanten(_as_list(counts), melds, allow_quad)


def _shanten(c: list[int], melds: int, allow_quad: bool) -> int:
    best = _regular_distance(c, melds)
    if melds == 0:
        best = min(best, _qidui_distance_of_list(c, allow_quad),
                   _shisanyao_distance(tuple(c[k] for k in YAOJIU)))
    return best - 1


def _decomposes(counts: list[int], sets: int) -> bool:
    """Return True when ``counts`` splits into exactly ``sets`` sets (recursive, lowest kind first)."""
    if sets == 0:
        return not any(counts)
    k = next((i for i, c in enumerate(counts) if c), None)
    if k is None:
        return False
    if counts[k] >= 3:
        counts[k] -= 3
        ok = _decomposes(counts, sets - 1)
        counts[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for i in (k, k + 1, k + 2):
            counts[i] -= 1
        ok = _decomposes(counts, sets - 1)
        for i in (k, k + 1, k + 2):
            counts[i] += 1
        if ok:
            return True
    return False


def complete_regular(counts, melds: int = 0) -> bool:
    """Return True when the hand is exactly 4 - melds sets plus a pair."""
    c = _as_list(counts)
    if sum(c) != 3 * (4 - melds) + 2:
        return False
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = _decomposes(c, 4 - melds)
            c[k] += 2
            if ok:
                return True
    return False


def complete_qidui(counts, allow_quad: bool = True) -> bool:
    c = _as_list(counts)
    if sum(c) != 14 or any(x % 2 for x in c):
        return False
    return allow_quad or all(x in (0, 2) for x in c)


def complete_shisanyao(counts) -> bool:
    c = _as_list(counts)
    return sum(c) == 14 and all(c[k] >= 1 for k in YAOJIU) and sum(c[k] for k in YAOJIU) == 14


def is_complete(counts, melds: int = 0, allow_quad: bool = True) -> bool:
    if complete_regular(counts, melds):
        return True
    return melds == 0 and (complete_qidui(counts, allow_quad) or complete_shisanyao(counts))


def waits(counts, melds: int = 0, allow_quad: bool = True) -> list[int]:
    """Return the kinds whose added tile (never a fifth copy) completes the hand."""
    held = _as_list(counts)
    out = []
    for k in range(34):
        if held[k] < 4:
            after = held.copy()
            after[k] += 1
            if is_complete(after, melds, allow_quad):
                out.append(k)
    return out


def useful_tiles(counts, melds: int = 0, allow_quad: bool = True) -> list[int]:
    """Return the kinds whose added tile (never a fifth copy) lowers ``shanten``."""
    held = _as_list(counts)
    here = _shanten(held, melds, allow_quad)
    out = []
    for k in range(34):
        if held[k] < 4:
            after = held.copy()
            after[k] += 1
            if _shanten(after, melds, allow_quad) < here:
                out.append(k)
    return out
