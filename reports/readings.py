"""One-paragraph plain-language readings of each study's summary rows (Markdown text).

Money is in 底注 (base stakes) per hand; rates are shown in %. Each reading states the
estimate with its 95 % interval and says whether the interval excludes zero.
"""
from __future__ import annotations

import math

import polars as pl

POSITION_NAMES = {"dealer": "庄 (dealer)", "xiajia": "下家", "duijia": "对家", "shangjia": "上家"}


def _get(summary: pl.DataFrame, study: str, name: str, group: str) -> dict | None:
    rows = summary.filter((pl.col("study") == study) & (pl.col("name") == name) & (pl.col("group") == group))
    return rows.row(0, named=True) if rows.height else None


def _interval(row: dict | None, spec: str, scale: float = 1.0, unit: str = "") -> str:
    """Return 'estimate[unit] [low, high]' of a summary row formatted with ``spec`` (times ``scale``),
    just the estimate when the row has no interval, or 'n/a' when it has no estimate."""
    if row is None or row["estimate"] is None or math.isnan(row["estimate"]):
        return "n/a"
    estimate = format(scale * row["estimate"], spec) + unit
    if row["ci_low"] is None or math.isnan(row["ci_low"]):
        return estimate
    return f"{estimate} [{format(scale * row['ci_low'], spec)}, {format(scale * row['ci_high'], spec)}]"


def money(row: dict | None) -> str:
    """Return '+0.123 [−0.010, +0.256]' (底注) for a summary row, or 'n/a'."""
    return _interval(row, "+.3f")


def number(row: dict | None) -> str:
    """Return '1.39 [1.35, 1.43]' (unsigned) for a summary row, or 'n/a'."""
    return _interval(row, ".2f")


def percent(row: dict | None) -> str:
    """Return '12.34 % [11.90, 12.70]' for a proportion row, or 'n/a'."""
    return _interval(row, ".2f", scale=100, unit=" %")


def _sign_word(row: dict | None, positive: str, negative: str) -> str:
    if row is None or row["ci_low"] is None or math.isnan(row["ci_low"]):
        return "cannot be told apart from zero"
    if row["ci_low"] > 0:
        return positive
    if row["ci_high"] < 0:
        return negative
    return "cannot be told apart from zero at this sample size"


def dealer_edge(summary: pl.DataFrame) -> str:
    """Return the reading of the dealer_edge study."""
    d = _get(summary, "dealer_edge", "result_total", "dealer")
    parts = [f"The dealer's mean result is {money(d)} 底注 per hand, which "
             f"{_sign_word(d, 'is a real edge', 'is a real handicap')}."]
    others = [f"{POSITION_NAMES[p]} {money(_get(summary, 'dealer_edge', 'result_total', p))}"
              for p in ("xiajia", "duijia", "shangjia")]
    parts.append("Non-dealers by position: " + "; ".join(others) + ".")
    parts.append(f"Of the dealer's money, wins give {money(_get(summary, 'dealer_edge', 'result_win', 'dealer'))}, "
                 f"前包 costs {money(_get(summary, 'dealer_edge', 'result_qianbao', 'dealer'))} and 后包 costs "
                 f"{money(_get(summary, 'dealer_edge', 'result_houbao', 'dealer'))}.")
    parts.append(f"The dealer wins {percent(_get(summary, 'dealer_edge', 'win_rate', 'dealer'))} of hands.")
    tenure = summary.filter((pl.col("study") == "dealer_edge") & (pl.col("name") == "tenure_hands"))
    if tenure.height:
        group = tenure["group"][0]
        parts.append(f"In session mode a dealer keeps the deal for {number(tenure.row(0, named=True))} "
                     f"hands per tenure and collects {money(_get(summary, 'dealer_edge', 'tenure_result', group))} "
                     "底注 over the tenure.")
    return " ".join(parts)


def huangzhuang(summary: pl.DataFrame) -> str:
    """Return the reading of the huangzhuang study."""
    parts = [f"With the seat mix, {percent(_get(summary, 'huangzhuang', 'huang_rate', 'all'))} of hands end 荒庄."]
    kongs = [f"{g}: {percent(_get(summary, 'huangzhuang', 'huang_rate', g))}"
             for g in ("kongs=0", "kongs=1", "kongs=2", "kongs=3+")
             if _get(summary, "huangzhuang", "huang_rate", g)]
    if kongs:
        parts.append("By kongs declared (each kong adds a 荒 stack): " + "; ".join(kongs) + ".")
    sweep = summary.filter((pl.col("study") == "huangzhuang") & (pl.col("name") == "huang_rate_sweep"))
    if sweep.height:
        low, high = sweep.sort("estimate").row(0, named=True), sweep.sort("estimate").row(-1, named=True)
        parts.append(f"Across the sweep the rate runs from {percent(low)} ({low['group']}) to "
                     f"{percent(high)} ({high['group']}).")
        cells = sweep.with_columns(
            pl.col("group").str.extract(r"stacks=(\d+)").cast(pl.Int64).alias("stacks"),
            pl.col("group").str.extract(r"pong=(\w+)").alias("pong"))
        for pong in cells["pong"].unique(maintain_order=True).to_list():
            line = cells.filter(pl.col("pong") == pong).sort("stacks")
            if line.height > 1:
                first, last = line.row(0, named=True), line.row(-1, named=True)
                change = 100 * (last["estimate"] - first["estimate"])
                parts.append(f"With pong={pong}, going from {first['stacks']} to {last['stacks']} 荒 stacks "
                             f"changes the rate by {change:+.1f} percentage points.")
    return " ".join(parts)


def thirteen_orphans(summary: pl.DataFrame) -> str:
    """Return the reading of the thirteen_orphans study."""
    rows = summary.filter((pl.col("study") == "thirteen_orphans") & (pl.col("name") == "pays_from_k"))
    parts = []
    for row in rows.iter_rows(named=True):
        setting = "with 拾/抢" if row["group"].endswith("on") else "without 拾/抢"
        if row["estimate"] is None or math.isnan(row["estimate"]):
            parts.append(f"{setting.capitalize()}, chasing 十三幺 did not pay at any studied k.")
        else:
            k = int(row["estimate"])
            rate = percent(_get(summary, "thirteen_orphans", "completion_rate", f"k={k}, {row['group']}"))
            gain = money(_get(summary, "thirteen_orphans", "chase_minus_greedy", f"k={k}, {row['group']}"))
            parts.append(f"{setting.capitalize()}, chasing pays (point estimate) from k = {k} dealt distinct 幺九/字 "
                         f"kinds on: at k = {k} it completes {rate} of the time and gains {gain} 底注 per hand "
                         f"against greedy on the same walls ({row['n']} hands with ≥ {k}).")
    parts.append("Large k are rare, so their intervals are wide; read the figure's error bars before the point "
                 "estimates.")
    return " ".join(parts)


def early_ting(summary: pl.DataFrame) -> str:
    """Return the reading of the early_ting study."""
    rows = summary.filter((pl.col("study") == "early_ting") & (pl.col("name") == "diff_mean_result"))
    if rows.is_empty():
        return "No thresholds were run."
    best = rows.sort("estimate").row(-1, named=True)
    parts = [f"上架 at the first tenpai (early_ting) earns {money(_get(summary, 'early_ting', 'mean_result', 'early'))} "
             "底注 per hand for seat 0."]
    for row in rows.sort("group").iter_rows(named=True):
        g = row["group"]
        parts.append(f"Waiting for {g.split('=')[1]}+ live waits changes the result by {money(row)}, the win rate "
                     f"by {money(_get(summary, 'early_ting', 'diff_win_rate', g))} and 点炮 money paid by "
                     f"{money(_get(summary, 'early_ting', 'diff_dianpao_paid', g))}.")
    parts.append(f"The best threshold studied is {best['group']}, whose difference "
                 f"{_sign_word(best, 'beats early 上架', 'is still worse than early 上架')}.")
    return " ".join(parts)


READERS = {"dealer_edge": dealer_edge, "huangzhuang": huangzhuang,
           "thirteen_orphans": thirteen_orphans, "early_ting": early_ting}


def reading(summary: pl.DataFrame, study: str) -> str:
    """Return the one-paragraph reading of ``study`` (empty string for an unknown study)."""
    return READERS[study](summary) if study in READERS else ""
