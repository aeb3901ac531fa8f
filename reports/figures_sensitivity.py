"""Tornado charts of the sensitivity study: per headline statistic, the paired change of each one-flag arm.

Drawn from the summary rows alone (study ``sensitivity``, names ``diff_<statistic>``, group ``flag=value``).
Each panel sorts the changes by size (changes identical on every hand are left out), shows the largest ``TOP``
as horizontal bars from 0 with their 95 % interval as whiskers; a bar whose interval excludes 0 is dark. Labels
are Chinese, the changes keep their flag names (``flag=value``, as on the command line). Call it through
``reports.sections.draw_figures``, which sets the CJK font.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from reports import canvas, terms  # noqa: E402
from reports.rule_words import value_words  # noqa: E402

STUDY = "sensitivity"
#: Changes shown per panel (the largest by |change|).
TOP = 12
#: statistic -> (title, axis unit, display scale).
PANELS = {
    "dealer_result": ("庄家每手输赢", "底注/手", 1.0),
    "huang_rate": ("荒庄率", "百分点", 100.0),
    "zimo_share": ("自摸占胡牌的比例", "百分点", 100.0),
    "hand_draws": ("每手摸牌数", "张/手", 1.0),
    "volatility": ("一家每手输赢的标准差", "底注/手", 1.0),
}
#: The key under the panels, one short line each.
NOTE = ("每个规则单独改变，与基准同一批牌墙逐手配对",
        "深色：95 % 区间不含 0；浅色：分不开",
        "须线：95 % 区间",
        f"每图只画变化最大的 {TOP} 项")


def _change_words(role: str) -> str:
    """Return a change ``flag=value`` as a tick label: what the new value does in Chinese (the flag itself when
    it has no words)."""
    flag, _, value = role.partition("=")
    return value_words(flag, value, terms.variant()) or role


def tornado(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw one tornado panel per headline statistic into ``path`` (PNG); None when the study has no changes."""
    changes = summary.filter((pl.col("study") == STUDY) & pl.col("name").str.starts_with("diff_")
                             & ~((pl.col("estimate") == 0) & (pl.col("se") == 0)))  # identical arms: no bar
    if changes.is_empty():
        return None
    shown = max(changes.group_by("name").len()["len"].max(), 1)
    height = 3 * (1.1 + 0.24 * min(shown, TOP))
    fig, axes = plt.subplots(3, 2, figsize=(canvas.MAX_WIDTH_IN, height))
    for axis, (name, (title, unit, scale)) in zip(axes.ravel(), PANELS.items()):
        rows = (changes.filter(pl.col("name") == f"diff_{name}")
                .with_columns(pl.col("estimate").abs().alias("size"))
                .sort("size", descending=True, nulls_last=True).head(TOP).reverse())
        estimate = rows["estimate"].to_numpy() * scale
        low = rows["ci_low"].to_numpy() * scale
        high = rows["ci_high"].to_numpy() * scale
        clear = (low > 0) | (high < 0)
        y = np.arange(rows.height)
        axis.barh(y, estimate, color=np.where(clear, "tab:blue", "lightsteelblue"))
        axis.errorbar(estimate, y, xerr=np.clip(np.vstack([estimate - low, high - estimate]), 0, None),
                      fmt="none", ecolor="black", capsize=2, lw=0.8)
        axis.axvline(0, color="black", lw=0.6)
        axis.set_yticks(y, [_change_words(g) for g in rows["group"].to_list()], fontsize=canvas.MIN_FONT_PT)
        axis.tick_params(axis="x", labelsize=canvas.MIN_FONT_PT)
        axis.set_xlabel(f"改后 − 基准（{unit}）", fontsize=9)
        axis.set_title(title, fontsize=10)
    key = axes.ravel()[-1]
    key.axis("off")
    key.text(0.0, 1.0, "\n".join(NOTE), fontsize=9, va="top", ha="left", transform=key.transAxes)
    fig.suptitle("规则敏感性：只改一个规则后的逐手配对变化（改后 − 基准）", fontsize=11)
    return canvas.save(fig, path)
