"""Tile kinds and text notation.

34 kinds, index 0..33: 0-8 = 1-9 万 (m), 9-17 = 1-9 饼 (p), 18-26 = 1-9 条 (s),
27-33 = 东 南 西 北 中 发 白 (1z..7z). Text notation is digits followed by a suit
letter, e.g. ``123m456p789s11z``.
"""
from __future__ import annotations

import numpy as np

N_KINDS = 34
N_TILES = 136
SUIT_LETTERS = "mpsz"

_SUIT_NAMES = ("万", "饼", "条")
_NUMERALS = ("一", "二", "三", "四", "五", "六", "七", "八", "九")
_HONOR_NAMES = ("东", "南", "西", "北", "中", "发", "白")

#: Chinese name of each kind, for reports and replays (index = kind).
NAMES: tuple[str, ...] = tuple(
    _NUMERALS[r] + _SUIT_NAMES[s] for s in range(3) for r in range(9)
) + _HONOR_NAMES

#: The 13 幺九/字 kinds (terminals and honors), the kinds of 十三幺.
YAOJIU: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

#: Boolean mask over kinds: True for 幺九/字 kinds.
YAOJIU_MASK = np.zeros(N_KINDS, dtype=np.bool_)
YAOJIU_MASK[list(YAOJIU)] = True


def kind(text: str) -> int:
    """Return the kind index (0..33) of a single tile written like ``5p`` or ``7z``."""
    counts = parse(text)
    if counts.sum() != 1:
        raise ValueError(f"expected exactly one tile, got {text!r}")
    return int(np.flatnonzero(counts)[0])


def name(kind_index: int) -> str:
    """Return the short notation of one kind, e.g. ``0 -> '1m'``, ``33 -> '7z'``."""
    if not 0 <= kind_index < N_KINDS:
        raise ValueError(f"tile kind {kind_index} out of range 0..33")
    return f"{kind_index % 9 + 1}{SUIT_LETTERS[kind_index // 9]}"


def parse(text: str) -> np.ndarray:
    """Parse notation like ``"123m456p789s11z"`` into counts.

    Returns an ``int8[34]`` array: the number of copies of each kind (0..4).
    Raises ``ValueError`` naming the problem and the offending text for an unknown
    letter, a digit out of range (``0m``, ``8z``), a fifth copy, or digits with no suit.
    """
    if not isinstance(text, str):
        raise ValueError(f"tile notation must be a string, got {type(text).__name__}")
    counts = np.zeros(N_KINDS, dtype=np.int8)
    pending: list[str] = []
    for position, char in enumerate(text):
        if char.isspace():
            continue
        if char.isdigit():
            pending.append(char)
            continue
        if char not in SUIT_LETTERS:
            raise ValueError(
                f"unknown tile letter {char!r} at position {position} in {text!r} "
                f"(valid suits: m, p, s, z)"
            )
        if not pending:
            raise ValueError(f"suit letter {char!r} at position {position} has no digits in {text!r}")
        suit = SUIT_LETTERS.index(char)
        top = 7 if char == "z" else 9
        for digit in pending:
            rank = int(digit)
            if not 1 <= rank <= top:
                raise ValueError(f"tile {digit}{char} out of range (1-{top}{char}) in {text!r}")
            k = suit * 9 + rank - 1
            counts[k] += 1
            if counts[k] > 4:
                raise ValueError(f"more than four copies of {digit}{char} in {text!r}")
        pending.clear()
    if pending:
        raise ValueError(f"digits {''.join(pending)!r} have no suit letter in {text!r}")
    return counts


def format(counts) -> str:  # noqa: A001 - public API name fixed by the public API
    """Return the canonical notation of a 34-count array: suits m, p, s, z in order, digits ascending."""
    counts = as_counts(counts)
    parts = []
    for suit, letter in enumerate(SUIT_LETTERS):
        size = 7 if letter == "z" else 9
        digits = "".join(str(r + 1) * int(counts[suit * 9 + r]) for r in range(size))
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def as_counts(hand) -> np.ndarray:
    """Return a hand given as notation or as 34 counts as an ``int8[34]`` count array (validated)."""
    if isinstance(hand, str):
        return parse(hand)
    counts = np.asarray(hand)
    if counts.shape != (N_KINDS,):
        raise ValueError(f"a hand must be 34 counts, got shape {counts.shape}")
    if counts.min(initial=0) < 0 or counts.max(initial=0) > 4:
        raise ValueError("tile counts must be between 0 and 4")
    return counts.astype(np.int8, copy=False)


def names(counts) -> str:
    """Return the Chinese names of the tiles in a hand, space separated (for replays and reports)."""
    counts = as_counts(counts)
    return " ".join(NAMES[k] for k in range(N_KINDS) for _ in range(int(counts[k])))
