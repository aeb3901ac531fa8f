"""The peer benchmark (benchmarks/peers.py): its rate and ratio arithmetic, the alternation of measures, the
random hands it feeds both shanten counters, and — only when the ``bench`` extra is installed — that
``shanten_many`` agrees with the ``mahjong`` package on those hands and a riichienv hand plays to the end."""
import importlib.util
from pathlib import Path

import numpy as np
import pytest

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "peers.py"
spec = importlib.util.spec_from_file_location("peers_benchmark", PATH)
peers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(peers)


def test_rates_are_medians_of_count_over_seconds():
    assert peers.rate(1000, 0.5) == 2000.0
    assert peers.median_rate(600, [1.0, 3.0, 2.0]) == 300.0  # rates 600, 200, 300
    assert np.isnan(peers.rate(10, 0.0))


def test_ratio_is_ours_over_theirs():
    assert peers.ratio(4500.0, 300.0) == 15.0
    assert np.isnan(peers.ratio(1.0, 0.0)) and np.isnan(peers.ratio(1.0, float("nan")))


def test_measures_alternate():
    calls = []
    seconds = peers.alternate({"a": lambda: calls.append("a") or 1.0, "b": lambda: calls.append("b") or 2.0}, 3)
    assert calls == ["a", "b"] * 3
    assert seconds == {"a": [1.0] * 3, "b": [2.0] * 3}


def test_random_hands_are_fourteen_tiles_of_a_real_set():
    hands = peers.random_hands_34(2000, seed=3)
    assert hands.shape == (2000, 34) and (hands.sum(axis=1) == 14).all()
    assert hands.min() >= 0 and hands.max() <= 4
    assert (hands == 4).any()  # quads occur (about 1 hand in 40), so the 七对 rule choice is exercised
    assert np.array_equal(hands, peers.random_hands_34(2000, seed=3))


def test_shanten_many_agrees_with_the_mahjong_package():
    pytest.importorskip("mahjong")
    hands = peers.random_hands_34(3000, seed=5)
    hands[0] = 0
    hands[0, [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]] = 1
    hands[0, 0] = 2  # 十三幺 / 国士 complete
    hands[1] = 0
    hands[1, :6] = [4, 2, 2, 2, 2, 2]  # 11112233445566m: 七对 only if a quad counts as two pairs (not in 七対子)
    _, differ = peers.shanten_measures(hands)
    assert differ == 0


def test_a_riichienv_hand_plays_to_the_end():
    pytest.importorskip("riichienv")
    assert peers.riichienv_hands(2, seed=1)() >= 0.0
