"""Tests for hand evaluation under 缺一门 (sim.hand with ``que_yi_men=True``,
sim.core.hand.queyimen_kernel) against tests/reference_hand_queyimen.py, a slow plain-Python
reference, on seeded hands and named positions (RULES §2.4 r13–r16), and the point limit (r15).
"""
import numpy as np
import pytest

import reference_hand_queyimen as ref
from sim import hand
from sim.tiles import kind, parse


def kinds(text):
    """Return the sorted kind indices named in ``text`` (e.g. '19m1z' -> [0, 8, 27])."""
    return [int(k) for k in np.flatnonzero(parse(text))]


def random_hand(rng, size):
    """Return int8[34] counts of ``size`` tiles drawn without replacement from a full set."""
    tiles = rng.choice(136, size=size, replace=False) // 4
    return np.bincount(tiles, minlength=34).astype(np.int8)


def near_legal_hand(rng, size, meld_kinds):
    """Return int8[34]: a complete-shaped hand from at most two suits plus honors (regular or 七对),
    with 0-2 tiles swapped for random ones, cut to ``size`` tiles."""
    while True:
        dropped = int(rng.integers(3))
        suits = [s for s in range(3) if s != dropped]
        kinds_allowed = [9 * s + r for s in suits for r in range(9)] + list(range(27, 34))
        if len(meld_kinds) == 0 and rng.integers(4) == 0:
            tiles = [int(k) for k in rng.choice(kinds_allowed, 7, replace=False) for _ in range(2)]
        else:
            tiles = [int(rng.choice(kinds_allowed))] * 2
            for _ in range(4 - len(meld_kinds)):
                if rng.integers(3) == 0:
                    tiles += [int(rng.choice(kinds_allowed))] * 3
                else:
                    start = 9 * int(rng.choice(suits)) + int(rng.integers(7))
                    tiles += [start, start + 1, start + 2]
        for _ in range(int(rng.integers(3))):
            tiles[int(rng.integers(len(tiles)))] = int(rng.integers(34))
        rng.shuffle(tiles)
        counts = np.bincount(tiles[:size], minlength=34)
        if counts.max() <= 4:
            return counts.astype(np.int8)


def assert_matches_reference(counts, meld_kinds=(), useful=False):
    """Compare shanten, then completeness (3n+2) or waits (3n+1), optionally useful tiles.

    Waits are compared with the reference's search for hands it finds tenpai; from a distance of
    2 or more one tile cannot complete a hand, so the kernel must return none.
    """
    melds = list(meld_kinds)
    size = int(counts.sum())
    for allow_quad in (True, False):
        expected = ref.shanten(counts, melds, allow_quad)
        assert hand.shanten(counts, melds, allow_quad, que_yi_men=True) == expected, (counts.tolist(), melds)
    expected = ref.shanten(counts, melds)
    if size % 3 == 1 and expected > 0:
        assert hand.waits(counts, melds, que_yi_men=True) == [], (counts.tolist(), melds)
    elif size % 3 == 1:
        assert hand.waits(counts, melds, que_yi_men=True) == ref.waits(counts, melds), (counts.tolist(), melds)
    else:
        for allow_quad in (True, False):
            assert hand.is_complete(counts, melds, allow_quad, que_yi_men=True) == \
                ref.is_complete(counts, melds, allow_quad), (counts.tolist(), melds)
    if useful:
        assert hand.useful_tiles(counts, melds, que_yi_men=True) == ref.useful_tiles(counts, melds)


# --- named positions ---------------------------------------------------------------------------

def test_three_suits_are_not_a_win():
    # RULES §2.4 r13: a standard hand in three suits is complete, but not under 缺一门.
    h = "123m234m456p789s11z"
    assert hand.is_complete(h)
    assert not hand.is_complete(h, que_yi_men=True)
    assert hand.shanten(h, que_yi_men=True) == 2  # give up 饼 or 条: one set (3 tiles) to replace


def test_waits_drop_a_win_that_adds_a_third_suit():
    # RULES §2.4 r13: a 单骑 on 5s would put 条 beside 万 and 饼; on 5p it stays in two suits.
    assert hand.waits("123m456m789p111z5s") == kinds("5s")
    assert hand.waits("123m456m789p111z5s", que_yi_men=True) == []
    assert hand.waits("123m456m789p111z5p", que_yi_men=True) == kinds("5p")
    assert hand.shanten("123m456m789p111z5s", que_yi_men=True) == 1


def test_thirteen_orphans_is_exempt():
    # RULES §2.4 r14: 十三幺 needs all three suits and is exempt.
    assert hand.waits("19m19p19s1234567z", que_yi_men=True) == kinds("19m19p19s1234567z")
    assert hand.is_complete("19m19p19s12345677z", que_yi_men=True)


def test_seven_pairs_obey_que_yi_men():
    # RULES §2.4 r13, r16: 七对 in three suits is not a win; in two suits it is.
    assert not hand.is_complete("1122m3344p5566s77z", que_yi_men=True)
    assert hand.is_complete("1122m3344p5566p77z", que_yi_men=True)


def test_meld_kinds_count_toward_the_suits():
    # RULES §2.4 r13: the whole hand, concealed and melds, holds at most two suits.
    concealed = "123m456m11z"
    assert hand.is_complete(concealed, melds=["5p", "7z"], que_yi_men=True)
    assert not hand.is_complete(concealed, melds=["5p", "5s"], que_yi_men=True)
    assert hand.is_complete(concealed, melds=2, que_yi_men=True)  # meld suits unknown: not counted
    assert hand.shanten("123m11z", melds=["1m", "1p", "1s"], que_yi_men=True) == hand.NEVER_SHANTEN
    assert hand.shanten("123m11z", melds=[kind("1m"), kind("1p"), kind("1z")], que_yi_men=True) == -1


def test_point_limit_filter():
    # RULES §2.4 r15: rank 1-2 never, rank 3-5 自摸 only, rank 6-9 and honors either way.
    everything = list(range(34))
    assert hand.point_limit_waits(everything, self_drawn=False) == kinds("6789m6789p6789s1234567z")
    assert hand.point_limit_waits(everything, self_drawn=True) == kinds("3456789m3456789p3456789s1234567z")
    rng = np.random.default_rng(5)
    for _ in range(200):
        subset = sorted(int(k) for k in rng.choice(34, int(rng.integers(35)), replace=False))
        for self_drawn in (False, True):
            assert hand.point_limit_waits(subset, self_drawn) == ref.point_limit(subset, self_drawn)


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    ({"que_yi_men": 1}, "que_yi_men=1 is invalid; valid choices: True, False"),
    ({"que_yi_men": True, "melds": ["5x"]}, None),
    ({"que_yi_men": True, "melds": [40]},
     "meld kind 40 is invalid; valid choices: a tile kind 0..33 or notation like '5p'"),
    ({"que_yi_men": True, "melds": "1m"}, "melds='1m' is invalid; valid choices: 0..4 or a list of up to 4 meld kinds"),
])
def test_bad_que_yi_men_input_is_one_line_error(kwargs, message):
    with pytest.raises(ValueError) as error:
        hand.shanten("123m456m789m1z", **kwargs)
    assert "\n" not in str(error.value)
    if message is not None:
        assert str(error.value) == message


def test_point_limit_bad_input():
    with pytest.raises(ValueError, match=r"^self_drawn=1 is invalid; valid choices: True, False$"):
        hand.point_limit_waits([5], 1)
    with pytest.raises(ValueError, match=r"^kind 34 is invalid; valid choices: a tile kind 0..33$"):
        hand.point_limit_waits([34], True)


# --- agreement with the slow reference ------------------------------------------------------

@pytest.mark.slow
def test_random_hands_match_reference():
    # 12,000 seeded hands, 13 and 14 tiles: half uniform, half built near a two-suit hand; one in
    # four with 1-4 fixed melds given by kind (RULES §2.4 r13-r14).
    rng = np.random.default_rng(20261201)
    for i in range(12_000):
        meld_kinds = [int(k) for k in rng.choice(34, 1 + (i // 4) % 4)] if i % 4 == 3 else []
        size = 3 * (4 - len(meld_kinds)) + 1 + (i // 2) % 2
        counts = random_hand(rng, size) if i % 2 else near_legal_hand(rng, size, meld_kinds)
        assert_matches_reference(counts, meld_kinds, useful=i % 30 == 0)


def test_shanten_many_matches_single_calls():
    rng = np.random.default_rng(11)
    hands_array = np.stack([near_legal_hand(rng, 14, []) for _ in range(200)]
                           + [random_hand(rng, 13) for _ in range(200)])
    many = hand.shanten_many(hands_array, que_yi_men=True)
    assert many.tolist() == [hand.shanten(h, que_yi_men=True) for h in hands_array]
    melded = np.stack([near_legal_hand(rng, 8, [0, 9]) for _ in range(100)])
    many = hand.shanten_many(melded, melds=[0, 9], que_yi_men=True)
    assert many.tolist() == [hand.shanten(h, [0, 9], que_yi_men=True) for h in melded]


def test_useful_mask_is_the_kinds_whose_draw_lowers_the_distance():
    # The table-driven mask against trying every kind on the (reference-checked) distance kernel.
    from sim.core.hand import queyimen_kernel as qym_kernel
    from sim.hand_tables import get_tables

    tables = get_tables()
    rng = np.random.default_rng(23)
    for i in range(4_000):
        meld_kinds = [int(k) for k in rng.choice(34, 1 + i % 3)] if i % 5 == 4 else []
        blocked = sum(1 << (k // 9) for k in set(meld_kinds) if k < 27)
        melds = len(meld_kinds)
        size = 3 * (4 - melds) + 1 + i % 2
        counts = random_hand(rng, size) if i % 3 == 0 else near_legal_hand(rng, size, meld_kinds)
        for allow_quad in (True, False):
            here = qym_kernel.distance_qym_k(counts, melds, blocked, allow_quad, tables)
            expected = 0
            for k in range(34):
                if counts[k] < 4:
                    counts[k] += 1
                    if qym_kernel.distance_qym_k(counts, melds, blocked, allow_quad, tables) < here:
                        expected |= 1 << k
                    counts[k] -= 1
            got = qym_kernel.useful_mask_qym_k(counts, melds, blocked, allow_quad, tables)
            assert int(got) == expected, (counts.tolist(), meld_kinds, allow_quad)
