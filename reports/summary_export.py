"""The run's summary for spreadsheets: ``summary.csv`` and ``summary.xlsx`` beside ``summary.parquet``.

One row per statistic, the same rows and numbers as the Parquet file: its codes (study, statistic, group),
their Chinese labels (study, meaning, group in words), the estimate, its standard error, the 95 % interval,
n and the unit the numbers are in. Numbers are written as stored (a rate as a fraction: 0.185 is 18.5 %),
so a spreadsheet can compute with them (the CSV's exactly, the workbook's to 16 significant digits); a
missing number (no estimate, no interval) is an empty cell, and a row without an estimate says why in 说明
as the report does (从不划算…, 无数据).
The CSV is UTF-8 with a byte-order mark, so Excel opens the Chinese labels correctly; the workbook adds a
second sheet with the run's settings.
"""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from openpyxl import Workbook

from reports import tables
from reports.summary_io import REQUIRED_COLUMNS

CSV_NAME = "summary.csv"
XLSX_NAME = "summary.xlsx"
#: (summary column or label key, header in the CSV and workbook), in column order.
COLUMNS = (
    ("study_label", "研究"), ("meaning", "含义"), ("group_label", "分组"),
    ("estimate", "估计"), ("se", "标准误"), ("ci_low", "95%区间下限"), ("ci_high", "95%区间上限"),
    ("n", "n（手数或任数）"), ("unit", "单位"), ("note", "说明"),
    ("study", "研究代码"), ("name", "统计量代码"), ("group", "分组代码"),
)
NUMBER_COLUMNS = ("estimate", "se", "ci_low", "ci_high")
#: Types of the summary's own columns as ``summary.parquet`` holds them.
SUMMARY_TYPES = {"study": pl.String, "name": pl.String, "group": pl.String, **{c: pl.Float64 for c in NUMBER_COLUMNS},
                 "n": pl.Int64}
#: (run metadata key, its words) of the workbook's 运行设置 sheet, in order.
SETTINGS = (("experiment", "实验"), ("seed", "种子"), ("hands", "每臂手数"), ("simulated_hands", "共模拟手数"),
            ("seats_name", "座位组合"), ("seats", "0–3 号位的策略"), ("rules", "规则"), ("overrides", "命令行覆盖"),
            ("finished_utc", "完成时间（UTC）"))
#: Unit words of the numbers as stored, for statistics whose report shows them scaled (rates in %).
STORED_UNITS = {"%": "比例（1 = 100 %）", tables.POINTS: "比例差（0.01 = 1 百分点）"}


def stored_unit(name: str) -> str:
    """Return the unit of a statistic's stored numbers in Chinese: a rate is a fraction (比例), a rate difference a
    difference of fractions, else the report's unit (底注/手, 轮, 手, ...; '' for a yes/no row stored as 1/0)."""
    unit = tables.unit_label(name)
    return STORED_UNITS.get(unit, unit)


def note(summary: pl.DataFrame, row: dict) -> str | None:
    """Return what a row without an estimate means, as the run's report says it: a question answered "never"
    (``tables.never_pays``, e.g. 从不划算（k = 7–13）) or 无数据 (no hand in its group); None (an empty cell) for a
    row with one."""
    answer = tables.never_pays(summary, row)
    if answer is not None:
        return answer[0]
    return tables.NO_DATA if tables.missing(row["estimate"]) else None


def labelled(summary: pl.DataFrame) -> pl.DataFrame:
    """Return the summary rows with their labels, in COLUMNS order and headed by COLUMNS' headers; NaN numbers
    become nulls (empty cells)."""
    rows = summary.select(list(REQUIRED_COLUMNS))
    labels = pl.DataFrame({
        "study_label": [tables.study_label(s) for s in rows["study"]],
        "meaning": [tables.meaning(n) for n in rows["name"]],
        "group_label": [tables.group_label(g) for g in rows["group"]],
        "unit": [stored_unit(n) for n in rows["name"]],
        "note": [note(rows, row) for row in rows.iter_rows(named=True)],
    }, schema={key: pl.String for key in ("study_label", "meaning", "group_label", "unit", "note")})
    frame = pl.concat([rows, labels], how="horizontal").with_columns(
        [pl.col(c).cast(pl.Float64).fill_nan(None) for c in NUMBER_COLUMNS])
    return frame.select([pl.col(key).alias(header) for key, header in COLUMNS])


def write_summary_csv(summary: pl.DataFrame, path: Path) -> Path:
    """Write the labelled summary as UTF-8 CSV with a byte-order mark into ``path``; return the path."""
    labelled(summary).write_csv(path, include_bom=True, float_precision=None)
    return Path(path)


def read_summary_csv(path: Path) -> pl.DataFrame:
    """Return the summary rows of a ``summary.csv``: the Parquet file's columns, in its order and types (empty
    cells null)."""
    headers = dict(COLUMNS)
    frame = pl.read_csv(path, schema_overrides={headers[c]: t for c, t in SUMMARY_TYPES.items()})
    return frame.select([pl.col(headers[c]).alias(c) for c in REQUIRED_COLUMNS])


def write_summary_xlsx(summary: pl.DataFrame, meta: dict, path: Path) -> Path:
    """Write the labelled summary (sheet 统计量) and the run's settings (sheet 运行设置) into the Excel workbook
    ``path``; return the path."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet("统计量")
    sheet.freeze_panes = "A2"
    frame = labelled(summary)
    sheet.append(frame.columns)
    for row in frame.iter_rows():
        sheet.append(list(row))
    settings = book.create_sheet("运行设置")
    settings.append(["设置", "键", "值"])
    for key, words in SETTINGS:
        if key in meta:
            value = meta[key]
            settings.append([words, key, value if isinstance(value, (int, float, str)) else
                             json.dumps(value, ensure_ascii=False)])
    book.save(path)
    return Path(path)


def write_spreadsheets(summary: pl.DataFrame, meta: dict, directory: Path) -> list[Path]:
    """Write ``summary.csv`` and ``summary.xlsx`` of a run into its folder ``directory``; return their paths."""
    directory = Path(directory)
    return [write_summary_csv(summary, directory / CSV_NAME), write_summary_xlsx(summary, meta, directory / XLSX_NAME)]
