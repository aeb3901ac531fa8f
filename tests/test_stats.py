"""Statistics against values computed by hand (reports/stats.py)."""
import math

import numpy as np
import polars as pl
import pytest

from reports import stats


def test_mean_ci_matches_hand_computation():
    # mean 2.5; sd = sqrt(5/3); se = sd/2; t(0.975, df=3) = 3.182446
    e = stats.mean_ci([1, 2, 3, 4])
    assert e.n == 4
    assert e.estimate == pytest.approx(2.5)
    assert e.se == pytest.approx(math.sqrt(5 / 3) / 2)
    assert e.ci_low == pytest.approx(2.5 - 3.182446 * 0.6454972, abs=1e-5)
    assert e.ci_high == pytest.approx(2.5 + 3.182446 * 0.6454972, abs=1e-5)


def test_mean_ci_single_value_has_no_interval():
    e = stats.mean_ci([7.0])
    assert e.estimate == 7.0 and e.n == 1
    assert math.isnan(e.se) and math.isnan(e.ci_low)


def test_wilson_half_is_symmetric_known_interval():
    # Textbook Wilson 95 % interval for 5/10: [0.2366, 0.7634]
    e = stats.wilson(5, 10)
    assert e.estimate == 0.5
    assert e.se == pytest.approx(math.sqrt(0.25 / 10))
    assert e.ci_low == pytest.approx(0.2366, abs=1e-4)
    assert e.ci_high == pytest.approx(0.7634, abs=1e-4)


def test_wilson_zero_successes_has_positive_upper_bound():
    # z = 1.959964: upper = 2*(z^2/20)/(1 + z^2/10) = 0.27753
    e = stats.wilson(0, 10)
    assert e.estimate == 0.0 and e.ci_low == 0.0
    assert e.ci_high == pytest.approx(0.27753, abs=1e-4)


@pytest.mark.parametrize("n", [1, 2, 7, 25, 1000, 123457])
def test_wilson_interval_contains_the_estimate_at_the_extremes(n):
    for successes in (0, n):
        e = stats.wilson(successes, n)
        assert 0.0 <= e.ci_low <= e.estimate <= e.ci_high <= 1.0
    assert stats.wilson(0, n).ci_low == 0.0 and stats.wilson(n, n).ci_high == 1.0


def test_wilson_rejects_impossible_counts():
    with pytest.raises(ValueError, match="0..n"):
        stats.wilson(11, 10)


def test_proportion_counts_true_values():
    e = stats.proportion([True, False, False, True])
    assert (e.estimate, e.n) == (0.5, 4)


def test_paired_difference_uses_per_pair_differences():
    # differences 2, 3, 4: mean 3, sd 1, se 1/sqrt(3), t(0.975, df=2) = 4.302653
    e = stats.paired_difference([3, 5, 7], [1, 2, 3])
    assert e.estimate == pytest.approx(3.0)
    assert e.se == pytest.approx(1 / math.sqrt(3))
    assert e.ci_low == pytest.approx(3 - 4.302653 / math.sqrt(3), abs=1e-5)
    with pytest.raises(ValueError, match="shape"):
        stats.paired_difference([1, 2], [1, 2, 3])


def test_paired_difference_is_narrower_than_unpaired_on_correlated_arms():
    rng = np.random.default_rng(0)
    wall = rng.normal(0, 5, 400)
    a, b = wall + 1.0, wall + rng.normal(0, 0.5, 400)
    paired = stats.paired_difference(a, b)
    unpaired_se = math.hypot(stats.mean_ci(a).se, stats.mean_ci(b).se)
    assert paired.se < unpaired_se / 3


def test_grouped_and_column_means_agree_with_numpy():
    frame = pl.DataFrame({"g": [0, 0, 1, 1, 1], "v": [1, 3, 2, 4, 9]})
    groups = stats.grouped_means(frame, "v", "g")
    assert groups[0].estimate == pytest.approx(2.0) and groups[0].n == 2
    assert groups[1].se == pytest.approx(stats.mean_ci([2, 4, 9]).se)
    assert stats.column_mean(frame, "v").estimate == pytest.approx(3.8)


def test_summary_frame_has_the_summary_columns():
    rows = [stats.wilson(1, 4).row("s", "rate", "all")]
    frame = stats.summary_frame(rows)
    assert frame.columns == list(stats.SUMMARY_COLUMNS)
    assert frame.row(0, named=True)["n"] == 4
    assert stats.summary_frame([]).columns == list(stats.SUMMARY_COLUMNS)


def test_ratio_product_matches_the_delta_method_by_hand():
    # two units: a1 = (2, 4), a2 = (1, 1), b = 1: f = mean(a1)/mean(a2) = 3; gradient (1/1, -3, ...)
    # var(a1)/2 = 2/2 = 1, a2 constant: se = 1
    e = stats.ratio_product([2, 4], [1, 1], [1, 1], [1, 1])
    assert e.estimate == pytest.approx(3.0) and e.n == 2
    assert e.se == pytest.approx(1.0)
    assert e.ci_low == pytest.approx(3 - 1.959964, abs=1e-5)
    # correlated numerator and denominator: a1 = (2, 6), a2 = (1, 3): the ratio is exactly 2 in each unit
    same = stats.ratio_product([2, 6], [1, 3], [5, 5], [5, 5])
    assert same.estimate == pytest.approx(2.0) and same.se == pytest.approx(0.0, abs=1e-12)


def test_ratio_product_without_data_is_nan():
    assert math.isnan(stats.ratio_product([], [], [], []).estimate)
    assert math.isnan(stats.ratio_product([1, 2], [1, 1], [1, 1], [0, 0]).estimate)
