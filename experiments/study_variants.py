"""Study variants: the rule sets side by side, each at its own default rules, with the run's seat mix and seed.

Every variant of ``sim.rules.VARIANTS`` (or the list ``experiment.variants.variants``) is one arm; the run's
own variant keeps the run's rules group, every other variant starts from its own defaults. The variants are
different games, so each statistic gets its own 95 % interval per variant and nothing is paired across them.
推倒胡 (``plain``) is the control: each regional variant's headline statistics are also given as differences from it.

Summary rows, group = the variant name (money in 底注 per hand, shares as fractions):

* ``huang_rate``: share of hands ending 荒庄 (Wilson);
* ``dealer_result``: the dealer's result per hand (Student-t); ``dealer_win_rate``: share of hands the
  dealer wins (Wilson);
* ``zimo_share``, ``dianhu_share``, ``qianggang_share``: win method / wins (Wilson over wins);
* ``hand_draws``: front draws per hand (Student-t);
* ``volatility``: standard deviation of a seat's result per hand (the sensitivity study's estimator);
* ``shape_<name>``: share of wins with that ``shape`` (regular, qidui, shisanyao; Wilson over wins);
* ``feature_<name>``: share of wins with that ``win_features`` bit, and ``mean_multiplier`` over wins — only
  when the engine records those columns (the report then says no shape data was recorded);
* ``vs_control_<statistic>`` (group = a regional variant; only when the control, ``experiment.variants.control``,
  default ``plain`` = 推倒胡, is among the compared variants and was played): the variant's estimate minus the
  control's, for each statistic of ``CONTROL_STATISTICS`` both have, with a normal 95 % interval from the unpaired
  standard errors, sqrt(se_v² + se_control²) (``stats.independent_difference``: different games, nothing paired;
  a rate's interval is Newcombe's from the two Wilson intervals, ``stats.newcombe_difference``);
* ``skill_edge`` (with ``skill_edge_hands`` > 0): seat 0's result as ``strong`` among three greedy minus seat 0's at
  four greedy, paired on the same walls (experiments.study_skill, 底注 per hand), from two more arms per variant
  (``edge <variant>`` and ``edge_base <variant>``, ``skill_edge_hands`` hands each). Off by default: with the search
  player it costs about skill_edge_hands / 15 s per variant on a core.
"""
from __future__ import annotations

import math

from dataclasses import dataclass

import numpy as np
import polars as pl

from experiments import study_sensitivity, win_features
from experiments.arms import ArmSpec
from experiments.config import ConfigError, VariantsParams
from reports import stats
from sim.variant_facts import control_rule_set

STUDY = "variants"
#: The control variant when the config names none (VariantsParams without a ``control`` field): the rule set whose
#: facts say it is the control (推倒胡, sim.variant_facts.control_rule_set).
DEFAULT_CONTROL = control_rule_set()
#: Headline statistics each regional variant is compared with the control on (``vs_control_<name>`` rows).
CONTROL_STATISTICS = ("huang_rate", "dealer_result", "dealer_win_rate", "zimo_share", "dianhu_share", "hand_draws",
                      "volatility", "mean_multiplier")
#: The control statistics that are proportions (Wilson estimates): their differences take Newcombe's interval.
RATE_STATISTICS = ("huang_rate", "dealer_win_rate", "zimo_share", "dianhu_share")
#: Name prefix of the rows of a variant's difference from the control.
CONTROL_PREFIX = "vs_control_"
#: Win methods (``win_kind`` values) whose share of wins is reported.
WIN_METHODS = ("zimo", "dianhu", "qianggang")


@dataclass(frozen=True)
class VariantsPlan:
    """The study's parameters with the variants to play resolved (in ``sim.rules.VARIANTS`` order or as listed) and
    the control the others are measured against (None: no ``vs_control`` rows)."""

    params: VariantsParams
    variants: tuple[str, ...]
    control: str | None = None


def control_name(params: VariantsParams) -> str | None:
    """Return the control variant the config names (``experiment.variants.control``; None = no control rows)."""
    return getattr(params, "control", DEFAULT_CONTROL)


def bind_rules(params: VariantsParams, rules: dict) -> VariantsPlan:
    """Return the plan of ``params``; ConfigError (one line) naming a variant the engine does not play."""
    from sim.rules import VARIANTS

    for i, name in enumerate(params.variants):
        if name not in VARIANTS:
            raise ConfigError(f"experiment.variants.variants[{i}]={name!r} is not a variant; "
                              f"choose from {', '.join(VARIANTS)}")
    control = control_name(params)
    if control is not None and control not in VARIANTS:
        raise ConfigError(f"experiment.variants.control={control!r} is not a variant; "
                          f"choose from {', '.join(VARIANTS)} or null (no control rows)")
    variants = tuple(dict.fromkeys(params.variants)) or tuple(VARIANTS)
    bound = VariantsPlan(params, variants, control if control in variants else None)
    if getattr(params, "skill_edge_hands", 0):
        from sim.rules import resolve_rules

        from experiments.study_skill import check_spec

        for name in bound.variants:
            check_spec("experiment.variants.strong", params.strong, resolve_rules({"variant": name}))
    return bound


#: The row a variant gets when the run's seat mix cannot play it (a strategy it refuses): NaN, n = 0.
SKIPPED_ROW = "skipped_seats"


def seats_refused(seats, variant: str) -> str | None:
    """Return the registry's one-line refusal of ``seats`` under ``variant``, None when it plays them."""
    from sim.seat_plan import check_seats_for_variant, resolve_seats

    try:
        check_seats_for_variant(resolve_seats(list(seats)), variant)
    except ValueError as error:
        return str(error).splitlines()[0]
    return None


def plan(bound: VariantsPlan, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return one arm per variant (role = its name): the run's seats, the variant's rules. With the default list
    (every variant), a variant whose rules refuse one of the run's strategies (selective_ting under 金华 or 推倒胡,
    which have no 上架) is left out (``summarize`` gives it a ``skipped_seats`` row; a left-out control means no
    ``vs_control`` rows); a variant listed by name is kept, so the run stops with the one-line refusal."""
    chosen = [name for name in bound.variants
              if bound.params.variants or seats_refused(base.seats, name) is None]
    arms = {name: ArmSpec(base.seats, (("variant", name),), 0, bound.params.hands) for name in chosen}
    if getattr(bound.params, "skill_edge_hands", 0):
        from experiments.study_skill import edge_arms

        for name in bound.variants:
            edge = edge_arms(bound.params.strong, (("variant", name),), bound.params.skill_edge_hands)
            arms[f"edge {name}"], arms[f"edge_base {name}"] = edge["mixed"], edge["table"]
    return arms


def columns(role: str) -> list[str]:
    """Return the record columns the study reads (the optional shape columns when the engine records them)."""
    return ["dealer", "winner", "win_kind", "shape", "draws"] + [f"s{k}_delta" for k in range(4)] \
        + win_features.recorded_columns()


def variant_statistics(frame: pl.DataFrame, variant: str | None = None) -> dict[str, stats.Estimate]:
    """Return the statistics of one variant's hands (names as in the module docstring); with ``variant``, only
    the shapes and features that variant has (``win_features.VARIANT_SHAPES`` / ``VARIANT_FEATURES``)."""
    hands = study_sensitivity.per_hand(frame)
    wins = int(hands["win"].sum())
    dealer = frame["dealer"].cast(pl.Int64).to_numpy()
    winner = frame["winner"].cast(pl.Int64).to_numpy()
    kind = frame["win_kind"].cast(pl.Utf8).to_numpy()
    out = {
        "huang_rate": stats.proportion(hands["huang"]),
        "dealer_result": stats.mean_ci(hands["dealer_result"]),
        "dealer_win_rate": stats.proportion(winner == dealer),
    }
    for method in WIN_METHODS:
        out[f"{method}_share"] = stats.wilson(int(((kind == method) & (winner >= 0)).sum()), wins)
    out["hand_draws"] = stats.mean_ci(hands["draws"])
    out["volatility"] = study_sensitivity.arm_statistics(hands)["volatility"]
    for name, flags in win_features.shape_indicators(frame, variant).items():
        out[f"shape_{name}"] = stats.wilson(int(flags.sum()), wins)
    features = win_features.feature_indicators(frame, variant)
    for name, flags in (features or {}).items():
        out[f"feature_{name}"] = stats.wilson(int(flags.sum()), wins)
    multiplier = win_features.multipliers(frame)
    if multiplier is not None:
        out["mean_multiplier"] = stats.mean_ci(multiplier[~np.isnan(multiplier)])
    return out


def control_differences(variant: dict[str, stats.Estimate],
                        control: dict[str, stats.Estimate]) -> dict[str, stats.Estimate]:
    """Return {statistic: variant − control} over the ``CONTROL_STATISTICS`` both have: independent samples (the
    variants are different games), se = sqrt(se_v² + se_control²), n = n_v + n_control; a rate's 95 % interval is
    Newcombe's from the two Wilson intervals (``stats.newcombe_difference``: it does not collapse when both sides
    saw no event, as two 荒庄-free samples would), any other's the normal one."""
    return {name: (stats.newcombe_difference if name in RATE_STATISTICS else stats.independent_difference)(
                variant[name], control[name])
            for name in CONTROL_STATISTICS if name in variant and name in control}


def summarize(frames: dict[str, pl.DataFrame], bound: VariantsPlan) -> list[dict]:
    """Return the summary rows of the study: every statistic of every variant (group = variant), then each
    variant's differences from the control (``vs_control_<statistic>``)."""
    rows, estimates = [], {}
    for name in bound.variants:
        if name not in frames:  # left out by plan: the seat mix has a strategy this variant refuses
            rows.append(stats.Estimate(math.nan, math.nan, math.nan, math.nan, 0).row(STUDY, SKIPPED_ROW, name))
            continue
        estimates[name] = variant_statistics(frames[name], name)
        rows += [e.row(STUDY, statistic, name) for statistic, e in estimates[name].items()]
    if bound.control in estimates:
        control = estimates[bound.control]
        for name, own in estimates.items():
            if name != bound.control:
                rows += [e.row(STUDY, CONTROL_PREFIX + statistic, name)
                         for statistic, e in control_differences(own, control).items()]
    for name in bound.variants:
        if f"edge {name}" in frames:
            from experiments.study_skill import seat0_difference

            rows.append(seat0_difference(frames[f"edge {name}"], frames[f"edge_base {name}"])
                        .row(STUDY, "skill_edge", name))
    return rows
