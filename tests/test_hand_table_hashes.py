"""The compiled table builders (plain and 财神-wild share one body) build exactly the tables they always have.

The SHA-256 digests below are those of the tables built before the two builders were merged into
``sim.core.hand.table_builder.build_component_table``; any change to a table's bytes, shape or dtype fails here.
"""
import hashlib

import numpy as np
import pytest

from sim.core.hand.table_builder import build_component_table
from sim.core.hand.wild_table_builder import build_uncapped_component_table

EXPECTED = {  # (builder, n_ranks, with_sequences) -> digest of the int16 table's bytes
    ("plain", 9, True): "7b71df7aa3461ee74c2ed1c3a1af82e027df47d00d4b3bb2ffe7a02e1d479714",
    ("plain", 7, False): "79ae4f0a1be9907a602223ed745d327b32411f587a33c31aae5f65161822d9de",
    ("wild", 9, True): "0ae4fb43deb60f332957459566c24a0250cee0c52eaa0080b13ff3d822fae1e7",
    ("wild", 7, False): "9810988eaf5785db1c5c77c8381c4d7d2580e7f1b5049a9fef27ba046203d19f",
}
BUILDERS = {"plain": build_component_table, "wild": build_uncapped_component_table}


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_built_table_matches_its_recorded_digest(key):
    builder, n_ranks, with_sequences = key
    table = BUILDERS[builder](n_ranks, with_sequences)
    assert table.dtype == np.int16
    assert table.shape == (5**n_ranks, 10)
    assert hashlib.sha256(table.tobytes()).hexdigest() == EXPECTED[key]


def test_uncapped_flag_is_the_wild_builder():
    assert np.array_equal(build_component_table(7, False, True), build_uncapped_component_table(7, False))
