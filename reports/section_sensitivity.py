"""The sensitivity study's report section: a plain-language reading, the tornado figure and the ranked table.

Built from the summary rows alone (study ``sensitivity``): group ``base`` holds the base arm's statistics,
group ``flag=value`` the paired changes ``diff_<statistic>``, and rows named ``needs ...`` the changes that
cannot be made alone. A change's score is its largest |change| / se over the five statistics; it is
*clearly non-zero* when that score passes the two-sided 95 % level after a Bonferroni correction for every
comparison in the table, and *suggestive* when a plain 95 % interval excludes 0 but the corrected one does not.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import polars as pl
from scipy import stats as scipy_stats

from reports import readings, terms
from reports.rule_words import value_words
from reports.tables import fixed

STUDY = "sensitivity"
TITLE = "规则敏感性：哪些规则真正改变了牌局？"
#: statistic -> (column header, display scale, unit in the reading).
STATISTICS = {
    "dealer_result": ("庄家每手输赢（底注/手）", 1.0, " 底注/手"),
    "huang_rate": ("荒庄率（百分点）", 100.0, " 个百分点"),
    "zimo_share": ("自摸比例（百分点）", 100.0, " 个百分点"),
    "hand_draws": ("每手摸牌数（张）", 1.0, " 张"),
    "volatility": ("一家每手输赢的标准差（底注/手）", 1.0, " 底注/手"),
    "skill_edge": ("技术优势（底注/手）", 1.0, " 底注/手"),  # only with experiment.sensitivity.skill_edge_hands > 0
}
#: A cell of a change that left every hand as it was.
SAME = "0（每手相同）"
#: statistic -> its name in the plain-Chinese reading.
SPOKEN = {"dealer_result": "庄家每手输赢", "huang_rate": "荒庄率", "zimo_share": "自摸比例",
          "hand_draws": "每手摸牌数", "volatility": "一家每手输赢的标准差", "skill_edge": "技术优势（一个强手对三个贪心每手多赢）"}


@dataclass
class ArmChanges:
    """One flag change: its paired change per statistic (summary rows) and its ranking score."""

    role: str
    rows: dict = field(default_factory=dict)  # statistic -> summary row (dict)

    def z(self, name: str) -> float:
        """Return |change| / se of one statistic (0 when the arms are identical, inf for se 0 with a change)."""
        row = self.rows.get(name)
        if row is None or row["estimate"] is None or math.isnan(row["estimate"]):
            return 0.0
        if not row["se"]:
            return 0.0 if row["estimate"] == 0 else math.inf
        return abs(row["estimate"]) / row["se"]

    @property
    def score(self) -> float:
        """Return the largest |change| / se over the statistics."""
        return max((self.z(name) for name in STATISTICS), default=0.0)

    def identical(self) -> bool:
        """Return True when every statistic is exactly unchanged on every hand (change 0, se 0)."""
        return all(r["estimate"] == 0 and r["se"] == 0 for r in self.rows.values())

    def excludes_zero(self, name: str) -> bool:
        """Return True when the plain 95 % interval of ``name`` excludes 0."""
        row = self.rows.get(name)
        return row is not None and (row["ci_low"] > 0 or row["ci_high"] < 0)


def rank_statistic(summary: pl.DataFrame) -> str | None:
    """Return the statistic the run chose to rank the changes by (its ``rank_by`` row), None = the largest score."""
    rows = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "rank_by"))
    return rows["group"][0] if rows.height else None


def arm_changes(summary: pl.DataFrame) -> list[ArmChanges]:
    """Return the study's changes ranked by score, or by |change| / se of the run's ``rank_by`` statistic (largest
    first)."""
    rows = summary.filter((pl.col("study") == STUDY) & pl.col("name").str.starts_with("diff_"))
    arms: dict[str, ArmChanges] = {}
    for row in rows.iter_rows(named=True):
        arms.setdefault(row["group"], ArmChanges(row["group"])).rows[row["name"].removeprefix("diff_")] = row
    by = rank_statistic(summary)
    return sorted(arms.values(), key=(lambda a: (a.z(by), a.score)) if by else (lambda a: a.score), reverse=True)


def shown_statistics(arms: list[ArmChanges]) -> list[str]:
    """Return the statistics of STATISTICS the changes have rows for (the skill edge only when it was played)."""
    return [n for n in STATISTICS if n != "skill_edge" or any(n in a.rows for a in arms)]


def skill_sentence(summary: pl.DataFrame) -> str:
    """Return which changes make skill matter more or less (the largest |Δ skill edge| / se), '' without them."""
    arms = [a for a in arm_changes(summary) if "skill_edge" in a.rows]
    if not arms:
        return ""
    base = summary.filter((pl.col("study") == STUDY) & (pl.col("name") == "skill_edge") & (pl.col("group") == "base"))
    top = sorted(arms, key=lambda a: a.z("skill_edge"), reverse=True)[:3]
    text = "哪些规则让技术更值钱："
    if base.height:
        row = base.row(0, named=True)
        text += f"基准规则下一个强手对三个贪心，强手每手{readings.more_or_less(row)} 底注；"
    return text + "技术优势变化最明显的改变是 " + "、".join(
        f"{change_label(a.role)} {_cell(a.rows['skill_edge'], 1.0, 3)} 底注/手" for a in top) + "（改后 − 基准，逐手配对）。"


def blocked(summary: pl.DataFrame) -> list[tuple[str, str]]:
    """Return (change, why it was not played) for every change that could not be made alone (``needs ...``) or that
    the rules refuse (``refused: ...``, e.g. a value the engine does not play yet)."""
    rows = summary.filter((pl.col("study") == STUDY)
                          & (pl.col("name").str.starts_with("needs") | pl.col("name").str.starts_with("refused")))
    return [(r["group"], r["name"]) for r in rows.iter_rows(named=True)]


def corrected_z(comparisons: int) -> float:
    """Return the two-sided 95 % critical |z| after a Bonferroni correction for ``comparisons`` tests."""
    return float(scipy_stats.norm.ppf(1 - 0.025 / max(comparisons, 1)))


def column_decimals(values: list[float]) -> int:
    """Return the decimals of one table column: enough for its largest |value| to show three significant digits
    (2 for values ≥ 1, 3 from 0.1, up to 5), so every cell of the column has one format."""
    largest = max((abs(v) for v in values if v is not None and math.isfinite(v)), default=0.0)
    if largest == 0:
        return 3
    return min(5, max(2, 2 - math.floor(math.log10(largest))))


def _cell(row: dict | None, scale: float, decimals: int) -> str:
    if row is None or row["estimate"] is None or math.isnan(row["estimate"]):
        return "–"
    if row["se"] == 0 and row["estimate"] == 0:
        return SAME
    spec = f"+.{decimals}f"
    return (f"{fixed(row['estimate'] * scale, spec)} [{fixed(row['ci_low'] * scale, spec)}, "
            f"{fixed(row['ci_high'] * scale, spec)}]")


def _effect(arm: ArmChanges, name: str) -> str:
    scale, unit = STATISTICS[name][1], STATISTICS[name][2]
    return f"{SPOKEN[name]} {fixed(arm.rows[name]['estimate'] * scale, '+.3f')}{unit}"


#: What a ``refused: ... is not played yet (<citation>); ...`` row says (study_sensitivity._requirement).
NOT_PLAYED = re.compile(r"is not played yet \(([^)]*)\)")


def need_words(need: str) -> str:
    """Return why a change was not played, in Chinese: a blocked change's need (``needs huang_stacks >= 8 with
    dead_wall_model=physical``), a value the engine does not play yet (with its rule's citation), or the config's
    own refusal."""
    if need.startswith("refused"):
        found = NOT_PLAYED.search(need)
        if found:
            return f"引擎尚未实现这个值（{found.group(1)}）"
        return "规则配置拒绝：`" + need.removeprefix("refused: ") + "`"
    return "须同时 `" + need.removeprefix("needs ").replace(" with ", "`、`") + "`"


def _value_words(role: str) -> str:
    """Return what a change ``flag=value`` does, in words (``rule_words.value_words``)."""
    flag, _, value = role.partition("=")
    return value_words(flag, value, terms.variant())


def change_label(role: str) -> str:
    """Return a change as the reading names it: the flag in code font, then what the new value does."""
    words = _value_words(role)
    return f"`{role}`（{words}）" if words else f"`{role}`"


def reading(summary: pl.DataFrame) -> str:
    """Return the plain-language paragraph: clearly non-zero, suggestive, no measurable difference, blocked."""
    arms = arm_changes(summary)
    base = summary.filter((pl.col("study") == STUDY) & (pl.col("group") == "base"))
    hands = int(base["n"].max()) if base.height else 0
    comparisons = sum(1 for a in arms for n in STATISTICS if n in a.rows and a.rows[n]["se"])
    critical = corrected_z(comparisons)
    clear = [a for a in arms if a.score >= critical]
    suggestive = [a for a in arms if a.score < critical and any(a.excludes_zero(n) for n in STATISTICS)]
    identical = [a.role for a in arms if a.identical()]
    none = [a.role for a in arms if a not in clear and a not in suggestive and not a.identical()]
    parts = [f"每条规则单独从基准规则改变，每臂 {hands:,} 手，与基准同一批牌墙逐手配对"
             f"（{len(arms)} 个改变，{comparisons} 个配对比较）。"]
    if clear:
        named = "；".join(f"{change_label(a.role)}：" + "，".join(_effect(a, n) for n in STATISTICS
                                                              if a.z(n) >= critical) for a in clear)
        parts.append(f"显著不为 0（|变化|/标准误 ≥ {critical:.2f}，即按比较个数校正后的 95 % 水平）：{named}。")
    else:
        parts.append("按比较个数校正后，这个样本量下没有一个改变显著不为 0。")
    if suggestive:
        expected = 0.05 * comparisons
        parts.append(f"单看 95 % 区间不含 0、但未达校正后水平（纯属偶然也约会有 {expected:.0f} 个这样的结果），"
                     "只算提示：" + "、".join(change_label(a.role) for a in suggestive) + "。")
    if none:
        parts.append("这个样本量下与基准分不开（无可测差别）：" + "、".join(change_label(r) for r in none) + "。")
    if identical:
        parts.append("每一手的结果都与基准完全相同（在这个座位组合的单手对局里这条规则从未起作用）："
                     + "、".join(change_label(r) for r in identical) + "。")
    parts.append(skill_sentence(summary))
    if rank_statistic(summary):
        parts.append(f"排名表按{SPOKEN.get(rank_statistic(summary), rank_statistic(summary))}的 |变化|/标准误 排序"
                     "（`experiment.sensitivity.rank_by`）。")
    needs = [(role, need) for role, need in blocked(summary) if need.startswith("needs")]
    if needs:
        parts.append("不能单独改变、因此未模拟：" + "；".join(f"`{role}` {need_words(need)}" for role, need in needs)
                     + "。")
    refused = [(role, need) for role, need in blocked(summary) if need.startswith("refused")]
    if refused:
        parts.append("规则不接受、因此未模拟（排名表里列出）：" + "；".join(f"`{role}` {need_words(need)}"
                                                       for role, need in refused) + "。")
    return "".join(parts)


def ranked_table(summary: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Return (header, rows) of the ranked table: rank, change, score, each statistic's change [95 % CI]."""
    arms = arm_changes(summary)
    shown = {n: STATISTICS[n] for n in shown_statistics(arms)}
    header = ["名次", "改变", "含义", "最大 z（变化/标准误）"] + [h for h, _, _ in shown.values()]
    decimals = {n: column_decimals([scale * r[key] for a in arms if (r := a.rows.get(n)) is not None
                                    for key in ("estimate", "ci_low", "ci_high")])
                for n, (_, scale, _) in shown.items()}
    rows = []
    for rank, arm in enumerate(arms, start=1):
        score = SAME if arm.identical() else f"{arm.score:.1f}"
        rows.append([str(rank), f"`{arm.role}`", _value_words(arm.role), score]
                    + [_cell(arm.rows.get(n), s, decimals[n]) for n, (_, s, _) in shown.items()])
    for role, need in blocked(summary):
        rows.append(["–", f"`{role}`", _value_words(role), need_words(need)]
                    + ["–"] * len(shown))
    return header, rows


def base_line(summary: pl.DataFrame) -> str:
    """Return one sentence with the base arm's five statistics and their 95 % intervals."""
    base = {r["name"]: r for r in summary.filter((pl.col("study") == STUDY) & (pl.col("group") == "base"))
            .iter_rows(named=True)}
    cells = []
    for name, (header, scale, unit) in STATISTICS.items():
        row = base.get(name)
        if row is not None and row["estimate"] is not None and not math.isnan(row["estimate"]):
            unit, spec = (" %", ".2f") if scale == 100 else (unit, ".3f")
            cells.append(f"{SPOKEN[name]} {row['estimate'] * scale:{spec}}{unit} "
                         f"[{row['ci_low'] * scale:{spec}}, {row['ci_high'] * scale:{spec}}]")
    return "基准规则：" + "；".join(cells) + "。"


def section_blocks(summary: pl.DataFrame, figure=None) -> list[tuple]:
    """Return the report blocks of the study under its heading: reading, base line, tornado figure, ranked table."""
    header, rows = ranked_table(summary)
    blocks = [("p", reading(summary)), ("p", base_line(summary))]
    if figure is not None:
        blocks.append(("figure", figure, "各统计量的龙卷风图：改变规则后与基准的逐手配对差（改变 − 基准，95 % 区间）"))
    played, left_out = len(arm_changes(summary)), len(blocked(summary))
    blocks.append(("details", f"排名表：{played} 个改变的全部配对差" + (f"，另有 {left_out} 个不能单独改变" if left_out else "")
                   + "（点开）", [
        ("p", "按五个统计量中最大的 |变化|/标准误 排序；每格是逐手配对差（改变 − 基准）及其 95 % 区间："
              "均值和率用 Student-t，自摸比例（一个比值）和输赢标准差用 delta 方法；每列一种小数位数。"
              f"“{SAME}”表示两臂每一手都打得完全一样。"),
        ("table", header, rows)]))
    return blocks
