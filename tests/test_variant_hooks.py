"""The variant hooks (sim.variants.hooks): the core reaches variant rules only through them (issue 8 item 1)."""
import ast
from pathlib import Path

import numpy as np
import pytest

from sim.core.rule_layout import R_VARIANT
from sim.core.state import N_ST
from sim.rules import resolve_rules
from sim.variants import hooks

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path):
    """Return the dotted names the source at ``path`` imports (``import a.b``, ``from a.b import c`` → a.b, a.b.c)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_core_module_imports_a_variant_package_directly():
    """Every core module reaches 晋城 (and later variants) through sim.variants.hooks only."""
    offenders = {}
    for path in sorted((ROOT / "sim" / "core").rglob("*.py")):
        names = {n for n in imported_modules(path) if n.startswith("sim.variants") and n != "sim.variants.hooks"
                 and n != "sim.variants"}
        if names:
            offenders[str(path.relative_to(ROOT))] = sorted(names)
    assert offenders == {}


def test_the_core_calls_the_hooks():
    """The hooks are wired: each one is called by some core module (a hook nobody calls is dead code)."""
    hook_names = {name for name, value in vars(hooks).items()
                  if hasattr(value, "py_func") and value.py_func.__module__ == hooks.__name__}  # not imported kernels
    sources = (p.read_text(encoding="utf-8") for p in (ROOT / "sim" / "core").rglob("*.py"))
    called = set().union(*(hook_calls(source) for source in sources))
    uncalled = sorted(hook_names - called)
    assert hook_names and uncalled == []


def hook_calls(source):
    """Return the names ``f`` of the calls ``hooks.f(...)`` in Python ``source`` (parsed: comments, strings and
    docstrings that mention a call do not count)."""
    return {node.func.attr for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "hooks"}


def test_hook_calls_are_read_from_code_not_text():
    """A call named only in a comment or a docstring is no call; a real one is found."""
    source = '''"""Calls hooks.deal_extras(rule_vec) in the docstring only."""
# hooks.on_huang(rule_vec, st, money)
text = "hooks.next_dealer(rule_vec, st)"
hooks.settle_win(1, 2)
'''
    assert hook_calls(source) == {"settle_win"}


def test_an_unknown_variant_code_raises_instead_of_playing_jincheng():
    """A rule vector whose R_VARIANT no variant owns stops with an error naming the slot."""
    rule_vec = resolve_rules().pack()
    st = np.zeros(N_ST, dtype=np.int64)
    assert hooks.next_dealer(rule_vec, st) == 0  # 晋城: dealer 0 won (st zeroed: winner 0), the dealer stays (r52)
    rule_vec[R_VARIANT] = 99
    with pytest.raises(ValueError, match="R_VARIANT"):
        hooks.next_dealer(rule_vec, st)
