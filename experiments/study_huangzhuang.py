"""Study huangzhuang: how often a hand ends 荒庄 (nobody wins before the 荒 zone).

Summary rows (study ``huangzhuang``; rates are fractions with Wilson intervals):

* ``huang_rate`` group ``all``: over the seat mix's hands; groups ``kongs=0``, ``kongs=1``,
  ``kongs=2``, ``kongs=3+``: the rate among hands with that many kongs declared.
* ``kong_share`` by the same kong groups: the share of hands with that many kongs.
* ``huang_rate_sweep`` group ``stacks=S, pong=P``: four ``greedy{pong=P}`` seats with
  ``huang_stacks=S`` (荒 stacks of 2 tiles at the tail).
"""
from __future__ import annotations

import polars as pl

from experiments import stats
from experiments.arms import ArmSpec
from experiments.config import HuangzhuangParams

STUDY = "huangzhuang"
KONG_GROUPS = ("kongs=0", "kongs=1", "kongs=2", "kongs=3+")


def sweep_role(stacks: int, pong: str) -> str:
    """Return the arm role / summary group of one sweep cell."""
    return f"stacks={stacks}, pong={pong}"


def plan(params: HuangzhuangParams, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the arms: ``seats`` (the seat mix) and one per (stacks, pong policy) sweep cell."""
    arms = {"seats": base}
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
