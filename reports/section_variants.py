"""The variants study's report section: what each regional variant changes relative to the control 推倒胡 (a
paragraph, a figure of the differences, a table), then a plain-Chinese reading, the comparison figure and a table
with one column per variant.

Built from the summary rows alone (study ``variants``, group = variant). Variants are different games, so
each estimate has its own interval and a difference between two variants is judged with the interval of a
difference of independent estimates (``reports.readings``), never paired hand by hand.
"""
from __future__ import annotations

import polars as pl

from reports import readings
from reports.figures_variants import control_path
from reports.section_skill import ranking_sentence
from reports.variant_rows import (CONTROL_PREFIX, SKIPPED_ROW, STUDY, control_rows,  # noqa: F401  (public here)
                                  control_variant, variant_rows)
from reports.win_labels import FEATURE_LABELS, NO_SHAPE_DATA, SHAPE_LABELS, variant_label
from sim.variant_facts import control_rule_set

TITLE = "各规则并排：各变体有什么不同？"
#: Headline statistics: name -> (spoken name, formatter of a row, formatter of a difference).
STATISTICS = {
    "huang_rate": ("荒庄率", readings.percent, readings.points),
    "dealer_result": ("庄家每手输赢（底注/手）", readings.money, readings.money),
    "dealer_win_rate": ("庄家胡牌率", readings.percent, readings.points),
    "zimo_share": ("自摸占胡牌", readings.percent, readings.points),
    "dianhu_share": ("点炮胡占胡牌", readings.percent, readings.points),
    "qianggang_share": ("抢杠胡占胡牌", readings.percent, readings.points),
    "hand_draws": ("每手摸牌数", readings.number, readings.money),
    "volatility": ("一家每手输赢的标准差（底注/手）", readings.number, readings.money),
    "mean_multiplier": ("胡牌平均倍数", readings.number, readings.money),
    "skill_edge": ("技术优势：一个强手对三个贪心每手多赢（底注/手）", readings.money, readings.money),
}


#: The usual control, the rule set whose facts say so (推倒胡): the reading says its comparison is missing when the
#: seat mix left it out.
DEFAULT_CONTROL = control_rule_set()
#: How the control paragraph says a clear difference: statistic -> (subject, word when larger, word when smaller,
#: display scale, number format, unit).
CONTROL_WORDS = {
    "huang_rate": ("荒庄率", "高", "低", 100.0, ".2f", " 个百分点"),
    "dealer_result": ("庄家每手", "多得", "少得", 1.0, ".3f", " 底注"),
    "dealer_win_rate": ("庄家胡牌率", "高", "低", 100.0, ".2f", " 个百分点"),
    "zimo_share": ("自摸占胡牌的比例", "高", "低", 100.0, ".2f", " 个百分点"),
    "dianhu_share": ("点炮胡占胡牌的比例", "高", "低", 100.0, ".2f", " 个百分点"),
    "hand_draws": ("每手", "多摸", "少摸", 1.0, ".2f", " 张牌"),
    "volatility": ("一家每手输赢的标准差", "大", "小", 1.0, ".3f", " 底注"),
    "mean_multiplier": ("胡牌平均倍数", "高", "低", 1.0, ".2f", " 倍"),
}


def _control_label(summary: pl.DataFrame) -> str:
    control = control_variant(summary)
    return variant_label(control) if control else "对照"


def _size(row: dict, scale: float, spec: str, unit: str) -> str:
    """Return the unsigned size of a difference, its unit, then its interval low to high ("5.00 个百分点 [2.10,
    7.90]")."""
    sign = -1 if row["estimate"] < 0 else 1
    low, high = sorted((sign * scale * row["ci_low"], sign * scale * row["ci_high"]))
    return f"{abs(scale * row['estimate']):{spec}}{unit} [{low:{spec}}, {high:{spec}}]"


def control_sentence(variant: str, rows: dict[str, dict], control: str, names=tuple(CONTROL_WORDS)) -> str:
    """Return what ``variant`` changes relative to the control in plain words: each clear difference (its 95 %
    interval excludes 0) with its size and interval, then the statistics the intervals cannot tell from the control
    (an interval [0, 0], both sides without spread, as when neither had a 荒庄, is one of them)."""
    clear, unclear = [], []
    for name in names:
        row = rows.get(name)
        if not readings._has_interval(row):
            continue
        subject, more, less, scale, spec, unit = CONTROL_WORDS[name]
        if readings.significant(row):
            clear.append((subject, more if row["estimate"] > 0 else less, _size(row, scale, spec, unit)))
        else:
            unclear.append(STATISTICS[name][0].split("（")[0])  # the spoken name without its unit
    parts = [f"{subject}{'比' + control if i == 0 else ''}{verb} {size}" for i, (subject, verb, size) in
             enumerate(clear)]
    if unclear:
        parts.append("、".join(unclear) + "与对照无明显差别（区间含 0）")
    return f"{variant_label(variant)}：" + ("，".join(parts) if parts else "没有可比较的统计量") + "。"


def control_reading(summary: pl.DataFrame) -> str:
    """Return the paragraph "相对推倒胡（对照）": for each regional variant, what it changes relative to the control
    (only what the 95 % intervals support); '' when the summary has no differences from a control."""
    differences = control_rows(summary)
    if not differences:
        if DEFAULT_CONTROL in _skipped(summary):
            return (f"相对{variant_label(DEFAULT_CONTROL)}（对照）：座位组合里有在{variant_label(DEFAULT_CONTROL)}下不能打的"
                    "策略，对照没有运行，本次没有相对对照的比较；换成只用贪心等通用策略的座位组合即可。")
        return ""
    control = _control_label(summary)
    plain = f"{control}是没有地方规则的基准玩法。" if control_variant(summary) == DEFAULT_CONTROL else ""
    intro = (f"相对{control}（对照）：{plain}下面是各地规则与它之差（地方 − {control}）。"
             "两者是不同的牌局，不逐手配对，差的 95 % 区间由两边各自的标准误合成；区间含 0 的差别说成“与对照无明显差别”。")
    return intro + "".join(control_sentence(v, rows, control) for v, rows in differences.items())


def control_table(summary: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Return (header, rows): one row per compared statistic, one column per regional variant (variant − control,
    estimate [95 % interval])."""
    differences = control_rows(summary)
    control = _control_label(summary)
    names = [n for n in STATISTICS if any(n in rows for rows in differences.values())]
    header = ["统计量", "含义"] + [f"{variant_label(v)} − {control}" for v in differences]
    return header, [[f"`{CONTROL_PREFIX}{n}`", STATISTICS[n][0] + "之差"]
                    + [STATISTICS[n][2](rows[n]) if n in rows else "–" for rows in differences.values()]
                    for n in names]


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
    """Return the plain-Chinese reading: each variant's numbers, the clear differences between two variants (the
    regional ones only when there is a control: ``control_reading`` gives theirs from it), and shape data."""
    by_variant = variant_rows(summary)
    skipped = "".join(f"{variant_label(v)}：座位组合里有在该变体下不能打的策略（如金华没有上架，学习型没有该变体的模型文件），"
                      "本研究跳过该变体。"
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
    control = control_variant(summary)
    compared = {v: r for v, r in by_variant.items() if v != control}  # the control's differences: control_reading
    if control:
        parts.append(f"与{variant_label(control)}（对照）的差别见本节第一段"
                     + ("；下面只比较各地规则之间。" if len(compared) > 1 else "。"))
    if len(by_variant) < 2:
        parts.append("只有一个变体，没有可比较的对象；引擎实现更多变体后再运行本实验即可并排比较。")
    elif len(compared) > 1:
        clear = clear_differences(compared)
        if clear:
            parts.append("这个样本量下清楚的差别（差的 95 % 区间不含 0）：" + "；".join(
                f"{STATISTICS[n][0]} {variant_label(b)} − {variant_label(a)} = {STATISTICS[n][2](d)}"
                for n, a, b, d in clear) + "。")
            pairs = {(n, frozenset((a, b))) for n, a, b, _ in clear}
            for variant in compared:
                own = [n for n in STATISTICS if all((n, frozenset((variant, o))) in pairs
                                                    for o in compared if o != variant)]
                if own:
                    parts.append(f"{variant_label(variant)} 与其余每个变体都分得开的是："
                                 + "、".join(STATISTICS[n][0] for n in own) + "。")
        else:
            parts.append("这个样本量下各变体的主要统计量两两都分不开；加大 hands 再看。")
        unclear = [STATISTICS[n][0] for n in STATISTICS
                   if sum(n in r for r in compared.values()) > 1 and n not in {c[0] for c in clear}]
        if unclear:
            parts.append("在这个样本量下任何两个变体之间都分不开的：" + "、".join(unclear) + "。")
    for variant, rows in by_variant.items():
        if not any(n.startswith("feature_") for n in rows):
            parts.append(f"{variant_label(variant)}：{NO_SHAPE_DATA}。")

    return "".join(parts) + skipped + ranking_sentence(summary)


def table(summary: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Return (header, rows): one row per statistic, one column per variant (estimate [95 % interval])."""
    by_variant = variant_rows(summary)
    names = list(dict.fromkeys(n for rows in by_variant.values() for n in rows))
    header = ["统计量", "含义"] + [variant_label(v) for v in by_variant]
    return header, [[f"`{n}`", _label(n)]
                    + [_format(n, rows.get(n)) if n in rows else "–" for rows in by_variant.values()]
                    for n in names]


def section_blocks(summary: pl.DataFrame, figure=None) -> list[tuple]:
    """Return the report blocks of the study: the comparison with the control (paragraph, figure of the differences
    drawn beside the comparison figure, table), then the reading, comparison figure and per-variant table."""

    blocks = []
    control = control_reading(summary)
    if control:
        blocks.append(("p", control))
    if control_rows(summary):
        if figure is not None and control_path(figure).is_file():
            blocks.append(("figure", control_path(figure),
                           f"各地规则 − {_control_label(summary)}（对照）：点为差，误差线为差的 95 % 区间，不逐手配对"))
        header, rows = control_table(summary)
        blocks.append(("table", header, rows))
    blocks.append(("p", reading(summary)))
    if figure is not None:
        blocks.append(("figure", figure, "各变体并排（误差线为各变体自己的 95 % 区间）"))
    header, rows = table(summary)
    blocks.append(("p", "每格是估计和 95 % 区间：均值用 Student-t，比例用 Wilson，标准差用 delta 方法；"
                        "“–” 表示该变体没有这个统计量（例如没有记录牌型特征）。"))
    blocks.append(("table", header, rows))
    return blocks
