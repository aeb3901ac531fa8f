"""The caishen study's figure (金华): seat 0's win rate and result by the 财神 it was dealt, the paired gain of
waiting for 爆头 with both arms' 爆头 rates, and who pays 承包 — 95 % intervals as error bars.

Drawn from the summary rows alone (study ``caishen``); call it through ``reports.sections.draw_figures``, which
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

STUDY = "caishen"
WILDS = ("wilds=0", "wilds=1", "wilds=2", "wilds=3")
#: Who paid a 承包: dealer or 闲, then the payer's position seen from the winner.
PAYER_LABELS = {"dealer": "庄家", "xian": "闲家", "winner_xiajia": "下家", "winner_duijia": "对家",
                "winner_shangjia": "上家"}
ARM_LABELS = {"greedy": "贪心", "baotou": "等爆头"}


def _values(rows: pl.DataFrame, name: str, groups, scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """Return (estimates, [2, n] error bar lengths) of statistic ``name`` for ``groups`` (NaN when absent)."""
    estimate, low, high = [], [], []
    for group in groups:
        picked = rows.filter((pl.col("name") == name) & (pl.col("group") == group))
        row = picked.row(0, named=True) if picked.height else {"estimate": None, "ci_low": None, "ci_high": None}
        estimate.append(np.nan if row["estimate"] is None else row["estimate"])
        low.append(np.nan if row["ci_low"] is None else row["ci_low"])
        high.append(np.nan if row["ci_high"] is None else row["ci_high"])
    e, lo, hi = (scale * np.array(v, dtype=float) for v in (estimate, low, high))
    return e, np.nan_to_num(np.clip(np.vstack([e - lo, hi - e]), 0, None))


def _bars(axis, labels, estimate, errors, unit: str, title: str, color: str = "tab:blue") -> None:
    """Draw one bar per label with its error bar, the axis in ``unit``."""
    x = np.arange(len(labels))
    axis.bar(x, np.nan_to_num(estimate), color=color)
    axis.errorbar(x, np.nan_to_num(estimate), yerr=errors, fmt="none", ecolor="black", capsize=3, lw=0.8)
    axis.set_xticks(x, labels)
    axis.axhline(0, color="grey", lw=0.6)
    axis.set_ylabel(unit)
    axis.set_title(title, fontsize=10)


def draw(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw four panels into ``path`` (PNG): win rate and mean result by 财神 dealt, the 爆头 arms, 承包 payers;
    None without caishen rows."""
    rows = summary.filter(pl.col("study") == STUDY)
    if rows.is_empty():
        return None
    fig, axes = plt.subplots(2, 2, figsize=(canvas.MAX_WIDTH_IN, 7.5))
    axes = axes.ravel()
    labels = [f"{g.removeprefix('wilds=')} 张" for g in WILDS]
    _bars(axes[0], labels, *_values(rows, "win_rate", WILDS, 100), "%", "0 号位胡牌率（按起手财神数）")
    _bars(axes[1], labels, *_values(rows, "mean_result", WILDS), "底注/手", "0 号位每手输赢（按起手财神数）",
          "tab:green")
    gain = rows.filter(pl.col("name") == "baotou_gain")
    arms = [g for g in ARM_LABELS if rows.filter((pl.col("name") == "baotou_rate") & (pl.col("group") == g)).height]
    estimate, errors = _values(rows, "baotou_rate", arms, 100)
    _bars(axes[2], [ARM_LABELS[a] for a in arms], estimate, errors, "%", "0 号位爆头胡牌的手占比", "tab:orange")
    if gain.height:
        row = gain.row(0, named=True)
        axes[2].set_xlabel(f"等爆头 − 贪心（同一牌墙配对）：{row['estimate']:+.3f} 底注/手\n"
                           f"[{row['ci_low']:+.3f}, {row['ci_high']:+.3f}]", fontsize=9)
    shares = rows.filter(pl.col("name") == "chengbao_payer_share")
    payers = [g for g in PAYER_LABELS if shares.filter(pl.col("group") == g).height]
    estimate, errors = _values(rows, "chengbao_payer_share", payers, 100)
    _bars(axes[3], [PAYER_LABELS[g] for g in payers], estimate, errors, "% 的承包付款", "承包由谁付", "tab:red")
    axes[3].set_xlabel("庄家 / 闲家；下家、对家、上家相对胡家", fontsize=9)
    fig.suptitle("金华财神：起手财神、等爆头与承包（误差线为 95 % 区间）")
    return canvas.save(fig, path)
