"""The tune study's figure: every trial on the search walls in the plane of two target statistics (the Pareto
front and the best settings marked, the targets drawn as bands and lines), and each flag's importance per target.

Drawn from the summary rows alone (study ``tune``: groups ``trial=<n>``, ``target``, ``best=<rank>``,
``importance <stat>``); call it through ``reports.sections.draw_figures``, which sets the CJK font.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from reports import canvas, terms  # noqa: E402
from reports.rule_words import flag_name  # noqa: E402
from reports.tune_words import STAT_WORDS, goals, rows_of  # noqa: E402

STUDY = "tune"


def _trials(rows: pl.DataFrame) -> pl.DataFrame:
    """Return one row per played trial: number, every statistic, feasible (wide)."""
    trials = rows.filter(pl.col("group").str.starts_with("trial="))
    if trials.is_empty():
        return trials
    return (trials.with_columns(pl.col("group").str.strip_prefix("trial=").cast(pl.Int64).alias("number"))
            .pivot(on="name", index="number", values="estimate").sort("number"))


def _best_numbers(rows: pl.DataFrame) -> list[int]:
    return [int(v) for v in rows.filter(pl.col("name") == "trial")["estimate"].to_list()]


def _mark_goal(axis, goal: tuple, scale: float, vertical: bool) -> None:
    """Draw a target as a band (value ± tolerance) and a bound as a dashed line on ``axis``."""
    stat, kind, value, tolerance = goal
    if value is None or not np.isfinite(value):
        return
    span, line = (axis.axvspan, axis.axvline) if vertical else (axis.axhspan, axis.axhline)
    if kind == "target":
        span((value - tolerance) * scale, (value + tolerance) * scale, color="tab:green", alpha=0.15, lw=0)
        line(value * scale, color="tab:green", lw=0.8)
    else:
        line(value * scale, color="tab:red", lw=0.9, ls="--")


def draw(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the trials' scatter and the importance bars into ``path`` (PNG); None without played trials."""
    rows = rows_of(summary)
    trials = _trials(rows)
    if trials.is_empty():
        return None
    aims = goals(rows)
    stats_drawn = list(dict.fromkeys(g[0] for g in aims))
    x_stat = stats_drawn[0]
    y_stat = stats_drawn[1] if len(stats_drawn) > 1 else None
    fig, (left, right) = plt.subplots(1, 2, figsize=(canvas.MAX_WIDTH_IN, 4.8),
                                      gridspec_kw={"width_ratios": [3, 2]})
    x_word, x_scale, x_unit = STAT_WORDS[x_stat]
    x = trials[x_stat].to_numpy() * x_scale
    if y_stat is None:
        y = trials["number"].to_numpy().astype(float)
        y_label = "试验序号"
    else:
        y_word, y_scale, y_unit = STAT_WORDS[y_stat]
        y = trials[y_stat].to_numpy() * y_scale
        y_label = f"{y_word}（{y_unit}）"
    ok = trials["feasible"].to_numpy() > 0 if "feasible" in trials.columns else np.zeros(trials.height, bool)
    left.scatter(x[~ok], y[~ok], s=14, color="lightgray", edgecolor="gray", lw=0.4, label="不满足约束的试验")
    left.scatter(x[ok], y[ok], s=16, color="tab:blue", label="满足约束的试验")
    best = np.isin(trials["number"].to_numpy(), _best_numbers(rows))
    left.scatter(x[best], y[best], s=90, facecolor="none", edgecolor="tab:red", lw=1.4,
                 label="最优（复测的设置）")
    for goal in aims:
        if goal[0] == x_stat:
            _mark_goal(left, goal, x_scale, vertical=True)
        elif goal[0] == y_stat:
            _mark_goal(left, goal, STAT_WORDS[y_stat][1], vertical=False)
    left.set_xlabel(f"{x_word}（{x_unit}）")
    left.set_ylabel(y_label)
    left.set_title("各次试验（同一批牌墙）：绿带为目标，红虚线为界限", fontsize=10)
    left.legend(fontsize=8, loc="best")
    _importance_panel(right, rows, stats_drawn)
    fig.suptitle("规则调优：试验与帕累托前沿、各规则的重要性")
    return canvas.save(fig, path)


def _importance_panel(axis, rows: pl.DataFrame, stats_drawn: list[str]) -> None:
    """Draw horizontal bars of each flag's importance, one colour per target statistic."""
    shown = rows.filter(pl.col("group").str.starts_with("importance "))
    if shown.is_empty():
        axis.axis("off")
        axis.text(0.02, 0.5, "试验太少或只有一个规则在变：没有重要性", fontsize=9, va="center")
        return
    flags = (shown.group_by("name").agg(pl.col("estimate").max().alias("top"))
             .sort("top", descending=True).head(10)["name"].to_list())[::-1]
    present = [s for s in stats_drawn if shown.filter(pl.col("group") == f"importance {s}").height]
    height = 0.8 / max(len(present), 1)
    y = np.arange(len(flags))
    for i, stat in enumerate(present):
        part = shown.filter(pl.col("group") == f"importance {stat}")
        value = dict(zip(part["name"].to_list(), part["estimate"].to_list()))
        axis.barh(y + i * height - 0.4 + height / 2, [value.get(f, 0.0) for f in flags], height=height,
                  label=STAT_WORDS[stat][0])
    axis.set_yticks(y, [flag_name(f, terms.variant()) for f in flags], fontsize=8)
    axis.set_xlabel("重要性（PED-ANOVA，0–1）")
    axis.set_title("哪些规则决定能否达到目标", fontsize=10)
    axis.legend(fontsize=8, loc="lower right")
