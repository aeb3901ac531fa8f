"""The control row of the variants study (experiments/study_variants.py, reports/section_variants.py,
reports/figures_variants.py): each regional variant's headline statistics minus 推倒胡's, with an unpaired 95 %
interval — exact on hand-made frames, covering a known difference at the nominal rate over repeated synthetic
draws, refused in one line for a control that is not a variant, and end to end on the real engine (300 hands)."""
import dataclasses
import math
import re
from typing import Optional

import numpy as np
import polars as pl
import pytest

from experiments import study_variants
from experiments.arms import ArmSpec
from experiments.config import ConfigError, VariantsParams
from reports import conclusions, figures_variants, section_variants, sections
from reports import stats
from reports.win_labels import variant_label
from registered_rule_sets import needs, with_mechanic, without_mechanic
from sim.rules import VARIANTS
from test_studies import run_study

#: these tests measure the regional rule sets against 推倒胡, the control: a tree without it has no control rows
pytestmark = needs("plain")

REGIONAL = tuple(v for v in VARIANTS if v != "plain")  # every rule set but the control


@dataclasses.dataclass
class ControlParams(VariantsParams):
    """VariantsParams with the ``control`` key (experiment.variants.control) whether or not the config has it yet."""

    control: Optional[str] = "plain"


def plan_of(variants, control="plain") -> study_variants.VariantsPlan:
    return study_variants.bind_rules(ControlParams(variants=list(variants), control=control), {})


def synthetic(n: int, huang: float, dealer_wins: float, zimo: float, draws: tuple[int, int],
              rng: np.random.Generator) -> pl.DataFrame:
    """Hands with a known answer: 荒庄 with p ``huang`` (nobody pays), else the dealer wins with p ``dealer_wins``
    and one of the other three otherwise, by 自摸 with p ``zimo``; the winner takes 3, each other seat pays 1.
    Dealer result = (1 − huang)(4 dealer_wins − 1), volatility = sqrt(3 (1 − huang)), draws uniform on ``draws``."""
    dealer = rng.integers(0, 4, n)
    won = rng.random(n) >= huang
    winner = np.where(rng.random(n) < dealer_wins, dealer, (dealer + rng.integers(1, 4, n)) % 4)
    winner = np.where(won, winner, -1)
    kind = np.where(~won, "none", np.where(rng.random(n) < zimo, "zimo", "dianhu"))
    deltas = {f"s{k}_delta": np.where(won, np.where(winner == k, 3, -1), 0) for k in range(4)}
    return pl.DataFrame({"hand": np.arange(n), "dealer": dealer, "winner": winner, "win_kind": kind,
                         "shape": np.where(won, "regular", "none"), "draws": rng.integers(draws[0], draws[1] + 1, n),
                         **deltas})


def truth(huang: float, dealer_wins: float, zimo: float, draws: tuple[int, int]) -> dict[str, float]:
    return {"huang_rate": huang, "dealer_result": (1 - huang) * (4 * dealer_wins - 1),
            "dealer_win_rate": (1 - huang) * dealer_wins, "zimo_share": zimo, "dianhu_share": 1 - zimo,
            "hand_draws": sum(draws) / 2, "volatility": math.sqrt(3 * (1 - huang))}


def rows_of(rows: list[dict], group: str, prefix: str = study_variants.CONTROL_PREFIX) -> dict[str, dict]:
    return {r["name"].removeprefix(prefix): r for r in rows if r["group"] == group and r["name"].startswith(prefix)}


def test_the_difference_from_the_control_is_exact_on_hand_made_frames():
    """晋城: 1 荒庄 in 4, dealer +3 / −1 / −1 / 0; 推倒胡: no 荒庄, dealer wins 1 of 4. Each row is 晋城 − 推倒胡 with
    se = sqrt(se² + se²), a rate's interval Newcombe's from the two Wilson intervals and any other's the normal
    one; the control gets no row of its own."""
    regional = pl.DataFrame({"hand": [0, 1, 2, 3], "dealer": [0, 0, 0, 0], "winner": [0, 1, 2, -1],
                             "win_kind": ["zimo", "dianhu", "dianhu", "none"],
                             "shape": ["regular", "regular", "qidui", "none"], "draws": [30, 40, 50, 60],
                             "s0_delta": [3, -1, -1, 0], "s1_delta": [-1, 3, -1, 0], "s2_delta": [-1, -1, 3, 0],
                             "s3_delta": [-1, -1, -1, 0]})
    control = regional.with_columns(pl.Series("winner", [0, 1, 1, 3]), pl.Series("win_kind", ["zimo"] * 4),
                                    pl.Series("shape", ["regular"] * 4),
                                    pl.Series("s3_delta", [-1, -1, -1, 3]), pl.Series("s0_delta", [3, -1, -1, -1]))
    rows = study_variants.summarize({"jincheng": regional, "plain": control}, plan_of(["jincheng", "plain"]))
    got = rows_of(rows, "jincheng")
    assert not rows_of(rows, "plain")
    assert set(got) == {"huang_rate", "dealer_result", "dealer_win_rate", "zimo_share", "dianhu_share", "hand_draws",
                        "volatility"}  # no multiplier column recorded: no mean_multiplier row
    own = study_variants.variant_statistics(regional, "jincheng")
    base = study_variants.variant_statistics(control, "plain")
    assert got["huang_rate"]["estimate"] == 1 / 4 and got["dealer_result"]["estimate"] == 1 / 4 - 0
    assert got["zimo_share"]["estimate"] == pytest.approx(1 / 3 - 1)
    for name, row in got.items():
        se = math.hypot(own[name].se, base[name].se)
        assert row["estimate"] == pytest.approx(own[name].estimate - base[name].estimate)
        assert row["se"] == pytest.approx(se)
        if name in study_variants.RATE_STATISTICS:
            mine, theirs = own[name], base[name]
            assert (row["ci_low"], row["ci_high"]) == pytest.approx((
                row["estimate"] - math.hypot(mine.estimate - mine.ci_low, theirs.ci_high - theirs.estimate),
                row["estimate"] + math.hypot(mine.ci_high - mine.estimate, theirs.estimate - theirs.ci_low)))
        else:
            assert (row["ci_low"], row["ci_high"]) == pytest.approx((row["estimate"] - 1.959964 * se,
                                                                      row["estimate"] + 1.959964 * se))
        assert row["n"] == own[name].n + base[name].n


def test_a_rate_difference_with_no_event_on_either_side_keeps_a_real_interval():
    """Two samples of 400 hands without a 荒庄: the difference is 0, and its interval (Newcombe) still spans what
    400 hands cannot rule out, instead of the normal interval's point [0, 0]."""
    from reports import stats

    none_a, none_b = stats.wilson(0, 400), stats.wilson(0, 400)
    diff = stats.newcombe_difference(none_a, none_b)
    assert diff.estimate == 0 and diff.ci_low < -0.005 and diff.ci_high > 0.005
    assert diff.ci_high == pytest.approx(none_a.ci_high) and diff.ci_low == pytest.approx(-none_b.ci_high)
    normal = stats.independent_difference(none_a, none_b)
    assert normal.ci_low == normal.ci_high == 0  # what the rows showed before: "no difference" with no width at all


def test_the_interval_covers_a_known_difference_at_the_nominal_rate():
    """400 pairs of independent synthetic runs (600 hands each) with known rates: each statistic's interval of
    regional − control covers the true difference in about 95 % of them."""
    rng = np.random.default_rng(20240)
    regional_law = dict(huang=0.2, dealer_wins=0.35, zimo=0.45, draws=(30, 70))
    control_law = dict(huang=0.1, dealer_wins=0.25, zimo=0.3, draws=(40, 84))
    expected = {name: value - truth(**control_law)[name] for name, value in truth(**regional_law).items()}
    bound = plan_of(["jincheng", "plain"])
    covered = dict.fromkeys(expected, 0)
    replications = 400
    for _ in range(replications):
        frames = {"jincheng": synthetic(600, rng=rng, **regional_law), "plain": synthetic(600, rng=rng, **control_law)}
        got = rows_of(study_variants.summarize(frames, bound), "jincheng")
        for name, value in expected.items():
            covered[name] += got[name]["ci_low"] <= value <= got[name]["ci_high"]
    for name, hits in covered.items():
        assert 0.92 <= hits / replications <= 0.98, (name, hits)


def test_a_control_that_is_not_a_variant_is_one_line_naming_the_valid_ones():
    with pytest.raises(ConfigError, match=r"^experiment.variants.control='nowhere' is not a variant; choose from "
                                          + ", ".join(VARIANTS) + r" or null \(no control rows\)$"):
        plan_of([], control="nowhere")
    assert plan_of([]).control == "plain" and plan_of([], control=None).control is None
    assert plan_of(["jincheng", "jinhua"]).control is None  # the control is not compared: no control rows
    assert plan_of(["jinhua", "jincheng"], control="jincheng").control == "jincheng"
    assert study_variants.bind_rules(VariantsParams(), {}).control in (None, "plain")


@pytest.mark.skipif("control" not in {f.name for f in dataclasses.fields(VariantsParams)},
                    reason="the run config has no experiment.variants.control key yet (experiments.config)")
def test_a_control_that_is_not_a_variant_on_the_command_line_exits_2(tmp_path):
    from test_cli_errors import assert_one_error_line, mjrules

    process = mjrules(["experiment=variants", "hands=10", "experiment.variants.control=nowhere",
                       f"hydra.run.dir={tmp_path / 'run'}"], tmp_path)
    assert_one_error_line(process, "experiment.variants.control='nowhere' is not a variant", "plain")


def test_a_seat_mix_the_control_refuses_leaves_it_out_like_jinhua_and_says_so():
    """selective_ting needs 上架, which 推倒胡 lacks as 金华 does: the study plays 晋城 and 晋中 only, gives 推倒胡 a
    ``skipped_seats`` row and no difference rows; the section says the control did not run."""
    seats = ("greedy", "selective_ting{min_live_waits=3}", "greedy", "greedy")
    bound = plan_of([])
    assert list(study_variants.plan(bound, ArmSpec(seats, (), 0, None))) == with_mechanic("ting")
    rng = np.random.default_rng(1)
    frames = {v: synthetic(200, 0.1, 0.3, 0.4, (30, 60), rng) for v in ("jincheng", "jinzhong")}
    rows = study_variants.summarize(frames, bound)
    assert [r["group"] for r in rows if r["name"] == study_variants.SKIPPED_ROW] == without_mechanic("ting")
    assert not [r for r in rows if r["name"].startswith(study_variants.CONTROL_PREFIX)]
    text = section_variants.control_reading(stats.summary_frame(rows))
    assert text.startswith("相对推倒胡（对照）：") and "对照没有运行" in text


def control_summary() -> pl.DataFrame:
    """Three regional variants against 推倒胡 on synthetic hands: 晋城 with many more 荒庄, 晋中 a copy of the
    control's law (no clear difference expected), 金华 with more dealer wins."""
    rng = np.random.default_rng(7)
    laws = {"jincheng": (0.3, 0.25, 0.3), "jinzhong": (0.1, 0.25, 0.3), "jinhua": (0.1, 0.6, 0.3),
            "plain": (0.1, 0.25, 0.3)}
    frames = {v: synthetic(3000, *law, (40, 60), rng) for v, law in laws.items()}
    return stats.summary_frame(study_variants.summarize(frames, plan_of([])))


def test_the_section_leads_with_what_each_variant_changes_relative_to_the_control(tmp_path):
    summary = control_summary()
    blocks = section_variants.section_blocks(summary)
    assert blocks[0][0] == "p" and blocks[0][1].startswith("相对推倒胡（对照）：")
    text = blocks[0][1]
    assert re.search(r"晋城：荒庄率比推倒胡高 2\d\.\d\d 个百分点 \[1\d\.\d\d, 2\d\.\d\d\]，", text)  # 30 % − 10 %
    assert "金华：庄家每手比推倒胡多得 1." in text  # (1 − 0.1)(4 × 0.6 − 1) − (1 − 0.1)(4 × 0.25 − 1) = 1.26
    jinzhong = text[text.index("晋中："):text.index("金华：")]
    assert re.search(r"荒庄率[^。]*与对照无明显差别（区间含 0）", jinzhong)  # the same law as the control
    header, rows = section_variants.control_table(summary)
    assert header == ["统计量", "含义", "晋城 − 推倒胡", "晋中 − 推倒胡", "金华 − 推倒胡"]
    assert rows[0][0] == "`vs_control_huang_rate`" and rows[0][2].startswith("+2")  # names in code font
    # the per-variant table and the pairwise reading keep to the variants' own statistics and the regional variants
    reading = section_variants.reading(summary)
    assert "与推倒胡（对照）的差别见本节第一段；下面只比较各地规则之间。" in reading
    assert "推倒胡 − " not in reading and " − 推倒胡" not in reading
    assert not [r for r in section_variants.table(summary)[1] if r[0].startswith("vs_control_")]
    assert "推倒胡" in section_variants.table(summary)[0]
    assert "与推倒胡（对照）相比——晋城：荒庄率比推倒胡高" in conclusions.variants(summary)
    # the figure of the differences: one row per regional variant, drawn beside the comparison figure
    path = sections.draw_figures(summary, tmp_path)["variants"]  # in the report's CJK font
    control = figures_variants.control_path(path)
    assert control.stat().st_size > 10_000
    assert any(b[0] == "figure" and b[1] == control for b in section_variants.section_blocks(summary, path))


def test_without_the_control_the_section_has_no_control_paragraph(tmp_path):
    summary = control_summary().filter(~pl.col("name").str.starts_with(study_variants.CONTROL_PREFIX))
    assert section_variants.control_reading(summary) == ""
    assert section_variants.section_blocks(summary)[0][1].startswith("每个变体按各自的默认规则")
    assert figures_variants.control_differences(summary, tmp_path / "c.png") is None


def test_the_labels_name_the_control():
    assert variant_label("plain") == "推倒胡"
    from sim.variants.plain.hooks import LABEL

    assert LABEL == "推倒胡"


def test_variants_control_end_to_end(tmp_path):
    summary, _ = run_study(tmp_path, ["experiment=variants", "hands=300"])
    rows = summary.filter((pl.col("study") == "variants") & pl.col("name").str.starts_with("vs_control_"))
    assert set(rows["group"]) == set(REGIONAL)
    for variant in REGIONAL:
        names = set(rows.filter(pl.col("group") == variant)["name"])
        assert {f"vs_control_{n}" for n in study_variants.CONTROL_STATISTICS if n != "mean_multiplier"} <= names
    assert rows.select(pl.col("ci_low").is_finite().all() & pl.col("ci_high").is_finite().all()).item()
    assert (rows["ci_low"] <= rows["estimate"]).all() and (rows["estimate"] <= rows["ci_high"]).all()
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "相对推倒胡（对照）" in report and "晋城：" in report and "variants_control.png" in report
