"""Build report.md and a self-contained report.html for one run folder from its summary.parquet.

Everything comes from the summary file (statistics + run metadata), so ``mjrules-report DIR``
rebuilds the same report, figures included, without rerunning any simulation.
"""
from __future__ import annotations

from pathlib import Path

import polars as pl

from reports import figures, readings, section_sensitivity, tables
from reports.document import render_html, render_markdown
from reports.summary_io import SUMMARY_NAME, read_summary

TITLES = {
    "dealer_edge": "Dealer edge (庄家优势)",
    "huangzhuang": "荒庄 frequency",
    "thirteen_orphans": "十三幺: when does chasing pay?",
    "early_ting": "The cost of 上架-ing early",
}
#: Studies that build their own report section: study -> f(summary, figure path or None) -> blocks.
SECTIONS = {"sensitivity": section_sensitivity.section_blocks}
METHOD = ("Every interval is a 95 % interval: Student-t for means, Wilson for proportions. Arms of one study "
          "use the same seed, so they play the same walls and two-arm comparisons are paired differences "
          "(treatment − control, hand by hand). Money is in 底注 (base stake) per hand; n is the number of "
          "hands (or tenures) behind each estimate.")


def _rules_rows(meta: dict) -> list[list[str]]:
    try:
        from sim.rules import defaults

        default = defaults(meta.get("rules", {}).get("variant", "jincheng")).to_dict()
    except (ImportError, ValueError):
        default = {}
    return [[key, str(value), "" if default.get(key, value) == value else f"changed (default {default[key]})"]
            for key, value in meta.get("rules", {}).items()]


def _setup_blocks(meta: dict) -> list[tuple]:
    blocks = [("h2", "Setup"),
              ("p", f"Seat mix `{meta.get('seats_name', '?')}`: seat 0 (the studied seat) to seat 3 = "
                    + ", ".join(f"`{s}`" for s in meta.get("seats", [])) + ". The dealer seat is drawn "
                    "uniformly for each hand (in session mode it rotates by the rules)."),
              ("h3", "Rules"), ("table", ["rule", "value", "note"], _rules_rows(meta)),
              ("h3", "Simulated arms"),
              ("table", ["folder", "seats; rule overrides", "hands", "used by"],
               [[a["folder"], a["description"], f"{a['hands']:,}", ", ".join(a["used_by"])]
                for a in meta.get("arms", [])])]
    if meta.get("overrides"):
        blocks.insert(1, ("p", "Command-line overrides: " + " ".join(f"`{o}`" for o in meta["overrides"])))
    return blocks


def report_blocks(summary: pl.DataFrame, meta: dict, figure_paths: dict[str, Path]) -> list[tuple]:
    """Return the report's blocks: header, headline table, one section per study, setup."""
    run_facts = (f"Experiment `{meta.get('experiment', '?')}`, seed {meta.get('seed', '?')}, "
                 f"{meta.get('hands', 0):,} hands per arm ({meta.get('simulated_hands', 0):,} simulated in all), "
                 f"run time {meta.get('run_seconds', float('nan')):.1f} s, finished {meta.get('finished_utc', '?')}, "
                 f"rules variant {meta.get('rules', {}).get('variant', '?')}, seat mix "
                 f"`{meta.get('seats_name', '?')}`.")
    blocks = [("h1", f"mjrules report — {meta.get('experiment', 'run')}"), ("p", run_facts), ("p", METHOD),
              ("h2", "Headline"), ("table", tables.HEADER, tables.display_rows(tables.headline(summary)))]
    for study in summary["study"].unique(maintain_order=True).to_list():
        if study in SECTIONS:
            blocks += SECTIONS[study](summary, figure_paths.get(study))
            continue
        blocks += [("h2", TITLES.get(study, study)), ("p", readings.reading(summary, study))]
        if study in figure_paths:
            blocks.append(("figure", figure_paths[study], f"{TITLES.get(study, study)} (95 % intervals)"))
        blocks.append(("table", tables.HEADER, tables.display_rows(summary.filter(pl.col("study") == study))))
    return blocks + _setup_blocks(meta)


def build_report(run_dir: Path) -> Path:
    """Write figures/*.png, report.md and report.html into ``run_dir`` from its summary; return report.html."""
    run_dir = Path(run_dir)
    summary, meta = read_summary(run_dir / SUMMARY_NAME)
    figure_paths = figures.draw_figures(summary, run_dir / "figures")
    blocks = report_blocks(summary, meta, figure_paths)
    (run_dir / "report.md").write_text(render_markdown(blocks, run_dir), encoding="utf-8")
    html_path = run_dir / "report.html"
    html_path.write_text(render_html(blocks, f"mjrules report — {meta.get('experiment', 'run')}"), encoding="utf-8")
    return html_path
