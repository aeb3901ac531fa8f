"""Reading back the headline table a run prints (reports.tables.text_table), for tests of its 80-column layout.

``table_cells`` cuts every printed line at the header's columns, measured in display columns (a CJK character takes
two, by unicodedata.east_asian_width), and joins each row's wrapped lines again, so a test can check both the width
of every line and that every cell of ``reports.tables.headline_cells`` is printed whole, in its column.
"""
import unicodedata

from reports.tables import HEADER


def columns(text: str) -> int:
    """Return the display columns of ``text`` (2 for a wide or full-width character)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def cut(line: str, starts: list[int]) -> list[str]:
    """Return ``line`` cut at the display columns ``starts`` (each a column's first), its pieces stripped."""
    pieces, column, current = [""] * len(starts), 0, 0
    for char in line:
        while current + 1 < len(starts) and column >= starts[current + 1]:
            current += 1
        pieces[current] += char
        column += columns(char)
    return [piece.strip() for piece in pieces]


def table_cells(text: str) -> list[list[str]]:
    """Return the rows of a printed headline table as ``[study, statistic, group, estimate, interval, unit, n]``
    with each cell's wrapped lines joined without blanks (a study's name stands on its own unindented line; a row
    starts at a line with its ``n`` and goes on over the lines below without one)."""
    lines = text.splitlines()
    header = lines[0]
    starts, at = [], 0
    for name in HEADER[1:]:
        at = header.index(name, at)
        starts.append(columns(header[:at]))
        at += len(name)
    rows, study = [], None
    for line in lines[1:]:
        if not line.startswith(" "):
            study = line
            continue
        pieces = cut(line, starts)
        if pieces[-1]:
            rows.append([study] + pieces)
        else:
            rows[-1] = rows[-1][:1] + [old + new for old, new in zip(rows[-1][1:], pieces)]
    return rows


def squeezed(cells: list[str]) -> list[str]:
    """Return ``cells`` without blanks (a wrapped cell loses the blank where it was wrapped)."""
    return ["".join(cell.split()) for cell in cells]
