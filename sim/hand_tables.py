"""Build or load the hand-evaluation lookup tables (kept in a user cache directory, never in the repo).

``get_tables()`` returns ``(suit_table, honor_table)``: ``int16[5**9, 10]`` and ``int16[5**7, 10]``
packed entries (layout in ``sim.core.hand.table_builder``). The compiled kernels take this tuple as an
argument. On first use the tables are built by the compiled builder (seconds) and saved to
``<cache>/mahjong-rules-lab/hand_tables.npz``, where ``<cache>`` is ``$MJRULES_CACHE_DIR`` if set,
else ``$XDG_CACHE_HOME``, else ``~/.cache``. The file is written atomically (temporary name, then
rename) and carries a version stamp; a missing, stale or unreadable file is rebuilt. Loaded tables
are memoised in-process.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

TABLE_VERSION = 1  # bump whenever the table layout or its meaning changes
CACHE_SUBDIR = "mahjong-rules-lab"
CACHE_FILE = "hand_tables.npz"
SUIT_SHAPE = (5**9, 10)
HONOR_SHAPE = (5**7, 10)

_memo: tuple[np.ndarray, np.ndarray] | None = None


def cache_dir() -> Path:
    """Return the directory holding the cached tables (not created here)."""
    override = os.environ.get("MJRULES_CACHE_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / CACHE_SUBDIR


def cache_path() -> Path:
    """Return the path of the cached table file."""
    return cache_dir() / CACHE_FILE


def build_tables() -> tuple[np.ndarray, np.ndarray]:
    """Build and return ``(suit_table, honor_table)`` with the compiled builder (no disk access)."""
    from sim.core.hand.table_builder import build_component_table

    suit_table = build_component_table(9, True)
    honor_table = build_component_table(7, False)
    return suit_table, honor_table


def _load(path: Path, version: int | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """Return the tables stored at ``path``, or None when missing, stale (stamp other than ``version``,
    default TABLE_VERSION) or malformed. The wild tables (sim.hand_wild_tables) share this loader."""
    version = TABLE_VERSION if version is None else version
    try:
        with np.load(path) as stored:
            if int(stored["version"]) != version:
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


def _save(path: Path, tables: tuple[np.ndarray, np.ndarray], version: int | None = None) -> None:
    """Write the tables to ``path`` atomically, stamped ``version`` (default TABLE_VERSION); an unwritable
    cache is silently skipped."""
    version = TABLE_VERSION if version is None else version
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix="." + path.stem + "-", suffix=".npz", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                np.savez(stream, version=np.int64(version), suit=tables[0], honor=tables[1])
            os.replace(temporary, path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise
    except OSError:
        pass


def get_tables() -> tuple[np.ndarray, np.ndarray]:
    """Return the tuple of table arrays the hand kernels take (built, loaded and memoised on demand)."""
    global _memo
    if _memo is None:
        path = cache_path()
        tables = _load(path)
        if tables is None:
            tables = build_tables()
            _save(path, tables)
        _memo = tables
    return _memo
