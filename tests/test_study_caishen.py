"""The caishen study (金华, RULES §3.2 r5 财神, §3.4 r15 爆头, §3.5 r20 承包): its estimators on synthetic records
with known answers, its one-line refusal under another variant (skipped with its reason inside the overview), and
the study end to end on a small run with its report section."""
import math

import numpy as np
import polars as pl
import pytest

from experiments import study_caishen
from experiments.arms import ArmSpec
from experiments.compose import load_run_config
from experiments.config import CaishenParams, ConfigError
from experiments.variant_params import skip_reason
from reports import stats
from sim.core.codes import FEATURE_BAOTOU, FEATURE_PINGHU
from synthetic_records import record_frame


def rows_by(rows: list[dict]) -> dict[tuple[str, str], dict]:
    return {(r["name"], r["group"]): r for r in rows}


def with_wilds(frame: pl.DataFrame, seed: int) -> pl.DataFrame:
    wilds = np.random.default_rng(seed).choice(4, frame.height, p=[0.4, 0.35, 0.2, 0.05])
    return frame.with_columns(pl.Series("s0_wilds_dealt", wilds, dtype=pl.Int8))


def test_win_rate_and_result_by_wilds_dealt_match_a_direct_count():
    frame = with_wilds(record_frame(3000, seed=11), 12)
    got = rows_by(study_caishen.wilds_rows(frame))
    wilds, winner, result = (frame[c].to_numpy() for c in ("s0_wilds_dealt", "winner", "s0_delta"))
    for k in range(4):
        chosen = wilds == k
        rate, mean = got[("win_rate", f"wilds={k}")], got[("mean_result", f"wilds={k}")]
        assert rate["n"] == mean["n"] == chosen.sum() > 0
        assert rate["estimate"] == pytest.approx((winner[chosen] == 0).mean())
        assert mean["estimate"] == pytest.approx(result[chosen].mean())
        assert mean["se"] == pytest.approx(result[chosen].std(ddof=1) / math.sqrt(chosen.sum()))
    for k in (1, 2, 3):
        diff = got[("diff_mean_result_wilds", f"wilds={k}−0")]
        first, zero = got[("mean_result", f"wilds={k}")], got[("mean_result", "wilds=0")]
        assert diff["estimate"] == pytest.approx(first["estimate"] - zero["estimate"])
        assert diff["se"] == pytest.approx(math.hypot(first["se"], zero["se"]))  # unpaired: the two se combine
        assert diff["n"] == first["n"] + zero["n"]
        rate = got[("diff_win_rate_wilds", f"wilds={k}−0")]
        assert rate["estimate"] == pytest.approx(got[("win_rate", f"wilds={k}")]["estimate"]
                                                 - got[("win_rate", "wilds=0")]["estimate"])


def test_the_unpaired_difference_interval_covers_a_known_effect():
    """Synthetic law: result = 0.5·wilds + noise (sd 3), so the true wilds=2−0 difference is 1.0; over 300 samples
    of 800 hands its 95 % interval covers 1.0 about 95 % of the time."""
    rng = np.random.default_rng(3)
    covered = 0
    base = record_frame(800, seed=4)
    for _ in range(300):
        wilds = rng.integers(0, 4, base.height)
        result = 0.5 * wilds + rng.normal(0, 3, base.height)
        frame = base.with_columns(pl.Series("s0_wilds_dealt", wilds, dtype=pl.Int8), pl.Series("s0_delta", result))
        row = rows_by(study_caishen.wilds_rows(frame))[("diff_mean_result_wilds", "wilds=2−0")]
        covered += row["ci_low"] <= 1.0 <= row["ci_high"]
    assert 0.91 <= covered / 300 <= 0.99


def arm(results, winners, features) -> pl.DataFrame:
    return pl.DataFrame({"hand": np.arange(len(results)), "s0_delta": results, "winner": winners,
                         "win_features": features})


def test_baotou_gain_is_paired_and_counts_only_seat0_baotou_wins():
    greedy = arm([6, -2, 4, 0, -1], [0, 1, 0, -1, 2], [FEATURE_PINGHU] * 3 + [None, FEATURE_BAOTOU])
    baotou = arm([12, -4, 0, 0, -1], [0, 1, 2, -1, 2], [FEATURE_BAOTOU, FEATURE_PINGHU, FEATURE_PINGHU, None,
                                                         FEATURE_BAOTOU])  # null on 荒庄, as sim.record writes
    got = rows_by(study_caishen.baotou_rows(greedy, baotou, "baotou{min_live_tiles=4}"))
    gain = got[("baotou_gain", "baotou{min_live_tiles=4} − greedy")]
    differences = np.array([6, -2, -4, 0, 0])
    assert gain["estimate"] == pytest.approx(differences.mean()) and gain["n"] == 5
    assert gain["se"] == pytest.approx(differences.std(ddof=1) / math.sqrt(5))
    # seat 2's 爆头 (hand 4) is not seat 0's
    assert got[("baotou_rate", "greedy")]["estimate"] == 0 and got[("baotou_rate", "baotou")]["estimate"] == 0.2
    assert got[("arm_win_rate", "greedy")]["estimate"] == 0.4 and got[("arm_win_rate", "baotou")]["estimate"] == 0.2
    with pytest.raises(ValueError, match="same hands"):
        study_caishen.baotou_rows(greedy, baotou.head(4), "baotou")


def chengbao_frame() -> pl.DataFrame:
    """Four hands with known 承包 (RULES §3.5 r16, r17, r20; dealer 0):

    0. seat 1 wins on seat 3's discard (M = 1: T = 2 + 1 + 1 = 4) holding 3 摊 from seat 2: seat 2 pays the 4;
    1. seat 0 self-draws (T = 6); seat 3 holds 3 摊 from seat 0 and pays 2·T = 12;
    2. seat 2 self-draws without 承包; 3. 荒庄.
    """
    chengbao = [[1, 0, -3, 2], [6, 2, 2, -10], [0, 0, 0, 0], [0, 0, 0, 0]]
    delta = [[0, 4, -4, 0], [12, 0, 0, -12], [-2, -2, 6, -2], [0, 0, 0, 0]]
    data = {"hand": [0, 1, 2, 3], "dealer": [0, 0, 0, 0], "winner": [1, 0, 2, -1]}
    for k in range(4):
        data[f"s{k}_chengbao"] = [row[k] for row in chengbao]
        data[f"s{k}_delta"] = [row[k] for row in delta]
    return pl.DataFrame(data)


def test_chengbao_frequency_cases_payers_and_money_share_on_known_hands():
    got = rows_by(study_caishen.chengbao_rows(chengbao_frame()))
    assert got[("chengbao_rate", "all")]["estimate"] == 0.5 and got[("chengbao_rate", "all")]["n"] == 4
    assert got[("chengbao_case_share", "winner_took_3")]["estimate"] == 0.5
    assert got[("chengbao_case_share", "payer_took_3")]["estimate"] == 0.5
    payers = {g: got[("chengbao_payer_share", g)]["estimate"] for g in
              ("dealer", "xian", "winner_xiajia", "winner_duijia", "winner_shangjia")}
    # hand 0: seat 2 pays, the winner's (seat 1's) 下家; hand 1: seat 3 pays, the winner's (seat 0's) 上家
    assert payers == {"dealer": 0.0, "xian": 1.0, "winner_xiajia": 0.5, "winner_duijia": 0.0,
                      "winner_shangjia": 0.5}
    share = got[("chengbao_money_share", "all")]
    assert share["estimate"] == pytest.approx((6 + 20) / (8 + 24 + 12)) and share["n"] == 4
    assert share["ci_low"] < share["estimate"] < share["ci_high"]


def test_independent_difference_combines_the_standard_errors():
    a, b = stats.Estimate(2.0, 0.3, 0, 0, 100), stats.Estimate(0.5, 0.4, 0, 0, 50)
    d = stats.independent_difference(a, b)
    assert (d.estimate, d.se, d.n) == (1.5, pytest.approx(0.5), 150)
    assert d.ci_low == pytest.approx(1.5 - 1.959964 * 0.5, abs=1e-5)
    assert math.isnan(stats.independent_difference(a, stats.Estimate(1.0, math.nan, math.nan, math.nan, 1)).se)


def test_plan_pairs_seat0_greedy_with_seat0_baotou_on_the_same_walls():
    arms = study_caishen.plan(CaishenParams(min_live_tiles=6), ArmSpec(("greedy", "random", "greedy", "greedy")))
    assert arms["greedy"].seats == ("greedy", "random", "greedy", "greedy")
    assert arms["baotou"].seats == ("baotou{min_live_tiles=6}", "random", "greedy", "greedy")
    assert arms["seats"] == arms["greedy"]


@pytest.mark.parametrize("rules", ["jincheng", "jinzhong"])
def test_caishen_under_another_variant_is_a_one_line_error_and_skips_inside_the_overview(rules):
    with pytest.raises(ConfigError) as error:
        load_run_config([f"rules={rules}", "experiment=caishen"])
    message = str(error.value)
    assert message == (f"experiment=caishen means nothing with rules={rules}: the caishen study plays only under "
                       "rules=jinhua") and "\n" not in message
    assert "金华" in skip_reason("caishen", {"variant": rules})
    assert skip_reason("caishen", {"variant": "jinhua"}) is None
    config = load_run_config([f"rules={rules}"])  # the overview: caishen is in it and skipped
    assert "caishen" in config.experiment.studies


def test_caishen_refusal_exits_2_on_the_command_line(capsys):
    from experiments.app import main

    with pytest.raises(SystemExit) as stop:
        main(["experiment=caishen", "hands=100"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: experiment=caishen means nothing with rules=jincheng") and err.count("\n") == 1


def test_bad_threshold_is_a_one_line_error():
    with pytest.raises(ConfigError, match=r"^experiment.caishen.min_live_tiles=69 is out of range 0..68$"):
        load_run_config(["rules=jinhua", "experiment=caishen", "experiment.caishen.min_live_tiles=69"])


def test_caishen_study_end_to_end_writes_its_section(tmp_path, capsys):
    """`mjrules rules=jinhua experiment=caishen hands=1500`: the seat mix (seat 0 greedy) and seat 0 baotou on the
    same walls; every summary row is there and the report has its figure, reading and table."""
    from experiments.app import main
    from reports.section_caishen import TITLE

    main(["rules=jinhua", "experiment=caishen", "hands=1500", "jobs=1", "progress=false",
          f"hydra.run.dir={tmp_path}"])
    assert f"report: {tmp_path / 'report.html'}" in capsys.readouterr().out
    summary = pl.read_parquet(tmp_path / "summary.parquet").filter(pl.col("study") == "caishen")
    names = set(summary["name"])
    assert {"win_rate", "mean_result", "diff_win_rate_wilds", "diff_mean_result_wilds", "baotou_gain", "baotou_rate",
            "arm_win_rate", "chengbao_rate", "chengbao_case_share", "chengbao_payer_share",
            "chengbao_money_share"} <= names
    wilds_n = summary.filter(pl.col("name") == "win_rate")["n"].sum()
    assert wilds_n == 1500
    gain = summary.filter(pl.col("name") == "baotou_gain").row(0, named=True)
    assert gain["n"] == 1500 and gain["group"] == "baotou{min_live_tiles=4} − greedy"
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    body = report.split(f"## {TITLE}")[1].split("\n## ")[0]
    assert "figures/caishen.png" in body and "逐手配对" in body and "不是同一牌墙的配对比较" in body
    assert "承包" in body and body.count("\n| ") >= 10
    assert (tmp_path / "figures" / "caishen.png").stat().st_size > 10_000
