"""What each 财神 stood for in a won 金华 hand (RULES §3.2 r5–r7, §3.4 r15) — plain Python, for replays.

The engine decides that a hand is complete and which form it is scored in (``shape`` and the ``win_features``
bits of the record); it never names the tiles its wilds stood for. ``wild_reading`` finds one such reading of
the complete hand in that form, by search over the hand's few tiles (no tables):

* the hand *as held* (the winning tile included): its kind-``wild`` tiles are the 财神, its 白板 the stand-ins
  for the 财神's own face (a 白板 is then a natural tile of kind ``wild``; when the 财神 is 白板 itself there is
  no stand-in);
* **平胡** (regular): ``4 - melds`` sets and a pair, each 财神 filling one missing tile; **爆头**: the hand
  before the winning draw is ``4 - melds`` sets and one lone 财神, which stood for the drawn tile's kind;
  **七对**: a 财神 pairs a single natural tile; **七风/十四不靠**: the 7 honors are natural tiles (a 白板 as 白,
  and a second one as an honor 财神's face), each 财神 one of the 7 spaced suited tiles.
* Wilds left over once every natural tile is placed form sets or a pair among themselves: they stand for no
  particular kind (``ANY``).

A reading that needs no fifth copy of a kind (counting the seat's meld tiles) is preferred; one with a fifth
copy is given only when no other exists (the ``jh_wild_fifth_copy`` rule allows it). Returns the kinds, not
notation; ``None`` when the hand has no reading in the form asked (not a complete hand).
"""
from __future__ import annotations

import itertools

import numpy as np

from sim.core import codes as C

WHITE = 33   # 白板 (7z)
ANY = -1     # a 财神 in a set or pair of 财神 only: it stands for no particular kind


def _natural_counts(hand: np.ndarray, wild: int) -> tuple[list[int], int]:
    """Return (counts with the 财神 taken out and each 白板 counted as the 财神's face, number of 财神)."""
    natural = [int(c) for c in hand]
    wilds = natural[wild]
    natural[wild] = 0
    if wild != WHITE:
        natural[wild] = natural[WHITE]
        natural[WHITE] = 0
    return natural, wilds


def _sets_and_pair(natural: list[int], wilds: int, sets: int, pair: int, caps: list[int]) -> list[int] | None:
    """Return the kinds ``wilds`` 财神 stand for so that ``natural`` plus them is ``sets`` sets and ``pair``
    pairs (0/1), each 财神 adding at most ``caps[k]`` copies of kind k in total; None if impossible."""
    first = next((k for k in range(34) if natural[k]), -1)
    if first < 0:  # only 财神 left: they form the remaining sets and pair among themselves
        return [ANY] * wilds if wilds == 3 * sets + 2 * pair else None
    groups = []  # candidate groups holding ``first``, as kind tuples
    if pair:
        groups.append(((first, first), 0, 1))
    if sets:
        groups.append(((first, first, first), 1, 0))
        if first < 27:
            rank = first % 9
            for low in range(max(0, rank - 2), min(rank, 6) + 1):
                groups.append((tuple(first - rank + low + i for i in range(3)), 1, 0))
    groups.sort(key=lambda group: sum(max(0, group[0].count(k) - natural[k]) for k in set(group[0])))  # fewest 财神
    for kinds, used_sets, used_pair in groups:
        taken, added = [], []
        for k in kinds:
            if natural[k] > 0:
                natural[k] -= 1
                taken.append(k)
            else:
                added.append(k)
        if len(added) <= wilds and all(added.count(k) <= caps[k] for k in set(added)):
            for k in added:
                caps[k] -= 1
            rest = _sets_and_pair(natural, wilds - len(added), sets - used_sets, pair - used_pair, caps)
            for k in added:
                caps[k] += 1
            if rest is not None:
                for k in taken:
                    natural[k] += 1
                return added + rest
        for k in taken:
            natural[k] += 1
    return None


def _seven_pairs(natural: list[int], wilds: int) -> list[int] | None:
    """Return the kinds the 财神 stand for in 七对: one per natural kind held an odd number of times."""
    singles = [k for k in range(34) if natural[k] % 2 == 1]
    if len(singles) > wilds or (wilds - len(singles)) % 2:
        return None
    return singles + [ANY] * (wilds - len(singles))


def _knitted(hand: np.ndarray, wild: int) -> list[int] | None:
    """Return the suited kinds the 财神 stand for in 七风/十四不靠 (honors are natural only)."""
    wilds = int(hand[wild])
    whites = int(hand[WHITE])
    honors_needed = [z for z in range(27, 33) if z != wild]
    if wild == WHITE or any(hand[z] != 1 for z in honors_needed):
        return None
    held = {k for k in range(27) if k != wild and hand[k] > 0}
    if any(hand[k] > 1 for k in held):
        return None
    face_whites = whites - 1  # one 白板 is 白; a second one is the 财神's face
    if wild >= 27:
        if face_whites != 1:
            return None
    elif face_whites == 1:
        held.add(wild)
    elif face_whites != 0:
        return None
    spaced = [[r for r in ranks] for n in range(4) for ranks in itertools.combinations(range(9), n)
              if all(b - a >= 3 for a, b in zip(ranks, ranks[1:]))]
    for man, pin, sou in itertools.product(spaced, repeat=3):
        pick = {r for r in man} | {9 + r for r in pin} | {18 + r for r in sou}
        if len(pick) == len(held) + wilds and held <= pick:
            return sorted(pick - held)
    return None


def wild_reading(hand, n_melds: int, meld_tiles, wild: int, shape: int, features: int,
                 winning_tile: int) -> list[int] | None:
    """Return the kinds (0..33, or ``ANY``) the 财神 of a won 金华 hand stood for, one per 财神 (sorted, ``ANY``
    last), in the form the record scored (``shape`` SHAPE_* code, ``features`` FEATURE_* bits); None if that
    form has no reading (not a complete hand).

    ``hand`` is the winner's concealed counts as held (int[34], the winning tile included), ``n_melds`` its
    fixed melds and ``meld_tiles`` (int[34]) the tiles in them (they count toward a kind's four copies),
    ``winning_tile`` the kind it won on (the drawn tile of a 爆头)."""
    hand = np.asarray(hand, dtype=np.int64)
    meld_tiles = np.asarray(meld_tiles, dtype=np.int64)
    if hand[wild] == 0:
        return []
    if shape == C.SHAPE_QIDUI:
        return _seven_pairs(*_natural_counts(hand, wild))
    if shape == C.SHAPE_QIFENG:
        return _knitted(hand, wild)
    natural, wilds = _natural_counts(hand, wild)
    pair, lone = 1, []
    if features & C.FEATURE_BAOTOU:  # the lone 财神 paired the drawn tile; the rest is sets only
        before = hand.copy()
        before[winning_tile] -= 1
        natural, wilds = _natural_counts(before, wild)
        wilds -= 1
        lone = [winning_tile if winning_tile != wild else ANY]
        pair = 0
    for fifth_copy in (False, True):
        caps = [4 if fifth_copy else 4 - natural[k] - int(meld_tiles[k]) - lone.count(k) for k in range(34)]
        if min(caps) < 0:
            continue
        found = _sets_and_pair(list(natural), wilds, 4 - n_melds, pair, caps)
        if found is not None:
            return sorted(lone + found, key=lambda k: (k == ANY, k))
    return None
