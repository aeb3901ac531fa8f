"""The shapes study's reading (plain Chinese), built from the summary rows alone (study ``shapes``)."""
from __future__ import annotations

import polars as pl

from reports import readings
from reports.win_labels import NO_SHAPE_DATA, kind_label

STUDY = "shapes"
TITLE = "牌型：各种胡法多常见、值多少？"


def _by_group(summary: pl.DataFrame) -> dict[str, dict[str, dict]]:
    out: dict[str, dict[str, dict]] = {}
    for row in summary.filter(pl.col("study") == STUDY).iter_rows(named=True):
        out.setdefault(row["group"], {})[row["name"]] = row
    return out


def reading(summary: pl.DataFrame) -> str:
    """Return the reading: how often each shape / feature wins, the money it moves, its multiplier, and a
    one-line note when no win features were recorded."""
    groups = _by_group(summary)
    if not groups:
        return readings.NO_DATA + "。"
    overall = groups.get("all", {})
    win = overall.get("win_rate")
    parts = [f"共 {win['n']:,} 手，有人胡牌的手占 {readings.percent(win)}。" if win else ""]
    if "mean_multiplier" in overall:
        parts.append(f"胡牌的平均倍数 {readings.number(overall['mean_multiplier'])}。")
    features = [g for g in groups if g.startswith("feature:")]
    if not features:
        parts.append(NO_SHAPE_DATA + "。")
    for group in [g for g in groups if g.startswith("shape:")] + features:
        rows = groups[group]
        text = (f"{kind_label(group)}：占胡牌 {readings.percent(rows.get('win_share'))}，每手出现 "
                f"{readings.percent(rows.get('hand_rate'))}，占全部流动金额 {readings.percent(rows.get('money_share'))}")
        extra = rows.get("extra_money_per_win")
        if readings._has_estimate(extra):
            text += f"，每手流动金额比平均胡牌多 {readings.money(extra)} 底注（{readings.verdict(extra, '手')}）"
        if "mean_multiplier" in rows and readings._has_estimate(rows["mean_multiplier"]):
            text += f"，平均倍数 {readings.number(rows['mean_multiplier'])}"
        share = rows.get("win_share")
        if share is not None and share["estimate"] == 0:
            text += "（这个样本里一次也没出现，区间上限就是它可能的频率）"
        parts.append(text + "。")
    rare = [kind_label(g) for g in groups if g != "all" and (r := groups[g].get("win_share"))
            and readings._has_estimate(r) and 0 < r["estimate"] * r["n"] < 10]
    if rare:
        parts.append("出现不到 10 次的（区间很宽，要更多手才能定量）：" + "、".join(rare) + "。")
    parts.append("流动金额指一手里各家赢的钱之和（含荒庄后包），某牌型的份额 = 以它胡的手的流动金额之和 / 全部手的流动金额之和"
                 "（比值，delta 方法区间）。")
    return "".join(parts)
