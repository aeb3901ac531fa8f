"""Slow, obviously-correct plain-Python reference for hand evaluation with 财神 wilds (tests only).

RULES §3.2 r5–r7, §3.4 r15, with the readings written down in ``sim.core.hand.wild_kernel``:

* The hand is given as held; ``wild`` is the 财神 kind. Its tiles are the wilds; each 白板 is a
  natural tile of the 财神 kind's face (unless the 财神 is 白板). A wild stands for any tile of any
  shape, a fifth copy included; in 七风 never for an honor.
* Completeness is checked by search: regular by recursive decomposition where each pair and set
  takes naturals and fills the rest with wilds; 七对 by pairing every natural, a lone one with a
  wild; 七风 by trying every 7-tile spaced suited pick and every use of the 白板.
* Distance (fewest tiles to add, natural or wild) per form, from explicit target lists: regular
  targets per component without any copy limit, spread over the four components by brute force;
  七对 by a DP over pairs per kind; 七风 over every spaced pick. Wilds fill missing tiles, so
  distance = max(0, missing - wilds) (七风: suited missing only). Shanten = least distance - 1.
* Waits and useful tiles: try every kind (never a fifth copy of what is held).
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

WHITE = 33


def natural_counts(counts, wild: int) -> tuple[list[int], int]:
    """Return (natural counts with 白板 moved to the 财神 face, number of wilds)."""
    c = [int(x) for x in counts]
    wilds = c[wild]
    c[wild] = 0
    if wild != WHITE:
        c[wild] = c[WHITE]
        c[WHITE] = 0
    return c, wilds


# --- regular form ---------------------------------------------------------------------------

def _sets_with_wilds(c: list[int], wilds: int, sets: int) -> bool:
    """Return True when naturals ``c`` plus ``wilds`` split into exactly ``sets`` sets."""
    return _sets_with_wilds_cached(tuple(c), wilds, sets)


@lru_cache(maxsize=1_000_000)
def _sets_with_wilds_cached(counts: tuple[int, ...], wilds: int, sets: int) -> bool:
    c = list(counts)
    k = next((i for i, x in enumerate(c) if x), None)
    if k is None:
        return wilds == 3 * sets
    if sets == 0:
        return False
    # the set holding the lowest natural tile k: a triplet of k, or a sequence through k
    for naturals in (3, 2, 1):
        if c[k] >= naturals and wilds >= 3 - naturals:
            c[k] -= naturals
            ok = _sets_with_wilds(c, wilds - (3 - naturals), sets - 1)
            c[k] += naturals
            if ok:
                return True
    if k < 27:
        rank = k % 9
        for start in (rank - 2, rank - 1, rank):
            if start < 0 or start + 2 > 8:
                continue
            members = [k - rank + start + i for i in range(3)]
            # k is the lowest natural; members below k must be wilds
            use = [m for m in members if m >= k and c[m] > 0]
            if k not in use:
                continue
            need = 3 - len(use)
            if need > wilds:
                continue
            for m in use:
                c[m] -= 1
            ok = _sets_with_wilds(c, wilds - need, sets - 1)
            for m in use:
                c[m] += 1
            if ok:
                return True
    return False


def complete_regular(counts, wild: int, melds: int = 0) -> bool:
    c, wilds = natural_counts(counts, wild)
    if sum(c) + wilds != 3 * (4 - melds) + 2:
        return False
    return _complete_regular(tuple(c), wilds, 4 - melds)


@lru_cache(maxsize=1_000_000)
def _complete_regular(counts: tuple[int, ...], wilds: int, sets: int) -> bool:
    """Return True when naturals ``counts`` plus ``wilds`` are a pair and ``sets`` sets."""
    c = list(counts)
    if wilds >= 2 and _sets_with_wilds(c, wilds - 2, sets):
        return True
    for k in range(34):
        for naturals in (2, 1):
            if c[k] >= naturals and wilds >= 2 - naturals:
                c[k] -= naturals
                ok = _sets_with_wilds(c, wilds - (2 - naturals), sets)
                c[k] += naturals
                if ok:
                    return True
    return False


@lru_cache(maxsize=None)
def _uncapped_targets(n_ranks: int, with_sequences: bool) -> dict[tuple[int, int], np.ndarray]:
    """Return {(sets, pair): int16[n, n_ranks]} of every target of the component, no copy limit."""
    shapes = [tuple(3 if i == r else 0 for i in range(n_ranks)) for r in range(n_ranks)]
    if with_sequences:
        shapes += [tuple(1 if r <= i <= r + 2 else 0 for i in range(n_ranks)) for r in range(n_ranks - 2)]
    pairs = [tuple(2 if i == r else 0 for i in range(n_ranks)) for r in range(n_ranks)]
    out = {}
    for sets in range(5):
        for pair in range(2):
            found = set()
            for chosen in itertools.combinations_with_replacement(range(len(shapes)), sets):
                base = np.zeros(n_ranks, np.int16)
                for i in chosen:
                    base += shapes[i]
                for p in (pairs if pair else [tuple([0] * n_ranks)]):
                    found.add(tuple(base + p))
            out[(sets, pair)] = np.array(sorted(found), np.int16)
    return out


@lru_cache(maxsize=None)
def _overlap_lookup(n_ranks: int, with_sequences: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (overlap[r, v, i] = min(target_i[r], v), size_i, first row of each class) over the
    uncapped targets stacked in class order sets*2+pair; missing = size - sum_r overlap[r, c_r]."""
    targets = _uncapped_targets(n_ranks, with_sequences)
    # a pattern holds <= 4 of a rank, so min(target, pattern) only sees min(target, 4): drop repeats
    blocks = [np.unique(np.minimum(targets[(s, p)], 4), axis=0) for s in range(5) for p in range(2)]
    sizes = np.concatenate([np.full(len(b), 3 * s + 2 * p, np.int8) for b, (s, p) in   # 0..14
                            zip(blocks, [(s, p) for s in range(5) for p in range(2)])])
    starts = np.cumsum([0] + [len(b) for b in blocks[:-1]])
    stacked = np.concatenate(blocks)
    overlap = np.stack([np.minimum(stacked.T, v) for v in range(5)], axis=1).astype(np.int8)  # 0..4
    return overlap, sizes, starts


@lru_cache(maxsize=None)
def component_distances(pattern: tuple[int, ...], with_sequences: bool) -> tuple[int, ...]:
    """Return the 10 missing-tile counts (index sets*2+pair) of ``pattern`` against uncapped targets."""
    overlap, size, starts = _overlap_lookup(len(pattern), with_sequences)
    missing = size.copy()
    for r, c in enumerate(pattern):
        if c:
            missing -= overlap[r, c]
    return tuple(int(d) for d in np.minimum.reduceat(missing, starts))


def regular_distance(counts, wild: int, melds: int = 0) -> int:
    c, wilds = natural_counts(counts, wild)
    parts = [component_distances(tuple(c[9 * s:9 * s + 9]), True) for s in range(3)]
    parts.append(component_distances(tuple(c[27:34]), False))
    whole = _combine(_combine(parts[0], parts[1]), _combine(parts[2], parts[3]))
    return max(0, whole[(4 - melds) * 2 + 1] - wilds)


@lru_cache(maxsize=None)
def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Return the 10 distances of two components together: for each (sets, pair), the least
    a[sets_a, pair_a] + b[sets - sets_a, pair - pair_a] over every split."""
    return tuple(
        min(a[sa * 2 + pa] + b[(s - sa) * 2 + p - pa] for sa in range(s + 1) for pa in range(p + 1))
        for s in range(5) for p in range(2)
    )


# --- 七对 ----------------------------------------------------------------------------------

def complete_qidui(counts, wild: int, allow_quad: bool = True) -> bool:
    """Every natural in a pair: a kind gives one pair (two with quads), a lone natural takes a wild,
    the remaining wilds pair together."""
    c, wilds = natural_counts(counts, wild)
    if sum(c) + wilds != 14:
        return False
    if not allow_quad and any(n > 2 for n in c):
        return False
    return sum(n % 2 for n in c) <= wilds


def qidui_distance(counts, wild: int, allow_quad: bool = True) -> int:
    c, wilds = natural_counts(counts, wild)
    return max(0, _pairs_missing(tuple(sorted(c)), allow_quad) - wilds)


@lru_cache(maxsize=None)
def _pairs_missing(counts: tuple[int, ...], allow_quad: bool) -> int:
    """Return the fewest tiles to add for seven pairs from naturals ``counts`` (any order)."""
    top = 2 if allow_quad else 1
    best = {0: 0}  # pairs chosen so far -> least missing tiles
    for n in counts:
        nxt: dict[int, int] = {}
        for pairs, cost in best.items():
            for j in range(top + 1):
                if pairs + j <= 7:
                    nxt[pairs + j] = min(cost + max(2 * j - n, 0), nxt.get(pairs + j, 99))
        best = nxt
    return best[7]


# --- 七风 / 十四不靠 -----------------------------------------------------------------------

@lru_cache(maxsize=None)
def _knitted_picks() -> np.ndarray:
    """Return bool[n, 27]: every 7-tile suited pick with no two in a suit closer than 3 ranks."""
    per_suit = [()]
    for size in (1, 2, 3):
        for ranks in itertools.combinations(range(9), size):
            if all(b - a >= 3 for a, b in zip(ranks, ranks[1:])):
                per_suit.append(ranks)
    picks = []
    for m, p, s in itertools.product(per_suit, repeat=3):
        if len(m) + len(p) + len(s) == 7:
            row = np.zeros(27, bool)
            for suit, ranks in enumerate((m, p, s)):
                for r in ranks:
                    row[9 * suit + r] = True
            picks.append(row)
    return np.array(picks)


def _knitted_options(counts, wild: int):
    """Yield (honors present: set of kinds, suited naturals: int[27], wilds) for each use of the 白板."""
    c = [int(x) for x in counts]
    wilds = c[wild]
    whites = c[WHITE] if wild != WHITE else 0
    for as_white in range(2):
        for as_face in range(2):
            if as_white + as_face > whites:
                continue
            honors = {z for z in range(27, 33) if z != wild and c[z] > 0}
            if as_white:
                honors.add(WHITE)
            suited = np.array([0 if k == wild else c[k] for k in range(27)])
            if as_face:
                if wild >= 27:
                    honors.add(wild)
                else:
                    suited[wild] += 1
            yield honors, suited, wilds, as_white, as_face


def knitted_distance(counts, wild: int, bound: int = 99) -> int:
    """Return min(bound, the 七风 distance); ``bound`` only skips work."""
    best = bound
    picks = _knitted_picks()
    for honors, suited, wilds, _, _ in _knitted_options(counts, wild):
        if WHITE not in honors and wild == WHITE:
            continue  # no tile can ever be 白
        if 7 - len(honors) >= best:
            continue  # the missing honors alone cost as much
        covered = int((picks & (suited > 0)).sum(axis=1).max())
        best = min(best, (7 - len(honors)) + max(0, 7 - covered - wilds))
    return best


def complete_knitted(counts, wild: int) -> bool:
    """Every tile used: 7 honors once, a spaced 7-tile suited pick from naturals and wilds."""
    c = [int(x) for x in counts]
    if sum(c) != 14:
        return False
    picks = _knitted_picks()
    for honors, suited, wilds, as_white, as_face in _knitted_options(c, wild):
        if len(honors) != 7:
            continue
        honor_tiles = sum(c[z] for z in range(27, 33) if z != wild) + as_white + (as_face if wild >= 27 else 0)
        if honor_tiles != 7 or (wild != WHITE and c[WHITE] != as_white + as_face):
            continue  # a duplicate honor or an unused 白板 cannot fit
        outside = (~picks & (suited > 0)).any(axis=1)    # a natural off the pick
        doubled = (picks & (suited > 1)).any(axis=1)      # two naturals on one pick position
        filled = (picks & (suited == 0)).sum(axis=1)      # pick positions the wilds must fill
        if np.any(~outside & ~doubled & (filled == wilds)):
            return True
    return False


# --- all forms -----------------------------------------------------------------------------

def distance(counts, wild: int, melds: int = 0, allow_quad: bool = True) -> int:
    best = regular_distance(counts, wild, melds)
    if melds == 0:
        best = min(best, qidui_distance(counts, wild, allow_quad))
        best = knitted_distance(counts, wild, bound=best)
    return best


def shanten(counts, wild: int, melds: int = 0, allow_quad: bool = True) -> int:
    return distance(counts, wild, melds, allow_quad) - 1


def is_complete(counts, wild: int, melds: int = 0, allow_quad: bool = True) -> bool:
    if complete_regular(counts, wild, melds):
        return True
    return melds == 0 and (complete_qidui(counts, wild, allow_quad) or complete_knitted(counts, wild))


def waits(counts, wild: int, melds: int = 0, allow_quad: bool = True) -> list[int]:
    out = []
    for k in range(34):
        after = [int(x) for x in counts]
        if after[k] < 4:
            after[k] += 1
            if is_complete(after, wild, melds, allow_quad):
                out.append(k)
    return out


def useful_tiles(counts, wild: int, melds: int = 0, allow_quad: bool = True) -> list[int]:
    here = distance(counts, wild, melds, allow_quad)
    out = []
    for k in range(34):
        after = [int(x) for x in counts]
        if after[k] < 4:
            after[k] += 1
            if distance(after, wild, melds, allow_quad) < here:
                out.append(k)
    return out
