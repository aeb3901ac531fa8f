"""Reading and writing ``summary.parquet``: the statistics of a run plus its metadata.

The file holds one row per statistic (study, name, group, estimate, se, ci_low, ci_high, n) and,
in the Parquet key-value metadata under ``mjrules``, the run's settings as JSON (rules, seats,
seed, hands, arms, run time), so a report can be rebuilt from this file alone.
"""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

SUMMARY_NAME = "summary.parquet"
META_KEY = b"mjrules"
REQUIRED_COLUMNS = ("study", "name", "group", "estimate", "se", "ci_low", "ci_high", "n")


def write_summary(summary: pl.DataFrame, meta: dict, path: Path) -> Path:
    """Write ``summary`` with ``meta`` (JSON) into the Parquet file ``path``; return the path."""
    table = summary.to_arrow()
    metadata = dict(table.schema.metadata or {})
    metadata[META_KEY] = json.dumps(meta, ensure_ascii=False, default=str).encode("utf-8")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table.replace_schema_metadata(metadata), path)
    return path


def read_summary(path: Path) -> tuple[pl.DataFrame, dict]:
    """Return ``(summary frame, metadata dict)`` of a summary.parquet file (metadata {} if absent)."""
    path = Path(path)
    table = pq.read_table(path)
    missing = [c for c in REQUIRED_COLUMNS if c not in table.column_names]
    if missing:
        raise ValueError(f"{path.name} lacks the summary column(s) {', '.join(missing)}")
    raw = (table.schema.metadata or {}).get(META_KEY)
    meta = json.loads(raw.decode("utf-8")) if raw else {}
    return pl.from_arrow(table), meta
