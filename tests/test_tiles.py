"""Tile notation: parsing, canonical formatting, names and every error message (issue 2 item 4)."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from sim import tiles


def test_kind_indices_follow_design_layout():
    assert tiles.kind("1m") == 0 and tiles.kind("9m") == 8
    assert tiles.kind("1p") == 9 and tiles.kind("9s") == 26
    assert tiles.kind("1z") == 27 and tiles.kind("7z") == 33
    assert [tiles.name(k) for k in (0, 17, 33)] == ["1m", "9p", "7z"]


def test_parse_counts_and_dtype():
    counts = tiles.parse("123m456p789s11z")
    assert counts.dtype == np.int8 and counts.shape == (34,)
    assert counts.sum() == 11 and counts[27] == 2 and counts[0] == 1 and counts[26] == 1


def test_format_is_canonical_whatever_the_input_order():
    assert tiles.format(tiles.parse("11z 987s 654p 321m")) == "123m456p789s11z"
    assert tiles.format(tiles.parse("5m5m5m")) == "555m"
    assert tiles.format(np.zeros(34, dtype=np.int8)) == ""


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_round_trip_any_counts(counts):
    arr = np.array(counts, dtype=np.int8)
    assert np.array_equal(tiles.parse(tiles.format(arr)), arr)


def test_chinese_names_and_yaojiu_set():
    assert tiles.NAMES[0] == "一万" and tiles.NAMES[13] == "五饼" and tiles.NAMES[26] == "九条"
    assert tiles.NAMES[27:] == ("东", "南", "西", "北", "中", "发", "白")
    assert tiles.names("19m7z") == "一万 九万 白"
    assert len(tiles.YAOJIU) == 13 and int(tiles.YAOJIU_MASK.sum()) == 13
    assert tiles.format(tiles.YAOJIU_MASK.astype(np.int8)) == "19m19p19s1234567z"


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("123x", "unknown tile letter 'x'"),
        ("8z", "tile 8z out of range (1-7z)"),
        ("0m", "tile 0m out of range (1-9m)"),
        ("11111m", "more than four copies of 1m"),
        ("123", "digits '123' have no suit letter"),
        ("m", "has no digits"),
    ],
)
def test_errors_name_the_problem_and_the_text(text, fragment):
    with pytest.raises(ValueError) as info:
        tiles.parse(text)
    message = str(info.value)
    assert fragment in message and repr(text) in message and "\n" not in message


def test_as_counts_validates_arrays():
    with pytest.raises(ValueError, match="34 counts"):
        tiles.as_counts(np.zeros(33))
    with pytest.raises(ValueError, match="between 0 and 4"):
        tiles.as_counts(np.full(34, 5))
    with pytest.raises(ValueError, match="exactly one tile"):
        tiles.kind("12m")
