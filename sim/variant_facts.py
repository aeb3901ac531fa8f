"""The facts of a rule variant that the studies and the report read (``sim/variants/<name>/study_facts.py``): its
Chinese name, which studies mean nothing there, whether it has a 荒 setting to sweep, a ting declaration, which money
parts it pays, and the report's words for it — plain Python. The studies keep no per-variant table of these facts;
what they still name a variant for is what only that variant has (晋城's and 晋中's own sweep cells and parameters,
金华's caishen study)."""
from __future__ import annotations

import importlib
from types import ModuleType

#: The names every ``study_facts`` module defines (tests/test_variant_facts.py checks each variant's).
FIELDS = ("LABEL", "SKIPPED_STUDIES", "HUANG_SWEEP", "ABSENT_MONEY", "HAS_TING", "WORDS", "KONG_WALL_NOTE", "NO_SWEEP_NOTE")


def facts(variant: str) -> ModuleType:
    """Return the ``study_facts`` module of ``variant`` (a name of ``sim.rules.VARIANTS``); ValueError naming the
    variants for another name."""
    from sim.rules import VARIANTS

    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    return importlib.import_module(f"sim.variants.{variant}.study_facts")
