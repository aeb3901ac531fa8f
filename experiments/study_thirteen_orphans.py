"""Study thirteen_orphans: when does chasing 十三幺 pay, with and without 拾/抢?

Seat 0 plays ``thirteen_orphans{min_distinct=K}`` (K = the smallest k studied) in the *chase* arm
and ``greedy`` in the *greedy* arm; the other seats and the walls are the same, so the per-hand
results pair. A hand dealt j ≥ K distinct 幺九/字 kinds is played identically by every threshold
k ≤ j, so one chase arm answers every k. Summary rows (money in 底注 per hand), group
``k=J, shi_qiang=on|off`` (hands where seat 0 was dealt exactly J kinds):

* ``completion_rate``: share of those hands seat 0 wins with 十三幺 in the chase arm (Wilson).
* ``chase_minus_greedy``: paired mean of seat 0's result, chase − greedy.
* ``policy_value``: per hand over *all* hands, the paired gain of the policy "chase when dealt
  ≥ J kinds" (0 on hands below J).
* ``pays_from_k`` group ``shi_qiang=on|off``: the smallest J from which every studied J' ≥ J
  with hands has a positive ``chase_minus_greedy`` estimate (NaN when none); n = hands with ≥ J.

With ``hands_per_k`` > 0 (the default) the rows come from *conditioned* arms instead: for each
studied J a chase and a greedy arm of ``hands_per_k`` hands whose walls deal seat 0 exactly J kinds
(sim.deal_conditions: the exact conditional law of the wall, the same walls in both arms). Within
stratum J, seat 0 deals (14 start tiles) in about a quarter of the hands, whereas among plain hands
dealt J kinds it deals with probability ``dealer_weight(J)``; so each per-J row is the stratified
mean w·(dealer hands) + (1 − w)·(other hands) with the exact w, and ``policy_value`` for J is
Σ_{j ≥ J} P(j)·gain_j with the exact P(j) (``start_probabilities``), its se sqrt(Σ P(j)²·se_j²)
(experiments.stratified). Intervals are normal; n counts conditioned hands. ``policy_value`` needs every
j from J to 13 studied (else NaN); ``pays_from_k``'s n counts the conditioned hands with j ≥ its J.
There ``pays_from_k`` skips a J where both arms played every hand alike (paired gain 0 with se 0: dealt
13 kinds, both seats hold the 十三幺 tenpai), which says nothing about chasing.
Conditioned runs add ``dealt_share`` group ``k=J``: the exact P(s0_yaojiu_start = J) of plain
single-hand deals (a fraction; se 0, n 0: computed, not sampled).

With ``hands_per_k`` = 0 the rows come from the plain arms as above.
``completion_rate`` and ``chase_minus_greedy`` are left out for a J no hand was dealt; ``policy_value``
is given for every studied J, with a NaN estimate and n = 0 when no hand was dealt ≥ J (the policy
never acted, so the sample says nothing about it: reports print "no data").
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from experiments.arms import ArmSpec
from experiments.config import ThirteenOrphansParams
from experiments.variant_params import DEFAULT_VARIANT, refuse_foreign, run_variant
from experiments.stratified import combine, proportion_part
from reports import stats
from sim.deal_conditions import dealer_weight, start_probabilities, yaojiu_condition

STUDY = "thirteen_orphans"
#: The row of a statistic no hand informs (NaN estimate, n = 0): reports print "no data".
NO_DATA = stats.Estimate(math.nan, math.nan, math.nan, math.nan, 0)


def _switch(on: bool) -> str:
    return "on" if on else "off"


@dataclass
class ThirteenOrphansPlan(ThirteenOrphansParams):
    """The study's parameters bound to the run's variant, ``shi_qiang`` filled with its default."""

    variant: str = DEFAULT_VARIANT


def bind_rules(params: ThirteenOrphansParams, rules: dict) -> ThirteenOrphansPlan:
    """Return ``params`` bound to the run's variant: 晋城 compares 拾/抢 on and off (default both); 晋中 has no
    拾/抢, so its one setting is ``off`` with no rule override, and setting ``shi_qiang`` is a one-line error."""
    variant = run_variant(rules)
    refuse_foreign(STUDY, params, {"shi_qiang": "jincheng"}, variant)
    fields = {f.name: getattr(params, f.name) for f in dataclasses.fields(ThirteenOrphansParams)}
    if fields["shi_qiang"] is None:
        fields["shi_qiang"] = [True, False] if variant == "jincheng" else [False]
    return ThirteenOrphansPlan(**fields, variant=variant)


def plan(params: ThirteenOrphansParams, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return a ``chase`` and a ``greedy`` arm for each 拾/抢 setting (``chase, shi_qiang=on`` ...), or with
    ``hands_per_k`` > 0 one pair per studied k on conditioned walls (``chase k=9, shi_qiang=on`` ...).
    Unbound parameters are 晋城's; a variant without 拾/抢 plays its one ``off`` setting without rule overrides."""
    if not isinstance(params, ThirteenOrphansPlan):
        params = bind_rules(params, {})
    lowest = min(params.min_distinct)
    arms = {}
    for on in params.shi_qiang:
        shi_qiang = (("allow_shi", on), ("allow_qiang", on)) if params.variant == "jincheng" else ()
        rules = base.rules + shi_qiang
        if params.hands_per_k:
            for k in sorted(params.min_distinct):
                arm = ArmSpec(base.seats, rules, 0, params.hands_per_k, yaojiu_condition(k))
                arms[f"chase k={k}, shi_qiang={_switch(on)}"] = arm.with_seat0(
                    f"thirteen_orphans{{min_distinct={lowest}}}")
                arms[f"greedy k={k}, shi_qiang={_switch(on)}"] = arm.with_seat0("greedy")
            continue
        arm = ArmSpec(base.seats, rules, 0, base.hands)
        arms[f"chase, shi_qiang={_switch(on)}"] = arm.with_seat0(f"thirteen_orphans{{min_distinct={lowest}}}")
        arms[f"greedy, shi_qiang={_switch(on)}"] = arm.with_seat0("greedy")
    return arms


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from arm ``role``."""
    return ["dealer", "winner", "shape", "s0_yaojiu_start", "s0_delta"]


def _paired(chase: pl.DataFrame, greedy: pl.DataFrame) -> pl.DataFrame:
    """Return per hand: ``distinct`` (dealt kinds), ``completed`` (十三幺 win in chase) and ``gain`` (chase − greedy)."""
    if not np.array_equal(chase["hand"].to_numpy(), greedy["hand"].to_numpy()):
        raise ValueError("chase and greedy arms do not hold the same hands")
    if not np.array_equal(chase["s0_yaojiu_start"].to_numpy(), greedy["s0_yaojiu_start"].to_numpy()):
        raise ValueError("chase and greedy arms were not dealt the same hands (walls differ)")
    return pl.DataFrame({
        "seat0_deals": chase["dealer"] == 0,
        "distinct": chase["s0_yaojiu_start"].cast(pl.Int16),
        "completed": ((chase["winner"] == 0) & (chase["shape"] == "shisanyao")),
        "gain": chase["s0_delta"].cast(pl.Float64) - greedy["s0_delta"].cast(pl.Float64),
    })


def summarize(frames: dict[str, pl.DataFrame], params: ThirteenOrphansParams) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    if not isinstance(params, ThirteenOrphansPlan):
        params = bind_rules(params, {})
    if params.hands_per_k:
        return summarize_conditioned(frames, params)
    rows = []
    for on in params.shi_qiang:
        setting = f"shi_qiang={_switch(on)}"
        paired = _paired(frames[f"chase, {setting}"], frames[f"greedy, {setting}"])
        gains = {}
        for k in sorted(params.min_distinct):
            group = f"k={k}, {setting}"
            exact = paired.filter(pl.col("distinct") == k)
            if exact.height:
                rows.append(stats.proportion(exact["completed"].to_numpy()).row(STUDY, "completion_rate", group))
                gain = stats.mean_ci(exact["gain"].to_numpy())
                rows.append(gain.row(STUDY, "chase_minus_greedy", group))
                gains[k] = gain.estimate
            chased = paired["distinct"].to_numpy() >= k
            policy = stats.mean_ci(paired["gain"].to_numpy() * chased) if chased.any() else NO_DATA
            rows.append(policy.row(STUDY, "policy_value", group))
        start = pays_from(gains)
        n_from = int((paired["distinct"] >= start).sum()) if start is not None else 0
        rows.append(stats.Estimate(float(start) if start is not None else math.nan,
                                   math.nan, math.nan, math.nan, n_from).row(STUDY, "pays_from_k", setting))
    return rows


def pays_from(gains: dict[int, float]) -> int | None:
    """Return the smallest k whose gain and every larger k's gain are positive (None if there is none)."""
    start = None
    for k in sorted(gains, reverse=True):
        if gains[k] > 0:
            start = k
        else:
            break
    return start


def _stratum(paired: pl.DataFrame, k: int) -> tuple[stats.Estimate, stats.Estimate]:
    """Return (completion rate, paired gain) of the hands dealt exactly ``k`` kinds, recombined over
    seat 0 dealing or not with the exact weights of plain single-hand deals."""
    w = float(dealer_weight(k))
    deals = paired["seat0_deals"].to_numpy()
    completed, gain = paired["completed"].to_numpy(), paired["gain"].to_numpy()
    completion = combine([(w, proportion_part(completed[deals])), (1 - w, proportion_part(completed[~deals]))],
                         bounds=(0.0, 1.0))
    mean_gain = combine([(w, stats.mean_ci(gain[deals])), (1 - w, stats.mean_ci(gain[~deals]))])
    return completion, mean_gain


def summarize_conditioned(frames: dict[str, pl.DataFrame], params: ThirteenOrphansParams) -> list[dict]:
    """Return the summary rows from the conditioned arms (``chase k=J, shi_qiang=…``; module docstring)."""
    rows = []
    probability = [float(p) for p in start_probabilities()]
    studied = sorted(params.min_distinct)
    for k in studied:
        rows.append(stats.Estimate(probability[k], 0.0, probability[k], probability[k], 0)
                    .row(STUDY, "dealt_share", f"k={k}"))
    for on in params.shi_qiang:
        setting = f"shi_qiang={_switch(on)}"
        gains, hands = {}, {}
        for k in studied:
            paired = _paired(frames[f"chase k={k}, {setting}"], frames[f"greedy k={k}, {setting}"])
            if not (paired["distinct"] == k).all():
                raise ValueError(f"conditioned arm k={k} holds hands dealt another number of kinds")
            completion, gains[k] = _stratum(paired, k)
            hands[k] = paired.height
            group = f"k={k}, {setting}"
            rows.append(completion.row(STUDY, "completion_rate", group))
            rows.append(gains[k].row(STUDY, "chase_minus_greedy", group))
        for k in studied:
            above = range(k, 14)
            if all(j in gains for j in above):
                policy = combine([(probability[j], gains[j]) for j in above])
            else:  # a stratum the policy acts on was not played: no unbiased value
                policy = stats.Estimate(math.nan, math.nan, math.nan, math.nan, sum(hands.get(j, 0) for j in above))
            rows.append(policy.row(STUDY, "policy_value", f"k={k}, {setting}"))
        # a k where chase and greedy played every hand alike (gain 0, se 0: e.g. 13 kinds dealt, a 十三幺
        # tenpai both take) says nothing about chasing; it neither starts nor breaks the run of gains
        differing = {k: g.estimate for k, g in gains.items()
                     if math.isfinite(g.estimate) and not (g.estimate == 0 and g.se == 0)}
        start = pays_from(differing)
        n_from = sum(n for k, n in hands.items() if start is not None and k >= start)
        rows.append(stats.Estimate(float(start) if start is not None else math.nan,
                                   math.nan, math.nan, math.nan, n_from).row(STUDY, "pays_from_k", setting))
    return rows
