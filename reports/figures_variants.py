"""The variants study's comparison figure: one panel per statistic, one bar per variant, 95 % intervals as
error bars (each variant's own interval: variants are different games, nothing is paired across them).

Drawn from the summary rows alone (study ``variants``, group = variant); call it through
``reports.sections.draw_figures``, which sets the CJK font.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from reports.win_labels import FEATURE_LABELS, SHAPE_LABELS, WIN_METHOD_LABELS, variant_label  # noqa: E402

STUDY = "variants"
#: Single-statistic panels: name -> (title, axis unit, display scale).
PANELS = {
    "huang_rate": ("荒庄率", "%", 100.0),
    "dealer_result": ("庄家每手输赢", "底注/手", 1.0),
    "dealer_win_rate": ("庄家胡牌率", "%", 100.0),
    "hand_draws": ("每手摸牌数", "张", 1.0),
    "volatility": ("一家每手输赢的标准差", "底注", 1.0),
}
#: Shape bars shown per variant at most (the largest shares, regular wins left out).
TOP_SHAPES = 8


def _errors(rows: pl.DataFrame, scale: float) -> tuple[np.ndarray, np.ndarray]:
    estimate = rows["estimate"].fill_nan(None).fill_null(0).to_numpy() * scale
    low = rows["ci_low"].fill_nan(None).fill_null(0).to_numpy() * scale
    high = rows["ci_high"].fill_nan(None).fill_null(0).to_numpy() * scale
    return estimate, np.clip(np.vstack([estimate - low, high - estimate]), 0, None)


def _grouped(axis, rows: pl.DataFrame, prefix: str, labels: dict, variants: list[str], names: list[str]) -> None:
    """Draw grouped bars: one group per statistic ``prefix + name``, one bar per variant (share of wins, %)."""
    width = 0.8 / max(len(variants), 1)
    for i, variant in enumerate(variants):
        picked = [rows.filter((pl.col("group") == variant) & (pl.col("name") == prefix + n)) for n in names]
        estimate = np.array([p["estimate"][0] * 100 if p.height else np.nan for p in picked])
        low = np.array([p["ci_low"][0] * 100 if p.height else np.nan for p in picked])
        high = np.array([p["ci_high"][0] * 100 if p.height else np.nan for p in picked])
        x = np.arange(len(names)) + (i - (len(variants) - 1) / 2) * width
        axis.bar(x, np.nan_to_num(estimate), width, label=variant_label(variant))
        axis.errorbar(x, np.nan_to_num(estimate), yerr=np.nan_to_num(np.clip(
            np.vstack([estimate - low, high - estimate]), 0, None)), fmt="none", ecolor="black", capsize=2, lw=0.8)
    axis.set_xticks(np.arange(len(names)), [labels.get(n, n) for n in names], fontsize=8, rotation=30)
    axis.set_ylabel("占胡牌的 %")
    axis.legend(fontsize=8)


def _shape_names(rows: pl.DataFrame) -> tuple[str, dict, list[str]]:
    """Return (name prefix, labels, names) of the shape bars: win features when recorded, else the shape column."""
    features = rows.filter(pl.col("name").str.starts_with("feature_"))
    prefix, labels, chosen = ("feature_", FEATURE_LABELS, features) if features.height else \
        ("shape_", SHAPE_LABELS, rows.filter(pl.col("name").str.starts_with("shape_")
                                             & (pl.col("name") != "shape_regular")))
    ranked = chosen.group_by("name").agg(pl.col("estimate").max()).sort(["estimate", "name"], descending=True)
    return prefix, labels, [n.removeprefix(prefix) for n in ranked["name"].head(TOP_SHAPES).to_list()]


def comparison(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the variants side by side into ``path`` (PNG); None when the summary has no variants rows."""
    rows = summary.filter(pl.col("study") == STUDY)
    if rows.is_empty():
        return None
    variants = rows["group"].unique(maintain_order=True).to_list()
    labels = [variant_label(v) for v in variants]
    fig, axes = plt.subplots(2, 4, figsize=(16, 8.5))
    panels = axes.ravel()
    for axis, (name, (title, unit, scale)) in zip(panels, PANELS.items()):
        picked = pl.concat([rows.filter((pl.col("group") == v) & (pl.col("name") == name)) for v in variants])
        estimate, error = _errors(picked, scale)
        x = np.arange(picked.height)
        axis.bar(x, estimate, color="tab:blue")
        axis.errorbar(x, estimate, yerr=error, fmt="none", ecolor="black", capsize=3, lw=0.8)
        axis.set_xticks(x, [variant_label(v) for v in picked["group"].to_list()])
        axis.axhline(0, color="black", lw=0.5)
        axis.set_title(title, fontsize=10)
        axis.set_ylabel(unit)
    _grouped(panels[5], rows, "", {f"{m}_share": label for m, label in WIN_METHOD_LABELS.items()}, variants,
             [f"{m}_share" for m in WIN_METHOD_LABELS])
    panels[5].set_title("胡牌方式（占胡牌）", fontsize=10)
    prefix, shape_labels, names = _shape_names(rows)
    _grouped(panels[6], rows, prefix, shape_labels, variants, names)
    panels[6].set_title("牌型（占胡牌）" + ("，按胡牌特征" if prefix == "feature_" else "，普通胡除外"), fontsize=10)
    unrecorded = [variant_label(v) for v in variants
                  if not rows.filter((pl.col("group") == v) & pl.col("name").str.starts_with("feature_")).height]
    notes = ["变体：" + "、".join(labels), "每个变体按各自默认规则，同一座位组合、同一种子",
             "误差线：各变体自己的 95 % 区间", "不同变体是不同的游戏，不做逐手配对"]
    if unrecorded and prefix == "feature_":
        notes.append("未记录胡牌特征（牌型图中无柱）：" + "、".join(unrecorded))
    panels[7].axis("off")
    panels[7].text(0.02, 0.9, "\n".join(notes), fontsize=10, va="top")
    fig.suptitle("各规则变体并排：主要统计量（各自的 95 % 区间）")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
