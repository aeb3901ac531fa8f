"""The run's summary for spreadsheets (reports/summary_export.py): summary.csv (UTF-8 with a byte-order mark) and
summary.xlsx beside summary.parquet hold the same rows and the same numbers, with Chinese labels."""
import math

import polars as pl
import pytest
from openpyxl import load_workbook

from experiments import runner
from experiments.compose import load_run_config
from reports import summary_export, tables
from reports.summary_io import read_summary

BOM = b"\xef\xbb\xbf"


def same_numbers(parquet: pl.DataFrame, other: pl.DataFrame, digits: int | None = None) -> None:
    """Assert that ``other`` holds exactly the Parquet summary's rows: codes, n, and every number bit for bit, or to
    ``digits`` significant digits (a NaN of the Parquet file is an empty cell, read back as null)."""
    assert other.columns == parquet.columns
    assert other.height == parquet.height
    for mine, theirs in zip(parquet.iter_rows(named=True), other.iter_rows(named=True)):
        for column, value in mine.items():
            if isinstance(value, float) and math.isnan(value):
                assert theirs[column] is None, (column, mine, theirs)
            elif digits is not None and isinstance(value, float):
                assert theirs[column] == pytest.approx(value, rel=10.0 ** -digits, abs=0), (column, mine, theirs)
            else:
                assert theirs[column] == value, (column, mine, theirs)


@pytest.fixture(scope="module")
def run_folder(tmp_path_factory):
    """A real thirteen_orphans run (plain walls, 600 hands per arm): rates, money, a count of kinds and, at this
    size, statistics without an estimate or without an interval."""
    folder = tmp_path_factory.mktemp("run")
    overrides = ["experiment=thirteen_orphans", "hands=600", "experiment.thirteen_orphans.hands_per_k=0",
                 "experiment.thirteen_orphans.shi_qiang=[true]"]
    runner.run(load_run_config(overrides + ["jobs=1", "progress=false"]), folder, overrides)
    return folder


def test_a_run_writes_a_csv_that_round_trips_to_the_parquet_numbers(run_folder):
    summary, _ = read_summary(run_folder / "summary.parquet")
    raw = (run_folder / "summary.csv").read_bytes()
    assert raw.startswith(BOM)  # Excel reads the file as UTF-8 only with it
    assert "十三幺做成率" in raw[len(BOM):].decode("utf-8")
    numbers = pl.concat([summary.select(c).to_series() for c in summary_export.NUMBER_COLUMNS])
    assert numbers.is_nan().any() and numbers.is_not_nan().any()  # both kinds of cell are checked
    same_numbers(summary, summary_export.read_summary_csv(run_folder / "summary.csv"))


def test_the_csv_labels_each_row_in_chinese_with_the_unit_of_its_stored_numbers(run_folder):
    frame = pl.read_csv(run_folder / "summary.csv")
    assert frame.columns == [header for _, header in summary_export.COLUMNS]
    for row in frame.iter_rows(named=True):
        assert row["研究"] == tables.study_label(row["研究代码"]) == "十三幺"
        assert row["分组"] == tables.group_label(row["分组代码"])
    rate = frame.filter((pl.col("统计量代码") == "completion_rate") & (pl.col("分组代码") == "k=9, shi_qiang=on"))
    assert rate.row(0, named=True)["含义"] == "十三幺做成率"
    assert rate.row(0, named=True)["单位"] == "比例（1 = 100 %）"  # stored as a fraction, not in %
    assert 0 <= rate.row(0, named=True)["估计"] <= 1
    money = frame.filter(pl.col("统计量代码") == "chase_minus_greedy").row(0, named=True)
    assert money["单位"] == "底注/手"


def test_the_workbook_holds_the_same_rows_and_the_runs_settings(run_folder):
    summary, meta = read_summary(run_folder / "summary.parquet")
    book = load_workbook(run_folder / "summary.xlsx", read_only=True)
    rows = list(book["统计量"].iter_rows(values_only=True))
    assert list(rows[0]) == [header for _, header in summary_export.COLUMNS]
    read = pl.DataFrame([list(r) for r in rows[1:]], schema=list(rows[0]), orient="row")
    codes = dict(summary_export.COLUMNS)
    # openpyxl writes a float's 16 significant digits (Excel shows 15), the CSV all of them
    same_numbers(summary, read.select([pl.col(codes[c]).alias(c) for c in summary.columns]), digits=15)
    settings = {key: value for _, key, value in book["运行设置"].iter_rows(values_only=True)}
    assert settings["seed"] == meta["seed"] == 0 and settings["hands"] == 600
    assert settings["experiment"] == "thirteen_orphans"
