"""The studies under rules=plain (推倒胡, the control, docs/rules/plain.md): studies that mean nothing there (十三幺
with 拾/抢, 上架) skip with a one-line reason, the 荒庄 study plays the seat mix without a 晋城 sweep (the wall is
drawn to its last tile) and reads in 推倒胡's words, dealer_edge has no kong money and no 前包/后包, and the overview
writes a report.
"""
import polars as pl
import pytest

from experiments import study_dealer_edge, study_huangzhuang
from experiments.arms import ArmSpec
from experiments.config import ConfigError, HuangzhuangParams
from experiments.variant_params import skip_reason

BASE = ArmSpec(("greedy",) * 4)
PLAIN = {"variant": "plain"}


def test_r10_r11_studies_meaningless_in_plain_skip_with_a_reason():
    """docs/rules/plain.md r10 (no ting declaration) and r11 (no 十三幺): early_ting and thirteen_orphans skip under
    推倒胡; every other study runs."""
    assert "不上架" in skip_reason("early_ting", PLAIN) and "plain.md r10" in skip_reason("early_ting", PLAIN)
    assert "十三幺" in skip_reason("thirteen_orphans", PLAIN) and "plain.md r11" in skip_reason("thirteen_orphans", PLAIN)
    for study in ("dealer_edge", "huangzhuang", "sensitivity", "variants", "shapes"):
        assert skip_reason(study, PLAIN) is None


def test_r3_huangzhuang_plays_the_seat_mix_only_and_refuses_the_jincheng_sweep():
    """docs/rules/plain.md r3: the wall is drawn to its last tile, so there is no 荒 stack to sweep; a 晋城 sweep key
    is a one-line error. r20: a kong earns nothing, so dealer_edge has no kong component (nor 前包/后包)."""
    assert list(study_huangzhuang.plan(study_huangzhuang.bind_rules(HuangzhuangParams(), PLAIN), BASE)) == ["seats"]
    with pytest.raises(ConfigError, match="^experiment.huangzhuang.stacks=.* means nothing with rules=plain"):
        study_huangzhuang.bind_rules(HuangzhuangParams(stacks=[7]), PLAIN)
    assert study_dealer_edge.components("plain") == ["win", "total"]


def test_r3_huangzhuang_reading_speaks_of_the_wall_drawn_to_its_last_tile():
    """docs/rules/plain.md r3: under 推倒胡 the kong groups' note and the missing sweep say the wall is drawn to its
    last tile, with no 荒 stacks and no reserve."""
    from reports import readings, terms
    from synthetic_records import record_frame

    summary = pl.DataFrame(study_huangzhuang.summarize({"seats": record_frame(600, 3)}, HuangzhuangParams()))
    with terms.using("plain"):
        plain = readings.huangzhuang(summary)
    assert "摸到最后一张" in plain and "不扫荒牌墩数" in plain and "每杠少摸一张牌" in plain
    assert "每杠多留一墩荒牌" not in plain and "14 张" not in plain


def test_r3_r10_r11_r20_plain_overview_reports_every_study_or_why_it_skipped(tmp_path, capsys):
    """`mjrules rules=plain` (sizes cut) exits 0; the report has the five played sections and a one-line reason for
    thirteen_orphans (r11) and early_ting (r10), nothing simulated for them; no kong money or 前包/后包 rows (r20);
    the 荒庄 reading speaks of the wall drawn to its last tile (r3)."""
    from experiments.app import main

    main(["rules=plain", "hands=600", "jobs=1", "progress=false", f"hydra.run.dir={tmp_path}",
          "experiment.dealer_edge.session_length=8", "experiment.sensitivity.flags=[chi]",
          "experiment.sensitivity.hands=200", "experiment.variants.hands=200"])
    assert f"report: {tmp_path / 'report.html'}" in capsys.readouterr().out
    summary = pl.read_parquet(tmp_path / "summary.parquet")
    assert set(summary["study"].unique()) == {"dealer_edge", "huangzhuang", "sensitivity", "variants", "shapes"}
    assert summary.filter(pl.col("name").is_in(["result_kong", "result_qianbao", "result_houbao"])).is_empty()
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "推倒胡没有十三幺，也没有拾/抢（docs/rules/plain.md r11）：本研究跳过。" in report
    assert "推倒胡不上架，胡牌不需要听牌（docs/rules/plain.md r10）：本研究跳过。" in report
    huang = report.split("## 荒庄")[1].split("\n## ")[0]
    assert "摸到最后一张" in huang and "墩荒牌" not in huang and "荒牌从" not in huang
    assert not any(p.name.startswith(("thirteen_orphans", "early_ting")) for p in (tmp_path / "hands").iterdir())


def test_plain_is_the_variants_studys_control_by_its_facts():
    """推倒胡 is the rule set the variants study measures the others against: its study facts say so (``CONTROL``),
    and the study's control, unset in its config, is the one the facts name."""
    from experiments.compose import load_run_config
    from sim.variant_facts import control_rule_set, facts

    assert facts("plain").CONTROL is True and control_rule_set() == "plain"
    assert load_run_config(["experiment=variants"]).experiment.variants.control == "plain"
    unset = load_run_config(["experiment=variants", "experiment.variants.control=null"])
    assert unset.experiment.variants.control is None
