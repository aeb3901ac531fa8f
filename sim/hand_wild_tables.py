"""Build or load the wild-aware (uncapped-target) lookup tables, cached beside the plain ones.

``get_wild_tables()`` returns ``(suit_table, honor_table)``: ``int16[5**9, 10]`` and
``int16[5**7, 10]`` packed entries whose targets have no four-copy limit (layout and meaning in
``sim._hand_wild_table_builder``). Cached in ``sim.hand_tables.cache_dir()`` as
``hand_wild_tables.npz`` (atomic write, version stamp; a missing, stale or unreadable file is
rebuilt) and memoised in-process. Never committed.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

from sim.hand_tables import HONOR_SHAPE, SUIT_SHAPE, cache_dir

WILD_TABLE_VERSION = 1  # bump whenever the table layout or its meaning changes
WILD_CACHE_FILE = "hand_wild_tables.npz"

_memo: tuple[np.ndarray, np.ndarray] | None = None


def wild_cache_path() -> Path:
    """Return the path of the cached wild-aware table file."""
    return cache_dir() / WILD_CACHE_FILE


def build_wild_tables() -> tuple[np.ndarray, np.ndarray]:
    """Build and return ``(suit_table, honor_table)`` with the compiled builder (no disk access)."""
    from sim._hand_wild_table_builder import build_uncapped_component_table

    return build_uncapped_component_table(9, True), build_uncapped_component_table(7, False)


def _load(path: Path) -> tuple[np.ndarray, np.ndarray] | None:
    """Return the tables stored at ``path``, or None when missing, stale or malformed."""
    try:
        with np.load(path) as stored:
            if int(stored["version"]) != WILD_TABLE_VERSION:
                return None
            suit_table = stored["suit"]
            honor_table = stored["honor"]
    except (OSError, KeyError, ValueError, EOFError):
        return None
    if suit_table.shape != SUIT_SHAPE or honor_table.shape != HONOR_SHAPE:
        return None
    if suit_table.dtype != np.int16 or honor_table.dtype != np.int16:
        return None
    return np.ascontiguousarray(suit_table), np.ascontiguousarray(honor_table)


def _save(path: Path, tables: tuple[np.ndarray, np.ndarray]) -> None:
    """Write the tables to ``path`` atomically; an unwritable cache is silently skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".hand_wild_tables-", suffix=".npz", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                np.savez(stream, version=np.int64(WILD_TABLE_VERSION), suit=tables[0], honor=tables[1])
            os.replace(temporary, path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise
    except OSError:
        pass


def get_wild_tables() -> tuple[np.ndarray, np.ndarray]:
    """Return the tuple of wild-aware table arrays the wild kernels take (built, loaded, memoised)."""
    global _memo
    if _memo is None:
        path = wild_cache_path()
        tables = _load(path)
        if tables is None:
            tables = build_wild_tables()
            _save(path, tables)
        _memo = tables
    return _memo
