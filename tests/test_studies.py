"""The studies (experiments/study_*.py, arms.py, runner.py): hand-checked pieces on hand-made frames, then each
study end to end on the real engine (≤ 2,000 hands per arm) into a temporary folder."""
import math

import numpy as np
import polars as pl
import pytest

from experiments import runner, study_dealer_edge, study_early_ting, study_huangzhuang, study_thirteen_orphans
from experiments.arms import ArmSpec, seat_label
from experiments.compose import load_run_config
from experiments.config import EarlyTingParams, HuangzhuangParams, ThirteenOrphansParams
from sim.record import schema
from synthetic_records import record_frame

BASE = ArmSpec(("greedy",) * 4)


def test_session_totals_count_every_hand_and_the_passes():
    frame = pl.DataFrame({"session": [0] * 6 + [1] * 3, "hand_in_session": [0, 1, 2, 3, 4, 5, 0, 1, 2],
                          "dealer": [0, 0, 1, 1, 1, 2, 3, 3, 0],
                          **{f"s{k}_delta": [k + 1, 0, 0, 0, 0, 7, 0, -2, 5] for k in range(4)}})
    totals = study_dealer_edge.session_totals(frame)
    # session 0: dealer money 1 (hand 0, seat 0) + 7 (hand 5, seat 2); passes after hands 1 and 4
    # session 1: -2 (hand 1, seat 3) + 5 (hand 2, seat 0); one pass, after hand 1
    assert totals.select("result", "hands", "continued", "passed").rows() == [(8, 6, 5, 2), (3, 3, 2, 1)]


def test_session_totals_sum_the_dealer_money_only():
    frame = pl.DataFrame({"session": [0, 0, 0], "hand_in_session": [2, 0, 1], "dealer": [3, 2, 2],
                          "s0_delta": [5, 5, 5], "s1_delta": [1, 1, 1], "s2_delta": [0, 3, -4], "s3_delta": [9, 0, 0]})
    assert study_dealer_edge.session_totals(frame).select("result", "passed").rows() == [(8, 1)]


def synthetic_sessions(sessions: int, length: int, keep: float, kept_result: int, passed_result: int,
                       seed: int) -> pl.DataFrame:
    """Session records with a known answer: after each hand the deal stays with probability ``keep``;
    the dealer then wins ``kept_result`` (else ``passed_result``) plus uniform noise in -2..2, paid by
    下家. Hands per tenure are geometric, mean 1 / (1 − keep); money per tenure = that × the mean per
    hand (Wald). Sessions end after ``length`` hands, cutting the tenure then running."""
    rng = np.random.default_rng(seed)
    n = sessions * length
    dealer = np.empty(n, dtype=np.int8)
    delta = np.zeros((4, n), dtype=np.int32)
    for session in range(sessions):
        seat = int(rng.integers(4))
        for h in range(length):
            i = session * length + h
            dealer[i] = seat
            stays = rng.random() < keep
            money = (kept_result if stays else passed_result) + int(rng.integers(-2, 3))
            delta[seat, i], delta[(seat + 1) % 4, i] = money, -money
            seat = seat if stays else (seat + 1) % 4
    return pl.DataFrame({"session": np.repeat(np.arange(sessions), length),
                         "hand_in_session": np.tile(np.arange(length), sessions),
                         "dealer": dealer, **{f"s{k}_delta": delta[k] for k in range(4)}})


@pytest.mark.parametrize("length, keep, kept_result, passed_result, seed", [
    (6, 0.5, 4, -1, 1),     # strong edge, short sessions: most long tenures are cut
    (16, 0.3, 3, -1, 2),    # about the engine's keep rate and session length
])
def test_tenure_estimators_recover_a_known_answer_despite_the_session_cut(length, keep, kept_result,
                                                                         passed_result, seed):
    frame = synthetic_sessions(3000, length, keep, kept_result, passed_result, seed)
    rows = {r["name"]: r for r in study_dealer_edge.tenure_rows(frame, "g")}
    truth = {"tenure_hands": 1 / (1 - keep),
             "tenure_result": (keep * kept_result + (1 - keep) * passed_result) / (1 - keep),
             "keep_deal_rate": keep}
    for name, expected in truth.items():
        row = rows[name]
        assert row["ci_low"] < expected < row["ci_high"], (name, row, expected)
        assert abs(row["estimate"] - expected) < 4 * row["se"], (name, row, expected)
    assert rows["tenure_result"]["n"] == 3000 and rows["keep_deal_rate"]["n"] == 3000 * (length - 1)


def test_positions_count_from_the_dealer_in_turn_order():
    frame = record_frame(4).with_columns(pl.Series("dealer", [2, 2, 2, 2], dtype=pl.Int8))
    long = study_dealer_edge.by_position(frame)
    # seat k sits (k - dealer) mod 4 after the dealer: seat 3 is 下家 (1), seat 0 对家 (2), seat 1 上家 (3)
    assert long["position"].to_list() == [2] * 4 + [3] * 4 + [0] * 4 + [1] * 4


def test_win_rates_count_every_winner_of_a_multi_hu_hand():
    """Under multi_ron=all one discard can pay two winners; ``winner`` names only the first, so the win rate by
    position reads the ``winners`` bits (seats 1 and 3 both won the first hand)."""
    frame = pl.DataFrame({"dealer": [0, 0], "winners": [0b1010, 0b0001],
                          **{f"s{k}_{col}": [0, 0] for k in range(4)
                             for col in study_dealer_edge.COMPONENTS.values()}})
    long = study_dealer_edge.by_position(frame)
    assert long["won"].to_list() == [False, True, True, False, False, False, True, False]
    assert study_early_ting.seat0_outcomes(frame.with_columns(
        pl.Series("feeder", [2, -1]), pl.Series("win_kind", ["dianhu", "zimo"]), pl.Series("s0_win", [0, 3]),
        pl.Series("s0_ting_turn", [-1, -1])))["won"].to_list() == [False, True]


def test_pays_from_is_the_start_of_the_positive_tail():
    assert study_thirteen_orphans.pays_from({7: -1.0, 8: 0.5, 9: -0.2, 10: 1.0, 11: 2.0}) == 10
    assert study_thirteen_orphans.pays_from({7: -1.0, 13: -2.0}) is None
    assert study_thirteen_orphans.pays_from({7: 0.1, 8: 0.2}) == 7


def test_dianpao_paid_counts_only_discard_wins_fed_by_seat_0():
    frame = pl.DataFrame({
        "winners": [2, 4, 1, 0], "feeder": [0, -1, 3, -1],
        "win_kind": pl.Series(["dianhu", "zimo", "dianhu", "none"], dtype=pl.Enum(["none", "zimo", "dianhu",
                                                                                    "qianggang"])),
        "s0_win": [-4, -4, 6, 0], "s0_ting_turn": [3, -1, 5, -1]})
    out = study_early_ting.seat0_outcomes(frame)
    assert out["dianpao_paid"].to_list() == [4.0, 0.0, 0.0, 0.0]
    assert out["won"].to_list() == [False, False, True, False]
    assert out["ting"].to_list() == [True, False, True, False]


def test_plans_change_only_what_each_study_varies():
    sweep = study_huangzhuang.plan(HuangzhuangParams(stacks=[5, 9], pong_policies=["never"]), BASE)
    assert sweep["stacks=9, pong=never"] == ArmSpec(("greedy{pong=never}",) * 4, (("huang_stacks", 9),))
    assert len(sweep) == 3
    chase = study_thirteen_orphans.plan(ThirteenOrphansParams(min_distinct=[9, 8], shi_qiang=[False],
                                                              hands_per_k=0), BASE)
    assert chase["chase, shi_qiang=off"].seats[0] == "thirteen_orphans{min_distinct=8}"
    assert chase["greedy, shi_qiang=off"].rules == (("allow_shi", False), ("allow_qiang", False))
    early = study_early_ting.plan(EarlyTingParams(min_live_waits=[3], give_up_turn=12), BASE)
    assert early["t=3"].seats == ("selective_ting{min_live_waits=3,give_up_turn=12}", "greedy", "greedy", "greedy")


def test_seat_labels_of_dict_specs():
    assert seat_label({"name": "greedy", "params": {"pong": "never"}}) == "greedy{pong=never}"
    assert seat_label({"name": "greedy", "pong": "never"}) == "greedy{pong=never}"
    assert seat_label({"name": "random"}) == "random"


# --------------------------------------------------------------------------- end to end on the engine

def run_study(tmp_path, overrides):
    config = load_run_config(overrides + ["jobs=1", "progress=false"])
    report = runner.run(config, tmp_path, overrides)
    summary = pl.read_parquet(tmp_path / "summary.parquet")
    assert summary.columns == ["study", "name", "group", "estimate", "se", "ci_low", "ci_high", "n"]
    assert report == tmp_path / "report.html" and (tmp_path / "report.md").is_file()
    for study in config.experiment.studies:
        assert (tmp_path / "figures" / f"{study}.png").stat().st_size > 10_000
    arms = [p for p in (tmp_path / "hands").iterdir() if p.is_dir()]
    for arm in arms:
        part = sorted(arm.glob("part-*.parquet"))[0]
        assert pl.read_parquet_schema(part).keys() >= schema().keys()
    return summary, arms


def value(summary, name, group):
    return summary.filter((pl.col("name") == name) & (pl.col("group") == group)).row(0, named=True)


def test_dealer_edge_end_to_end(tmp_path):
    summary, arms = run_study(tmp_path, ["experiment=dealer_edge", "hands=2000",
                                         "experiment.dealer_edge.session_length=8"])
    assert len(arms) == 2
    totals = [value(summary, "result_total", p)["estimate"] for p in study_dealer_edge.POSITIONS]
    assert sum(totals) == pytest.approx(0, abs=1e-9)  # every hand is zero-sum
    for p in study_dealer_edge.POSITIONS:
        parts = sum(value(summary, f"result_{c}", p)["estimate"] for c in ("win", "kong", "qianbao", "houbao"))
        assert parts == pytest.approx(value(summary, "result_total", p)["estimate"])
        assert value(summary, "win_rate", p)["n"] == 2000
    assert value(summary, "tenure_hands", "session_length=8")["estimate"] >= 1


def test_huangzhuang_end_to_end(tmp_path):
    summary, arms = run_study(tmp_path, ["experiment=huangzhuang", "hands=2000",
                                         "experiment.huangzhuang.stacks=[5,9]",
                                         "experiment.huangzhuang.pong_policies=[always,never]",
                                         "experiment.huangzhuang.sweep_hands=500"])
    assert len(arms) == 5
    shares = summary.filter(pl.col("name") == "kong_share")
    assert shares["estimate"].sum() == pytest.approx(1.0)
    by_kongs = sum(value(summary, "kong_share", g)["estimate"] * value(summary, "huang_rate", g)["estimate"]
                   for g in shares["group"])
    assert by_kongs == pytest.approx(value(summary, "huang_rate", "all")["estimate"])
    sweep = summary.filter(pl.col("name") == "huang_rate_sweep")
    assert sorted(sweep["group"]) == ["stacks=5, pong=always", "stacks=5, pong=never", "stacks=9, pong=always",
                                      "stacks=9, pong=never"]
    assert (sweep["n"] == 500).all()


def test_thirteen_orphans_end_to_end(tmp_path):
    summary, arms = run_study(tmp_path, ["experiment=thirteen_orphans", "hands=2000",
                                         "experiment.thirteen_orphans.hands_per_k=0"])
    assert len(arms) == 4
    for setting in ("on", "off"):
        gains = summary.filter((pl.col("name") == "chase_minus_greedy") & pl.col("group").str.ends_with(setting))
        # policy value of "chase from k=7" = Σ_j gain_j · n_j / N over the studied j = 7..13
        weighted = (gains["estimate"] * gains["n"]).sum() / 2000
        assert value(summary, "policy_value", f"k=7, shi_qiang={setting}")["estimate"] == pytest.approx(weighted)
        assert value(summary, "pays_from_k", f"shi_qiang={setting}")["n"] <= 2000


def test_thirteen_orphans_conditioned_end_to_end(tmp_path):
    """Each k is played on walls dealing seat 0 exactly k kinds; the policy value recombines the strata
    with the exact probabilities of k (sim.deal_conditions.start_probabilities)."""
    from sim.deal_conditions import start_probabilities

    summary, arms = run_study(tmp_path, ["experiment=thirteen_orphans", "hands=100",
                                         "experiment.thirteen_orphans.hands_per_k=400",
                                         "experiment.thirteen_orphans.min_distinct=[11,12,13]",
                                         "experiment.thirteen_orphans.shi_qiang=[true]"])
    assert len(arms) == 6
    gains = {k: value(summary, "chase_minus_greedy", f"k={k}, shi_qiang=on") for k in (11, 12, 13)}
    assert all(g["n"] == 400 for g in gains.values())
    p = start_probabilities()
    expected = sum(float(p[k]) * gains[k]["estimate"] for k in (11, 12, 13))
    assert value(summary, "policy_value", "k=11, shi_qiang=on")["estimate"] == pytest.approx(expected)
    se = math.sqrt(sum((float(p[k]) * gains[k]["se"]) ** 2 for k in (11, 12, 13)))
    assert value(summary, "policy_value", "k=11, shi_qiang=on")["se"] == pytest.approx(se)
    # dealt 13 kinds, the chaser has 十三幺 tenpai (or better) from the deal: most such hands complete
    assert value(summary, "completion_rate", "k=13, shi_qiang=on")["estimate"] > 0.5


def test_early_ting_end_to_end(tmp_path):
    summary, arms = run_study(tmp_path, ["experiment=early_ting", "hands=1500",
                                         "experiment.early_ting.min_live_waits=[2,4]"])
    assert len(arms) == 3
    for t in (2, 4):
        diff = value(summary, "diff_mean_result", f"t={t}")
        change = value(summary, "mean_result", f"t={t}")["estimate"] - value(summary, "mean_result", "early")["estimate"]
        assert diff["estimate"] == pytest.approx(change)
        assert diff["n"] == 1500 and not math.isnan(diff["se"])


def test_overview_from_the_console_entry_point(tmp_path, capsys):
    from experiments.app import main

    import logging

    main(["hands=400", "jobs=1", "progress=true", f"hydra.run.dir={tmp_path}",
          "experiment.huangzhuang.stacks=[7]", "experiment.huangzhuang.pong_policies=[never]",
          "experiment.huangzhuang.sweep_hands=200", "experiment.early_ting.min_live_waits=[3]",
          "experiment.thirteen_orphans.shi_qiang=[true]", "experiment.thirteen_orphans.hands_per_k=0",
          "experiment.dealer_edge.session_length=0",
          "experiment.sensitivity.flags=[houbao_units]", "experiment.sensitivity.hands=400",
          "experiment.variants.variants=[jincheng]"])  # the run's variant and shapes reuse the plain arm
    captured = capsys.readouterr()
    out = captured.out
    assert f"report: {tmp_path / 'report.html'}" in out
    assert out.splitlines()[-2].startswith("2,200 hands simulated in ")  # 5 arms of 400 (base shared), a cell of 200
    # one bar per arm, named by the studies and roles that use it, with hands/s
    for name in ("dealer_edge/seats", "huangzhuang/stacks=7, pong=never", "early_ting/t=3"):
        assert name in captured.err
    assert "hands/s" in captured.err
    assert logging.getLogger("matplotlib").getEffectiveLevel() >= logging.WARNING
    assert "荒庄率" in out and "每手输赢" in out and "result_total" not in out  # the headline in words
    studies = set(pl.read_parquet(tmp_path / "summary.parquet")["study"])
    assert studies == {"dealer_edge", "huangzhuang", "thirteen_orphans", "early_ting", "sensitivity", "variants",
                       "shapes"}


def test_conditioned_pays_from_skips_a_k_where_both_arms_play_alike():
    """k = 13: chase and greedy hold the same 十三幺 tenpai, every paired gain is 0; pays_from_k reads the
    other k only (experiments.study_thirteen_orphans.summarize_conditioned)."""
    def arm(gains, dealer_every=4):
        n = len(gains)
        return pl.DataFrame({"hand": np.arange(n), "dealer": (np.arange(n) % dealer_every).astype(np.int8),
                             "winner": np.zeros(n, dtype=np.int8), "shape": ["regular"] * n,
                             "s0_delta": np.asarray(gains, dtype=np.int16)})
    frames = {}
    for k, gains in ((12, [1, 3, 2, 4, 2, 3, 1, 2]), (13, [5, -2, 0, 3, 1, 1, 0, 2])):
        chase, greedy = arm(gains), arm([0] * 8 if k == 12 else gains)
        frames[f"chase k={k}, shi_qiang=on"] = chase.with_columns(pl.lit(k, pl.Int8).alias("s0_yaojiu_start"))
        frames[f"greedy k={k}, shi_qiang=on"] = greedy.with_columns(pl.lit(k, pl.Int8).alias("s0_yaojiu_start"))
    rows = study_thirteen_orphans.summarize(
        frames, ThirteenOrphansParams(min_distinct=[12, 13], shi_qiang=[True], hands_per_k=8))
    pays = [r for r in rows if r["name"] == "pays_from_k"][0]
    assert pays["estimate"] == 12 and pays["n"] == 16
    gain13 = [r for r in rows if r["name"] == "chase_minus_greedy" and r["group"] == "k=13, shi_qiang=on"][0]
    assert gain13["estimate"] == 0 and gain13["se"] == 0
