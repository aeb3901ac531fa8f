"""experiments.stratified: recombining strata with known probabilities, checked on synthetic data."""
import math

import numpy as np
import pytest

from experiments.stratified import combine, proportion_part
from reports import stats


def test_combine_is_the_weighted_sum_with_the_combined_standard_error():
    a, b = stats.Estimate(1.0, 0.3, 0, 0, 10), stats.Estimate(3.0, 0.4, 0, 0, 20)
    result = combine([(0.25, a), (0.75, b)])
    assert result.estimate == pytest.approx(2.5)
    assert result.se == pytest.approx(math.sqrt((0.25 * 0.3) ** 2 + (0.75 * 0.4) ** 2))
    assert result.n == 30 and result.ci_low < 2.5 < result.ci_high


def test_a_missing_stratum_gives_no_estimate_but_a_zero_weight_one_is_ignored():
    empty = stats.Estimate(math.nan, math.nan, math.nan, math.nan, 0)
    full = stats.Estimate(1.0, 0.1, 0.8, 1.2, 50)
    assert math.isnan(combine([(0.5, full), (0.5, empty)]).estimate)
    assert combine([(1.0, full), (0.0, empty)]).estimate == 1.0


def test_stratified_proportion_is_unbiased_and_covers_where_the_pooled_share_is_biased():
    """Two strata (seat 0 deals or not) with known rates 0.6 and 0.1 and known weights 0.4 / 0.6; the sample
    holds them 1 : 3 (as conditioned walls do). The stratified estimate hits 0.3 and its 95 % interval
    covers it about 95 % of the time; the pooled share of the sample would be 0.225."""
    rng = np.random.default_rng(4)
    truth, estimates, covered, pooled = 0.4 * 0.6 + 0.6 * 0.1, [], 0, []
    for _ in range(800):
        deals = rng.random(100) < 0.6
        others = rng.random(300) < 0.1
        result = combine([(0.4, proportion_part(deals)), (0.6, proportion_part(others))], bounds=(0.0, 1.0))
        estimates.append(result.estimate)
        covered += result.ci_low <= truth <= result.ci_high
        pooled.append(np.concatenate([deals, others]).mean())
    estimates = np.array(estimates)
    assert abs(estimates.mean() - truth) < 4 * estimates.std() / math.sqrt(len(estimates))
    assert 0.92 <= covered / 800 <= 0.98
    assert abs(np.mean(pooled) - truth) > 0.05


def test_proportion_part_keeps_uncertainty_at_zero_successes():
    part = proportion_part(np.zeros(40, dtype=bool))
    assert part.estimate == 0 and part.se > 0
