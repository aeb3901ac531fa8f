"""Study dealer_edge: what sitting in each position relative to the dealer is worth.

Summary rows (study ``dealer_edge``; money in 底注 per hand, rates as fractions):

* ``result_{component}`` for component in win, kong, qianbao (前包), houbao (后包), total, by
  group ``dealer`` / ``xiajia`` (下家) / ``duijia`` (对家) / ``shangjia`` (上家): the mean money of the
  seat in that position per hand. One observation per hand and position.
* ``win_rate`` by the same groups (Wilson intervals); ``dealer`` is the dealer win rate.
* Session mode (``session_length`` > 0), group ``session_length=N``: ``tenure_hands`` (hands a
  dealer keeps the deal per tenure, tenures cut by the session end left out), ``tenure_result``
  (the dealer's total money per tenure, 底注) and ``keep_deal_rate`` (share of hands after which
  the same seat deals again).
"""
from __future__ import annotations

import polars as pl

from experiments import stats
from experiments.arms import ArmSpec
from experiments.config import DealerEdgeParams

STUDY = "dealer_edge"
#: Positions relative to the dealer, in turn order (seat offset 0..3 after the dealer).
POSITIONS = ("dealer", "xiajia", "duijia", "shangjia")
#: Money components: summary name suffix -> record column suffix.
COMPONENTS = {"win": "win", "kong": "kong", "qianbao": "genzhuang", "houbao": "huang", "total": "delta"}


def plan(params: DealerEdgeParams, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the arms: ``seats`` (the seat mix, single hands) and, if asked, ``sessions``."""
    arms = {"seats": base}
    if params.session_length:
        arms["sessions"] = ArmSpec(base.seats, base.rules, params.session_length)
    return arms


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from arm ``role``."""
    seat_cols = [f"s{k}_{c}" for k in range(4) for c in COMPONENTS.values()]
    if role == "sessions":
        return ["session", "hand_in_session", "dealer"] + [f"s{k}_delta" for k in range(4)]
    return ["dealer", "winner"] + seat_cols


def by_position(frame: pl.DataFrame) -> pl.DataFrame:
    """Return one row per (hand, seat) with ``position`` (0 = dealer .. 3 = 上家), ``won`` and each component."""
    pieces = []
    for k in range(4):
        pieces.append(frame.select(
            ((pl.lit(k, pl.Int16) - pl.col("dealer").cast(pl.Int16)) % 4).alias("position"),
            (pl.col("winner") == k).alias("won"),
            *[pl.col(f"s{k}_{col}").cast(pl.Int32).alias(name) for name, col in COMPONENTS.items()],
        ))
    return pl.concat(pieces)


def tenures(frame: pl.DataFrame) -> pl.DataFrame:
    """Return one row per complete dealer tenure: ``hands`` held and the dealer's ``result`` (底注).

    A tenure is a run of consecutive hands of one session with the same dealer; the last tenure
    of each session is cut by the session end and left out.
    """
    dealer_delta = pl.sum_horizontal(
        [pl.when(pl.col("dealer") == k).then(pl.col(f"s{k}_delta").cast(pl.Int32)).otherwise(0) for k in range(4)])
    ordered = frame.sort(["session", "hand_in_session"]).with_columns(dealer_delta.alias("dealer_delta"))
    starts = ((pl.col("dealer") != pl.col("dealer").shift(1)) | (pl.col("session") != pl.col("session").shift(1))
              ).fill_null(True)
    ordered = ordered.with_columns(starts.cum_sum().alias("tenure"))
    last = ordered.group_by("session").agg(pl.col("tenure").max().alias("last_tenure"))
    per_tenure = ordered.group_by("tenure", "session").agg(
        pl.len().alias("hands"), pl.col("dealer_delta").sum().alias("result"))
    return (per_tenure.join(last, on="session").filter(pl.col("tenure") != pl.col("last_tenure"))
            .select("tenure", "hands", "result").sort("tenure"))


def summarize(frames: dict[str, pl.DataFrame], params: DealerEdgeParams) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    rows = []
    long = by_position(frames["seats"])
    for name in COMPONENTS:
        for position, estimate in stats.grouped_means(long, name, "position").items():
            rows.append(estimate.row(STUDY, f"result_{name}", POSITIONS[position]))
    wins = long.group_by("position").agg(pl.col("won").sum().alias("k"), pl.len().alias("n")).sort("position")
    for row in wins.iter_rows(named=True):
        rows.append(stats.wilson(row["k"], row["n"]).row(STUDY, "win_rate", POSITIONS[row["position"]]))
    if "sessions" in frames:
        group = f"session_length={params.session_length}"
        held = tenures(frames["sessions"])
        rows.append(stats.column_mean(held, "hands").row(STUDY, "tenure_hands", group))
        rows.append(stats.column_mean(held, "result").row(STUDY, "tenure_result", group))
        kept = int((held["hands"] - 1).sum())
        rows.append(stats.wilson(kept, int(held["hands"].sum())).row(STUDY, "keep_deal_rate", group))
    return rows
