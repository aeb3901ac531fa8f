"""The shapes study's figure: per winning shape / feature, its share of wins, its share of all money moved
and (when recorded) its mean multiplier, with 95 % intervals as error bars.

Drawn from the summary rows alone (study ``shapes``, groups ``shape:<name>`` / ``feature:<name>``); call it
through ``reports.sections.draw_figures``, which sets the CJK font.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from reports import canvas  # noqa: E402
from reports.win_labels import kind_label  # noqa: E402

STUDY = "shapes"
#: Panels: statistic -> (title, axis unit, display scale).
PANELS = {
    "win_share": ("占胡牌的比例", "%", 100.0),
    "money_share": ("占全部流动金额的比例", "%", 100.0),
    "extra_money_per_win": ("每手流动金额 − 平均胡牌的", "底注/手", 1.0),
    "mean_multiplier": ("胡牌平均倍数", "倍", 1.0),
}


def kinds(summary: pl.DataFrame) -> list[str]:
    """Return the groups drawn: win features when recorded, else the shape column's shapes (summary order)."""
    groups = summary.filter(pl.col("study") == STUDY)["group"].unique(maintain_order=True).to_list()
    features = [g for g in groups if g.startswith("feature:")]
    return features or [g for g in groups if g.startswith("shape:")]


def draw(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw one horizontal-bar panel per statistic into ``path`` (PNG); None without shapes rows."""
    rows = summary.filter(pl.col("study") == STUDY)
    groups = kinds(summary)
    if not groups:
        return None
    panels = [name for name in PANELS if rows.filter(pl.col("name") == name).height]
    multipliers = rows.filter((pl.col("name") == "mean_multiplier") & pl.col("estimate").is_not_nan())
    if multipliers.height and ((multipliers["estimate"] == 1) & (multipliers["se"] == 0)).all():
        panels.remove("mean_multiplier")  # a variant without multipliers: every win ×1, nothing to show
    columns = min(2, len(panels))
    lines = -(-len(panels) // columns)
    height = lines * (1.3 + 0.3 * max(len(groups), 4))  # four bars' room at least: never a thin strip
    fig, axes = plt.subplots(lines, columns, figsize=(canvas.MAX_WIDTH_IN, height), squeeze=False)
    y = np.arange(len(groups))
    for axis, name in zip(axes.ravel(), panels):
        title, unit, scale = PANELS[name]
        picked = [rows.filter((pl.col("group") == g) & (pl.col("name") == name)) for g in groups]
        estimate = np.array([p["estimate"][0] if p.height else np.nan for p in picked], dtype=float) * scale
        low = np.array([p["ci_low"][0] if p.height else np.nan for p in picked], dtype=float) * scale
        high = np.array([p["ci_high"][0] if p.height else np.nan for p in picked], dtype=float) * scale
        shown = np.nan_to_num(estimate)
        axis.barh(y, shown, color="tab:blue")
        axis.errorbar(shown, y, xerr=np.nan_to_num(np.clip(np.vstack([estimate - low, high - estimate]), 0, None)),
                      fmt="none", ecolor="black", capsize=2, lw=0.8)
        axis.set_yticks(y, [kind_label(g) for g in groups])
        axis.set_ylim(max(len(groups), 4) - 0.5, -0.5)  # first kind on top, bars of one height whatever the count
        axis.set_xlabel(unit)
        axis.set_title(title, fontsize=10)
    for axis in axes.ravel()[len(panels):]:
        axis.set_visible(False)
    source = "胡牌特征" if groups[0].startswith("feature:") else "牌型"
    fig.suptitle(f"各{source}的频率、金额与倍数（误差线为 95 % 区间）", fontsize=11)
    return canvas.save(fig, path)
