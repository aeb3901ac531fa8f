"""Shanten with the seat's meld tiles (``exposed=``): a kind's copies in the melds count toward its four.

The table kernels let the concealed hand hold four of every kind; with a 碰 of 5m the hand ``5m123456789p`` can
never pair its 5m (no fifth copy exists), so it is 1-shanten, not tenpai. Checked exactly on that hand, and over
random melded hands against the waits (``waits(..., drop_exhausted=True, exposed=...)``, a separate kernel): a
hand is tenpai exactly when it has a wait with a copy left, and 1-shanten exactly when some draw of a kind with
a copy left and some discard make it so.
"""
import numpy as np
import pytest

from sim import hand
from sim.tiles import N_KINDS, as_counts, format as format_tiles

HAND = "5m123456789p"


def test_a_pong_of_the_only_wait_leaves_the_hand_one_shanten():
    assert hand.shanten(HAND, melds=1) == 0  # the melds' kinds unknown: 5m pairs with a fifth 5m
    assert hand.shanten(HAND, melds=1, exposed="555m") == 1
    assert hand.shanten_regular(HAND, melds=1, exposed="555m") == 1
    assert hand.waits(HAND, melds=1, drop_exhausted=True, exposed="555m") == []


def test_que_yi_men_counts_the_meld_copies_and_the_meld_suit():
    assert hand.shanten(HAND, melds=["5m"], que_yi_men=True) == 0
    assert hand.shanten(HAND, melds=["5m"], que_yi_men=True, exposed="555m") == 1
    # the exposed 万 also forbids giving 万 up, as a meld kind list does
    assert hand.shanten(HAND, melds=1, que_yi_men=True, exposed="555m") == 1
    # a kong of 4m leaves 5m all four copies: tenpai on 5m (123p456p789p + 5m5m)
    assert hand.shanten(HAND, melds=1, que_yi_men=True, exposed="4444m") == 0


def test_a_complete_hand_stays_complete_and_other_melds_change_nothing():
    assert hand.shanten("55m123456789p", melds=1, exposed="666m") == -1
    assert hand.shanten("5m123456789p", melds=1, exposed="111z") == 0


@pytest.mark.parametrize("bad, message", [("55m", "must hold 3..4"), ("5555m", "5 copies of 5m")])
def test_bad_exposed_is_one_line(bad, message):
    with pytest.raises(ValueError, match=message):
        hand.shanten(HAND, melds=1, exposed=bad)


def random_melded_hands(n: int, seed: int):
    """Yield (hand counts of 10 tiles, exposed counts of one 碰 of kind p): three sets and a pair drawn near p,
    one tile dropped (half the time the pair is on p and one p is dropped, else a set mostly runs through p) and,
    every other hand, one tile swapped; the hand keeps at most the one copy of p left, so the cap often binds and
    tenpai and 1-shanten hands are common."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        pong = int(rng.integers(0, 27))
        suit, rank = divmod(pong, 9)
        counts = np.zeros(N_KINDS, dtype=np.int64)
        groups = []
        pair_on_pong = rng.random() < 0.5
        for i in range(4):
            on_pong = i == 3 and pair_on_pong or i == 0 and not pair_on_pong and rng.random() < 0.7
            around = rank if on_pong else int(rng.integers(0, 9))
            base = 9 * (suit if rng.random() < 0.7 or i == 3 and pair_on_pong else int(rng.integers(0, 3)))
            if i == 3:
                groups.append([base + around] * 2)
            elif rng.random() < 0.6:
                low = min(max(around - int(rng.integers(0, 3)), 0), 6)
                groups.append([base + low, base + low + 1, base + low + 2])
            else:
                groups.append([base + around] * 3)
        for group in groups:
            for t in group:
                counts[t] += 1
        tiles = [t for t in range(N_KINDS) for _ in range(counts[t])]
        counts[pong if pair_on_pong else tiles[int(rng.integers(0, len(tiles)))]] -= 1
        if rng.random() < 0.5:
            held = np.flatnonzero(counts)
            counts[held[int(rng.integers(0, len(held)))]] -= 1
            counts[int(rng.integers(0, 27))] += 1
        exposed = np.zeros(N_KINDS, dtype=np.int64)
        exposed[pong] = 3
        while counts[pong] > 1 or (counts + exposed > 4).any():  # no fifth copy exists: move extras elsewhere
            extra = int(np.flatnonzero((counts + exposed > 4) | (np.arange(N_KINDS) == pong) & (counts > 1))[0])
            counts[extra] -= 1
            free = np.flatnonzero(counts + exposed < 4)
            counts[free[int(rng.integers(0, free.size))]] += 1
        yield counts.astype(np.int8), exposed.astype(np.int8)


def live_waits(counts, exposed, que_yi_men):
    melds = [int(np.flatnonzero(exposed)[0])] if que_yi_men else 1
    return hand.waits(counts, melds=melds, drop_exhausted=True, exposed=exposed, que_yi_men=que_yi_men)


@pytest.mark.parametrize("que_yi_men", [False, True])
def test_tenpai_and_one_shanten_agree_with_the_waits_that_have_a_copy_left(que_yi_men):
    tenpai = one_away = capped = 0
    for counts, exposed in random_melded_hands(200, seed=5 + que_yi_men):
        s = hand.shanten(counts, melds=1, exposed=exposed, que_yi_men=que_yi_men)
        table = hand.shanten(counts, melds=1, que_yi_men=que_yi_men)
        assert s >= table
        capped += s > table
        assert (s == 0) == bool(live_waits(counts, exposed, que_yi_men)), format_tiles(counts)
        if s <= 0:
            tenpai += s == 0
            continue
        reachable = False
        for draw in range(N_KINDS):
            if counts[draw] + exposed[draw] >= 4:
                continue
            for out in np.flatnonzero(counts):
                after = counts.copy()
                after[draw] += 1
                after[out] -= 1
                if live_waits(after, exposed, que_yi_men):
                    reachable = True
                    break
            if reachable:
                break
        assert (s == 1) == reachable, format_tiles(counts)
        one_away += s == 1
    assert tenpai >= 20 and one_away >= 20 and capped >= 10  # the meld copies changed the answer this often


def test_notation_and_counts_give_the_same_answer():
    assert hand.shanten(as_counts(HAND), melds=1, exposed=as_counts("555m")) == 1
