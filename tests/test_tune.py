"""experiment=tune: the search returns a setting known by direct simulation, a stopped study continues its trial
count on a rerun, a combination the config refuses is pruned, and bad targets stop with one line (exit 2)."""
from pathlib import Path

import optuna
import polars as pl
import pytest

from experiments import study_tune
from experiments.compose import load_run_config
from experiments.config import ConfigError
from experiments.runner import run
from experiments.tune_search import STUDY_FILE, STUDY_NAME
from sim import simulate
from test_cli_errors import assert_one_error_line, mjrules

SMALL = ["jobs=1", "progress=false", "experiment=tune"]


def tune(tmp_path: Path, overrides: list[str]) -> optuna.Study:
    """Run experiment=tune with ``overrides`` into ``tmp_path``; return its study reloaded from tune.db."""
    run(load_run_config(SMALL + overrides), tmp_path)
    return optuna.load_study(study_name=STUDY_NAME, storage=f"sqlite:///{tmp_path / STUDY_FILE}")


def best_setting(tmp_path: Path) -> dict[str, str]:
    from reports.summary_io import read_summary
    from reports.tune_words import settings

    summary, _ = read_summary(tmp_path / "summary.parquet")
    return settings(summary.filter(summary["study"] == "tune"))["best=1"]


@pytest.mark.slow
def test_tuning_huang_stacks_for_a_huang_rate_returns_the_one_setting_that_meets_it(tmp_path):
    """RULES §1.2 r8: more 荒 stacks, fewer live draws, more 荒庄. The 荒庄 rate of each huang_stacks on the search
    walls is measured first by plain simulation; the target lies between the rates of 7 and 8 stacks, nearer 8,
    with a tolerance only 8 stacks meets."""
    hands, seed = 1500, 3
    rate = {k: float((simulate(hands, seed=seed, rules={"huang_stacks": k}, jobs=1)["winner"] < 0).mean())
            for k in (5, 6, 7, 8, 9)}
    assert rate[5] < rate[6] < rate[7] < rate[8] < rate[9], rate
    gap = rate[8] - rate[7]
    target, tolerance = rate[8] - gap / 4, gap / 2   # |8 − target| = gap/4; 7 and 9 are more than gap/2 away
    study = tune(tmp_path, [f"hands={hands}", f"seed={seed}", "experiment.tune.flags=[huang_stacks]",
                            "experiment.tune.values={huang_stacks:[5,6,7,8,9]}", "experiment.tune.trials=5",
                            f"experiment.tune.targets=[{{stat:huang_rate,goal:target,value:{target!r},"
                            f"tolerance:{tolerance!r}}}]",
                            "experiment.tune.reeval_top=1", "experiment.tune.reeval_hands=500"])
    played = {t.params["huang_stacks"]: t.user_attrs["huang_rate"] for t in study.trials}
    assert played == pytest.approx(rate, abs=1e-12)            # every setting once, on the same walls
    assert best_setting(tmp_path) == {"huang_stacks": "8"}
    assert (tmp_path / "trials.parquet").is_file() and (tmp_path / "report.md").is_file()
    assert "规则调优" in (tmp_path / "report.md").read_text(encoding="utf-8")


class Stop(Exception):
    """Stands for the run being killed in the middle of a trial."""


def test_a_stopped_study_continues_its_trial_count_without_replaying_trials(tmp_path, monkeypatch):
    overrides = ["hands=300", "experiment.tune.flags=[huang_stacks]", "experiment.tune.trials=5",
                 "experiment.tune.reeval_top=0"]
    played = []
    real_play = study_tune._play

    def play(config, rules, hands, seed, out=None):
        if len(played) == 2:
            raise Stop()
        played.append(rules["huang_stacks"])
        return real_play(config, rules, hands, seed, out)

    monkeypatch.setattr(study_tune, "_play", play)
    with pytest.raises(Stop):
        tune(tmp_path, overrides)
    first = optuna.load_study(study_name=STUDY_NAME, storage=f"sqlite:///{tmp_path / STUDY_FILE}").trials
    assert [t.state.name for t in first[:3]] == ["COMPLETE", "COMPLETE", "RUNNING"]
    stopped = first[2]

    played.clear()
    monkeypatch.setattr(study_tune, "_play", lambda *a, **k: (played.append(a[1]["huang_stacks"]), real_play(*a, **k))[1])
    trials = tune(tmp_path, overrides).trials
    complete = [t for t in trials if t.state.name == "COMPLETE"]
    assert len(complete) == 5 and [t.state.name for t in trials].count("FAIL") == 1
    assert trials[2].state.name == "FAIL"
    for before, after in zip(first[:2], trials[:2]):             # finished trials are kept, not replayed
        assert after.datetime_complete == before.datetime_complete and after.params == before.params
    retried = trials[3]
    assert retried.user_attrs["retry_of"] == 2 and retried.params == stopped.params
    fresh = [t for t in complete if t.number > 2 and "copied_from" not in t.user_attrs]
    assert played == [t.params["huang_stacks"] for t in fresh]   # only the new trials were played


def test_a_combination_the_config_refuses_is_pruned_not_crashed_on(tmp_path):
    """RULES §1.2 r9: stacks_per_kong=0 under the physical dead wall needs huang_stacks >= 8."""
    study = tune(tmp_path, ["hands=200", "experiment.tune.flags=[huang_stacks,stacks_per_kong]",
                            "experiment.tune.values={huang_stacks:[7,8],stacks_per_kong:[0,1]}",
                            "experiment.tune.trials=4", "experiment.tune.reeval_top=0"])
    states = {(t.params["huang_stacks"], t.params["stacks_per_kong"]): t.state.name for t in study.trials}
    assert states == {(7, 0): "PRUNED", (7, 1): "COMPLETE", (8, 0): "COMPLETE", (8, 1): "COMPLETE"}
    (pruned,) = [t for t in study.trials if t.state.name == "PRUNED"]
    assert "huang_stacks >= 8" in pruned.user_attrs["refused"]
    with pytest.raises(ConfigError, match=r"holds a tuning study with other settings \(hands\); rerun with the same"):
        tune(tmp_path, ["hands=300", "experiment.tune.flags=[huang_stacks,stacks_per_kong]",
                        "experiment.tune.values={huang_stacks:[7,8],stacks_per_kong:[0,1]}",
                        "experiment.tune.trials=4", "experiment.tune.reeval_top=0"])


@pytest.mark.parametrize("override, fragment", [
    ("experiment.tune.targets=[{stat:skill,goal:target,value:0,tolerance:1}]",
     "experiment.tune.targets[0].stat='skill' is not valid; choose one of dealer_result, huang_rate"),
    ("experiment.tune.targets=[{stat:huang_rate,goal:hit,value:0.03}]",
     "experiment.tune.targets[0].goal='hit' is not valid; choose one of target, max_bound, min_bound, maximize"),
    ("experiment.tune.targets=[{stat:huang_rate,goal:target,value:0.03}]",
     "experiment.tune.targets[0].tolerance=None: goal target needs a tolerance >= 0"),
    ("experiment.tune.targets=[{stat:huang_rate,goal:max_bound,value:0.03}]",
     "holds only bounds; add a goal from target, maximize, minimize"),
    ("experiment.tune.flags=[huang]", "experiment.tune.flags[0]='huang' is not a rule flag"),
    ("experiment.tune.values={huang_stacks:[30]}", "experiment.tune.values.huang_stacks: 30 is not valid"),
])
def test_bad_targets_and_flags_are_one_line_naming_the_choices(override, fragment):
    with pytest.raises(ConfigError) as error:
        load_run_config(["experiment=tune", override])
    assert fragment in str(error.value) and "\n" not in str(error.value)


def test_a_bad_goal_on_the_command_line_exits_2_with_one_line(tmp_path):
    process = mjrules(["experiment=tune", "experiment.tune.targets=[{stat:huang_rate,goal:hit,value:0.03}]"],
                      tmp_path)
    assert_one_error_line(process, "goal='hit'", "max_bound")
    assert not (tmp_path / "outputs").exists()


def test_several_objectives_give_the_feasible_pareto_front_and_one_objective_the_feasible_best():
    """ranked_trials on hand-made trials: the front holds the feasible trials no other feasible trial beats on every
    objective (a dominated one and an infeasible better one are left out); a repeated setting counts once."""
    from optuna.distributions import IntDistribution
    from optuna.trial import create_trial

    from experiments.tune_search import ranked_trials
    from experiments.tune_targets import Goal

    def add(study, x, values, violations, **attrs):
        study.add_trial(create_trial(params={"x": x}, distributions={"x": IntDistribution(0, 9)}, values=values,
                                     user_attrs={"violations": violations, **attrs}))

    goals = [Goal("dealer_result", "target", 0.0, 0.1), Goal("volatility", "minimize")]
    study = optuna.create_study(directions=["minimize", "minimize"])
    add(study, 0, [0.05, 3.0], [-0.05])    # front
    add(study, 1, [0.02, 4.0], [-0.08])    # front
    add(study, 2, [0.06, 4.5], [-0.04])    # dominated by x=0 and x=1
    add(study, 3, [0.00, 1.0], [0.30])     # beats all, infeasible
    add(study, 4, [0.08, 2.0], [-0.02])    # front
    add(study, 1, [0.02, 4.0], [-0.08], copied_from=1)
    assert [t.params["x"] for t in ranked_trials(study, goals, 10)] == [1, 0, 4]
    assert [t.params["x"] for t in ranked_trials(study, goals, 2)] == [1, 0]

    single = optuna.create_study(direction="minimize")
    for x, value, violation in ((0, 0.05, -0.05), (1, 0.0, 0.2), (2, 0.03, -0.07), (3, 0.09, -0.01)):
        add(single, x, [value], [violation])
    assert [t.params["x"] for t in ranked_trials(single, goals[:1], 2)] == [2, 0]


def test_a_flag_that_cannot_act_is_played_at_its_base_value():
    """RULES §1.6 r42 (A14): the 七对 multiplier acts only with shape multipliers on; without them a setting's
    multiplier is played (and recognised as a repeat) at the base value."""
    from experiments.tune_space import build_space
    from sim.rules import RulesConfig

    space = build_space(RulesConfig(), ["jc_shape_multipliers", "qidui_multiplier"])
    assert space.values["qidui_multiplier"] == tuple(range(1, 17))
    assert space.effective({"jc_shape_multipliers": False, "qidui_multiplier": 5}) == \
        {"jc_shape_multipliers": False, "qidui_multiplier": 2}
    assert space.effective({"jc_shape_multipliers": True, "qidui_multiplier": 5}) == \
        {"jc_shape_multipliers": True, "qidui_multiplier": 5}
    assert build_space(RulesConfig(), ["qidui_multiplier"]).effective({"qidui_multiplier": 9}) == {"qidui_multiplier": 2}


@pytest.mark.slow
def test_a_killed_tune_run_resumes_its_trial_count(tmp_path):
    """The run's process is SIGKILLed once its study holds two finished trials; the same command rerun into the same
    folder keeps those trials (same completion times) and plays only the rest, to the budget of five."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from test_cli_errors import ROOT

    folder = tmp_path / "run"
    args = ["experiment=tune", "jobs=1", "progress=false", "hands=20000", "experiment.tune.flags=[huang_stacks]",
            "experiment.tune.trials=5", "experiment.tune.reeval_top=0", f"hydra.run.dir={folder}"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    code = f"from experiments.app import main\nmain({args!r})"
    process = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)

    def complete() -> list:
        try:
            study = optuna.load_study(study_name=STUDY_NAME, storage=f"sqlite:///{folder / STUDY_FILE}")
        except Exception:  # the file or the study is not there yet
            return []
        return [t for t in study.trials if t.state.name == "COMPLETE"]

    deadline = time.monotonic() + 300
    while len(complete()) < 2 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    before = {t.number: t.datetime_complete for t in complete()}
    assert 2 <= len(before) < 5, "the run finished (or never reached two trials) before it was killed"

    rerun = mjrules(args, tmp_path)
    assert rerun.returncode == 0, rerun.stderr
    after = complete()
    assert len(after) == 5
    for trial in after:                                          # the finished trials were kept, not replayed
        if trial.number in before:
            assert trial.datetime_complete == before[trial.number]


def test_the_winning_settings_table_says_each_changed_flag_in_chinese_with_its_citation():
    """The tune table reads like the report's rules table: the flag in code font, what it means in Chinese
    (reports.rule_words) and where docs/rules sets it — not the YAML comment in English."""
    from reports.section_tune import diff_rows

    rows = pl.DataFrame({"group": ["base", "best=1", "best=1"],
                         "name": ["set huang_stacks=7", "set huang_stacks=9", "set genzhuang=true"]})
    table = diff_rows(rows, "jincheng")
    assert [r[:3] for r in table] == [["1", "`huang_stacks`", "7 → 9"], ["1", "`genzhuang`", "? → true"]]
    assert table[0][3].startswith("牌尾的荒牌墩数") and "RULES" in table[0][3]
