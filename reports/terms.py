"""The words a report uses for the run's rule variant: its name for the face-down ready declaration (晋城 上架,
晋中 报听) and what ends its wall (晋城's 荒 stacks, 金华's reserve). The money unit is 底注 in every variant (晋中's
rule text says 底分 for the same quantity; the report defines 底注 once, ``MONEY_UNIT_DEFINITION``).

The report builder sets the variant for the time it builds one report (``using(variant)``); readings, tables
and figures write their text in 晋城's words and pass it through ``say``, which rewrites it for that variant.
The variants section compares rule sets side by side and keeps its own words.
"""
from __future__ import annotations

import contextlib
from contextvars import ContextVar

#: The variant whose words the report is written in (set by the builder for one report).
_VARIANT: ContextVar[str] = ContextVar("report_variant", default="jincheng")
#: For each variant, 晋城 word -> that variant's word.
REWRITES = {"jincheng": {}, "jinzhong": {"上架": "报听"}, "jinhua": {}, "plain": {}}
#: The one definition of the money unit, said once in every report.
MONEY_UNIT_DEFINITION = ("钱的单位是底注：一手牌输赢的基本单位，每个变体都用这个词（晋中的规则原文叫“底分”，"
                         "指的是同一个量）。")
#: For each variant, how a kong changes the tiles left before 荒庄 (the huangzhuang reading's kong groups), and what
#: the variant's 荒庄 sweep varies ("" = it has a sweep whose cells say it).
KONG_WALL_NOTES = {
    "jincheng": "每杠多留一墩荒牌",
    "jinzhong": "",
    "jinhua": "金华留 14 张补杠牌，每次补牌后从活牌墙尾挪一张补足留牌，所以每杠少摸一张活牌",
    "plain": "推倒胡从牌墙尾补杠牌，补的牌出自同一牌墙，所以每杠少摸一张牌",
}
NO_SWEEP_NOTES = {
    "jinhua": "金华的荒庄来自固定的 14 张留牌（RULES §3.1 r4）：能摸的活牌是 68 张减去开杠补的牌，没有荒牌墩数可调，"
              "所以这里不扫荒牌墩数，只报座位组合的荒庄率。",
    "plain": "推倒胡把牌墙摸到最后一张（docs/rules/plain.md r3）：没有留牌，也没有荒牌墩数可调，"
             "所以这里不扫荒牌墩数，只报座位组合的荒庄率。",
}


@contextlib.contextmanager
def using(variant: str):
    """Write every report text built inside the ``with`` block in ``variant``'s words."""
    token = _VARIANT.set(variant if variant in REWRITES else "jincheng")
    try:
        yield
    finally:
        _VARIANT.reset(token)


def variant() -> str:
    """Return the variant whose words the report is being written in."""
    return _VARIANT.get()


def say(text: str) -> str:
    """Return ``text`` (written in 晋城's words) in the current variant's words."""
    for old, new in REWRITES[_VARIANT.get()].items():
        text = text.replace(old, new)
    return text


def money_unit() -> str:
    """Return the report's money unit: 底注, the same word in every variant."""
    return "底注"
