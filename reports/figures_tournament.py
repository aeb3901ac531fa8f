"""The tournament study's figure: the ladder (each strategy's money per seat and hand, best on top, 95 % intervals),
the matrix of pairwise differences (row − column, paired by wall) and each strategy's win and deal-in rates.

Drawn from the summary rows alone (study ``tournament``); call it through ``reports.sections.draw_figures``, which
sets the CJK font.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from reports import canvas  # noqa: E402
from reports.strategy_words import strategy_name  # noqa: E402

STUDY = "tournament"


def ladder(summary: pl.DataFrame) -> list[dict]:
    """Return the strategies' ``seat_result`` rows, best first (the order every panel and table uses)."""
    rows = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "seat_result"))
    return sorted(rows.iter_rows(named=True), key=lambda r: -r["estimate"] if np.isfinite(r["estimate"]) else 0)


def pair_row(summary: pl.DataFrame, name: str, first: str, second: str) -> tuple[dict | None, float]:
    """Return (the ``name`` row of the pair first − second or second − first, the sign that makes it first −
    second): (None, 0) when the summary has neither."""
    for group, sign in ((f"{first} − {second}", 1.0), (f"{second} − {first}", -1.0)):
        rows = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == name) & (pl.col("group") == group))
        if rows.height:
            return rows.row(0, named=True), sign
    return None, 0.0


def signed(row: dict, sign: float) -> tuple[float, float, float]:
    """Return (estimate, low, high) of a difference row turned by ``sign`` (−1 swaps the pair)."""
    low, high = sorted((sign * row["ci_low"], sign * row["ci_high"]))
    return sign * row["estimate"], low, high


def _errors(estimate, low, high) -> np.ndarray:
    e, lo, hi = (np.asarray(v, dtype=float) for v in (estimate, low, high))
    return np.nan_to_num(np.clip(np.vstack([e - lo, hi - e]), 0, None))


def _ladder_panel(axis, rows: list[dict]) -> None:
    names = [r["group"] for r in rows][::-1]
    e = np.array([r["estimate"] for r in rows][::-1], dtype=float)
    errors = _errors(e, [r["ci_low"] for r in rows][::-1], [r["ci_high"] for r in rows][::-1])
    y = np.arange(len(names))
    axis.barh(y, np.nan_to_num(e), color=["tab:green" if v >= 0 else "tab:red" for v in np.nan_to_num(e)])
    axis.errorbar(np.nan_to_num(e), y, xerr=errors, fmt="none", ecolor="black", capsize=3, lw=0.8)
    axis.set_yticks(y, [strategy_name(n) for n in names])
    axis.axvline(0, color="grey", lw=0.6)
    axis.set_xlabel("底注/座/手")
    axis.set_title("排名：每座每手输赢", fontsize=10)


def _matrix_panel(axis, summary: pl.DataFrame, names: list[str]) -> None:
    n = len(names)
    values = np.full((n, n), np.nan)
    for i, first in enumerate(names):
        for j, second in enumerate(names):
            row, sign = pair_row(summary, "diff_seat_result", first, second)
            if row is None:
                continue
            estimate, low, high = signed(row, sign)
            values[i, j] = estimate
            axis.text(j, i, f"{estimate:+.3f}\n[{low:+.3f}, {high:+.3f}]", ha="center", va="center",
                      fontsize=8)
    limit = np.nanmax(np.abs(values)) if np.isfinite(values).any() else 1.0
    axis.imshow(np.nan_to_num(values), cmap="RdYlGn", vmin=-limit * 1.6, vmax=limit * 1.6, aspect="auto")
    labels = [strategy_name(name) for name in names]
    axis.set_xticks(range(n), labels, rotation=15 if n > 2 else 0)
    axis.set_yticks(range(n), labels)
    axis.set_xlabel("列：被减去的策略", fontsize=9)
    axis.set_title("行 − 列：每座每手输赢差（逐墙配对）", fontsize=10)


def _rates_panel(axis, summary: pl.DataFrame, names: list[str]) -> None:
    y = np.arange(len(names))[::-1]
    height = 0.38
    for offset, (name, label, color) in zip((height / 2, -height / 2), (("seat_win_rate", "胡牌率", "tab:blue"),
                                                                        ("seat_deal_in_rate", "点炮率", "tab:orange"))):
        rows = [summary.filter((pl.col("study") == STUDY) & (pl.col("name") == name) & (pl.col("group") == g))
                for g in names]
        e = np.array([100 * r["estimate"][0] if r.height else np.nan for r in rows])
        low = np.array([100 * r["ci_low"][0] if r.height else np.nan for r in rows])
        high = np.array([100 * r["ci_high"][0] if r.height else np.nan for r in rows])
        axis.barh(y + offset, np.nan_to_num(e), height=height, color=color, label=label)
        axis.errorbar(np.nan_to_num(e), y + offset, xerr=_errors(e, low, high), fmt="none", ecolor="black",
                      capsize=2, lw=0.8)
    axis.set_yticks(y, [strategy_name(n) for n in names])
    axis.set_xlabel("% 的座-手")
    axis.legend(fontsize=8, loc="lower right")
    axis.set_title("胡牌率与点炮率", fontsize=10)


def draw(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the ladder, the difference matrix and the rates into ``path`` (PNG); None without tournament rows."""
    rows = ladder(summary)
    if not rows:
        return None
    names = [r["group"] for r in rows]
    fig = plt.figure(figsize=(canvas.MAX_WIDTH_IN, 7.2))
    grid = fig.add_gridspec(2, 2)
    _ladder_panel(fig.add_subplot(grid[0, 0]), rows)
    _rates_panel(fig.add_subplot(grid[0, 1]), summary, names)
    _matrix_panel(fig.add_subplot(grid[1, :]), summary, names)
    fig.suptitle("对局赛：同一批牌墙、轮换座位（误差线与方括号为 95 % 区间）")
    return canvas.save(fig, path)
