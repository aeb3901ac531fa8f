"""A study's full table of statistics (folded under its section): every summary row with its column name, meaning,
group in words, estimate, interval, unit and n."""
from __future__ import annotations

import polars as pl

from reports import tables

TABLE_HEADER = ["统计量", "含义", "分组", "估计", "95% 区间", "单位", "n"]


def table_rows(rows: pl.DataFrame) -> list[list[str]]:
    """Return summary rows as the report's full-table cells: the statistic's column name (code font, as in
    summary.parquet), its meaning, the group in words, estimate, interval, unit, n; a question answered "never"
    (``tables.never_pays``) says so instead of "无数据"."""
    out = []
    for row, cells in zip(rows.iter_rows(named=True), tables.display_rows(rows)):
        answer = tables.never_pays(rows, row)
        unit = tables.row_unit(cells[1], cells[2], cells[0])
        numbers = [*answer[:2], unit, answer[3]] if answer else [cells[3], cells[4], unit, cells[6]]
        out.append([f"`{cells[1]}`", tables.meaning(cells[1]), tables.group_label(cells[2], cells[0]), *numbers])
    return out


def full_table(rows: pl.DataFrame) -> tuple:
    """Return a study's full table of statistics as a folded block (the reader opens it)."""
    return ("details", f"全部 {rows.height} 个统计量（点开）", [("table", TABLE_HEADER, table_rows(rows))])
