"""The skill study's figure: one panel per headline with the greedy level's value and each compared level's (learned,
strong; bars, 95 % error bars) and their verdicts in its title; the random level's value is written under the panel (it plays so badly that on
the same axis it would flatten the two that decide the verdict). The last panel holds the two skill edges.

Drawn from the summary rows alone (study ``skill``); call it through ``reports.sections.draw_figures``, which sets the
CJK font.
"""
from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from reports import canvas, readings, section_skill  # noqa: E402
from reports.tables import fixed  # noqa: E402

STUDY = "skill"
COLUMNS = 3
COLORS = {"greedy": "tab:gray", "learned": "tab:orange", "strong": "tab:blue", "one_strong": "tab:green",
          "one_greedy": "tab:olive"}


def _bar(axis, x: float, row: dict | None, scale: float, color: str) -> None:
    """Draw one bar with its error bar (nothing without an estimate)."""
    if not readings._has_estimate(row):
        return
    value = scale * row["estimate"]
    axis.bar(x, value, color=color, width=0.6)
    if readings._has_interval(row):
        low, high = scale * row["ci_low"], scale * row["ci_high"]
        axis.errorbar(x, value, yerr=[[max(value - low, 0)], [max(high - value, 0)]], fmt="none", ecolor="black",
                      capsize=3, lw=0.8)


def _short(text: str) -> str:
    """Return a panel title that fits a third of the canvas: the words before a bracket, then a line break."""
    head, _, rest = text.partition("（")
    return head if not rest else f"{head}\n（{rest}"


def draw(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the panels into ``path`` (PNG); None without skill rows of a greedy level."""
    names = section_skill.headlines(summary)
    if not names:
        return None
    levels = [section_skill.REFERENCE] + section_skill.compared_levels(summary)
    found = {level: dict(section_skill.verdicts(summary, level)) for level in levels[1:]}
    has_edge = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "skill_edge")).height > 0
    panels = len(names) + has_edge
    rows = math.ceil(panels / COLUMNS)
    fig, axes = plt.subplots(rows, COLUMNS, figsize=(canvas.MAX_WIDTH_IN, 3.0 * rows), squeeze=False)
    axes = axes.ravel()
    for axis, name in zip(axes, names):
        text, unit, scale = section_skill.words(name)
        for x, level in enumerate(levels):
            _bar(axis, x, section_skill._get(summary, name, level), scale, COLORS[level])
        axis.set_xticks(range(len(levels)), [section_skill.LEVEL_WORDS[level] for level in levels], fontsize=9)
        axis.set_xlim(-0.6, len(levels) - 0.4)
        axis.axhline(0, color="black", lw=0.6)
        axis.tick_params(axis="y", labelsize=canvas.MIN_FONT_PT)
        axis.set_ylabel(unit, fontsize=9)
        verdict = "/".join(found[level][name] for level in levels[1:] if name in found[level])
        axis.set_title(_short(text) + (f"：{verdict}" if verdict else ""), fontsize=9)
        random = section_skill._get(summary, name, "random")
        if readings._has_estimate(random):
            spec = ".2f" if unit in ("%", "倍") else "+.3f" if section_skill.headline_key(name)[0] in section_skill.SIGNED else ".3f"
            axis.set_xlabel(f"随机桌：{fixed(scale * random['estimate'], spec)} {unit}", fontsize=8)
    if has_edge:
        axis = axes[len(names)]
        for x, group in enumerate(section_skill.EDGE_WORDS):
            _bar(axis, x, section_skill._get(summary, "skill_edge", group), 1.0, COLORS[group])
        axis.set_xticks([0, 1], ["1 强 vs 3 贪心", "1 贪心 vs 3 强"], fontsize=9)
        axis.set_xlim(-0.6, 1.6)
        axis.axhline(0, color="black", lw=0.6)
        axis.tick_params(axis="y", labelsize=canvas.MIN_FONT_PT)
        axis.set_ylabel("底注/手", fontsize=9)
        axis.set_title("技术优势\n（强手 − 贪心，同一牌墙配对）", fontsize=9)
    for axis in axes[panels:]:
        axis.axis("off")
    compared = "、".join(section_skill.LEVEL_WORDS[level] for level in levels[1:])
    fig.suptitle(f"{compared or '强手'}打，贪心桌的结论还成立吗？（误差线为 95 % 区间"
                 + (f"；判定依次为{compared}）" if len(levels) > 2 else "）"), fontsize=11)
    return canvas.save(fig, path)

