"""The registry of report sections: for each study, its title, figure and reading.

Adding a study to the report is one entry here. Write, in any module of ``reports/``:

* ``draw(summary, path) -> Path | None``: draw the study's figure from its summary rows into the
  PNG ``path`` (Chinese labels are fine: it runs inside the CJK font style) and return ``path``,
  or None when the summary holds nothing to draw;
* ``read(summary) -> str``: the plain-Chinese reading (which estimates are significant, which are
  not and how many hands they would need: ``reports.readings.verdict`` says it in one call);

then add ``"<study>": Section("<title>", draw, read)`` to ``SECTIONS``. A study whose section is more
than figure + reading + table of statistics (the sensitivity study's ranked table) also gives
``blocks(summary, figure path or None) -> list of report blocks``, which then replaces those three. The report shows the
sections in the order of the studies in the summary; a study without an entry still gets its
table of statistics. Optionally add the study's key rows to ``reports.tables.HEADLINE`` (the
headline table), its one-sentence answer to ``reports.conclusions.ANSWERS`` (the report's opening 结论 block),
the Chinese meaning of its statistic names to ``reports.tables.MEANINGS`` and,
for a sweep comparison paired by hand, a per-hand recipe to ``reports.pairing.per_hand``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import polars as pl

from reports import (figures, figures_caishen, figures_sensitivity, figures_shapes, figures_tournament, figures_tune,
                     figures_variants, readings, section_caishen, section_sensitivity, section_shapes, section_tournament,
                     section_tune, section_variants)
from reports import figures_skill, section_skill  # noqa: E402  (the skill study)
from reports import figures_xuezhan, section_xuezhan  # noqa: E402  (the xuezhan study)
from reports.fonts import figure_style


@dataclass(frozen=True)
class Section:
    """One study's part of the report: heading, figure drawer and reading writer."""

    title: str
    draw: Callable[[pl.DataFrame, Path], Path | None]
    read: Callable[[pl.DataFrame], str]
    blocks: Callable[[pl.DataFrame, Path | None], list[tuple]] | None = None  # replaces figure, reading, table


SECTIONS: dict[str, Section] = {
    "dealer_edge": Section("庄家优势：坐庄值不值？", figures.dealer_edge, readings.dealer_edge),
    "huangzhuang": Section("荒庄：多常没人胡？", figures.huangzhuang, readings.huangzhuang),
    "thirteen_orphans": Section("十三幺：起手几种幺九开始追才划算？", figures.thirteen_orphans,
                                readings.thirteen_orphans),
    "early_ting": Section("上架：首次听牌就上架要付出多少？", figures.early_ting, readings.early_ting),
    "sensitivity": Section(section_sensitivity.TITLE, figures_sensitivity.tornado, section_sensitivity.reading,
                           section_sensitivity.section_blocks),
    "variants": Section(section_variants.TITLE, figures_variants.comparison, section_variants.reading,
                        section_variants.section_blocks),
    "shapes": Section(section_shapes.TITLE, figures_shapes.draw, section_shapes.reading),
    "caishen": Section(section_caishen.TITLE, figures_caishen.draw, section_caishen.reading),
    "xuezhan": Section(section_xuezhan.TITLE, figures_xuezhan.draw, section_xuezhan.reading),
    "tune": Section(section_tune.TITLE, figures_tune.draw, section_tune.reading, section_tune.section_blocks),
    "skill": Section(section_skill.TITLE, figures_skill.draw, section_skill.reading, section_skill.section_blocks),
    "tournament": Section(section_tournament.TITLE, figures_tournament.draw, section_tournament.reading,
                          section_tournament.section_blocks),
}


def title(study: str) -> str:
    """Return the section heading of ``study`` (its name when it has no registered section)."""
    return SECTIONS[study].title if study in SECTIONS else study


def reading(summary: pl.DataFrame, study: str) -> str:
    """Return the reading of ``study`` (empty string for a study without a registered section)."""
    return SECTIONS[study].read(summary) if study in SECTIONS else ""


def draw_figures(summary: pl.DataFrame, figures_dir: Path) -> dict[str, Path]:
    """Draw every registered study's figure present in ``summary`` into ``figures_dir``; return {study: png}.

    Drawing runs with the CJK font of ``reports.fonts``, so Chinese labels render."""
    figures_dir = Path(figures_dir)
    figures_dir.mkdir(parents=True, exist_ok=True)
    drawn = {}
    with matplotlib.rc_context(figure_style()):
        for study in summary["study"].unique(maintain_order=True).to_list():
            if study in SECTIONS:
                path = SECTIONS[study].draw(summary, figures_dir / f"{study}.png")
                if path is not None:
                    drawn[study] = path
    return drawn
