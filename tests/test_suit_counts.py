"""The one count of a suit's tiles in a hand (sim/core/hand/suit_counts.py) that 四川's 定缺 kernels and the
strategies' suit choices (their 定缺 declaration, their 换三张 tiles) share: against a slow count of every kind of the
suit, on stacked hands and random ones."""
import numpy as np
import pytest

from sim.core.hand.suit_counts import suit_tiles


def reference(hand, suit: int) -> int:
    """Count the suit's tiles one kind at a time: the kinds whose ``kind // 9`` is ``suit``."""
    return sum(int(hand[kind]) for kind in range(34) if kind // 9 == suit)


@pytest.mark.parametrize("kinds, counts", [
    ([0, 0, 8, 9, 17, 26, 27, 33], (3, 2, 1)),  # 1万 1万 9万, 1饼 9饼, 9条; honours count in no suit
    ([18, 18, 18, 18, 19], (0, 0, 5)),
    ([27, 28, 29], (0, 0, 0)),
])
def test_the_count_of_a_stacked_hand(kinds, counts):
    hand = np.zeros(34, np.int8)
    for kind in kinds:
        hand[kind] += 1
    assert tuple(suit_tiles(hand, suit) for suit in range(3)) == counts


def test_the_count_agrees_with_the_reference_on_random_hands():
    rng = np.random.default_rng(5)
    for _ in range(500):
        hand = np.zeros(34, np.int8)
        for kind in rng.choice(136, size=rng.integers(0, 15), replace=False) // 4:
            hand[kind] += 1
        assert [suit_tiles(hand, s) for s in range(3)] == [reference(hand, s) for s in range(3)]
