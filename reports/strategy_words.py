"""What each strategy models, in plain Chinese, for the reports (the tournament section's notes).

A strategy without words here is described by its registry doc string (its spec, strategies/specs.py), so a strategy
registered later is described too. The measured reasons why ``defensive`` and ``selective_ting`` lose to greedy
are in docs/strategies.md (with the tournament tables).
"""
from __future__ import annotations

#: Strategy name -> its short Chinese name (tables, headers, the tournament's text; the spec stays beside it).
NAMES = {"greedy": "贪心", "early_ting": "立即上架", "random": "随机", "defensive": "防守", "selective_ting": "挑听",
         "thirteen_orphans": "追十三幺", "baotou": "等爆头", "search": "搜索强手",
         "learned": "学习型"}


def strategy_name(spec: str) -> str:
    """Return a strategy spec's Chinese name: ``greedy`` -> 贪心, ``search{worlds=8}`` -> 搜索强手（worlds=8）,
    ``greedy#2`` -> 贪心 #2; the spec itself for a strategy without a Chinese name."""
    head, _, copy = spec.partition("#")
    base, _, params = head.partition("{")
    name = NAMES.get(base.strip())
    if name is None:
        return spec
    return name + (f"（{params.rstrip('}')}）" if params else "") + (f" #{copy}" if copy else "")


def strategy_label(spec: str) -> str:
    """Return a strategy as running text names it: its Chinese name with the spec in code font, e.g.
    贪心（`greedy`）; just the spec in code font for a strategy without a Chinese name."""
    name = strategy_name(spec)
    return f"{name.split('（', 1)[0]}（`{spec}`）" if name != spec else f"`{spec}`"


#: Strategy name -> what it models (one or two sentences).
MODELS = {
    "greedy": "每次打出让向听数最小的牌（同向听比活的有效牌张数），能胡就胡，首次听牌就上架，从不防守。",
    "early_ting": "即贪心：首次听牌就上架（为上架时机研究单独命名）。",
    "random": "在合法动作里均匀随机选，能上架就上架：技术下限。",
    "defensive": "贪心，但只要有对手已上架、自己的向听数 ≥ `fold_shanten` 就弃和：打最安全的牌（最安全的是那家上架后别人"
                 "打过、它没胡的牌，其次是四张都看得见的牌，再按字牌、幺九、二八、中张依次变危险），不碰不杠；能胡仍胡。"
                 "它只防上架的对手。",
    "selective_ting": "贪心，但只在所听的牌还有 ≥ `min_live_waits` 张活张时才上架（或自己第 `give_up_turn` 巡以后任何听牌都上架）；"
                      "不上架时照样把那张牌明打出去，继续换听。上架前不能胡（晋城 RULES §1.4 r22，晋中报听同理）。",
    "thirteen_orphans": "起手幺九/字牌种数 ≥ `min_distinct` 时追十三幺（用拾、抢），否则贪心。",
    "baotou": "金华贪心，但活牌多于 `min_live_tiles` 张时放弃平胡、等自摸爆头。",
    "search": "搜索型强手：每到真正的选择，取贪心排在前 `candidates` 位的动作，对本座看不见的牌（别家手牌和牌墙）抽 `worlds` "
              "个可能的世界，每个世界里各家都按贪心把这手打完，选平均输赢最好的动作；两个动作差得很近时最多再加抽到 "
              "`extend` 倍的世界。它只用本座看得见的信息，不偷看真实牌墙。",
    "learned": "学习型：每到真正的选择，用一个小神经网络给每个合法动作打分，选分数最高的；网络按本规则集的自对局数据，"
               "拟合搜索型强手对每个候选动作估出的平均输赢。它只看本座看得见的信息，决策全在编译后的牌局循环里完成。",
}


#: Strategy name -> variant -> why it loses to greedy there, from the tournaments of docs/strategies.md (the
#: mechanism; the run's own numbers are in the section's "差从哪里来" sentence).
WHY = {
    "defensive": {
        "jincheng": "它为什么输给贪心：晋城点胡时每个非胡家都付钱，点炮者只多付一份炮钱（已上架的点炮者不多付），所以弃和"
                    "省下的点炮钱大部分又陪了出去——它不点，上架的那家照样胡，别人点炮时它陪付，自摸时它付双份；同时它向听"
                    " ≥ `fold_shanten` 就拆牌、不碰不杠，少胡的钱和少收的杠钱比净省下的多。",
        "jinzhong": "它为什么输给贪心：晋中未报听点炮要包三家，弃和省下的钱比晋城多，约三分之一又被别家的点炮和自摸抵掉；"
                    "但它向听 ≥ `fold_shanten` 就拆牌、不碰不杠，少胡的钱比净省下的还多。",
    },
    "selective_ting": {
        "jincheng": "它为什么输给贪心：上架前不能胡（RULES §1.4 r22），等活张的每一巡都放弃了胡牌机会，上架更晚、更少；"
                    "一手胡牌的钱不看听几张，听口多只让以后更容易胡，抵不过等待中错过的胡；未上架时点炮还要多付炮钱。",
        "jinzhong": "它为什么输给贪心：报听前不能胡，等活张的每一巡都放弃了胡牌机会，报听更晚、更少；一手胡牌的钱不看听几张，"
                    "听口多只让以后更容易胡，抵不过等待中错过的胡；未报听时点炮还要包三家。",
    },
}


def strategy_note(name: str, loses: bool = False) -> str:
    """Return '`name`：what it models。' for a tournament strategy name (its spec, maybe with ``#2``); the registry's
    doc string for a strategy without words here; '' for a name the registry does not know. ``loses`` (the run shows
    it losing to another strategy) adds why it loses under the report's variant, when that is known (``WHY``)."""
    base = name.split("#", 1)[0].split("{", 1)[0].strip()
    words = MODELS.get(base)
    if words is None:
        try:
            from sim.seat_plan import REGISTRY
        except ImportError:
            return ""
        spec = REGISTRY.get(base)
        if spec is None or not spec.doc:
            return ""
        words = f"（登记说明）{spec.doc}。"
    from reports import terms

    return f"`{name}`：{words}" + (WHY.get(base, {}).get(terms.variant(), "") if loses else "")
