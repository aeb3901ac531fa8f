"""Build report.md and a self-contained report.html for one run folder from its summary.parquet.

Everything comes from the summary file (statistics + run metadata), so ``mjrules-report DIR``
rebuilds the same report, figures included, without rerunning any simulation.
"""
from __future__ import annotations

import re
from pathlib import Path

import polars as pl

from reports import conclusions, section_tune, sections, tables, terms
from reports.document import page_text, render_html, render_markdown
from reports.full_table import TABLE_HEADER, full_table, table_rows  # noqa: F401 (table_rows: the tests read it)
from reports.glossary import glossary_blocks
from reports.rule_notes import citation, rule_notes, variant_citation
from reports.rule_words import flag_words
from reports.section_players import players_sentence
from reports.summary_io import SUMMARY_NAME, read_summary
from reports.versions import package_versions
from reports.win_labels import variant_label

METHOD = ("所有区间都是 95 % 区间：均值用 Student-t，比例用 Wilson。同一研究的各臂用同一种子，打的是同一批牌墙，"
          "两臂比较是逐手配对差（处理 − 对照）。钱按每手的底注计；率用 %，率的差用百分点；"
          "n 是每个估计背后的手数（或任数）。“显著”指 95 % 区间不含 0；“约需 N 手”指若效应真如点估计，"
          "区间刚好不含 0 所需的手数（N = n·(1.96·标准误/|估计|)²），要有八成把握约需两倍。")
def _rules_rows(meta: dict) -> list[list[str]]:
    """Return one row per rule flag: flag (code font), value, default or "changed", what it means in Chinese
    with its citation."""
    rules = meta.get("rules", {})
    variant = rules.get("variant", "jincheng")
    try:
        from sim.rules import defaults

        default = defaults(variant).to_dict()
    except (ImportError, ValueError):
        default = {}
    notes = rule_notes(variant)
    rows = []
    for key, value in rules.items():
        if key not in default:
            status = ""
        elif default[key] == value:
            status = "默认"
        else:
            status = f"已改（默认 {default[key]}）"
        cited = variant_citation(variant) if key == "variant" else citation(notes.get(key, ""))
        words = flag_words(key, variant)
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        rows.append([f"`{key}`", f"`{shown}`", status, "；".join(w for w in (words, cited) if w)])
    return rows


def _arm_words(description: str) -> str:
    """Return an arm's seats and rule overrides as the table shows them: the seat specs and overrides (what a
    user types) in code font, the Chinese around them as it is."""
    parts = re.split(r"([\u4e00-\u9fff，、；（）：]+)", description)
    return "".join(p if not p.strip() or re.match(r"[\u4e00-\u9fff，、；（）：]", p) else f"`{p.strip()}`"
                   for p in parts)


def _used_by(uses: list[str]) -> str:
    """Return an arm's users in words: ``dealer_edge/seats`` -> 庄家优势（`seats`）."""
    out = []
    for use in uses:
        study, _, role = use.partition("/")
        out.append(tables.study_label(study) + (f"（`{role}`）" if role else ""))
    return "、".join(out)


def _setup_blocks(meta: dict, summary: pl.DataFrame | None = None) -> list[tuple]:
    """Return the closing part of the report: run facts, method, seats, rules, arms and versions. The hands and
    arms count what the studies that play their own trials (tune) played as well."""
    searched = section_tune.simulated_hands(summary) if summary is not None else 0
    arm_rows = [[f"`{a['folder']}`", _arm_words(a["description"]), f"{a['hands']:,}", _used_by(a["used_by"])]
                for a in meta.get("arms", [])] + (section_tune.arm_rows(summary) if summary is not None else [])
    blocks = [("h2", "运行设置与版本"),
              ("p", f"实验{tables.experiment_label(meta.get('experiment', '?'))}（`{meta.get('experiment', '?')}`），"
                    f"种子 {meta.get('seed', '?')}，每臂 {meta.get('hands', 0):,} 手"
                    f"（共模拟 {meta.get('simulated_hands', 0) + searched:,} 手），"
                    f"用时 {meta.get('run_seconds', float('nan')):.1f} 秒，"
                    f"完成于 {meta.get('finished_utc', '?')}，规则变体{variant_label(meta.get('rules', {}).get('variant', '?'))}。"),
              ("p", terms.say(METHOD) + terms.MONEY_UNIT_DEFINITION),
              ("p", f"座位组合 `{meta.get('seats_name', '?')}`：0 号位（被研究的座位）到 3 号位依次为 "
                    + "、".join(f"`{s}`" for s in meta.get("seats", [])) + "。每手的庄家位置随机均匀抽取"
                    "（连庄模式下按规则轮庄）。")]
    if meta.get("overrides"):
        blocks.append(("p", "命令行覆盖：" + " ".join(f"`{o}`" for o in meta["overrides"])))
    blocks += [("h3", "规则"), ("table", ["规则", "取值", "与默认", "含义与出处"], _rules_rows(meta)),
               ("h3", "模拟的臂")]
    blocks.append(("table", ["目录", "座位；规则覆盖", "手数", "用于"], arm_rows) if arm_rows else
                  ("p", "这次运行没有模拟任何臂。"))
    versions = meta.get("versions")
    if versions:
        blocks += [("h3", "版本"), ("table", ["软件", "版本"], [[k, str(v)] for k, v in versions.items()])]
    else:
        blocks += [("h3", "版本"),
                   ("p", "这次运行的摘要没有记录版本；重建本报告所用的版本：" + "，".join(
                       f"{k} {v}" for k, v in package_versions().items()) + "。")]
    return blocks


def report_blocks(summary: pl.DataFrame, meta: dict, figure_paths: dict[str, Path]) -> list[tuple]:
    """Return the report's blocks: title, the conclusions, the headline table, one section per study (which players
    its numbers are about, then figure, reading, folded full table), the glossary of the terms used (术语), then settings and versions."""
    skipped = meta.get("skipped") or {}
    per = "每组试验" if meta.get("experiment") == "tune" else "每臂"
    headline = (f"实验：{tables.experiment_label(meta.get('experiment', '?'))}，{per} {meta.get('hands', 0):,} 手，"
                f"种子 {meta.get('seed', '?')}。"
                + terms.MONEY_UNIT_DEFINITION + "方括号里是 95 % 区间。")
    blocks = [("h1", title(meta)), ("p", headline),
              ("h2", "结论"), ("list", conclusions.conclusions(summary, skipped)),
              ("h2", "主要结果"),
              ("p", "各研究的图、解读和全部统计量在后，运行设置与版本在最后。"),
              ("table", tables.HEADER, tables.headline_cells(summary, skipped))]
    opening = len(blocks)
    for study in summary["study"].unique(maintain_order=True).to_list():
        section = [("h2", sections.title(study))]
        players = players_sentence(study, meta, summary)
        if players:
            section.append(("p", players))
        custom = sections.SECTIONS[study].blocks if study in sections.SECTIONS else None
        if custom is not None:
            section += custom(summary, figure_paths.get(study))
        else:
            if study in figure_paths:
                section.append(("figure", figure_paths[study], f"{sections.title(study)}（误差线为 95 % 区间）"))
            text = sections.reading(summary, study)
            if text:
                section.append(("p", text))
            section.append(full_table(summary.filter(pl.col("study") == study)))
        blocks += section if study in OWN_WORDS else [_in_variant_words(block) for block in section]
    for study, reason in (meta.get("skipped") or {}).items():
        blocks += [("h2", sections.title(study)), ("p", reason)]
    blocks[:opening] = [_in_variant_words(block) for block in blocks[:opening]]
    return blocks + glossary_blocks(page_text(blocks, "")) + _setup_blocks(meta, summary)


def title(meta: dict) -> str:
    """Return the report's title: ``mjrules 报告：`` and the experiment's Chinese name."""
    return f"mjrules 报告：{tables.experiment_label(meta.get('experiment', '?'))}"


#: Sections that keep their own words: they compare rule sets, each in its own unit.
OWN_WORDS = ("variants",)


def _in_variant_words(block: tuple) -> tuple:
    """Return a report block with its text in the run variant's words (reports.terms; figures are drawn so)."""
    kind = block[0]
    if kind in ("h1", "h2", "h3", "p"):
        return (kind, terms.say(block[1]))
    if kind == "table":
        return (kind, [terms.say(h) for h in block[1]], [[terms.say(str(c)) for c in row] for row in block[2]])
    if kind == "figure":
        return (kind, block[1], terms.say(block[2]))
    if kind == "list":
        return (kind, [terms.say(item) for item in block[1]])
    if kind == "details":
        return (kind, terms.say(block[1]), [_in_variant_words(inner) for inner in block[2]])
    return block


def build_report(run_dir: Path) -> Path:
    """Write figures/*.png, report.md and report.html into ``run_dir`` from its summary; return report.html."""
    run_dir = Path(run_dir)
    summary, meta = read_summary(run_dir / SUMMARY_NAME)
    with terms.using(meta.get("rules", {}).get("variant", "jincheng")):
        figure_paths = sections.draw_figures(summary, run_dir / "figures")
        blocks = report_blocks(summary, meta, figure_paths)
    (run_dir / "report.md").write_text(render_markdown(blocks, run_dir), encoding="utf-8")
    html_path = run_dir / "report.html"
    html_path.write_text(render_html(blocks, title(meta)), encoding="utf-8")
    return html_path
