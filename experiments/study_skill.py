"""Study skill: do the headlines hold for stronger players, and how much does the rule set reward skill?

For the run's variant, each skill level ``L`` (``experiments.config.SKILL_LEVELS``: random, greedy, learned, strong;
each a strategy spec of ``SkillParams``, the learned default ``learned``, the strong default ``search``) plays

* ``table L``: four seats of ``L`` — the table headlines (``TABLE_HEADLINES``: dealer result, 荒庄 rate, 自摸 share,
  deal-in rate, mean multiplier, money volatility) with the tune study's estimators (``experiments.tune_targets``,
  which are the sensitivity study's);
* for each headline that compares strategies (``COMPARISONS``, where the rules have it: the 十三幺 chase at k, the
  early-上架 cost at t, the 爆头 gain), seat 0 playing the studied strategy and seat 0 playing its comparator, the
  other three seats ``L``; each study's own estimator (``study_thirteen_orphans`` on walls dealing seat 0 exactly k
  kinds, ``study_early_ting``, ``study_caishen``);
* the skill edge (strong level only): ``edge one_strong`` (seat 0 strong, three greedy) against ``table greedy``, and
  ``edge one_greedy`` (seat 0 greedy, three strong) against ``table strong``.

Every arm uses the run's seed, so hand i is the same wall in every arm (conditioned walls: the same in every
conditioned arm); arms with a strong seat play ``strong_hands``, the learned level's ``learned_hands``, the others
``hands``, and every comparison between arms is paired over the hands both played.

Summary rows (study ``skill``; money in 底注 per hand, rates as fractions):

* group ``L`` (a level): each table headline, ``chase_gain_k{k}`` (chase − greedy, stratified as the thirteen_orphans
  study), ``early_ting_cost_t{t}`` (``selective_ting{min_live_waits=t}`` − ``early_ting``: positive = 上架-ing at
  once costs) and ``baotou_gain`` (``baotou`` − greedy);
* group ``L − greedy``: ``diff_<headline>``, the level's value minus the greedy level's over paired hands;
* ``skill_edge`` group ``one_strong``: seat 0's result as strong among three greedy minus seat 0's in the all-greedy
  table, same walls; group ``one_greedy``: seat 0's in the all-strong table minus seat 0's as greedy among three
  strong. Both positive when skill pays. Seat 0 is paired with seat 0 (never with the other seats of the mixed
  table, whose mean is −edge/3: that would read 4/3 of the edge);
* ``level_spec`` group ``L=<spec>``: the level's strategy spec; estimate and n = hands of its table;
* ``skipped_level`` group ``L`` (n = 0, no estimate): a level left out because its player lacks its model file
  under the rules (``bind_rules``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from experiments import study_caishen, study_early_ting, study_thirteen_orphans, tune_targets
from experiments.arms import ArmSpec
from experiments.config import SKILL_LEVELS, CaishenParams, ConfigError, SkillParams
from experiments.variant_params import run_variant, skip_reason
from reports import stats
from sim.deal_conditions import yaojiu_condition

STUDY = "skill"
#: The reference level every other level is paired with.
REFERENCE = "greedy"
#: Table headlines: the tune study's statistics (its names), in report order.
TABLE_HEADLINES = ("dealer_result", "huang_rate", "zimo_share", "deal_in_rate", "mean_multiplier", "volatility")


@dataclass(frozen=True)
class Comparison:
    """A headline that compares two seat-0 strategies: its summary name, the study whose estimator it reuses,
    the studied and comparator specs, and seat 0's deal condition (0 = plain walls)."""

    name: str
    source_study: str
    studied: str
    comparator: str
    deal_condition: int = 0


def comparisons(params: SkillParams) -> tuple[Comparison, ...]:
    """Return every comparing headline of the study (before the rules decide which apply)."""
    k, t = params.chase_k, params.ting_t
    return (
        Comparison(f"chase_gain_k{k}", "thirteen_orphans", f"thirteen_orphans{{min_distinct={k}}}", "greedy",
                   yaojiu_condition(k)),
        Comparison(f"early_ting_cost_t{t}", "early_ting", study_early_ting.selective_spec(t, None), "early_ting"),
        Comparison("baotou_gain", "caishen", study_caishen.baotou_label(CaishenParams()), "greedy"),
    )


@dataclass(frozen=True)
class SkillPlan:
    """The study's parameters bound to the run's rules: the levels' specs and the comparisons the rules have."""

    params: SkillParams
    variant: str
    specs: tuple[tuple[str, str], ...]          # (level, strategy spec) in SKILL_LEVELS order
    applicable: tuple[Comparison, ...]
    skipped: tuple[tuple[str, str], ...] = ()   # (level, why) of the levels left out: their player lacks its model

    @property
    def levels(self) -> tuple[str, ...]:
        """Return the levels played, in SKILL_LEVELS order."""
        return tuple(level for level, _ in self.specs)

    def spec(self, level: str) -> str:
        """Return the strategy spec of ``level``."""
        return dict(self.specs)[level]

    def hands(self, level: str) -> int | None:
        """Return the hands of an arm whose strongest seat is ``level`` (None = the run's ``hands``)."""
        own = {"strong": self.params.strong_hands, "learned": self.params.learned_hands}
        return own.get(level, self.params.hands)


def check_spec(path: str, spec, rules) -> str:
    """Return the seat label of ``spec``; ConfigError (one line) naming ``path`` (e.g. ``experiment.skill.strong``)
    and the registry's valid choices when the registry refuses it (unknown name, bad parameter, meaningless under the
    rules, a sim.rules VariantRules)."""
    from sim.seat_plan import check_seats_for_rules, parse_seat

    try:
        config = parse_seat(spec)
        check_seats_for_rules([config], rules)
    except ValueError as error:
        raise ConfigError(f"{path}={spec!r}: {str(error).splitlines()[0]}") from None
    return str(spec)


def missing_requirement(spec, variant: str) -> str | None:
    """Return why the strategy of ``spec`` lacks what it itself needs under ``variant`` (the learned player's model
    file; sim.seat_plan.requirement_refusal), None when it has it, needs nothing or is no registered strategy (which
    ``check_spec`` then refuses)."""
    from sim.seat_plan import REGISTRY, parse_seat, requirement_refusal

    try:
        name = parse_seat(spec).name
    except ValueError:
        return None
    return requirement_refusal(name, variant) if name in REGISTRY else None


def bind_rules(params: SkillParams, rules: dict) -> SkillPlan:
    """Return ``params`` bound to the run's rules mapping. ConfigError (one line) for a level spec the registry
    refuses or a level list without the greedy reference. A level other than greedy whose player lacks what it
    itself needs under the rules (the learned player without a model file for them) is left out with its reason
    (``SkillPlan.skipped``), so the study still runs its other levels."""
    from sim.rules import resolve_rules
    from sim.seat_plan import rule_refusals

    resolved = resolve_rules(dict(rules))
    levels = [level for level in SKILL_LEVELS if level in params.levels]
    if REFERENCE not in levels:
        raise ConfigError(f"experiment.skill.levels={list(params.levels)!r} must include {REFERENCE!r} "
                          f"(every level is paired with it); choose from {', '.join(SKILL_LEVELS)}")
    skipped = tuple((level, why) for level in levels if level != REFERENCE
                    for why in [missing_requirement(getattr(params, level), resolved.variant)] if why)
    specs = tuple((level, check_spec(f"experiment.skill.{level}", getattr(params, level), resolved))
                  for level in levels if level not in dict(skipped))
    refused = rule_refusals(resolved)
    applicable = tuple(c for c in comparisons(params) if skip_reason(c.source_study, dict(rules)) is None
                       and c.studied.split("{")[0] not in refused and c.comparator not in refused)
    return SkillPlan(params, run_variant(rules), specs, applicable, skipped)


def plan(bound: SkillPlan, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the arms (module docstring): ``table L``, ``<headline> studied L`` / ``<headline> comparator L`` per
    level, and with the strong level ``edge one_strong`` / ``edge one_greedy``. The run's seat mix is not used."""
    arms = {}
    for level in bound.levels:
        spec, hands = bound.spec(level), bound.hands(level)
        arms[f"table {level}"] = ArmSpec((spec,) * 4, base.rules, 0, hands)
        for c in bound.applicable:
            others = ArmSpec((spec,) * 4, base.rules, 0, hands, c.deal_condition)
            arms[f"{c.name} studied {level}"] = others.with_seat0(c.studied)
            arms[f"{c.name} comparator {level}"] = others.with_seat0(c.comparator)
    if "strong" in bound.levels:
        strong, greedy, hands = bound.spec("strong"), bound.spec(REFERENCE), bound.hands("strong")
        arms["edge one_strong"] = ArmSpec((strong,) + (greedy,) * 3, base.rules, 0, hands)
        arms["edge one_greedy"] = ArmSpec((greedy,) + (strong,) * 3, base.rules, 0, hands)
    return arms


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from arm ``role``."""
    if role.startswith("chase_gain"):
        return study_thirteen_orphans.columns(role)
    if role.startswith("early_ting_cost"):
        return study_early_ting.columns(role)
    if role.startswith("baotou_gain"):
        return study_caishen.columns("baotou")
    return list(dict.fromkeys(tune_targets.COLUMNS + ["s0_delta"]))


def common_hands(*frames: pl.DataFrame) -> list[pl.DataFrame]:
    """Return the frames restricted to the hands all of them played, each sorted by hand (so row i of each is the
    same wall)."""
    shared = set(frames[0]["hand"].to_list())
    for frame in frames[1:]:
        shared &= set(frame["hand"].to_list())
    keep = pl.DataFrame({"hand": pl.Series(sorted(shared), dtype=frames[0]["hand"].dtype)})
    return [f.join(keep, on="hand", how="semi").sort("hand") for f in frames]


def seat0_difference(treatment: pl.DataFrame, control: pl.DataFrame) -> stats.Estimate:
    """Return mean(seat 0's result in ``treatment`` − in ``control``) over the hands both played (底注 per hand)."""
    treatment, control = common_hands(treatment, control)
    return stats.paired_difference(treatment["s0_delta"].cast(pl.Float64).to_numpy(),
                                   control["s0_delta"].cast(pl.Float64).to_numpy())


def edge_arms(strong: str, rules: tuple, hands: int) -> dict[str, ArmSpec]:
    """Return the two arms of the skill edge one strong seat against three greedy (what ``experiment=variants`` and
    ``experiment=sensitivity`` measure per variant or rule change): ``mixed`` (seat 0 ``strong``, three greedy) and
    ``table`` (four greedy), ``hands`` each, on the rules ``rules`` (same walls)."""
    return {"mixed": ArmSpec((strong,) + (REFERENCE,) * 3, rules, 0, hands),
            "table": ArmSpec((REFERENCE,) * 4, rules, 0, hands)}


def skill_edges(greedy_table: pl.DataFrame, one_strong: pl.DataFrame, strong_table: pl.DataFrame,
                one_greedy: pl.DataFrame) -> dict[str, stats.Estimate]:
    """Return the skill edge in 底注 per hand: ``one_strong`` = seat 0 strong among three greedy − seat 0 in the
    all-greedy table; ``one_greedy`` = seat 0 in the all-strong table − seat 0 greedy among three strong. Each is
    paired on the same walls, seat 0 with seat 0."""
    return {"one_strong": seat0_difference(one_strong, greedy_table),
            "one_greedy": seat0_difference(strong_table, one_greedy)}


def table_rows(tables: dict[str, pl.DataFrame]) -> list[dict]:
    """Return each level's table headlines (group = level) and their paired differences to the greedy table."""
    rows = []
    for level, frame in tables.items():
        values = tune_targets.statistics(tune_targets.per_hand(frame))
        rows += [values[name].row(STUDY, name, level) for name in TABLE_HEADLINES]
        if level != REFERENCE:
            arm, reference = common_hands(frame, tables[REFERENCE])
            changes = tune_targets.paired_changes(tune_targets.per_hand(arm), tune_targets.per_hand(reference))
            rows += [changes[name].row(STUDY, f"diff_{name}", f"{level} − {REFERENCE}") for name in TABLE_HEADLINES]
    return rows


def gains(c: Comparison, studied: pl.DataFrame, comparator: pl.DataFrame) -> pl.DataFrame:
    """Return per hand both arms played: ``hand`` and ``gain`` (seat 0's result, studied − comparator, 底注); the
    chase's is the thirteen_orphans study's paired frame (with ``seat0_deals``, ``distinct``, ``completed``)."""
    studied, comparator = common_hands(studied, comparator)
    if c.source_study == "thirteen_orphans":
        paired = study_thirteen_orphans._paired(studied, comparator)  # checks the walls dealt the same hands
    else:
        paired = pl.DataFrame({"gain": studied["s0_delta"].cast(pl.Float64) - comparator["s0_delta"].cast(pl.Float64)})
    return paired.with_columns(studied["hand"])


def comparison_value(c: Comparison, params: SkillParams, studied: pl.DataFrame,
                     comparator: pl.DataFrame) -> stats.Estimate:
    """Return the headline of one level with its source study's own estimator: the chase's stratified gain at k,
    early_ting's ``diff_mean_result`` at t, caishen's ``baotou_gain``."""
    if c.source_study == "thirteen_orphans":
        return study_thirteen_orphans._stratum(gains(c, studied, comparator), params.chase_k)[1]
    studied, comparator = common_hands(studied, comparator)
    if c.source_study == "early_ting":
        rows = study_early_ting.summarize({"early": comparator, f"t={params.ting_t}": studied},
                                          study_early_ting.EarlyTingParams(min_live_waits=[params.ting_t]))
        row = next(r for r in rows if r["name"] == "diff_mean_result")
    else:
        row = study_caishen.baotou_rows(comparator, studied, c.studied)[0]
    return stats.Estimate(row["estimate"], row["se"], row["ci_low"], row["ci_high"], row["n"])


def comparison_difference(c: Comparison, params: SkillParams, level: pl.DataFrame,
                          reference: pl.DataFrame) -> stats.Estimate:
    """Return a level's headline minus the greedy level's, from their ``gains`` frames over the hands both played:
    the paired mean of the gain difference (the chase: stratified as its study, ``_stratum``)."""
    level, reference = common_hands(level, reference)
    if c.source_study == "thirteen_orphans":
        return study_thirteen_orphans._stratum(level.with_columns(level["gain"] - reference["gain"]),
                                               params.chase_k)[1]
    return stats.paired_difference(level["gain"].to_numpy(), reference["gain"].to_numpy())


def comparison_rows(bound: SkillPlan, frames: dict[str, pl.DataFrame]) -> list[dict]:
    """Return every applicable comparing headline per level and its paired difference to the greedy level."""
    rows = []
    for c in bound.applicable:
        per_level = {}
        for level in bound.levels:
            studied, comparator = frames[f"{c.name} studied {level}"], frames[f"{c.name} comparator {level}"]
            rows.append(comparison_value(c, bound.params, studied, comparator).row(STUDY, c.name, level))
            per_level[level] = gains(c, studied, comparator)
        for level in bound.levels:
            if level != REFERENCE:
                rows.append(comparison_difference(c, bound.params, per_level[level], per_level[REFERENCE])
                            .row(STUDY, f"diff_{c.name}", f"{level} − {REFERENCE}"))
    return rows


def summarize(frames: dict[str, pl.DataFrame], bound: SkillPlan) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    tables = {level: frames[f"table {level}"] for level in bound.levels}
    rows = [stats.Estimate(float(f.height), math.nan, math.nan, math.nan, f.height)
            .row(STUDY, "level_spec", f"{level}={bound.spec(level)}") for level, f in tables.items()]
    rows += [stats.Estimate(math.nan, math.nan, math.nan, math.nan, 0).row(STUDY, "skipped_level", level)
             for level, _ in bound.skipped]
    rows += table_rows(tables) + comparison_rows(bound, frames)
    if "strong" in bound.levels:
        edges = skill_edges(tables[REFERENCE], frames["edge one_strong"], tables["strong"], frames["edge one_greedy"])
        rows += [edge.row(STUDY, "skill_edge", group) for group, edge in edges.items()]
    return rows
