"""The studies under rules=jinzhong (晋中, RULES §2): each sweeps or compares what 晋中 has, parameters that mean
nothing there stop with one line, and the default overview writes every report section with content."""
import re

import polars as pl
import pytest

from experiments import study_dealer_edge, study_huangzhuang, study_thirteen_orphans
from experiments.arms import ArmSpec
from experiments.compose import load_run_config
from experiments.config import ConfigError, DealerEdgeParams, HuangzhuangParams, ThirteenOrphansParams
from experiments.variant_params import skip_reason
from reports import terms
from synthetic_records import record_frame

BASE = ArmSpec(("greedy",) * 4)
JINZHONG = {"variant": "jinzhong"}


def test_jinzhong_sweep_is_dead_wall_by_point_limit_on_the_runs_walls():
    """RULES §2.1 r4 (A24 jz_dead_wall) and §2.4 r15 (A17 jz_point_limit): the 晋中 sweep's four cells."""
    arms = study_huangzhuang.plan(study_huangzhuang.bind_rules(HuangzhuangParams(sweep_hands=300), JINZHONG), BASE)
    assert arms["dead_wall=14, point_limit=off"] == ArmSpec(
        ("greedy",) * 4, (("jz_dead_wall", 14), ("jz_point_limit", False)), 0, 300)
    assert arms["dead_wall=0, point_limit=on"].rules == (("jz_dead_wall", "none"), ("jz_point_limit", True))
    assert sorted(arms) == ["dead_wall=0, point_limit=off", "dead_wall=0, point_limit=on",
                            "dead_wall=14, point_limit=off", "dead_wall=14, point_limit=on", "seats"]
    assert not any("huang_stacks" in dict(arm.rules) for arm in arms.values())
    # 晋城 keeps its sweep when nothing is set
    jincheng = study_huangzhuang.plan(study_huangzhuang.bind_rules(HuangzhuangParams(), {}), BASE)
    assert len(jincheng) == 1 + 5 * 3 and "stacks=9, pong=never" in jincheng


def test_jinzhong_thirteen_orphans_has_no_shi_qiang_arms():
    bound = study_thirteen_orphans.bind_rules(ThirteenOrphansParams(min_distinct=[9, 13], hands_per_k=50), JINZHONG)
    arms = study_thirteen_orphans.plan(bound, BASE)
    assert sorted(arms) == ["chase k=13, shi_qiang=off", "chase k=9, shi_qiang=off",
                            "greedy k=13, shi_qiang=off", "greedy k=9, shi_qiang=off"]
    assert all(arm.rules == () for arm in arms.values())  # 晋中 has no allow_shi / allow_qiang flag


def test_jinzhong_dealer_edge_writes_no_qianbao_houbao_rows():
    frame = record_frame(200, 5)
    jinzhong = study_dealer_edge.summarize({"seats": frame},
                                           study_dealer_edge.bind_rules(DealerEdgeParams(0), JINZHONG))
    names = {row["name"] for row in jinzhong}
    assert {"result_win", "result_kong", "result_total", "win_rate"} <= names
    assert not names & {"result_qianbao", "result_houbao"}
    jincheng = study_dealer_edge.summarize({"seats": frame}, study_dealer_edge.bind_rules(DealerEdgeParams(0), {}))
    assert {"result_qianbao", "result_houbao"} <= {row["name"] for row in jincheng}


def test_report_words_follow_the_variant():
    with terms.using("jinzhong"):
        assert terms.say("上架轮次（底注/手）") == "报听轮次（底注/手）" and terms.money_unit() == "底注"  # one unit
    assert terms.say("上架轮次（底注/手）") == "上架轮次（底注/手）"


@pytest.mark.parametrize("overrides, words", [
    (["rules=jinzhong", "experiment=huangzhuang", "experiment.huangzhuang.stacks=[5,9]"],
     ("experiment.huangzhuang.stacks", "jinzhong", "dead_wall, point_limit")),
    (["rules=jinzhong", "experiment=huangzhuang", "experiment.huangzhuang.pong_policies=[never]"],
     ("experiment.huangzhuang.pong_policies", "jinzhong")),
    (["rules=jinzhong", "experiment=thirteen_orphans", "experiment.thirteen_orphans.shi_qiang=[true]"],
     ("experiment.thirteen_orphans.shi_qiang", "jinzhong")),
    (["experiment=huangzhuang", "experiment.huangzhuang.dead_wall=[0,14]"],
     ("experiment.huangzhuang.dead_wall", "jincheng", "stacks, pong_policies")),
    (["rules=jinzhong", "experiment=huangzhuang", "experiment.huangzhuang.dead_wall=[7]"],
     ("experiment.huangzhuang.dead_wall[0]=7", "0, 14")),
])
def test_parameters_of_another_variant_are_one_line_errors(overrides, words):
    with pytest.raises(ConfigError) as error:
        load_run_config(overrides)
    message = str(error.value)
    assert "\n" not in message and all(w in message for w in words), message


def test_meaningless_parameter_exits_2_on_the_command_line(tmp_path, capsys):
    from experiments.app import main

    with pytest.raises(SystemExit) as stop:
        main(["rules=jinzhong", "experiment.huangzhuang.stacks=[5]", f"hydra.run.dir={tmp_path}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: experiment.huangzhuang.stacks=") and "jinzhong" in err[0]


def _sections(markdown: str) -> dict[str, str]:
    """Return {h2 heading: the text up to the next h2} of a report."""
    parts = re.split(r"^## (.+)$", markdown, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def test_jinzhong_overview_writes_every_section(tmp_path, capsys):
    """`mjrules rules=jinzhong` with the overview's defaults (sizes cut to ≤ 1,000 hands per arm) exits 0 and every
    section has a figure, a reading and a table, in 晋中's words (报听) and the one money unit 底注, without 前包/后包
    or 拾/抢."""
    from experiments.app import main
    from reports.sections import SECTIONS

    main(["rules=jinzhong", "hands=1000", "jobs=1", "progress=false", f"hydra.run.dir={tmp_path}",
          "experiment.huangzhuang.sweep_hands=300", "experiment.thirteen_orphans.hands_per_k=100",
          "experiment.thirteen_orphans.min_distinct=[9,13]", "experiment.early_ting.min_live_waits=[3]",
          "experiment.dealer_edge.session_length=8", "experiment.sensitivity.flags=[jz_point_limit]",
          "experiment.sensitivity.hands=300", "experiment.variants.hands=300"])
    assert f"report: {tmp_path / 'report.html'}" in capsys.readouterr().out
    summary = pl.read_parquet(tmp_path / "summary.parquet")
    sweep = summary.filter(pl.col("name") == "huang_rate_sweep")
    assert sorted(sweep["group"]) == ["dead_wall=0, point_limit=off", "dead_wall=0, point_limit=on",
                                      "dead_wall=14, point_limit=off", "dead_wall=14, point_limit=on"]
    assert summary.filter(pl.col("name").is_in(["result_qianbao", "result_houbao"])).is_empty()
    assert not summary["group"].str.contains("shi_qiang=on").any()
    sections = _sections((tmp_path / "report.md").read_text(encoding="utf-8"))
    with terms.using("jinzhong"):
        titles = {study: terms.say(section.title) for study, section in SECTIONS.items()}
    overview = set(load_run_config(["rules=jinzhong"]).experiment.studies)
    for study, title in titles.items():
        if study not in overview:  # a study of its own experiment only (tune)
            continue
        if skip_reason(study, JINZHONG):  # a study of another variant's rules (caishen): its reason only
            assert skip_reason(study, JINZHONG) in sections[title] and "figures/" not in sections[title], study
            continue
        body = sections[title]
        assert body.count("\n| ") >= 3, study                # a table with rows
        assert "figures/" in body, study                      # its figure
        assert (tmp_path / "figures" / f"{study}.png").stat().st_size > 10_000
    assert titles["early_ting"].startswith("报听")
    for study in ("dealer_edge", "huangzhuang", "thirteen_orphans", "early_ting"):
        body = sections[titles[study]]
        assert "底分" not in body and "上架" not in body and "前包" not in body and "后包" not in body, study
        assert not re.search("(?<!没)有拾/抢", body) and "荒牌" not in body, study
    assert "底注" in sections[titles["dealer_edge"]]
    assert "点数限制" in sections[titles["huangzhuang"]]


def test_sensitivity_flags_are_the_run_variants():
    """A 晋中 flag is a sensitivity flag under rules=jinzhong (RULES §2.4 r15, A17), and a 晋城-only flag is not."""
    from experiments.config import SensitivityParams
    from experiments.study_sensitivity import bind_rules

    assert bind_rules(SensitivityParams(flags=["jz_point_limit"]), JINZHONG).params.flags == ["jz_point_limit"]
    with pytest.raises(ConfigError, match=r"flags\[0\]='huang_stacks' is not a rule flag; .*\(the flags of jinzhong\)"):
        bind_rules(SensitivityParams(flags=["huang_stacks"]), JINZHONG)
