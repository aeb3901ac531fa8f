"""The report's opening block: one or two plain-Chinese sentences per study that answer its question with the
number and its 95 % interval ("坐庄每手少输 0.120 底注 [0.030, 0.210]"), built from the summary rows alone.

Each ``<study>(summary)`` returns the study's sentence, or "" when the summary holds nothing to answer with; a
study skipped under the run's rules gets its reason instead (``conclusions``).
"""
from __future__ import annotations

import polars as pl

from reports import readings, section_skill, section_tournament, section_tune, section_xuezhan, tables, terms
from reports import section_sensitivity as sens
from reports.section_variants import _control_label, _skipped, control_rows, control_sentence
from reports.win_labels import variant_label
from reports.tables import fixed, missing


def _rows(summary: pl.DataFrame, study: str, name: str) -> pl.DataFrame:
    return summary.filter((pl.col("study") == study) & (pl.col("name") == name))


def _get(summary: pl.DataFrame, study: str, name: str, group: str) -> dict | None:
    return readings._get(summary, study, name, group)


def amount(row: dict, scale: float = 1.0, spec: str = ".3f") -> str:
    """Return the size of an estimate with its 95 % interval, both unsigned and in increasing order
    ("0.120 [0.030, 0.210]" for +0.12 or −0.12); just the size when there is no interval."""
    sign = -1 if row["estimate"] < 0 else 1
    text = fixed(abs(scale * row["estimate"]), spec)
    if missing(row["ci_low"]):
        return text
    low, high = sorted((sign * scale * row["ci_low"], sign * scale * row["ci_high"]))
    return f"{text} [{fixed(low, spec)}, {fixed(high, spec)}]"


def _clear(row: dict | None) -> str:
    """Return '' when the row's interval excludes 0, else the words saying this sample cannot tell it from 0."""
    return "" if readings.significant(row) else "（区间含 0，这个样本量下与 0 分不开）"


def dealer_edge(summary: pl.DataFrame) -> str:
    """Return whether the deal is worth having: the dealer's money per hand with its interval."""
    row = _get(summary, "dealer_edge", "result_total", "dealer")
    if not readings._has_estimate(row):
        return ""
    if readings.significant(row):
        verb = "坐庄划算：庄家每手多赢" if row["estimate"] > 0 else "坐庄吃亏：庄家每手少赢"
        return f"{verb} {amount(row)} 底注。"
    return f"坐庄看不出优劣：庄家每手输赢 {readings.money(row)} 底注{_clear(row)}。"


def huangzhuang(summary: pl.DataFrame) -> str:
    """Return how often nobody wins, and how far the sweep's ends move it."""
    row = _get(summary, "huangzhuang", "huang_rate", "all")
    if not readings._has_estimate(row):
        return ""
    text = f"荒庄 {readings.percent(row)}"
    sweep = _rows(summary, "huangzhuang", "huang_rate_sweep")
    stacks = sweep.filter(pl.col("group").str.starts_with("stacks=")).with_columns(
        pl.col("group").str.extract(r"stacks=(\d+)").cast(pl.Int64).alias("stacks"),
        pl.col("group").str.extract(r"pong=(\w+)").alias("pong"))
    if stacks.height > 1:
        pong = "improves" if "improves" in stacks["pong"].to_list() else stacks["pong"][0]
        line = stacks.filter(pl.col("pong") == pong).sort("stacks")
        if line.height > 1:
            first, last = line.row(0, named=True), line.row(-1, named=True)
            d = readings._difference(first, last)
            text += (f"；荒牌从 {first['stacks']} 墩加到 {last['stacks']} 墩（四家贪心，{tables.group_label('pong=' + pong)}），"
                     f"荒庄率变 {readings.points(d)}{_clear(d)}")
    return text + "。"


def thirteen_orphans(summary: pl.DataFrame) -> str:
    """Return from which dealt count k chasing 十三幺 pays, per 拾/抢 setting ("never" is an answer too)."""
    parts = []
    for pays in _rows(summary, "thirteen_orphans", "pays_from_k").iter_rows(named=True):
        setting = pays["group"]
        name = tables.group_label(setting) if setting.endswith("on") else \
            readings.NO_SHI_QIANG_NAMES.get(_variant(), tables.group_label(setting))
        gains = _rows(summary, "thirteen_orphans", "chase_minus_greedy").filter(
            pl.col("group").str.ends_with(setting)).with_columns(
            pl.col("group").str.extract(r"k=(\d+)").cast(pl.Int64).alias("k")).sort("k")
        if gains.is_empty():
            continue
        span = tables.k_span(gains["k"].to_list())
        if readings._has_estimate(pays):
            k = int(pays["estimate"])
            row = gains.filter(pl.col("k") == k).row(0, named=True)
            parts.append(f"{name}时起手 {k} 种以上幺九/字牌追十三幺划算（按点估计；k = {k} 时每手{readings.more_or_less(row)} 底注"
                         f"{_clear(row)}）")
        else:
            parts.append(f"{name}时任何 k 都不划算（{span}）")
    return "；".join(parts) + "。" if parts else ""


def early_ting(summary: pl.DataFrame) -> str:
    """Return what waiting for t live waits before 上架 gains or loses against 上架-ing at once."""
    rows = _rows(summary, "early_ting", "diff_mean_result").with_columns(
        pl.col("group").str.extract(r"(\d+)").cast(pl.Int64).alias("t")).sort("t")
    if rows.is_empty():
        return ""
    worse = [r for r in rows.iter_rows(named=True) if readings.significant(r) and r["estimate"] < 0]
    better = [r for r in rows.iter_rows(named=True) if readings.significant(r) and r["estimate"] > 0]
    ts = lambda picked: "、".join(str(r["t"]) for r in picked)  # noqa: E731
    if better:
        best = max(better, key=lambda r: r["estimate"])
        text = f"等活张再上架划算：等到 t = {ts(better)} 个活张时每手多赢，t = {best['t']} 多 {amount(best)} 底注"
    elif worse:
        low, high = min(abs(r["estimate"]) for r in worse), max(abs(r["estimate"]) for r in worse)
        size = f"{amount(worse[0])} 底注" if len(worse) == 1 else \
            f"{fixed(low, '.3f')}–{fixed(high, '.3f')} 底注（区间都不含 0）"
        text = f"立即上架不亏：等到 t = {ts(worse)} 个活张再上架每手亏 {size}"
    elif rows.height == 1:
        row = rows.row(0, named=True)
        text = f"等不等活张看不出差别：等到 t = {row['t']} 个活张再上架，每手差 {readings.money(row)} 底注，区间含 0"
    else:
        low, high = rows["estimate"].min(), rows["estimate"].max()
        text = (f"等不等活张看不出差别：t = {rows['t'].min()}–{rows['t'].max()} 时每手差 {fixed(low, '+.3f')} 到 "
                f"{fixed(high, '+.3f')} 底注，区间都含 0")
    return text + "。"


def sensitivity(summary: pl.DataFrame) -> str:
    """Return which one-flag change moves the game most, and how many are clearly non-zero."""
    arms = [a for a in sens.arm_changes(summary) if not a.identical()]
    if not arms:
        return "单独改变任何一条规则，每一手都与基准相同。" if sens.arm_changes(summary) else ""
    comparisons = sum(1 for a in arms for n in sens.STATISTICS if n in a.rows and a.rows[n]["se"])
    critical = sens.corrected_z(comparisons)
    clear = [a for a in arms if a.score >= critical]
    top = arms[0]
    name = max(sens.STATISTICS, key=top.z)
    row, scale = top.rows[name], sens.STATISTICS[name][1]
    unit = sens.STATISTICS[name][2].strip()
    text = (f"影响最大的改变是 {sens.change_label(top.role)}：{sens.SPOKEN[name]}变 "
            f"{fixed(scale * row['estimate'], '+.3f')} {unit} [{fixed(scale * row['ci_low'], '+.3f')}, "
            f"{fixed(scale * row['ci_high'], '+.3f')}]")
    played = len(sens.arm_changes(summary))  # the same count as the section's: every simulated change
    text += (f"；{played} 个改变里按比较个数校正后显著的有 {len(clear)} 个" if clear else
             f"；但按比较个数校正后，{played} 个改变里没有一个显著")
    return text + "。"


def variants(summary: pl.DataFrame) -> str:
    """Return each variant's 荒庄 rate and dealer money per hand, side by side, then what each regional variant
    changes in them relative to the control (推倒胡), as far as the intervals of the differences say."""
    rates = _rows(summary, "variants", "huang_rate")
    if rates.is_empty():
        return ""
    cells = []
    for row in rates.iter_rows(named=True):
        dealer = _get(summary, "variants", "dealer_result", row["group"])
        cells.append(f"{variant_label(row['group'])}荒庄 {readings.percent(row)}"
                     + (f"、庄家每手 {readings.money(dealer)} 底注" if readings._has_estimate(dealer) else ""))
    left_out = "".join(f"{variant_label(v)}未运行：座位组合里有在该变体下不能打的策略。" for v in _skipped(summary))
    differences, control = control_rows(summary), _control_label(summary)
    against = (f"与{control}（对照）相比——" + "".join(control_sentence(v, rows, control, ("huang_rate", "dealer_result"))
                                               for v, rows in differences.items())) if differences else ""
    return "；".join(cells) + "（各变体自己的默认规则，区间各自独立）。" + against + left_out


def shapes(summary: pl.DataFrame) -> str:
    """Return the most frequent special win (a feature, else a shape other than the regular one) and the mean
    multiplier when there is one."""
    rows = _rows(summary, "shapes", "win_share").filter(
        (pl.col("group").str.starts_with("feature:") | pl.col("group").str.starts_with("shape:"))
        & (pl.col("group") != "shape:regular")
        & (pl.col("group") != "feature:pinghu") & pl.col("estimate").is_not_nan())
    if rows.is_empty():
        return ""
    top = rows.sort("estimate", descending=True).row(0, named=True)
    text = f"最常见的特殊胡法是{tables.group_label(top['group'])}，占胡牌 {readings.percent(top)}"
    multiplier = _get(summary, "shapes", "mean_multiplier", "all")
    if readings._has_estimate(multiplier) and not tables.trivial(multiplier):
        text += f"；胡牌平均倍数 {readings.number(multiplier)}"
    return text + "。"


def caishen(summary: pl.DataFrame) -> str:
    """Return the paired gain of waiting for 爆头 and how often 承包 happens (金华)."""
    gain = _rows(summary, "caishen", "baotou_gain")
    parts = []
    if gain.height and readings._has_estimate(row := gain.row(0, named=True)):
        if readings.significant(row):
            verb = "等爆头划算，每手多赢" if row["estimate"] > 0 else "等爆头不划算，每手少赢"
            parts.append(f"{verb} {amount(row)} 底注")
        else:
            parts.append(f"等爆头与贪心分不开：每手差 {readings.money(row)} 底注")
    rate = _get(summary, "caishen", "chengbao_rate", "all")
    if readings._has_estimate(rate):
        parts.append(f"承包发生在 {readings.percent(rate)} 的手里")
    return "；".join(parts) + "。" if parts else ""


def skill(summary: pl.DataFrame) -> str:
    """Return how many headlines still hold for strong players, and the skill edge."""
    return section_skill.conclusion(summary)


def _variant() -> str:
    return terms.variant()


def tournament(summary: pl.DataFrame) -> str:
    """Return the tournament's verdict: the first strategy against the second ("search 比 greedy 每手多赢 …"), or
    the ladder and the leader against each other strategy."""
    return section_tournament.verdict(summary)


def tune(summary: pl.DataFrame) -> str:
    """Return whether a setting meets the tune study's targets on fresh walls, with its numbers."""
    return section_tune.conclusion(summary)


ANSWERS = {"dealer_edge": dealer_edge, "huangzhuang": huangzhuang, "thirteen_orphans": thirteen_orphans,
           "early_ting": early_ting, "sensitivity": sensitivity, "variants": variants, "shapes": shapes,
           "caishen": caishen, "xuezhan": section_xuezhan.conclusion, "tune": tune, "skill": skill,
           "tournament": tournament}


def conclusions(summary: pl.DataFrame, skipped: dict[str, str] | None = None) -> list[str]:
    """Return one item per study of the summary (in its order): '**研究**：answer', then one per skipped study
    with its reason."""
    items = []
    for study in summary["study"].unique(maintain_order=True).to_list():
        answer = ANSWERS[study](summary) if study in ANSWERS else ""
        if answer:
            items.append(f"{tables.study_label(study)}：{answer}")
    for study, reason in (skipped or {}).items():
        items.append(f"{tables.study_label(study)}：未运行。{reason}")
    return items
