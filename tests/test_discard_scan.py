"""Tests for the compiled discard scan (sim.core.hand.discard_scan) against the single-hand kernels.

For every held kind, the scan must equal ``shanten_k`` and ``useful_mask_k`` of the hand minus
one tile of that kind, for 0–4 melds, every forms mask and both 七对 quad settings, on seeded
random hands (uniform, pair-rich and 幺九-rich, so 七对 and 十三幺 often decide).
"""
import numpy as np
import pytest

from sim import hand_tables
from sim.core.hand.discard_scan import NOT_HELD, least_discards_k, shanten_mask_after_discards_k
from sim.core.hand.kernel import FORM_ALL, NO_DISTANCE, YAOJIU_KINDS, shanten_k, useful_mask_k

TABLES = hand_tables.get_tables()
HANDS_PER_CASE = 400  # x 3 hand makers x 5 meld counts x 7 forms masks, spread over both quad settings


def uniform_hand(rng, size):
    """Return int8[34] counts of ``size`` tiles drawn without replacement from a full set."""
    tiles = rng.choice(136, size=size, replace=False) // 4
    return np.bincount(tiles, minlength=34).astype(np.int8)


def pair_rich_hand(rng, size):
    """Return int8[34] counts of ``size`` tiles built mostly of pairs, some triplets and quads."""
    counts = np.zeros(34, np.int8)
    while counts.sum() < size:
        k = rng.integers(34)
        add = min(int(rng.choice([1, 2, 2, 2, 3, 4])), 4 - int(counts[k]), size - int(counts.sum()))
        counts[k] += add
    return counts


def yaojiu_rich_hand(rng, size):
    """Return int8[34] counts of ``size`` tiles drawn mostly from the 幺九/字 kinds."""
    counts = np.zeros(34, np.int8)
    while counts.sum() < size:
        k = int(rng.choice(YAOJIU_KINDS)) if rng.random() < 0.8 else int(rng.integers(34))
        if counts[k] < 4:
            counts[k] += 1
    return counts


def check_hand(counts, melds, allow_quad, forms, candidates):
    """Assert both scans agree with the single-hand kernels for every held kind of ``counts``."""
    out_shanten = np.empty(34, np.int8)
    out_mask = np.empty(34, np.int64)
    least = shanten_mask_after_discards_k(counts, melds, allow_quad, forms, TABLES, out_shanten, out_mask)
    expected = {}
    for k in range(34):
        if counts[k] == 0:
            assert out_shanten[k] == NOT_HELD and out_mask[k] == 0
            continue
        after = counts.copy()
        after[k] -= 1
        expected[k] = (shanten_k(after, melds, allow_quad, forms, TABLES),
                       useful_mask_k(after, melds, allow_quad, forms, TABLES))
        assert (out_shanten[k], out_mask[k]) == expected[k], (counts, melds, allow_quad, forms, k)
    assert least == min((s for s, _ in expected.values()), default=NO_DISTANCE)

    chosen = {k: v for k, v in expected.items() if (candidates >> k) & 1}
    least = least_discards_k(counts, melds, allow_quad, forms, TABLES, np.int64(candidates), out_shanten, out_mask)
    assert least == min((s for s, _ in chosen.values()), default=NO_DISTANCE)
    for k in range(34):
        if k not in chosen:
            assert out_shanten[k] == NOT_HELD and out_mask[k] == 0
        else:
            assert out_shanten[k] == chosen[k][0]
            assert out_mask[k] == (chosen[k][1] if chosen[k][0] == least else 0)


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("maker", [uniform_hand, pair_rich_hand, yaojiu_rich_hand])
def test_scan_equals_single_hand_kernels_for_every_held_kind(melds, maker):
    rng = np.random.default_rng(1000 * melds + len(maker.__name__))
    size = 14 - 3 * melds
    for i in range(HANDS_PER_CASE):
        counts = maker(rng, size)
        forms = 1 + i % FORM_ALL  # every forms mask 1..7
        allow_quad = bool((i // FORM_ALL) % 2)
        candidates = int(rng.integers(1 << 34)) if i % 3 else (1 << 34) - 1
        check_hand(counts, melds, allow_quad, forms, candidates)


def test_scan_on_named_positions():
    from sim.tiles import parse

    for text in ("19m19p19s1234567z", "11223344556677z", "1122m3344p5566s77z", "11112222333344m",
                 "123456789m12345p", "19m19p19s123456z1m", "1111m2222p3333s44z"):
        counts = parse(text)
        for forms in range(1, FORM_ALL + 1):
            for allow_quad in (False, True):
                check_hand(counts, 0, allow_quad, forms, (1 << 34) - 1)


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("maker", [uniform_hand, pair_rich_hand, yaojiu_rich_hand])
def test_least_over_the_held_discards_is_the_whole_hand_shanten_from_tenpai_up(melds, maker):
    """The law sim.core.legal.legal_self_scanned rests on (its 上架 filter reads the scan's least instead of
    the 14-tile shanten): over every held kind, least = max(shanten of the 3n+2 hand, 0)."""
    rng = np.random.default_rng(7000 + 100 * melds + len(maker.__name__))
    size = 14 - 3 * melds
    out_shanten = np.empty(34, np.int8)
    out_mask = np.empty(34, np.int64)
    seen_complete = 0
    for i in range(3 * HANDS_PER_CASE):
        counts = maker(rng, size)
        forms = 1 + i % FORM_ALL
        allow_quad = bool((i // FORM_ALL) % 2)
        whole = shanten_k(counts, melds, allow_quad, forms, TABLES)
        held = np.int64(sum(1 << k for k in range(34) if counts[k] > 0))
        least = least_discards_k(counts, melds, allow_quad, forms, TABLES, held, out_shanten, out_mask)
        assert least == max(whole, 0), (counts, melds, allow_quad, forms)
        seen_complete += whole == -1
    if melds == 4:  # a lone pair is often complete: the max(., 0) branch is exercised
        assert seen_complete > 0
