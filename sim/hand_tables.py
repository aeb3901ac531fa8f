"""Build or load the hand-evaluation lookup tables (kept in a user cache directory, never in the repo).

``get_tables()`` returns a ``ComponentTables`` (``sim.core.hand.table_bundles``): ``suit_rows``
``int16[5**9, 10]`` and ``honor_rows`` ``int16[5**7, 10]`` packed entries (layout in ``sim.core.hand.table_builder``). The
compiled kernels take this named tuple as an argument. On first use the tables are built by the compiled
builder (seconds) and saved to ``<cache>/mahjong-rules-lab/hand_tables.npz`` (keys ``suit`` and ``honor``),
where ``<cache>`` is ``$MJRULES_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME``, else ``~/.cache``. The file is
written atomically (temporary name, then rename) and carries a version stamp; a missing, stale or unreadable
file is rebuilt. Loaded tables are memoised in-process.

``get_batch_tables()`` returns the ``BatchTables``, the distance-class tables of the batch path
(``shanten_many``; layout in ``sim.core.hand.batch_table_builder``), derived from the tables above in well
under a second and cached the same way in ``<cache>/mahjong-rules-lab/hand_batch_tables.npz``.

``get_scan_tables()`` returns the ``ScanTables`` of the class-table discard scan
(``sim.core.hand.class_scan``), derived in-process from the batch tables (not stored).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

from sim.core.hand.table_bundles import BatchTables, ComponentTables, ScanTables

TABLE_VERSION = 1  # bump whenever the table layout or its meaning changes
BATCH_TABLE_VERSION = 1  # bump whenever the batch tables' layout or meaning changes
CACHE_SUBDIR = "mahjong-rules-lab"
CACHE_FILE = "hand_tables.npz"
BATCH_CACHE_FILE = "hand_batch_tables.npz"
SUIT_SHAPE = (5**9, 10)
HONOR_SHAPE = (5**7, 10)
BATCH_NAMES = BatchTables._fields  # the batch cache file's array keys: the fields of get_batch_tables()

_memo: ComponentTables | None = None
_batch_memo: BatchTables | None = None
_scan_memo: ScanTables | None = None


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


def build_tables() -> ComponentTables:
    """Build and return the ``ComponentTables`` with the compiled builder (no disk access)."""
    from sim.core.hand.table_builder import build_component_table

    suit_table = build_component_table(9, True)
    honor_table = build_component_table(7, False)
    return ComponentTables(suit_rows=suit_table, honor_rows=honor_table)


def _load(path: Path, version: int | None = None) -> ComponentTables | None:
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
    return ComponentTables(suit_rows=np.ascontiguousarray(suit_table), honor_rows=np.ascontiguousarray(honor_table))


def _save(path: Path, tables: ComponentTables, version: int | None = None) -> None:
    """Write the tables to ``path`` atomically, stamped ``version`` (default TABLE_VERSION); an unwritable
    cache is silently skipped."""
    version = TABLE_VERSION if version is None else version
    _save_arrays(path, {"suit": tables.suit_rows, "honor": tables.honor_rows}, version)


def _save_arrays(path: Path, arrays: dict[str, np.ndarray], version: int) -> None:
    """Write ``arrays`` (name -> array) to ``path`` atomically with the stamp ``version``; an unwritable
    cache is silently skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix="." + path.stem + "-", suffix=".npz", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                np.savez(stream, version=np.int64(version), **arrays)
            os.replace(temporary, path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise
    except OSError:
        pass


def get_tables() -> ComponentTables:
    """Return the ``ComponentTables`` the hand kernels take (built, loaded and memoised on demand)."""
    global _memo
    if _memo is None:
        path = cache_path()
        tables = _load(path)
        if tables is None:
            tables = build_tables()
            _save(path, tables)
        _memo = tables
    return _memo


def _batch_stamp() -> int:
    """Return the stamp of the batch table file: it changes with either table version."""
    return TABLE_VERSION * 1000 + BATCH_TABLE_VERSION


def build_batch_tables() -> BatchTables:
    """Build and return the ``BatchTables`` from ``get_tables()`` (no disk access for them)."""
    from sim.core.hand.batch_table_builder import build_batch_tables as build

    tables = get_tables()
    return BatchTables(*build(tables.suit_rows, tables.honor_rows))


def _load_batch(path: Path) -> BatchTables | None:
    """Return the batch tables stored at ``path``, or None when missing, stale, malformed or inconsistent
    (a class id out of range would index past the small tables, so every id is checked)."""
    try:
        with np.load(path) as stored:
            if int(stored["version"]) != _batch_stamp():
                return None
            suit, honor, sums, regular = (np.ascontiguousarray(stored[name]) for name in BATCH_NAMES)
    except (OSError, KeyError, ValueError, EOFError):
        return None
    if (suit.dtype, honor.dtype, sums.dtype, regular.dtype) != (np.uint32, np.uint32, np.uint8, np.int8):
        return None
    if suit.shape != (5**9,) or honor.shape != (5**7,) or sums.ndim != 2 or regular.ndim != 3:
        return None
    n_classes, n_suit = sums.shape
    if regular.shape[:2] != (5, n_classes) or not n_suit <= n_classes <= 256:
        return None
    n_honor = regular.shape[2]
    if int((suit & 255).max()) >= n_suit or int((honor & 255).max()) >= n_honor or int(sums.max()) >= n_classes:
        return None
    return BatchTables(suit_entries=suit, honor_entries=honor, class_sums=sums, regular_shanten=regular)


def get_batch_tables() -> BatchTables:
    """Return the ``BatchTables`` ``shanten_many``'s kernel takes (built, loaded and memoised on demand)."""
    global _batch_memo
    if _batch_memo is None:
        path = cache_dir() / BATCH_CACHE_FILE
        tables = _load_batch(path)
        if tables is None:
            tables = build_batch_tables()
            _save_arrays(path, tables._asdict(), _batch_stamp())
        _batch_memo = tables
    return _batch_memo


def get_scan_tables() -> ScanTables:
    """Return the ``ScanTables`` the class-table discard scan takes (``sim.core.hand.class_scan``), memoised:
    ``pattern_classes`` ``uint8[5**9 + 5**7]``, the distance class of each suit pattern (at its index) and of
    each honor pattern (at ``class_scan.HONOR_BASE`` + its index), one byte each so the scan reads 2 MB instead
    of the batch entries' 8 MB, and ``class_sums`` and ``regular_shanten``, ``get_batch_tables()``'s arrays."""
    global _scan_memo
    if _scan_memo is None:
        from sim.core.hand.batch_table_builder import CLASS_BITS
        from sim.core.hand.class_scan import HONOR_BASE

        batch = get_batch_tables()
        classes = np.empty(HONOR_BASE + batch.honor_entries.size, np.uint8)  # [pattern] class, suits then honors
        classes[:HONOR_BASE] = batch.suit_entries & CLASS_BITS
        classes[HONOR_BASE:] = batch.honor_entries & CLASS_BITS
        _scan_memo = ScanTables(pattern_classes=classes, class_sums=batch.class_sums,
                                regular_shanten=batch.regular_shanten)
    return _scan_memo
