"""The named table bundles (sim.core.hand.table_bundles): they reach worker processes intact and give the kernels
one argument type per bundle."""
import pickle

import numpy as np
import pytest
from numba import typeof

from sim import hand_tables, hand_wild_tables
from sim.core.hand.table_bundles import BatchTables, ComponentTables, ScanTables

GETTERS = {
    "component": (hand_tables.get_tables, ComponentTables),
    "wild component": (hand_wild_tables.get_wild_tables, ComponentTables),
    "batch": (hand_tables.get_batch_tables, BatchTables),
    "scan": (hand_tables.get_scan_tables, ScanTables),
}


@pytest.mark.parametrize("name", sorted(GETTERS))
def test_a_bundle_pickles_to_the_same_named_arrays_and_kernel_type(name):
    # What a joblib or dask worker receives: the same class, equal arrays of the same dtype and layout, and so the
    # same numba type (the worker's kernels load from the cache instead of compiling for another type).
    get, bundle_class = GETTERS[name]
    tables = get()
    copy = pickle.loads(pickle.dumps(tables))
    assert type(tables) is bundle_class and type(copy) is bundle_class
    for field in bundle_class._fields:
        original, received = getattr(tables, field), getattr(copy, field)
        assert received.dtype == original.dtype and received.flags.c_contiguous, field
        assert np.array_equal(received, original), field
    assert typeof(copy) == typeof(tables)


def test_plain_and_wild_component_tables_share_one_kernel_type():
    # A kernel called with either (金华 with and without the fifth-copy wild) compiles once.
    assert typeof(hand_tables.get_tables()) == typeof(hand_wild_tables.get_wild_tables())
