"""The studies under rules=jinhua (金华, RULES §3): studies that mean nothing there (十三幺 with 拾/抢, 上架) skip
with a one-line reason in the report, the 荒庄 study plays the seat mix without a 晋城 sweep and reads in 金华's
words (its 14-tile reserve, no 荒 stacks), dealer_edge has no 前包/后包, and the overview writes a report with
the caishen study."""
import polars as pl
import pytest

from experiments import study_dealer_edge, study_huangzhuang
from experiments.arms import ArmSpec
from experiments.compose import load_run_config
from experiments.config import ConfigError, HuangzhuangParams
from experiments.variant_params import skip_reason

BASE = ArmSpec(("greedy",) * 4)
JINHUA = {"variant": "jinhua"}


def test_studies_meaningless_in_jinhua_skip_with_a_reason():
    """RULES §3.4 r14 (no ting) and r15 (no 十三幺): early_ting and thirteen_orphans skip under 金华 only."""
    assert "不上架" in skip_reason("early_ting", JINHUA) and "r14" in skip_reason("early_ting", JINHUA)
    assert "十三幺" in skip_reason("thirteen_orphans", JINHUA)
    for study in ("dealer_edge", "huangzhuang", "sensitivity", "variants", "shapes", "caishen"):
        assert skip_reason(study, JINHUA) is None
    assert skip_reason("early_ting", {"variant": "jinzhong"}) is None and skip_reason("thirteen_orphans", {}) is None


def test_huangzhuang_plays_the_seat_mix_only_and_refuses_the_jincheng_sweep():
    """RULES §3.1 r4: 金华's 荒 comes from its fixed reserve, so no 荒-stack sweep; a 晋城 sweep key is one line."""
    assert list(study_huangzhuang.plan(study_huangzhuang.bind_rules(HuangzhuangParams(), JINHUA), BASE)) == ["seats"]
    with pytest.raises(ConfigError, match="^experiment.huangzhuang.stacks=.* means nothing with rules=jinhua"):
        study_huangzhuang.bind_rules(HuangzhuangParams(stacks=[7]), JINHUA)
    assert study_dealer_edge.components("jinhua") == ["win", "kong", "total"]


def test_jinhua_overview_reports_every_study_or_why_it_skipped(tmp_path, capsys):
    """`mjrules rules=jinhua` (sizes cut) exits 0; the report has the six played sections (caishen included) and a
    one-line reason for thirteen_orphans and early_ting, nothing simulated for them; the 荒庄 reading speaks of 金华's
    reserve, not of 荒 stacks."""
    from experiments.app import main

    main(["rules=jinhua", "hands=600", "jobs=1", "progress=false", f"hydra.run.dir={tmp_path}",
          "experiment.dealer_edge.session_length=8", "experiment.sensitivity.flags=[jh_dealer_double]",
          "experiment.sensitivity.hands=200", "experiment.variants.hands=200"])
    assert f"report: {tmp_path / 'report.html'}" in capsys.readouterr().out
    summary = pl.read_parquet(tmp_path / "summary.parquet")
    assert set(summary["study"].unique()) == {"dealer_edge", "huangzhuang", "sensitivity", "variants", "shapes",
                                              "caishen"}
    assert summary.filter(pl.col("name").is_in(["result_qianbao", "result_houbao"])).is_empty()
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "金华没有十三幺，也没有拾/抢（RULES §3.4 r15）：本研究跳过。" in report
    assert "金华不上架，胡牌不需要听牌（RULES §3.4 r14）：本研究跳过。" in report
    huang = report.split("## 荒庄")[1].split("\n## ")[0]
    assert "留 14 张补杠牌" in huang and "墩荒牌" not in huang and "荒牌从" not in huang
    assert "## 财神（金华）" in report and (tmp_path / "figures" / "caishen.png").is_file()
    assert not any(p.name.startswith(("thirteen_orphans", "early_ting")) for p in (tmp_path / "hands").iterdir())


def test_a_jinhua_seat_mix_with_a_ting_strategy_is_a_one_line_error():
    """RULES §3.4 r14: a seat mix holding selective_ting is refused before anything runs."""
    with pytest.raises(ConfigError, match=r"^seats.seats: strategy 'selective_ting' means nothing under rules=jinhua"):
        load_run_config(["rules=jinhua", "seats=one_selective"])


def test_huangzhuang_reading_speaks_of_the_reserve_under_jinhua():
    """RULES §3.1 r4: under 金华 the kong groups' note and the missing sweep name the 14-tile reserve; 晋城 keeps its
    荒 stacks."""
    from reports import readings, terms
    from synthetic_records import record_frame

    summary = pl.DataFrame(study_huangzhuang.summarize({"seats": record_frame(600, 3)}, HuangzhuangParams()))
    with terms.using("jinhua"):
        jinhua = readings.huangzhuang(summary)
    assert "留 14 张补杠牌" in jinhua and "不扫荒牌墩数" in jinhua and "每杠多留一墩荒牌" not in jinhua
    assert "每杠多留一墩荒牌" in readings.huangzhuang(summary) and "14 张" not in readings.huangzhuang(summary)
