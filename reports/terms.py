"""The words a report uses for the run's rule variant: its money unit (晋城 底注, 晋中 底分) and its name for the
face-down ready declaration (晋城 上架, 晋中 报听).

The report builder sets the variant for the time it builds one report (``using(variant)``); readings, tables
and figures write their text in 晋城's words and pass it through ``say``, which rewrites it for that variant.
The variants section compares rule sets side by side and keeps its own words.
"""
from __future__ import annotations

import contextlib
from contextvars import ContextVar

#: The variant whose words the report is written in (set by the builder for one report).
_VARIANT: ContextVar[str] = ContextVar("report_variant", default="jincheng")
#: For each variant, 晋城 word -> that variant's word.
REWRITES = {"jincheng": {}, "jinzhong": {"底注": "底分", "上架": "报听"}}


@contextlib.contextmanager
def using(variant: str):
    """Write every report text built inside the ``with`` block in ``variant``'s words."""
    token = _VARIANT.set(variant if variant in REWRITES else "jincheng")
    try:
        yield
    finally:
        _VARIANT.reset(token)


def variant() -> str:
    """Return the variant whose words the report is being written in."""
    return _VARIANT.get()


def say(text: str) -> str:
    """Return ``text`` (written in 晋城's words) in the current variant's words."""
    for old, new in REWRITES[_VARIANT.get()].items():
        text = text.replace(old, new)
    return text


def money_unit() -> str:
    """Return the current variant's money unit (底注 or 底分)."""
    return say("底注")
