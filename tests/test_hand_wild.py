"""Tests for hand evaluation with 财神 wilds (sim.hand with ``wild=``, sim.core.hand.wild_kernel,
sim.hand_wild_tables) against tests/reference_hand_wild.py, a slow plain-Python reference, on
seeded hands with random wild counts and named positions (RULES §3.2 r5–r7, §3.4 r15).
"""
import numpy as np
import pytest

import reference_hand_wild as ref
from sim.core.hand import wild_kernel as wild_kernel
from sim.core.hand.table_bundles import ComponentTables
from sim import hand, hand_tables, hand_wild_tables
from sim.tiles import kind, parse

WHITE = 33


def kinds(text):
    """Return the sorted kind indices named in ``text`` (e.g. '19m1z' -> [0, 8, 27])."""
    return [int(k) for k in np.flatnonzero(parse(text))]


def random_wild_hand(rng, size, wild, wilds):
    """Return int8[34]: ``wilds`` tiles of kind ``wild`` plus ``size - wilds`` other tiles drawn at random."""
    counts = np.zeros(34, np.int8)
    counts[wild] = wilds
    pool = np.array([k for k in range(34) if k != wild for _ in range(4)])
    for k in rng.choice(pool, size - wilds, replace=False):
        counts[k] += 1
    return counts


def _complete_tiles(rng, wild):
    """Return a list of 14 kinds forming a complete 金华 hand's *shape* (regular, 七对 or 七风)."""
    form = rng.integers(10)
    if form < 6:
        tiles = [int(rng.integers(34))] * 2
        for _ in range(4):
            if rng.integers(3) == 0:
                tiles += [int(rng.integers(34))] * 3
            else:
                start = int(rng.integers(3)) * 9 + int(rng.integers(7))
                tiles += [start, start + 1, start + 2]
        return tiles
    if form < 8:
        pairs = rng.choice(34, 7, replace=rng.integers(4) == 0)
        return [int(k) for k in pairs for _ in range(2)]
    picks = ref._knitted_picks()
    pick = picks[rng.integers(len(picks))]
    return list(range(27, 34)) + [int(k) for k in np.flatnonzero(pick)]


def near_complete_hand(rng, size, wild):
    """Return int8[34] counts near a complete hand, as held: the face of ``wild`` written as 白板,
    some tiles turned into wilds, then ``size`` reached by dropping tiles or swapping some."""
    while True:
        tiles = _complete_tiles(rng, wild)
        held = []
        for k in tiles:
            if k == wild and wild != WHITE:
                held.append(WHITE)      # the 财神's face is a 白板
            elif k == wild or k == WHITE:
                held.append(wild)       # no natural tile shows this face: a wild must
            else:
                held.append(k)
        for i in rng.choice(14, int(rng.integers(4)), replace=False):
            held[i] = wild
        for _ in range(int(rng.integers(3))):
            held[int(rng.integers(14))] = int(rng.integers(34))
        rng.shuffle(held)
        held = held[:size]
        counts = np.bincount(held, minlength=34)
        if counts.max() <= 4:
            return counts.astype(np.int8)


def assert_matches_reference(counts, wild, melds=0, useful=False):
    """Compare shanten, then completeness (3n+2) or waits (3n+1), optionally useful tiles.

    Waits are compared with the reference's search only for hands it finds tenpai: from a
    distance of 2 or more one tile cannot complete a hand, so the kernel must return none.
    """
    size = int(counts.sum())
    expected_shanten = ref.shanten(counts, wild, melds)
    assert hand.shanten(counts, melds, wild=wild) == expected_shanten, (counts.tolist(), wild)
    if size % 3 == 1 and expected_shanten > 0:
        assert hand.waits(counts, melds, wild=wild) == [], (counts.tolist(), wild)
    elif size % 3 == 1:
        assert hand.waits(counts, melds, wild=wild) == ref.waits(counts, wild, melds), (counts.tolist(), wild)
    else:
        expected = ref.is_complete(counts, wild, melds)
        assert hand.is_complete(counts, melds, wild=wild) == expected, (counts.tolist(), wild)
    if useful:
        expected = ref.useful_tiles(counts, wild, melds)
        assert hand.useful_tiles(counts, melds, wild=wild) == expected, (counts.tolist(), wild)


# --- named positions (RULES §3.2 r6–r7, §3.4 r15) ---------------------------------------------

@pytest.mark.parametrize("sets", ["123m456p789p234s", "111m456p789p234s", "111m222p333s777z"])
def test_baotou_waits_on_all_34_kinds(sets):
    # RULES §3.4 r15 爆头: 4 complete sets + a lone 财神; any drawn tile completes it, the fourth
    # copy of a held triplet included (the wild becomes a fifth copy), a 财神 or a 白板 too.
    wild = kind("5s")
    h = parse(sets) + parse("5s")
    assert hand.shanten(h, wild=wild) == 0
    assert hand.waits(h, wild=wild) == list(range(34))
    for k in range(34):
        after = h.copy()
        after[k] += 1
        assert hand.is_complete(after, wild=wild)


def test_white_completes_a_sequence_as_the_caishen_face():
    # RULES §3.2 r6: with 财神 = 3万, 二万-白板-四万 is a sequence; with another 财神 it is not.
    h = "24m7z456p789p123s55p"
    assert hand.is_complete(h, wild=kind("3m"))
    assert not hand.is_complete(h, wild=kind("3p"))
    assert hand.waits("24m456p789p123s55p", wild=kind("3m")) == [kind("3m"), WHITE]


def test_white_is_the_caishen_has_no_stand_in():
    # RULES §3.2 r6: 财神 = 白板 -> the 白板 are the wilds; they may stand for 3万 as wilds do.
    h = "24m7z456p789p123s55p"
    assert hand.is_complete(h, wild=WHITE)
    assert hand.shanten("24m77z456p789p123s5p", wild=WHITE) == -1


def test_knitted_refuses_a_wild_as_a_wind():
    # RULES §3.2 r7, §3.4 r15: in 七风 a 财神 never stands for a wind (or any honor, see the kernel).
    wild = kind("9s")
    assert hand.is_complete("147m258p3s1234567z", wild=wild)
    assert hand.is_complete("147m258p9s1234567z", wild=wild)          # the wild as a suited tile
    assert not hand.is_complete("147m258p3s123456z9s", wild=wild)     # the wild as 白: refused
    assert not hand.is_complete("147m258p3s12345z7z9s", wild=wild)    # the wild as 发: refused
    assert hand.waits("147m258p1234567z", wild=wild) == kinds("123456789s") + [WHITE]  # 白板 as 9s
    assert wild_kernel.knitted_distance_wild_k(parse("147m258p3s123456z9s"), wild) == 1


def test_wind_caishen_needs_two_whites_in_knitted():
    # RULES §3.4 r15: a wind 财神 needs two 白板, one as 白 and one as that wind.
    wild = kind("1z")
    assert hand.is_complete("147m258p3s234567z7z", wild=wild)
    assert not hand.is_complete("147m258p36s234567z", wild=wild)
    assert not hand.is_complete("147m258p3s234567z1z", wild=wild)    # 1z is the wild: not 东 here
    # with 白板 as the 财神 no tile can be 白: 七风 is impossible
    assert wild_kernel.knitted_distance_wild_k(parse("147m258p3s1234567z"), WHITE) == wild_kernel.NO_DISTANCE


def test_seven_pairs_a_wild_pairs_with_any_tile():
    # RULES §3.4 r15 七对 with wilds: a wild pairs with any tile, two wilds pair together.
    wild = kind("9p")
    assert hand.is_complete("1122m3344p5566s79p", wild=wild)
    assert hand.is_complete("1122m3344p556s799p", wild=wild)
    assert hand.waits("1122m3344p5566s9p", wild=wild) == list(range(34))


def test_plain_tables_minus_wilds_miss_a_fifth_copy():
    # DESIGN "Hand evaluation": "table distance without the wilds, minus the wilds" holds with the
    # plain tables only while no wild must be a fifth copy; 1111m + 财神 is complete (爆头 on 1m).
    wild = kind("5s")
    h = parse("1111m456p789p234s5s")
    natural, wilds = ref.natural_counts(h, wild)
    assert hand.shanten_regular(np.array(natural, np.int8)) + 1 - wilds == 1
    assert ref.complete_regular(h, wild)
    assert hand.is_complete(h, wild=wild)


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("wild, message", [
    (34, "wild=34 is invalid; valid choices: None or a tile kind 0..33"),
    (-1, "wild=-1 is invalid; valid choices: None or a tile kind 0..33"),
    (True, "wild=True is invalid; valid choices: None or a tile kind 0..33"),
    ("5s", "wild='5s' is invalid; valid choices: None or a tile kind 0..33"),
])
def test_bad_wild_is_one_line_error(wild, message):
    with pytest.raises(ValueError) as error:
        hand.shanten("123m456p789s1122z", wild=wild)
    assert str(error.value) == message


def test_wild_and_que_yi_men_together_are_refused():
    with pytest.raises(ValueError, match=r"^que_yi_men=True and wild=5 cannot be combined"):
        hand.waits("123m456p789s1122z", que_yi_men=True, wild=5)


# --- agreement with the slow reference ------------------------------------------------------

@pytest.mark.slow
def test_random_hands_match_reference():
    # 10,000 seeded hands, 13 and 14 tiles, random 财神 kind and 0-4 wilds: half uniform, half
    # built near a complete regular/七对/七风 hand; one in eight with 1-4 fixed melds.
    rng = np.random.default_rng(20261130)
    for i in range(10_000):
        wild = int(rng.integers(34))
        melds = 1 + (i // 8) % 4 if i % 8 == 7 else 0
        size = 3 * (4 - melds) + 1 + (i // 2) % 2
        if i % 2:
            counts = random_wild_hand(rng, size, wild, int(rng.integers(min(4, size) + 1)))
        else:
            counts = near_complete_hand(rng, size, wild)
        assert_matches_reference(counts, wild, melds, useful=i % 40 == 0)


def test_shanten_many_matches_single_calls():
    rng = np.random.default_rng(11)
    for wild in (0, 22, 27, WHITE):
        hands_array = np.stack([near_complete_hand(rng, 14, wild) for _ in range(100)]
                               + [random_wild_hand(rng, 13, wild, 2) for _ in range(100)])
        many = hand.shanten_many(hands_array, wild=wild)
        assert many.dtype == np.int8
        assert many.tolist() == [hand.shanten(h, wild=wild) for h in hands_array]


def test_uncapped_tables_differ_from_plain_only_with_four_of_a_rank():
    # The uncapped distance is never larger than the plain one, and equal to it on every pattern
    # holding at most three of each rank: only a held quad can make a fifth copy worth a wild.
    plain_tables = hand_tables.get_tables()
    wild_tables = hand_wild_tables.get_wild_tables()
    for plain, wild, n_ranks in zip(plain_tables, wild_tables, (9, 7)):
        assert np.all(wild >> 9 <= plain >> 9)
        digits = np.arange(5**n_ranks)[:, None] // 5 ** np.arange(n_ranks) % 5  # [pattern, rank] count
        no_quad = digits.max(axis=1) <= 3
        assert np.array_equal(wild[no_quad] >> 9, plain[no_quad] >> 9)
        assert np.any(wild[~no_quad] >> 9 != plain[~no_quad] >> 9)
    plain_suit, wild_suit = plain_tables.suit_rows, wild_tables.suit_rows
    four_ones = 4  # pattern 1111 of rank 1: 111 + 1 and a wild as the fifth copy of the pair
    assert wild_suit[four_ones, 3] >> 9 == 1 and plain_suit[four_ones, 3] >> 9 == 2


def test_uncapped_table_rows_match_reference_targets():
    # Table distances and useful ranks against explicit uncapped target lists, per component.
    suit_table, honor_table = hand_wild_tables.get_wild_tables()
    rng = np.random.default_rng(17)
    for table, n_ranks, with_sequences in ((suit_table, 9, True), (honor_table, 7, False)):
        for _ in range(400):
            pattern = [0] * n_ranks
            for r in rng.integers(n_ranks, size=int(rng.integers(15))):
                pattern[r] = min(4, pattern[r] + 1)
            index = sum(c * 5**r for r, c in enumerate(pattern))
            expected = ref.component_distances(tuple(pattern), with_sequences)
            for cls in range(10):
                entry = int(table[index, cls])
                assert entry >> 9 == expected[cls], (pattern, cls)
                lowered = 0
                for r in range(n_ranks):
                    if pattern[r] < 4:
                        more = list(pattern)
                        more[r] += 1
                        if ref.component_distances(tuple(more), with_sequences)[cls] < expected[cls]:
                            lowered |= 1 << r
                assert entry & 511 == lowered, (pattern, cls)


def test_wild_tables_are_cached_and_rebuilt_when_stale(tmp_path, monkeypatch):
    # Built once into the cache directory, loaded afterwards; a stale version stamp is rebuilt.
    builds = []

    def counting_build():
        builds.append(1)
        return ComponentTables(np.zeros(hand_tables.SUIT_SHAPE, np.int16), np.zeros(hand_tables.HONOR_SHAPE, np.int16))

    monkeypatch.setenv("MJRULES_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(hand_wild_tables, "build_wild_tables", counting_build)
    monkeypatch.setattr(hand_wild_tables, "_memo", None)
    hand_wild_tables.get_wild_tables()
    assert builds == [1] and hand_wild_tables.wild_cache_path().exists()
    monkeypatch.setattr(hand_wild_tables, "_memo", None)
    hand_wild_tables.get_wild_tables()
    assert builds == [1]
    monkeypatch.setattr(hand_wild_tables, "WILD_TABLE_VERSION", hand_wild_tables.WILD_TABLE_VERSION + 1)
    monkeypatch.setattr(hand_wild_tables, "_memo", None)
    hand_wild_tables.get_wild_tables()
    assert builds == [1, 1]


def test_useful_mask_is_the_kinds_whose_draw_lowers_the_distance():
    # The table-driven mask against trying every kind on the (reference-checked) distance kernel.
    tables = hand_wild_tables.get_wild_tables()
    rng = np.random.default_rng(29)
    for i in range(4_000):
        wild = int(rng.integers(34)) if i % 4 else int(rng.choice([27, 31, WHITE]))
        melds = 1 + i % 3 if i % 6 == 5 else 0
        size = 3 * (4 - melds) + 1 + i % 2
        if i % 3 == 0:
            counts = random_wild_hand(rng, size, wild, int(rng.integers(5)))
        else:
            counts = near_complete_hand(rng, size, wild)
        for allow_quad in (True, False):
            here = wild_kernel.distance_wild_k(counts, melds, allow_quad, wild, tables)
            expected = 0
            for k in range(34):
                if counts[k] < 4:
                    counts[k] += 1
                    if wild_kernel.distance_wild_k(counts, melds, allow_quad, wild, tables) < here:
                        expected |= 1 << k
                    counts[k] -= 1
            got = wild_kernel.useful_mask_wild_k(counts, melds, allow_quad, wild, tables)
            assert int(got) == expected, (counts.tolist(), wild, melds, allow_quad)
