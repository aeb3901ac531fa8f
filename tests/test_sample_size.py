"""reports.sample_size: the hands a 95 % interval needs to exclude 0, checked by its arithmetic and by
simulation (at the planned size the interval excludes 0 in about the planned share of repetitions)."""
import math

import numpy as np
import pytest

from reports.sample_size import hands_needed, round_hands


def test_hands_needed_is_n_times_the_squared_ratio_of_half_width_to_effect():
    assert hands_needed(0.05, 0.05, 1000) == math.ceil(1000 * 1.959963984540054 ** 2)
    assert hands_needed(-0.05, 0.05, 1000) == hands_needed(0.05, 0.05, 1000)
    # an interval already twice as narrow as needed: a quarter of the hands would do
    assert hands_needed(0.2, 0.05, 1000) == math.ceil(1000 * (1.959963984540054 * 0.25) ** 2)
    # 80 % power uses z + 0.8416: about twice the hands
    assert hands_needed(0.05, 0.05, 1000, power=0.8) == math.ceil(1000 * (1.959963984540054 + 0.8416212) ** 2)


def test_a_proportion_uses_its_binomial_standard_error():
    p, n, effect = 0.2, 400, 0.01
    se = math.sqrt(p * (1 - p) / n)
    assert hands_needed(effect, se, n) == pytest.approx(1.959964 ** 2 * p * (1 - p) / effect ** 2, abs=1)


def test_missing_or_zero_estimates():
    assert math.isinf(hands_needed(0.0, 0.1, 100))
    assert math.isnan(hands_needed(float("nan"), 0.1, 100)) and math.isnan(hands_needed(0.1, None, 100))
    assert math.isnan(hands_needed(0.1, 0.1, 0))


@pytest.mark.parametrize("power", [0.5, 0.8])
def test_at_the_planned_size_the_interval_excludes_zero_in_the_planned_share(power):
    rng = np.random.default_rng(11)
    effect, sd = 0.1, 1.0
    planned = int(hands_needed(effect, sd / math.sqrt(400), 400, power=power))  # se at a 400-hand pilot
    repeats = 2000
    means = rng.normal(effect, sd, (repeats, planned)).mean(axis=1)
    half = 1.96 * sd / math.sqrt(planned)
    share = float(np.mean(np.abs(means) > half))
    assert share == pytest.approx(power, abs=0.04)


def test_round_hands_keeps_two_significant_digits_rounding_up():
    assert round_hands(1234) == "1,300" and round_hands(1_234_567) == "1,300,000" and round_hands(87) == "87"
    assert round_hands(math.inf) == "∞"
