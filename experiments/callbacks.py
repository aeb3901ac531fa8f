"""Hydra callback: after a multirun, build one comparison report across its runs."""
from __future__ import annotations

from pathlib import Path

from hydra.experimental.callback import Callback


class ComparisonReport(Callback):
    """On multirun end, write comparison.md/.html/.parquet into the sweep folder and print its path."""

    def on_multirun_end(self, config, **kwargs) -> None:
        from reports.comparison import build_comparison

        sweep_dir = Path(config.hydra.sweep.dir)
        try:
            path = build_comparison(sweep_dir)
        except ValueError as error:
            print(f"comparison report skipped: {error}")
            return
        print(f"comparison report: {path}")
