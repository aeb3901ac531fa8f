"""Report readings: how a summary row's estimate and 95 % interval are written in the text."""
from reports.readings import money, number, percent


def row(estimate, low=None, high=None):
    return {"estimate": estimate, "ci_low": low, "ci_high": high}


def test_money_is_signed_with_three_decimals():
    assert money(row(0.1234, -0.01, 0.2561)) == "+0.123 [-0.010, +0.256]"
    assert money(row(-0.5)) == "-0.500"


def test_number_is_unsigned_with_two_decimals():
    assert number(row(1.385, 1.371, 1.4)) == "1.39 [1.37, 1.40]"


def test_percent_scales_proportions_and_tolerates_a_missing_interval():
    assert percent(row(0.1234, 0.119, 0.127)) == "12.34 % [11.90, 12.70]"
    assert percent(row(0.5)) == "50.00 %"


def test_rows_without_an_estimate_read_not_available():
    assert money(None) == number(row(float("nan"))) == percent(row(None)) == "n/a"
