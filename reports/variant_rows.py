"""The variants study's summary rows, read back by variant: each variant's statistics, each regional variant's
differences from the control, and which variant is the control — plain Python (read by the section and the figure).
"""
from __future__ import annotations

import polars as pl

STUDY = "variants"
SKIPPED_ROW = "skipped_seats"  # the row experiments.study_variants gives a variant the seat mix cannot play
CONTROL_PREFIX = "vs_control_"  # experiments.study_variants: a regional variant's estimate − the control's


def variant_rows(summary: pl.DataFrame) -> dict[str, dict[str, dict]]:
    """Return {variant: {statistic: row}} of the study, variants in summary order (differences from the control
    left out: ``control_rows``)."""
    out: dict[str, dict[str, dict]] = {}
    chosen = summary.filter((pl.col("study") == STUDY) & (pl.col("name") != SKIPPED_ROW)
                            & ~pl.col("name").str.starts_with(CONTROL_PREFIX))
    for row in chosen.iter_rows(named=True):
        out.setdefault(row["group"], {})[row["name"]] = row
    return out


def control_rows(summary: pl.DataFrame) -> dict[str, dict[str, dict]]:
    """Return {regional variant: {statistic: row of variant − control}} (``vs_control_<statistic>`` rows)."""
    out: dict[str, dict[str, dict]] = {}
    chosen = summary.filter((pl.col("study") == STUDY) & pl.col("name").str.starts_with(CONTROL_PREFIX))
    for row in chosen.iter_rows(named=True):
        out.setdefault(row["group"], {})[row["name"].removeprefix(CONTROL_PREFIX)] = row
    return out


def control_variant(summary: pl.DataFrame) -> str | None:
    """Return the control of the study's differences: the one played variant without ``vs_control`` rows while the
    others have them (None when there are no such rows or it is ambiguous)."""
    differences = control_rows(summary)
    rest = [v for v in variant_rows(summary) if v not in differences]
    return rest[0] if differences and len(rest) == 1 else None
