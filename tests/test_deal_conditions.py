"""Conditioned deals (sim.deal_conditions, sim.core.conditioned_deal): exact probabilities and an exact sampler.

The studied seat is seat 0; its start tiles are what ``s0_yaojiu_start`` counts (RULES §1.1 r4:
13 dealt, plus the dealer's first draw when seat 0 deals).
"""
from fractions import Fraction
import math
from math import comb

import numpy as np
import pytest

from sim.core.conditioned_deal import fill_wall_conditioned
from sim.core.deal import distinct_yaojiu
from sim.core.state import YAOJIU_BITS
from sim.deal_conditions import (
    check_condition, dealer_weight, start_probabilities, surjective_copies, yaojiu_condition,
    yaojiu_kind_probabilities,
)
from sim.play import play_chunk
from sim.core.wall import fill_wall

YAOJIU = [k for k in range(34) if (int(YAOJIU_BITS) >> k) & 1]


def _start_positions(dealer):
    return [13 * ((0 - dealer) % 4) + j for j in range(13)] + ([52] if dealer == 0 else [])


def _start_counts(wall, dealer):
    counts = np.zeros(34, dtype=np.int8)
    for p in _start_positions(dealer):
        counts[wall[p]] += 1
    return counts


def _polynomial_probabilities(n_tiles):
    """Independent reference: P(k) from the product over the 34 kinds of their generating polynomials in x
    (tiles taken) and y (幺九/字 kinds present), coefficient [x^n y^k] / C(136, n)."""
    poly = {(0, 0): 1}  # (tiles, kinds) -> number of tile subsets
    for kind in range(34):
        new = {}
        for (x, y), ways in poly.items():
            for c in range(5):
                if x + c > n_tiles:
                    break
                key = (x + c, y + (1 if c and kind in YAOJIU else 0))
                new[key] = new.get(key, 0) + ways * comb(4, c)
        poly = new
    return [Fraction(poly.get((n_tiles, k), 0), comb(136, n_tiles)) for k in range(14)]


@pytest.mark.parametrize("n_tiles", [13, 14])
def test_exact_probabilities_match_an_independent_polynomial_count(n_tiles):
    assert list(yaojiu_kind_probabilities(n_tiles)) == _polynomial_probabilities(n_tiles)
    assert sum(yaojiu_kind_probabilities(n_tiles)) == 1


def test_thirteen_tiles_nine_or_more_kinds_is_the_issue_figure():
    p = yaojiu_kind_probabilities(13)
    assert round(100 * float(sum(p[9:])), 3) == 0.148  # the figure of issue 13
    assert round(100 * float(sum(p[7:])), 2) == 6.19 and round(100 * float(sum(p[8:])), 2) == 1.23


@pytest.mark.parametrize("n_tiles, figures", [(13, (6.15, 1.20, 0.127, 0.006)), (14, (9.32, 2.17, 0.31, 0.018))])
def test_exact_probabilities_lie_within_the_monte_carlo_error_of_the_rules_table(n_tiles, figures):
    """The specification's 十三幺 start frequencies (≥ 7, 8, 9, 10 kinds) come from 200,000 random deals:
    each lies within three binomial standard errors of the exact value (they run low together: nested
    events of one sample)."""
    p = yaojiu_kind_probabilities(n_tiles)
    for at_least, figure in zip((7, 8, 9, 10), figures):
        exact = float(sum(p[at_least:]))
        assert abs(exact - figure / 100) < 3 * math.sqrt(exact * (1 - exact) / 200_000), (at_least, exact)


def test_start_probabilities_mix_dealer_and_non_dealer_deals():
    p13, p14, start = yaojiu_kind_probabilities(13), yaojiu_kind_probabilities(14), start_probabilities()
    assert start[10] == Fraction(1, 4) * p14[10] + Fraction(3, 4) * p13[10]
    assert Fraction(1, 4) < dealer_weight(12) < 1  # 14 tiles make many kinds likelier: the dealer is over-represented


def test_surjective_copies_small_cases():
    assert surjective_copies(1, 2) == comb(4, 2)
    assert surjective_copies(2, 2) == 16          # one copy of each kind
    assert surjective_copies(2, 8) == 1


def test_monte_carlo_of_plain_walls_agrees_with_the_exact_start_probabilities():
    hands = 40_000
    wall = np.zeros(136, dtype=np.int8)
    counts = np.zeros(14)
    for i in range(hands):
        fill_wall(11, i, wall)
        counts[distinct_yaojiu(_start_counts(wall, 1))] += 1  # seat 0 not dealing: 13 tiles
    expected = np.array([float(p) for p in yaojiu_kind_probabilities(13)]) * hands
    cells = expected > 20
    chi2 = float((((counts - expected) ** 2)[cells] / expected[cells]).sum())
    assert chi2 < 35, chi2  # ~9 cells: the 99.99 % point is below 35


def test_condition_codes_are_checked():
    assert check_condition(0) == 0 and check_condition(yaojiu_condition(13)) == yaojiu_condition(13)
    with pytest.raises(ValueError, match="out of range 1..13"):
        yaojiu_condition(14)
    with pytest.raises(ValueError, match="deal_condition=5 is not valid"):
        check_condition(5)


@pytest.mark.parametrize("k", [1, 7, 10, 13])
@pytest.mark.parametrize("dealer", [0, 2])
def test_conditioned_wall_is_a_full_wall_with_exactly_k_kinds(k, dealer):
    wall = np.zeros(136, dtype=np.int8)
    for i in range(200):
        fill_wall_conditioned(3, i, dealer, yaojiu_condition(k), wall)
        assert (np.bincount(wall, minlength=34) == 4).all()
        assert distinct_yaojiu(_start_counts(wall, dealer)) == k


def test_conditioned_sampler_matches_rejection_sampling_of_plain_walls():
    """Given k = 7 (13 tiles), the number of 幺九/字 tiles m in seat 0's deal has the exact law
    E_k(m)·C(84, 13 − m) / Σ; the sampler and plain walls rejected down to k = 7 both follow it."""
    k, hands = 7, 6000
    weights = {m: surjective_copies(k, m) * comb(84, 13 - m) for m in range(k, 14)}
    total = sum(weights.values())
    exact = np.array([weights[m] / total for m in range(k, 14)])
    wall = np.zeros(136, dtype=np.int8)
    sampled = np.zeros(14 - k)
    for i in range(hands):
        fill_wall_conditioned(5, i, 1, yaojiu_condition(k), wall)
        sampled[sum(int(c) for kind, c in enumerate(_start_counts(wall, 1)) if kind in YAOJIU) - k] += 1
    rejected = np.zeros(14 - k)
    i = 0
    while rejected.sum() < hands:
        fill_wall(5, i, wall)
        i += 1
        counts = _start_counts(wall, 1)
        if distinct_yaojiu(counts) == k:
            rejected[sum(int(c) for kind, c in enumerate(counts) if kind in YAOJIU) - k] += 1
    for observed in (sampled, rejected):
        cells = exact * hands > 10
        chi2 = float(((observed - exact * hands) ** 2 / (exact * hands))[cells].sum())
        assert chi2 < 25, chi2
        assert abs(observed[0] / hands - exact[0]) < 5 * np.sqrt(exact[0] * (1 - exact[0]) / hands)
    # which kinds: each 幺九/字 kind is present in k/13 of the conditioned hands
    present = np.zeros(34)
    for i in range(hands):
        fill_wall_conditioned(5, i, 1, yaojiu_condition(k), wall)
        present += _start_counts(wall, 1) > 0
    share = present[YAOJIU] / hands
    assert np.all(np.abs(share - k / 13) < 5 * np.sqrt((k / 13) * (1 - k / 13) / hands)), share


def test_rest_of_the_conditioned_wall_is_uniform():
    """Seat 1's 13 tiles hold on average 13·(52 − m)/123 幺九/字 tiles given seat 0's m (non-dealer seat 0)."""
    wall = np.zeros(136, dtype=np.int8)
    gaps = []
    for i in range(4000):
        fill_wall_conditioned(8, i, 1, yaojiu_condition(12), wall)
        m = sum(int(c) for kind, c in enumerate(_start_counts(wall, 1)) if kind in YAOJIU)
        seat1 = [wall[13 * ((1 - 1) % 4) + j] for j in range(13)]
        observed = sum(1 for t in seat1 if t in YAOJIU)
        gaps.append(observed - 13 * (52 - m) / 123)
    gaps = np.array(gaps)
    assert abs(gaps.mean()) < 4 * gaps.std() / np.sqrt(len(gaps))
    # the last front positions too (a sorted rest would put the honours last)
    tail = []
    for i in range(4000):
        fill_wall_conditioned(8, i, 1, yaojiu_condition(12), wall)
        m = sum(int(c) for kind, c in enumerate(_start_counts(wall, 1)) if kind in YAOJIU)
        tail.append(sum(1 for t in wall[123:136] if t in YAOJIU) - 13 * (52 - m) / 123)
    tail = np.array(tail)
    assert abs(tail.mean()) < 4 * tail.std() / np.sqrt(len(tail))


def test_engine_deals_exactly_k_kinds_and_chunking_does_not_matter():
    seats = ["thirteen_orphans{min_distinct=7}", "greedy", "greedy", "greedy"]
    column = __import__("sim.record", fromlist=["KERNEL_COLUMNS"]).KERNEL_COLUMNS.index("s0_yaojiu_start")
    for k in (9, 13):
        whole = play_chunk("jincheng", seats, 21, 0, 80, deal_condition=yaojiu_condition(k))
        assert (whole[:, column] == k).all()
        split = np.concatenate([play_chunk("jincheng", seats, 21, 0, 30, deal_condition=yaojiu_condition(k)),
                                play_chunk("jincheng", seats, 21, 30, 50, deal_condition=yaojiu_condition(k))])
        assert np.array_equal(whole, split)
    plain = play_chunk("jincheng", seats, 21, 0, 80)
    assert not np.array_equal(plain, whole)


@pytest.mark.slow
def test_conditioned_and_plain_runs_agree_on_completion_for_k_7_to_9():
    """The 十三幺 completion rate of a chaser dealt exactly k kinds: from plain walls (hands that happened to be
    dealt k) and from conditioned walls recombined over seat 0 dealing or not (experiments.study_thirteen_orphans)
    agree within their combined intervals (z = 3 over the three comparisons)."""
    from experiments.study_thirteen_orphans import _paired, _stratum
    from sim import simulate

    seats = ["thirteen_orphans{min_distinct=7}", "greedy", "greedy", "greedy"]
    plain = simulate(30_000, seed=5, seats=seats, jobs=1, progress=False)
    plain_greedy = simulate(30_000, seed=5, seats=["greedy"] * 4, jobs=1, progress=False)
    paired_plain = _paired(plain, plain_greedy)
    for k in (7, 8, 9):
        chase = simulate(2_000, seed=6, seats=seats, jobs=1, progress=False, deal_condition=yaojiu_condition(k))
        greedy = simulate(2_000, seed=6, seats=["greedy"] * 4, jobs=1, progress=False,
                          deal_condition=yaojiu_condition(k))
        conditioned, _ = _stratum(_paired(chase, greedy), k)
        hits = paired_plain.filter(paired_plain["distinct"] == k)["completed"].to_numpy()
        p = hits.mean()
        se_plain = math.sqrt(max(p * (1 - p), 1 / len(hits)) / len(hits))
        gap = abs(p - conditioned.estimate)
        assert gap < 3 * math.sqrt(se_plain ** 2 + conditioned.se ** 2), (k, p, conditioned, len(hits))
        if k >= 8:
            assert conditioned.se < se_plain  # the point of conditioning: far more hands at rare k
