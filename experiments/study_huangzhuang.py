"""Study huangzhuang: how often a hand ends 荒庄 (nobody wins before the 荒 zone).

Summary rows (study ``huangzhuang``; rates are fractions with Wilson intervals):

* ``huang_rate`` group ``all``: over the seat mix's hands; groups ``kongs=0``, ``kongs=1``,
  ``kongs=2``, ``kongs=3+``: the rate among hands with that many kongs declared.
* ``kong_share`` by the same kong groups: the share of hands with that many kongs.
* ``huang_rate_sweep`` group ``stacks=S, pong=P`` (晋城): four ``greedy{pong=P}`` seats with
  ``huang_stacks=S`` (荒 stacks of 2 tiles at the tail); group ``dead_wall=D, point_limit=on|off`` (晋中):
  four ``greedy`` seats with ``jz_dead_wall`` D tiles (0 = none) and ``jz_point_limit`` on or off. Every
  cell uses the run's seed, so the cells play the same walls. 金华 and 推倒胡 have nothing to sweep
  (``sweeps``).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import polars as pl

from experiments.arms import ArmSpec
from experiments.config import PONG_POLICIES, ConfigError, HuangzhuangParams
from experiments.variant_params import DEFAULT_VARIANT, refuse_foreign, run_variant
from reports import stats
from sim.variant_facts import facts

STUDY = "huangzhuang"
KONG_GROUPS = ("kongs=0", "kongs=1", "kongs=2", "kongs=3+")
#: Sweep keys of each variant (the others mean nothing there): key -> variant.
SWEEP_KEYS = {"stacks": "jincheng", "pong_policies": "jincheng", "dead_wall": "jinzhong", "point_limit": "jinzhong"}
#: 晋中's dead-wall sizes the study accepts (tiles kept back; 0 = play to the last tile).
DEAD_WALLS = (0, 14)


@dataclass
class HuangzhuangPlan(HuangzhuangParams):
    """The study's parameters bound to the run's variant (``variant``), sweep keys filled with its defaults."""

    variant: str = DEFAULT_VARIANT


def sweeps(variant: str) -> bool:
    """Return whether ``variant`` has a 荒 setting the study sweeps (``HUANG_SWEEP`` of its study facts): 金华's 荒
    comes from its fixed reserve (RULES §3.1 r4) and 推倒胡 draws the wall to its last tile (docs/rules/plain.md r3),
    so their study plays the seat mix alone."""
    return facts(variant).HUANG_SWEEP


def bind_rules(params: HuangzhuangParams, rules: dict) -> HuangzhuangPlan:
    """Return ``params`` bound to the run's variant with that variant's sweep defaults filled in.

    Raises ConfigError (one line) for a sweep key of another variant or a dead wall other than 0 / 14."""
    variant = run_variant(rules)
    refuse_foreign(STUDY, params, SWEEP_KEYS, variant)
    for i, size in enumerate(params.dead_wall or ()):
        if size not in DEAD_WALLS:
            raise ConfigError(f"experiment.huangzhuang.dead_wall[{i}]={size} is not valid; choose from 0, 14")
    fields = {f.name: getattr(params, f.name) for f in dataclasses.fields(HuangzhuangParams)}
    if not sweeps(variant):
        pass
    elif variant == "jinzhong":
        fields["dead_wall"] = params.dead_wall or list(DEAD_WALLS)
        fields["point_limit"] = params.point_limit if params.point_limit is not None else [True, False]
    else:
        fields["stacks"] = params.stacks or [5, 6, 7, 8, 9]
        fields["pong_policies"] = params.pong_policies or list(PONG_POLICIES)
    return HuangzhuangPlan(**fields, variant=variant)


def sweep_role(stacks: int, pong: str) -> str:
    """Return the arm role / summary group of one 晋城 sweep cell."""
    return f"stacks={stacks}, pong={pong}"


def jinzhong_role(dead_wall: int, point_limit: bool) -> str:
    """Return the arm role / summary group of one 晋中 sweep cell."""
    return f"dead_wall={dead_wall}, point_limit={'on' if point_limit else 'off'}"


def plan(params: HuangzhuangParams, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the arms: ``seats`` (the seat mix) and one per sweep cell of the run's variant (unbound
    parameters are 晋城's)."""
    if not isinstance(params, HuangzhuangPlan):
        params = bind_rules(params, {})
    arms = {"seats": base}
    if not sweeps(params.variant):
        return arms
    if params.variant == "jinzhong":
        for limit in params.point_limit:
            for size in params.dead_wall:
                rules = base.rules + (("jz_dead_wall", size if size else "none"), ("jz_point_limit", limit))
                arms[jinzhong_role(size, limit)] = ArmSpec(("greedy",) * 4, rules, 0, params.sweep_hands)
        return arms
    for pong in params.pong_policies:
        for stacks in params.stacks:
            arms[sweep_role(stacks, pong)] = ArmSpec((f"greedy{{pong={pong}}}",) * 4,
                                                     base.rules + (("huang_stacks", stacks),),
                                                     0, params.sweep_hands)
    return arms


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from arm ``role``."""
    return ["winner", "kongs"]


def summarize(frames: dict[str, pl.DataFrame], params: HuangzhuangParams) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    seats = frames["seats"].with_columns(
        (pl.col("winner") < 0).alias("huang"),
        pl.col("kongs").cast(pl.Int16).clip(0, 3).alias("kong_group"))
    n = seats.height
    rows = [stats.wilson(int(seats["huang"].sum()), n).row(STUDY, "huang_rate", "all")]
    counts = seats.group_by("kong_group").agg(pl.col("huang").sum().alias("k"), pl.len().alias("n"))
    for row in counts.sort("kong_group").iter_rows(named=True):
        group = KONG_GROUPS[row["kong_group"]]
        rows.append(stats.wilson(row["k"], row["n"]).row(STUDY, "huang_rate", group))
        rows.append(stats.wilson(row["n"], n).row(STUDY, "kong_share", group))
    for role, frame in frames.items():
        if role != "seats":
            rows.append(stats.wilson(int((frame["winner"] < 0).sum()), frame.height)
                        .row(STUDY, "huang_rate_sweep", role))
    return rows
