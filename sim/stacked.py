"""Stacked walls: build a wall that forces an exact situation (for scripted rule tests)."""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from sim.tiles import N_KINDS, SUIT_LETTERS, as_counts
from sim.core.wall import DEAL_SIZE, FIRST_FRONT, NO_TILE, SUITED_WALL_SIZE, WALL_SIZE, deal_position


def tile_sequence(text: str) -> list[int]:
    """Return the kinds of ``text`` in the order written (``"5m1p23s"`` -> [4, 9, 19, 20]).

    Raises ValueError for bad notation (same messages as ``sim.tiles.parse``).
    """
    as_counts(text) if text.strip() else None  # validates letters, ranges and the four-copy limit
    kinds: list[int] = []
    pending: list[int] = []
    for char in text:
        if char.isspace():
            continue
        if char.isdigit():
            pending.append(int(char))
            continue
        suit = SUIT_LETTERS.index(char)
        kinds.extend(suit * 9 + rank - 1 for rank in pending)
        pending.clear()
    return kinds


def stacked_wall(hands: Mapping[int, str] | Sequence[str] | None = None, draws: str = "",
                 replacements: str = "", dealer: int = 0, tiles: int = WALL_SIZE) -> np.ndarray:
    """Return an ``int8[136]`` wall forcing the given deal and draw order.

    ``tiles``: 136 (every kind) or 108 (the suit tiles only, RULES §2.1 r1: positions 0..107 hold them,
    the rest -1, and replacements start at position 107).

    ``hands``: seat -> 13 tiles in notation (a dict, or a list indexed by seat; seats left
    out get filler). ``draws``: the front draws in order, starting with the dealer's first
    draw (positions 52, 53, ...). ``replacements``: the kong replacement tiles in order
    (positions 135, 134, ... of a 136 wall). Every other position is filled with the remaining tiles in
    kind order (1m first), in wall order, so the whole wall is deterministic. The seat
    positions follow ``sim.core.wall.deal_position`` for ``dealer``. Raises ValueError naming
    the tile when a kind is used more than four times, or when a hand is not 13 tiles.
    """
    if not 0 <= dealer < 4:
        raise ValueError(f"dealer={dealer!r} must be a seat 0..3")
    if tiles not in (WALL_SIZE, SUITED_WALL_SIZE):
        raise ValueError(f"tiles={tiles!r} must be one of {WALL_SIZE}, {SUITED_WALL_SIZE}")
    n_kinds = tiles // 4  # 34, or the 27 suit kinds
    if hands is None:
        hands = {}
    if not isinstance(hands, Mapping):
        hands = dict(enumerate(hands))
    wall = np.full(tiles, -1, dtype=np.int16)  # int16[tiles]: kind per wall position, -1 = not placed yet
    used = np.zeros(N_KINDS, dtype=np.int64)  # int64[34]: copies of each kind placed so far

    def place(position: int, kind: int, what: str) -> None:
        if kind >= n_kinds:
            raise ValueError(f"tile {kind - 26}z is not in a {tiles}-tile wall (in {what})")
        used[kind] += 1
        if used[kind] > 4:
            name = f"{kind % 9 + 1}{SUIT_LETTERS[kind // 9]}"
            raise ValueError(f"tile {name} used more than four times (in {what})")
        wall[position] = kind

    for seat, text in hands.items():
        if seat not in (0, 1, 2, 3):
            raise ValueError(f"hand seat {seat!r} must be 0..3")
        kinds = tile_sequence(text)
        if len(kinds) != 13:
            raise ValueError(f"hand of seat {seat} must be 13 tiles, got {len(kinds)} in {text!r}")
        for j, kind in enumerate(kinds):
            place(deal_position(dealer, seat, j), kind, f"hand {seat}")
    front = tile_sequence(draws)
    back = tile_sequence(replacements)
    if len(front) + len(back) > tiles - DEAL_SIZE:
        raise ValueError(f"{len(front)} draws and {len(back)} replacements do not fit in the "
                         f"{tiles - DEAL_SIZE}-tile wall")
    for i, kind in enumerate(front):
        place(FIRST_FRONT + i, kind, "draws")
    for i, kind in enumerate(back):
        place(tiles - 1 - i, kind, "replacements")
    spare = [k for k in range(n_kinds) for _ in range(4 - int(used[k]))]
    empty = np.flatnonzero(wall < 0)
    wall[empty] = spare
    full = np.full(WALL_SIZE, NO_TILE, dtype=np.int8)  # int8[136]: the engine's wall array, -1 past the wall
    full[:tiles] = wall
    return full
