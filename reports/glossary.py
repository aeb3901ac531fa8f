"""The report's glossary: one name, one definition and one unit per statistic across every study (docs/glossary.md
lists the same entries; tests/test_report_consistency.py checks that they agree and that no study gives a term to
another statistic). A report ends with a 术语 table of the terms its text uses (``glossary_blocks``).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One glossary entry: the Chinese term, what it means, its unit ('' for none), and the summary statistic names
    (without ``diff_`` / ``reeval_`` / ``vs_control_`` prefixes) it names; a term with names is exclusive: no
    study may use it for a statistic outside them."""

    term: str
    definition: str
    unit: str = ""
    names: tuple[str, ...] = ()


TERMS = (
    Term("底注", "钱的单位：一手牌输赢的基本单位，每个变体都用这个词。"),
    Term("95 % 区间", "估计的 95 % 置信区间，写在估计后的方括号里：3.6 % [3.2, 4.2]。均值用 Student-t，比例用 Wilson，"
                    "比值和标准差用 delta 方法。"),
    Term("百分点", "两个比例之差的单位：3.0 % 与 3.5 % 相差 0.5 个百分点。", "个百分点"),
    Term("配对差", "两臂打同一批牌墙时逐手相减再平均（处理 − 对照）；手气在差里抵消。"),
    Term("显著", "95 % 区间不含 0；“分不开”指区间含 0，这个样本量下看不出差别。"),
    Term("每手都是 0", "估计和区间都恰为 0：每一手这个量都是 0（或两臂每一手都相同），不是缺数据。"),
    Term("庄家每手输赢", "庄家一手平均赢（正）或输（负）的钱。", "底注/手", ("dealer_result",)),
    Term("荒庄率", "没有人胡、荒庄结束的手占全部手的比例。", "%"),
    Term("胡牌率", "一个座位（或一个策略的座位）胡牌的手占它全部手的比例。", "%"),
    Term("自摸占胡牌的比例", "胡牌的手里自摸胡的比例。", "%", ("zimo_share", "seat_zimo_share")),
    Term("点炮胡占胡牌的比例", "胡牌的手里胡别人打出（或补杠）的牌的比例。", "%", ("dianhu_share",)),
    Term("点炮胡率", "胡别人打出（或补杠）的牌的手占全部手的比例：看整桌，不分谁点炮。", "%", ("deal_in_rate",)),
    Term("点炮率", "一个座位（或一个策略的座位）打出或补杠的牌被别人胡的手占它全部手的比例：看点炮的人。", "%",
         ("seat_deal_in_rate",)),
    Term("一家每手输赢的标准差", "一个座位一手输赢的标准差：牌局的波动。", "底注/手", ("volatility",)),
    Term("每手摸牌数", "一手牌里四家一共摸的牌数。", "张/手", ("hand_draws",)),
    Term("胡牌平均倍数", "胡牌的手的平均倍数（没有倍数的变体恒为 1）。", "倍", ("mean_multiplier",)),
    Term("技术优势", "一个强手与三个贪心同桌时，强手比换成贪心的同一座位每手多赢的钱（同一批牌墙配对）。", "底注/手",
         ("skill_edge",)),
    Term("一任庄手数", "一个庄家连续坐庄的手数（连庄模式）。", "手", ("tenure_hands",)),
    Term("每手胡牌人数", "一手牌里胡牌的座位数（四川血战胡后继续打，0–3 人），每手计一次。", "人/手", ("winners_per_hand",)),
    Term("每次胡牌", "四川血战一手可以胡几次：写“每次胡牌”的统计把每次胡牌计一次（同一手的几次胡牌不独立，区间按手计算），"
                 "其余统计每手计一次。"),
    Term("定缺代价", "0 号位定缺改缺中间或最多的一门、与缺最少的一门相比每手输赢的差（同一批牌墙配对）。", "底注/手",
         ("dingque_cost",)),
    Term("得到确认", "技术水平研究的判定：强手桌没有推翻贪心桌的结论，而且强手桌的样本足以单独显示它。"),
    Term("未被推翻", "技术水平研究的判定：强手桌与贪心桌同号、配对差的区间含 0，但强手桌的样本还不足以单独确认它。"),
    Term("被推翻", "技术水平研究的判定：强手桌的符号与贪心桌相反，且它的区间不含 0。"),
    Term("搜索牌墙", "规则调优里每组设置都打的同一批牌墙（搜索种子）：各组的差别来自规则。"),
    Term("新牌墙复测", "规则调优选出的设置和基准规则在另一批牌墙上重打：报告的数字来自这里，免于“赢家的诅咒”。"),
)
#: Statistic-name prefixes a term's names are read without.
PREFIXES = ("diff_", "reeval_diff_", "reeval_", "vs_control_")


def base_name(name: str) -> str:
    """Return a statistic name without its difference / re-evaluation prefix (``diff_deal_in_rate`` ->
    ``deal_in_rate``)."""
    for prefix in sorted(PREFIXES, key=len, reverse=True):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def used_terms(text: str) -> list[Term]:
    """Return the glossary's terms that ``text`` uses, in glossary order."""
    return [t for t in TERMS if t.term in text]


def glossary_blocks(text: str) -> list[tuple]:
    """Return the report's 术语 section: a table of the terms ``text`` uses (term, meaning, unit); [] when none."""
    terms = used_terms(text)
    if not terms:
        return []
    return [("h2", "术语"), ("p", "报告里的每个统计量只有一个名字、一个定义、一个单位，各研究相同："),
            ("table", ["术语", "含义", "单位"], [[t.term, t.definition, t.unit or "–"] for t in terms])]


def markdown() -> str:
    """Return docs/glossary.md's glossary table (one row per term)."""
    rows = [f"| {t.term} | {t.definition} | {t.unit or '–'} | {', '.join(f'`{n}`' for n in t.names) or '–'} |"
            for t in TERMS]
    return "\n".join(["| 术语 | 含义 | 单位 | 统计量（summary.parquet 的 name） |", "| --- | --- | --- | --- |", *rows])
