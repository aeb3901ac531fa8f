"""The named bundles the hand-evaluation lookup tables travel in (plain Python, no kernels).

Each bundle is a ``typing.NamedTuple`` of arrays: numba types it as a named tuple, so a kernel reads a field by
name (``tables.suit_rows``) at no cost over a positional index (the name resolves while typing), and the
bundle pickles to worker processes like a plain tuple. The three bundles and their builders:

* ``ComponentTables`` (``sim.hand_tables.get_tables()``, and the wild-aware ones of
  ``sim.hand_wild_tables.get_wild_tables()``: one class for both, so a kernel taking either compiles once);
* ``BatchTables`` (``sim.hand_tables.get_batch_tables()``, for ``shanten_many``);
* ``ScanTables`` (``sim.hand_tables.get_scan_tables()``, for the class-table discard scans).

The disk caches store the arrays under their own keys (``sim.hand_tables``); the bundles are in-process only.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np


class ComponentTables(NamedTuple):
    """The packed component tables (layout in ``sim.core.hand.table_builder``; the wild-aware ones in
    ``sim.core.hand.wild_table_builder``)."""

    #: int16[5**9, 10]: per suit pattern (base-5 index of its 9 rank counts), per class column ``sets * 2 + pair``,
    #: the packed entry ``distance << DIST_SHIFT | useful rank mask``
    suit_rows: np.ndarray
    #: int16[5**7, 10]: the same for each honor pattern (base-5 index of its 7 kind counts; no sequences)
    honor_rows: np.ndarray


class BatchTables(NamedTuple):
    """The distance-class tables of the batch path (layout in ``sim.core.hand.batch_table_builder``)."""

    #: uint32[5**9]: per suit pattern, its distance class in bits 0..7 and six 4-bit count tallies from bit 8 on
    suit_entries: np.ndarray
    #: uint32[5**7]: the same for each honor pattern (honor class ids in bits 0..7)
    honor_entries: np.ndarray
    #: uint8[n_classes, n_suit_classes]: the class of (class x) + (suit class y), their min-plus combination
    class_sums: np.ndarray
    #: int8[5, n_classes, n_honor_classes]: per ``sets`` 0..4, the regular shanten of suits' class with honors' class
    regular_shanten: np.ndarray


class ScanTables(NamedTuple):
    """The class-table discard scans' tables (``sim.core.hand.class_scan``), derived from ``BatchTables``."""

    #: uint8[5**9 + 5**7]: the distance class of each suit pattern (at its index) and of each honor pattern (at
    #: ``class_scan.HONOR_BASE`` + its index), one byte each
    pattern_classes: np.ndarray
    #: uint8[n_classes, n_suit_classes]: ``BatchTables.class_sums``
    class_sums: np.ndarray
    #: int8[5, n_classes, n_honor_classes]: ``BatchTables.regular_shanten``
    regular_shanten: np.ndarray
