"""``mjrules-report``: rebuild a run's report, a sweep's comparison, or compare run folders made separately.

``mjrules-report DIR`` with DIR holding ``summary.parquet`` → figures/, report.md, report.html (and summary.csv,
summary.xlsx); DIR holding run folders with summaries (a Hydra multirun folder) → the comparison report.
``mjrules-report A B [C ...]`` → the comparison of those run folders (run 0 = A), paired hand by hand where they
played the same walls, into ``--out`` (default: ``comparison_A_vs_B`` beside A). Bad input prints one
``error: ...`` line and exits with status 2, all from the Parquet files alone.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import polars as pl

from reports.summary_io import SUMMARY_NAME

DESCRIPTION = "Rebuild a run's report, or compare runs (docs/comparing-runs.md)."
EXAMPLES = """examples:
  mjrules-report outputs/overview/RUN      the run's report, summary.csv, .xlsx
  mjrules-report multirun/overview/SWEEP   the comparison of a sweep's runs
  mjrules-report RUN_A RUN_B               run B against run A: paired hand by
                                           hand when they played the same walls"""


def main(argv: list[str] | None = None) -> int:
    """Console script: rebuild the report of DIR or compare the run folders; return 0 (or exit 2 on bad input)."""
    parser = argparse.ArgumentParser(prog="mjrules-report", description=DESCRIPTION, epilog=EXAMPLES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory", nargs="+",
                        help="a run folder (with summary.parquet), a multirun folder, or two or more run folders")
    parser.add_argument("--out", help="where the comparison of run folders goes (default: comparison_A_vs_B "
                                      "beside A)")
    args = parser.parse_args(argv)
    folders = [Path(d) for d in args.directory]
    try:
        for folder in folders:
            if not folder.is_dir():
                raise ValueError(f"DIR={folder} is not a folder")
        if args.out is not None and len(folders) == 1:
            raise ValueError("--out is for comparing run folders: give two or more (mjrules-report A B --out DIR)")
        if len(folders) > 1:
            path = compare_runs(folders, None if args.out is None else Path(args.out))
        elif (folders[0] / SUMMARY_NAME).is_file():
            path = rebuild_run(folders[0])
        else:
            from reports.comparison import build_comparison, find_runs

            if not find_runs(folders[0]):
                raise ValueError(f"DIR={folders[0]} holds no {SUMMARY_NAME} and no run folders with one")
            path = build_comparison(folders[0])
    except (ValueError, OSError) as error:
        print(f"error: {str(error).splitlines()[0]}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"report: {path}")
    return 0


def rebuild_run(folder: Path) -> Path:
    """Rebuild a run folder's report and its spreadsheets (summary.csv, summary.xlsx); return report.html's path."""
    from reports.builder import build_report
    from reports.summary_export import write_spreadsheets
    from reports.summary_io import read_summary

    summary, meta = read_summary(folder / SUMMARY_NAME)
    write_spreadsheets(summary, meta, folder)
    return build_report(folder)


def compare_runs(folders: list[Path], out: Path | None) -> Path:
    """Write the comparison of run folders made separately into ``out`` (default ``comparison_A_vs_B`` beside the
    first), print one line per later run saying whether its differences are paired; return comparison.html's path.
    Raise a one-line ValueError for a folder without a summary or a folder given twice."""
    from reports.comparison import build_comparison, collect, pairings

    for folder in folders:
        if not (folder / SUMMARY_NAME).is_file():
            raise ValueError(f"DIR={folder} holds no {SUMMARY_NAME}: give run folders (each with one)")
    resolved = [folder.resolve() for folder in folders]
    if len(set(resolved)) < len(resolved):
        raise ValueError(f"DIR={folders[resolved.index(next(r for r in resolved if resolved.count(r) > 1))]} "
                         "is given twice: give different run folders")
    if out is None:
        out = resolved[0].parent / ("comparison_" + "_vs_".join(folder.name for folder in resolved))
    if out.resolve() in resolved:
        raise ValueError(f"--out={out} is one of the compared run folders: choose another folder")
    path = build_comparison(out, folders)
    _, metas = collect(out, folders)
    diffs = pl.read_parquet(out / "comparison_differences.parquet")
    for i, how in enumerate(pairings(diffs, metas), start=1):
        print(f"run {i} − run 0: {how.line}")
    return path


if __name__ == "__main__":
    main()
