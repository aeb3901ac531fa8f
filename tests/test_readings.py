"""Report readings: how a summary row's estimate and 95 % interval are written in the Chinese text, the
verdict (significant or not, and the hands a clearer answer needs) and the units of each study's reading."""
import math

import polars as pl

from reports import readings, tables
from reports import stats
from reports.readings import money, number, percent, points, verdict
from reports.sample_size import hands_needed, round_hands


def row(estimate, low=None, high=None, se=None, n=100):
    return {"estimate": estimate, "ci_low": low, "ci_high": high, "se": se, "n": n}


def test_money_is_signed_with_three_decimals():
    assert money(row(0.1234, -0.01, 0.2561)) == "+0.123 [-0.010, +0.256]"
    assert money(row(-0.5)) == "-0.500"


def test_number_is_unsigned_with_two_decimals():
    assert number(row(1.385, 1.371, 1.4)) == "1.39 [1.37, 1.40]"


def test_percent_scales_proportions_and_tolerates_a_missing_interval():
    assert percent(row(0.1234, 0.119, 0.127)) == "12.34 % [11.90, 12.70]"
    assert percent(row(0.5)) == "50.00 %"


def test_rate_differences_read_in_percentage_points():
    assert points(row(-0.0203, -0.041, 0.0005)) == "-2.03 个百分点 [-4.10, +0.05]"


def test_a_tiny_value_gets_the_decimals_to_show_it_and_an_exact_zero_is_said():
    assert money(row(-0.0001, -0.0004, 0.0002)) == "-0.00010 [-0.00040, +0.00020]"  # not 0.000 [0.000, 0.000]
    assert money(row(0.0, 0.0, 0.0)) == "0（每手都是 0）"


def test_rows_without_an_estimate_read_not_available():
    assert money(None) == number(row(float("nan"))) == percent(row(None)) == "无数据"
    assert verdict(row(float("nan"))) == "没有数据"


def test_verdict_names_significance_or_the_hands_needed():
    assert verdict(row(0.2, 0.1, 0.3, se=0.05)) == "显著大于 0"
    assert verdict(row(-0.2, -0.3, -0.1, se=0.05)) == "显著小于 0"
    unclear = verdict(row(0.1, -0.1, 0.3, se=0.1, n=1000))
    needed = hands_needed(0.1, 0.1, 1000)
    assert needed == math.ceil(1000 * 1.959964 ** 2) and f"约需 {round_hands(needed)} 手" in unclear
    assert "与 0 分不开" in unclear


def test_early_ting_reading_gives_win_rate_changes_in_the_tables_percentage_points():
    rows = [stats.Estimate(0.1, 0.05, 0.0, 0.2, 500).row("early_ting", "mean_result", "early"),
            stats.Estimate(0.05, 0.02, 0.01, 0.09, 500).row("early_ting", "diff_mean_result", "t=3"),
            stats.Estimate(-0.0203, 0.0107, -0.041, 0.0005, 500).row("early_ting", "diff_win_rate", "t=3"),
            stats.Estimate(0.01, 0.02, -0.03, 0.05, 500).row("early_ting", "diff_dianpao_paid", "t=3")]
    summary = stats.summary_frame(rows)
    text = readings.early_ting(summary)
    cell = tables.display_rows(summary.filter(pl.col("name") == "diff_win_rate"))[0]
    assert cell[3:6] == ["-2.03", "[-4.10, 0.05]", "百分点"]
    assert "胡牌率 -2.03 个百分点 [-4.10, +0.05]" in text
    assert "-0.020" not in text


def test_thirteen_orphans_reading_of_conditioned_runs_names_the_exact_shares():
    """Conditioned runs (``dealt_share`` rows present): the sample a clearer answer needs is per k (no scaling
    to all hands) and the reading gives the exact probabilities of the rare k."""
    rows = [stats.Estimate(0.0014, 0.0, 0.0014, 0.0014, 0).row("thirteen_orphans", "dealt_share", "k=10"),
            stats.Estimate(0.5, 0.6, -0.7, 1.7, 1000).row("thirteen_orphans", "chase_minus_greedy",
                                                          "k=10, shi_qiang=on"),
            stats.Estimate(0.001, 0.001, -0.001, 0.003, 1000).row("thirteen_orphans", "policy_value",
                                                                  "k=10, shi_qiang=on"),
            stats.Estimate(10.0, math.nan, math.nan, math.nan, 1000).row("thirteen_orphans", "pays_from_k",
                                                                         "shi_qiang=on")]
    text = readings.thirteen_orphans(stats.summary_frame(rows))
    assert "k = 10：0.14 %" in text and "手（该 k 的条件牌墙）" in text and "全部手数" not in text
    plain = readings.thirteen_orphans(stats.summary_frame(rows[1:]))
    assert "全部手数" in plain and "上百万手" in plain
    assert tables.meaning("dealt_share")
