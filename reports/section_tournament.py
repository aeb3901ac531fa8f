"""The tournament study's section (plain Chinese): the verdict first, then the ladder figure, the table of each
strategy's numbers, the matrix of pairwise differences, where each difference comes from (win money, deal-in
money, the rest) and what each strategy models. Built from the summary rows alone (study ``tournament``)."""
from __future__ import annotations

import math

import polars as pl

from reports import readings
from reports.figures_tournament import STUDY, ladder, pair_row, signed
from reports.full_table import full_table
from reports.strategy_words import strategy_label, strategy_name, strategy_note
from reports.tables import fixed

TITLE = "对局赛：同一批牌墙轮换座位，哪个策略赢得多？"
#: Design names in words (experiments/tournament_design.py).
LINEUP_WORDS = {
    "rotation": "轮转：第 r 种座次让第 `(r + s) mod N` 个策略坐 s 号位，每个策略在每个座位恰好坐一次",
    "one_vs_three": "一对三：每对策略 X、Y，X 坐一个座位、Y 坐其余三个，X 轮遍四个座位",
}
#: Per-strategy columns of the section's table: (row name, header, kind: money / rate / number).
COLUMNS = (("seat_result", "每座每手输赢（底注/手）", "money"), ("seat_win_rate", "胡牌率", "rate"),
           ("seat_deal_in_rate", "点炮率", "rate"), ("seat_zimo_share", "自摸占胡牌", "rate"),
           ("seat_win_value", "每次胡牌得（底注/胡）", "number"), ("seat_ting_rate", "上架率", "rate"),
           ("seat_ting_turn", "平均上架轮次", "number"))


def _get(summary: pl.DataFrame, name: str, group: str) -> dict | None:
    return readings._get(summary, STUDY, name, group)


def _cell(row: dict | None, kind: str) -> str:
    if not readings._has_estimate(row):
        return "–"
    return {"money": readings.money, "rate": readings.percent, "number": readings.number}[kind](row)


def _amount(estimate: float, low: float, high: float) -> str:
    """Return '0.080 [0.056, 0.105]': the size of a signed difference with its interval, unsigned, increasing."""
    sign = -1 if estimate < 0 else 1
    a, b = sorted((sign * low, sign * high))
    return f"{fixed(abs(estimate), '.3f')} [{fixed(a, '.3f')}, {fixed(b, '.3f')}]"


def compare(summary: pl.DataFrame, first: str, second: str) -> str:
    """Return '`A` 比 `B` 每手多赢 x [lo, hi] 底注' (or 少赢, or the words that it cannot be told from 0)."""
    row, sign = pair_row(summary, "diff_seat_result", first, second)
    if row is None or not readings._has_estimate(row):
        return ""
    estimate, low, high = signed(row, sign)
    if row["se"] == 0 and estimate == 0:
        return f"{strategy_label(first)}与{strategy_label(second)}每一副牌墙的输赢都相同（差恰为 0）"
    if math.isnan(low):
        return f"{strategy_label(first)}比{strategy_label(second)}每手差 {fixed(estimate, '+.3f')} 底注（样本太小，算不出区间）"
    verb = "多赢" if estimate > 0 else "少赢"
    text = f"{strategy_label(first)}比{strategy_label(second)}每手{verb} {_amount(estimate, low, high)} 底注"
    return text if readings.significant(row) else text + "（区间含 0，这个样本量下与 0 分不开）"


def verdict(summary: pl.DataFrame) -> str:
    """Return the section's verdict: two strategies, the first listed against the second; more, the ladder and
    the leader against each of the others."""
    rows = ladder(summary)
    if len(rows) < 2:
        return ""
    pairs = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "diff_seat_result"))["group"].to_list()
    if len(rows) == 2:
        first, second = pairs[0].split(" − ") if pairs else (rows[0]["group"], rows[1]["group"])
        return compare(summary, first, second) + "。"
    leader = rows[0]["group"]
    order = " > ".join(f"{strategy_label(r['group'])} {readings.money(r)}" for r in rows)
    return (f"排名（每座每手输赢，底注）：{order}。"
            + "；".join(compare(summary, leader, r["group"]) for r in rows[1:]) + "。")


def design_text(summary: pl.DataFrame) -> str:
    """Return how the tournament was played and what "每手" means."""
    row = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "seatings"))
    if row.is_empty():
        return ""
    row = row.row(0, named=True)
    seatings, walls = int(row["estimate"]), int(row["n"])
    return (f"每副牌墙按{LINEUP_WORDS.get(row['group'], row['group'])}，打 {seatings} 种座次，共 {walls:,} 副牌墙、"
            f"{seatings * walls:,} 手；同一手号在每种座次里是同一副牌墙、同一庄家，所以手气在比较里抵消。"
            "“每手”指每个座位每手（一个策略同桌坐两个座位时两个座位各算一次）；各策略每副牌墙坐的座位数相同、"
            "每手四家输赢之和为 0，所以各策略的结果之和为 0。区间以牌墙为独立单位：先把一副牌墙在各座次的结果"
            "合起来，再在牌墙之间算 t 区间（比例之比用 delta 法）。")


def why_text(summary: pl.DataFrame) -> str:
    """Return, per pair, where its difference comes from: win money, deal-in money and the rest, with the rate
    differences (each a paired difference by wall)."""
    parts = []
    for row in summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "diff_seat_result")).iter_rows(named=True):
        group = row["group"]
        first, second = group.split(" − ")
        get = lambda name: _get(summary, name, group)  # noqa: E731
        income, loss, other = get("diff_seat_win_income"), get("diff_seat_deal_in_loss"), get("diff_seat_other_money")
        win, dealt = get("diff_seat_win_rate"), get("diff_seat_deal_in_rate")
        if not all(readings._has_estimate(r) for r in (income, loss, other, win, dealt)):
            continue
        parts.append(f"{strategy_label(first)} − {strategy_label(second)}：每座每手输赢差 {readings.money(row)} = "
                     f"胡牌收入 {readings.money(income)}"
                     f" + 点炮付出 {readings.money(loss)} + 其余 {readings.money(other)}（别家自摸、别家点胡时陪付、"
                     f"杠钱、前包/后包）；胡牌率差 {readings.points(win)}，点炮率差 {readings.points(dealt)}")
    if not parts:
        return ""
    return "差从哪里来（底注/座/手，逐墙配对）：" + "；".join(parts) + "。"


def loses(summary: pl.DataFrame, name: str) -> bool:
    """Return True when some other strategy beats ``name`` with an interval that excludes 0."""
    for row in summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "diff_seat_result")).iter_rows(named=True):
        first, second = row["group"].split(" − ")
        if readings.significant(row) and ((first == name and row["estimate"] < 0)
                                          or (second == name and row["estimate"] > 0)):
            return True
    return False


def notes_text(summary: pl.DataFrame) -> str:
    """Return what each strategy of the tournament models (reports.strategy_words), one sentence each."""
    names = [r["group"] for r in ladder(summary)]
    notes = [strategy_note(name, loses(summary, name)) for name in names]
    return "各策略模拟的是什么：" + "".join(n for n in notes if n) if any(notes) else ""


def strategy_table(summary: pl.DataFrame) -> tuple:
    """Return the table of each strategy's numbers (best first), columns without data left out."""
    names = [r["group"] for r in ladder(summary)]
    columns = [c for c in COLUMNS if any(readings._has_estimate(_get(summary, c[0], n)) for n in names)]
    return ("table", ["策略", *[c[1] for c in columns]],
            [[strategy_label(n), *[_cell(_get(summary, name, n), kind) for name, _, kind in columns]] for n in names])


def matrix_table(summary: pl.DataFrame) -> tuple:
    """Return the matrix of pairwise differences: row − column, money per seat and hand, 95 % intervals."""
    names = [r["group"] for r in ladder(summary)]
    cells = []
    for first in names:
        line = [strategy_label(first)]
        for second in names:
            row, sign = pair_row(summary, "diff_seat_result", first, second)
            if row is None:
                line.append("–")
                continue
            estimate, low, high = signed(row, sign)
            line.append(f"{fixed(estimate, '+.3f')} [{fixed(low, '+.3f')}, {fixed(high, '+.3f')}]")
        cells.append(line)
    return ("table", ["行 − 列", *[strategy_name(n) for n in names]], cells)


def reading(summary: pl.DataFrame) -> str:
    """Return the reading: verdict, design, where the differences come from and what the strategies model."""
    return "".join(t for t in (verdict(summary), design_text(summary), why_text(summary), notes_text(summary)) if t) \
        or readings.NO_DATA + "。"


def section_blocks(summary: pl.DataFrame, figure=None) -> list[tuple]:
    """Return the section's blocks: verdict and design, the figure, the strategies' table, the difference matrix,
    where the differences come from, what each strategy models, and the folded full table."""
    blocks = [("p", verdict(summary) + design_text(summary))]
    if figure is not None:
        blocks.append(("figure", figure, "对局赛：排名、胡牌率与点炮率、两两之差（误差线为 95 % 区间）"))
    blocks += [strategy_table(summary), ("h3", "两两之差（行 − 列，底注/座/手，95 % 区间）"), matrix_table(summary)]
    blocks += [("p", text) for text in (why_text(summary), notes_text(summary)) if text]
    return blocks + [full_table(summary.filter(pl.col("study") == STUDY))]
