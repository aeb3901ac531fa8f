"""Study tune: search the rule flags for the settings that meet a designer's targets (Optuna, in this process).

Every trial plays one setting of the searched flags (the run's rules elsewhere) on the same walls (the search
seed, ``hands`` hands, the run's seat mix), so trials differ by rules, not by luck. The best settings (the
Pareto front with several objectives, the top ones with one; at most ``reeval_top``) and the base rules are then
played again on fresh walls (``reeval_seed``, ``reeval_hands`` hands) into ``reeval/<name>/`` (Parquet parts,
resumed on a rerun) and compared hand by hand with the base: the numbers the report gives, free of the search's
winner's curse. The study lives in ``tune.db`` in the run folder; ``trials.parquet`` holds one row per trial.

Summary rows (money in 底注 per hand, rates as fractions):

* group ``target``: one row per goal, name ``<stat> <goal>``, estimate = value (NaN for maximize/minimize),
  se = tolerance (NaN without), interval value ± tolerance, n = the goal's position;
* group ``search``: ``trials``, ``pruned``, ``failed``, ``feasible_trials``, ``space_size``, ``hands``, ``seed``,
  ``reeval_hands``, ``reeval_seed``, ``seconds`` (estimate only); who proposed the finished trials: ``queued``
  (settings queued before the sampler: the base and the one-flag changes, or the whole of a small space) and
  ``proposed`` (by TPE); ``waiting`` (queued settings never played), ``copied`` (trials that met a setting already
  played and took its numbers); ``simulated_hands`` (hands the study played: each setting once on the search
  walls, then the re-evaluation);
* group ``trial=<number>``: each played trial's statistics (search walls) and ``feasible`` (1/0);
* group ``base`` and ``best=<rank>``: ``set <flag>=<value>`` rows (no estimate) for every searched flag;
  ``trial`` (its number); ``reeval_<stat>`` on the fresh walls; ``best=<rank>`` also ``reeval_diff_<stat>``
  (best − base, paired) and ``reeval_met`` (1 when every goal's point estimate is met on the fresh walls);
* group ``importance <stat>``: per goal statistic, each flag's PED-ANOVA importance (0..1) for reaching it;
* group ``one_flag <stat>``: per goal statistic, the change of each one-flag setting from the base trial on
  the search walls (points only; the sensitivity study's changes, read from the seeding trials).
"""
from __future__ import annotations

import contextlib
import dataclasses
import math
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from experiments.config import TUNE_STATISTICS, TuneParams
from experiments.tune_space import SearchSpace, build_space, seeding_settings
from experiments.tune_targets import COLUMNS, Goal, check_goals, paired_changes, per_hand, statistics
from reports import stats

STUDY = "tune"
#: Folder (inside the run folder) of the re-evaluation arms.
REEVAL_DIR = "reeval"
#: The trial table written beside the study.
TRIALS_FILE = "trials.parquet"


@dataclass(frozen=True)
class TunePlan:
    """The study's parameters bound to the run's rules: checked goals and the search space."""

    params: TuneParams
    goals: tuple[Goal, ...]
    space: SearchSpace


def bind_rules(params: TuneParams, rules: dict) -> TunePlan:
    """Return ``params`` bound to the run's rules mapping; ConfigError (one line) for a bad target or flag."""
    from sim.rules import resolve_rules

    goals = check_goals(list(params.targets))
    space = build_space(resolve_rules(dict(rules)), params.flags, params.values)
    return TunePlan(params, tuple(goals), space)


def plan(bound: TunePlan, base) -> dict:
    """Return no arms: the search plays its own trials (``search``)."""
    return {}


def columns(role: str) -> list[str]:
    """Return the record columns the study reads."""
    return list(COLUMNS)


def summarize(frames: dict, bound: TunePlan) -> list[dict]:
    """Return no rows from arms (the study has none); ``search`` returns its rows."""
    return []


def _plain(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _seats(config) -> list[str]:
    from experiments.arms import seat_label

    return [seat_label(s) for s in config.seats.seats]


def _settings(bound: TunePlan, config, hands: int, seed: int) -> dict:
    """Return what a resumed study must share with the run (JSON-able)."""
    return {"targets": [g.describe() for g in bound.goals],
            "space": {flag: [_plain(v) for v in values] for flag, values in bound.space.values.items()},
            "hands": hands, "seed": seed, "seats": _seats(config),
            "rules": {k: _plain(v) for k, v in bound.space.base.to_dict().items()}}


def _play(config, rules: dict, hands: int, seed: int, out: Path | None = None) -> pl.DataFrame:
    """Return the records (``COLUMNS``) of ``hands`` hands of ``rules`` on the walls of ``seed`` (into ``out``
    as resumable Parquet parts when given)."""
    from sim import simulate

    run = simulate(hands, seed=seed, rules=rules, seats=_seats(config), jobs=config.jobs, out=out,
                   chunk=config.chunk, backend=config.backend, scheduler=config.scheduler,
                   progress=False if out is None else config.progress, label=None if out is None else out.name)
    frame = run if out is None else run.load()
    return frame.select(["hand", *COLUMNS]).sort("hand")


@contextlib.contextmanager
def one_cluster(config):
    """Yield ``config`` with one Dask scheduler for every trial: under ``backend=dask`` without ``scheduler``, a
    local cluster started once for the whole search (``simulate`` would start one per trial); else ``config``."""
    if config.backend != "dask" or config.scheduler is not None:
        yield config
        return
    from distributed import LocalCluster

    from sim.driver import worker_count

    with LocalCluster(n_workers=worker_count(config.jobs), threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster:
        yield dataclasses.replace(config, scheduler=cluster.scheduler_address)


def search(bound: TunePlan, config, out_dir: Path) -> list[dict]:
    """Run (or resume) the study into ``out_dir``, re-evaluate its best settings, write ``trials.parquet``, print
    the best settings with their re-evaluated numbers, and return the summary rows (see the module docstring)."""
    with one_cluster(config) as config:
        return _search(bound, config, out_dir)


def _search(bound: TunePlan, config, out_dir: Path) -> list[dict]:
    from sim.progress import progress_enabled
    from experiments.tune_search import make_sampler, open_study, ranked_trials, run_trials

    started = time.perf_counter()
    p = bound.params
    hands = p.hands or config.hands
    seed = config.seed if p.seed is None else p.seed
    reeval_seed = seed + 1 if p.reeval_seed is None else p.reeval_seed
    trials = min(p.trials, bound.space.size())
    goals = list(bound.goals)
    run_rules = dict(config.rules)

    def evaluate(setting: dict) -> dict:
        return statistics(per_hand(_play(config, {**run_rules, **setting}, hands, seed)))

    def refusal(setting: dict) -> str | None:
        return refused(bound.space.base, setting, _seats(config))

    study = open_study(out_dir, _settings(bound, config, hands, seed), goals, make_sampler(seed))
    if bound.space.size() <= p.trials:  # a space this small is played whole, each setting once
        seeds = bound.space.all_settings()
    else:
        seeds = seeding_settings(bound.space) if p.seed_with_changes else []
    run_trials(study, bound.space, goals, trials, evaluate, refusal, progress_enabled(config.progress), seeds)
    best = ranked_trials(study, goals, p.reeval_top)
    write_trial_table(study, goals, best, out_dir / TRIALS_FILE)
    rows = target_rows(goals) + trial_rows(study)
    reeval = reevaluate(config, bound, best, p.reeval_hands, reeval_seed, out_dir / REEVAL_DIR)
    for line in best_lines(bound, best, reeval):
        print(line, flush=True)
    rows += reeval + importance_rows(study, goals, bound.space) + one_flag_rows(study, goals, bound.space)
    rows += search_rows(study, bound, hands, seed, reeval_seed, time.perf_counter() - started, reeval)
    return rows


def best_lines(bound: TunePlan, best: list, reeval: list[dict]) -> list[str]:
    """Return the console lines of the best settings, in Chinese: per setting one line with its changes from the
    base, then one line per goal statistic re-played on fresh walls, with its 95 % interval in the statistic's
    unit (rates in %)."""
    from experiments.tune_search import feasible
    from reports.tune_words import STAT_WORDS, interval

    base = bound.space.base_setting()
    found = {(r["group"], r["name"]): r for r in reeval}
    lines = []
    for rank, trial in enumerate(best, start=1):
        setting = bound.space.effective(trial.params)
        changed = "，".join(f"{f} {_plain(base[f])} → {_plain(v)}" for f, v in setting.items() if v != base[f]
                           or type(v) is not type(base[f]))
        lines.append(f"调优最优 {rank}（第 {trial.number} 组{'' if feasible(trial) else '，搜索牌墙上未满足约束'}）："
                     f"{changed or '与基准规则相同'}")
        for stat in dict.fromkeys(g.stat for g in bound.goals):
            row = found.get((f"best={rank}", f"reeval_{stat}"))
            if row is not None:
                lines.append(f"  新牌墙复测 {STAT_WORDS[stat][0]}："
                             + interval(row["estimate"], row["ci_low"], row["ci_high"], stat))
    return lines


def refused(base, setting: dict, seats: list[str]) -> str | None:
    """Return the one-line reason the config refuses ``setting`` on ``base`` (a combination of flags, or a seat
    the rules cannot play), None when it can be played."""
    from experiments.config import validate_seats

    try:
        rules = base.replace(**setting)
        validate_seats(seats, rules=rules, variant=rules.variant)
    except ValueError as error:  # ConfigError is a ValueError
        return str(error).splitlines()[0]
    return None


def target_rows(goals: list[Goal]) -> list[dict]:
    """Return one ``target`` row per goal (see the module docstring)."""
    rows = []
    for i, g in enumerate(goals):
        value = math.nan if g.value is None else g.value
        tolerance = g.tolerance if g.goal == "target" else math.nan
        low, high = (value - tolerance, value + tolerance) if g.goal == "target" else (value, value)
        rows.append(stats.Estimate(value, tolerance, low, high, i).row(STUDY, f"{g.stat} {g.goal}", "target"))
    return rows


def _trial_estimate(trial, name: str) -> stats.Estimate:
    value, se, n = trial.user_attrs[name], trial.user_attrs[f"{name}_se"], trial.user_attrs["hands"]
    half = 1.959963984540054 * se if math.isfinite(se) else math.nan
    return stats.Estimate(value, se, value - half, value + half, n)


def trial_rows(study) -> list[dict]:
    """Return each played trial's statistics on the search walls (group ``trial=<number>``) and ``feasible``."""
    from optuna.trial import TrialState

    from experiments.tune_search import feasible

    rows = []
    for trial in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
        if "copied_from" in trial.user_attrs:
            continue
        group = f"trial={trial.number}"
        rows += [_trial_estimate(trial, name).row(STUDY, name, group) for name in TUNE_STATISTICS]
        rows.append(_point(float(feasible(trial))).row(STUDY, "feasible", group))
    return rows


def _point(value: float, n: int = 0) -> stats.Estimate:
    return stats.Estimate(float(value), math.nan, math.nan, math.nan, n)


def _setting_rows(setting: dict, group: str) -> list[dict]:
    return [_point(math.nan).row(STUDY, f"set {flag}={_plain(value)}", group) for flag, value in setting.items()]


def reevaluate(config, bound: TunePlan, best: list, hands: int, seed: int, folder: Path) -> list[dict]:
    """Play the base rules and each best setting (COMPLETE trials) on fresh walls (``seed``, ``hands`` hands) into
    ``folder`` (resumable Parquet parts); return their rows (``reeval_rows``)."""
    if not best:
        return []
    run_rules = dict(config.rules)
    base = per_hand(_play(config, run_rules, hands, seed, folder / "base"))
    settings = [bound.space.effective(t.params) for t in best]  # the rules the trials played
    played = [(t.number, setting,
               per_hand(_play(config, {**run_rules, **setting}, hands, seed, folder / f"trial_{t.number}")))
              for t, setting in zip(best, settings)]
    return reeval_rows(list(bound.goals), bound.space.base_setting(), base, played)


def reeval_rows(goals: list[Goal], base_setting: dict, base: dict, played: list[tuple]) -> list[dict]:
    """Return the re-evaluation rows: the base's settings and statistics (group ``base``), and per best setting
    ``(trial number, setting, per-hand arrays)`` its settings, statistics, paired differences from the base and
    ``reeval_met`` (group ``best=<rank>``)."""
    rows = _setting_rows(base_setting, "base")
    rows += [e.row(STUDY, f"reeval_{name}", "base") for name, e in statistics(base).items()]
    for rank, (number, setting, hands_of) in enumerate(played, start=1):
        group = f"best={rank}"
        estimates = statistics(hands_of)
        rows += _setting_rows(setting, group)
        rows.append(_point(number).row(STUDY, "trial", group))
        rows += [e.row(STUDY, f"reeval_{name}", group) for name, e in estimates.items()]
        rows += [e.row(STUDY, f"reeval_diff_{name}", group) for name, e in paired_changes(hands_of, base).items()]
        met = all(g.violation(estimates[g.stat].estimate) <= 0 for g in goals if g.is_constraint)
        rows.append(_point(float(met), len(hands_of["win"])).row(STUDY, "reeval_met", group))
    return rows


def _goal_stats(goals) -> list[Goal]:
    """Return the first goal of each distinct statistic, in target order."""
    return list(dict((g.stat, g) for g in reversed(list(goals))).values())[::-1]


def _aim(goal: Goal, value: float) -> float:
    """Return what reaching ``goal`` minimises for a statistic value (objective, else the bound's violation)."""
    return goal.objective(value) if goal.is_objective else goal.violation(value)


def importance_rows(study, goals, space: SearchSpace) -> list[dict]:
    """Return, per goal statistic, each searched flag's PED-ANOVA importance (deterministic: no random forest)
    for reaching the goal over the played trials; nothing for a statistic where it cannot be computed."""
    import optuna
    from optuna.trial import TrialState

    played = [t for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
              if "copied_from" not in t.user_attrs]
    flags = [f for f in space.flags if len({repr(t.params[f]) for t in played}) > 1]
    if len(played) < 3 or not flags:
        return []
    rows = []
    for goal in _goal_stats(goals):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                scores = optuna.importance.get_param_importances(
                    study, evaluator=optuna.importance.PedAnovaImportanceEvaluator(), params=flags,
                    target=lambda t, g=goal: _aim(g, t.user_attrs[g.stat]))
            except (ValueError, RuntimeError, ZeroDivisionError):
                continue
        rows += [_point(score).row(STUDY, flag, f"importance {goal.stat}") for flag, score in scores.items()]
    return rows


def one_flag_rows(study, goals, space: SearchSpace) -> list[dict]:
    """Return, per goal statistic, the change of each played one-flag setting from the base trial on the search
    walls (the seeding trials; nothing without a played base)."""
    from optuna.trial import TrialState

    from experiments.tune_search import setting_key

    base = space.base_setting()
    trials = {setting_key(space.effective(t.params)): t
              for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))}
    base_trial = trials.get(setting_key(base))
    if base_trial is None:
        return []
    rows = []
    for goal in _goal_stats(goals):
        for flag, values in space.values.items():
            for value in values:
                trial = trials.get(setting_key({**base, flag: value}))
                if trial is None or trial is base_trial:
                    continue
                change = trial.user_attrs[goal.stat] - base_trial.user_attrs[goal.stat]
                rows.append(_point(change, trial.user_attrs["hands"]).row(
                    STUDY, f"{flag}={_plain(value)}", f"one_flag {goal.stat}"))
    return rows


def search_rows(study, bound: TunePlan, hands: int, seed: int, reeval_seed: int, seconds: float,
                reeval: list[dict] = ()) -> list[dict]:
    """Return the ``search`` group: trial counts by state and by who proposed them, the hands played (the search's
    and those of the re-evaluation rows ``reeval``), the space's size, walls and run time (s)."""
    from optuna.trial import TrialState

    from experiments.tune_search import feasible

    every = study.get_trials(deepcopy=False)
    states = [t.state for t in every]
    complete = [t for t in every if t.state == TrialState.COMPLETE]
    finished = [t for t in every if t.state in (TrialState.COMPLETE, TrialState.PRUNED)]
    queued = sum("fixed_params" in t.system_attrs for t in finished)  # enqueue_trial marks a queued setting
    searched = sum(t.user_attrs.get("hands", 0) for t in complete if "copied_from" not in t.user_attrs)
    replayed = len({r["group"] for r in reeval if r["name"] == "reeval_met"})
    facts = {"trials": states.count(TrialState.COMPLETE), "pruned": states.count(TrialState.PRUNED),
             "failed": states.count(TrialState.FAIL), "feasible_trials": sum(feasible(t) for t in complete),
             "queued": queued, "proposed": len(finished) - queued, "waiting": states.count(TrialState.WAITING),
             "copied": sum("copied_from" in t.user_attrs for t in complete),
             "simulated_hands": searched + (replayed + 1) * bound.params.reeval_hands * bool(replayed),
             "space_size": bound.space.size(), "hands": hands, "seed": seed,
             "reeval_hands": bound.params.reeval_hands, "reeval_seed": reeval_seed, "seconds": round(seconds, 1)}
    return [_point(value).row(STUDY, name, "search") for name, value in facts.items()]


def write_trial_table(study, goals, best: list, path: Path) -> None:
    """Write one row per trial to ``path`` (Parquet): number, state, each flag's value (text), the statistics
    with their se, objectives, violations, feasible, chosen for re-evaluation, copied_from, refused, seconds."""
    from experiments.tune_search import feasible

    chosen = {t.number for t in best}
    rows = []
    for t in study.get_trials(deepcopy=False):
        a = t.user_attrs
        row = {"number": t.number, "state": t.state.name}
        row.update({f"flag_{k}": _plain(v) for k, v in t.params.items()})
        for name in TUNE_STATISTICS:
            row[name] = a.get(name)
            row[f"{name}_se"] = a.get(f"{name}_se")
        for i, value in enumerate(t.values or []):
            row[f"objective_{i}"] = value
        for i, value in enumerate(a.get("violations", [])):
            row[f"violation_{i}"] = value
        row.update({"feasible": bool(a.get("violations") is not None and feasible(t)),
                    "reevaluated": t.number in chosen, "copied_from": a.get("copied_from"),
                    "refused": a.get("refused"), "seconds": a.get("seconds")})
        rows.append(row)
    pl.DataFrame(rows, infer_schema_length=None).write_parquet(path)
