"""Tests for the class-table discard scan (sim.core.hand.class_scan) against the packed-row discard scan.

Every output of the class scan (least shanten, shanten after each discard, useful kinds) must equal
``sim.core.hand.discard_scan``'s, which tests/test_discard_scan.py ties to the single-hand kernels. Hands:
uniform, pair-rich (七对 with and without quads), 幺九-rich (十三幺), honor-heavy and near-complete, with 0–4
melds, every forms mask, both 七对 quad rules and random candidate sets.
"""
import numpy as np
import pytest

from sim import hand_tables
from sim.core.hand.class_scan import (
    HONOR_BASE, MAX_SUIT_CLASSES, least_discards_class_k, shanten_mask_after_discards_class_k,
)
from sim.core.hand.discard_scan import least_discards_k, shanten_mask_after_discards_k
from sim.core.hand.kernel import FORM_ALL
from test_discard_scan import pair_rich_hand, uniform_hand, yaojiu_rich_hand

TABLES = hand_tables.get_tables()
SCAN_TABLES = hand_tables.get_scan_tables()
HANDS_PER_CASE = 1_200  # x 5 hand makers x 5 meld counts, forms and quad rule cycling
ALL = np.int64((1 << 34) - 1)


def honor_heavy_hand(rng, size):
    """Return int8[34] counts of ``size`` tiles, about two thirds of them honors."""
    counts = np.zeros(34, np.int8)
    while counts.sum() < size:
        k = int(rng.integers(27, 34)) if rng.random() < 0.65 else int(rng.integers(27))
        if counts[k] < 4:
            counts[k] += 1
    return counts


def near_complete_hand(rng, size):
    """Return int8[34] counts of ``size`` tiles made of sets and a pair (runs and triplets, some quads), with
    a few tiles swapped for random ones: hands near tenpai, where few discards tie and masks are small."""
    counts = np.zeros(34, np.int8)
    while counts.sum() + 3 <= size:
        if rng.random() < 0.6:
            suit = int(rng.integers(3))
            start = 9 * suit + int(rng.integers(7))
            if all(counts[start + i] < 4 for i in range(3)):
                counts[start:start + 3] += 1
        else:
            k = int(rng.integers(34))
            if counts[k] <= 1:
                counts[k] += 3
    while counts.sum() < size:
        k = int(rng.integers(34))
        if counts[k] < 4:
            counts[k] += 1
    for _ in range(int(rng.integers(3))):  # swap a tile
        held = np.flatnonzero(counts)
        counts[rng.choice(held)] -= 1
        k = int(rng.integers(34))
        while counts[k] == 4:
            k = int(rng.integers(34))
        counts[k] += 1
    return counts


def assert_scans_agree(counts, melds, allow_quad, forms, candidates):
    """Assert the class scan's outputs equal the packed-row scan's, for every held kind and for ``candidates``."""
    vector_shanten, vector_mask = np.empty(34, np.int8), np.empty(34, np.int64)
    class_shanten, class_mask = np.full(34, 7, np.int8), np.full(34, 7, np.int64)  # garbage: every entry is written
    where = (counts.tolist(), melds, allow_quad, forms, hex(candidates))
    least = shanten_mask_after_discards_k(counts, melds, allow_quad, forms, TABLES, vector_shanten, vector_mask)
    assert shanten_mask_after_discards_class_k(counts, melds, allow_quad, forms, SCAN_TABLES, class_shanten,
                                               class_mask) == least
    assert np.array_equal(class_shanten, vector_shanten), where
    assert np.array_equal(class_mask, vector_mask), where
    least = least_discards_k(counts, melds, allow_quad, forms, TABLES, candidates, vector_shanten, vector_mask)
    class_shanten[:], class_mask[:] = 7, 7
    assert least_discards_class_k(counts, melds, allow_quad, forms, SCAN_TABLES, candidates, class_shanten,
                                  class_mask) == least
    assert np.array_equal(class_shanten, vector_shanten), where
    assert np.array_equal(class_mask, vector_mask), where


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("maker", [uniform_hand, pair_rich_hand, yaojiu_rich_hand, honor_heavy_hand,
                                   near_complete_hand])
def test_class_scan_equals_packed_row_scan(melds, maker):
    rng = np.random.default_rng(7919 * melds + len(maker.__name__))
    size = 14 - 3 * melds
    for i in range(HANDS_PER_CASE):
        counts = maker(rng, size)
        forms = 1 + i % FORM_ALL  # every forms mask 1..7
        allow_quad = bool((i // FORM_ALL) % 2)
        candidates = ALL if i % 3 else np.int64(rng.integers(0, 1 << 34))
        assert_scans_agree(counts, melds, allow_quad, forms, candidates)


def test_class_scan_on_hands_with_quads_and_full_kinds():
    # Kinds held four times cannot be drawn (never useful), except the discarded kind itself; the scan must
    # not index past a pattern when it tries a fifth copy.
    rng = np.random.default_rng(4)
    for i in range(3_000):
        melds = i % 3
        size = 14 - 3 * melds
        counts = np.zeros(34, np.int8)
        for k in rng.choice(34, size=int(rng.integers(1, 4)), replace=False):
            counts[k] = 4  # up to three quads, including 9s and the last honor (the top digit of a pattern)
        if counts.sum() > size:
            continue
        if i % 2:
            counts[8] = counts[33] = 0
            if counts.sum() + 8 <= size:
                counts[8] = counts[33] = 4
        while counts.sum() < size:
            k = int(rng.integers(34))
            if counts[k] < 4:
                counts[k] += 1
        assert_scans_agree(counts, melds, bool(i % 2), FORM_ALL if melds == 0 else 1, ALL)


def test_suit_classes_fit_the_scans_packing():
    assert SCAN_TABLES.class_sums.shape[1] <= MAX_SUIT_CLASSES  # 7 bits per suit class


def test_scan_tables_hold_the_batch_entries_classes():
    # One byte per pattern: the class bits of the batch entries, suits first, honors from HONOR_BASE.
    batch = hand_tables.get_batch_tables()
    classes = SCAN_TABLES.pattern_classes
    assert classes.dtype == np.uint8 and classes.shape == (HONOR_BASE + 5**7,)
    assert np.array_equal(classes[:HONOR_BASE], batch.suit_entries & 255)
    assert np.array_equal(classes[HONOR_BASE:], batch.honor_entries & 255)
    assert SCAN_TABLES.class_sums is batch.class_sums and SCAN_TABLES.regular_shanten is batch.regular_shanten
