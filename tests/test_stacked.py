"""sim.stacked: walls that force an exact deal and draw order."""
import numpy as np
import pytest

from sim.stacked import stacked_wall, tile_sequence
from sim.tiles import kind
from sim.core.wall import deal_position


def test_hands_draws_and_replacements_land_where_the_engine_reads_them():
    wall = stacked_wall({1: "123456789m1234p", 3: "1234567z123456s"},
                        draws="5m7z", replacements="9m1s", dealer=2)
    for j, k in enumerate(tile_sequence("123456789m1234p")):
        assert wall[deal_position(2, 1, j)] == k
    for j, k in enumerate(tile_sequence("1234567z123456s")):
        assert wall[deal_position(2, 3, j)] == k
    assert wall[52] == kind("5m") and wall[53] == kind("7z")
    assert wall[135] == kind("9m") and wall[134] == kind("1s")
    assert np.bincount(wall, minlength=34).tolist() == [4] * 34


def test_filler_is_deterministic_and_in_kind_order():
    wall = stacked_wall({0: "1111m2222m3333m4m"}, dealer=0)
    assert np.array_equal(wall, stacked_wall({0: "1111m2222m3333m4m"}, dealer=0))
    seat1 = wall[13:26]  # dealer 0: seat 1 takes positions 13..25
    assert seat1.tolist() == [kind("4m")] * 3 + [kind("5m")] * 4 + [kind("6m")] * 4 + [kind("7m")] * 2


def test_sequence_keeps_written_order():
    assert tile_sequence("5m1p23s") == [4, 9, 19, 20]


@pytest.mark.parametrize("hands, draws, message", [
    ({0: "11111m23456789p"}, "", "more than four copies"),
    ({0: "1111m234567899p", 1: "1m23456789p1234s"}, "", "1m used more than four times"),
    ({0: "123m"}, "", "must be 13 tiles"),
    ({5: "123456789m1234p"}, "", "seat"),
    ({0: "1111m234567899p"}, "1m", "1m used more than four times (in draws)"),
])
def test_bad_walls_raise_one_line_errors(hands, draws, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        stacked_wall(hands, draws=draws)
