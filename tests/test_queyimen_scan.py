"""Tests for the compiled discard scan under 缺一门 (sim.core.hand.queyimen_scan) against the single-hand
kernels (RULES §2.4 r13–r16).

For every candidate held kind, the scan must equal ``shanten_qym_k`` of the hand minus one tile of that
kind, and for the kinds reaching the least shanten its ``useful_mask_qym_k`` (the 报听 waits at tenpai),
for 0–4 melds, every blocked-suit mask and both 七对 quad settings, on seeded random hands (uniform,
pair-rich, 幺九-rich and near-complete two-suit hands, so 七对, 十三幺 and tenpai often decide).
"""
import numpy as np
import pytest

from sim import hand_tables
from sim.core.hand.discard_scan import NOT_HELD
from sim.core.hand.kernel import NO_DISTANCE
from sim.core.hand.queyimen_kernel import shanten_qym_k, useful_mask_qym_k
from sim.core.hand.queyimen_scan import least_discards_qym_k
from test_discard_scan import pair_rich_hand, uniform_hand, yaojiu_rich_hand

TABLES = hand_tables.get_tables()
HANDS_PER_CASE = 300  # x 4 hand makers x 5 meld counts, spread over blocked masks and quad settings


def two_suit_hand(rng, size):
    """Return int8[34] counts of ``size`` tiles from two suits and the honors, mostly sets and pairs."""
    suits = [s for s in range(3) if s != rng.integers(3)]
    kinds = [9 * s + r for s in suits for r in range(9)] + list(range(27, 34))
    counts = np.zeros(34, np.int8)
    while counts.sum() < size:
        k = int(rng.choice(kinds)) if rng.random() < 0.9 else int(rng.integers(34))
        run = k < 27 and k % 9 < 7 and rng.random() < 0.5
        for t in ((k, k + 1, k + 2) if run else (k,) * int(rng.integers(1, 4))):
            if counts.sum() < size and counts[t] < 4:
                counts[t] += 1
    return counts


def check_hand(counts, melds, blocked, allow_quad, candidates):
    """Assert the scan agrees with the single-hand kernels for every candidate held kind of ``counts``."""
    out_shanten = np.empty(34, np.int8)
    out_mask = np.empty(34, np.int64)
    least = least_discards_qym_k(counts, melds, blocked, allow_quad, TABLES, np.int64(candidates), out_shanten,
                                 out_mask)
    expected = {}
    for k in range(34):
        if counts[k] == 0 or not (candidates >> k) & 1:
            assert out_shanten[k] == NOT_HELD and out_mask[k] == 0, (counts.tolist(), k)
            continue
        after = counts.copy()
        after[k] -= 1
        expected[k] = (shanten_qym_k(after, melds, blocked, allow_quad, TABLES),
                       useful_mask_qym_k(after, melds, blocked, allow_quad, TABLES))
    assert least == min((s for s, _ in expected.values()), default=NO_DISTANCE)
    for k, (shanten, useful) in expected.items():
        context = (counts.tolist(), melds, blocked, allow_quad, k)
        assert out_shanten[k] == shanten, context
        assert out_mask[k] == (useful if shanten == least else 0), context


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("maker", [uniform_hand, pair_rich_hand, yaojiu_rich_hand, two_suit_hand])
def test_scan_equals_single_hand_kernels_for_every_candidate(melds, maker):
    rng = np.random.default_rng(100 * melds + len(maker.__name__))
    size = 14 - 3 * melds
    for i in range(HANDS_PER_CASE):
        counts = maker(rng, size)
        blocked = 0 if melds == 0 else i % 8  # melds block suits; a concealed hand blocks none
        allow_quad = bool((i // 8) % 2)
        candidates = int(rng.integers(1 << 34)) if i % 3 else (1 << 34) - 1
        check_hand(counts, melds, blocked, allow_quad, candidates)


def test_scan_on_named_positions():
    from sim.tiles import parse

    for text in ("19m19p19s1234567z", "11223344556677z", "1122m3344p5566s77z", "11112222333344m",
                 "123456789m12345p", "19m19p19s123456z1m", "1111m2222p3333s44z", "1112345678999m5p",
                 "123m456m789p11z22z", "1122m3344m5566p7z"):
        for allow_quad in (False, True):
            check_hand(parse(text), 0, 0, allow_quad, (1 << 34) - 1)
