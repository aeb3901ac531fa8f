"""Plain-text tables for the terminal that fit a width in display columns (80 by default) — plain Python.

A CJK character takes two terminal columns (``display_width``, by ``unicodedata.east_asian_width``), so a table
whose cells are aligned by ``len`` comes out ragged and too wide. ``fit_table`` lays out rows of text cells under a
header: it keeps every cell whole when the table fits, and otherwise wraps the columns it is allowed to wrap
(widest first) onto more lines, never inside a number or a Latin word, never putting a closing mark (``，`` ``）``
``]``) at the start of a line or an opening one (``（`` ``[``) at the end. Nothing is cut or dropped.
"""
from __future__ import annotations

import re
import unicodedata

#: The width every terminal table fits, in display columns.
TERMINAL_COLUMNS = 80
#: Blank columns between two table columns.
GAP = 2
#: Marks that must not start a line (they close or follow what precedes them).
CLOSING = set("，。、；：！？）」』】,.;:!?)]%")
#: Marks that must not end a line (they open what follows them).
OPENING = set("（「『【([")


def display_width(text: str) -> int:
    """Return the terminal columns ``text`` takes: 2 for a wide or full-width character (CJK), else 1."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pieces(text: str) -> list[str]:
    """Return ``text`` cut where a line may break: before each CJK character and after each space, with a
    run of Latin letters, digits and signs kept whole, closing marks kept with what precedes them and opening
    marks with what follows."""
    raw = re.findall(r"[ \t]+|[^\s\u2e80-\uffef]+|.", text)
    pieces: list[str] = []
    carry = ""
    for piece in raw:
        if pieces and not carry and piece[0] in CLOSING:
            pieces[-1] += piece
        elif piece.isspace() and pieces and not carry:
            pieces[-1] += piece
        elif piece in OPENING or (len(piece) == 1 and piece in OPENING):
            carry += piece
        else:
            pieces.append(carry + piece)
            carry = ""
    if carry:
        pieces.append(carry)
    return pieces


def _split_wide(piece: str, width: int) -> list[str]:
    """Return ``piece`` cut into runs of at most ``width`` columns (a piece wider than its column)."""
    runs, run = [], ""
    for char in piece:
        if run and display_width(run + char) > width:
            runs.append(run)
            run = ""
        run += char
    return runs + [run] if run else runs


def wrap(text: str, width: int) -> list[str]:
    """Return the lines of ``text`` wrapped at ``width`` display columns (at least one line; trailing spaces
    dropped). A piece wider than ``width`` alone (``_pieces``) is cut by characters."""
    lines, line = [], ""
    for piece in _pieces(text):
        if display_width((line + piece).rstrip()) <= width:
            line += piece
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = piece.lstrip()
        if display_width(line.rstrip()) > width:
            *full, line = _split_wide(line.rstrip(), width)
            lines += full
    return lines + [line.rstrip()] if line.strip() or not lines else lines


def min_width(text: str) -> int:
    """Return the narrowest a column holding ``text`` can be without cutting a piece (``_pieces``)."""
    return max((display_width(piece.rstrip()) for piece in _pieces(text)), default=0)


def column_widths(rows: list[list[str]], wrappable: set[int], width: int = TERMINAL_COLUMNS,
                  indent: int = 0) -> list[int]:
    """Return each column's width in display columns for ``rows`` (header first) to fit ``width`` with ``GAP``
    between columns after ``indent`` blank columns: every cell's full width when that fits; else columns of
    ``wrappable`` (column indices) are narrowed one column at a time, each step taking the column whose narrowing
    adds the fewest lines to the table (the widest of those), first down to their widest unbreakable piece, then,
    when the table still does not fit, down to 2 (one CJK character)."""
    count = len(rows[0])
    widths = [max(display_width(row[i]) for row in rows) for i in range(count)]
    floors = {i: max(min_width(row[i]) for row in rows) for i in wrappable}

    def total() -> int:
        return indent + sum(widths) + GAP * (count - 1)

    def lines_if(column: int, narrowed: int) -> int:
        trial = list(widths)
        trial[column] = narrowed
        return sum(max(len(wrap(row[i], trial[i])) for i in wrappable) for row in rows)

    for floor_of in (lambda i: floors[i], lambda i: 2):
        while total() > width:
            narrowable = [i for i in wrappable if widths[i] > floor_of(i)]
            if not narrowable:
                break
            best = min(narrowable, key=lambda i: (lines_if(i, widths[i] - 1), -widths[i], i))
            widths[best] -= 1
    return widths


def fit_rows(rows: list[list[str]], widths: list[int], indent: int = 0) -> list[str]:
    """Return the text lines of ``rows`` laid out in columns of ``widths`` (cells wrapped to their width, each row
    as many lines as its tallest cell), each line starting with ``indent`` blanks, trailing blanks dropped."""
    lines = []
    for row in rows:
        cells = [wrap(cell, w) for cell, w in zip(row, widths)]
        for k in range(max(len(c) for c in cells)):
            parts = [(c[k] if k < len(c) else "") for c in cells]
            text = (" " * GAP).join(p + " " * (w - display_width(p)) for p, w in zip(parts, widths))
            lines.append((" " * indent + text).rstrip())
    return lines
