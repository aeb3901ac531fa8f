"""Differences between runs, paired hand by hand where the runs played the same walls and kept their hand records.

All runs of a sweep use the same seed, so hand i of every run starts from the same wall. For a
headline statistic that is a mean over hands, the difference run − baseline is therefore estimated
from the per-hand differences (hands matched on ``hand``): its interval is much narrower than two
separate intervals suggest. The per-hand values come from each run's ``hands/<arm>/part-*.parquet``
(the arm found through the run metadata's ``arms[].used_by``): the dealer_edge, huangzhuang,
thirteen_orphans, early_ting, caishen (爆头 gain) and variants (荒庄 rate, dealer result) headlines.
When a run's parts are missing (or the statistic is not a mean over hands), the difference is unpaired:
e₁ − e₀ with se = sqrt(se₀² + se₁²) and a normal 95 % interval.

Runs made separately (``mjrules-report A B``), or a sweep over seeds, share walls only when they share the
seed; even then the pairing is checked hand by hand on what the wall decides (the dealer and each seat's dealt 幺九/字 kinds,
``WALL_COLUMNS``), so runs whose walls differ (another seed, another tile set) are never paired.
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
#: Record columns decided by the hand's wall and dealer draw: equal on every shared hand of two runs on the same walls.
WALL_COLUMNS = ("dealer", *(f"s{k}_yaojiu_start" for k in range(4)))
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
    """Return ``hand, value`` and the WALL_COLUMNS of the first arm of one run for ``spec`` (hands without a value
    dropped), or None when its parts are missing."""
    frames = []
    for role in spec.arms:
        folder = _arm_folder(meta, role)
        parts = sorted((Path(run_dir) / "hands" / folder).glob("part-*.parquet")) if folder else []
        if not parts:
            return None
        columns = dict.fromkeys(("hand", *spec.columns, *WALL_COLUMNS))
        frame = pl.scan_parquet(parts).select(list(columns)).collect().sort("hand")
        frames.append(frame)
    if any(not frame["hand"].equals(frames[0]["hand"]) for frame in frames[1:]):
        return None
    values = frames[0].select("hand", *WALL_COLUMNS).with_columns(spec.value(frames).alias("value"))
    return values.drop_nulls("value")


def unpaired(baseline: dict, other: dict) -> stats.Estimate:
    """Return other − baseline of two summary rows as if independent (normal 95 % interval)."""
    estimate = other["estimate"] - baseline["estimate"]
    se = math.hypot(baseline["se"], other["se"])
    if not math.isfinite(se):
        return stats.Estimate(estimate, math.nan, math.nan, math.nan, min(baseline["n"], other["n"]))
    return stats.Estimate(estimate, se, estimate - Z95 * se, estimate + Z95 * se, min(baseline["n"], other["n"]))


def seed_mismatch(baseline: dict, other: dict) -> str | None:
    """Return why two runs (their metadata) cannot have played the same walls, in Chinese (种子不同), or None when
    their seeds agree (or a run does not record its seed)."""
    seeds = baseline.get("seed"), other.get("seed")
    if None in seeds or seeds[0] == seeds[1]:
        return None
    return f"种子不同（{seeds[1]} 与 {seeds[0]}），牌墙不同"


def same_walls(both: pl.DataFrame) -> bool:
    """Return True when every hand of ``both`` (two runs' per-hand values joined on ``hand``, the other's columns
    suffixed ``_other``) was dealt the same in both runs: equal WALL_COLUMNS."""
    return all(both[c].equals(both[f"{c}_other"]) for c in WALL_COLUMNS)


def difference(baseline_run: tuple[Path, dict, dict], other_run: tuple[Path, dict, dict],
               key: tuple[str, str, str]) -> tuple[stats.Estimate, bool]:
    """Return (other − baseline for the statistic ``key``, whether it is paired by hand).

    Each run is ``(run folder, its metadata, its summary row of key)``. Paired only when both runs have the
    statistic's hand records, their seeds agree and every shared hand was dealt the same (``same_walls``)."""
    spec = per_hand(*key)
    if spec is not None and seed_mismatch(baseline_run[1], other_run[1]) is None:
        base = per_hand_values(baseline_run[0], baseline_run[1], spec)
        other = per_hand_values(other_run[0], other_run[1], spec)
        if base is not None and other is not None:
            both = base.join(other, on="hand", suffix="_other")
            if both.height and same_walls(both):
                return stats.paired_difference(both["value_other"].to_numpy(), both["value"].to_numpy()), True
    return unpaired(baseline_run[2], other_run[2]), False


@dataclass(frozen=True)
class RunPairing:
    """How a later run's differences to run 0 were taken: ``paired`` (hand by hand on shared walls, for
    ``statistics`` of them), with the reason in Chinese (``words``) and in English (``line``, for the terminal)."""

    paired: bool
    statistics: int
    words: str
    line: str


def run_pairing(diffs: pl.DataFrame, baseline: dict, other: dict) -> RunPairing:
    """Return how the differences ``diffs`` (rows of comparison_differences with a ``run`` label and ``paired``)
    of the run ``other`` (its metadata, with ``label``) to ``baseline`` were taken."""
    mismatch = seed_mismatch(baseline, other)
    if mismatch is not None:
        return RunPairing(False, 0, f"{mismatch}：差不配对，按两次独立估计相减，区间偏宽。",
                          f"unpaired: seeds differ ({other.get('seed')} vs {baseline.get('seed')}), so the walls "
                          "differ; differences of independent estimates")
    rows = diffs.filter(pl.col("run") == other["label"])
    if rows.is_empty():
        return RunPairing(False, 0, "两次运行没有共同的主要统计量，没有差可算。",
                          "nothing to compare: the runs share no headline statistic")
    count = int(rows["paired"].sum())
    if count:
        return RunPairing(True, count, f"同一种子 {baseline.get('seed')}，第 i 手两边牌墙相同（逐手核对过庄家和起手"
                                       f"幺九种数）：{count} 个统计量逐手配对。",
                          f"paired hand by hand: same seed {baseline.get('seed')}, same walls ({count} statistics)")
    return RunPairing(False, 0, "种子相同，但没有同一批牌墙的逐手记录（hands/ 目录缺失，或两边发的牌不同）：差不配对，"
                                "按两次独立估计相减，区间偏宽。",
                      "unpaired: no hand records of the same walls in both runs (hands/ missing, or the hands were "
                      "dealt differently); differences of independent estimates")
