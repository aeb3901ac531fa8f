"""What the tests outside ``tests/variants/<name>/`` know of the rule sets: only what the registration says
(``sim.rules.VARIANTS``, each rule set's study facts), so that adding or removing a rule set edits none of them.

A test about one rule set's behaviour lives in its folder; a test here that uses one as an example (推倒胡 as the
control, 晋城 as the first) is marked ``needs("plain")`` and is skipped, with that reason, in a tree without it.
"""
from __future__ import annotations

import pytest

from sim.rules import VARIANTS
from sim.variant_facts import facts


def needs(*names: str):
    """Return a skip mark for a test that uses the rule sets ``names`` as examples: skipped when one of them is not
    registered (its folder is absent), with the names in the reason."""
    absent = [n for n in names if n not in VARIANTS]
    return pytest.mark.skipif(bool(absent), reason=f"rule set {', '.join(absent)} is not registered")


def registered(*names: str) -> list[str]:
    """Return those of ``names`` that are registered, in the given order: a parametrisation over examples that
    drops a removed rule set instead of failing on it."""
    return [n for n in names if n in VARIANTS]


def with_mechanic(mechanic: str) -> list[str]:
    """Return the registered rule sets whose facts list ``mechanic`` (``MECHANICS``: "ting", "shisanyao", ...), in
    registration order."""
    return [v for v in VARIANTS if mechanic in facts(v).MECHANICS]


def without_mechanic(mechanic: str) -> list[str]:
    """Return the registered rule sets whose facts do not list ``mechanic``, in registration order."""
    return [v for v in VARIANTS if mechanic not in facts(v).MECHANICS]
