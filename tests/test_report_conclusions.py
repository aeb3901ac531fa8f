"""The report leads with its conclusions and speaks one language in one unit (reports.conclusions, reports.tables'
headline, the full tables, the rules table, the sensitivity section). Summaries come from the study modules run on
hand-made record frames (tests/synthetic_records.py)."""
import re

import polars as pl

from experiments import config as cfg
from experiments import study_sensitivity, study_shapes, study_thirteen_orphans, study_variants
from reports import builder, conclusions, section_sensitivity, tables, terms
from reports import stats
from reports.summary_io import write_summary
from synthetic_records import record_frame
from test_report import META, synthetic_summary

PINYIN_GROUPS = ("dealer", "xiajia", "duijia", "shangjia")


def never_paying_summary() -> pl.DataFrame:
    """Return a thirteen_orphans summary in which chasing loses 1 底注 on every hand: the answer is "never"."""
    seats = record_frame(1500, seed=1)
    return stats.summary_frame(study_thirteen_orphans.summarize(
        {"chase, shi_qiang=on": seats, "greedy, shi_qiang=on": seats.with_columns(pl.col("s0_delta") + 1)},
        cfg.ThirteenOrphansParams(shi_qiang=[True], hands_per_k=0)))


def report_text(tmp_path, summary: pl.DataFrame, meta: dict = META) -> str:
    write_summary(summary, meta, tmp_path / "summary.parquet")
    builder.build_report(tmp_path)
    return (tmp_path / "report.md").read_text(encoding="utf-8")


def test_a_question_answered_never_is_not_no_data():
    summary = never_paying_summary()
    pays = summary.filter(pl.col("name") == "pays_from_k").row(0, named=True)
    assert pays["n"] == 0  # the study's row: no k pays
    label = tables.HEADLINE_LABELS["pays_from_k"]
    cells = [c for c in tables.headline_cells(summary) if c[1] == label]
    played = int(summary.filter(pl.col("name") == "chase_minus_greedy")["n"].sum())
    assert cells == [["十三幺", label, "有拾/抢", "从不划算（k = 7–13）", "–", "", f"{played:,}"]]
    assert "任何 k 都不划算（k = 7–13）" in conclusions.thirteen_orphans(summary)
    full = [r for r in builder.table_rows(summary) if r[0] == "`pays_from_k`"]
    assert full == [["`pays_from_k`", tables.meaning("pays_from_k"), "有拾/抢", "从不划算（k = 7–13）", "–", "种",
                     f"{played:,}"]]


def test_the_report_opens_with_one_answer_per_study_with_its_interval(tmp_path):
    summary = synthetic_summary()
    text = report_text(tmp_path, summary)
    opening = text.split("## 结论", 1)[1].split("## 主要结果", 1)[0]
    items = [line for line in opening.splitlines() if line.startswith("- ")]
    studied = [s for s in summary["study"].unique(maintain_order=True) if s in conclusions.ANSWERS]
    assert [item[2:].split("：", 1)[0] for item in items] == [tables.study_label(s) for s in studied]
    for item in items:
        assert re.search(r"\d(?: %| 个百分点)? \[[-+]?\d", item), item  # a number with its 95 % interval
    assert "坐庄吃亏：庄家每手少赢 0.819 [0.538, 1.100] 底注" in opening
    assert text.index("## 结论") < text.index("## 主要结果") < text.index("## 庄家优势")


def test_every_variant_group_reads_as_its_chinese_name():
    """A variants-study group is the variant's code; the tables show the name its hooks module gives it (推倒胡 for
    the control, which the console table showed as ``plain``)."""
    from importlib import import_module

    from sim.rules import VARIANTS

    for variant in VARIANTS:
        assert tables.group_label(variant) == import_module(f"sim.variants.{variant}.hooks").LABEL


def test_the_headline_speaks_words_and_drops_a_multiplier_of_exactly_one():
    summary = synthetic_summary()
    cells = tables.headline_cells(summary)
    names = set(summary["name"])
    assert not [c for c in cells if c[1] in names or c[2] in PINYIN_GROUPS]  # no column names, no pinyin
    assert {"庄家", "下家", "对家", "上家"} <= {c[2] for c in cells}
    plain = stats.summary_frame(study_shapes.summarize({study_shapes.ROLE: record_frame(800, 4)}, cfg.ShapesParams())
                                + study_variants.summarize({"jincheng": record_frame(800, 4)},
                                                           study_variants.VariantsPlan(cfg.VariantsParams(),
                                                                                       ("jincheng",))))
    multipliers = plain.filter((pl.col("name") == "mean_multiplier") & pl.col("group").is_in(["all", "jincheng"]))
    assert multipliers.height == 2 and (multipliers["estimate"] == 1).all()  # 晋城 has no multipliers
    assert tables.headline(plain).filter(pl.col("name") == "mean_multiplier").is_empty()


def test_a_skipped_study_gives_its_reason_not_zero_hands(tmp_path):
    reason = "金华没有十三幺，也没有拾/抢（RULES §3.4 r15）：本研究跳过。"
    summary = synthetic_summary().filter(pl.col("study") != "thirteen_orphans")
    text = report_text(tmp_path, summary, {**META, "skipped": {"thirteen_orphans": reason}})
    headline = text.split("## 主要结果", 1)[1].split("\n## ", 1)[0]
    row = [line for line in headline.splitlines() if line.startswith("| 十三幺")]
    assert row == [f"| 十三幺 | 未运行 | {reason} | – | – |  | – |"]
    assert f"- 十三幺：未运行。{reason}" in text


def test_a_sensitivity_only_run_has_a_headline_table(tmp_path):
    seats = record_frame(1500, seed=1)
    bound = study_sensitivity.bind_rules(cfg.SensitivityParams(flags=["houbao_units", "stacks_per_kong"]), {})
    summary = stats.summary_frame(study_sensitivity.summarize(
        {"base": seats, "houbao_units=1": record_frame(1500, 6), "stacks_per_kong=2": seats}, bound))
    cells = tables.headline_cells(summary)
    assert [c[2] for c in cells] == ["houbao_units=1"]  # the identical change says nothing
    assert cells[0][0] == "规则敏感性" and cells[0][3] != tables.NO_DATA
    text = report_text(tmp_path, summary, {**META, "experiment": "sensitivity"})
    assert "| 规则敏感性 |" in text.split("## 主要结果", 1)[1].split("\n## ", 1)[0]
    assert "- 规则敏感性：影响最大的改变是 `houbao_units=1`（" in text


def test_full_tables_fold_below_the_figures_with_groups_in_words(tmp_path):
    text = report_text(tmp_path, synthetic_summary())
    section = text.split("## 庄家优势", 1)[1].split("\n## ", 1)[0]
    assert section.index("figures/dealer_edge.png") < section.index("<details>") < section.index("| `result_total` |")
    for line in text.splitlines():
        if line.startswith("| `"):  # a full-table row: its group column is in words
            group = line.split(" | ")[2]
            assert group not in PINYIN_GROUPS and not group.startswith(("k=", "t=", "kongs=", "wilds=")), line


def test_the_money_unit_is_one_word_in_every_variant_and_defined_once(tmp_path):
    for variant in ("jincheng", "jinzhong", "jinhua"):
        meta = {**META, "rules": {"variant": variant}}
        text = report_text(tmp_path, synthetic_summary(), meta)
        assert text.count(terms.MONEY_UNIT_DEFINITION) == 2  # the opening line and the method paragraph
        assert text.replace(terms.MONEY_UNIT_DEFINITION, "").count("底分") == 0, variant
        assert "底注" in text.split("## 庄家优势", 1)[1]


def test_every_registered_strategy_is_described_in_chinese():
    """The tournament section says what each strategy models in the report's language: every strategy the registry
    knows has its words (the registry's English doc string is only the fallback of one registered elsewhere)."""
    from reports.strategy_words import strategy_note
    from sim.seat_plan import REGISTRY

    for name in REGISTRY:
        note = strategy_note(name)
        assert note.startswith(f"`{name}`：") and "登记说明" not in note, note
        assert len(re.findall(r"[\u4e00-\u9fff]", note)) > 10, note


def test_the_table_of_arms_says_sessions_and_deal_conditions_in_chinese():
    """The settings' table of arms describes each arm in the report's language: its seats, rule overrides, session
    length and seat 0's deal condition (the code decoded: 73 is exactly 9 幺九/字 kinds)."""
    from experiments.arms import ArmSpec
    from sim.deal_conditions import yaojiu_condition

    assert yaojiu_condition(9) == 73
    arm = ArmSpec(("thirteen_orphans", "greedy", "greedy", "greedy"), (("huang_stacks", 8),), 16, None, 73)
    assert arm.describe() == ("thirteen_orphans / greedy / greedy / greedy；huang_stacks=8；每局 16 手；"
                              "发牌条件：0 号位起手恰有 9 种幺九/字")
    assert ArmSpec(("greedy",) * 4).describe() == "greedy / greedy / greedy / greedy"


def test_a_yes_no_row_has_no_unit_and_money_stays_per_hand():
    """The tune study's rows whose value is 1 = yes, 0 = no (a trial met every constraint; the re-played best did)
    carry no unit; its money rows keep 底注/手."""
    assert tables.unit_label("feasible") == tables.unit_label("reeval_met") == ""
    assert tables.unit_label("reeval_dealer_result") == tables.unit_label("dealer_result") == "底注/手"


def test_the_rules_table_says_every_flag_in_chinese_with_its_name_in_code():
    from sim.rules import defaults

    for variant in ("jincheng", "jinzhong", "jinhua"):
        for flag, _, _, meaning in builder._rules_rows({"rules": defaults(variant).to_dict()}):
            assert re.fullmatch(r"`[a-z_]+`", flag)
            words = meaning.split("；RULES ", 1)[0]
            assert re.search(r"[\u4e00-\u9fff]", words) and "RULES " in meaning, (variant, flag, meaning)
            assert not re.search(r"\b(the|of|on|per|a|an)\b", words), (variant, flag, words)


def test_the_sensitivity_table_has_one_number_format_per_column():
    rows = [stats.Estimate(0.2, 0.01, 0.18, 0.22, 100).row("sensitivity", "dealer_result", "base")]
    for flag, estimate in (("a=1", 0.000078), ("b=1", 0.00033), ("c=1", -0.0041)):
        for name in ("dealer_result", "volatility"):
            rows.append(stats.Estimate(estimate, estimate / 3, estimate * 0.4, estimate * 1.6, 100)
                        .row("sensitivity", f"diff_{name}", flag))
    header, table = section_sensitivity.ranked_table(stats.summary_frame(rows))
    for column in (4, 8):  # dealer result, volatility
        numbers = [n for row in table for n in re.findall(r"[-+]?\d+\.\d+(?:e[-+]\d+)?", row[column])]
        assert numbers and not [n for n in numbers if "e" in n], header[column]
        assert len({len(n.split(".")[1]) for n in numbers}) == 1, (header[column], numbers)
    assert all(re.search(r"[\u4e00-\u9fff]", h) or h == "改变" for h in header)
    text = section_sensitivity.reading(stats.summary_frame(rows))
    assert not re.search(r"\b(needs|same|change)\b", text)


def test_the_comparison_tables_name_groups_and_runs_in_words(tmp_path):
    from reports import comparison

    for i, value in enumerate((1, 2)):
        rows = [stats.Estimate(0.1 * value, 0.01, 0.1 * value - 0.02, 0.1 * value + 0.02, 100)
                .row("huangzhuang", "huang_rate", "all"),
                stats.Estimate(1.0, 0.5, 0.0, 2.0, 100).row("dealer_edge", "result_total", "dealer")]
        write_summary(stats.summary_frame(rows), {**META, "overrides": [f"rules.houbao_units={value}", "hands=100"]},
                      tmp_path / str(i) / "summary.parquet")
    comparison.build_comparison(tmp_path)
    text = (tmp_path / "comparison.md").read_text(encoding="utf-8")
    assert "| 庄家优势 | `result_total` | 每手总输赢 | 庄家 | 底注/手 |" in text
    assert "| dealer |" not in text and "| dealer_edge |" not in text
    assert "run 1（houbao_units=2）" in text


def test_a_variant_the_seat_mix_cannot_play_is_named_not_counted():
    summary = stats.summary_frame(study_variants.summarize(
        {"jincheng": record_frame(800, 4)}, study_variants.VariantsPlan(cfg.VariantsParams(), ("jincheng", "jinhua"))))
    assert summary.filter(pl.col("group") == "jinhua")["n"].to_list() == [0]  # the study's skipped_seats row
    assert "金华未运行：座位组合里有在该变体下不能打的策略。" in conclusions.variants(summary)
    assert [c[2] for c in tables.headline_cells(summary)] == ["晋城", "晋城"]  # 荒庄率, 庄家每手输赢: no 金华 row of n 0


def test_waiting_for_live_waits_reads_with_its_interval_and_identical_arms_leave_the_headline():
    rows = [stats.Estimate(0.0, 0.0, 0.0, 0.0, 2000).row("early_ting", "diff_mean_result", "t=2"),
            stats.Estimate(0.004, 0.008, -0.011, 0.020, 2000).row("early_ting", "diff_mean_result", "t=3"),
            stats.Estimate(-0.183, 0.044, -0.270, -0.097, 2000).row("early_ting", "diff_mean_result", "t=5")]
    summary = stats.summary_frame(rows)
    assert conclusions.early_ting(summary) == "立即上架不亏：等到 t = 5 个活张再上架每手亏 0.183 [0.097, 0.270] 底注。"
    assert [c[2] for c in tables.headline_cells(summary)] == ["等 3 个活张", "等 5 个活张"]  # t = 2 played alike
    two = stats.summary_frame(rows + [stats.Estimate(-0.06, 0.02, -0.1, -0.02, 2000)
                                      .row("early_ting", "diff_mean_result", "t=4")])
    assert "t = 4、5 个活张再上架每手亏 0.060–0.183 底注（区间都不含 0）。" in conclusions.early_ting(two)
