"""Study dealer_edge: what sitting in each position relative to the dealer is worth.

Summary rows (study ``dealer_edge``; money in the variant's unit per hand — 底注 for 晋城, 底分 for 晋中 —
rates as fractions):

* ``result_{component}`` for component in win, kong, qianbao (前包), houbao (后包), total (晋中, which has no
  前包/后包: win, kong, total), by
  group ``dealer`` / ``xiajia`` (下家) / ``duijia`` (对家) / ``shangjia`` (上家): the mean money of the
  seat in that position per hand. One observation per hand and position.
* ``win_rate`` by the same groups (Wilson intervals); ``dealer`` is the dealer win rate.
* Session mode (``session_length`` > 0), group ``session_length=N``: ``tenure_hands`` (expected
  hands a dealer keeps the deal per tenure), ``tenure_result`` (the dealer's expected money per
  tenure, 底注) and ``keep_deal_rate`` (share of hands followed by another hand of the session
  after which the same seat deals again). Tenures cut by the session end are not dropped: the
  tenure numbers are renewal ratios over every hand (see ``tenure_rows``), ``n`` = sessions.
"""
from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from experiments.arms import ArmSpec
from experiments.config import DealerEdgeParams
from experiments.variant_params import DEFAULT_VARIANT, run_variant
from reports import stats
from sim.variant_facts import facts

STUDY = "dealer_edge"
#: Positions relative to the dealer, in turn order (seat offset 0..3 after the dealer).
POSITIONS = ("dealer", "xiajia", "duijia", "shangjia")
#: Money components: summary name suffix -> record column suffix.
COMPONENTS = {"win": "win", "kong": "kong", "qianbao": "genzhuang", "houbao": "houbao", "total": "delta"}


@dataclass
class DealerEdgePlan(DealerEdgeParams):
    """The study's parameters bound to the run's variant (which money components it has)."""

    variant: str = DEFAULT_VARIANT


def bind_rules(params: DealerEdgeParams, rules: dict) -> DealerEdgePlan:
    """Return ``params`` bound to the run's variant."""
    return DealerEdgePlan(params.session_length, variant=run_variant(rules))


def components(variant: str) -> list[str]:
    """Return the money components (``COMPONENTS`` keys) the variant has, ``total`` last: all but those its study
    facts name absent (``ABSENT_MONEY``: their money is always 0 there, so no row is written)."""
    return [name for name in COMPONENTS if name not in facts(variant).ABSENT_MONEY]


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
    return ["dealer", "winners"] + seat_cols


def by_position(frame: pl.DataFrame) -> pl.DataFrame:
    """Return one row per (hand, seat) with ``position`` (0 = dealer .. 3 = 上家), ``won`` and each component."""
    pieces = []
    for k in range(4):
        pieces.append(frame.select(
            ((pl.lit(k, pl.Int16) - pl.col("dealer").cast(pl.Int16)) % 4).alias("position"),
            ((pl.col("winners") & (1 << k)) != 0).alias("won"),  # every winner under multi_ron=all
            *[pl.col(f"s{k}_{col}").cast(pl.Int32).alias(name) for name, col in COMPONENTS.items()],
        ))
    return pl.concat(pieces)


def session_totals(frame: pl.DataFrame) -> pl.DataFrame:
    """Return one row per session: the dealer's ``result`` summed over its hands (底注), ``hands``,
    ``continued`` (hands followed by another hand of the session) and ``passed`` (those after
    which the deal passed to another seat).

    Every hand counts: a tenure still running when its session ends is not dropped, so long
    tenures (the ones most often cut) are not under-represented.
    """
    dealer_delta = pl.sum_horizontal(
        [pl.when(pl.col("dealer") == k).then(pl.col(f"s{k}_delta").cast(pl.Int64)).otherwise(0) for k in range(4)])
    next_dealer = pl.col("dealer").shift(-1).over("session")
    return (frame.sort(["session", "hand_in_session"])
            .with_columns(dealer_delta.alias("dealer_delta"), next_dealer.alias("next_dealer"))
            .group_by("session")
            .agg(pl.col("dealer_delta").sum().alias("result"), pl.len().alias("hands"),
                 pl.col("next_dealer").is_not_null().sum().alias("continued"),
                 (pl.col("next_dealer").is_not_null() & (pl.col("next_dealer") != pl.col("dealer")))
                 .sum().alias("passed"))
            .sort("session"))


def tenure_rows(frame: pl.DataFrame, group: str) -> list[dict]:
    """Return the rows ``tenure_hands``, ``tenure_result`` and ``keep_deal_rate`` of a session-mode arm.

    Renewal (Wald) estimators, unbiased under censoring by the session end: hands per tenure =
    1 / (1 − keep rate) = continued hands / passes; the dealer's money per tenure (底注) = mean
    dealer money per hand × hands per tenure. Intervals by the delta method over sessions
    (``n`` = sessions); the keep rate (fraction of continued hands after which the same seat
    deals again) has a Wilson interval over continued hands.
    """
    totals = session_totals(frame)
    result, hands, continued, passed = (totals[c].to_numpy() for c in ("result", "hands", "continued", "passed"))
    ones = [1.0] * totals.height
    kept = int(continued.sum() - passed.sum())
    return [
        stats.ratio_product(continued, passed, ones, ones).row(STUDY, "tenure_hands", group),
        stats.ratio_product(result, hands, continued, passed).row(STUDY, "tenure_result", group),
        stats.wilson(kept, int(continued.sum())).row(STUDY, "keep_deal_rate", group),
    ]


def summarize(frames: dict[str, pl.DataFrame], params: DealerEdgeParams) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    rows = []
    long = by_position(frames["seats"])
    for name in components(getattr(params, "variant", DEFAULT_VARIANT)):
        for position, estimate in stats.grouped_means(long, name, "position").items():
            rows.append(estimate.row(STUDY, f"result_{name}", POSITIONS[position]))
    wins = long.group_by("position").agg(pl.col("won").sum().alias("k"), pl.len().alias("n")).sort("position")
    for row in wins.iter_rows(named=True):
        rows.append(stats.wilson(row["k"], row["n"]).row(STUDY, "win_rate", POSITIONS[row["position"]]))
    if "sessions" in frames:
        rows += tenure_rows(frames["sessions"], f"session_length={params.session_length}")
    return rows
