"""The tune study's report says what the search did and found, without contradicting itself: a 结论 that says
whether a setting meets the targets, the hands the search played, its arms, Chinese names, 是/否 for yes/no rows,
the report's one interval style, honest words on which trials the sampler proposed, and Chinese console lines.
Summaries come from the study module's own row builders (synthetic records, an in-memory Optuna study)."""
import math

import optuna
import polars as pl
import pytest

from experiments import study_tune
from experiments.config import TuneParams, TuneTarget
from experiments.tune_search import feasible
from reports import builder, conclusions, section_tune, stats, tables
from reports.summary_io import write_summary
from synthetic_records import tune_rows

META = {"experiment": "tune", "seed": 0, "hands": 400, "simulated_hands": 0, "hands_played": 0, "run_seconds": 2.0,
        "rules": {"variant": "jincheng"}, "seats_name": "all_greedy", "seats": ["greedy"] * 4, "arms": []}


def tune_summary(**changes) -> pl.DataFrame:
    """Return the synthetic tune summary with some ``search`` facts or the best setting's ``reeval_met`` changed."""
    rows = []
    for row in tune_rows():
        if row["group"] == "search" and row["name"] in changes:
            row = {**row, "estimate": float(changes[row["name"]])}
        if row["name"] == "reeval_met" and "met" in changes:
            row = {**row, "estimate": float(changes["met"])}
        rows.append(row)
    return stats.summary_frame(rows)


def report(tmp_path, summary: pl.DataFrame, meta: dict = META) -> str:
    write_summary(summary, meta, tmp_path / "summary.parquet")
    builder.build_report(tmp_path)
    return (tmp_path / "report.md").read_text(encoding="utf-8")


def opening(text: str) -> list[str]:
    return [line for line in text.split("## 结论", 1)[1].split("## 主要结果", 1)[0].splitlines()
            if line.startswith("- ")]


def test_the_conclusion_says_whether_a_setting_meets_the_targets():
    met = conclusions.conclusions(tune_summary(met=1))
    assert len(met) == 1 and met[0].startswith("规则调优：达到目标：第 2 组（`houbao_units` 2 → 1）在新牌墙复测中满足全部约束")
    assert "荒庄率 15.0 % [11.8, 18.8]" in met[0] and "（搜索牌墙上 3 组里 2 组满足全部约束）" in met[0]
    unconfirmed = conclusions.conclusions(tune_summary(met=0))[0]
    assert "复测没有确认" in unconfirmed and "未满足全部约束" in unconfirmed
    none = conclusions.conclusions(tune_summary(met=0, feasible_trials=0))[0]
    assert none.startswith("规则调优：没有一组设置达到目标：最接近的是第 2 组")


def test_the_report_counts_the_hands_the_search_played_and_lists_its_arms(tmp_path):
    text = report(tmp_path, tune_summary())
    assert "共模拟 2,000 手" in text  # 3 settings × 400 on the search walls + the base and 1 best × 400 re-played
    arms = text.split("### 模拟的臂", 1)[1].split("###", 1)[0]
    rows = [line for line in arms.splitlines() if line.startswith("| `")]
    assert rows == ["| `tune.db`（搜索牌墙） | 3 组不同的规则设置（逐组见 `trials.parquet`） | 1,200 | 规则调优：搜索 |",
                    "| `reeval/base` | 基准规则 | 400 | 规则调优：新牌墙复测 |",
                    "| `reeval/trial_2` | 第 2 组：houbao_units=1 | 400 | 规则调优：新牌墙复测 |"]
    assert len(opening(text)) == 1


def test_the_study_its_groups_and_its_yes_no_rows_read_in_chinese(tmp_path):
    text = report(tmp_path, tune_summary())
    assert text.startswith("# mjrules 报告：规则调优\n")
    cells = tables.headline_cells(tune_summary())
    assert {c[0] for c in cells} == {"规则调优"} and {c[2] for c in cells} == {"最优 1"}
    assert [c[3] for c in cells if c[1] == "复测是否满足全部约束"] == ["否"]
    full = builder.table_rows(tune_summary())
    feasible_cells = {r[2]: r[3] for r in full if r[0] == "`feasible`"}
    assert feasible_cells == {"第 0 组试验": "是", "第 1 组试验": "否", "第 2 组试验": "是"}
    assert "best=" not in text and "trial=" not in text.replace("reeval/trial_", "")


def test_the_tune_section_writes_intervals_in_the_reports_one_style(tmp_path):
    text = report(tmp_path, tune_summary())
    section = text.split("## 规则调优", 1)[1].split("## 运行设置与版本", 1)[0]
    assert "…" not in section and " pp" not in section
    assert "| 荒庄率 | 16.5 % [13.2, 20.5] | 15.0 % [11.8, 18.8] | +0.8 个百分点 [-4.3, +5.8] |" in section


def test_the_words_on_the_sampler_say_who_proposed_the_settings():
    rows = section_tune.rows_of(tune_summary())
    assert section_tune.sampler_words(rows) == ("试过的 3 组是基准规则和 2 组单改一个规则的设置（都在 TPE 之前排队），"
                                                "TPE 一组也没有提出；另有 5 组排队的设置没有轮到"
                                                "（试验数 `experiment.tune.trials` 用完了）。")
    mixed = section_tune.rows_of(tune_summary(trials=8, queued=3, proposed=5, waiting=0))
    assert section_tune.sampler_words(mixed) == "试过的 8 组里，3 组是在 TPE 之前排队的基准规则和单改一个规则的设置，TPE 提出了 5 组。"


@pytest.fixture(scope="module")
def searched():
    """A real in-memory Optuna study of the tune space (houbao_units × huang_stacks, 2 × 5 settings): the base and
    four settings queued (the base and three one-flag changes), 5 trials played (the 4 queued, 1 proposed by TPE),
    with made-up numbers."""
    targets = [TuneTarget("dealer_result", "target", 0.0, 0.5), TuneTarget("huang_rate", "max_bound", 0.2)]
    bound = study_tune.bind_rules(TuneParams(flags=["houbao_units", "huang_stacks"], reeval_hands=300,
                                             targets=targets), {})
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(sampler=optuna.samplers.TPESampler(seed=1))
    seeds = [bound.space.base_setting(), {**bound.space.base_setting(), "houbao_units": 1},
             {**bound.space.base_setting(), "huang_stacks": 5}, {**bound.space.base_setting(), "huang_stacks": 9}]
    for setting in seeds:
        study.enqueue_trial(setting)
    for i in range(5):
        trial = study.ask(bound.space.distributions())
        trial.set_user_attr("hands", 500)
        trial.set_user_attr("huang_rate", 0.1 + 0.01 * i)
        trial.set_user_attr("violations", [-0.1, -0.1])
        trial.set_constraint("goal_0", -0.1)
        trial.set_constraint("goal_1", -0.1)
        study.tell(trial, 0.1 + 0.01 * i)
    return bound, study


def test_search_rows_count_queued_and_proposed_trials_and_the_hands_played(searched):
    bound, study = searched
    reeval = [{"group": "best=1", "name": "reeval_met"}, {"group": "best=2", "name": "reeval_met"}]
    facts = {r["name"]: r["estimate"] for r in study_tune.search_rows(study, bound, 500, 0, 1, 1.0, reeval)}
    assert (facts["trials"], facts["queued"], facts["proposed"], facts["waiting"]) == (5, 4, 1, 0)
    assert facts["simulated_hands"] == 5 * 500 + 3 * 300  # five settings searched, the base and two best re-played
    assert math.isnan(study_tune.search_rows(study, bound, 500, 0, 1, 1.0, reeval)[0]["se"])


def test_the_console_lines_of_the_best_settings_are_chinese_with_rates_in_percent(searched):
    bound, study = searched
    best = [t for t in study.trials if t.params.get("houbao_units") == 1]
    assert best and feasible(best[0])
    reeval = [stats.Estimate(0.036, 0.003, 0.032, 0.042, 300).row("tune", "reeval_huang_rate", "best=1")]
    lines = study_tune.best_lines(bound, best[:1], reeval)
    assert lines == [f"调优最优 1（第 {best[0].number} 组）：houbao_units 2 → 1",
                     "  新牌墙复测 荒庄率：3.6 % [3.2, 4.2]"]
    assert all(len(line) <= 80 for line in lines)


def test_a_difference_zero_on_every_hand_is_said_not_printed_as_zeros(tmp_path):
    """A re-played setting whose flag never acted differs from the base by exactly 0 on every hand: the table says
    so instead of ``0.0 个百分点 [0.0, 0.0]``, which reads like missing data; the headline names a trial's hands."""
    zero = {"estimate": 0.0, "se": 0.0, "ci_low": 0.0, "ci_high": 0.0, "n": 400}
    assert section_tune._interval(zero, "huang_rate", signed=True) == "0（每手都是 0）"
    text = report(tmp_path, tune_summary())
    assert "实验：规则调优，每组试验 400 手" in text and "[0.0, 0.0]" not in text
