"""The caishen study's reading (plain Chinese, 金华), built from the summary rows alone (study ``caishen``)."""
from __future__ import annotations

import polars as pl

from reports import readings

STUDY = "caishen"
TITLE = "财神（金华）：起手财神值多少、等爆头划不划算、承包多常见？"
POSITION_NAMES = {"winner_shangjia": "上家", "winner_duijia": "对家", "winner_xiajia": "下家"}


def _get(summary: pl.DataFrame, name: str, group: str) -> dict | None:
    return readings._get(summary, STUDY, name, group)


def _wilds_text(summary: pl.DataFrame) -> list[str]:
    """Return the sentences on seat 0's win rate and result by the 财神 dealt, and the unpaired differences."""
    groups = [(k, _get(summary, "win_rate", f"wilds={k}"), _get(summary, "mean_result", f"wilds={k}"))
              for k in range(4)]
    groups = [(k, win, result) for k, win, result in groups if readings._has_estimate(win)]
    if not groups:
        return []
    parts = ["0 号位按起手拿到的财神张数（庄家按 14 张算）：" + "；".join(
        f"{k} 张 胡牌率 {readings.percent(win)}、每手输赢 {readings.money(result)} 底注（{win['n']:,} 手）"
        for k, win, result in groups) + "。"]
    diffs = []
    for k in range(1, 4):
        win = _get(summary, "diff_win_rate_wilds", f"wilds={k}−0")
        result = _get(summary, "diff_mean_result_wilds", f"wilds={k}−0")
        if readings._has_estimate(win):
            diffs.append(f"{k} 张比 0 张胡牌率 {readings.points(win)}（{readings.verdict(win, '手（两组合计）')}），"
                         f"每手输赢 {readings.money(result)} 底注（{readings.verdict(result, '手（两组合计）')}）")
    if diffs:
        parts.append("与 0 张相比：" + "；".join(diffs) + "。这些组是不同的手，不是同一牌墙的配对比较，差的区间按两组"
                     "独立估计合成；庄家多摸一张、更常拿到财神，所以组间差里也混有坐庄的影响。")
    return parts


def _baotou_text(summary: pl.DataFrame) -> list[str]:
    """Return the sentences on the paired gain of waiting for 爆头 and both arms' 爆头 and win rates."""
    gain = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "baotou_gain"))
    if gain.is_empty():
        return []
    row = gain.row(0, named=True)
    label = row["group"].split(" − ")[0]
    parts = [f"0 号位改打 `{label}`（活牌多于阈值时放弃平胡、等自摸爆头）与贪心打同一批牌墙、逐手配对：每手输赢差 "
             f"{readings.money(row)} 底注（{row['n']:,} 手，{readings.verdict(row)}）。"]
    rates = [(name, _get(summary, "baotou_rate", arm), _get(summary, "arm_win_rate", arm))
             for arm, name in (("greedy", "贪心"), ("baotou", "等爆头"))]
    parts.append("爆头胡牌的手占比：" + "，".join(f"{name} {readings.percent(b)}" for name, b, _ in rates)
                 + "；胡牌率：" + "，".join(f"{name} {readings.percent(w)}" for name, _, w in rates) + "。")
    return parts


def _chengbao_text(summary: pl.DataFrame) -> list[str]:
    """Return the sentences on how often 承包 happens, its two cases, who pays and its share of the money."""
    rate = _get(summary, "chengbao_rate", "all")
    if not readings._has_estimate(rate):
        return []
    parts = [f"承包（三摊）发生在 {readings.percent(rate)} 的手里（{rate['n']:,} 手）"]
    took = _get(summary, "chengbao_case_share", "winner_took_3")
    fed = _get(summary, "chengbao_case_share", "payer_took_3")
    if readings._has_estimate(took):
        parts[-1] += (f"；其中胡家吃碰了付款方 3 摊、由付款方一家包付的占 {readings.percent(took)}，付款方吃碰了胡家 3 摊、"
                      f"加倍包付的占 {readings.percent(fed)}（共 {took['n']:,} 手）")
    dealer, xian = _get(summary, "chengbao_payer_share", "dealer"), _get(summary, "chengbao_payer_share", "xian")
    if readings._has_estimate(dealer):
        positions = [(name, _get(summary, "chengbao_payer_share", group)) for group, name in POSITION_NAMES.items()]
        parts[-1] += (f"。包付的一方是庄家的占 {readings.percent(dealer)}、是闲家的占 {readings.percent(xian)}"
                      f"（四家里庄家占一家，没有偏向时约 25 %）；按相对胡家的位置，包付的是胡家的"
                      + "、".join(f"{name} {readings.percent(row)}" for name, row in positions)
                      + f"（{dealer['n']:,} 次包付）")
    share = _get(summary, "chengbao_money_share", "all")
    parts[-1] += f"。承包改变的钱占全部输赢绝对值之和的 {readings.percent(share)}。"
    return parts


def reading(summary: pl.DataFrame) -> str:
    """Return the reading: what the 财神 dealt is worth (unpaired groups), the paired gain of waiting for 爆头 and
    how often 承包 happens, who pays it and its share of the money — each with what is significant here."""
    parts = _wilds_text(summary) + _baotou_text(summary) + _chengbao_text(summary)
    return "".join(parts) or readings.NO_DATA + "。"
