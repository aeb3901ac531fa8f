"""Tests for the batch shanten path (sim.core.hand.batch_kernel, its tables, sim.hand.shanten_many).

The batch kernel must give exactly the single-hand kernel's answer (``kernel.shanten_k`` with all
forms, itself checked against tests/reference_hand.py in test_hand.py) on every valid hand: here on
seeded random hands of every size and meld count with both 七对 rules, on hands biased toward the
rarer forms, against the slow reference on a sample, and on named positions. Its own row checks
(counts 0..4, tile total) must catch every bad count in every position, since a missed one would
index past the tables.
"""
import numpy as np
import pytest
from numba import njit

import reference_hand as ref
from sim import hand, hand_tables
from sim.core.hand import batch_kernel, kernel
from sim.core.hand.batch_table_builder import (
    CLASS_BITS, TALLY_MASK, TALLY_PAIRS, TALLY_QUAD_PAIRS, TALLY_QUAD_SINGLES, TALLY_SHIFT, TALLY_SINGLES,
    TALLY_YAOJIU_HELD, TALLY_YAOJIU_PAIRS,
)
from sim.tiles import parse
from table_cache_counting import count_table_builds

TABLES = hand_tables.get_tables()
BATCH = hand_tables.get_batch_tables()
YAOJIU = np.array(kernel.YAOJIU_KINDS)


def single_hand_shanten(hands, melds, allow_quad):
    """Return int8[N]: ``kernel.shanten_k`` (all forms) of each row, one call per hand."""
    return np.array([kernel.shanten_k(row, melds, allow_quad, kernel.FORM_ALL, TABLES) for row in hands], np.int8)


def draw_hands(rng, n_hands, melds, style):
    """Return int8[n_hands, 34]: hands of 3*(4-melds)+1 or +2 tiles (alternating), drawn without
    replacement from a tile pool: ``uniform`` the full 136, ``pairs`` 2-4 copies of a few kinds first,
    ``one_suit`` mostly one suit, ``yaojiu`` only 幺九/字 tiles."""
    hands = np.zeros((n_hands, 34), np.int8)  # [hand, kind] tile counts
    for i in range(n_hands):
        size = 3 * (4 - melds) + 1 + i % 2
        if style == "uniform":
            tiles = rng.choice(136, size, replace=False) // 4
        elif style == "yaojiu":
            tiles = YAOJIU[rng.choice(52, size, replace=False) // 4]
        elif style == "one_suit":
            suit = rng.integers(0, 4)
            width = 9 if suit < 3 else 7
            own = suit * 9 + rng.choice(4 * width, size, replace=False) // 4
            tiles = np.where(rng.random(size) < 0.85, own, rng.integers(0, 34, size))
        else:  # pairs
            kinds = rng.choice(34, 8, replace=False)
            tiles = np.concatenate([np.repeat(kinds, rng.integers(2, 5, 8)), rng.integers(0, 34, size)])
        counts = np.zeros(34, np.int8)
        for k in tiles:
            if counts.sum() == size:
                break
            if counts[k] < 4:
                counts[k] += 1
        while counts.sum() < size:  # top up (only a capped pool can leave a hand short)
            k = rng.integers(0, 34)
            if counts[k] < 4:
                counts[k] += 1
        hands[i] = counts
    return hands


@pytest.mark.parametrize("allow_quad", [False, True])
def test_batch_matches_single_hand_kernel_on_random_hands(allow_quad):
    # 24,000 seeded hands per 七对 rule: 12,000 concealed (13 and 14 tiles), 3,000 for each of 1-4 melds
    rng = np.random.default_rng(20261201 + allow_quad)
    for melds, n_hands in ((0, 12_000), (1, 3_000), (2, 3_000), (3, 3_000), (4, 3_000)):
        hands = draw_hands(rng, n_hands, melds, "uniform")
        out, first_invalid = batch_kernel.shanten_many_k(hands, melds, allow_quad, BATCH)
        assert first_invalid == -1
        np.testing.assert_array_equal(out, single_hand_shanten(hands, melds, allow_quad))
        np.testing.assert_array_equal(hand.shanten_many(hands, melds, allow_quad), out)


@pytest.mark.parametrize("style", ["pairs", "one_suit", "yaojiu"])
def test_batch_matches_single_hand_kernel_on_biased_hands(style):
    # hands where 七对 (with and without quads), deep single-suit sums and 十三幺 decide the shanten
    rng = np.random.default_rng({"pairs": 1, "one_suit": 2, "yaojiu": 3}[style])
    for melds in range(5):
        hands = draw_hands(rng, 1500 if melds == 0 else 400, melds, style)
        for allow_quad in (False, True):
            out, first_invalid = batch_kernel.shanten_many_k(hands, melds, allow_quad, BATCH)
            assert first_invalid == -1
            np.testing.assert_array_equal(out, single_hand_shanten(hands, melds, allow_quad))


def test_biased_hands_reach_the_rare_forms():
    # the biased styles above do exercise 七对 with quads and 十三幺 (else they would prove little)
    rng = np.random.default_rng(1)
    pairs = draw_hands(rng, 1500, 0, "pairs")
    quad_wins = [kernel.shanten_qidui_k(h, True) < min(kernel.shanten_qidui_k(h, False),
                                                       kernel.shanten_regular_k(h, 0, TABLES)) for h in pairs]
    assert sum(quad_wins) >= 50
    rng = np.random.default_rng(3)
    yaojiu = draw_hands(rng, 1500, 0, "yaojiu")
    orphan_best = [kernel.shanten_shisanyao_k(h) < kernel.shanten_k(h, 0, True, kernel.FORM_REGULAR | kernel.FORM_QIDUI,
                                                                     TABLES) for h in yaojiu]
    assert sum(orphan_best) >= 200


def test_batch_matches_the_slow_reference():
    rng = np.random.default_rng(99)
    for style in ("uniform", "pairs", "one_suit", "yaojiu"):
        for melds in (0, 0, 1, 3):
            hands = draw_hands(rng, 40, melds, style)
            for allow_quad in (False, True):
                expected = [ref.shanten(h, melds, allow_quad) for h in hands]
                assert hand.shanten_many(hands, melds, allow_quad).tolist() == expected


@pytest.mark.parametrize("text, melds, allow_quad, expected", [
    ("19m19p19s1234567z1m", 0, True, -1),     # 十三幺 complete (regular: 7, 七对: 5)
    ("19m19p19s1234567z", 0, True, 0),        # 十三幺, 13-sided wait
    ("11223344556677m", 0, False, -1),        # 七对 (and regular) complete
    ("11112222333344z", 0, True, -1),         # 七对 of honors, three quads as two pairs each
    ("11112222333344z", 0, False, 2),         # without quads: regular 111z 222z 333z 44z, a 4th set to draw
    ("1111223344556m", 0, True, 0),           # tenpai both as 七对 (1111 = two pairs) and regular
    ("147m258p369s1234z", 0, False, 6),       # 七对 decides: regular 8, 十三幺 7
    ("1112345678999m", 0, False, 0),          # nine gates
    ("1m", 4, True, 0),                       # four fixed melds, waiting on a single tile
    ("11m", 4, True, -1),
    ("1m9s", 4, False, 0),
])
def test_named_hands(text, melds, allow_quad, expected):
    counts = parse(text)
    assert hand.shanten_many(counts[None, :], melds, allow_quad).tolist() == [expected]
    assert kernel.shanten_k(counts, melds, allow_quad, kernel.FORM_ALL, TABLES) == expected


def test_every_count_outside_0_to_4_in_every_position_is_caught():
    # the other counts keep the row's total at 14, so only the range check can catch 5, 6, -1 and -2
    for position in range(34):
        for bad in (5, 6, -1, -2, 127, -128):
            row = np.zeros(34, np.int8)
            row[position] = bad
            for k in range(34):
                if k != position:
                    row[k] = min(4, max(0, 14 - int(row.sum())))
            hands = np.stack([parse("123m456p789s11z22z"), row, parse("123m456p789s11z22z")])
            if abs(bad) < 100:
                assert hands[1].sum() == 14
            _, first_invalid = batch_kernel.shanten_many_k(hands, 0, True, BATCH)
            assert first_invalid == 1, (position, bad)


def test_wrong_tile_totals_are_caught():
    rng = np.random.default_rng(4)
    for melds in range(5):
        for size in range(0, 15):
            hands = draw_hands(rng, 2, melds, "uniform")
            hands[1] = 0
            hands[1, rng.choice(34, size, replace=False)] = 1
            _, first_invalid = batch_kernel.shanten_many_k(hands, melds, False, BATCH)
            assert first_invalid == (-1 if size in (3 * (4 - melds) + 1, 3 * (4 - melds) + 2) else 1), (melds, size)


def test_bad_rows_raise_the_same_errors_as_before():
    good = np.stack([parse("123m456p789s11z22z")] * 3)  # 13 tiles each
    short = good.copy()
    short[1, 0] = 0  # row 1: 12 tiles
    with pytest.raises(ValueError, match=r"^row 1 of H has 12 tiles; with melds=0 rows must have 13 or 14$"):
        hand.shanten_many(short)
    both = short.copy()
    both[2, 30] = 5  # and row 2 a count of 5: the range error is named first, as before
    with pytest.raises(ValueError, match=r"^tile counts in H must be between 0 and 4$"):
        hand.shanten_many(both)
    wide = good.astype(np.int32)
    wide[0, 27] += 256  # would wrap to a valid count in int8: checked before the conversion
    with pytest.raises(ValueError, match=r"^tile counts in H must be between 0 and 4$"):
        hand.shanten_many(wide)
    assert hand.shanten_many(np.zeros((0, 34), np.int8)).shape == (0,)
    assert hand.shanten_many(good.astype(np.uint8)).tolist() == hand.shanten_many(good).tolist()


@njit
def load_word(hands, byte_offset):
    """Return ``batch_kernel.load_word(hands, byte_offset)`` (an intrinsic runs only inside compiled code)."""
    return batch_kernel.load_word(hands, byte_offset)


def test_word_helpers():
    rng = np.random.default_rng(6)
    rows = np.arange(68, dtype=np.int8).reshape(2, 34) * np.int8(3)  # bytes 0, 3, ..., 201 (negative as int8)
    for start in range(61):
        expected = sum((int(rows.ravel()[start + j]) & 255) << (8 * j) for j in range(8))
        assert load_word(rows, start) == expected
    for _ in range(2000):
        counts = rng.integers(0, 5, 8)
        word = np.uint64(sum(int(c) << (8 * j) for j, c in enumerate(counts)))
        assert batch_kernel.base5_index(word) == sum(int(c) * 5**j for j, c in enumerate(counts))
        assert batch_kernel.byte_sum(word) == counts.sum()
    for position in range(8):
        for value in range(256):
            counts = rng.integers(0, 5, 8)
            counts[position] = value
            word = np.uint64(sum(int(c) << (8 * j) for j, c in enumerate(counts)))
            assert batch_kernel.has_byte_over_4(word) == (value > 4), (position, value)


def test_entry_tallies_count_the_pattern():
    suit_entries, honor_entries = BATCH.suit_entries, BATCH.honor_entries
    class_sums, regular_shanten = BATCH.class_sums, BATCH.regular_shanten
    rng = np.random.default_rng(8)
    for entries, n_ranks, yaojiu_ranks in ((suit_entries, 9, (0, 8)), (honor_entries, 7, tuple(range(7)))):
        for index in np.concatenate([np.arange(30), rng.integers(0, 5**n_ranks, 3000)]):
            c = np.array([int(index) // 5**r % 5 for r in range(n_ranks)])
            if c.sum() > 14:
                continue
            tallies = int(entries[index]) >> TALLY_SHIFT
            field = lambda at: (tallies >> at) & TALLY_MASK  # noqa: E731
            assert field(TALLY_PAIRS) == (c >= 2).sum() and field(TALLY_SINGLES) == (c == 1).sum()
            assert field(TALLY_QUAD_PAIRS) == (c >> 1).sum() and field(TALLY_QUAD_SINGLES) == (c & 1).sum()
            yaojiu = c[list(yaojiu_ranks)]
            assert field(TALLY_YAOJIU_HELD) == (yaojiu >= 1).sum() and field(TALLY_YAOJIU_PAIRS) == (yaojiu >= 2).sum()
    assert int((suit_entries & CLASS_BITS).max()) < class_sums.shape[1] <= class_sums.shape[0]
    assert int((honor_entries & CLASS_BITS).max()) < regular_shanten.shape[2]


# --- the disk cache of the batch tables --------------------------------------------------------

def count_batch_builds(monkeypatch, tmp_path):
    """Count builds of the batch tables into a cache at ``tmp_path`` (tests/table_cache_counting.py)."""
    return count_table_builds(monkeypatch, tmp_path, "build_batch_tables", "_batch_memo", BATCH)


def test_batch_cache_is_written_once_then_loaded(monkeypatch, tmp_path):
    builds = count_batch_builds(monkeypatch, tmp_path)
    first = hand_tables.get_batch_tables()
    assert len(builds) == 1
    assert [p.name for p in tmp_path.iterdir()] == [hand_tables.BATCH_CACHE_FILE]  # no temporary left behind
    monkeypatch.setattr(hand_tables, "_batch_memo", None)
    second = hand_tables.get_batch_tables()
    assert len(builds) == 1
    assert all(np.array_equal(a, b) and a.dtype == b.dtype for a, b in zip(first, second))
    assert hand_tables.get_batch_tables() is second  # memoised in-process


@pytest.mark.parametrize("content", ["stale", "garbage", "class out of range"])
def test_stale_broken_or_inconsistent_batch_cache_is_rebuilt(monkeypatch, tmp_path, content):
    path = tmp_path / hand_tables.BATCH_CACHE_FILE
    arrays = BATCH._asdict()  # the cache file's keys are the bundle's fields
    if content == "stale":
        np.savez(path, version=np.int64(hand_tables._batch_stamp() - 1), **arrays)
    elif content == "garbage":
        path.write_bytes(b"not a table file")
    else:
        honor = BATCH.honor_entries.copy()
        past_last = np.uint32(BATCH.regular_shanten.shape[2])  # one honor class id past the table
        honor[7] = (honor[7] & ~np.uint32(CLASS_BITS)) | past_last
        np.savez(path, version=np.int64(hand_tables._batch_stamp()), **(arrays | {"honor_entries": honor}))
    builds = count_batch_builds(monkeypatch, tmp_path)
    hand_tables.get_batch_tables()
    assert len(builds) == 1
    assert hand_tables._load_batch(path) is not None  # rewritten with the current stamp


def test_fresh_build_equals_the_cached_tables():
    fresh = hand_tables.build_batch_tables()
    assert all(np.array_equal(a, b) and a.dtype == b.dtype for a, b in zip(fresh, BATCH))
