"""``mjrules-report DIR``: rebuild a run's report (or a sweep's comparison) from its Parquet files alone.

DIR holding ``summary.parquet`` → figures/, report.md, report.html. DIR holding run folders
with summaries (a Hydra multirun folder) → the comparison report. Bad input prints one
``error: ...`` line and exits with status 2.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reports.summary_io import SUMMARY_NAME


def main(argv: list[str] | None = None) -> int:
    """Console script: rebuild the report of DIR; return 0 (or exit 2 on bad input)."""
    parser = argparse.ArgumentParser(prog="mjrules-report", description=__doc__.splitlines()[0])
    parser.add_argument("directory", help="a run folder (with summary.parquet) or a multirun folder")
    args = parser.parse_args(argv)
    directory = Path(args.directory)
    try:
        if not directory.is_dir():
            raise ValueError(f"DIR={directory} is not a folder")
        if (directory / SUMMARY_NAME).is_file():
            from reports.builder import build_report

            path = build_report(directory)
        else:
            from reports.comparison import build_comparison, find_runs

            if not find_runs(directory):
                raise ValueError(f"DIR={directory} holds no {SUMMARY_NAME} and no run folders with one")
            path = build_comparison(directory)
    except (ValueError, OSError) as error:
        print(f"error: {str(error).splitlines()[0]}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"report: {path}")
    return 0


if __name__ == "__main__":
    main()
