"""Which players a report section's numbers are about: one sentence per study, from the run's seats (the run
metadata's ``seats_name`` and ``seats``) and what the study does with them — plain Python.

Most studies play the run's seat mix; some put their studied strategy in seat 0 against seats 1–3 of the mix
(thirteen_orphans, early_ting, caishen); huangzhuang's sweep cells, the skill edges of sensitivity and variants, and
the skill and tournament studies play fixed strategies of their own. Every sentence names the strategies by their
Chinese name and spec (reports.strategy_words), so a greedy table and a learned one read apart.
"""
from __future__ import annotations

import polars as pl

from reports.strategy_words import strategy_label

#: Studies that play the run's seat mix as it is.
WHOLE_MIX = ("dealer_edge", "shapes", "variants", "tune", "sensitivity", "huangzhuang", "xuezhan")
#: Studies that replace seat 0 with the strategies they compare -> those strategies, in words.
SEAT0_SWAP = {
    "thirteen_orphans": "追十三幺（`thirteen_orphans{min_distinct=k}`）与贪心（`greedy`）",
    "early_ting": "立即上架（`early_ting`）与挑听（`selective_ting{min_live_waits=t}`）",
    "caishen": "贪心（`greedy`）与等爆头（`baotou`）",
}
#: What a study adds beyond the seats it names (fixed strategies of its own).
EXTRA = {
    "huangzhuang": "荒庄的扫描格子另用四家贪心（`greedy`，碰牌策略随格子变）。",
    "caishen": "承包率等整桌统计来自座位组合本身。",
    "xuezhan": "定缺的代价另让 0 号位换成贪心（`greedy{dingque=middle}`、`greedy{dingque=most}`：缺它居中或最多的一门），1–3 号位不变，"
               "打同一批牌墙。",
}
#: Studies whose skill edge rows (``skill_edge``), when the run measured them, come from a strong seat of their own.
SKILL_EDGE = ("sensitivity", "variants")
#: Studies that do not play the run's seats at all -> whom they play.
OWN_PLAYERS = {
    "skill": "本节不用运行的座位组合：每个水平是四家同一策略（随机、贪心、学习型、强手，各自的设定见下），"
             "比较两种策略的结论让被研究的策略坐 0 号位、对手是该水平的三家。",
    "tournament": "本节不用运行的座位组合：参赛的策略按下面的座次表轮换座位，打同一批牌墙。",
    "train": "本节不用运行的座位组合：训练数据是搜索玩家（`search`，老师）四家自对局的决策；对局赛是一个学习型"
             "（`learned`）轮换坐四个座位、对三家贪心（`greedy`），与四家贪心打同一批牌墙。",
}


def mix_words(meta: dict) -> str:
    """Return the run's seat mix in words: its name and the four seats (one strategy named once when all four
    are the same), e.g. 座位组合 `all_learned`：四家都是学习型（`learned`）."""
    seats = [str(s) for s in meta.get("seats", [])]
    name = meta.get("seats_name", "?")
    if len(seats) == 4 and len(set(seats)) == 1:
        return f"座位组合 `{name}`：四家都是{strategy_label(seats[0])}"
    return f"座位组合 `{name}`：0 号位到 3 号位依次为" + "、".join(strategy_label(s) for s in seats)


def others_words(meta: dict) -> str:
    """Return seats 1–3 of the run's mix in words (one strategy named once when all three are the same)."""
    others = [str(s) for s in meta.get("seats", [])][1:]
    if len(others) == 3 and len(set(others)) == 1:
        return f"三家都是{strategy_label(others[0])}"
    return "依次为" + "、".join(strategy_label(s) for s in others)


def edge_words(study: str, meta: dict, summary: pl.DataFrame | None) -> str:
    """Return who plays ``study``'s skill edge ('' when the summary holds none of its ``skill_edge`` rows)."""
    if study not in SKILL_EDGE or summary is None or summary.filter(
            (pl.col("study") == study) & (pl.col("name") == "skill_edge")).is_empty():
        return ""
    strong = (meta.get("parameters") or {}).get(study, {}).get("strong", "search")
    return f"技术优势一项另让{strategy_label(str(strong))}作为强手坐 0 号位、对三家贪心（`greedy`）。"


def players_sentence(study: str, meta: dict, summary: pl.DataFrame | None = None) -> str:
    """Return the sentence that says which players ``study``'s numbers are about ('' for a study unknown here);
    ``summary`` (the run's rows) tells whether a skill edge was measured."""
    if study in OWN_PLAYERS:
        return OWN_PLAYERS[study]
    if study in SEAT0_SWAP:
        text = (f"本节的牌手：0 号位换成{SEAT0_SWAP[study]}，在同一批牌墙上比较；1–3 号位取运行的"
                f"座位组合 `{meta.get('seats_name', '?')}`，{others_words(meta)}。")
    elif study in WHOLE_MIX:
        text = f"本节的牌手：{mix_words(meta)}。"
    else:
        return ""
    return text + EXTRA.get(study, "") + edge_words(study, meta, summary)
