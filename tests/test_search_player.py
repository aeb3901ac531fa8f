"""The search player (strategies/search): plays like greedy with one candidate, is deterministic over chunkings,
registers its parameters, and its batch leaves tables without search seats alone (tests/test_golden.py)."""
import math

import numpy as np
import pytest

from search_states import decision_states
from sim.play import play_checked, play_chunk
from sim.seat_plan import parse_seat
from strategies.search.rollout import (CONFIDENCE_Z, EXTEND_Z, FUTILITY_MIN_WORLDS, FUTILITY_Z, best_over_greedy,
                                       is_contested)
from strategies.search.scratch import new_search_scratch
from sim.rules import VARIANTS as REGISTERED

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
    assert config.params == {"worlds": 8, "candidates": 4, "extend": 1, "rollout": "greedy"}
    assert config.param_row()[:4].tolist() == [8.0, 4.0, 1.0, 0.0]  # rollout: the index of greedy
    assert parse_seat("search").params["worlds"] == 0  # the variant's default
    assert parse_seat("search{worlds=16}").label() == "search{worlds=16}"  # not the default, so it is labelled
    for bad in ("search{worlds=-1}", "search{worlds=257}", "search{candidates=17}", "search{extend=0}",
                "search{extend=17}", "search{depth=2}"):
        with pytest.raises(ValueError, match="search"):
            parse_seat(bad)


def test_check_mode_refuses_search_seats_in_one_line():
    with pytest.raises(ValueError, match="check mode does not play search seats"):
        play_checked("jincheng", ["search", "greedy", "greedy", "greedy"], 1, 0, 1)


def test_best_over_greedy_is_the_paired_t_of_the_best_gain():
    """On hand-made per-world money: the candidate of the highest mean gain over candidate 0 and that gain in
    standard errors of the paired differences (numpy's sample sd / sqrt(n)); a loss or one world reads (0, 0)."""
    money = np.array([[0, 4, -2, 0, 6], [2, 2, 2, 2, 2], [-4, 8, 0, 2, 6]], dtype=np.int64)  # [candidate, world]
    sums = np.zeros(16, np.int64)
    squares = np.zeros(16, np.float64)
    sums[:3] = money.sum(axis=1)
    squares[:3] = ((money - money[0]) ** 2).sum(axis=1)
    diffs = money[2] - money[0]  # candidate 2 gains 1.6 a world, candidate 1 gains 0.4
    best, t = best_over_greedy(sums, squares, 3, 5)
    assert best == 2
    assert math.isclose(t, diffs.mean() / (diffs.std(ddof=1) / math.sqrt(5)))
    assert best_over_greedy(sums, squares, 1, 5) == (0, 0.0)       # greedy's choice alone
    assert best_over_greedy(sums, squares, 3, 1) == (0, 0.0)       # one world has no spread
    sums[1:3] = sums[0] - 1
    assert best_over_greedy(sums, squares, 3, 5) == (0, 0.0)       # every other candidate loses
    assert not is_contested(EXTEND_Z) and is_contested(EXTEND_Z + 1e-9) and is_contested(CONFIDENCE_Z)
    assert not is_contested(CONFIDENCE_Z + 1e-9)


def _search(g, worlds, candidates, extend):
    """Return (action, worlds played, sums, squares) of seat 0's search decision in Game ``g``."""
    world, roll, work = new_search_scratch()
    search_action = g._engine.kernel("strategies.search.rollout", "search_action")
    action = int(search_action(g._rule_vec, g._tables, g._scan_tables, g.wall, g._hands, g._frozen, g._melds,
                               g._rivers, g._st, g._money, 0, worlds, candidates, extend, world, roll, work))
    return action, int(work[-1][0]), work[19].copy(), work[22].copy()


def test_a_contested_decision_and_only_it_plays_more_worlds():
    """Two candidates, 6 worlds: the decision goes on to 6·extend worlds exactly when its best gain after the first
    6 (the same worlds with extend=1) is contested, and extend=1 never goes on; over 金华 decision states some are
    extended and most are not."""
    extended = plain = 0
    for g in decision_states("jinhua", seed=17, hands=8, every=2):
        action1, played1, sums, squares = _search(g, 6, 2, 1)
        if played1 == 0:  # one candidate: nothing to search
            continue
        assert played1 <= 6
        _, t = best_over_greedy(sums, squares, 2, played1)
        action4, played4, _, _ = _search(g, 6, 2, 4)
        if is_contested(t):
            assert 6 < played4 <= 24
            extended += 1
        else:
            assert played4 == played1 and action4 == action1
            plain += 1
    assert extended >= 2 and plain > extended


def test_a_decision_with_no_candidate_ahead_stops_at_the_futility_point():
    """64 worlds, two candidates (no halving): the first 24 worlds are the 24-world decision's (the stream does not
    depend on the worlds, and 24 is under FUTILITY_MIN_WORLDS, so that one plays them all); the 64-world decision
    stops there with greedy's choice exactly when the other candidate's paired gain is not above FUTILITY_Z standard
    errors, and plays on otherwise; over 金华 decision states both happen."""
    assert 24 < FUTILITY_MIN_WORLDS <= 64
    stopped = went_on = 0
    for g in decision_states("jinhua", seed=17, hands=6, every=2):
        _, played24, sums, squares = _search(g, 24, 2, 1)
        if played24 == 0:  # one legal candidate: nothing to search
            continue
        greedy_action = _search(g, 64, 1, 1)[0]
        _, t = best_over_greedy(sums, squares, 2, played24)
        action64, played64, _, _ = _search(g, 64, 2, 1)
        if t <= FUTILITY_Z:
            assert played64 == played24 and action64 == greedy_action
            stopped += 1
        else:
            assert played64 > played24
            went_on += 1
    assert stopped >= 3 and went_on >= 3


@pytest.mark.parametrize("variant, worlds", [(v, w) for v, w in [("jincheng", 64), ("jinzhong", 32), ("jinhua", 64),
                                                                  ("plain", 16), ("sichuan", 64)] if v in REGISTERED])
def test_the_default_worlds_are_the_variants(variant, worlds):
    """``search`` (worlds=0) samples the variant's default: 64 worlds under 晋城 and 金华, 32 under 晋中, 16 under
    推倒胡 (docs/strategies.md, "search": 16 worlds gain little over greedy in 晋城 and nothing in 金华, and a third of 32's in
    晋中); it plays the records of
    ``search{worlds=N}`` with that N and not another's."""
    from sim.binding import bound
    from sim.engine import hooks_module
    from sim.rules import resolve_rules
    from strategies.search import rollout

    resolve_worlds = bound(rollout.resolve_worlds, {"hooks": hooks_module(variant)})  # the rule set's search_worlds
    rule_vec = resolve_rules(variant).pack()
    assert resolve_worlds(rule_vec, 0) == worlds and resolve_worlds(rule_vec, 5) == 5
    default = play_chunk(variant, ["search", "greedy", "greedy", "greedy"], 5, 0, 20)
    same = play_chunk(variant, [f"search{{worlds={worlds}}}", "greedy", "greedy", "greedy"], 5, 0, 20)
    other = play_chunk(variant, [f"search{{worlds={worlds // 4}}}", "greedy", "greedy", "greedy"], 5, 0, 20)
    assert default.tobytes() == same.tobytes()
    assert default.tobytes() != other.tobytes()
