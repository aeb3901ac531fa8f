"""The sensitivity study (experiments/study_sensitivity.py) and its paired delta-method intervals
(experiments/paired_delta.py): estimators checked on synthetic data with a known answer, the arms derived
from sim.rules, and the study end to end on the real engine (≤ 2,000 hands per arm)."""
import math

import numpy as np
import polars as pl
import pytest

from experiments import paired_delta, runner, study_sensitivity
from experiments.arms import ArmSpec
from experiments.compose import load_run_config
from experiments.config import ConfigError, SensitivityParams
from reports import stats
from sim.rules import defaults

REPLICATIONS = 600
HANDS = 1500


def coverage(draw, truth, estimator, seed):
    """Return the share of REPLICATIONS synthetic data sets whose 95 % interval holds ``truth``."""
    rng = np.random.default_rng(seed)
    held = 0
    for _ in range(REPLICATIONS):
        estimate = estimator(*draw(rng))
        held += estimate.ci_low <= truth <= estimate.ci_high
    return held / REPLICATIONS


def correlated_wins(rng):
    """Paired hands: arm a wins with p 0.6, 自摸 share 0.4; arm b wins on a's hands plus 20 % of the rest,
    自摸 share 0.5, driven by the same uniform draws (so the arms are strongly correlated)."""
    u, v, w = rng.random((3, HANDS))
    win_a = u < 0.6
    win_b = win_a | (v < 0.2)
    return (win_a & (w < 0.4)), win_a, (win_b & (w < 0.5)), win_b


def test_ratio_difference_interval_covers_the_true_share_change():
    # true shares: a 0.4, b 0.5 → a − b = −0.1 exactly
    held = coverage(correlated_wins, -0.1, paired_delta.ratio_difference, seed=1)
    assert 0.93 <= held <= 0.97  # 600 replications: binomial sd of the coverage ≈ 0.009


def test_ratio_interval_covers_the_true_share():
    held = coverage(lambda rng: correlated_wins(rng)[:2], 0.4, paired_delta.ratio, seed=2)
    assert 0.93 <= held <= 0.97


def seat_squares(rng):
    """Paired hands of four seats' results: a ~ Laplace with sd 2, b = a + Normal(0, 1.5) → sd 2.5."""
    a = rng.laplace(0.0, 2 / math.sqrt(2), (HANDS, 4))
    b = a + rng.normal(0.0, 1.5, (HANDS, 4))
    return (b ** 2).mean(axis=1), (a ** 2).mean(axis=1)


def test_rms_difference_interval_covers_the_true_volatility_change():
    held = coverage(seat_squares, 0.5, paired_delta.rms_difference, seed=3)
    assert 0.93 <= held <= 0.97


def test_rms_interval_covers_the_true_sd():
    held = coverage(lambda rng: seat_squares(rng)[1:], 2.0, paired_delta.rms, seed=4)
    assert 0.93 <= held <= 0.97


def test_identical_arms_give_an_exact_zero():
    rng = np.random.default_rng(5)
    zimo, win, _, _ = correlated_wins(rng)
    same = paired_delta.ratio_difference(zimo, win, zimo, win)
    assert (same.estimate, same.se, same.ci_low, same.ci_high) == (0.0, 0.0, 0.0, 0.0)
    squares = seat_squares(rng)[0]
    assert paired_delta.rms_difference(squares, squares).estimate == 0.0
    assert math.isnan(paired_delta.ratio([0, 0], [0, 0]).estimate)  # no wins: no share


# --------------------------------------------------------------------------- arms derived from sim.rules

def test_every_flag_is_changed_to_each_other_value():
    changes = {c.role: c for c in study_sensitivity.changes(defaults())}
    assert {"huang_stacks=6", "huang_stacks=8", "houbao_units=1", "multi_ron=all", "allow_shi=false",
            "ting_kong_policy=still_tenpai", "ting_kong_policy=concealed_only", "ting_kong_policy=none",
            "genzhuang_units=2"} <= set(changes)
    assert "houbao_units=3" not in changes and "genzhuang_units=0" not in changes  # outside 1..2, 1..8
    assert "ting_kong_policy=same_waits" not in changes  # the base value is not a change
    assert not any(role.startswith("variant") for role in changes)


def test_changes_that_cannot_be_made_alone_say_what_they_need():
    changes = {c.role: c.blocked for c in study_sensitivity.changes(defaults())}
    # RULES §1.2 r9: no 荒 stack per kong under the physical wall needs ≥ 8 stacks (the config refuses 7)
    assert changes["stacks_per_kong=0"] == "needs huang_stacks >= 8 with dead_wall_model=physical"
    assert changes["stacks_per_kong=2"] is None
    # RULES §1.6 r42: the shape multipliers act only with jc_shape_multipliers on (off by default)
    assert changes["qidui_multiplier=3"] == "needs jc_shape_multipliers=true"
    assert changes["jc_shape_multipliers=true"] is None
    on = {c.role: c.blocked for c in study_sensitivity.changes(defaults().replace(jc_shape_multipliers=True,
                                                                                   huang_stacks=8))}
    assert on["qidui_multiplier=3"] is None and on["stacks_per_kong=0"] is None


def test_plan_runs_every_change_that_can_be_made_and_only_those():
    bound = study_sensitivity.bind_rules(SensitivityParams(flags=["stacks_per_kong", "houbao_units"]), {})
    arms = study_sensitivity.plan(bound, ArmSpec(("greedy",) * 4))
    assert arms == {"base": ArmSpec(("greedy",) * 4),
                    "stacks_per_kong=2": ArmSpec(("greedy",) * 4, (("stacks_per_kong", 2),)),
                    "houbao_units=1": ArmSpec(("greedy",) * 4, (("houbao_units", 1),))}


def test_an_unknown_flag_is_one_line_naming_the_choices():
    with pytest.raises(ConfigError, match=r"flags\[1\]='houbao' is not a rule flag; choose from houbao_units"):
        load_run_config(["experiment=sensitivity", "experiment.sensitivity.flags=[huang_stacks,houbao]"])


def test_per_hand_volatility_and_dealer_result():
    frame = pl.DataFrame({"dealer": [1, 3], "winner": [2, -1],
                          "win_kind": pl.Series(["zimo", "none"], dtype=pl.Enum(["none", "zimo", "dianhu",
                                                                                 "qianggang"])),
                          "draws": [30, 62], "s0_delta": [-2, 2], "s1_delta": [-2, 2], "s2_delta": [6, 2],
                          "s3_delta": [-2, -6]})
    hands = study_sensitivity.per_hand(frame)
    assert hands["dealer_result"].tolist() == [-2.0, -6.0]
    assert hands["seat_square"].tolist() == [12.0, 12.0]  # (4 + 4 + 36 + 4) / 4 and (4 + 4 + 4 + 36) / 4
    assert hands["zimo"].tolist() == [1.0, 0.0] and hands["huang"].tolist() == [0.0, 1.0]


# --------------------------------------------------------------------------- end to end on the engine

@pytest.fixture(scope="module")
def summary(tmp_path_factory):
    overrides = ["experiment=sensitivity", "hands=1500",
                 "experiment.sensitivity.flags=[houbao_units,rob_angang,stacks_per_kong,qidui_multiplier,huang_stacks]"]
    config = load_run_config(overrides + ["jobs=1", "progress=false"])
    out = tmp_path_factory.mktemp("sensitivity")
    runner.run(config, out, overrides)
    return pl.read_parquet(out / "summary.parquet")


def row(summary, name, group):
    return summary.filter((pl.col("name") == name) & (pl.col("group") == group)).row(0, named=True)


def test_houbao_units_moves_the_dealer_result_by_three_times_the_huang_rate(summary):
    # RULES §1.9 r51: on 荒庄 the dealer pays each of three 闲 houbao_units; play is the same on the same walls
    huang = row(summary, "huang_rate", "base")["estimate"]
    change = row(summary, "diff_dealer_result", "houbao_units=1")
    assert change["estimate"] == pytest.approx(3 * huang, abs=1e-12)
    assert row(summary, "diff_huang_rate", "houbao_units=1")["estimate"] == 0.0
    assert row(summary, "diff_hand_draws", "houbao_units=1")["se"] == 0.0
    assert change["ci_low"] > 0  # clearly non-zero at 1,500 hands


def test_a_flag_without_its_player_changes_nothing(summary):
    # RULES §1.6 r40: only 十三幺 may rob a 暗杠; greedy seats that never chase it play identical hands
    for name in study_sensitivity.STATISTICS:
        change = row(summary, f"diff_{name}", "rob_angang=true")
        assert (change["estimate"], change["se"]) == (0.0, 0.0)


def test_blocked_changes_are_rows_not_failures(summary):
    assert row(summary, "needs huang_stacks >= 8 with dead_wall_model=physical", "stacks_per_kong=0")["n"] == 0
    assert row(summary, "needs jc_shape_multipliers=true", "qidui_multiplier=1")["n"] == 0
    assert row(summary, "diff_huang_rate", "huang_stacks=8")["n"] == 1500


def test_report_section_ranks_and_names_the_changes(summary):
    from reports import section_sensitivity

    ranked = section_sensitivity.arm_changes(summary)
    assert ranked[0].score >= ranked[-1].score and ranked[-1].identical()
    text = section_sensitivity.reading(summary)
    clear, rest = text.split("显著不为 0", 1)[1].split("。", 1)
    houbao = clear.split("`houbao_units=1`（", 1)[1].split("；")[0]  # the 后包 identity is far above any threshold
    assert "后包" in houbao and "：庄家每手输赢 +" in houbao
    assert "`rob_angang=true`" in rest.split("每一手的结果都与基准完全相同", 1)[1]
    assert "`stacks_per_kong=0` 须同时 `huang_stacks >= 8" in text
    header, rows = section_sensitivity.ranked_table(summary)
    assert len(rows) == len(ranked) + 3 and all(len(r) == len(header) for r in rows)  # 3 blocked changes


def test_every_sichuan_flag_value_is_an_arm_of_the_sensitivity_study():
    """Under rules=sichuan every value of the flag table is played (docs/rules/sichuan.md §6.9): the once-refused
    换三张 (r8) is an arm like any other change, none is blocked."""
    bound = study_sensitivity.bind_rules(SensitivityParams(flags=["sc_huan_san_zhang", "sc_tuishui"]),
                                         {"variant": "sichuan"})
    changes = {c.role: c.blocked for c in bound.changes()}
    assert changes == {"sc_huan_san_zhang=true": None, "sc_tuishui=false": None}
    assert {"sc_huan_san_zhang=true", "sc_tuishui=false"} <= set(study_sensitivity.plan(bound, ArmSpec(("greedy",) * 4)))
