"""What the tune study's summary rows mean in the report's words: each statistic's Chinese name, display scale and
unit, each goal in words, and the rows of the study read back (targets, settings)."""
from __future__ import annotations

import math

import polars as pl

from reports.number_text import fixed

STUDY = "tune"
#: statistic -> (Chinese name, display scale, unit).
STAT_WORDS = {
    "dealer_result": ("庄家每手输赢", 1.0, "底注/手"),
    "huang_rate": ("荒庄率", 100.0, "%"),
    "zimo_share": ("自摸占胡牌的比例", 100.0, "%"),
    "deal_in_rate": ("点炮胡率", 100.0, "%"),
    "hand_draws": ("每手摸牌数", 1.0, "张"),
    "volatility": ("一家每手输赢的标准差", 1.0, "底注/手"),
    "mean_multiplier": ("胡牌平均倍数", 1.0, "倍"),
}


def rows_of(summary: pl.DataFrame) -> pl.DataFrame:
    """Return the tune study's rows of a summary."""
    return summary.filter(pl.col("study") == STUDY)


def goals(rows: pl.DataFrame) -> list[tuple]:
    """Return the goals as (stat, goal, value or None, tolerance), in target order."""
    targets = rows.filter(pl.col("group") == "target").sort("n")
    out = []
    for row in targets.iter_rows(named=True):
        stat, _, goal = row["name"].partition(" ")
        value = None if row["estimate"] is None or math.isnan(row["estimate"]) else row["estimate"]
        tolerance = 0.0 if row["se"] is None or math.isnan(row["se"]) else row["se"]
        out.append((stat, goal, value, tolerance))
    return out


def number(value: float, stat: str) -> str:
    """Return a statistic's value in its display unit, e.g. ``3.1 %`` or ``-0.012 底注/手``."""
    word, scale, unit = STAT_WORDS[stat]
    return f"{value * scale:.{_digits(stat)}f} {unit}"


def _digits(stat: str) -> int:
    unit = STAT_WORDS[stat][2]
    return 1 if unit == "%" else (2 if stat in ("hand_draws", "mean_multiplier") else 3)


def interval(estimate: float, low: float, high: float, stat: str, difference: bool = False) -> str:
    """Return a statistic (or, ``difference``, a paired difference) in the report's one interval style: value, unit,
    then the 95 % interval in brackets, e.g. ``3.6 % [3.2, 4.2]``, ``+0.8 个百分点 [-4.3, +5.8]`` (a difference of
    rates is in percentage points), ``-0.630 底注/手 [-1.173, -0.087]``; no brackets when ``low`` is NaN."""
    _, scale, unit = STAT_WORDS[stat]
    spec = f"{'+' if difference else ''}.{_digits(stat)}f"
    unit = "个百分点" if difference and unit == "%" else unit
    text = f"{fixed(estimate * scale, spec)} {unit}"
    if low is None or math.isnan(low):
        return text
    return f"{text} [{fixed(low * scale, spec)}, {fixed(high * scale, spec)}]"


def goal_words(goal: tuple) -> str:
    """Return a goal in Chinese, e.g. ``荒庄率 ≤ 3.0 %`` or ``庄家每手输赢 = 0.000 ± 0.020 底注/手``."""
    stat, kind, value, tolerance = goal
    word, scale, unit = STAT_WORDS[stat]
    if kind == "target":
        digits = 1 if unit == "%" else 3
        return f"{word} = {value * scale:.{digits}f} ± {tolerance * scale:.{digits}f} {unit}"
    if kind == "max_bound":
        return f"{word} ≤ {number(value, stat)}"
    if kind == "min_bound":
        return f"{word} ≥ {number(value, stat)}"
    return f"{word}{'越大越好' if kind == 'maximize' else '越小越好'}"


def settings(rows: pl.DataFrame) -> dict[str, dict[str, str]]:
    """Return {group: {flag: value text}} of the ``base`` and ``best=<rank>`` groups."""
    out: dict[str, dict[str, str]] = {}
    for row in rows.filter(pl.col("name").str.starts_with("set ")).iter_rows(named=True):
        flag, _, value = row["name"].removeprefix("set ").partition("=")
        out.setdefault(row["group"], {})[flag] = value
    return out


#: Meanings of the tune study's own row names (``meaning``).
_ROW_MEANINGS = {
    "deal_in_rate": "点炮胡率（点炮胡的手占全部手的比例）", "feasible": "这组试验是否满足全部约束（是/否）",
    "trial": "试验序号", "reeval_met": "新牌墙复测时是否满足全部约束（是/否）",
    "trials": "完成的试验数", "feasible_trials": "满足全部约束的试验数", "pruned": "规则不允许、已剪除的组合数", "failed": "中断后重试的试验数",
    "space_size": "搜索空间的设置总数", "hands": "每组试验的手数", "seed": "搜索牌墙的种子",
    "reeval_hands": "复测每组的手数", "reeval_seed": "复测牌墙的种子", "seconds": "调优用时（秒）",
    "queued": "在 TPE 之前排队、已试过的设置数（基准和单改一个规则）", "proposed": "TPE 提出、已试过的设置数",
    "waiting": "排队但没有轮到的设置数", "copied": "与已试过的设置相同、沿用其结果的试验数",
    "simulated_hands": "调优模拟的总手数（搜索与复测）",
}


def meaning(name: str) -> str:
    """Return the plain-Chinese meaning of a tune row name ('' for a name the study does not write)."""
    if name in _ROW_MEANINGS:
        return _ROW_MEANINGS[name]
    if name in STAT_WORDS:
        return STAT_WORDS[name][0]
    if name.startswith("reeval_diff_") and name.removeprefix("reeval_diff_") in STAT_WORDS:
        return "新牌墙复测：" + STAT_WORDS[name.removeprefix("reeval_diff_")][0] + "与基准之差（配对）"
    if name.startswith("reeval_") and name.removeprefix("reeval_") in STAT_WORDS:
        return "新牌墙复测：" + STAT_WORDS[name.removeprefix("reeval_")][0]
    if name.startswith("set "):
        return "该设置下的规则取值"
    stat, _, goal = name.partition(" ")
    if stat in STAT_WORDS and goal in ("target", "max_bound", "min_bound", "maximize", "minimize"):
        return "调优目标：" + STAT_WORDS[stat][0]
    flag = name.split("=", 1)[0]
    if _is_rule_flag(flag):
        return "这条规则" + ("单独改变时的变化" if "=" in name else "对达到目标的重要性")
    return ""


def _is_rule_flag(name: str) -> bool:
    """Return True when ``name`` is a rule flag of any variant."""
    from sim.rules import CONFIG_CLASSES, field_names

    return any(name in field_names(v) for v in CONFIG_CLASSES)
