"""What each strategy models, in plain Chinese, for the reports (the tournament section's notes).

A strategy without words here is described by its registry doc string (strategies/registry.py), so a strategy
registered later is described too. The measured reasons why ``defensive`` and ``selective_ting`` lose to greedy
are in docs/strategies.md (with the tournament tables).
"""
from __future__ import annotations

#: Strategy name -> what it models (one or two sentences).
MODELS = {
    "greedy": "每次打出让向听数最小的牌（同向听比活的有效牌张数），能胡就胡，首次听牌就上架，从不防守。",
    "early_ting": "即贪心：首次听牌就上架（为上架时机研究单独命名）。",
    "random": "在合法动作里均匀随机选，能上架就上架：技术下限。",
    "defensive": "贪心，但只要有对手已上架、自己的向听数 ≥ fold_shanten 就弃和：打最安全的牌（上架后被放过的牌 > "
                 "全部可见的牌 > 字牌 < 幺九 < 二八 < 中张），不碰不杠；能胡仍胡。它只防上架的对手。",
    "selective_ting": "贪心，但只在所听的牌还有 ≥ min_live_waits 张活张时才上架（或自己第 give_up_turn 巡以后任何听牌都上架）；"
                      "不上架时照样把那张牌明打出去，继续换听。上架前不能胡（晋城 RULES §1.4 r22，晋中报听同理）。",
    "thirteen_orphans": "起手幺九/字牌种数 ≥ min_distinct 时追十三幺（用拾、抢），否则贪心。",
    "baotou": "金华贪心，但活牌多于 min_live_tiles 张时放弃平胡、等自摸爆头。",
}


def strategy_note(name: str) -> str:
    """Return '`name`：what it models。' for a tournament strategy name (its spec, maybe with ``#2``); the registry's
    doc string for a strategy without words here; '' for a name the registry does not know."""
    base = name.split("#", 1)[0].split("{", 1)[0].strip()
    words = MODELS.get(base)
    if words is None:
        try:
            from strategies.registry import REGISTRY
        except ImportError:
            return ""
        spec = REGISTRY.get(base)
        if spec is None or not spec.doc:
            return ""
        words = f"（登记说明）{spec.doc}。"
    return f"`{name}`：{words}"
