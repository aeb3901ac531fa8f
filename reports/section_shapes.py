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


def _kind_text(label: str, rows: dict[str, dict]) -> str:
    """Return one shape's clause: share of wins and hands, share of money, extra money per win, multiplier."""
    text = (f"{label} 占胡牌 {readings.percent(rows.get('win_share'))}，每手出现 "
            f"{readings.percent(rows.get('hand_rate'))}，占全部流动金额 {readings.percent(rows.get('money_share'))}")
    extra = rows.get("extra_money_per_win")
    if readings._has_estimate(extra):
        text += f"，每手流动金额比平均胡牌多 {readings.money(extra)} 底注（{readings.verdict(extra, '手')}）"
    if readings._has_estimate(rows.get("mean_multiplier")):
        text += f"，平均倍数 {readings.number(rows['mean_multiplier'])}"
    return text


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
    shapes = [g for g in groups if g.startswith("shape:")]
    for source, kinds in (("按牌型（每手一种）", shapes), ("按胡牌特征（一手可有几个）", features)):
        seen = [g for g in kinds if readings._has_estimate(groups[g].get("win_share"))
                and groups[g]["win_share"]["estimate"] > 0]
        if seen:
            parts.append(source + "：" + "；".join(_kind_text(kind_label(g), groups[g]) for g in seen) + "。")
        never = [g for g in kinds if g not in seen]
        if never and readings._has_interval(groups[never[0]].get("win_share")):
            upper = 100 * groups[never[0]]["win_share"]["ci_high"]  # the same for every never-seen kind
            parts.append(f"这个样本里一次也没出现（占胡牌的 95 % 上限约 {upper:.2f} %）："
                         + "、".join(kind_label(g) for g in never) + "。")
    if not features:
        parts.append(NO_SHAPE_DATA + "。")
    parts.append("流动金额指一手里各家赢的钱之和（含荒庄后包），某牌型的份额 = 以它胡的手的流动金额之和 / 全部手的流动金额之和"
                 "（比值，delta 方法区间）。")
    return "".join(parts)
