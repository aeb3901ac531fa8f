"""The progress bar of a simulation run: hands done and hands/s (tqdm). Plain Python."""
from __future__ import annotations

import sys

from tqdm.auto import tqdm


def progress_enabled(progress: bool | None) -> bool:
    """Return whether to show a bar: ``progress`` if given, else True only when stderr is a terminal."""
    if progress is None:
        stream = sys.stderr
        return bool(getattr(stream, "isatty", None) and stream.isatty())
    if not isinstance(progress, bool):
        raise ValueError(f"progress must be True, False or None (auto), got {progress!r}")
    return progress


def hand_bar(total_hands: int, already_done: int, enabled: bool, label: str | None = None) -> tqdm:
    """Return a tqdm bar named ``label`` (default "simulate") counting hands, rate in hands/s.

    The bar is removed when it closes (``leave=False``), so a run of many arms does not leave a
    stack of finished bars on screen; disabled bars cost nothing.
    """
    return tqdm(
        total=total_hands,
        initial=already_done,
        unit=" hands",
        unit_scale=True,
        smoothing=0.1,
        dynamic_ncols=True,
        disable=not enabled,
        desc=label or "simulate",
        leave=False,
    )
