"""The tune study's report section "规则调优": the targets, the winning settings as a diff from the base rules (flag,
base → new value, what the flag means), their numbers re-played on fresh walls with 95 % intervals and the paired
difference from the base, the figure, and which flags mattered (importance, cross-checked against the one-flag
changes of the same walls, the sensitivity study's view).

Built from the summary rows alone (study ``tune``, rows described in ``experiments.study_tune``).
"""
from __future__ import annotations

import math

import polars as pl

from reports.full_table import full_table
from reports.rule_notes import citation, rule_notes
from reports.tables import ALL_ZERO, all_zero
from reports.rule_words import flag_words
from reports.tune_words import STAT_WORDS, goal_words, goals, interval, rows_of, settings

TITLE = "规则调优：哪组规则设置达到设计目标？"


def _fact(rows: pl.DataFrame, name: str) -> float:
    picked = rows.filter((pl.col("group") == "search") & (pl.col("name") == name))
    return float(picked["estimate"][0]) if picked.height else math.nan


def _value(rows: pl.DataFrame, group: str, name: str) -> dict | None:
    picked = rows.filter((pl.col("group") == group) & (pl.col("name") == name))
    return picked.row(0, named=True) if picked.height else None


def _interval(row: dict | None, stat: str, signed: bool = False) -> str:
    """Return a row's estimate in the report's interval style (``tune_words.interval``), "—" without one."""
    if row is None or row["estimate"] is None or math.isnan(row["estimate"]):
        return "—"
    if all_zero(row):  # a difference 0 on every hand (the flag never acted): said, not printed 0.0 [0.0, 0.0]
        return f"0（{ALL_ZERO}）"
    return interval(row["estimate"], row["ci_low"], row["ci_high"], stat, difference=signed)


def _count(rows: pl.DataFrame, name: str) -> int | None:
    """Return a whole-number fact of the ``search`` group, None when the summary does not hold it."""
    value = _fact(rows, name)
    return None if math.isnan(value) else int(value)


def _best_groups(rows: pl.DataFrame) -> list[str]:
    groups = rows.filter(pl.col("group").str.starts_with("best="))["group"].unique(maintain_order=True).to_list()
    return sorted(groups, key=lambda g: int(g.removeprefix("best=")))


def _feasible(rows: pl.DataFrame) -> int | None:
    """Return how many finished trials met every constraint (``feasible`` in summaries written before the count
    was named ``feasible_trials``)."""
    count = _count(rows, "feasible_trials")
    return count if count is not None else _count(rows, "feasible")


def sampler_words(rows: pl.DataFrame) -> str:
    """Return which settings were tried and who proposed them: the settings queued before the sampler (the base
    and the one-flag changes, or the whole of a small space), those TPE proposed, and the queued ones never
    played; '' for a summary that does not record it."""
    queued, proposed = _count(rows, "queued"), _count(rows, "proposed")
    if queued is None or proposed is None:
        return ""
    waiting, copied = _count(rows, "waiting") or 0, _count(rows, "copied") or 0
    tried = queued + proposed
    if _enumerated(rows):
        text = f"试过的 {tried} 组就是整个搜索空间：全部设置在搜索前排队、逐一试遍，TPE 没有提出设置"
    elif proposed == 0:
        text = (f"试过的 {tried} 组是基准规则和 {max(queued - 1, 0)} 组单改一个规则的设置（都在 TPE 之前排队），"
                "TPE 一组也没有提出")
    else:
        text = (f"试过的 {tried} 组里，{queued} 组是在 TPE 之前排队的基准规则和单改一个规则的设置，"
                f"TPE 提出了 {proposed} 组")
    if waiting:
        text += f"；另有 {waiting} 组排队的设置没有轮到（试验数 `experiment.tune.trials` 用完了）"
    if copied:
        text += f"；其中 {copied} 组与已试过的设置相同，沿用了它的结果"
    return text + "。"


def _enumerated(rows: pl.DataFrame) -> bool:
    return _fact(rows, "space_size") <= _fact(rows, "trials") + _fact(rows, "pruned")


def intro(rows: pl.DataFrame) -> str:
    """Return the paragraph on the targets and the search (trials, who proposed them, walls, re-evaluation)."""
    aims = "；".join(goal_words(g) for g in goals(rows))
    objectives = sum(g[1] in ("target", "maximize", "minimize") for g in goals(rows))
    kind = "多目标（帕累托前沿）" if objectives > 1 else "单目标"
    text = (f"目标：{aims}。界限和目标的容差是搜索的约束（Optuna 约束，不是罚分），目标值的偏差和最大化/最小化是"
            f"{kind}的优化对象。")
    trials = _count(rows, "trials")
    if trials is None:
        return text
    pruned, feasible = _count(rows, "pruned") or 0, _feasible(rows) or 0
    text += (f"搜索空间共 {_count(rows, 'space_size'):,} 组设置，完成了 {trials} 组"
             + (f"（另有 {pruned} 组是规则不允许的组合，已剪除）" if pruned else "")
             + f"，其中 {feasible} 组满足全部约束。" + sampler_words(rows)
             + f"每组都打同一批牌墙（种子 {_count(rows, 'seed')}，每组 {_count(rows, 'hands'):,} 手），"
             "所以各组的差别来自规则而不是运气。为免“赢家的诅咒”（从很多组里挑出的最好一组，在搜索牌墙上的成绩偏好），"
             f"最优的设置和基准规则在新牌墙上各重打 {_count(rows, 'reeval_hands'):,} 手（种子 "
             f"{_count(rows, 'reeval_seed')}），下面的数字和区间都来自这次复测，与基准的差是逐手配对差。")
    if feasible == 0:
        text += ("没有一组设置满足全部约束：下面是最接近的设置（约束超出之和最小，单位各按统计量自身），"
                 "要达到目标需要更多试验、更窄的搜索范围（`experiment.tune.flags` / `values`）或放宽目标。")
    return text


def simulated_hands(summary: pl.DataFrame) -> int:
    """Return the hands the tune study played (search walls and re-evaluation; 0 without the study)."""
    return _count(rows_of(summary), "simulated_hands") or 0


def arm_rows(summary: pl.DataFrame) -> list[list[str]]:
    """Return the run-settings table's rows (folder, seats and rule overrides, hands, used by) of the tune study's
    plays: the search's settings (their numbers live in tune.db and trials.parquet) and each re-evaluated arm in
    ``reeval/``."""
    rows = rows_of(summary)
    trials = _count(rows, "trials")
    if trials is None:
        return []
    played, hands = trials - (_count(rows, "copied") or 0), _count(rows, "hands") or 0
    out = [["`tune.db`（搜索牌墙）", f"{played} 组不同的规则设置（逐组见 `trials.parquet`）", f"{played * hands:,}",
            "规则调优：搜索"]]
    reeval = _count(rows, "reeval_hands") or 0
    found, groups = settings(rows), _best_groups(rows)
    if groups:
        out.append(["`reeval/base`", "基准规则", f"{reeval:,}", "规则调优：新牌墙复测"])
    for group in groups:
        trial = _value(rows, group, "trial")
        number = f"{trial['estimate']:.0f}" if trial else "?"
        changed = "，".join(f"{f}={v}" for f, v in found.get(group, {}).items() if found.get("base", {}).get(f) != v)
        out.append([f"`reeval/trial_{number}`", f"第 {number} 组：{changed or '与基准规则相同'}", f"{reeval:,}",
                    "规则调优：新牌墙复测"])
    return out


def conclusion(summary: pl.DataFrame) -> str:
    """Return the 结论 item of the tune study: whether a setting meets the targets (on fresh walls), which one and
    its numbers, or that none does and how close the nearest came; '' without the study's rows."""
    rows = rows_of(summary)
    groups = _best_groups(rows)
    feasible, trials = _feasible(rows), _count(rows, "trials")
    searched = f"（搜索牌墙上 {trials} 组里 {feasible} 组满足全部约束）" if trials is not None else ""
    if not groups:
        return f"没有可复测的设置{searched}。" if trials is not None else ""
    group = groups[0]
    trial, met = _value(rows, group, "trial"), _value(rows, group, "reeval_met")
    base = settings(rows).get("base", {})
    changed = "，".join(f"`{f}` {base.get(f, '?')} → {v}" for f, v in settings(rows).get(group, {}).items()
                       if base.get(f) != v) or "与基准规则相同"
    name = f"第 {trial['estimate']:.0f} 组（{changed}）" if trial else f"最优设置（{changed}）"
    numbers = "；".join(f"{STAT_WORDS[stat][0]} {_interval(_value(rows, group, f'reeval_{stat}'), stat)}"
                        for stat in dict.fromkeys(g[0] for g in goals(rows)))
    if met is not None and met["estimate"] > 0:
        return f"达到目标：{name}在新牌墙复测中满足全部约束，{numbers}{searched}。"
    if feasible:
        return (f"搜索中有设置达到目标，但复测没有确认：最优的{name}在新牌墙上未满足全部约束，{numbers}{searched}；"
                "要确认需要更多复测手数（`experiment.tune.reeval_hands`）。")
    return f"没有一组设置达到目标：最接近的是{name}，新牌墙复测 {numbers}{searched}。"


def diff_rows(rows: pl.DataFrame, variant: str) -> list[list[str]]:
    """Return the winning settings' table rows: rank, flag, base → new value, what the flag means."""
    found = settings(rows)
    base = found.get("base", {})
    notes = rule_notes(variant)
    out = []
    for group in _best_groups(rows):
        rank = group.removeprefix("best=")
        changed = [(f, v) for f, v in found.get(group, {}).items() if base.get(f) != v]
        if not changed:
            out.append([rank, "（无）", "与基准规则相同", "最优设置就是基准规则"])
        for flag, value in changed:
            out.append([rank, f"`{flag}`", f"{base.get(flag, '?')} → {value}", _meaning(flag, variant, notes)])
    return out


def _meaning(flag: str, variant: str, notes: dict[str, str]) -> str:
    """Return what ``flag`` means in Chinese and where the rules set it, as the report's rules table says it."""
    table_flag = flag.split(".", 1)[0]  # jz_multipliers.qidui: the table's flag
    words = flag_words(table_flag, variant)
    return "；".join(w for w in (words, citation(notes.get(table_flag, ""))) if w)


def reeval_rows(rows: pl.DataFrame) -> list[list[str]]:
    """Return the re-evaluation table rows: setting, statistic, search walls, fresh walls, difference from base."""
    out = []
    stats_shown = list(dict.fromkeys(g[0] for g in goals(rows)))
    for stat in stats_shown:
        out.append(["基准", STAT_WORDS[stat][0], "—", _interval(_value(rows, "base", f"reeval_{stat}"), stat), "—"])
    for group in _best_groups(rows):
        trial = _value(rows, group, "trial")
        number_text = f"第 {trial['estimate']:.0f} 组" if trial else group
        met = _value(rows, group, "reeval_met")
        verdict = "" if met is None else ("（复测满足全部约束）" if met["estimate"] > 0 else "（复测未满足约束）")
        for stat in stats_shown:
            search_row = _value(rows, f"trial={trial['estimate']:.0f}", stat) if trial else None
            out.append([f"最优 {group.removeprefix('best=')}：{number_text}{verdict}", STAT_WORDS[stat][0],
                        _interval(search_row, stat), _interval(_value(rows, group, f"reeval_{stat}"), stat),
                        _interval(_value(rows, group, f"reeval_diff_{stat}"), stat, signed=True)])
    return out


def _codes(flags: list[str]) -> str:
    return "、".join(f"`{f}`" for f in flags)


def importance_reading(rows: pl.DataFrame) -> str:
    """Return, per target statistic, the flags that mattered (importance) and whether the one-flag changes of the
    same walls (the sensitivity study's view) rank them the same."""
    parts = []
    for stat in dict.fromkeys(g[0] for g in goals(rows)):
        scores = rows.filter(pl.col("group") == f"importance {stat}").sort("estimate", descending=True)
        if scores.is_empty():
            continue
        top = scores.head(3)
        listed = "、".join(f"`{r['name']}`（{r['estimate']:.2f}）" for r in top.iter_rows(named=True))
        text = f"对{STAT_WORDS[stat][0]}，最重要的规则是 {listed}"
        single = rows.filter(pl.col("group") == f"one_flag {stat}")
        if single.height:
            by_flag = (single.with_columns(pl.col("name").str.split("=").list.first().alias("flag"),
                                           pl.col("estimate").abs().alias("size"))
                       .group_by("flag").agg(pl.col("size").max()).sort("size", descending=True))
            one_top = by_flag["flag"].head(3).to_list()
            shared = [f for f in top["name"].to_list() if f in one_top]
            text += (f"；单独改一个规则（敏感性研究的做法，同一批牌墙）时变化最大的是 {_codes(one_top)}，"
                     + (f"两种排名都把 {_codes(shared)} 排在前面" if shared else
                        "两种排名的前三名不同：重要性看的是在很多规则同时变化时能否达到目标（含交互作用），"
                        "单独改一个规则只看它自己的效应"))
        parts.append(text + "。")
    if not parts:
        return "试验太少或只有一个规则取了不同的值，算不出各规则的重要性。"
    return ("哪些规则决定能否达到目标（PED-ANOVA 重要性，0–1，确定性算法，同一研究总给同一结果）：" + "".join(parts))


def reeval_reading(rows: pl.DataFrame) -> str:
    """Return which re-evaluated differences from the base are significant (95 % interval without 0) and which the
    fresh walls cannot tell apart from the base."""
    parts = []
    for group in _best_groups(rows):
        clear, unclear = [], []
        for stat in dict.fromkeys(g[0] for g in goals(rows)):
            row = _value(rows, group, f"reeval_diff_{stat}")
            if row is None or row["ci_low"] is None or math.isnan(row["ci_low"]):
                continue
            (clear if row["ci_low"] > 0 or row["ci_high"] < 0 else unclear).append(STAT_WORDS[stat][0])
        text = f"最优 {group.removeprefix('best=')} 与基准相比，"
        text += (f"{'、'.join(clear)}的差在 95 % 水平上显著" if clear else "")
        text += ("；" if clear and unclear else "") + (f"{'、'.join(unclear)}与基准分不开" if unclear else "")
        parts.append(text + "。")
    return "".join(parts)


def reading(summary: pl.DataFrame) -> str:
    """Return the section's plain-Chinese reading: the targets and search, the re-evaluation, which flags
    mattered."""
    rows = rows_of(summary)
    return intro(rows) + reeval_reading(rows) + importance_reading(rows)


def section_blocks(summary: pl.DataFrame, figure=None) -> list[tuple]:
    """Return the section's blocks: intro, figure, winning settings, re-evaluated numbers, importance reading."""
    from reports import terms

    rows = rows_of(summary)
    variant = terms.variant()
    blocks = [("p", intro(rows))]
    if figure is not None:
        blocks.append(("figure", figure, "规则调优：各次试验与最优设置（左），各规则的重要性（右）"))
    diffs = diff_rows(rows, variant)
    blocks += [("h3", "最优设置：与基准规则的差别")]
    blocks.append(("table", ["名次", "规则", "基准 → 新值", "含义与出处"], diffs) if diffs else
                  ("p", "没有可复测的设置（reeval_top=0 或没有完成的试验）。"))
    blocks += [("h3", "新牌墙复测（估计与 95 % 区间）"),
               ("table", ["设置", "统计量", "搜索牌墙上", "新牌墙复测", "与基准之差（配对）"], reeval_rows(rows)),
               ("p", reeval_reading(rows) + importance_reading(rows)),
               full_table(rows)]
    return blocks
