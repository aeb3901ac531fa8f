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

from reports import canvas  # noqa: E402
from reports.variant_rows import CONTROL_PREFIX, STUDY, control_variant  # noqa: E402
from reports.win_labels import FEATURE_LABELS, SHAPE_LABELS, WIN_METHOD_LABELS, variant_label  # noqa: E402

#: Single-statistic panels: name -> (title, axis unit, display scale).
PANELS = {
    "huang_rate": ("荒庄率", "%", 100.0),
    "dealer_result": ("庄家每手输赢", "底注/手", 1.0),
    "dealer_win_rate": ("庄家胡牌率", "%", 100.0),
    "hand_draws": ("每手摸牌数", "张/手", 1.0),
    "volatility": ("一家每手输赢的标准差", "底注/手", 1.0),
}
#: Panels of the differences from the control: statistic -> (title, axis unit, display scale).
CONTROL_PANELS = {
    "huang_rate": ("荒庄率", "个百分点", 100.0),
    "dealer_result": ("庄家每手输赢", "底注/手", 1.0),
    "dealer_win_rate": ("庄家胡牌率", "个百分点", 100.0),
    "zimo_share": ("自摸占胡牌", "个百分点", 100.0),
    "dianhu_share": ("点炮胡占胡牌", "个百分点", 100.0),
    "hand_draws": ("每手摸牌数", "张/手", 1.0),
    "volatility": ("一家每手输赢的标准差", "底注/手", 1.0),
    "mean_multiplier": ("胡牌平均倍数", "倍", 1.0),
}
#: Shape bars shown per variant at most (the largest shares, regular wins left out).
TOP_SHAPES = 8


def _errors(rows: pl.DataFrame, scale: float) -> tuple[np.ndarray, np.ndarray]:
    estimate = rows["estimate"].fill_nan(None).fill_null(0).to_numpy() * scale
    low = rows["ci_low"].fill_nan(None).fill_null(0).to_numpy() * scale
    high = rows["ci_high"].fill_nan(None).fill_null(0).to_numpy() * scale
    return estimate, np.clip(np.vstack([estimate - low, high - estimate]), 0, None)


def _row(rows: pl.DataFrame, variant: str, name: str) -> dict | None:
    """Return the variant's summary row of statistic ``name`` (平胡 ``feature_pinghu``: the variant's regular-form
    wins, ``shape_regular``, when it records no 平胡 bit), or None when the variant has no such statistic."""
    picked = rows.filter((pl.col("group") == variant) & (pl.col("name") == name))
    if not picked.height and name == "feature_pinghu":
        picked = rows.filter((pl.col("group") == variant) & (pl.col("name") == "shape_regular"))
    return picked.row(0, named=True) if picked.height else None


def _grouped(axis, rows: pl.DataFrame, prefix: str, labels: dict, variants: list[str], names: list[str]) -> None:
    """Draw grouped bars: one group per statistic ``prefix + name``, one bar per variant (share of wins, %); a
    variant without the statistic gets no bar."""
    width = 0.8 / max(len(variants), 1)
    for i, variant in enumerate(variants):
        picked = [_row(rows, variant, prefix + n) for n in names]
        estimate = np.array([p["estimate"] * 100 if p else np.nan for p in picked], dtype=float)
        low = np.array([p["ci_low"] * 100 if p else np.nan for p in picked], dtype=float)
        high = np.array([p["ci_high"] * 100 if p else np.nan for p in picked], dtype=float)
        x = np.arange(len(names)) + (i - (len(variants) - 1) / 2) * width
        axis.bar(x, estimate, width, label=variant_label(variant))
        axis.errorbar(x, estimate, yerr=np.clip(np.vstack([estimate - low, high - estimate]), 0, None),
                      fmt="none", ecolor="black", capsize=2, lw=0.8)
    axis.set_xticks(np.arange(len(names)), [labels.get(n, n) for n in names])
    axis.set_ylabel("占胡牌的 %")
    axis.legend(fontsize=9)


def _shape_names(rows: pl.DataFrame) -> tuple[str, dict, list[str]]:
    """Return (name prefix, labels, names) of the shape bars: win features when recorded (平胡 first, counted for
    every variant), else the shape column."""
    features = rows.filter(pl.col("name").str.starts_with("feature_"))
    if features.height:
        ranked = (features.filter(pl.col("name") != "feature_pinghu").group_by("name").agg(pl.col("estimate").max())
                  .sort(["estimate", "name"], descending=True))
        names = ["pinghu"] + [n.removeprefix("feature_") for n in ranked["name"].head(TOP_SHAPES - 1).to_list()]
        return "feature_", {**FEATURE_LABELS, "pinghu": "平胡"}, names
    chosen = rows.filter(pl.col("name").str.starts_with("shape_") & (pl.col("name") != "shape_regular"))
    ranked = chosen.group_by("name").agg(pl.col("estimate").max()).sort(["estimate", "name"], descending=True)
    return "shape_", SHAPE_LABELS, [n.removeprefix("shape_") for n in ranked["name"].head(TOP_SHAPES).to_list()]


def control_path(path: Path) -> Path:
    """Return where ``comparison`` draws the differences from the control, beside its own figure ``path``."""
    path = Path(path)
    return path.with_name(f"{path.stem}_control{path.suffix or '.png'}")


def control_differences(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw each regional variant's difference from the control (``vs_control_<statistic>`` rows) into ``path``: one
    panel per statistic, one row per regional variant, the point its estimate and the bar its 95 % interval (filled
    when the interval excludes 0), a line at 0; None when the summary has no such rows."""
    rows = summary.filter((pl.col("study") == STUDY) & pl.col("name").str.starts_with(CONTROL_PREFIX))
    if rows.is_empty():
        return None
    variants = rows["group"].unique(maintain_order=True).to_list()
    names = [n for n in CONTROL_PANELS if rows.filter(pl.col("name") == CONTROL_PREFIX + n).height]
    control = control_variant(summary)
    control_name = variant_label(control) if control else "对照"
    columns = min(4, len(names))
    lines = -(-len(names) // columns)
    fig, axes = plt.subplots(lines, columns, figsize=(canvas.MAX_WIDTH_IN, 0.6 + lines * (0.9 + 0.42 * len(variants))),
                             squeeze=False, sharey=True)
    y = np.arange(len(variants))[::-1]
    for axis, name in zip(axes.flat, names):
        title, unit, scale = CONTROL_PANELS[name]
        for position, variant in zip(y, variants):
            picked = rows.filter((pl.col("group") == variant) & (pl.col("name") == CONTROL_PREFIX + name))
            if not picked.height:
                continue
            row = picked.row(0, named=True)
            estimate, low, high = (scale * row[k] for k in ("estimate", "ci_low", "ci_high"))
            clear = bool(np.isfinite(low) and (low > 0 or high < 0))
            if np.isfinite(low):
                axis.errorbar([estimate], [position], xerr=[[max(estimate - low, 0)], [max(high - estimate, 0)]],
                              fmt="o", color="tab:red" if clear else "tab:gray", mfc=None if clear else "white",
                              capsize=3, lw=1.2)
            else:
                axis.plot([estimate], [position], "o", color="tab:gray", mfc="white")
        axis.axvline(0, color="black", lw=0.6)
        axis.set_title(title, fontsize=9)
        axis.set_xlabel(unit, fontsize=8)
        axis.tick_params(labelsize=8)
        axis.set_yticks(y, [variant_label(v) for v in variants])
        axis.set_ylim(-0.6, len(variants) - 0.4)
    for axis in list(axes.flat)[len(names):]:
        axis.set_visible(False)
    fig.suptitle(f"各地规则 − {control_name}（对照）：点为差，线为 95 % 区间（实心红点：区间不含 0）", fontsize=10)
    return canvas.save(fig, path)


def comparison(summary: pl.DataFrame, path: Path) -> Path | None:
    """Draw the variants side by side into ``path`` (PNG), and their differences from the control into
    ``control_path(path)`` when the summary has them; None when the summary has no variants rows."""
    control_differences(summary, control_path(path))
    rows = summary.filter((pl.col("study") == STUDY) & ~pl.col("name").str.starts_with(CONTROL_PREFIX))
    if rows.is_empty():
        return None
    variants = rows["group"].unique(maintain_order=True).to_list()
    fig = plt.figure(figsize=(canvas.MAX_WIDTH_IN, 11.5))
    grid = fig.add_gridspec(4, 6)
    panels = [fig.add_subplot(grid[r, c:c + 2]) for r in range(2) for c in (0, 2, 4)]
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
    methods = panels[5]
    _grouped(methods, rows, "", {f"{m}_share": label for m, label in WIN_METHOD_LABELS.items()}, variants,
             [f"{m}_share" for m in WIN_METHOD_LABELS])
    methods.set_title("胡牌方式（占胡牌）", fontsize=10)
    prefix, shape_labels, names = _shape_names(rows)
    if prefix == "feature_":  # 平胡 on its own axis: most wins, it would flatten every other bar
        pinghu, shapes = fig.add_subplot(grid[2:, 0]), fig.add_subplot(grid[2:, 1:])
        _grouped(pinghu, rows, prefix, shape_labels, variants, names[:1])
        pinghu.get_legend().remove()
        pinghu.set_title("平胡：普通型（四组一对）", fontsize=10)
        names = names[1:]
    else:
        shapes = fig.add_subplot(grid[2:, :])
    _grouped(shapes, rows, prefix, shape_labels, variants, names)
    shapes.tick_params(axis="x", labelrotation=30)
    for label in shapes.get_xticklabels():
        label.set_horizontalalignment("right")
    shapes.set_title("其他牌型（占胡牌，按胡牌特征）" if prefix == "feature_" else "牌型（占胡牌，普通胡除外）",
                     fontsize=10)
    unrecorded = [variant_label(v) for v in variants
                  if not rows.filter((pl.col("group") == v) & pl.col("name").str.starts_with("feature_")).height]
    if unrecorded and prefix == "feature_":
        shapes.set_xlabel("未记录胡牌特征（只有平胡柱）：" + "、".join(unrecorded), fontsize=9)
    fig.suptitle("各规则变体并排（每个变体各自的默认规则，误差线为各自的 95 % 区间，不逐手配对）", fontsize=11)
    return canvas.save(fig, path)
