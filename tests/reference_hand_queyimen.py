"""Slow, obviously-correct plain-Python reference for hand evaluation under 缺一门 (tests only).

RULES §2.4 r13–r14: the complete hand, concealed tiles and melds together, holds tiles of at most
two of 万/饼/条 (honors do not count); 十三幺 is exempt. ``meld_kinds`` lists one tile kind per
fixed meld (a meld's tiles share its suit).

* Completeness: the hand is complete in some form (by recursive decomposition, from
  ``reference_hand``) and, unless it is 十三幺, the suits of its tiles and melds number <= 2.
* Waits: the kinds whose added tile (never a fifth copy) makes the hand complete.
* Distance: for each suit that may be given up (no meld in it), targets are drawn from the other
  three components only; the component distances come from ``reference_hand`` (explicit target
  lists) and are spread over the three components here by brute force over every split; 七对 by
  a DP over the kinds outside that suit; 十三幺 as in ``reference_hand``. Shanten = distance - 1.
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import reference_hand as ref

NEVER = 98  # shanten of a hand that can never complete legally


def _suits_of_kinds(kinds) -> set[int]:
    return {k // 9 for k in kinds if k < 27}


def suits_used(counts, meld_kinds=()) -> set[int]:
    """Return the suits (0 = 万, 1 = 饼, 2 = 条) among the hand's tiles and melds."""
    return _suits_of_kinds([k for k in range(34) if counts[k]]) | _suits_of_kinds(meld_kinds)


def is_complete(counts, meld_kinds=(), allow_quad: bool = True) -> bool:
    melds = len(meld_kinds)
    c = [int(x) for x in counts]
    if melds == 0 and ref.complete_shisanyao(c):
        return True
    if len(suits_used(c, meld_kinds)) > 2:
        return False
    return ref.complete_regular(c, melds) or (melds == 0 and ref.complete_qidui(c, allow_quad))


def waits(counts, meld_kinds=(), allow_quad: bool = True) -> list[int]:
    out = []
    for k in range(34):
        after = [int(x) for x in counts]
        if after[k] < 4:
            after[k] += 1
            if is_complete(after, meld_kinds, allow_quad):
                out.append(k)
    return out


def _regular_distance_without(c: list[int], sets: int, dropped: int) -> int:
    """Return the least missing tiles over targets with no tile of suit ``dropped``."""
    parts = [ref.component_distances(tuple(c[9 * s:9 * s + 9]), True) for s in range(3) if s != dropped]
    parts.append(ref.component_distances(tuple(c[27:34]), False))
    return min(parts[0][a] + parts[1][b] + parts[2][c] for a, b, c in _target_indices(sets))


@lru_cache(maxsize=None)
def _target_indices(sets: int) -> tuple[tuple[int, int, int], ...]:
    """Return every way to spread ``sets`` sets and one pair over the three parts, as per-part target indices."""
    out = []
    for split in itertools.product(range(sets + 1), repeat=3):
        if sum(split) != sets:
            continue
        for pair_at in range(3):
            out.append(tuple(split[i] * 2 + (1 if i == pair_at else 0) for i in range(3)))
    return tuple(out)


def _qidui_distance_without(c: list[int], dropped: int, allow_quad: bool) -> int:
    kept = [c[k] for k in range(34) if k >= 27 or k // 9 != dropped]
    return _qidui_distance_of_counts(tuple(sorted(kept)), allow_quad)


@lru_cache(maxsize=None)
def _qidui_distance_of_counts(kept: tuple[int, ...], allow_quad: bool) -> int:
    """Return the 七对 distance of the kept kinds' counts (order-free, so memoised on the sorted counts)."""
    top = 2 if allow_quad else 1
    best = {0: 0}  # pairs chosen so far -> least cost
    for n in kept:
        nxt: dict[int, int] = {}
        for pairs, cost in best.items():
            for j in range(top + 1):
                if pairs + j <= 7:
                    total = cost + max(2 * j - n, 0)
                    nxt[pairs + j] = min(total, nxt.get(pairs + j, 99))
        best = nxt
    return best[7]


def distance(counts, meld_kinds=(), allow_quad: bool = True) -> int:
    """Return the fewest tiles to add for a complete hand legal under 缺一门 (99 = never)."""
    c = [int(x) for x in counts]
    melds = len(meld_kinds)
    blocked = _suits_of_kinds(meld_kinds)
    best = 99
    for dropped in range(3):
        if dropped in blocked:
            continue
        best = min(best, _regular_distance_without(c, 4 - melds, dropped))
        if melds == 0:
            best = min(best, _qidui_distance_without(c, dropped, allow_quad))
    if melds == 0:
        best = min(best, ref.shisanyao_distance(c))
    return best


def shanten(counts, meld_kinds=(), allow_quad: bool = True) -> int:
    return distance(counts, meld_kinds, allow_quad) - 1


def useful_tiles(counts, meld_kinds=(), allow_quad: bool = True) -> list[int]:
    here = distance(counts, meld_kinds, allow_quad)
    out = []
    for k in range(34):
        after = [int(x) for x in counts]
        if after[k] < 4:
            after[k] += 1
            if distance(after, meld_kinds, allow_quad) < here:
                out.append(k)
    return out


def point_limit(kinds, self_drawn: bool) -> list[int]:
    """RULES §2.4 r15 written out: rank 1-2 never, 3-5 自摸 only, 6-9 and honors either way."""
    out = []
    for k in kinds:
        rank = k % 9 + 1
        if k >= 27 or rank >= 6 or (rank >= 3 and self_drawn):
            out.append(k)
    return out
