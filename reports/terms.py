"""The words a report uses for the run's rule variant: its name for the face-down ready declaration (晋城 上架,
晋中 报听) and what ends its wall (晋城's 荒 stacks, 金华's reserve). The money unit is 底注 in every variant (晋中's
rule text says 底分 for the same quantity; the report defines 底注 once, ``MONEY_UNIT_DEFINITION``).

The report builder sets the variant for the time it builds one report (``using(variant)``); readings, tables
and figures write their text in 晋城's words and pass it through ``say``, which rewrites it for that variant. Each
variant's words live in its folder (``WORDS``, ``KONG_WALL_NOTE``, ``NO_SWEEP_NOTE`` of
``sim/variants/<name>/study_facts.py``, read through ``sim.variant_facts``).
The variants section compares rule sets side by side and keeps its own words.
"""
from __future__ import annotations

import contextlib
from contextvars import ContextVar

from sim.rules import VARIANTS
from sim.variant_facts import facts

#: The variant whose words the report is written in (set by the builder for one report).
_VARIANT: ContextVar[str] = ContextVar("report_variant", default="jincheng")
#: The one definition of the money unit, said once in every report.
MONEY_UNIT_DEFINITION = ("钱的单位是底注：一手牌输赢的基本单位，每个变体都用这个词（晋中的规则原文叫“底分”，"
                         "指的是同一个量）。")


@contextlib.contextmanager
def using(variant: str):
    """Write every report text built inside the ``with`` block in ``variant``'s words."""
    token = _VARIANT.set(variant if variant in VARIANTS else "jincheng")
    try:
        yield
    finally:
        _VARIANT.reset(token)


def variant() -> str:
    """Return the variant whose words the report is being written in."""
    return _VARIANT.get()


def say(text: str) -> str:
    """Return ``text`` (written in 晋城's words) in the current variant's words."""
    for old, new in facts(_VARIANT.get()).WORDS.items():
        text = text.replace(old, new)
    return text


def money_unit() -> str:
    """Return the report's money unit: 底注, the same word in every variant."""
    return "底注"


def kong_wall_note() -> str:
    """Return how a kong changes the tiles left before 荒庄 under the report's variant ('' when its sweep says it)."""
    return facts(_VARIANT.get()).KONG_WALL_NOTE


def no_sweep_note() -> str:
    """Return what the 荒庄 reading says instead of a sweep under the report's variant ('' when it has a sweep)."""
    return facts(_VARIANT.get()).NO_SWEEP_NOTE
