"""The search player (strategies/search): plays like greedy with one candidate, is deterministic over chunkings,
registers its parameters, and its batch leaves tables without search seats alone (tests/test_golden.py)."""
import numpy as np
import pytest

from sim.play import play_checked, play_chunk
from strategies.registry import parse_seat

VARIANTS = ("jincheng", "jinzhong", "jinhua")
GREEDY = ["greedy"] * 4


@pytest.mark.parametrize("variant", VARIANTS)
def test_one_candidate_plays_exactly_like_greedy(variant):
    """With candidates=1 the search seat never samples: every record equals the four-greedy table's, hand by hand
    (on the same walls, whatever seat searches)."""
    greedy = play_chunk(variant, GREEDY, 11, 0, 40)
    for seat in (0, 2):
        seats = list(GREEDY)
        seats[seat] = "search{candidates=1,worlds=3}"
        assert np.array_equal(play_chunk(variant, seats, 11, 0, 40), greedy)


def test_search_changes_play_with_more_candidates():
    """The equality above is not vacuous: with 4 candidates the search seat plays other hands than greedy."""
    greedy = play_chunk("jincheng", GREEDY, 11, 0, 40)
    searched = play_chunk("jincheng", ["search{worlds=4}", "greedy", "greedy", "greedy"], 11, 0, 40)
    assert not np.array_equal(searched, greedy)


@pytest.mark.parametrize("variant", VARIANTS)
def test_records_do_not_depend_on_chunking(variant):
    """Hand i is the same whether played in one chunk or in pieces starting elsewhere (the search stream is keyed
    by run seed, hand, seat and decision number only)."""
    seats = ["search{worlds=3,candidates=3}", "greedy", "search{worlds=2,candidates=2}", "greedy"]
    whole = play_chunk(variant, seats, 3, 5, 12)
    parts = np.concatenate([play_chunk(variant, seats, 3, 5, 5), play_chunk(variant, seats, 3, 10, 1),
                            play_chunk(variant, seats, 3, 11, 6)])
    assert np.array_equal(whole, parts)


def test_registry_parameters_and_bounds():
    config = parse_seat("search{worlds=8}")
    assert config.params == {"worlds": 8, "candidates": 4}
    assert config.param_row()[:2].tolist() == [8.0, 4.0]
    for bad in ("search{worlds=0}", "search{worlds=257}", "search{candidates=17}", "search{depth=2}"):
        with pytest.raises(ValueError, match="search"):
            parse_seat(bad)


def test_check_mode_refuses_search_seats_in_one_line():
    with pytest.raises(ValueError, match="check mode does not play search seats"):
        play_checked("jincheng", ["search", "greedy", "greedy", "greedy"], 1, 0, 1)
