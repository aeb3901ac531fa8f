"""The comparison report of a multirun: one table and figure across the runs of a sweep folder.

Reads ``*/summary.parquet`` under the sweep folder (one per Hydra job), labels each run by its
command-line overrides, and writes ``comparison.parquet`` (every statistic of every run, with a
``run`` column), ``figures/comparison.png``, ``comparison.md`` and a self-contained
``comparison.html``.
"""
from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from reports import tables  # noqa: E402
from reports.document import render_html, render_markdown  # noqa: E402
from reports.summary_io import SUMMARY_NAME, read_summary  # noqa: E402

MAX_PANELS = 6


def find_runs(sweep_dir: Path) -> list[Path]:
    """Return the run folders (direct subfolders holding summary.parquet) of a sweep, in job order."""
    runs = [p for p in Path(sweep_dir).iterdir() if p.is_dir() and (p / SUMMARY_NAME).is_file()]
    return sorted(runs, key=lambda p: (not p.name.isdigit(), int(p.name) if p.name.isdigit() else 0, p.name))


def collect(sweep_dir: Path) -> tuple[pl.DataFrame, list[dict]]:
    """Return (every run's summary rows with ``run`` = its label, the runs' metadata) of a sweep folder."""
    runs = find_runs(sweep_dir)
    if not runs:
        raise ValueError(f"no run folder with {SUMMARY_NAME} under {sweep_dir}")
    loaded = [(run, *read_summary(run / SUMMARY_NAME)) for run in runs]
    shared = set.intersection(*(set(meta.get("overrides") or []) for _, _, meta in loaded))
    frames, metas = [], []
    for run, summary, meta in loaded:
        label = " ".join(o for o in meta.get("overrides") or [] if o not in shared) or run.name
        metas.append({**meta, "label": label, "folder": run.name})
        frames.append(summary.with_columns(pl.lit(label).alias("run")))
    return pl.concat(frames), metas


def _cell(row: dict | None, name: str) -> str:
    if row is None:
        return "–"
    cells = tables.display_rows(pl.DataFrame([row]))[0]
    return f"{cells[3]} {cells[4]}" if cells[4] != "–" else cells[3]


def wide_table(long: pl.DataFrame, picked: pl.DataFrame, labels: list[str]) -> list[list[str]]:
    """Return one text row per (study, statistic, group) of ``picked`` with one 'estimate [CI]' cell per run."""
    rows = []
    keys = picked.select("study", "name", "group").unique(maintain_order=True)
    for key in keys.iter_rows(named=True):
        cells = [key["study"], key["name"], key["group"], tables.unit_of(key["name"])]
        for label in labels:
            match = long.filter((pl.col("run") == label) & (pl.col("study") == key["study"])
                                & (pl.col("name") == key["name"]) & (pl.col("group") == key["group"]))
            cells.append(_cell(match.row(0, named=True) if match.height else None, key["name"]))
        rows.append(cells)
    return rows


def separated(long: pl.DataFrame) -> pl.DataFrame:
    """Return the statistics whose 95 % intervals do not all overlap across runs (clear differences)."""
    spread = long.group_by("study", "name", "group", maintain_order=True).agg(
        pl.col("ci_low").max().alias("max_low"), pl.col("ci_high").min().alias("min_high"), pl.len().alias("runs"))
    keys = spread.filter((pl.col("runs") > 1) & (pl.col("max_low") > pl.col("min_high")))
    return long.join(keys.select("study", "name", "group"), on=["study", "name", "group"])


def draw(long: pl.DataFrame, picked: pl.DataFrame, labels: list[str], path: Path) -> Path | None:
    """Draw estimate ± 95 % interval per run for up to six headline statistics; return the PNG path."""
    keys = [k for k in picked.select("study", "name", "group").unique(maintain_order=True).iter_rows(named=True)
            if k["name"] != "pays_from_k"][:MAX_PANELS]
    if not keys:
        return None
    cols = min(3, len(keys))
    fig, axes = plt.subplots(math.ceil(len(keys) / cols), cols, figsize=(4.2 * cols, 3.4 * math.ceil(len(keys) / cols)),
                             squeeze=False)
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
        axis.set_xticks(range(len(labels)), [f"run {i}" for i in range(len(labels))])
        unit = {"%": "% of hands", "底注": "base stakes per hand"}.get(tables.unit_of(key["name"]),
                                                                       tables.unit_of(key["name"]))
        axis.set_ylabel(f"{key['name']} ({unit})", fontsize=8)
        axis.set_title(f"{key['study']}: {key['group']}", fontsize=9)
    for axis in axes.ravel()[len(keys):]:
        axis.set_visible(False)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def build_comparison(sweep_dir: Path) -> Path:
    """Write comparison.parquet, figures/comparison.png, comparison.md and comparison.html; return the HTML path."""
    sweep_dir = Path(sweep_dir)
    long, metas = collect(sweep_dir)
    labels = [m["label"] for m in metas]
    long.write_parquet(sweep_dir / "comparison.parquet")
    picked = tables.headline(long)
    figure = draw(long, picked, labels, sweep_dir / "figures" / "comparison.png")
    header = ["study", "statistic", "group", "unit"] + [f"run {i}" for i in range(len(labels))]
    blocks = [("h1", "mjrules comparison across a sweep"),
              ("p", f"{len(metas)} runs of experiment `{metas[0].get('experiment', '?')}`, seed "
                    f"{metas[0].get('seed', '?')}, {metas[0].get('hands', 0):,} hands per arm. Cells are estimate "
                    "[95 % interval]; rates in %, money in 底注 per hand. Runs use the same seed, so they play the "
                    "same walls."),
              ("table", ["run", "folder", "what differs", "all overrides", "run time (s)"],
               [[f"run {i}", m["folder"], m["label"], " ".join(m.get("overrides") or []),
                 f"{m.get('run_seconds', float('nan')):.1f}"] for i, m in enumerate(metas)]),
              ("h2", "Headline statistics"), ("table", header, wide_table(long, picked, labels))]
    if figure is not None:
        blocks.append(("figure", figure, "Headline statistics by run (95 % intervals)"))
    clear = separated(long)
    blocks += [("h2", "Statistics whose 95 % intervals do not overlap across runs"),
               ("table", header, wide_table(long, clear, labels)) if clear.height else
               ("p", "None: at this sample size no statistic separates the runs.")]
    (sweep_dir / "comparison.md").write_text(render_markdown(blocks, sweep_dir), encoding="utf-8")
    html_path = sweep_dir / "comparison.html"
    html_path.write_text(render_html(blocks, "mjrules comparison"), encoding="utf-8")
    return html_path
