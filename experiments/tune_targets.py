"""What ``experiment=tune`` aims at: the statistics of one arm, a target's goal, and its objective and constraint.

The statistics are the studies' own estimators (``experiments.headline_estimators`` per-hand arrays and intervals,
``experiments.paired_delta`` for ratios and root mean squares), not copies. Units: money in 底注 per hand, rates and
shares as fractions 0..1, hand length in front draws, the multiplier as a factor.

* ``dealer_result``, ``huang_rate``, ``zimo_share``, ``hand_draws``, ``volatility``: as in the sensitivity study;
* ``deal_in_rate``: share of hands won on a discard (点炮, ``win_kind == "dianhu"``);
* ``mean_multiplier``: mean total multiplier of the win money over won hands (a ratio of per-hand means).

A goal turns a statistic into an objective (minimised) and/or a constraint (feasible when <= 0):

* ``target``: objective |x − value|, constraint |x − value| − tolerance;
* ``max_bound`` / ``min_bound``: constraint x − value / value − x, no objective (a bound is a constraint of the
  sampler, never a penalty on the objective);
* ``minimize`` / ``maximize``: objective x / −x, no constraint.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from experiments import headline_estimators, paired_delta
from experiments.config import TUNE_GOALS, TUNE_STATISTICS, ConfigError, TuneTarget
from reports import stats

#: Goals that make an objective of the study.
OBJECTIVE_GOALS = ("target", "maximize", "minimize")
#: Goals that make a constraint.
CONSTRAINT_GOALS = ("target", "max_bound", "min_bound")
#: Record columns the statistics read.
COLUMNS = ["dealer", "winner", "win_kind", "draws", "multiplier"] + [f"s{k}_delta" for k in range(4)]


def per_hand(frame: pl.DataFrame) -> dict[str, np.ndarray]:
    """Return the sensitivity study's per-hand arrays plus ``deal_in`` (0/1, a 点炮 win) and ``multiplier_won``
    (the win's total multiplier, 0 without a win)."""
    hands = headline_estimators.per_hand(frame)
    hands["deal_in"] = (frame["win_kind"] == "dianhu").to_numpy().astype(float) * hands["win"]
    multiplier = frame["multiplier"].cast(pl.Float64).fill_null(0.0).to_numpy()
    hands["multiplier_won"] = np.where(hands["win"] > 0, multiplier, 0.0)
    return hands


def statistics(hands: dict[str, np.ndarray]) -> dict[str, stats.Estimate]:
    """Return every tunable statistic of one arm (``TUNE_STATISTICS``) with its 95 % interval."""
    out = dict(headline_estimators.arm_statistics(hands))
    out["deal_in_rate"] = stats.proportion(hands["deal_in"])
    out["mean_multiplier"] = paired_delta.ratio(hands["multiplier_won"], hands["win"])
    return {name: out[name] for name in TUNE_STATISTICS}


def paired_changes(arm: dict[str, np.ndarray], base: dict[str, np.ndarray]) -> dict[str, stats.Estimate]:
    """Return arm − base of every tunable statistic over paired hands (same walls), with 95 % intervals."""
    out = dict(headline_estimators.paired_changes(arm, base))
    out["deal_in_rate"] = stats.paired_difference(arm["deal_in"], base["deal_in"])
    out["mean_multiplier"] = paired_delta.ratio_difference(arm["multiplier_won"], arm["win"],
                                                           base["multiplier_won"], base["win"])
    return {name: out[name] for name in TUNE_STATISTICS}


@dataclass(frozen=True)
class Goal:
    """A checked target: statistic, goal, value (None for maximize/minimize) and tolerance (targets only)."""

    stat: str
    goal: str
    value: float | None = None
    tolerance: float = 0.0

    @property
    def is_objective(self) -> bool:
        """Return True when the goal is an objective of the study (target, maximize, minimize)."""
        return self.goal in OBJECTIVE_GOALS

    @property
    def is_constraint(self) -> bool:
        """Return True when the goal is a constraint (target, max_bound, min_bound)."""
        return self.goal in CONSTRAINT_GOALS

    def objective(self, x: float) -> float:
        """Return the minimised objective of statistic value ``x`` (see the module docstring)."""
        if self.goal == "target":
            return abs(x - self.value)
        return -x if self.goal == "maximize" else x

    def violation(self, x: float) -> float:
        """Return the constraint of ``x``: <= 0 when the goal is met (units of the statistic)."""
        if self.goal == "target":
            return abs(x - self.value) - self.tolerance
        if self.goal == "max_bound":
            return x - self.value
        if self.goal == "min_bound":
            return self.value - x
        return 0.0

    def describe(self) -> str:
        """Return the goal in words, e.g. ``huang_rate <= 0.03`` or ``dealer_result = 0 ± 0.02``."""
        if self.goal == "target":
            return f"{self.stat} = {self.value:g} ± {self.tolerance:g}"
        if self.goal in ("max_bound", "min_bound"):
            return f"{self.stat} {'<=' if self.goal == 'max_bound' else '>='} {self.value:g}"
        return f"{self.goal} {self.stat}"


def check_goals(targets: list[TuneTarget]) -> list[Goal]:
    """Return the checked goals of ``experiment.tune.targets``; ConfigError (one line, naming the key and the
    valid choices) for an unknown statistic or goal, a missing or stray value or tolerance, or no objective."""
    if not targets:
        raise ConfigError("experiment.tune.targets=[] is empty; give at least one {stat, goal, value, tolerance} "
                          f"with stat from {', '.join(TUNE_STATISTICS)} and goal from {', '.join(TUNE_GOALS)}")
    goals = []
    for i, t in enumerate(targets):
        key = f"experiment.tune.targets[{i}]"
        if t.stat not in TUNE_STATISTICS:
            raise ConfigError(f"{key}.stat={t.stat!r} is not valid; choose one of {', '.join(TUNE_STATISTICS)}")
        if t.goal not in TUNE_GOALS:
            raise ConfigError(f"{key}.goal={t.goal!r} is not valid; choose one of {', '.join(TUNE_GOALS)}")
        needs_value = t.goal in CONSTRAINT_GOALS
        if needs_value and (t.value is None or not math.isfinite(t.value)):
            raise ConfigError(f"{key}.value is missing: goal {t.goal} needs a finite value (units of {t.stat})")
        if not needs_value and t.value is not None:
            raise ConfigError(f"{key}.value={t.value!r} means nothing with goal {t.goal}; leave it null")
        if t.goal == "target" and (t.tolerance is None or not t.tolerance >= 0):
            raise ConfigError(f"{key}.tolerance={t.tolerance!r}: goal target needs a tolerance >= 0")
        if t.goal != "target" and t.tolerance is not None:
            raise ConfigError(f"{key}.tolerance={t.tolerance!r} means nothing with goal {t.goal}; only a target has "
                              "one")
        goals.append(Goal(t.stat, t.goal, None if t.value is None else float(t.value), float(t.tolerance or 0.0)))
    if not any(g.is_objective for g in goals):
        raise ConfigError("experiment.tune.targets holds only bounds; add a goal from target, maximize, minimize "
                          "(bounds are constraints of the search, not objectives)")
    return goals


def objectives(goals: list[Goal], values: dict[str, float]) -> list[float]:
    """Return the study's objective values (all minimised) for the statistics ``values`` of one trial."""
    return [g.objective(values[g.stat]) for g in goals if g.is_objective]


def violations(goals: list[Goal], values: dict[str, float]) -> list[float]:
    """Return one constraint value per constraint goal (<= 0 = met) for the statistics ``values`` of one trial."""
    return [g.violation(values[g.stat]) for g in goals if g.is_constraint]
