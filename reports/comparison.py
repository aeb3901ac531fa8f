"""The comparison report of a multirun, or of run folders made separately: one table and figure across the runs.

Reads ``*/summary.parquet`` under the sweep folder (one per Hydra job), or the given run folders
(``mjrules-report A B``), labels each run by its command-line overrides, and writes
``comparison.parquet`` (every statistic of every run, with a ``run`` column),
``comparison_differences.parquet`` (each headline statistic of each run minus the first run, paired
hand by hand where the runs played the same walls and their hand records are present: ``reports.pairing``),
``figures/comparison.png``, ``comparison.md`` and a self-contained ``comparison.html``.
"""
from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from reports import canvas, pairing, stats, tables  # noqa: E402
from reports.fonts import figure_style  # noqa: E402
from reports.document import render_html, render_markdown  # noqa: E402
from reports.summary_io import SUMMARY_NAME, read_summary  # noqa: E402

MAX_PANELS = 6


def find_runs(sweep_dir: Path) -> list[Path]:
    """Return the run folders (direct subfolders holding summary.parquet) of a sweep, in job order."""
    runs = [p for p in Path(sweep_dir).iterdir() if p.is_dir() and (p / SUMMARY_NAME).is_file()]
    return sorted(runs, key=lambda p: (not p.name.isdigit(), int(p.name) if p.name.isdigit() else 0, p.name))


def collect(sweep_dir: Path, runs: list[Path] | None = None) -> tuple[pl.DataFrame, list[dict]]:
    """Return (every run's summary rows with ``run`` = its label, the runs' metadata) of a sweep folder, or of the
    run folders ``runs`` (made separately) when given. Each metadata dict gains ``differs`` (the run's overrides
    that the others do not share), ``label`` (in a sweep those overrides, else the folder's name; run folders made
    separately go by their folders' names), ``folder`` (that name) and ``path`` (the folder)."""
    separate = runs is not None
    runs = find_runs(sweep_dir) if runs is None else [Path(run) for run in runs]
    if not runs:
        raise ValueError(f"no run folder with {SUMMARY_NAME} under {sweep_dir}")
    loaded = [(run, *read_summary(run / SUMMARY_NAME)) for run in runs]
    shared = set.intersection(*(set(meta.get("overrides") or []) for _, _, meta in loaded))
    differs = [" ".join(o for o in meta.get("overrides") or [] if o not in shared) for _, _, meta in loaded]
    labels = [d or run.name for d, run in zip(differs, runs)]
    if separate or len(set(labels)) < len(labels):  # runs made apart (or with one command): named by their folders
        labels = folder_labels(runs)
    frames, metas = [], []
    for (run, summary, meta), label, differ in zip(loaded, labels, differs):
        metas.append({**meta, "label": label, "differs": differ or "–", "folder": run.name, "path": str(run)})
        frames.append(summary.with_columns(pl.lit(label).alias("run")))
    return pl.concat(frames, how="diagonal_relaxed"), metas


def folder_labels(runs: list[Path]) -> list[str]:
    """Return distinct labels of run folders: their names, with as many parent folders as it takes to tell them
    apart (their positions when even the full paths coincide)."""
    parts = [Path(run).resolve().parts for run in runs]
    for depth in range(1, max(len(p) for p in parts) + 1):
        labels = ["/".join(p[-depth:]) for p in parts]
        if len(set(labels)) == len(labels):
            return labels
    return [f"{i}: {label}" for i, label in enumerate(labels)]


def _cell(row: dict | None, run_rows: pl.DataFrame) -> str:
    """Return a run's cell of a statistic: 'estimate [95 % interval]' as the run's own report writes it (a question
    answered "never" says so, not "无数据"), '–' when the run has no such statistic."""
    if row is None:
        return "–"
    answer = tables.never_pays(run_rows, row)
    if answer is not None:
        return answer[0]
    cells = tables.display_rows(pl.DataFrame([row], schema=run_rows.schema))[0]
    return f"{cells[3]} {cells[4]}" if cells[4] != "–" else cells[3]


def key_cells(key: dict) -> list[str]:
    """Return the first cells of a comparison row: study in words, statistic (code font), meaning, group in words."""
    return [tables.study_label(key["study"]), f"`{key['name']}`", tables.meaning(key["name"]),
            tables.group_label(key["group"])]


def wide_table(long: pl.DataFrame, picked: pl.DataFrame, labels: list[str]) -> list[list[str]]:
    """Return one text row per (study, statistic, group) of ``picked`` with one 'estimate [CI]' cell per run."""
    rows = []
    keys = picked.select("study", "name", "group").unique(maintain_order=True)
    for key in keys.iter_rows(named=True):
        cells = key_cells(key) + [tables.unit_label(key["name"])]
        for label in labels:
            run_rows = long.filter(pl.col("run") == label)
            match = run_rows.filter((pl.col("study") == key["study"]) & (pl.col("name") == key["name"])
                                    & (pl.col("group") == key["group"]))
            cells.append(_cell(match.row(0, named=True) if match.height else None, run_rows))
        rows.append(cells)
    return rows


def differences(long: pl.DataFrame, picked: pl.DataFrame, metas: list[dict]) -> pl.DataFrame:
    """Return each picked statistic of each run after the first minus the first run's, with its 95 % interval.

    Columns: study, name, group, run (label), estimate, se, ci_low, ci_high, n, paired (True when the
    difference is the mean of per-hand differences over the hands both runs played)."""
    rows = []
    keys = picked.select("study", "name", "group").unique(maintain_order=True)
    base_label = metas[0]["label"]
    for key in keys.iter_rows(named=True):
        at = long.filter((pl.col("study") == key["study"]) & (pl.col("name") == key["name"])
                         & (pl.col("group") == key["group"]))
        base = at.filter(pl.col("run") == base_label)
        if base.is_empty() or key["name"] == "pays_from_k":
            continue
        base_run = (Path(metas[0]["path"]), metas[0], base.row(0, named=True))
        for meta in metas[1:]:
            other = at.filter(pl.col("run") == meta["label"])
            if other.is_empty():
                continue
            estimate, paired = pairing.difference(base_run, (Path(meta["path"]), meta, other.row(0, named=True)),
                                                  (key["study"], key["name"], key["group"]))
            rows.append({**estimate.row(key["study"], key["name"], key["group"]), "run": meta["label"],
                         "paired": paired})
    schema = {**stats.SUMMARY_SCHEMA, "run": pl.String, "paired": pl.Boolean}
    return pl.DataFrame(rows, schema=schema) if rows else pl.DataFrame(schema=schema)


def clear_differences(diffs: pl.DataFrame) -> pl.DataFrame:
    """Return the difference rows whose 95 % interval excludes 0."""
    return diffs.filter((pl.col("ci_low") > 0) | (pl.col("ci_high") < 0))


def difference_table(diffs: pl.DataFrame, metas: list[dict]) -> list[list[str]]:
    """Return one text row per statistic: unit (pp for rates) and, per later run, 'd [low, high] paired|unpaired'."""
    rows = []
    for key in diffs.select("study", "name", "group").unique(maintain_order=True).iter_rows(named=True):
        at = diffs.filter((pl.col("study") == key["study"]) & (pl.col("name") == key["name"])
                          & (pl.col("group") == key["group"]))
        unit = tables.unit_label("diff_" + key["name"])  # the wide table's unit; rates in 百分点
        cells = key_cells(key) + [unit]
        for meta in metas[1:]:
            match = at.filter(pl.col("run") == meta["label"])
            if match.is_empty():
                cells.append("–")
                continue
            r = match.row(0, named=True)
            shown = tables.display_rows(match.with_columns(pl.lit("diff_" + key["name"]).alias("name")))[0]
            mark = " *" if r["ci_low"] > 0 or r["ci_high"] < 0 else ""
            cells.append(f"{shown[3]} {shown[4]}{mark} ({'配对' if r['paired'] else '不配对'}, n={r['n']:,})")
        rows.append(cells)
    return rows


def draw(long: pl.DataFrame, picked: pl.DataFrame, labels: list[str], path: Path) -> Path | None:
    """Draw estimate ± 95 % interval per run for up to six headline statistics; return the PNG path."""
    keys = [k for k in picked.select("study", "name", "group").unique(maintain_order=True).iter_rows(named=True)
            if k["name"] != "pays_from_k"][:MAX_PANELS]
    if not keys:
        return None
    with matplotlib.rc_context(figure_style()):
        return _draw_panels(long, keys, labels, path)


def short_label(label: str) -> str:
    """Return a run's label as its axis tick shows it: the overrides without their group prefix
    (``rules.houbao_units=1`` -> ``houbao_units=1``), one per line."""
    return "\n".join(o.split(".", 1)[1] if o.split("=", 1)[0].count(".") == 1 and o.startswith(("rules.",
                      "experiment.", "seats.")) else o for o in label.split())


def panel_title(key: dict) -> str:
    """Return the Chinese title of a statistic's panel: its meaning and its group in words."""
    return f"{tables.meaning(key['name']) or key['name']}（{tables.group_label(key['group'])}）"


def _draw_panels(long: pl.DataFrame, keys: list[dict], labels: list[str], path: Path) -> Path:
    cols = min(2, len(keys))
    lines = math.ceil(len(keys) / cols)
    fig, axes = plt.subplots(lines, cols, figsize=(canvas.MAX_WIDTH_IN, 3.4 * lines), squeeze=False)
    for axis, key in zip(axes.ravel(), keys):
        rows = long.filter((pl.col("study") == key["study"]) & (pl.col("name") == key["name"])
                           & (pl.col("group") == key["group"]))
        scale = 100 if tables.unit_of(key["name"]) == "%" else 1
        for i, label in enumerate(labels):
            row = rows.filter(pl.col("run") == label)
            if row.height:
                r = row.row(0, named=True)
                low = 0 if r["ci_low"] is None or math.isnan(r["ci_low"]) else r["estimate"] - r["ci_low"]
                high = 0 if r["ci_high"] is None or math.isnan(r["ci_high"]) else r["ci_high"] - r["estimate"]
                axis.errorbar([i], [r["estimate"] * scale], yerr=[[low * scale], [high * scale]], fmt="o", capsize=4)
        axis.set_xticks(range(len(labels)), [short_label(label) for label in labels], fontsize=9)
        axis.set_xlim(-0.5, len(labels) - 0.5)
        axis.set_ylabel(tables.unit_label(key["name"]), fontsize=9)
        axis.set_title(panel_title(key), fontsize=10)
    for axis in axes.ravel()[len(keys):]:
        axis.set_visible(False)
    return canvas.save(fig, path)


def draw_differences(diffs: pl.DataFrame, metas: list[dict], path: Path) -> Path | None:
    """Draw one row per statistic: each later run's difference to run 0 with its 95 % interval and a line at 0.

    Rates are in percentage points, other statistics in their own unit; a filled marker is a paired
    difference, an open one unpaired. Return the PNG path (None when there is nothing to draw)."""
    keys = diffs.select("study", "name", "group").unique(maintain_order=True).to_dicts()
    if not keys:
        return None
    with matplotlib.rc_context(figure_style()):
        height = 0.4 + (0.75 + 0.35 * len(metas)) * len(keys)
        fig, axes = plt.subplots(len(keys), 1, figsize=(canvas.MAX_WIDTH_IN, height), squeeze=False)
        for axis, key in zip(axes[:, 0], keys):
            rows = diffs.filter((pl.col("study") == key["study"]) & (pl.col("name") == key["name"])
                                & (pl.col("group") == key["group"]))
            rate = tables.unit_of(key["name"]) == "%"
            scale = 100 if rate else 1
            for i, meta in enumerate(metas[1:], start=1):
                match = rows.filter(pl.col("run") == meta["label"])
                if match.is_empty():
                    continue
                r = match.row(0, named=True)
                low = 0 if math.isnan(r["ci_low"]) else r["estimate"] - r["ci_low"]
                high = 0 if math.isnan(r["ci_high"]) else r["ci_high"] - r["estimate"]
                axis.errorbar([r["estimate"] * scale], [i], xerr=[[low * scale], [high * scale]], fmt="o", capsize=3,
                              color="C0", markerfacecolor="C0" if r["paired"] else "white")
            axis.axvline(0, color="black", lw=0.6)
            axis.set_yticks(range(1, len(metas)), [f"{short_label(m['label'])} − {short_label(metas[0]['label'])}"
                                                   .replace("\n", " ") for m in metas[1:]], fontsize=9)
            axis.set_ylim(0.5, len(metas) - 0.5)
            unit = "百分点" if rate else tables.unit_label(key["name"])
            axis.set_title(f"{panel_title(key)}，{unit}", fontsize=10, loc="left")
            axis.tick_params(axis="x", labelsize=9)
        return canvas.save(fig, path)


def pairings(diffs: pl.DataFrame, metas: list[dict]) -> list[pairing.RunPairing]:
    """Return how each later run's differences to run 0 were taken (paired on shared walls or not), in run order."""
    return [pairing.run_pairing(diffs, metas[0], meta) for meta in metas[1:]]


def _intro(metas: list[dict], separate: bool) -> str:
    """Return the report's opening sentence: what was compared, the seeds and sizes."""
    experiments = sorted({str(m.get("experiment", "?")) for m in metas})
    seeds = sorted({str(m.get("seed", "?")) for m in metas})
    hands = sorted({int(m.get("hands", 0)) for m in metas})
    what = "分别运行的" if separate else "一次扫描的"
    return (f"{what} {len(metas)} 次运行，实验 {'、'.join(f'`{e}`' for e in experiments)}，"
            f"种子 {'、'.join(seeds)}，每臂 {'、'.join(f'{h:,}' for h in hands)} 手。"
            "格中为估计 [95 % 区间]；率用 %，钱用底注/手。")


def build_comparison(sweep_dir: Path, runs: list[Path] | None = None) -> Path:
    """Write comparison.parquet, comparison_differences.parquet, figures/comparison*.png, comparison.md and
    comparison.html into ``sweep_dir``; return the HTML path. The runs are the sweep's run folders, or ``runs``
    (folders made separately, run 0 first) when given."""
    sweep_dir = Path(sweep_dir)
    long, metas = collect(sweep_dir, runs)
    sweep_dir.mkdir(parents=True, exist_ok=True)
    labels = [m["label"] for m in metas]
    long.write_parquet(sweep_dir / "comparison.parquet")
    picked = tables.headline(long)
    figure = draw(long, picked, labels, sweep_dir / "figures" / "comparison.png")
    header = ["研究", "统计量", "含义", "分组", "单位"] + [f"run {i}（{short_label(label)}）".replace("\n", " ")
                                                       for i, label in enumerate(labels)]
    diffs = differences(long, picked, metas)
    diffs.write_parquet(sweep_dir / "comparison_differences.parquet")
    paired = pairings(diffs, metas)
    blocks = [("h1", "mjrules 多次运行对比"),
              ("p", _intro(metas, runs is not None)),
              ("table", ["run", "目录", "不同之处", "种子", "每臂手数", "全部覆盖", "用时（秒）"],
               [[f"run {i}", m["path"] if runs is not None else m["folder"], m["differs"], str(m.get("seed", "?")),
                 f"{m.get('hands', 0):,}", " ".join(m.get("overrides") or []),
                 f"{m.get('run_seconds', float('nan')):.1f}"] for i, m in enumerate(metas)]),
              ("h2", "各 run 的主要统计量"), ("table", header, wide_table(long, picked, labels))]
    if figure is not None:
        blocks.append(("figure", figure, "各 run 的主要统计量（误差线为 95 % 区间）"))
    diff_header = ["研究", "统计量", "含义", "分组", "单位"] + [f"run {i} − run 0" for i in range(1, len(labels))]
    unpaired_note = ("" if diffs.is_empty() or diffs["paired"].all() else
                     "标“不配对”的行没有同一批牌墙的逐手记录（种子不同、hands/ 目录缺失或发牌不同）或不是逐手均值，"
                     "按两次独立估计相减，区间偏宽。")
    clear_keys = clear_differences(diffs).select("study", "name", "group").unique()
    clear = diffs.join(clear_keys, on=["study", "name", "group"], maintain_order="left")
    all_paired = bool(paired) and all(p.paired for p in paired)
    blocks += [("h2", "与 run 0 的差（同一牌墙逐手配对）" if all_paired else "与 run 0 的差"),
               ("p", "每格是“该 run − run 0”的估计 [95 % 区间]；率的差以百分点计。同一种子的 run 第 i 手牌墙相同，"
                     "按手配对相减，区间比两个单独区间窄得多。* 表示区间不含 0。" + unpaired_note),
               ("p", " ".join(f"run {i} − run 0：{p.words}" for i, p in enumerate(paired, start=1))),
               ("table", diff_header, difference_table(diffs, metas)) if diffs.height else
               ("p", "只有一个 run，或没有可比较的统计量。")]
    diff_figure = draw_differences(diffs, metas, sweep_dir / "figures" / "comparison_differences.png")
    if diff_figure is not None:
        blocks.append(("figure", diff_figure, "各 run 与 run 0 的差（95 % 区间；实心为配对差）"))
    blocks += [
               ("h2", "区间不含 0 的差"),
               ("table", diff_header, difference_table(clear, metas)) if clear.height else
               ("p", "没有：在这个样本量下，没有哪个主要统计量在 run 之间有可分辨的差。")]
    (sweep_dir / "comparison.md").write_text(render_markdown(blocks, sweep_dir), encoding="utf-8")
    html_path = sweep_dir / "comparison.html"
    html_path.write_text(render_html(blocks, "mjrules 多次运行对比"), encoding="utf-8")
    return html_path
