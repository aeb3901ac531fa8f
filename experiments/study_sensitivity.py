"""Study sensitivity: which rules matter, one flag at a time, on the same walls.

From the run's rules (the *base*), every rule flag of ``sim.rules.RulesConfig`` is changed alone:
every other option of an enumerated flag, the other value of a bool, one step down and up of a
number (inside its range). Each change is an arm of the run's seat mix; all arms use the run's
seed, so hand i plays the same wall in every arm and each statistic's change is a paired difference.

Statistics per arm (money in 底注 per hand):

* ``dealer_result``: the dealer's total result per hand (mean; Student-t interval);
* ``huang_rate``: share of hands ending 荒庄 (fraction);
* ``zimo_share``: 自摸 wins / wins (fraction; 抢杠胡 is not 自摸) — a ratio, delta-method interval;
* ``hand_draws``: front draws made in the hand (mean);
* ``volatility``: standard deviation of a seat's result per hand, sqrt(mean over hands and the four
  seats of result²) — every hand is zero-sum, so the seats' mean is exactly 0 — delta-method interval.

Summary rows: group ``base`` holds the base arm's five statistics (names above); group ``<flag>=<value>``
holds ``diff_<statistic>`` = arm − base over paired hands. A change that cannot be made alone yields one
row named ``needs <requirement>`` (no estimate) instead of an arm: the config refuses it (e.g.
``stacks_per_kong=0`` under the physical dead wall needs ``huang_stacks >= 8``), or the flag only acts
when another flag is on and that flag is off in the base (``PREREQUISITES``).

With ``skill_edge_hands`` > 0 the base and every change also play the skill edge (experiments.study_skill): seat 0
``strong`` among three greedy (arm ``edge <role>``) and four greedy (``edge_table <role>``), ``skill_edge_hands``
each: group ``base`` gets ``skill_edge`` (seat 0's paired gain, 底注 per hand) and each change ``diff_skill_edge`` —
the change's per-hand edge minus the base's on the same walls: which rules make skill matter more. ``rank_by`` (a
statistic, default ``any`` = the largest |change| / se) is stored as a row ``rank_by`` whose group names it; the
report ranks the changes by it.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from experiments.arms import ArmSpec
from experiments.config import ConfigError, SensitivityParams
from experiments.headline_estimators import arm_statistics, paired_changes, per_hand  # noqa: F401  (public here)
from experiments.study_skill import check_spec, common_hands, edge_arms
from reports import stats

STUDY = "sensitivity"
#: The headline statistics, in report order.
STATISTICS = ("dealer_result", "huang_rate", "zimo_share", "hand_draws", "volatility")
#: Role (summary group) of the base arm.
BASE = "base"
#: Flags that only act when another flag has a value (RULES §4 A12, A14; §1.5 r33):
#: flag -> (other flag, value it needs).
PREREQUISITES = {
    "qidui_multiplier": ("jc_shape_multipliers", True),
    "shisanyao_multiplier": ("jc_shape_multipliers", True),
    "genzhuang_units": ("genzhuang", True),
    "genzhuang_angang_breaks": ("genzhuang", True),
    "genzhuang_shangjia_breaks": ("genzhuang", True),
    "genzhuang_void_on_huang": ("genzhuang", True),
    "qiang_requires_shi": ("allow_qiang", True),
}


@dataclass(frozen=True)
class Change:
    """One flag changed alone: its role ``flag=value``, and why it cannot be run (None = it can)."""

    flag: str
    value: object
    blocked: str | None = None

    @property
    def role(self) -> str:
        """Return the arm's role / summary group, e.g. ``houbao_units=1`` or ``allow_shi=false``."""
        value = str(self.value).lower() if isinstance(self.value, bool) else str(self.value)
        return f"{self.flag}={value}"


@dataclass(frozen=True)
class SensitivityPlan:
    """The study's parameters bound to the run's rules (the base every change starts from)."""

    params: SensitivityParams
    run_rules: object  # sim.rules.RulesConfig

    def changes(self) -> list[Change]:
        """Return every one-flag change of the plan (see :func:`changes`)."""
        return changes(self.run_rules, self.params.flags)


def bind_rules(params: SensitivityParams, rules: dict) -> SensitivityPlan:
    """Return ``params`` bound to the run's rules mapping; ConfigError (one line) for a flag the run's variant
    does not have."""
    from sim.rules import resolve_rules

    run_rules = resolve_rules(dict(rules))
    flags = [f.name for f in dataclasses.fields(run_rules) if f.name != "variant"]
    for i, flag in enumerate(params.flags):
        if flag not in flags:
            raise ConfigError(f"experiment.sensitivity.flags[{i}]={flag!r} is not a rule flag; "
                              f"choose from {', '.join(flags)} (the flags of {run_rules.variant})")
    if getattr(params, "skill_edge_hands", 0):
        check_spec("experiment.sensitivity.strong", params.strong, run_rules)
    elif getattr(params, "rank_by", "any") == "skill_edge":
        raise ConfigError("experiment.sensitivity.rank_by=skill_edge needs experiment.sensitivity.skill_edge_hands > 0 "
                          "(the hands of each change's skill-edge arms)")
    return SensitivityPlan(params, run_rules)


def alternatives(field: dataclasses.Field, value) -> list:
    """Return the values a flag is changed to: other options, the other bool, or value ± 1 inside the range."""
    meta = field.metadata
    if meta["kind"] == "enum":
        return [option for option in meta["options"] if option != value]
    if meta["kind"] == "bool":
        return [not value]
    if meta["kind"] == "int":
        low, high = meta["range"]
        return [v for v in (value - 1, value + 1) if low <= v <= high]
    return []  # the variant is not a flag


def _requirement(error: ValueError) -> str:
    """Return a refused change's reason as 'needs ...' (the config's own message, shortened)."""
    message = str(error).splitlines()[0]
    if " needs " in message:
        return "needs " + message.split(" needs ", 1)[1].split(", got ")[0].replace("rules.", "")
    return "refused: " + message


def changes(run_rules, flags: list[str] | tuple = ()) -> list[Change]:
    """Return every one-flag change from ``run_rules`` (a RulesConfig), in RulesConfig field order.

    ``flags`` limits the flags changed (empty = all). A change is blocked when its flag has an
    unmet prerequisite in ``run_rules`` or when the config refuses it alone.
    """
    out = []
    for f in dataclasses.fields(run_rules):
        if flags and f.name not in flags:
            continue
        base_value = getattr(run_rules, f.name)
        for value in alternatives(f, base_value):
            blocked = None
            needed = PREREQUISITES.get(f.name)
            if needed and getattr(run_rules, needed[0]) != needed[1]:
                blocked = f"needs {needed[0]}={str(needed[1]).lower()}"
            else:
                try:
                    run_rules.replace(**{f.name: value})
                except ValueError as error:
                    blocked = _requirement(error)
            out.append(Change(f.name, value, blocked))
    return out


def plan(bound: SensitivityPlan, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the ``base`` arm and one arm per runnable change (its flag overriding the base rules)."""
    hands = bound.params.hands
    arms = {BASE: ArmSpec(base.seats, base.rules, 0, hands)}
    for change in bound.changes():
        if change.blocked is None:
            arms[change.role] = ArmSpec(base.seats, base.rules + ((change.flag, change.value),), 0, hands)
    if getattr(bound.params, "skill_edge_hands", 0):
        for role, arm in list(arms.items()):
            edge = edge_arms(bound.params.strong, arm.rules, bound.params.skill_edge_hands)
            arms[f"edge {role}"], arms[f"edge_table {role}"] = edge["mixed"], edge["table"]
    return arms


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from any arm."""
    return ["dealer", "winner", "win_kind", "draws"] + [f"s{k}_delta" for k in range(4)]


def summarize(frames: dict[str, pl.DataFrame], bound: SensitivityPlan) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    base_hands = frames[BASE]["hand"].to_numpy()
    base = per_hand(frames[BASE])
    rows = [estimate.row(STUDY, name, BASE) for name, estimate in arm_statistics(base).items()]
    for change in bound.changes():
        if change.blocked is not None:
            blank = stats.Estimate(math.nan, math.nan, math.nan, math.nan, 0)
            rows.append(blank.row(STUDY, change.blocked, change.role))
            continue
        frame = frames[change.role]
        if not np.array_equal(frame["hand"].to_numpy(), base_hands):
            raise ValueError(f"arm {change.role} and arm base do not hold the same hands")
        for name, estimate in paired_changes(per_hand(frame), base).items():
            rows.append(estimate.row(STUDY, f"diff_{name}", change.role))
    return rows + skill_edge_rows(frames, bound)


def skill_edge_rows(frames: dict[str, pl.DataFrame], bound: SensitivityPlan) -> list[dict]:
    """Return the base's ``skill_edge`` and each change's ``diff_skill_edge`` (module docstring; none without the
    edge arms), and the ``rank_by`` row of a chosen ranking statistic."""
    rows = []
    rank_by = getattr(bound.params, "rank_by", "any")
    if rank_by != "any":
        rows.append(stats.Estimate(math.nan, math.nan, math.nan, math.nan, 0).row(STUDY, "rank_by", rank_by))
    if f"edge {BASE}" not in frames:
        return rows

    def edges(role: str) -> pl.DataFrame:  # per hand: seat 0 strong among greedy − seat 0 at four greedy
        mixed, table = common_hands(frames[f"edge {role}"], frames[f"edge_table {role}"])
        return pl.DataFrame({"hand": mixed["hand"], "edge": (mixed["s0_delta"].cast(pl.Float64)
                                                             - table["s0_delta"].cast(pl.Float64))})

    base = edges(BASE)
    rows.append(stats.mean_ci(base["edge"].to_numpy()).row(STUDY, "skill_edge", BASE))
    for change in bound.changes():
        if change.blocked is None:
            arm, reference = common_hands(edges(change.role), base)
            rows.append(stats.paired_difference(arm["edge"].to_numpy(), reference["edge"].to_numpy())
                        .row(STUDY, "diff_skill_edge", change.role))
    return rows
