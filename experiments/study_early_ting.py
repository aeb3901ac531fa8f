"""Study early_ting: the cost of 上架-ing at the first tenpai.

Seat 0 plays ``early_ting`` in arm ``early`` and ``selective_ting{min_live_waits=t}`` in arm
``t=T`` for each threshold; the other seats and the walls are the same, so hands pair.
Summary rows (money in 底注 per hand; rates as fractions; turns in seat 0's own turns):

* per arm, group ``early`` or ``t=T``: ``mean_result`` (seat 0's total), ``win_rate``,
  ``dianpao_paid`` (money seat 0 paid as the feeder of a 点胡, per hand, positive = paid),
  ``ting_rate`` (share of hands seat 0 上架s) and ``ting_turn`` (mean 上架 turn when it does).
* paired, group ``t=T``: ``diff_mean_result``, ``diff_win_rate``, ``diff_dianpao_paid``
  (selective − early, per hand) and ``diff_ting_turn`` (over hands where both arms 上架).
"""
from __future__ import annotations

import numpy as np
import polars as pl

from experiments.arms import ArmSpec
from experiments.config import EarlyTingParams
from reports import stats

STUDY = "early_ting"


def selective_spec(threshold: int, give_up_turn: int | None) -> str:
    """Return the seat spec of ``selective_ting`` with this threshold (and give-up turn if set)."""
    params = f"min_live_waits={threshold}"
    if give_up_turn is not None:
        params += f",give_up_turn={give_up_turn}"
    return f"selective_ting{{{params}}}"


def plan(params: EarlyTingParams, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the ``early`` arm and one ``t=T`` arm per threshold (seat 0 changed, rest as the mix)."""
    arms = {"early": base.with_seat0("early_ting")}
    for t in params.min_live_waits:
        arms[f"t={t}"] = base.with_seat0(selective_spec(t, params.give_up_turn))
    return arms


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from arm ``role``."""
    return ["winners", "feeder", "win_kind", "s0_win", "s0_delta", "s0_ting_turn"]


def seat0_outcomes(frame: pl.DataFrame) -> pl.DataFrame:
    """Return per hand seat 0's ``won``, ``dianpao_paid`` (底注), ``ting``, ``ting_turn``."""
    fed = (pl.col("feeder") == 0) & (pl.col("win_kind") == "dianhu")
    return frame.select(
        ((pl.col("winners") & 1) != 0).alias("won"),  # seat 0 among the winners (multi_ron=all: any of them)
        pl.when(fed).then(-pl.col("s0_win").cast(pl.Float64)).otherwise(0.0).alias("dianpao_paid"),
        (pl.col("s0_ting_turn") >= 0).alias("ting"),
        pl.col("s0_ting_turn").cast(pl.Float64).alias("ting_turn"),
    )


def summarize(frames: dict[str, pl.DataFrame], params: EarlyTingParams) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    rows = []
    outcomes = {role: seat0_outcomes(frame) for role, frame in frames.items()}
    results = {role: frame["s0_delta"].cast(pl.Float64).to_numpy() for role, frame in frames.items()}
    for role, out in outcomes.items():
        rows.append(stats.mean_ci(results[role]).row(STUDY, "mean_result", role))
        rows.append(stats.proportion(out["won"].to_numpy()).row(STUDY, "win_rate", role))
        rows.append(stats.mean_ci(out["dianpao_paid"].to_numpy()).row(STUDY, "dianpao_paid", role))
        rows.append(stats.proportion(out["ting"].to_numpy()).row(STUDY, "ting_rate", role))
        rows.append(stats.mean_ci(out["ting_turn"].filter(out["ting"]).to_numpy()).row(STUDY, "ting_turn", role))
    early = outcomes["early"]
    for t in params.min_live_waits:
        role = f"t={t}"
        if not np.array_equal(frames[role]["hand"].to_numpy(), frames["early"]["hand"].to_numpy()):
            raise ValueError(f"arm {role} and arm early do not hold the same hands")
        arm = outcomes[role]
        rows.append(stats.paired_difference(results[role], results["early"]).row(STUDY, "diff_mean_result", role))
        rows.append(stats.paired_difference(arm["won"].to_numpy(), early["won"].to_numpy())
                    .row(STUDY, "diff_win_rate", role))
        rows.append(stats.paired_difference(arm["dianpao_paid"].to_numpy(), early["dianpao_paid"].to_numpy())
                    .row(STUDY, "diff_dianpao_paid", role))
        both = (arm["ting"] & early["ting"]).to_numpy()
        rows.append(stats.paired_difference(arm["ting_turn"].to_numpy()[both], early["ting_turn"].to_numpy()[both])
                    .row(STUDY, "diff_ting_turn", role))
    return rows
