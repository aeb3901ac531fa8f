"""Bad input to the Python API stops with one clear line naming the argument and its valid range
(sim.replay, sim.hand, sim.simulate)."""
import numpy as np
import pytest

from sim import hand, replay, tiles


@pytest.mark.parametrize("kwargs, error, message", [
    ({"seed": 0, "hand": -1}, ValueError, "hand=-1 is out of range 0..2**63-1"),
    ({"seed": 0, "hand": 1.5}, TypeError, "hand must be an integer in 0..2**63-1, got 1.5"),
    ({"seed": 0, "hand": 2**64}, ValueError, f"hand={2**64} is out of range 0..2**63-1"),
    ({"seed": 0, "hand": True}, TypeError, "hand must be an integer in 0..2**63-1, got True"),
    ({"seed": -3, "hand": 1}, ValueError, "seed=-3 is out of range 0..2**63-1"),
    ({"seed": "7", "hand": 1}, TypeError, "seed must be an integer in 0..2**63-1, got '7'"),
])
def test_replay_rejects_a_bad_seed_or_hand_index(kwargs, error, message):
    with pytest.raises(error) as raised:
        replay(**kwargs)
    assert str(raised.value) == message


def test_replay_accepts_numpy_integers_and_the_largest_index():
    assert replay(seed=np.int64(3), hand=np.uint32(1)).startswith("hand 1 of seed 3,")
    assert replay(seed=0, hand=2**63 - 1).startswith(f"hand {2**63 - 1} of seed 0,")


@pytest.mark.parametrize("function", [hand.shanten, hand.shanten_regular, hand.shanten_qidui,
                                      hand.shanten_shisanyao, hand.useful_tiles, hand.waits])
def test_hand_functions_reject_non_integer_counts_naming_the_dtype(function):
    counts = tiles.parse("123m456p789s1123z")
    for bad in (counts.astype(np.float64), counts.astype(bool), counts.astype(np.float32) / 2):
        with pytest.raises(TypeError, match=rf"^hand must be tile notation or integer tile counts, "
                                            rf"got an array of dtype {bad.dtype}$"):
            function(bad)
    assert function(counts.astype(np.int64)) == function(counts)


def test_shanten_many_rejects_float_rows():
    rows = np.stack([tiles.parse("123m456p789s1123z")] * 2)
    with pytest.raises(TypeError, match=r"^H must be integer tile counts, got an array of dtype float64$"):
        hand.shanten_many(rows.astype(float))
    assert hand.shanten_many(rows.astype(np.int32)).tolist() == [1, 1]
