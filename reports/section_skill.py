"""The skill study's report section: per headline, does the greedy-table conclusion hold for stronger players, and
how much does the rule set reward skill. Built from the summary rows alone (study ``skill``; experiments.study_skill).

The verdict on one headline (``verdict``) compares the greedy level's value g, a compared level's value s (``COMPARED``:
the learned level, then the strong level, each where the run played it) and their paired difference d = s − g (same
walls); below, "the strong table" is the compared level's table:

* 未被推翻 (not contradicted): g and s have the same sign, d's 95 % interval contains 0 — the strong table does not
  contradict the greedy number — and, when g's interval excludes 0, s's does too (else a small strong sample would
  call every conclusion not contradicted);
* 得到确认 (confirmed): not contradicted, and the strong sample is large enough to show it: a money headline's g
  and s both exclude 0 (the strong table shows the same direction on its own), a level's d lies within ±10 % of g
  (the strong table measures the same level);
* 被推翻 (contradicted): the sign flips — s has the other sign and its interval excludes 0;
* 不确定 (uncertain): everything else — the same sign but a clearly different size (d excludes 0), a clear greedy
  conclusion that the strong sample cannot tell from 0, a flip that this sample cannot tell from 0, or a level
  without data.

Only the money headlines (``SIGNED``) have a sign to flip. A rate or a size (荒庄 rate, volatility, ...) is a level:
an estimate of 0 (金华's 荒庄, 0.11 % of greedy hands, seen 0 times in 1,500 strong hands) is not a flip but a
sample too small to show it, so a level is never 不成立 by sign and reads 不确定 for that reason.
"""
from __future__ import annotations

import polars as pl

from reports import readings
from reports.full_table import full_table
from reports.skill_words import HEADLINE_WORDS, headline_key, statistic_meaning, words  # noqa: F401  (public here)
from reports.tables import fixed

STUDY = "skill"
TITLE = "技术水平：强手打，结论还成立吗？规则奖励技术多少？"
CONFIRMED, HOLDS, FAILS, UNSURE = "得到确认", "未被推翻", "被推翻", "不确定"
#: How close a level must be measured at the strong table to be confirmed: d within ±LEVEL_CONFIRM × |g|.
LEVEL_CONFIRM = 0.10
#: Level -> its name in the report.
LEVEL_WORDS = {"random": "随机", "greedy": "贪心", "learned": "学习型", "strong": "强手"}
#: The levels each compared with the greedy level (a verdict per headline), in report order.
COMPARED = ("learned", "strong")
#: The reference level every compared level is paired with.
REFERENCE = "greedy"
EDGE_WORDS = {"one_strong": "一个强手对三个贪心", "one_greedy": "一个贪心对三个强手"}
#: Headlines whose conclusion is a direction (money, signed); the others are levels (rates, sizes).
SIGNED = ("dealer_result", "chase_gain_k", "early_ting_cost_t", "baotou_gain")
RULE = ("判定（学习型桌、强手桌各自与贪心桌比）：贪心桌与该水平的牌桌同号、且两桌的配对差的 95 % 区间含 0，为“未被推翻”"
        "（贪心桌的区间不含 0 时，该水平桌的也须不含 0）；未被推翻且该水平桌的样本足以单独显示它（输赢类：两桌的区间都不含 0；"
        "比例、倍数、标准差：配对差在贪心桌估计的 ±10 % 以内）为“得到确认”；该水平桌符号相反、且其区间不含 0，为“被推翻”；"
        "其余（同号但大小明显变了、符号翻转但区间含 0）为“不确定”。比例、倍数、标准差没有正负之分：该水平桌估计为 0"
        "（样本里一次也没出现）不算翻转，只算样本还看不清。")


def _signed(name: str) -> bool:
    """Return whether a headline's conclusion is a direction (a money headline of ``SIGNED``), not a level."""
    return headline_key(name)[0] in SIGNED


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


def _same_sign(greedy: dict, strong: dict, signed: bool) -> bool:
    """Return whether the two levels' estimates agree in sign (always, for a level headline)."""
    return not signed or _sign(greedy["estimate"]) == _sign(strong["estimate"])


def verdict(greedy: dict | None, strong: dict | None, difference: dict | None, signed: bool = True) -> str:
    """Return 得到确认 / 未被推翻 / 被推翻 / 不确定 for one headline from its greedy-level row, strong-level row and their paired
    difference row (strong − greedy); ``signed`` is False for a level (a rate or a size), which has no sign to
    flip; see the module docstring."""
    if not (readings._has_interval(greedy) and readings._has_interval(strong) and readings._has_interval(difference)):
        return UNSURE
    same = _same_sign(greedy, strong, signed)
    if not same and readings.significant(strong):
        return FAILS
    shown = readings.significant(strong) or not readings.significant(greedy)  # a clear greedy result seen again
    if same and difference["ci_low"] <= 0 <= difference["ci_high"] and shown:
        return CONFIRMED if _confirmed(greedy, strong, difference, signed) else HOLDS
    return UNSURE


def _confirmed(greedy: dict, strong: dict, difference: dict, signed: bool) -> bool:
    """Return whether the strong sample shows a not-contradicted headline itself (see the module docstring)."""
    if signed:
        return readings.significant(greedy) and readings.significant(strong)
    reach = max(abs(difference["ci_low"]), abs(difference["ci_high"]))
    return reach <= LEVEL_CONFIRM * abs(greedy["estimate"])


def _get(summary: pl.DataFrame, name: str, group: str) -> dict | None:
    return readings._get(summary, STUDY, name, group)


def level_specs(summary: pl.DataFrame) -> dict[str, tuple[str, int]]:
    """Return {level: (strategy spec, hands of its table)} from the ``level_spec`` rows."""
    rows = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "level_spec"))
    return {r["group"].split("=", 1)[0]: (r["group"].split("=", 1)[1], int(r["n"])) for r in rows.iter_rows(named=True)}


def headlines(summary: pl.DataFrame) -> list[str]:
    """Return the headline names of the greedy level, in summary order."""
    rows = summary.filter((pl.col("study") == STUDY) & (pl.col("group") == "greedy"))
    return rows["name"].to_list()


def _value(row: dict | None, name: str) -> str:
    """Return a row's estimate and interval in the headline's unit ('–' without data)."""
    if not readings._has_estimate(row):
        return "–"
    _, unit, scale = words(name)
    spec = ".2f" if unit in ("%", "倍") else "+.3f" if _signed(name) else ".3f"
    text = fixed(scale * row["estimate"], spec) + (" %" if unit == "%" else "")
    if not readings._has_interval(row):
        return text
    return f"{text} [{fixed(scale * row['ci_low'], spec)}, {fixed(scale * row['ci_high'], spec)}]"


def _difference(row: dict | None, name: str) -> str:
    """Return a paired difference in the headline's unit (百分点 for rates)."""
    if not readings._has_estimate(row):
        return "–"
    _, unit, scale = words(name)
    if row["se"] == 0 and row["estimate"] == 0:
        return "0（每手相同）"
    text = (f"{fixed(scale * row['estimate'], '+.3f' if unit != '%' else '+.2f')} "
            f"[{fixed(scale * row['ci_low'], '+.3f' if unit != '%' else '+.2f')}, "
            f"{fixed(scale * row['ci_high'], '+.3f' if unit != '%' else '+.2f')}]")
    return text + (" 个百分点" if unit == "%" else "")


def difference_group(level: str) -> str:
    """Return the summary group of ``level``'s paired differences to the greedy level, e.g. ``strong − greedy``."""
    return f"{level} − {REFERENCE}"


def compared_levels(summary: pl.DataFrame) -> list[str]:
    """Return the compared levels (``COMPARED``) the run played (a ``level_spec`` row), in report order."""
    played = level_specs(summary)
    return [level for level in COMPARED if level in played]


def skipped_levels(summary: pl.DataFrame) -> list[str]:
    """Return the levels the study left out (``skipped_level`` rows: their player had no model file)."""
    rows = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "skipped_level"))
    return rows["group"].to_list()


def skipped_sentence(summary: pl.DataFrame) -> str:
    """Return why a level was not played ('' when every level was)."""
    from reports import terms
    from reports.win_labels import variant_label

    return "".join(f"{LEVEL_WORDS.get(level, level)}水平没有打：本规则集（{variant_label(terms.variant())}）还没有可用的学习型模型文件"
                   f"（训练：`mjrules experiment=train rules={terms.variant()}`）。" for level in skipped_levels(summary))


def verdicts(summary: pl.DataFrame, level: str = "strong") -> list[tuple[str, str]]:
    """Return (headline name, verdict) for every headline the compared ``level`` (learned or strong) played."""
    return [(name, verdict(_get(summary, name, REFERENCE), _get(summary, name, level),
                           _get(summary, f"diff_{name}", difference_group(level)), _signed(name)))
            for name in headlines(summary) if _get(summary, name, level) is not None]


def _reason(name: str, summary: pl.DataFrame, word: str, level: str = "strong") -> str:
    greedy, strong = _get(summary, name, REFERENCE), _get(summary, name, level)
    difference = _get(summary, f"diff_{name}", difference_group(level))
    text = (f"贪心桌 {_value(greedy, name)}，{LEVEL_WORDS[level]}桌 {_value(strong, name)}，"
            f"差 {_difference(difference, name)}")
    signed = _signed(name)
    same = readings._has_estimate(strong) and _same_sign(greedy, strong, signed)
    table = f"{LEVEL_WORDS[level]}桌"
    if word == UNSURE and same and readings._has_interval(difference) \
            and difference["ci_low"] <= 0 <= difference["ci_high"]:
        text += (f"：方向相同，但{table}的区间含 0，这个样本还证实不了" if signed
                 else f"：{table}的区间含 0，这个样本还看不清它")
    elif word == UNSURE and readings._has_interval(difference) and same:
        text += "：方向相同，但大小明显变了" if signed else "：大小明显变了"
    elif word == UNSURE and readings._has_estimate(strong):
        text += f"：符号翻转，但{table}的区间含 0，分不清"
    return text


def edge_sentence(summary: pl.DataFrame) -> str:
    """Return the skill-edge sentence (both edges with intervals), '' without them."""
    parts = []
    for group, text in EDGE_WORDS.items():
        row = _get(summary, "skill_edge", group)
        if readings._has_estimate(row):
            parts.append(f"{text}，强手每手{readings.more_or_less(row)} 底注（同一批牌墙、0 号位对 0 号位配对，"
                         f"{row['n']:,} 手，{readings.verdict(row)}）")
    return ("技术优势：" + "；".join(parts) + "。") if parts else ""


def variant_edges(summary: pl.DataFrame) -> dict[str, dict]:
    """Return {variant: skill-edge row (one strong seat vs three greedy)} of every variant the summary measured:
    this study's (the run's variant) and the variants study's ``skill_edge`` rows."""
    from reports import terms

    edges = {}
    for row in summary.filter((pl.col("study") == "variants") & (pl.col("name") == "skill_edge")).iter_rows(named=True):
        if readings._has_estimate(row):
            edges[row["group"]] = row
    own = _get(summary, "skill_edge", "one_strong")
    if readings._has_estimate(own) and terms.variant() not in edges:
        edges[terms.variant()] = own
    return edges


def ranking_sentence(summary: pl.DataFrame) -> str:
    """Return the variants ranked by skill edge (largest first) when the summary measured several, else ''."""
    from reports.win_labels import variant_label

    edges = variant_edges(summary)
    if len(edges) < 2:
        return ""
    ranked = sorted(edges.items(), key=lambda item: item[1]["estimate"], reverse=True)
    return ("按技术优势（一个强手对三个贪心，每手多赢）给变体排序：" + " > ".join(
        f"{variant_label(v)} {readings.money(row)}" for v, row in ranked)
        + " 底注（各变体自己的牌墙，区间各自独立：相邻两名的区间重叠时名次分不开）。")


def reading(summary: pl.DataFrame) -> str:
    """Return the reading: the levels played, per compared level (learned, strong) and headline whether the greedy
    conclusion holds, any level left out, then the skill edge and, with several variants, their ranking."""
    specs = level_specs(summary)
    if not specs:
        return readings.NO_DATA + "。"
    parts = ["水平：" + "，".join(f"{LEVEL_WORDS.get(level, level)} `{spec}`（{hands:,} 手）"
                                  for level, (spec, hands) in specs.items())
             + "；每个水平与贪心水平打同一批牌墙、逐手配对。比较两种策略的结论（追十三幺、立即上架、等爆头）在每个水平里"
               "让被研究的策略坐 0 号位、对手是该水平的三家。"]
    for level in compared_levels(summary):
        found = verdicts(summary, level)
        parts.append(f"{LEVEL_WORDS[level]}桌（`{specs.get(level, ('?', 0))[0]}`）对贪心桌——")
        for word in (CONFIRMED, HOLDS, FAILS, UNSURE):
            names = [name for name, w in found if w == word]
            if names:
                parts.append(f"{word}：" + "；".join(f"{words(n)[0]}（{_reason(n, summary, word, level)}）"
                                                   for n in names) + "。")
    parts += [skipped_sentence(summary), RULE, edge_sentence(summary), ranking_sentence(summary)]
    return "".join(p for p in parts if p)


def verdict_table(summary: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Return (header, rows): per headline its value at each level, then per compared level (learned, strong) its
    paired difference to the greedy level and the verdict."""
    levels = list(level_specs(summary))
    compared = compared_levels(summary)
    header = ["结论", "单位"] + [LEVEL_WORDS.get(level, level) for level in levels]
    for level in compared:
        header += [f"{LEVEL_WORDS[level]} − 贪心（配对）", f"判定（{LEVEL_WORDS[level]}）"]
    found = {level: dict(verdicts(summary, level)) for level in compared}
    rows = []
    for name in headlines(summary):
        text, unit, _ = words(name)
        row = [text, unit] + [_value(_get(summary, name, level), name) for level in levels]
        for level in compared:
            row += [_difference(_get(summary, f"diff_{name}", difference_group(level)), name),
                    found[level].get(name, "–")]
        rows.append(row)
    return header, rows


def section_blocks(summary: pl.DataFrame, figure=None) -> list[tuple]:
    """Return the section's blocks: reading, verdict table, figure, folded full table."""
    header, rows = verdict_table(summary)
    blocks = [("p", reading(summary)), ("table", header, rows)]
    if figure is not None:
        blocks.append(("figure", figure, "贪心桌与学习型桌、强手桌的各项结论（误差线为 95 % 区间），最后一格是技术优势"))
    blocks.append(full_table(summary.filter(pl.col("study") == STUDY)))
    return blocks


def _level_count(summary: pl.DataFrame, level: str) -> str:
    """Return how many of the greedy table's headlines a compared level confirms, leaves, contradicts ('' when it
    has none)."""
    found = verdicts(summary, level)
    if not found:
        return ""
    counts = {w: sum(1 for _, v in found if v == w) for w in (CONFIRMED, HOLDS, FAILS, UNSURE)}
    spec, hands = level_specs(summary).get(level, ("?", 0))
    text = (f"{LEVEL_WORDS[level]}桌（`{spec}`，{hands:,} 手）：{len(found)} 项结论里，得到确认 {counts[CONFIRMED]} 项、"
            f"未被推翻 {counts[HOLDS]} 项、被推翻 {counts[FAILS]} 项、不确定 {counts[UNSURE]} 项")
    failed = [words(n)[0] for n, v in found if v == FAILS]
    return text + ("（被推翻：" + "、".join(failed) + "）" if failed else "")


def conclusion(summary: pl.DataFrame) -> str:
    """Return the one-sentence answer for the report's 结论 block: per compared level (learned, strong) how many
    headlines hold, and the skill edge."""
    counted = [c for c in (_level_count(summary, level) for level in compared_levels(summary)) if c]
    if not counted:
        return ""
    text = "；".join(counted)
    edge = _get(summary, "skill_edge", "one_strong")
    if readings._has_estimate(edge):
        text += f"；一个强手对三个贪心，强手每手{readings.more_or_less(edge)} 底注"
    return text + "。"

