"""The Optuna study behind ``experiment=tune``: one SQLite study in the run folder, driven by ask/tell in this process.

``make_sampler`` returns the seeded TPE sampler; ``open_study`` creates or reloads the study (``<run folder>/tune.db``, study ``tune``) and refuses one made with
other settings; a trial a killed run left RUNNING is marked FAIL and its setting queued again, so a rerun
retries it. ``run_trials`` asks for settings until ``trials`` trials are finished (COMPLETE, or PRUNED for a
combination the config refuses), so a rerun continues the count instead of replaying finished trials. A setting
already played (every trial plays the same walls) takes that trial's numbers instead of being played again.

Each finished trial stores, as user attributes, every statistic of ``experiments.tune_targets`` (value and
``<stat>_se``; units of the statistic) and ``violations`` (one per constraint goal, <= 0 = met).
"""
from __future__ import annotations

import json
import math
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from experiments.config import TUNE_STATISTICS, ConfigError
from experiments.tune_space import SearchSpace
from experiments.tune_targets import Goal, objectives, violations

#: The study's name inside tune.db.
STUDY_NAME = "tune"
#: The SQLite file of the study, in the run folder.
STUDY_FILE = "tune.db"


def _quiet_optuna() -> None:
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)


def make_sampler(seed: int):
    """Return the TPE sampler (single- or multi-objective) seeded with ``seed``; the trials carry the goals'
    constraints (``Trial.set_constraint``), which TPE reads. TPE, not NSGA-II: a study of tens of trials is less
    than one NSGA-II generation."""
    import optuna

    return optuna.samplers.TPESampler(seed=seed, multivariate=True)


def open_study(folder: Path, settings: dict, goals: list[Goal], sampler):
    """Return the study of ``folder/tune.db`` (created when missing). Raises ConfigError (one line) when the file
    holds a study made with other ``settings`` (a JSON-able dict: targets, space, hands, seeds, seats, rules)."""
    import optuna
    from optuna.trial import TrialState

    _quiet_optuna()
    storage = optuna.storages.RDBStorage(f"sqlite:///{(Path(folder) / STUDY_FILE).resolve()}")
    n_objectives = sum(g.is_objective for g in goals)
    study = optuna.create_study(storage=storage, study_name=STUDY_NAME, sampler=sampler, load_if_exists=True,
                                directions=["minimize"] * n_objectives)
    stored = study.user_attrs.get("settings")
    wanted = json.loads(json.dumps(settings))
    if stored is None:
        study.set_user_attr("settings", wanted)
    elif stored != wanted:
        changed = sorted(k for k in set(stored) | set(wanted) if stored.get(k) != wanted.get(k))
        raise ConfigError(f"{Path(folder) / STUDY_FILE} holds a tuning study with other settings "
                          f"({', '.join(changed)}); rerun with the same settings or use a new folder")
    for trial in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        storage.set_trial_state_values(trial._trial_id, TrialState.FAIL)  # left by a killed run
        if trial.params:
            study.enqueue_trial(dict(trial.params), user_attrs={"retry_of": trial.number})
    return study


def finished(study) -> int:
    """Return the trials that count against the budget: COMPLETE and PRUNED (refused settings)."""
    from optuna.trial import TrialState

    return len(study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.PRUNED)))


def _played(study, space: SearchSpace) -> dict[str, object]:
    """Return {setting key: COMPLETE trial} of the settings played so far (the first trial of each; the setting
    as played, ``SearchSpace.effective``)."""
    from optuna.trial import TrialState

    out = {}
    for trial in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
        out.setdefault(setting_key(space.effective(trial.params)), trial)
    return out


def setting_key(params: dict) -> str:
    """Return a canonical text of a setting (flag -> value), the same for equal settings."""
    return json.dumps({k: params[k] for k in sorted(params)}, sort_keys=True, default=str)


def run_trials(study, space: SearchSpace, goals: list[Goal], trials: int, evaluate: Callable[[dict], dict],
               refusal: Callable[[dict], str | None], show: bool, seeds: list[dict] = ()) -> None:
    """Play trials until ``trials`` are finished; returns nothing (the results are in the study).

    ``evaluate(rules_overrides) -> {stat: stats.Estimate}`` plays one setting; ``refusal(rules_overrides)`` returns
    the one-line reason the config (or the seat mix) refuses a setting, None when it plays; such a setting is
    PRUNED. ``seeds`` are settings queued first on a new study (the base and the one-flag changes).
    """
    from optuna.trial import TrialState
    from tqdm.auto import tqdm

    if not study.get_trials(deepcopy=False):
        for setting in seeds:
            study.enqueue_trial(setting, skip_if_exists=True)
    distributions = space.distributions()
    played = _played(study, space)
    done = finished(study)
    with tqdm(total=trials, initial=min(done, trials), disable=not show, desc="tune trials", unit="trial",
              dynamic_ncols=True, leave=False) as bar:
        bar.set_postfix_str(best_text(study, goals))
        while done < trials:
            trial = study.ask(distributions)
            setting = space.effective(trial.params)
            refused = refusal(setting)
            if refused is not None:
                trial.set_user_attr("refused", refused)
                for i in range(sum(g.is_constraint for g in goals)):
                    trial.set_constraint(f"goal_{i}", 1.0)  # no numbers: infeasible
                study.tell(trial, state=TrialState.PRUNED)
            else:
                started = time.perf_counter()
                earlier = played.get(setting_key(setting))
                if earlier is not None:
                    values = {k: earlier.user_attrs[k] for k in earlier.user_attrs if k in _STORED}
                    trial.set_user_attr("copied_from", earlier.number)
                else:
                    estimates = evaluate(setting)
                    values = {}
                    for name in TUNE_STATISTICS:
                        values[name] = _finite(estimates[name].estimate)
                        values[f"{name}_se"] = _finite(estimates[name].se)
                    values["hands"] = int(estimates[TUNE_STATISTICS[0]].n)
                stat_values = {name: values[name] for name in TUNE_STATISTICS}
                values["violations"] = violations(goals, stat_values)
                values["seconds"] = round(time.perf_counter() - started, 3)
                for key, value in values.items():
                    trial.set_user_attr(key, value)
                for i, value in enumerate(values["violations"]):
                    trial.set_constraint(f"goal_{i}", value if math.isfinite(value) else 1.0)
                frozen = study.tell(trial, objectives(goals, stat_values))
                if earlier is None:
                    played[setting_key(setting)] = frozen
            done = finished(study)
            bar.update(min(done, trials) - bar.n)
            bar.set_postfix_str(best_text(study, goals))


_STORED = tuple(TUNE_STATISTICS) + tuple(f"{s}_se" for s in TUNE_STATISTICS) + ("hands",)


def _finite(value: float) -> float:
    """Return ``value`` as a float (NaN stays NaN: JSON user attributes keep it as NaN)."""
    return float(value) if value is not None else math.nan


def feasible(trial) -> bool:
    """Return True when every constraint of a COMPLETE trial is met (<= 0)."""
    return all(v <= 0 for v in trial.user_attrs.get("violations", []))


def best_text(study, goals: list[Goal]) -> str:
    """Return the progress bar's 'best so far': the best feasible trial's target statistics, or 'none feasible'."""
    ranked = ranked_trials(study, goals, 1)
    if not ranked:
        return "best: none yet"
    trial = ranked[0]
    shown = ", ".join(f"{g.stat}={trial.user_attrs[g.stat]:.4g}" for g in dict((g.stat, g) for g in goals).values())
    return f"best #{trial.number}{'' if feasible(trial) else ' (infeasible)'}: {shown}"


def _dominates(a: list[float], b: list[float]) -> bool:
    return all(x <= y for x, y in zip(a, b)) and any(x < y for x, y in zip(a, b))


def ranked_trials(study, goals: list[Goal], top: int) -> list:
    """Return the best ``top`` distinct settings among COMPLETE trials (first trial of each setting).

    Feasible trials first; when none is feasible, the least total violation. One objective: sorted by it.
    Several: the Pareto front (non-dominated trials), sorted by the first objective. Ties: earlier trial first.
    """
    from optuna.trial import TrialState

    distinct = {}
    for trial in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
        if "copied_from" not in trial.user_attrs:
            distinct.setdefault(setting_key(trial.params), trial)
    pool = [t for t in distinct.values() if feasible(t)]
    if not pool and distinct:
        least = min(sum(max(0.0, v) for v in t.user_attrs["violations"]) for t in distinct.values())
        pool = [t for t in distinct.values() if sum(max(0.0, v) for v in t.user_attrs["violations"]) <= least]
    if len(study.directions) > 1:
        pool = [t for t in pool if not any(_dominates(o.values, t.values) for o in pool if o is not t)]
    return sorted(pool, key=lambda t: (t.values[0], t.number))[:top]
