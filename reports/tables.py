"""Tables of summary rows for reports and the console: formatting and the headline selection."""
from __future__ import annotations

import math

import polars as pl

#: (study, statistic name, group or None for every group) shown in the headline table.
HEADLINE = (
    ("dealer_edge", "result_total", None),
    ("dealer_edge", "win_rate", "dealer"),
    ("dealer_edge", "tenure_hands", None),
    ("huangzhuang", "huang_rate", "all"),
    ("thirteen_orphans", "pays_from_k", None),
    ("thirteen_orphans", "completion_rate", "k=9, shi_qiang=on"),
    ("thirteen_orphans", "completion_rate", "k=9, shi_qiang=off"),
    ("early_ting", "diff_mean_result", None),
    ("variants", "huang_rate", None),
    ("variants", "dealer_result", None),
    ("shapes", "mean_multiplier", "all"),
    ("caishen", "baotou_gain", None),
    ("caishen", "chengbao_money_share", "all"),
)

#: Plain-Chinese meaning of each statistic name (the report's tables show it beside the name).
MEANINGS = {
    "result_win": "胡牌输赢", "result_kong": "杠钱", "result_qianbao": "前包钱", "result_houbao": "后包钱",
    "result_total": "每手总输赢", "win_rate": "胡牌率", "tenure_hands": "一任庄的手数",
    "tenure_result": "一任庄的庄家总输赢", "keep_deal_rate": "连庄率（每手后留庄的比例）",
    "huang_rate": "荒庄率", "kong_share": "该开杠数的手占比", "huang_rate_sweep": "荒庄率（四家贪心）",
    "completion_rate": "十三幺做成率", "chase_minus_greedy": "追十三幺 − 贪心（配对）",
    "policy_value": "“k 种起就追”策略每手价值（全部手）", "pays_from_k": "从几种起追就划算（点估计）",
    "dealt_share": "起手恰好 k 种幺九/字的概率（组合精确计算）",
    "mean_result": "0 号位每手输赢", "dianpao_paid": "0 号位点炮付出", "ting_rate": "上架的手占比",
    "ting_turn": "上架时的轮次", "diff_mean_result": "输赢差：等待 − 立即上架",
    "diff_win_rate": "胡牌率差：等待 − 立即上架", "diff_dianpao_paid": "点炮付出差：等待 − 立即上架",
    "diff_ting_turn": "上架轮次差：等待 − 立即上架",
    "dealer_result": "庄家每手输赢", "zimo_share": "自摸占胡牌的比例", "hand_draws": "每手摸牌数",
    "volatility": "一家每手输赢的标准差", "diff_dealer_result": "庄家每手输赢变化（改后 − 基准，配对）",
    "diff_huang_rate": "荒庄率变化（改后 − 基准，配对）", "diff_zimo_share": "自摸比例变化（改后 − 基准，配对）",
    "diff_hand_draws": "每手摸牌数变化（改后 − 基准，配对）", "diff_volatility": "输赢标准差变化（改后 − 基准，配对）",
    "dealer_win_rate": "庄家胡牌率", "dianhu_share": "点炮占胡牌的比例", "qianggang_share": "抢杠胡占胡牌的比例",
    "mean_multiplier": "胡牌的平均倍数", "hand_rate": "以该牌型胡牌的手占全部手的比例",
    "win_share": "该牌型占胡牌的比例", "money_share": "该牌型胡牌的手占全部流动金额的比例",
    "extra_money_per_win": "该牌型胡牌的手比平均胡牌的手多流动的金额",
    "diff_win_rate_wilds": "0 号位胡牌率差：起手 k 张财神 − 0 张（不同的手，非配对）",
    "diff_mean_result_wilds": "0 号位每手输赢差：起手 k 张财神 − 0 张（不同的手，非配对）",
    "baotou_gain": "0 号位每手输赢差：等爆头 − 贪心（同一牌墙配对）", "baotou_rate": "0 号位以爆头胡牌的手占比",
    "arm_win_rate": "0 号位胡牌率（该臂）", "chengbao_rate": "发生承包的手占比",
    "chengbao_case_share": "承包的两种情形各占承包手的比例", "chengbao_payer_share": "包付方（庄/闲、相对胡家的位置）占包付次数的比例",
    "chengbao_money_share": "承包改变的钱占全部输赢绝对值之和的比例",
}


def meaning(name: str) -> str:
    """Return the plain-Chinese meaning of a statistic name ('' when none is registered)."""
    if name.startswith("needs "):
        return "这条规则不能单独改变：须同时满足 " + name.removeprefix("needs ")
    if name.startswith(("shape_", "feature_")):
        from reports.win_labels import kind_label

        return kind_label(name.replace("_", ":", 1)) + "占胡牌的比例"
    from reports.tune_words import meaning as tune_meaning  # the tune study's own rows

    return MEANINGS.get(name, "") or tune_meaning(name)


UNITS = {"rate": "%", "share": "%", "turn": "turns", "tenure_hands": "hands", "pays_from_k": "kinds",
         "multiplier": "×"}


def unit_of(name: str) -> str:
    """Return the display unit of a statistic: '%' for rates/shares, else 底注, turns, hands or kinds."""
    if name.endswith("_share") or name.endswith("_rate") or "_rate_" in name or name.startswith(("shape_", "feature_")):
        return "%"
    for key, unit in UNITS.items():
        if name.endswith(key):
            return unit
    return "底注"


#: Text of a cell whose statistic has no estimate (no hand in its group).
NO_DATA = "no data"
#: Units whose values are whole numbers (printed without decimals).
INTEGER_UNITS = ("kinds",)


def missing(value) -> bool:
    """Return True when ``value`` is None or NaN (no estimate / no interval)."""
    return value is None or (isinstance(value, float) and math.isnan(value))


def fixed(value: float, spec: str) -> str:
    """Return ``format(value, spec)`` with a negative zero ("-0.000", "+0.00" of −0.0001) written unsigned."""
    text = format(value, spec)
    if text.lstrip("+-").strip("0.") == "" and text[0] in "+-":
        return text[1:]
    return text


def _number(value, percent: bool, integer: bool = False) -> str:
    if missing(value):
        return "–"
    if integer and float(value).is_integer():
        return f"{int(value)}"
    return fixed(100 * value, ".2f") if percent else fixed(value, ".3f")


def display_rows(rows: pl.DataFrame) -> list[list[str]]:
    """Return summary rows as text cells: study, statistic, group, estimate, 95 % CI, unit, n.

    Rates in %, rate differences (``diff_*_rate``) in percentage points (pp), money in 底注 with three
    decimals, whole-number statistics without decimals; a row without an estimate reads "no data"."""
    cells = []
    for row in rows.iter_rows(named=True):
        unit = unit_of(row["name"])
        pct = unit == "%" and not row["name"].startswith("diff_")
        if row["name"].startswith("diff_") and unit == "%":
            unit, pct = "pp", True
        if missing(row["estimate"]):
            cells.append([row["study"], row["name"], row["group"], NO_DATA, "–", unit, f"{row['n']:,}"])
            continue
        integer = unit in INTEGER_UNITS
        ci = "–" if missing(row["ci_low"]) else \
            f"[{_number(row['ci_low'], pct, integer)}, {_number(row['ci_high'], pct, integer)}]"
        cells.append([row["study"], row["name"], row["group"], _number(row["estimate"], pct, integer), ci, unit,
                      f"{row['n']:,}"])
    return cells


HEADER = ["study", "statistic", "group", "estimate", "95% CI", "unit", "n"]


def headline(summary: pl.DataFrame) -> pl.DataFrame:
    """Return the headline rows of a summary (see HEADLINE), in HEADLINE order."""
    picked = []
    for study, name, group in HEADLINE:
        rows = summary.filter((pl.col("study") == study) & (pl.col("name") == name))
        if group is not None:
            rows = rows.filter(pl.col("group") == group)
        picked.append(rows)
    return pl.concat(picked) if picked else summary.head(0)


def text_table(rows: pl.DataFrame) -> str:
    """Return summary rows as an aligned plain-text table (for the console)."""
    cells = [HEADER] + display_rows(rows)
    widths = [max(len(r[i]) for r in cells) for i in range(len(HEADER))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells)
