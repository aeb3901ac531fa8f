"""Tests for the class-table discard scan under 缺一门 (sim.core.hand.queyimen_class_scan) against the packed-row
scan (sim.core.hand.queyimen_scan), which tests/test_queyimen_scan.py ties to the single-hand kernels (RULES §2.4
r13–r16).

Every output (least shanten, shanten after each discard, useful kinds of the least discards) must be equal, for
0–4 melds, every blocked-suit mask, both 七对 quad settings and random candidate sets, on seeded random hands:
uniform, pair-rich (七对), 幺九-rich (十三幺), two-suit near-complete (缺一门 tenpai) and honor-heavy.
"""
import numpy as np
import pytest

from sim import hand_tables
from sim.core.hand.queyimen_class_scan import least_discards_qym_class_k
from sim.core.hand.queyimen_scan import least_discards_qym_k
from test_class_scan import honor_heavy_hand
from test_discard_scan import pair_rich_hand, uniform_hand, yaojiu_rich_hand
from test_queyimen_scan import two_suit_hand

TABLES = hand_tables.get_tables()
SCAN_TABLES = hand_tables.get_scan_tables()
HANDS_PER_CASE = 800  # x 5 hand makers x 5 meld counts, blocked masks, quad rule and candidates cycling


def assert_scans_agree(counts, melds, blocked, allow_quad, candidates):
    """Assert both scans return the same least shanten and fill the same rows for ``counts``."""
    rows = [(np.full(34, 7, np.int8), np.full(34, 7, np.int64)) for _ in range(2)]  # stale values must go
    packed = least_discards_qym_k(counts, melds, blocked, allow_quad, TABLES, np.int64(candidates), *rows[0])
    by_class = least_discards_qym_class_k(counts, melds, blocked, allow_quad, SCAN_TABLES, np.int64(candidates),
                                          *rows[1])
    context = (counts.tolist(), melds, blocked, allow_quad, hex(candidates))
    assert by_class == packed, context
    assert np.array_equal(rows[1][0], rows[0][0]), context
    assert np.array_equal(rows[1][1], rows[0][1]), (context, rows[0][1] ^ rows[1][1])


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("maker", [uniform_hand, pair_rich_hand, yaojiu_rich_hand, two_suit_hand, honor_heavy_hand])
def test_class_scan_equals_packed_scan(melds, maker):
    rng = np.random.default_rng(1_000 + 100 * melds + len(maker.__name__))
    size = 14 - 3 * melds
    for i in range(HANDS_PER_CASE):
        counts = maker(rng, size)
        blocked = i % 8
        allow_quad = bool((i // 8) % 2)
        candidates = int(rng.integers(1 << 34)) if i % 3 else (1 << 34) - 1
        assert_scans_agree(counts, melds, blocked, allow_quad, candidates)


def test_class_scan_on_named_positions():
    from sim.tiles import parse

    for text in ("19m19p19s1234567z", "11223344556677z", "1122m3344p5566s77z", "11112222333344m",
                 "123456789m12345p", "19m19p19s123456z1m", "1111m2222p3333s44z", "1112345678999m5p",
                 "123m456m789p11z22z", "1122m3344m5566p7z", "1111m2222m3333m44p", "11112222333344z"):
        for allow_quad in (False, True):
            for blocked in range(8):
                assert_scans_agree(parse(text), 0, blocked, allow_quad, (1 << 34) - 1)
