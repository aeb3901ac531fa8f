"""The xuezhan study's reading and its conclusion (plain Chinese, 四川 血战到底), built from the summary rows alone
(study ``xuezhan``, experiments/study_xuezhan.py)."""
from __future__ import annotations

import polars as pl

from reports import readings, tables
from reports.readings import more_or_less

STUDY = "xuezhan"
TITLE = "血战到底（四川）：一手几人胡、查叫退税动多少钱、番值多少、定缺错了亏多少？"
#: The wall-end and kong transfers, record name -> words.
TRANSFERS = {"hujiao": "呼叫转移", "huazhu": "查花猪", "dajiao": "查大叫", "tuishui": "退税"}
#: 定缺 choices -> words.
DINGQUE = {"fewest": "缺最少的一门", "middle": "缺中间的一门", "most": "缺最多的一门"}
#: 番 sources (groups ``source=<s>``) -> words.
SOURCES = {"qidui": "七对", "pengpeng": "大对子", "qingyise": "清一色", "gangkai": "杠上开花", "haidi": "海底捞月",
           "qianggang": "抢杠胡", "other": "其他（根、金钩钓、杠上炮等）"}


def _get(summary: pl.DataFrame, name: str, group: str) -> dict | None:
    return readings._get(summary, STUDY, name, group)


def _rows(summary: pl.DataFrame, name: str) -> pl.DataFrame:
    return summary.filter((pl.col("study") == STUDY) & (pl.col("name") == name))


def _hands_text(summary: pl.DataFrame) -> list[str]:
    """Return the sentences on winners per hand, the 流局 rate and how hands end."""
    mean = _get(summary, "winners_per_hand", "all")
    if not readings._has_estimate(mean):
        return []
    shares = [(w, _get(summary, "winners_share", f"winners={w}")) for w in range(4)]
    text = (f"每手平均 {readings.number(mean)} 人胡牌（{mean['n']:,} 手，每手计一次）；"
            + "、".join(f"{w} 人胡 {readings.percent(row)}" for w, row in shares if readings._has_estimate(row)) + "。")
    liuju = _get(summary, "liuju_rate", "all")
    three, wall = _get(summary, "hand_end_share", "end=three_won"), _get(summary, "hand_end_share", "end=wall")
    text += (f"流局（无人胡）{readings.percent(liuju)}；一手在第三家胡牌时结束的占 {readings.percent(three)}，"
             f"打到牌墙摸完的占 {readings.percent(wall)}（含流局）。")
    return [text]


def _zero_words(row: dict) -> str:
    """Return '（区间含 0）' when the row's interval holds 0 (and it is not 0 on every hand), '' otherwise."""
    if readings.significant(row) or not readings._has_interval(row) or tables.all_zero(row):
        return ""
    return "（区间含 0）"


def _transfer_text(summary: pl.DataFrame) -> list[str]:
    """Return the sentences on what each wall-end transfer moves, how often, and the dealer's part."""
    parts = []
    for name, words in TRANSFERS.items():
        rate, money = _get(summary, "transfer_rate", name), _get(summary, "transfer_money", name)
        dealer = _get(summary, "transfer_dealer", name)
        if not readings._has_estimate(rate):
            continue
        part = f"{words}在 {readings.percent(rate)} 的手里动了钱，每手平均转移 {readings._interval(money, '.3f')} 底注"
        if readings._has_estimate(dealer):
            part += f"，庄家从中每手净得 {readings.money(dealer)} 底注{_zero_words(dealer)}"
        parts.append(part)
    if not parts:
        return []
    return ["牌墙摸完与杠上炮时的结算（每手计一次；没有这项的手计 0）：" + "；".join(parts) + "。"
            "这些结算是零和的：庄家的净得为 0 表示庄家不比闲家更常付或收这笔钱。"]


def _win_text(summary: pl.DataFrame) -> list[str]:
    """Return the sentences on 自摸 and 番 per win (by win order) and the value share by 番."""
    zimo, fan = _get(summary, "win_zimo_share", "all"), _get(summary, "win_mean_fan", "all")
    if not readings._has_estimate(zimo):
        return []
    text = (f"每次胡牌计一次（区间按手算）：自摸占 {readings.percent(zimo)}，平均 {readings.number(fan)} 番；按胡牌先后，"
            + "；".join(f"第 {i} 次胡牌自摸 {readings.percent(_get(summary, 'win_zimo_share', f'order={i}'))}、"
                        f"{readings.number(_get(summary, 'win_mean_fan', f'order={i}'))} 番"
                        for i in range(1, 4)
                        if readings._has_estimate(_get(summary, "win_zimo_share", f"order={i}")))
            + "。胡了的座位不再打牌，后面的胡牌来自还在打的座位，所以按先后分开报。")
    shares = _rows(summary, "value_share_by_fan")
    if shares.height:
        text += ("全部胡牌价值（底 × 2 的番数次方，番数超过封顶按封顶算）里，" + "、".join(
            f"{r['group'].removeprefix('fan=')} 番的胡牌占 {readings.percent(r)}"
            for r in shares.iter_rows(named=True) if readings._has_estimate(r)) + "。")
    return [text]


def _source_text(summary: pl.DataFrame) -> list[str]:
    """Return the sentence on the share of the first wins' 番 from each recorded source."""
    rows = [(words, _get(summary, "fan_source_share", f"source={s}")) for s, words in SOURCES.items()]
    rows = [(words, row) for words, row in rows if readings._has_estimate(row)]
    if not rows:
        return []
    return ["记录只保留每手第一次胡牌的番种，所以番的来源只在第一次胡牌上拆分（拆的是番数，不是钱：超过封顶的番不加钱）："
            + "、".join(f"{words} {readings.percent(row)}" for words, row in rows) + "。"]


def _dingque_text(summary: pl.DataFrame) -> list[str]:
    """Return the sentences on the paired cost of a worse 定缺 for seat 0 and each arm's win and 花猪 rates."""
    costs = _rows(summary, "dingque_cost")
    if costs.is_empty():
        return []
    parts = []
    for row in costs.iter_rows(named=True):
        choice = row["group"].split(" − ")[0].removeprefix("dingque=")
        words = DINGQUE.get(choice, choice)
        if readings.significant(row):
            parts.append(f"改为{words}每手{more_or_less(row)} 底注（{row['n']:,} 手，{readings.verdict(row)}）")
        else:
            parts.append(f"改为{words}与缺最少的一门分不开：每手差 {readings.money(row)} 底注（{row['n']:,} 手，"
                         f"{readings.verdict(row)}）")
    text = "0 号位（贪心）与缺最少的一门相比、打同一批牌墙逐手配对：" + "；".join(parts) + "。"
    arms = [(words, _get(summary, "arm_win_rate", f"dingque={c}"), _get(summary, "arm_huazhu_rate", f"dingque={c}"))
            for c, words in DINGQUE.items()]
    arms = [a for a in arms if readings._has_estimate(a[1])]
    text += ("0 号位胡牌率与成为花猪的手占比：" + "；".join(
        f"{words} 胡牌 {readings.percent(win)}、花猪 {readings.percent(huazhu)}" for words, win, huazhu in arms) + "。")
    return [text]


def reading(summary: pl.DataFrame) -> str:
    """Return the reading: winners per hand and how hands end, the wall-end transfers, 自摸 and 番 per win, the
    value by 番 and the 番 sources, and the paired cost of a worse 定缺 — each with its interval."""
    parts = (_hands_text(summary) + _transfer_text(summary) + _win_text(summary) + _source_text(summary)
             + _dingque_text(summary))
    return "".join(parts) or readings.NO_DATA + "。"


def conclusion(summary: pl.DataFrame) -> str:
    """Return the study's one-line answer: winners per hand and the 流局 rate, and the cost of the worst 定缺 tried."""
    mean, liuju = _get(summary, "winners_per_hand", "all"), _get(summary, "liuju_rate", "all")
    parts = []
    if readings._has_estimate(mean):
        parts.append(f"每手平均 {readings.number(mean)} 人胡牌，流局 {readings.percent(liuju)}")
    for row in _rows(summary, "dingque_cost").iter_rows(named=True):
        choice = row["group"].split(" − ")[0].removeprefix("dingque=")
        words = DINGQUE.get(choice, choice)
        if readings.significant(row):
            parts.append(f"0 号位定缺改为{words}每手{more_or_less(row)} 底注")
        else:
            parts.append(f"0 号位定缺改为{words}与缺最少的一门分不开（每手差 {readings.money(row)} 底注）")
    return "；".join(parts) + "。" if parts else ""
