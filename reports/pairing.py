"""Differences between the runs of a sweep, paired hand by hand where the runs' hand records allow it.

All runs of a sweep use the same seed, so hand i of every run starts from the same wall. For a
headline statistic that is a mean over hands, the difference run − baseline is therefore estimated
from the per-hand differences (hands matched on ``hand``): its interval is much narrower than two
separate intervals suggest. The per-hand values come from each run's ``hands/<arm>/part-*.parquet``
(the arm found through the run metadata's ``arms[].used_by``): the dealer_edge, huangzhuang,
thirteen_orphans, early_ting, caishen (爆头 gain) and variants (荒庄 rate, dealer result) headlines. When a run's parts are missing (or
the statistic is not a mean over hands), the difference is unpaired: e₁ − e₀ with
se = sqrt(se₀² + se₁²) and a normal 95 % interval.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from reports import stats

POSITIONS = ("dealer", "xiajia", "duijia", "shangjia")
Z95 = 1.959963984540054


@dataclass(frozen=True)
class PerHand:
    """How to recompute one statistic hand by hand: the arms it reads and a per-hand value.

    ``value(frames)`` gets one frame per arm of ``arms`` (rows sorted by ``hand``, the same hands) and
    returns the per-hand values as a Float64 series, null on hands the statistic does not count."""

    arms: tuple[str, ...]
    columns: tuple[str, ...]
    value: Callable[[list[pl.DataFrame]], pl.Series]


def _seat_at(offset: int, column: str) -> pl.Expr:
    """Return the expression of ``s{(dealer + offset) % 4}_{column}`` (the seat ``offset`` places after the dealer)."""
    seat = (pl.col("dealer").cast(pl.Int16) + offset) % 4
    return pl.coalesce([pl.when(seat == k).then(pl.col(f"s{k}_{column}")) for k in range(4)])


def per_hand(study: str, name: str, group: str) -> PerHand | None:
    """Return how to compute the statistic hand by hand, or None when it is not a mean over hands."""
    if study == "dealer_edge" and name == "result_total" and group in POSITIONS:
        offset = POSITIONS.index(group)
        return PerHand(("dealer_edge/seats",), ("dealer", *(f"s{k}_delta" for k in range(4))),
                       lambda f: f[0].select(_seat_at(offset, "delta").cast(pl.Float64)).to_series())
    if study == "dealer_edge" and name == "win_rate" and group in POSITIONS:
        offset = POSITIONS.index(group)
        return PerHand(("dealer_edge/seats",), ("dealer", "winner"),
                       lambda f: f[0].select(((pl.col("winner") >= 0) & (pl.col("winner") == (
                           pl.col("dealer").cast(pl.Int16) + offset) % 4)).cast(pl.Float64)).to_series())
    if study == "huangzhuang" and name == "huang_rate" and group == "all":
        return PerHand(("huangzhuang/seats",), ("winner",),
                       lambda f: (f[0]["winner"] < 0).cast(pl.Float64))
    match = re.fullmatch(r"k=(\d+), (shi_qiang=o(?:n|ff))", group)
    if study == "thirteen_orphans" and name == "completion_rate" and match:
        k, setting = int(match[1]), match[2]
        return PerHand((f"thirteen_orphans/chase, {setting}",), ("winner", "shape", "s0_yaojiu_start"),
                       lambda f: f[0].select(pl.when(pl.col("s0_yaojiu_start") == k).then(
                           ((pl.col("winner") == 0) & (pl.col("shape") == "shisanyao")).cast(pl.Float64))).to_series())
    if study == "early_ting" and name == "diff_mean_result":
        return PerHand((f"early_ting/{group}", "early_ting/early"), ("s0_delta",),
                       lambda f: f[0]["s0_delta"].cast(pl.Float64) - f[1]["s0_delta"].cast(pl.Float64))
    if study == "caishen" and name == "baotou_gain":  # seat 0's baotou − greedy on the same walls
        return PerHand(("caishen/baotou", "caishen/greedy"), ("s0_delta",),
                       lambda f: f[0]["s0_delta"].cast(pl.Float64) - f[1]["s0_delta"].cast(pl.Float64))
    if study == "variants" and name == "huang_rate":  # group = the variant, its arm's role
        return PerHand((f"variants/{group}",), ("winner",), lambda f: (f[0]["winner"] < 0).cast(pl.Float64))
    if study == "variants" and name == "dealer_result":
        return PerHand((f"variants/{group}",), ("dealer", *(f"s{k}_delta" for k in range(4))),
                       lambda f: f[0].select(_seat_at(0, "delta").cast(pl.Float64)).to_series())
    return None


def _arm_folder(meta: dict, role: str) -> str | None:
    for arm in meta.get("arms", []):
        if role in arm.get("used_by", []):
            return arm["folder"]
    return None


def per_hand_values(run_dir: Path, meta: dict, spec: PerHand) -> pl.DataFrame | None:
    """Return ``hand, value`` of one run for ``spec`` (nulls dropped), or None when its parts are missing."""
    frames = []
    for role in spec.arms:
        folder = _arm_folder(meta, role)
        parts = sorted((Path(run_dir) / "hands" / folder).glob("part-*.parquet")) if folder else []
        if not parts:
            return None
        frame = pl.scan_parquet(parts).select("hand", *spec.columns).collect().sort("hand")
        frames.append(frame)
    if any(not frame["hand"].equals(frames[0]["hand"]) for frame in frames[1:]):
        return None
    values = frames[0].select("hand").with_columns(spec.value(frames).alias("value"))
    return values.drop_nulls("value")


def unpaired(baseline: dict, other: dict) -> stats.Estimate:
    """Return other − baseline of two summary rows as if independent (normal 95 % interval)."""
    estimate = other["estimate"] - baseline["estimate"]
    se = math.hypot(baseline["se"], other["se"])
    if not math.isfinite(se):
        return stats.Estimate(estimate, math.nan, math.nan, math.nan, min(baseline["n"], other["n"]))
    return stats.Estimate(estimate, se, estimate - Z95 * se, estimate + Z95 * se, min(baseline["n"], other["n"]))


def difference(baseline_run: tuple[Path, dict, dict], other_run: tuple[Path, dict, dict],
               key: tuple[str, str, str]) -> tuple[stats.Estimate, bool]:
    """Return (other − baseline for the statistic ``key``, whether it is paired by hand).

    Each run is ``(run folder, its metadata, its summary row of key)``."""
    spec = per_hand(*key)
    if spec is not None:
        base = per_hand_values(baseline_run[0], baseline_run[1], spec)
        other = per_hand_values(other_run[0], other_run[1], spec)
        if base is not None and other is not None:
            both = base.join(other, on="hand", suffix="_other")
            if both.height:
                return stats.paired_difference(both["value_other"].to_numpy(), both["value"].to_numpy()), True
    return unpaired(baseline_run[2], other_run[2]), False
