"""Plain-Chinese readings of each study's summary rows (Markdown text, one paragraph per study).

Money is in 底注 per hand, rates in %, rate differences in 百分点 (percentage points). Each reading
gives the estimates with their 95 % intervals, says which are significant at this sample size (the
interval excludes 0) and, for those that are not, how many hands would make the interval exclude 0
if the effect is as estimated (``reports.sample_size``).
"""
from __future__ import annotations

import math

import polars as pl

from reports import terms
from reports.sample_size import hands_needed, round_hands
from reports.tables import ALL_ZERO, all_zero, fixed, missing, readable_decimals

POSITION_NAMES = {"dealer": "庄家", "xiajia": "下家", "duijia": "对家", "shangjia": "上家"}
PONG_NAMES = {"always": "能碰就碰", "improves": "改善才碰", "never": "从不碰"}
#: The one 拾/抢 setting of a variant without 拾/抢, by variant.
NO_SHI_QIANG_NAMES = {"jinzhong": "晋中（没有拾/抢）"}
NO_DATA = "没有数据"
#: A number the summary does not hold, in running text.
NO_ESTIMATE = "无数据"


def _get(summary: pl.DataFrame, study: str, name: str, group: str) -> dict | None:
    rows = summary.filter((pl.col("study") == study) & (pl.col("name") == name) & (pl.col("group") == group))
    return rows.row(0, named=True) if rows.height else None


def _rows(summary: pl.DataFrame, study: str, name: str) -> pl.DataFrame:
    return summary.filter((pl.col("study") == study) & (pl.col("name") == name))


def _has_estimate(row: dict | None) -> bool:
    return row is not None and not missing(row["estimate"])


def _has_interval(row: dict | None) -> bool:
    return _has_estimate(row) and not missing(row["ci_low"])


def _interval(row: dict | None, spec: str, scale: float = 1.0, unit: str = "") -> str:
    """Return 'estimate[unit] [low, high]' of a summary row formatted with ``spec`` (times ``scale``; more decimals
    when a tiny value would read as 0), just the estimate when the row has no interval, '0（每手都是 0）' when it is
    exactly 0 throughout, or NO_ESTIMATE when it has no estimate."""
    if not _has_estimate(row):
        return NO_ESTIMATE
    if _has_interval(row) and all_zero(row):
        return f"0{unit}（{ALL_ZERO}）"
    shown = [scale * row[k] for k in ("estimate", "ci_low", "ci_high") if not missing(row.get(k))]
    places = readable_decimals(shown, int(spec[-2]))
    spec = spec[:-2] + f"{places}f"
    estimate = fixed(scale * row["estimate"], spec) + unit
    if not _has_interval(row):
        return estimate
    return f"{estimate} [{fixed(scale * row['ci_low'], spec)}, {fixed(scale * row['ci_high'], spec)}]"


def money(row: dict | None) -> str:
    """Return '+0.123 [-0.010, +0.256]' (底注) for a summary row, or NO_ESTIMATE."""
    return _interval(row, "+.3f")


def number(row: dict | None) -> str:
    """Return '1.39 [1.37, 1.40]' (unsigned) for a summary row, or NO_ESTIMATE."""
    return _interval(row, ".2f")


def percent(row: dict | None) -> str:
    """Return '12.34 % [11.90, 12.70]' for a proportion row (a fraction), or NO_ESTIMATE."""
    return _interval(row, ".2f", scale=100, unit=" %")


def points(row: dict | None) -> str:
    """Return '-2.03 个百分点 [-4.10, +0.05]' for a difference of two rates (fractions), or NO_ESTIMATE."""
    return _interval(row, "+.2f", scale=100, unit=" 个百分点")


def significant(row: dict | None) -> bool:
    """Return True when the row's 95 % interval excludes 0."""
    return _has_interval(row) and (row["ci_low"] > 0 or row["ci_high"] < 0)


def verdict(row: dict | None, unit: str = "手", scale_to_total: float = 1.0) -> str:
    """Return the plain-Chinese verdict on a row: significant (and its sign), or not yet and the sample it needs.

    The needed sample is ``hands_needed`` × ``scale_to_total`` ``unit`` (e.g. total hands when the row's
    n counts only the hands of one group, which make up 1/scale_to_total of all hands)."""
    if not _has_estimate(row):
        return NO_DATA
    if not _has_interval(row):
        return "样本太小，算不出区间"
    if significant(row):
        return "显著大于 0" if row["ci_low"] > 0 else "显著小于 0"
    if row["estimate"] == 0:
        return "每个样本的差都是 0，两边逐手相同" if row["se"] == 0 else "点估计恰为 0，看不出差别"
    needed = hands_needed(row["estimate"], row["se"], row["n"])
    needed80 = hands_needed(row["estimate"], row["se"], row["n"], power=0.8)
    return (f"在这个样本量下与 0 分不开；若效应真如点估计，约需 {round_hands(needed * scale_to_total)} {unit}"
            f"区间才不含 0，要有八成把握约需 {round_hands(needed80 * scale_to_total)} {unit}")


def _difference(first: dict, second: dict) -> dict:
    """Return the row of ``second − first`` for two independent estimates (normal interval)."""
    estimate = second["estimate"] - first["estimate"]
    se = math.hypot(first["se"], second["se"])
    return {"estimate": estimate, "se": se, "ci_low": estimate - 1.96 * se, "ci_high": estimate + 1.96 * se,
            "n": min(first["n"], second["n"])}


def dealer_edge(summary: pl.DataFrame) -> str:
    """Return the reading of the dealer_edge study."""
    d = _get(summary, "dealer_edge", "result_total", "dealer")
    if d is None:
        return NO_DATA + "。"
    parts = [f"庄家每手平均输赢 {money(d)} 底注（{d['n']:,} 手）：{verdict(d)}。"]
    others = [f"{POSITION_NAMES[p]} {money(r)}（{verdict(r)}）"
              for p in ("xiajia", "duijia", "shangjia") if (r := _get(summary, "dealer_edge", "result_total", p))]
    if others:
        parts.append("三家闲家按位置：" + "；".join(others) + "。")
    pieces = [f"{name} {money(row)}" for name, component in (("前包", "qianbao"), ("后包", "houbao"))
              if (row := _get(summary, "dealer_edge", f"result_{component}", "dealer")) is not None]
    parts.append(f"庄家的钱里，胡牌得 {money(_get(summary, 'dealer_edge', 'result_win', 'dealer'))}，"
                 + "".join(p + "，" for p in pieces)   # a variant without 前包/后包 has no such rows
                 + f"杠 {money(_get(summary, 'dealer_edge', 'result_kong', 'dealer'))}（底注/手）。")
    parts.append(f"庄家胡牌率 {percent(_get(summary, 'dealer_edge', 'win_rate', 'dealer'))}。")
    tenure = _rows(summary, "dealer_edge", "tenure_hands")
    if tenure.height:
        row = tenure.row(0, named=True)
        result = _get(summary, "dealer_edge", "tenure_result", row["group"])
        parts.append(f"连庄模式下，一任庄平均坐 {number(row)} 手")
        if result is not None:
            parts[-1] += f"，一任庄合计输赢 {money(result)} 底注（{verdict(result, '任庄')}）"
        parts[-1] += "。"
    return "".join(parts)


def huangzhuang(summary: pl.DataFrame) -> str:
    """Return the reading of the huangzhuang study."""
    overall = _get(summary, "huangzhuang", "huang_rate", "all")
    parts = []
    if overall is not None:
        parts.append(f"本次座位组合下 {percent(overall)} 的手荒庄（{overall['n']:,} 手）。")
    kongs = [(g, _get(summary, "huangzhuang", "huang_rate", g)) for g in ("kongs=0", "kongs=1", "kongs=2", "kongs=3+")]
    kongs = [(g, r) for g, r in kongs if r is not None]
    if kongs:
        jinzhong = _rows(summary, "huangzhuang", "huang_rate_sweep")["group"].str.starts_with("dead_wall=").any()
        note = "" if jinzhong else terms.kong_wall_note()
        parts.append(("按开杠次数" + (f"（{note}）" if note else "") + "：") + "；".join(
            f"{g.removeprefix('kongs=')} 杠 {percent(r)}（{r['n']:,} 手）" for g, r in kongs) + "。")
        if len(kongs) > 1 and _has_interval(kongs[0][1]) and _has_interval(kongs[1][1]):
            d = _difference(kongs[0][1], kongs[1][1])
            parts.append(f"有 1 杠的手比无杠的手荒庄率高 {points(d)}：{verdict(d, '手（每组）')}。这是按结果分组的"
                         "相关，不是因果：开杠的手本身就打得更久。")
    sweep = _rows(summary, "huangzhuang", "huang_rate_sweep")
    if not sweep.height and terms.no_sweep_note() and parts:
        parts.append(terms.no_sweep_note())
    if sweep.height and sweep["group"].str.starts_with("dead_wall=").any():
        parts += _jinzhong_sweep(sweep)
    elif sweep.height:
        cells = sweep.with_columns(
            pl.col("group").str.extract(r"stacks=(\d+)").cast(pl.Int64).alias("stacks"),
            pl.col("group").str.extract(r"pong=(\w+)").alias("pong"))
        for pong in cells["pong"].unique(maintain_order=True).to_list():
            line = cells.filter(pl.col("pong") == pong).sort("stacks")
            if line.height > 1:
                first, last = line.row(0, named=True), line.row(-1, named=True)
                d = _difference(first, last)
                parts.append(f"四家贪心、{PONG_NAMES.get(pong, pong)}时，荒牌从 {first['stacks']} 墩加到 "
                             f"{last['stacks']} 墩，荒庄率从 {percent(first)} 变到 {percent(last)}，"
                             f"差 {points(d)}：{verdict(d, '手（每格）')}。")
    return "".join(parts) or NO_DATA + "。"


def _jinzhong_sweep(sweep: pl.DataFrame) -> list[str]:
    """Return the sentences on 晋中's sweep cells ``dead_wall=D, point_limit=on|off``: each cell's rate and the
    change of each switch with the other held (two independent cell estimates, normal interval)."""
    cells = {row["group"]: row for row in sweep.iter_rows(named=True)}
    parts = ["四家贪心时各格荒庄率：" + "；".join(
        f"留牌 {g.split(',')[0].removeprefix('dead_wall=')} 张、点数限制{'有' if g.endswith('on') else '无'} "
        f"{percent(r)}" for g, r in cells.items()) + "。"]
    for limit in ("on", "off"):
        first, last = cells.get(f"dead_wall=0, point_limit={limit}"), cells.get(f"dead_wall=14, point_limit={limit}")
        if first and last and _has_interval(first) and _has_interval(last):
            d = _difference(first, last)
            parts.append(f"点数限制{'有' if limit == 'on' else '无'}时，留 14 张不摸使荒庄率变 {points(d)}："
                         f"{verdict(d, '手（每格）')}。")
    for wall in sorted({g.split(",")[0] for g in cells}):
        on, off = cells.get(f"{wall}, point_limit=on"), cells.get(f"{wall}, point_limit=off")
        if on and off and _has_interval(on) and _has_interval(off):
            d = _difference(off, on)
            parts.append(f"留牌 {wall.removeprefix('dead_wall=')} 张时，点数限制使荒庄率变 {points(d)}："
                         f"{verdict(d, '手（每格）')}。")
    return parts


def thirteen_orphans(summary: pl.DataFrame) -> str:
    """Return the reading of the thirteen_orphans study (plain walls, or walls conditioned on k when the
    summary holds ``dealt_share`` rows: each k then has its own hands and the per-k sample sizes are per k)."""
    parts = []
    conditioned = _rows(summary, "thirteen_orphans", "dealt_share").height > 0
    for pays in _rows(summary, "thirteen_orphans", "pays_from_k").iter_rows(named=True):
        setting = pays["group"]
        name = "有拾/抢" if setting.endswith("on") else NO_SHI_QIANG_NAMES.get(terms.variant(), "无拾/抢")
        gains = _rows(summary, "thirteen_orphans", "chase_minus_greedy").filter(
            pl.col("group").str.ends_with(setting))
        policies = _rows(summary, "thirteen_orphans", "policy_value").filter(pl.col("group").str.ends_with(setting))
        total = max(policies["n"].to_list() or [0])
        plus, minus, unclear = [], [], []
        for row in gains.iter_rows(named=True):
            k = int(row["group"].split(",")[0].removeprefix("k="))
            (plus if significant(row) and row["ci_low"] > 0 else minus if significant(row) else unclear).append(
                (k, row))
        sentence = f"{name}："
        if _has_estimate(pays):
            sentence += f"按点估计，起手有 {int(pays['estimate'])} 种及以上幺九/字牌时追十三幺就比贪心打法多赚"
        else:
            sentence += "没有一个 k 起往上的点估计全为正，按点估计追十三幺不划算"
        if plus:
            sentence += f"；追 − 贪心（同一牌墙配对）显著为正的 k：{', '.join(str(k) for k, _ in plus)}"
        if minus:
            sentence += f"；显著为负的 k：{', '.join(str(k) for k, _ in minus)}"
        if unclear:
            k, row = unclear[0]
            share = row["n"] / total if total else math.nan
            sentence += (f"；与 0 分不开的 k：{', '.join(str(k) for k, _ in unclear)}，其中 k = {k} 的差为 "
                         f"{money(row)} 底注/手（{row['n']:,} 手）")
            if conditioned:
                sentence += f"，{verdict(row, '手（该 k 的条件牌墙）')}"
            elif share and math.isfinite(share):
                sentence += f"，{verdict(row, '手（全部手数）', 1 / share)}"
        seen = {int(r["group"].split(",")[0].removeprefix("k=")) for r in gains.iter_rows(named=True)}
        empty = [int(r["group"].split(",")[0].removeprefix("k=")) for r in policies.iter_rows(named=True)
                 if int(r["group"].split(",")[0].removeprefix("k=")) not in seen]
        if empty:
            sentence += f"；k = {', '.join(map(str, empty))} 在 {total:,} 手里一次都没发到，没有数据"
        parts.append(sentence + "。")
    if not parts:
        return NO_DATA + "。"
    if conditioned:
        shares = {int(r["group"].removeprefix("k=")): r["estimate"]
                  for r in _rows(summary, "thirteen_orphans", "dealt_share").iter_rows(named=True)}
        rare = ", ".join(f"k = {k}：{100 * p:.2g} %" for k, p in sorted(shares.items()) if k >= 10)
        parts.append("每个 k 都在只发给 0 号位恰好 k 种幺九/字牌的牌墙上单独打（其余牌均匀洗），再按组合精确算出的"
                     f"起手概率加权合成全部手的策略价值，所以罕见的 k 也有像样的区间"
                     f"{'（' + rare + '）' if rare else ''}；"
                     "先看图中的误差线，再看点估计。")
    else:
        parts.append("起手 10 种以上极少（远低于千分之一），这些 k 要上百万手才有像样的区间；先看图中的误差线，再看点估计。")
    return "".join(parts)


def early_ting(summary: pl.DataFrame) -> str:
    """Return the reading of the early_ting study."""
    rows = _rows(summary, "early_ting", "diff_mean_result")
    if rows.is_empty():
        return "没有跑任何阈值。"
    parts = [f"首次听牌即上架（`early_ting`）时 0 号位每手输赢 "
             f"{money(_get(summary, 'early_ting', 'mean_result', 'early'))} 底注。以下都是“等 t 个活张再上架 − 立即上架”，"
             "同一牌墙逐手配对，正数表示等待更好。"]
    for row in rows.with_columns(pl.col("group").str.extract(r"(\d+)").cast(pl.Int64).alias("t")).sort(
            "t").iter_rows(named=True):
        g = row["group"]
        win = _get(summary, "early_ting", "diff_win_rate", g)
        paid = _get(summary, "early_ting", "diff_dianpao_paid", g)
        parts.append(f"t = {row['t']}：输赢 {money(row)} 底注/手（{verdict(row)}），胡牌率 {points(win)}"
                     f"（{verdict(win)}），点炮付出 {money(paid)} 底注/手（{verdict(paid)}）。")
    best = rows.sort("estimate").row(-1, named=True)
    parts.append(f"点估计最好的是 {best['group']}，" + (
        "它显著好于立即上架。" if significant(best) and best["ci_low"] > 0 else
        "但它仍显著不如立即上架。" if significant(best) else "但它与立即上架的差在这个样本量下还分不开。"))
    return "".join(parts)


def more_or_less(row: dict, more: str = "多赢", less: str = "少赢", spec: str = ".3f") -> str:
    """Return a signed difference worded to its sign: ``多赢 0.175 [0.020, 0.330]`` for +0.175, ``少赢 0.175 [0.020,
    0.330]`` for −0.175 (the size and its interval both unsigned, in increasing order; words from ``more`` /
    ``less``)."""
    sign = -1 if row["estimate"] < 0 else 1
    text = fixed(abs(row["estimate"]), spec)
    if _has_interval(row):
        low, high = sorted((sign * row["ci_low"], sign * row["ci_high"]))
        text += f" [{fixed(low, spec)}, {fixed(high, spec)}]"
    return f"{more if sign > 0 else less} {text}"
