"""A chunk played in this process in pieces, so that its bar moves while it plays — plain Python (no kernels).

A run of one chunk (a small run, or a search table of a few thousand hands that takes a minute) plays in this
process, and its bar, which moves when a chunk finishes, sat at 0 % for the whole run. ``play_in_pieces`` plays
such a chunk as up to ``PIECES`` calls of the kernel, one after another, and reports the hands of each as it ends
(cheap hands in fewer, longer pieces: a call has a fixed cost). The
chunk's records are the same: hand *i* of a run depends only on its seed and *i* (``sim.play.play_chunk``), and a
piece of a session run is a whole number of sessions, so the concatenated pieces are the chunk's records, byte for
byte, and its Parquet part is the one a worker would write. Chunks played by worker processes stay whole.
"""
from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

#: the pieces a chunk played in this process is split into at most (fewer when it has fewer sessions or hands)
PIECES = 16
#: a piece after the first is made long enough to take about this long (seconds), so that the fixed cost of a call
#: of the kernel (some ten milliseconds of setting up the table) stays a few per cent of a chunk of cheap hands
PIECE_SECONDS = 0.5


def piece_size(n: int, session_length: int, pieces: int = PIECES) -> int:
    """Return the hands of the first piece of a chunk of ``n`` hands: ``n / pieces`` rounded up to whole sessions
    (``session_length`` > 0) or hands, at least one session or hand."""
    unit = max(1, session_length)
    return unit * max(1, -(-(n // unit) // pieces))


def play_in_pieces(play: Callable[[int, int], np.ndarray], first: int, n: int, session_length: int,
                   on_hands: Callable[[int], None], clock: Callable[[], float] = time.perf_counter) -> np.ndarray:
    """Return the records ``int32[n, columns]`` of the chunk of ``n`` hands from hand ``first``, played as
    ``play(first hand, hands)`` calls over its pieces, in order, calling ``on_hands(hands)`` after each. The first
    piece has ``piece_size`` hands; each later one as many, or more when the pieces so far played faster than
    PIECE_SECONDS a piece (as many hands as take that long at their pace, in whole sessions), never past the
    chunk's end. ``clock`` tells the seconds (tests pass a fake one)."""
    unit, base = max(1, session_length), piece_size(n, session_length)
    matrices, start, size, played, seconds = [], first, base, 0, 0.0
    while start < first + n:
        size = min(size, first + n - start)
        began = clock()
        matrices.append(play(start, size))
        seconds += clock() - began
        played += size
        start += size
        on_hands(size)
        pace = played / seconds if seconds > 0 else float("inf")
        size = base if pace == float("inf") else max(base, unit * -(-int(pace * PIECE_SECONDS) // unit))
    return matrices[0] if len(matrices) == 1 else np.concatenate(matrices, axis=0)


class PieceFeed:
    """Carries the hands of the pieces of a chunk played in this process to a bar as they end (``__call__``
    calls ``advance(hands)``: set it once the bar exists, before the first chunk plays), and tells, when a chunk
    has finished, how many of its hands are still to count (``finish``: all of them when it played elsewhere)."""

    def __init__(self):
        self.advance: Callable[[int], None] | None = None
        self.reported = 0  # hands of the chunk in play reported so far

    def __call__(self, hands: int) -> None:
        self.reported += hands
        if self.advance is not None:
            self.advance(hands)

    def finish(self, hands: int) -> int:
        """Return how many of the ``hands`` of a chunk just finished were not reported piece by piece."""
        rest, self.reported = hands - self.reported, 0
        return rest
