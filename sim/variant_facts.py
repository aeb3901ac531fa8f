"""The facts of a rule variant that the studies and the report read (``sim/variants/<name>/study_facts.py``): its
Chinese name, which studies mean nothing there, whether it has a 荒 setting to sweep, a ting declaration, which money
parts it pays, and the report's words for it — plain Python. The studies keep no per-variant table of these facts;
what they still name a variant for is what only that variant has (晋城's and 晋中's own sweep cells and parameters,
金华's caishen study)."""
from __future__ import annotations

import importlib
from types import ModuleType

from sim.rules import VARIANTS

#: The names every ``study_facts`` module defines (tests/test_variant_facts.py checks each variant's).
FIELDS = ("LABEL", "SKIPPED_STUDIES", "HUANG_SWEEP", "ABSENT_MONEY", "MECHANICS", "MISSING", "WORDS", "KONG_WALL_NOTE",
          "NO_SWEEP_NOTE", "WIN_FEATURES", "WIN_SHAPES", "RULES_CITATION", "CONTROL")

#: The mechanics a strategy may need (its spec's ``needs``) and a rule set may have (its facts' ``MECHANICS``).
MECHANIC_WORDS = {"ting": "a ting declaration (上架/报听)", "shisanyao": "十三幺", "baotou": "爆头"}


def facts(variant: str) -> ModuleType:
    """Return the ``study_facts`` module of ``variant`` (a name of ``sim.rules.VARIANTS``); ValueError naming the
    variants for another name."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    return importlib.import_module(f"sim.variants.{variant}.study_facts")


def missing_mechanics(variant: str, rules=None) -> dict[str, str]:
    """Return {mechanic: why} of the ``MECHANIC_WORDS`` that ``variant`` lacks — under its config ``rules`` too when
    given (a flag may take one away: its facts' ``missing_under``) — each with the one-line reason a refused strategy
    is given: the rule set's own words (``MISSING``), else where the mechanic is played."""
    own = facts(variant)
    missing = {}
    for mechanic in MECHANIC_WORDS:
        if mechanic in own.MECHANICS:
            continue
        if mechanic in own.MISSING:
            missing[mechanic] = own.MISSING[mechanic]
            continue
        where = [v for v in VARIANTS if mechanic in facts(v).MECHANICS]
        why = "; ".join(dict.fromkeys(facts(v).MECHANICS[mechanic] for v in where))
        missing[mechanic] = f"it plays only under rules={'/'.join(where)}: {why}" if where else \
            f"no rule set has {MECHANIC_WORDS[mechanic]}"
    if rules is not None and hasattr(own, "missing_under"):
        missing.update(own.missing_under(rules))
    return missing


def control_rule_set() -> str | None:
    """Return the rule set whose facts say it is the control (``CONTROL``: 推倒胡), None when none does."""
    controls = [v for v in VARIANTS if facts(v).CONTROL]
    return controls[0] if controls else None
