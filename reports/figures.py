"""Figures of a run, drawn from its summary rows alone (matplotlib, PNG).

One figure per study; every axis is labelled (in Chinese) with its unit and every estimate carries
its 95 % interval as an error bar. Each function draws into the current matplotlib rc settings:
call them through ``reports.sections.draw_figures``, which sets the CJK font of ``reports.fonts``.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.text  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from reports import canvas, terms  # noqa: E402
from reports.canvas import MAX_WIDTH_IN  # noqa: E402

POSITION_LABELS = {"dealer": "庄家", "xiajia": "下家", "duijia": "对家", "shangjia": "上家"}
COMPONENT_LABELS = {"win": "胡牌", "kong": "杠", "qianbao": "前包", "houbao": "后包", "total": "合计"}
PONG_LABELS = {"always": "能碰就碰", "improves": "改善才碰", "never": "从不碰"}
SHI_QIANG_LABELS = {"on": "有拾/抢", "off": "无拾/抢"}
POINT_LIMIT_LABELS = {"on": "有", "off": "无"}
#: The one 拾/抢 setting of a variant without 拾/抢, by variant.
NO_SHI_QIANG_LABELS = {"jinzhong": "晋中（没有拾/抢）"}


def parse_group(group: str) -> dict[str, str]:
    """Return the ``key=value`` pairs of a summary group string ("k=9, shi_qiang=on") as a dict."""
    pairs = {}
    for part in group.split(","):
        if "=" in part:
            key, value = part.split("=", 1)
            pairs[key.strip()] = value.strip()
    return pairs


def _rows(summary: pl.DataFrame, study: str, name: str) -> pl.DataFrame:
    return summary.filter((pl.col("study") == study) & (pl.col("name") == name))


def _yerr(frame: pl.DataFrame, scale: float = 1.0) -> np.ndarray:
    """Return the 2×n asymmetric error bars (estimate − low, high − estimate), NaN as 0."""
    est = frame["estimate"].to_numpy()
    low = np.nan_to_num(est - frame["ci_low"].to_numpy(), nan=0.0)
    high = np.nan_to_num(frame["ci_high"].to_numpy() - est, nan=0.0)
    return np.clip(np.vstack([low, high]), 0.0, None) * scale  # float noise may put a bound past the estimate


def _save(fig, path: Path) -> Path:
    """Write ``fig`` to ``path`` with every label in the report variant's words (reports.terms); return ``path``."""
    for text in fig.findobj(matplotlib.text.Text):
        text.set_text(terms.say(text.get_text()))
    return canvas.save(fig, path)


def dealer_edge(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw mean money per hand by position and component, and win rate by position."""
    positions = list(POSITION_LABELS)
    if _rows(summary, "dealer_edge", "result_total").is_empty():
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(MAX_WIDTH_IN, 4.2), gridspec_kw={"width_ratios": [2.2, 1]})
    shown = {c: label for c, label in COMPONENT_LABELS.items()  # a variant without 前包/后包 has no such rows
             if not _rows(summary, "dealer_edge", f"result_{c}").is_empty()}
    width = 0.8 / len(shown)
    x = np.arange(len(positions))
    for i, (component, label) in enumerate(shown.items()):
        rows = _rows(summary, "dealer_edge", f"result_{component}")
        rows = rows.join(pl.DataFrame({"group": positions, "order": range(4)}), on="group").sort("order")
        left.bar(x[rows["order"].to_numpy()] + (i - (len(shown) - 1) / 2) * width, rows["estimate"], width,
                 yerr=_yerr(rows), capsize=2, label=label)
    left.axhline(0, color="black", lw=0.6)
    left.set_xticks(x, [POSITION_LABELS[p] for p in positions])
    left.set_ylabel("每手平均输赢（底注）")
    left.set_title("各位置每手输赢，按来源分（相对庄家的位置）")
    left.legend(fontsize=8, ncols=2)
    rows = _rows(summary, "dealer_edge", "win_rate")
    rows = rows.join(pl.DataFrame({"group": positions, "order": range(4)}), on="group").sort("order")
    right.bar(rows["order"].to_numpy(), rows["estimate"] * 100, yerr=_yerr(rows, 100), capsize=3, color="tab:green")
    right.set_xticks(x, [POSITION_LABELS[p] for p in positions])
    right.set_ylabel("胡牌率（占手数 %）")
    right.set_title("各位置胡牌率")
    return _save(fig, path)


def huangzhuang(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the 荒庄 rate over the sweep (晋城: against the 荒 stacks, one line per pong policy; 晋中: against
    the dead wall, one line per point-limit setting) and by kongs."""
    sweep = _rows(summary, "huangzhuang", "huang_rate_sweep")
    by_kongs = _rows(summary, "huangzhuang", "huang_rate").filter(pl.col("group") != "all")
    if sweep.is_empty() and by_kongs.is_empty():
        return None
    jinzhong = sweep["group"].str.starts_with("dead_wall=").any()
    x_key, line_key = ("dead_wall", "point_limit") if jinzhong else ("stacks", "pong")
    fig, (left, right) = plt.subplots(1, 2, figsize=(MAX_WIDTH_IN, 4.2))
    if not sweep.is_empty():
        cells = sweep.with_columns(
            pl.col("group").map_elements(lambda g: int(parse_group(g)[x_key]), return_dtype=pl.Int64).alias("x"),
            pl.col("group").map_elements(lambda g: parse_group(g)[line_key], return_dtype=pl.String).alias("line"))
        for value in cells["line"].unique(maintain_order=True):
            line = cells.filter(pl.col("line") == value).sort("x")
            label = (f"四家贪心，点数限制{POINT_LIMIT_LABELS.get(value, value)}" if jinzhong
                     else f"四家贪心，{PONG_LABELS.get(value, value)}")
            left.errorbar(line["x"], line["estimate"] * 100, yerr=_yerr(line, 100), marker="o", capsize=3,
                          label=label)
        left.set_xticks(sorted(cells["x"].unique().to_list()))
        left.legend(fontsize=8)
    left.set_xlabel("留在牌尾不摸的牌张数（0 = 摸到最后一张）" if jinzhong else "牌尾荒牌墩数（每墩 2 张）")
    left.set_ylabel("荒庄率（占手数 %）")
    left.set_title("荒庄率与留牌、点数限制" if jinzhong else "荒庄率与荒牌墩数")
    if not by_kongs.is_empty():
        right.bar(range(by_kongs.height), by_kongs["estimate"] * 100, yerr=_yerr(by_kongs, 100), capsize=3,
                  color="tab:orange")
        right.set_xticks(range(by_kongs.height), [g.removeprefix("kongs=") for g in by_kongs["group"]])
    right.set_xlabel("本手开杠次数" if jinzhong else "本手开杠次数（每杠加一墩荒牌）")
    right.set_ylabel("荒庄率（占手数 %）")
    right.set_title("按开杠次数的荒庄率（本次座位组合）")
    return _save(fig, path)


def _by_k(summary: pl.DataFrame, name: str) -> pl.DataFrame:
    rows = _rows(summary, "thirteen_orphans", name)
    return rows.with_columns(
        pl.col("group").map_elements(lambda g: int(parse_group(g)["k"]), return_dtype=pl.Int64).alias("k"),
        pl.col("group").map_elements(lambda g: parse_group(g)["shi_qiang"], return_dtype=pl.String).alias("shi_qiang"))


def thirteen_orphans(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw 十三幺 completion rate and paired chase − greedy result against dealt distinct kinds k."""
    completion, gain = _by_k(summary, "completion_rate"), _by_k(summary, "chase_minus_greedy")
    if completion.is_empty():
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(MAX_WIDTH_IN, 4.2))
    for offset, setting in zip((-0.08, 0.08), ("on", "off")):
        for axis, frame, scale in ((left, completion, 100), (right, gain, 1)):
            line = frame.filter(pl.col("shi_qiang") == setting).sort("k")
            if not line.is_empty():
                axis.errorbar(line["k"] + offset, line["estimate"] * scale, yerr=_yerr(line, scale), marker="o",
                              capsize=3, label=NO_SHI_QIANG_LABELS.get(terms.variant(), SHI_QIANG_LABELS[setting])
                              if setting == "off" else SHI_QIANG_LABELS[setting])
    left.set_ylabel("十三幺做成率（占该 k 手数 %）")
    left.set_title("追十三幺的做成率")
    right.axhline(0, color="black", lw=0.6)
    right.set_ylabel("追十三幺 − 贪心，0 号位（底注/手）")
    right.set_title("追十三幺的配对收益（同一牌墙）")
    for axis in (left, right):
        axis.set_xticks(sorted(completion["k"].unique().to_list()))
        axis.set_xlabel("0 号位起手幺九/字牌种数 k")
        axis.legend(fontsize=8)
    return _save(fig, path)


def early_ting(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the paired differences selective − early against the live-wait threshold.

    The sign reads as the gain of waiting: above 0 in the result panel, waiting for t live waits beats
    上架-ing at the first tenpai."""
    panels = (("diff_mean_result", "输赢", "底注/手", 1),
              ("diff_win_rate", "胡牌率", "百分点", 100),
              ("diff_dianpao_paid", "点炮付出", "底注/手", 1),
              ("diff_ting_turn", "上架轮次（两臂都上架的手）", "自己的轮次", 1))
    if _rows(summary, "early_ting", panels[0][0]).is_empty():
        return None
    fig, axes = plt.subplots(2, 2, figsize=(MAX_WIDTH_IN, 7))
    for axis, (name, what, unit, scale) in zip(axes.ravel(), panels):
        rows = _rows(summary, "early_ting", name).with_columns(
            pl.col("group").map_elements(lambda g: int(parse_group(g)["t"]), return_dtype=pl.Int64).alias("t")
        ).sort("t")
        axis.errorbar(rows["t"], rows["estimate"] * scale, yerr=_yerr(rows, scale), marker="o", capsize=3)
        axis.axhline(0, color="black", lw=0.6)
        axis.set_xticks(rows["t"].to_list())
        axis.set_xlabel("等到至少 t 个活张才上架（selective_ting 的 t）")
        axis.set_ylabel(unit)
        axis.set_title(f"{what}：等 t 个活张 − 首次听牌即上架", fontsize=10)
    fig.suptitle("等活张再上架比首次听牌即上架多得多少（0 号位，同一牌墙配对；输赢高于 0 = 等待更好）")
    return _save(fig, path)
