"""The strategies name no rule set (issue 42): what a player must know of the rules is a fact or a hook of the rule set's
own folder (sim/variants/<name>/hooks.py, defaults in sim/core/hook_defaults.py), read through the ``hooks`` slot.

So no module of ``strategies/`` imports ``sim.variants`` (a rule set's private modules), names a rule set's code
(``VARIANT_<NAME>``), the ``VARIANT`` slot or the rule vector's ``R_VARIANT`` to choose by rule set, has an identifier
with a rule set's name as one of its ``_``-separated words, or a string (other than a docstring) that is a rule set's
name; nor is a module named for one. Docstrings and comments may still cite a rule set (a rule's home, a measured gain).
"""
import ast
import re
from pathlib import Path

from sim.rules import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
#: names that choose by rule set code
CODE_NAMES = {"VARIANT", "R_VARIANT"} | {f"VARIANT_{v.upper()}" for v in VARIANTS}
#: rule-set names that are also ordinary words of identifiers (``declines_plain_win_k``: 金华's plain, non-爆头, win)
ORDINARY_WORDS = {"plain"}


def _docstrings(tree: ast.AST) -> set[int]:
    """Return the ids of the string constants that are docstrings of ``tree``'s module, classes and functions."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _identifiers(node: ast.AST) -> list[str]:
    """Return the identifiers ``node`` introduces or reads (names, attributes, definitions, import aliases)."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    return []


def offences(source: str) -> list[str]:
    """Return, one line each, where the module ``source`` names a rule set (empty when it names none)."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    words = {v for v in VARIANTS if v not in ORDINARY_WORDS}
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            found += [f"{line}: imports {a.name}" for a in node.names if a.name.split(".")[:2] == ["sim", "variants"]]
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[:2] == ["sim", "variants"]:
            found.append(f"{line}: imports from {node.module}")
        for name in _identifiers(node):
            if name in CODE_NAMES:
                found.append(f"{line}: names the rule-set code {name}")
            for part in re.split(r"[_.]", name.lower()):
                if part in words:
                    found.append(f"{line}: identifier {name} names the rule set {part}")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if node.value in VARIANTS or any(part in words for part in re.split(r"[_./\s]", node.value.lower())):
                found.append(f"{line}: string {node.value!r} names a rule set")
    return found


def test_no_strategy_module_names_a_rule_set():
    words = {v for v in VARIANTS if v not in ORDINARY_WORDS}
    found = {str(path.relative_to(ROOT)): offences(path.read_text(encoding="utf-8"))
             + [f"the module's name names the rule set {part}" for part in re.split(r"[_./]", path.stem) if part in words]
             for path in sorted((ROOT / "strategies").rglob("*.py"))}
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_the_check_catches_each_way_of_naming_a_rule_set():
    """Each form the strategies used before the rule facts became hooks is caught."""
    assert offences("from sim.variants.jinzhong._rules import blocked_suits\n")
    assert offences("import sim.variants.jinhua._reserve\n")
    assert offences("from sim.core.codes import VARIANT_JINHUA\n")
    assert offences("def f(rule_vec):\n    return VARIANT == 2\n")
    assert offences("LANE_KERNELS = ((('jinhua',), 'strategies.greedy', 'greedy_self', ()),)\n")
    assert offences("x = 'strategies.jinzhong_play'\n")
    assert offences("def jinzhong_greedy(): pass\n")
    assert not offences('"""greedy under 晋中 (jinzhong): a docstring may cite a rule set."""\n'
                        "def declines_plain_win_k(rule_vec): return hooks.has_wilds(rule_vec)\n")
