"""Build or load the wild-aware (uncapped-target) lookup tables, cached beside the plain ones.

``get_wild_tables()`` returns a ``ComponentTables`` (``sim.core.hand.table_bundles``, the class of the plain
tables): ``suit_rows`` ``int16[5**9, 10]`` and ``honor_rows`` ``int16[5**7, 10]`` packed entries whose targets
have no four-copy limit (layout and meaning in ``sim.core.hand.wild_table_builder``). Cached in
``sim.hand_tables.cache_dir()`` as ``hand_wild_tables.npz`` (atomic write, version stamp; a missing, stale or
unreadable file is rebuilt) and memoised in-process. Never committed.
"""
from __future__ import annotations

from pathlib import Path

from sim.core.hand.table_bundles import ComponentTables
from sim.hand_tables import _load, _save, cache_dir

WILD_TABLE_VERSION = 1  # bump whenever the table layout or its meaning changes
WILD_CACHE_FILE = "hand_wild_tables.npz"

_memo: ComponentTables | None = None


def wild_cache_path() -> Path:
    """Return the path of the cached wild-aware table file."""
    return cache_dir() / WILD_CACHE_FILE


def build_wild_tables() -> ComponentTables:
    """Build and return the wild-aware ``ComponentTables`` with the compiled builder (no disk access)."""
    from sim.core.hand.wild_table_builder import build_uncapped_component_table

    return ComponentTables(suit_rows=build_uncapped_component_table(9, True),
                           honor_rows=build_uncapped_component_table(7, False))


def get_wild_tables() -> ComponentTables:
    """Return the wild-aware ``ComponentTables`` the wild kernels take (built, loaded, memoised)."""
    global _memo
    if _memo is None:
        path = wild_cache_path()
        tables = _load(path, WILD_TABLE_VERSION)
        if tables is None:
            tables = build_wild_tables()
            _save(path, tables, WILD_TABLE_VERSION)
        _memo = tables
    return _memo
