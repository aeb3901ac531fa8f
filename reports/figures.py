"""Figures of a run, drawn from its summary rows alone (matplotlib, PNG).

One figure per study; every axis is labelled with its unit and every estimate carries its 95 %
interval as an error bar. Labels are ASCII (pinyin) so no CJK font is needed.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from reports import figures_sensitivity  # noqa: E402

POSITION_LABELS = {"dealer": "dealer\n(zhuang)", "xiajia": "xiajia\n(next)",
                   "duijia": "duijia\n(opposite)", "shangjia": "shangjia\n(previous)"}
COMPONENT_LABELS = {"win": "win", "kong": "kong", "qianbao": "qianbao (fore)",
                    "houbao": "houbao (huang)", "total": "total"}


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
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def dealer_edge(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw mean money per hand by position and component, and win rate by position."""
    positions = list(POSITION_LABELS)
    if _rows(summary, "dealer_edge", "result_total").is_empty():
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), gridspec_kw={"width_ratios": [2.2, 1]})
    width = 0.8 / len(COMPONENT_LABELS)
    x = np.arange(len(positions))
    for i, (component, label) in enumerate(COMPONENT_LABELS.items()):
        rows = _rows(summary, "dealer_edge", f"result_{component}")
        rows = rows.join(pl.DataFrame({"group": positions, "order": range(4)}), on="group").sort("order")
        left.bar(x[rows["order"].to_numpy()] + (i - 2) * width, rows["estimate"], width, yerr=_yerr(rows),
                 capsize=2, label=label)
    left.axhline(0, color="black", lw=0.6)
    left.set_xticks(x, [POSITION_LABELS[p] for p in positions])
    left.set_ylabel("mean result per hand (base stakes)")
    left.set_title("Money by position relative to the dealer")
    left.legend(fontsize=8, ncols=2)
    rows = _rows(summary, "dealer_edge", "win_rate")
    rows = rows.join(pl.DataFrame({"group": positions, "order": range(4)}), on="group").sort("order")
    right.bar(rows["order"].to_numpy(), rows["estimate"] * 100, yerr=_yerr(rows, 100), capsize=3, color="tab:green")
    right.set_xticks(x, [POSITION_LABELS[p] for p in positions], fontsize=8)
    right.set_ylabel("win rate (% of hands)")
    right.set_title("Win rate by position")
    return _save(fig, path)


def huangzhuang(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the 荒庄 rate against the 荒 stacks (one line per pong policy) and by kongs."""
    sweep = _rows(summary, "huangzhuang", "huang_rate_sweep")
    by_kongs = _rows(summary, "huangzhuang", "huang_rate").filter(pl.col("group") != "all")
    if sweep.is_empty() and by_kongs.is_empty():
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    if not sweep.is_empty():
        cells = sweep.with_columns(
            pl.col("group").map_elements(lambda g: int(parse_group(g)["stacks"]), return_dtype=pl.Int64).alias("x"),
            pl.col("group").map_elements(lambda g: parse_group(g)["pong"], return_dtype=pl.String).alias("pong"))
        for pong in cells["pong"].unique(maintain_order=True):
            line = cells.filter(pl.col("pong") == pong).sort("x")
            left.errorbar(line["x"], line["estimate"] * 100, yerr=_yerr(line, 100), marker="o", capsize=3,
                          label=f"greedy, pong={pong}")
        left.set_xticks(sorted(cells["x"].unique().to_list()))
        left.legend(fontsize=8)
    left.set_xlabel("huang stacks at the tail (2 tiles each)")
    left.set_ylabel("huangzhuang rate (% of hands)")
    left.set_title("Exhaustive-draw rate vs huang stacks")
    if not by_kongs.is_empty():
        right.bar(range(by_kongs.height), by_kongs["estimate"] * 100, yerr=_yerr(by_kongs, 100), capsize=3,
                  color="tab:orange")
        right.set_xticks(range(by_kongs.height), by_kongs["group"].to_list())
    right.set_xlabel("kongs declared in the hand")
    right.set_ylabel("huangzhuang rate (% of hands)")
    right.set_title("Rate by number of kongs (seat mix)")
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
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for offset, setting in zip((-0.08, 0.08), ("on", "off")):
        for axis, frame, scale in ((left, completion, 100), (right, gain, 1)):
            line = frame.filter(pl.col("shi_qiang") == setting).sort("k")
            if not line.is_empty():
                axis.errorbar(line["k"] + offset, line["estimate"] * scale, yerr=_yerr(line, scale), marker="o",
                              capsize=3, label=f"shi/qiang {setting}")
    left.set_ylabel("thirteen-orphans completion (% of hands)")
    left.set_title("Completion rate when chasing")
    right.axhline(0, color="black", lw=0.6)
    right.set_ylabel("chase - greedy, seat 0 (base stakes per hand)")
    right.set_title("Paired gain of chasing (same walls)")
    for axis in (left, right):
        axis.set_xticks(sorted(completion["k"].unique().to_list()))
        axis.set_xlabel("distinct terminal/honour kinds dealt to seat 0 (k)")
        axis.legend(fontsize=8)
    return _save(fig, path)


def early_ting(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the paired differences selective − early against the live-wait threshold."""
    panels = (("diff_mean_result", "base stakes per hand", 1),
              ("diff_win_rate", "percentage points", 100),
              ("diff_dianpao_paid", "base stakes paid per hand", 1),
              ("diff_ting_turn", "own turns (shangjia turn)", 1))
    if _rows(summary, "early_ting", panels[0][0]).is_empty():
        return None
    fig, axes = plt.subplots(2, 2, figsize=(10, 7))
    for axis, (name, unit, scale) in zip(axes.ravel(), panels):
        rows = _rows(summary, "early_ting", name).with_columns(
            pl.col("group").map_elements(lambda g: int(parse_group(g)["t"]), return_dtype=pl.Int64).alias("t")
        ).sort("t")
        axis.errorbar(rows["t"], rows["estimate"] * scale, yerr=_yerr(rows, scale), marker="o", capsize=3)
        axis.axhline(0, color="black", lw=0.6)
        axis.set_xticks(rows["t"].to_list())
        axis.set_xlabel("selective_ting min_live_waits (t)")
        axis.set_ylabel(unit, fontsize=9)
        axis.set_title(f"selective - early: {name.removeprefix('diff_').replace('_', ' ')}", fontsize=10)
    fig.suptitle("Cost of declaring ready (shangjia) at the first tenpai, seat 0, paired")
    return _save(fig, path)


PLOTTERS = {"dealer_edge": dealer_edge, "huangzhuang": huangzhuang,
            "thirteen_orphans": thirteen_orphans, "early_ting": early_ting,
            "sensitivity": figures_sensitivity.tornado}


def draw_figures(summary: pl.DataFrame, figures_dir: Path) -> dict[str, Path]:
    """Draw every study's figure present in ``summary`` into ``figures_dir``; return {study: png path}."""
    figures_dir = Path(figures_dir)
    figures_dir.mkdir(parents=True, exist_ok=True)
    drawn = {}
    for study in summary["study"].unique(maintain_order=True).to_list():
        if study in PLOTTERS:
            path = PLOTTERS[study](summary, figures_dir / f"{study}.png")
            if path is not None:
                drawn[study] = path
    return drawn
