"""Tornado charts of the sensitivity study: per headline statistic, the paired change of each one-flag arm.

Drawn from the summary rows alone (study ``sensitivity``, names ``diff_<statistic>``, group ``flag=value``).
Each panel sorts the changes by size (changes identical on every hand are left out), shows the largest ``TOP`` as horizontal bars from 0 with their
95 % interval as whiskers; a bar whose interval excludes 0 is dark. Labels are Chinese with the English
flag names; without a CJK font the Chinese part is left out (so no glyph is drawn as a box).
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib import font_manager  # noqa: E402

STUDY = "sensitivity"
#: Changes shown per panel (the largest by |change|).
TOP = 12
#: statistic -> (Chinese title, English title, axis unit, display scale).
PANELS = {
    "dealer_result": ("庄家每手结果", "dealer result per hand", "底注 per hand", 1.0),
    "huang_rate": ("荒庄率", "huangzhuang rate", "percentage points", 100.0),
    "zimo_share": ("自摸占胡牌比例", "zimo share of wins", "percentage points", 100.0),
    "hand_draws": ("每手摸牌数", "hand length", "front draws per hand", 1.0),
    "volatility": ("每家结果标准差", "money volatility (sd of a seat's result)", "底注 per hand", 1.0),
}
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei",
                "SimHei", "Microsoft YaHei", "PingFang SC", "AR PL UMing CN")


def cjk_family() -> str | None:
    """Return the name of an installed font that draws Chinese, or None."""
    installed = {f.name for f in font_manager.fontManager.ttflist}
    return next((family for family in CJK_FAMILIES if family in installed), None)


def label(chinese: str, english: str, cjk: bool) -> str:
    """Return 'chinese (english)' when a CJK font is available, else the English text alone."""
    return f"{chinese} ({english})" if cjk else english


def _unit(unit: str, cjk: bool) -> str:
    return unit if cjk else unit.replace("底注", "base stakes")


def tornado(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw one tornado panel per headline statistic into ``path`` (PNG); None when the study has no changes."""
    changes = summary.filter((pl.col("study") == STUDY) & pl.col("name").str.starts_with("diff_")
                             & ~((pl.col("estimate") == 0) & (pl.col("se") == 0)))  # identical arms: no bar
    if changes.is_empty():
        return None
    family = cjk_family()
    cjk = family is not None
    rc = {"font.family": [family, "DejaVu Sans"]} if cjk else {}
    with plt.rc_context(rc):
        fig, axes = plt.subplots(3, 2, figsize=(13, 13))
        for axis, (name, (chinese, english, unit, scale)) in zip(axes.ravel(), PANELS.items()):
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
            axis.set_yticks(y, rows["group"].to_list(), fontsize=8)
            axis.set_xlabel(label("变化", "change", cjk) + f", {_unit(unit, cjk)}", fontsize=9)
            axis.set_title(label(chinese, english, cjk), fontsize=10)
        legend = axes.ravel()[-1]
        legend.axis("off")
        legend.text(0.02, 0.6, "\n".join([
            label("每个规则单独改变，同一批牌墙配对", "one flag changed at a time, same walls, paired", cjk),
            label("深色：95 % 区间不含 0", "dark: 95 % interval excludes 0", cjk),
            label("浅色：此样本量下无可测差异", "light: no measurable difference at this size", cjk),
            label("须线：95 % 区间", "whiskers: 95 % interval", cjk),
            label(f"每图显示变化最大的 {TOP} 项", f"largest {TOP} changes per panel", cjk)]), fontsize=10, va="top")
        fig.suptitle(label("规则敏感性：改变一个规则后的配对变化（改后 − 基准）",
                           "Rule sensitivity: paired change, changed − base", cjk))
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
    return path
