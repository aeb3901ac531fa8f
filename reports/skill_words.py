"""The skill study's headlines in the report's words: each headline's Chinese name, unit and display scale, and
the meaning of a statistic named with its k or t — plain Python (read by the skill section and the full tables)."""
from __future__ import annotations

import re

#: Headline name (``chase_gain_k9`` read as ``chase_gain_k``) -> (words, unit, display scale).
HEADLINE_WORDS = {
    "dealer_result": ("庄家每手输赢", "底注/手", 1.0),
    "huang_rate": ("荒庄率", "%", 100.0),
    "zimo_share": ("自摸占胡牌的比例", "%", 100.0),
    "deal_in_rate": ("点炮胡率（点炮胡的手占全部手的比例）", "%", 100.0),
    "mean_multiplier": ("胡牌平均倍数", "倍", 1.0),
    "volatility": ("一家每手输赢的标准差", "底注/手", 1.0),
    "chase_gain_k": ("追十三幺的收益（起手 {v} 种幺九/字，追 − 贪心）", "底注/手", 1.0),
    "early_ting_cost_t": ("立即上架的代价（等 {v} 个活张再上架 − 立即上架）", "底注/手", 1.0),
    "baotou_gain": ("等爆头的收益（等爆头 − 贪心）", "底注/手", 1.0),
}


def headline_key(name: str) -> tuple[str, str]:
    """Return (HEADLINE_WORDS key, its number) of a headline name: ``chase_gain_k9`` -> (``chase_gain_k``, ``9``)."""
    match = re.fullmatch(r"(chase_gain_k|early_ting_cost_t)(\d+)", name)
    return (match.group(1), match.group(2)) if match else (name, "")


def words(name: str) -> tuple[str, str, float]:
    """Return (words, unit, display scale) of a headline name."""
    key, number = headline_key(name)
    text, unit, scale = HEADLINE_WORDS.get(key, (name, "", 1.0))
    return text.format(v=number), unit, scale


def statistic_meaning(name: str) -> str:
    """Return the plain-Chinese meaning of a skill statistic named with its k or t (``chase_gain_k9``,
    ``diff_early_ting_cost_t4``), '' for any other name."""
    key, number = headline_key(name.removeprefix("diff_"))
    if not number:
        return ""
    text = words(name.removeprefix("diff_"))[0]
    return text + ("，该水平 − 贪心水平（同一牌墙配对）" if name.startswith("diff_") else "")
