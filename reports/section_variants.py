"""The variants study's report section: a plain-Chinese reading, the comparison figure and a table with one
column per variant.

Built from the summary rows alone (study ``variants``, group = variant). Variants are different games, so
each estimate has its own interval and a difference between two variants is judged with the interval of a
difference of independent estimates (``reports.readings``), never paired hand by hand.
"""
from __future__ import annotations

import polars as pl

from reports import readings
from reports.win_labels import FEATURE_LABELS, NO_SHAPE_DATA, SHAPE_LABELS, variant_label

STUDY = "variants"
TITLE = "三种规则并排：各变体有什么不同？"
#: Headline statistics: name -> (spoken name, formatter of a row, formatter of a difference).
STATISTICS = {
    "huang_rate": ("荒庄率", readings.percent, readings.points),
    "dealer_result": ("庄家每手输赢（底注）", readings.money, readings.money),
    "dealer_win_rate": ("庄家胡牌率", readings.percent, readings.points),
    "zimo_share": ("自摸占胡牌", readings.percent, readings.points),
    "dianhu_share": ("点炮占胡牌", readings.percent, readings.points),
    "qianggang_share": ("抢杠胡占胡牌", readings.percent, readings.points),
    "hand_draws": ("每手摸牌数", readings.number, readings.money),
    "volatility": ("一家每手输赢的标准差（底注）", readings.number, readings.money),
    "mean_multiplier": ("胡牌平均倍数", readings.number, readings.money),
    "skill_edge": ("技术优势：一个强手对三个贪心每手多赢（底注）", readings.money, readings.money),
}


SKIPPED_ROW = "skipped_seats"  # the row experiments.study_variants gives a variant the seat mix cannot play


def _rows(summary: pl.DataFrame) -> dict[str, dict[str, dict]]:
    """Return {variant: {statistic: row}} of the study, variants in summary order."""
    out: dict[str, dict[str, dict]] = {}
    for row in summary.filter((pl.col("study") == STUDY) & (pl.col("name") != SKIPPED_ROW)).iter_rows(named=True):
        out.setdefault(row["group"], {})[row["name"]] = row
    return out


def _skipped(summary: pl.DataFrame) -> list[str]:
    """Return the variants the run's seat mix could not play (``skipped_seats`` rows), in summary order."""
    rows = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == SKIPPED_ROW))
    return list(dict.fromkeys(rows["group"].to_list()))


def _label(name: str) -> str:
    """Return the spoken name of any statistic of the study (shape / feature rows included)."""
    if name in STATISTICS:
        return STATISTICS[name][0]
    if name.startswith("shape_"):
        return SHAPE_LABELS.get(name.removeprefix("shape_"), name) + "占胡牌"
    if name.startswith("feature_"):
        return FEATURE_LABELS.get(name.removeprefix("feature_"), name) + "占胡牌"
    return name


def _format(name: str, row: dict | None) -> str:
    fmt = STATISTICS[name][1] if name in STATISTICS else readings.percent
    return fmt(row)


def clear_differences(by_variant: dict[str, dict[str, dict]]) -> list[tuple[str, str, str, dict]]:
    """Return (statistic, variant a, variant b, row of b − a) for every pair whose difference's 95 % interval
    excludes 0 (independent estimates), over the headline statistics."""
    variants = list(by_variant)
    out = []
    for name in STATISTICS:
        for i, a in enumerate(variants):
            for b in variants[i + 1:]:
                first, second = by_variant[a].get(name), by_variant[b].get(name)
                if readings._has_interval(first) and readings._has_interval(second):
                    difference = readings._difference(first, second)
                    if readings.significant(difference):
                        out.append((name, a, b, difference))
    return out


def reading(summary: pl.DataFrame) -> str:
    """Return the plain-Chinese reading: each variant's numbers, the clear differences, and shape data."""
    by_variant = _rows(summary)
    skipped = "".join(f"{variant_label(v)}：座位组合里有该变体没有的策略（如金华没有上架），本研究跳过该变体。"
                      for v in _skipped(summary))
    if not by_variant:
        return readings.NO_DATA + "。" + skipped
    hands = {v: r["huang_rate"]["n"] for v, r in by_variant.items() if "huang_rate" in r}
    parts = ["每个变体按各自的默认规则、同一座位组合和同一种子各打 "
             + "、".join(f"{variant_label(v)} {n:,} 手" for v, n in hands.items())
             + "。不同变体是不同的游戏，所以区间按变体各自给出，两变体之差按独立样本计算，不逐手配对。"]
    for variant, rows in by_variant.items():
        cells = [f"{STATISTICS[n][0]} {STATISTICS[n][1](rows[n])}" for n in STATISTICS if n in rows]
        parts.append(f"{variant_label(variant)}：" + "，".join(cells) + "。")
    if len(by_variant) < 2:
        parts.append("只有一个变体，没有可比较的对象；引擎实现更多变体后再运行本实验即可并排比较。")
    else:
        clear = clear_differences(by_variant)
        if clear:
            parts.append("这个样本量下清楚的差别（差的 95 % 区间不含 0）：" + "；".join(
                f"{STATISTICS[n][0]} {variant_label(b)} − {variant_label(a)} = {STATISTICS[n][2](d)}"
                for n, a, b, d in clear) + "。")
            pairs = {(n, frozenset((a, b))) for n, a, b, _ in clear}
            for variant in by_variant:
                own = [n for n in STATISTICS if all((n, frozenset((variant, o))) in pairs
                                                    for o in by_variant if o != variant)]
                if own:
                    parts.append(f"{variant_label(variant)} 与其余每个变体都分得开的是："
                                 + "、".join(STATISTICS[n][0] for n in own) + "。")
        else:
            parts.append("这个样本量下各变体的主要统计量两两都分不开；加大 hands 再看。")
        unclear = [STATISTICS[n][0] for n in STATISTICS
                   if sum(n in r for r in by_variant.values()) > 1 and n not in {c[0] for c in clear}]
        if unclear:
            parts.append("在这个样本量下任何两个变体之间都分不开的：" + "、".join(unclear) + "。")
    for variant, rows in by_variant.items():
        if not any(n.startswith("feature_") for n in rows):
            parts.append(f"{variant_label(variant)}：{NO_SHAPE_DATA}。")
    from reports.section_skill import ranking_sentence  # with the skill edge measured per variant

    return "".join(parts) + skipped + ranking_sentence(summary)


def table(summary: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Return (header, rows): one row per statistic, one column per variant (estimate [95 % interval])."""
    by_variant = _rows(summary)
    names = list(dict.fromkeys(n for rows in by_variant.values() for n in rows))
    header = ["统计量", "含义"] + [variant_label(v) for v in by_variant]
    return header, [[n, _label(n)] + [_format(n, rows.get(n)) if n in rows else "–" for rows in by_variant.values()]
                    for n in names]


def section_blocks(summary: pl.DataFrame, figure=None) -> list[tuple]:
    """Return the report blocks of the study: reading, comparison figure, per-variant table."""
    blocks = [("p", reading(summary))]
    if figure is not None:
        blocks.append(("figure", figure, "各变体并排（误差线为各变体自己的 95 % 区间）"))
    header, rows = table(summary)
    blocks.append(("p", "每格是估计和 95 % 区间：均值用 Student-t，比例用 Wilson，标准差用 delta 方法；"
                        "“–” 表示该变体没有这个统计量（例如没有记录牌型特征）。"))
    blocks.append(("table", header, rows))
    return blocks
