"""The progress bar of a simulation run (tqdm): hands done, hands/s and time left, fitted to the terminal — plain
Python.

``RunBar`` is a tqdm bar whose counter is work (hands, or hands weighed by their table's cost on a stream of many
runs: ``sim.work_bar``) and which also counts hands. Its line reads ``label: 42%|████| 12,000/85,000 hands, 450
hands/s, 01:23 left`` and then, when they fit, the notes the caller gives (``3/85 done``, ``last: variants/jinzhong``).
The line never exceeds the terminal's width (80 columns when it is unknown), measured in display columns: the
notes that do not fit are left out whole, then the counts are written short (``12.0k``), then the bar itself
goes, and only then is the label shortened, at a ``/`` or a blank, with ``…``.

Time left and rate are measured honestly: the first chunks of a run pay for loading the kernels in each worker, so
the rate counts only what finished after the first ``warmup`` updates (one per worker), and until one more update
has come, the bar says ``? left`` and ``? hands/s`` instead of a guess.
"""
from __future__ import annotations

import sys
from collections.abc import Callable

from tqdm.auto import tqdm
from tqdm.utils import disp_len

#: The width a bar fits when the terminal's cannot be read (display columns).
DEFAULT_COLUMNS = 80
#: The fewest columns of bar drawn; below this the bar is left out.
MIN_BAR = 10
#: The widest rate and time left a bar lays out room for (a rate of ``short_number``, a time under an hour).
RATE_WIDEST, LEFT_WIDEST = "12.3k hands/s", "12:34 left"


def progress_enabled(progress: bool | None) -> bool:
    """Return whether to show a bar: ``progress`` if given, else True only when stderr is a terminal."""
    if progress is None:
        stream = sys.stderr
        return bool(getattr(stream, "isatty", None) and stream.isatty())
    if not isinstance(progress, bool):
        raise ValueError(f"progress must be True, False or None (auto), got {progress!r}")
    return progress


def count_text(done: int, total: int, short: bool = False) -> str:
    """Return the hands part of a bar, e.g. ``12,000/85,000 hands`` (``short``: ``12.0k/85.0k hands``)."""
    if short:
        return f"{short_number(done)}/{short_number(total)} hands"
    return f"{done:,}/{total:,} hands"


def short_number(value: float) -> str:
    """Return a count or rate in at most five characters: ``950``, ``12.3k``, ``1.20M`` (tqdm's SI prefixes)."""
    return f"{value:.0f}" if value < 999.5 else tqdm.format_sizeof(value)


def shorten_label(label: str, width: int) -> str:
    """Return ``label`` if it takes at most ``width`` display columns, else its longest start ending before a
    ``/``, ``,`` or blank that fits with ``…`` after it (or as many characters as fit, when it has no such place)."""
    if disp_len(label) <= width:
        return label
    cuts = [k for k, char in enumerate(label) if char in "/, " and k > 0]
    for k in reversed(cuts):
        if disp_len(label[:k]) + 1 <= width:
            return label[:k] + "…"
    head = ""
    for char in label:
        if disp_len(head + char) + 1 > width:
            break
        head += char
    return head + "…" if head else ""


class RunBar(tqdm):
    """A tqdm bar of a run: its counter is work (``total`` units, ``initial`` done), it counts ``hands`` of
    ``hands_total`` beside it and shows ``label: P%|bar| hands, hands/s, time left[, notes]`` within the
    terminal's width (``fit_line``). The rate and time left are measured from the ``warmup``-th ``advance`` on and
    read ``?`` until one more has come. ``clock`` is its time source in seconds (tests pass a fake one)."""

    def __init__(self, total: float, initial: float, hands_total: int, hands_done: int, label: str,
                 enabled: bool, warmup: int = 1, clock: Callable[[], float] | None = None, **tqdm_args):
        self.hands, self.hands_total = hands_done, hands_total
        self.warmup, self.advances, self.mark = max(1, warmup), 0, None
        self.notes: list[str] = []
        tqdm_args.setdefault("dynamic_ncols", "ncols" not in tqdm_args)
        super().__init__(total=total, initial=initial, desc=label, disable=not enabled, leave=False,
                         bar_format="{l_bar}{bar}{r_bar}", **tqdm_args)
        if clock is not None:
            self._time = clock
            self.start_t = self.last_print_t = clock()

    def advance(self, work: float, hands: int, notes: list[str] | None = None) -> bool | None:
        """Count ``hands`` more hands worth ``work`` units of the counter, set the notes shown after the time left
        (None keeps them) and draw when it is time (tqdm's ``update``; returns what it returns)."""
        self.hands += hands
        if notes is not None:
            self.notes = list(notes)
        if self.disable:  # a disabled tqdm keeps no clock
            return None
        self.advances += 1
        result = self.update(work)
        if self.advances == self.warmup:
            self.mark = (self._time(), self.n, self.hands)
        return result

    def measured(self) -> tuple[float, float] | None:
        """Return ``(work per second, hands per second)`` since the warm-up ended, or None until one update after
        it has come."""
        if self.mark is None or self.advances <= self.warmup:
            return None
        seconds = self._time() - self.mark[0]
        if seconds <= 0:
            return None
        return (self.n - self.mark[1]) / seconds, (self.hands - self.mark[2]) / seconds

    def stats(self, short: bool = False) -> list[str]:
        """Return the parts after the bar that always show: hands, hands/s and time left (``?`` until measured)."""
        rates = self.measured()
        if rates is None:
            rate, left = "? hands/s", "? left"
        else:
            work_rate, hand_rate = rates
            rate = f"{short_number(hand_rate)} hands/s"
            remaining = max(0.0, (self.total or 0) - self.n)
            left = f"{tqdm.format_interval(remaining / work_rate)} left" if work_rate > 0 else "? left"
        return [count_text(self.hands, self.hands_total, short), rate, left]

    def fit_line(self, columns: int) -> tuple[str, str]:
        """Return ``(label, bar_format)`` of a line at most ``columns`` display columns wide: with the bar (at least
        MIN_BAR columns) if it fits, else without; in each, the most notes that fit (in their order), with the
        counts written in full, else short; failing all that, the short counts alone after a shortened label. The
        counts, rate and time left are reckoned at their widest (all hands done, RATE_WIDEST, LEFT_WIDEST), so the
        layout holds while they change."""
        percent = f"{100 * min(self.n, self.total) / self.total:3.0f}%" if self.total else "  ?%"
        label = self.desc
        for bar, room in ((f"{percent}|{{bar}}| ", MIN_BAR + 3), (f"{percent} ", 1)):
            for short in (False, True):
                stats = self.stats(short)
                # the counts, rate and time left are reckoned at their widest, so the layout holds as they change
                widest = (count_text(self.hands_total, self.hands_total, short), RATE_WIDEST, LEFT_WIDEST)
                reserve = room + sum(max(0, len(wide) - len(now)) for wide, now in zip(widest, stats))
                for keep in range(len(self.notes), -1, -1):
                    tail = ", ".join(stats + self.notes[:keep]).replace("{", "{{").replace("}", "}}")
                    if disp_len(f"{label}: {percent}{tail}") + reserve <= columns:
                        return label, f"{{desc}}: {bar}{tail}"
        tail = ", ".join(self.stats(True)).replace("{", "{{").replace("}", "}}")
        label = shorten_label(label, columns - disp_len(f": {percent} {tail}"))
        return label, (f"{{desc}}: {percent} {tail}" if label else f"{percent} {tail}")

    @property
    def format_dict(self):
        """tqdm's fields, with the line fitted to the terminal's width (``fit_line``)."""
        fields = super().format_dict
        if self.disable:
            return fields
        columns = fields.get("ncols") or DEFAULT_COLUMNS
        fields["prefix"], fields["bar_format"] = self.fit_line(columns)
        fields["ncols"] = columns
        if self.total:  # work summed in floating point can pass its total by a rounding error
            fields["n"] = min(fields["n"], self.total)
        return fields


def hand_bar(total_hands: int, already_done: int, enabled: bool, label: str | None = None, warmup: int = 1,
             **tqdm_args) -> RunBar:
    """Return a ``RunBar`` named ``label`` (default "simulate") counting hands (its work is its hands):
    ``advance(n, n)`` per chunk. Removed when it closes (``leave=False``), so a run of many arms does not leave a
    stack of finished bars on screen; a disabled bar costs nothing."""
    return RunBar(total_hands, already_done, total_hands, already_done, label or "simulate", enabled, warmup,
                  **tqdm_args)


class FittedBar(tqdm):
    """A tqdm bar drawn with the first of its ``bar_formats`` that fits the terminal's width (DEFAULT_COLUMNS when
    unknown) whole: a format with ``{bar}`` fits when its text leaves MIN_BAR columns for the bar, one without when
    its text fits. List the formats from the fullest to the barest; the last is used when none fits."""

    def __init__(self, *args, bar_formats: tuple[str, ...], **tqdm_args):
        self.bar_formats = bar_formats
        super().__init__(*args, bar_format=bar_formats[0], **tqdm_args)

    @property
    def format_dict(self):
        """tqdm's fields, with the first bar format that fits (``bar_formats``)."""
        fields = super().format_dict
        if self.disable:
            return fields
        columns = fields.get("ncols") or DEFAULT_COLUMNS
        fields["ncols"] = columns
        for bar_format in self.bar_formats:
            text = self.format_meter(**{**fields, "bar_format": bar_format.replace("{bar}", ""), "ncols": None})
            if disp_len(text) + (MIN_BAR if "{bar}" in bar_format else 0) <= columns:
                break
        fields["bar_format"] = bar_format
        return fields
