"""The xuezhan study's figure (四川 血战到底): winners per hand, what each wall-end transfer moves and the dealer's
part, the share of win value by 番, and seat 0's paired cost of a worse 定缺 — 95 % intervals as error bars.

Drawn from the summary rows alone (study ``xuezhan``); call it through ``reports.sections.draw_figures``, which
sets the CJK font.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from reports import canvas  # noqa: E402
from reports.figures_caishen import _bars, _values  # noqa: E402
from reports.section_xuezhan import DINGQUE, STUDY, TRANSFERS  # noqa: E402


def _groups(rows: pl.DataFrame, name: str) -> list[str]:
    """Return the groups of statistic ``name`` in the summary's order."""
    return rows.filter(pl.col("name") == name)["group"].to_list()


def draw(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw four panels into ``path`` (PNG): hands by number of winners, money per hand of each transfer with the
    dealer's net, value share by 番, and the paired 定缺 cost; None without xuezhan rows."""
    rows = summary.filter(pl.col("study") == STUDY)
    if rows.is_empty():
        return None
    fig, axes = plt.subplots(2, 2, figsize=(canvas.MAX_WIDTH_IN, 7.5))
    axes = axes.ravel()
    groups = _groups(rows, "winners_share")
    _bars(axes[0], [f"{g.removeprefix('winners=')} 人" for g in groups], *_values(rows, "winners_share", groups, 100),
          "% 的手", "一手胡牌的人数（每手计一次）")
    names = [t for t in TRANSFERS if t in _groups(rows, "transfer_money")]
    estimate, errors = _values(rows, "transfer_money", names)
    _bars(axes[1], [TRANSFERS[t] for t in names], estimate, errors, "底注/手", "每手转移的钱（灰点：庄家净得）",
          "tab:orange")
    dealer, dealer_errors = _values(rows, "transfer_dealer", names)
    axes[1].errorbar(range(len(names)), dealer, yerr=dealer_errors, fmt="o", color="grey", capsize=3, lw=0.8)
    groups = _groups(rows, "value_share_by_fan")
    _bars(axes[2], [g.removeprefix("fan=") for g in groups], *_values(rows, "value_share_by_fan", groups, 100),
          "% 的胡牌价值", "胡牌价值按番数的占比（每次胡牌）", "tab:green")
    axes[2].set_xlabel("番", fontsize=9)
    groups = _groups(rows, "dingque_cost")
    labels = [DINGQUE.get(g.split(" − ")[0].removeprefix("dingque="), g) for g in groups]
    _bars(axes[3], labels, *_values(rows, "dingque_cost", groups), "底注/手", "0 号位定缺代价（对缺最少的一门，配对）",
          "tab:red")
    fig.suptitle("四川血战到底：胡牌人数、结算转移、番与定缺（误差线为 95 % 区间）")
    return canvas.save(fig, path)
