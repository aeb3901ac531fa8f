"""The variant hooks (issue 8 item 1): each variant's rules reach the shared core only through its own hooks module,
``sim/variants/<variant>/hooks.py``, bound into the core's ``hooks`` slot at compile time (sim.core.slots,
sim.engine) — never through a run-time switch on the variant code inside a variant's module. (A run of several
variants binds the slot to the core's switch over them instead, sim.core.variant_switch: tests/test_variant_switch.py.)

The protocol is 晋城's hooks module: every kernel it defines or re-exports (from sim.core.hook_defaults). Every
variant's module defines each hook of it with the same parameter list and everything else the core reads from the
slot; none compares ``rule_vec[R_VARIANT]`` (the engine binds one variant's module per compile, so such a test
could only be dead or wrong); none imports another variant's folder.
"""
import ast
import inspect
from importlib import import_module
from pathlib import Path

import pytest
from numba.core.dispatcher import Dispatcher

from sim.core import hook_defaults

ROOT = Path(__file__).resolve().parents[1]
VARIANTS_DIR = ROOT / "sim" / "variants"
VARIANT_FOLDERS = sorted(p.name for p in VARIANTS_DIR.iterdir() if (p / "hooks.py").exists())
PROTOCOL_VARIANT = "jincheng"
# the code that calls through the ``hooks`` slot: the core and the strategies (the search player's view)
SLOT_CALLERS = (ROOT / "sim" / "core", ROOT / "strategies")
# what the core reads from the slot only in the switch engine of several variants (behind VARIANT == VARIANT_ANY,
# pruned in a variant's own engine): sim.core.variant_switch's own, no variant's hook
SWITCH_ONLY = {"plays_variant"}


def hooks_of(variant):
    """Return the hooks module of ``variant`` (sim/variants/<variant>/hooks.py)."""
    return import_module(f"sim.variants.{variant}.hooks")


def kernels_of(module):
    """Return {name: dispatcher} of the compiled kernels in ``module``'s namespace (defined or re-exported)."""
    return {name: value for name, value in vars(module).items()
            if isinstance(value, Dispatcher) and not name.startswith("_")}


def parameters(kernel):
    """Return the parameter names of ``kernel``'s Python function, in order."""
    return list(inspect.signature(kernel.py_func).parameters)


def hooks_defined(module):
    """Return {name: dispatcher} of the hooks in a hooks module: the kernels of its own variant's folder (defined
    there or re-exported) and the defaults of sim.core.hook_defaults it re-exports (not the core's helpers)."""
    folder = module.__name__.rsplit(".", 1)[0]
    return {name: k for name, k in kernels_of(module).items()
            if k.py_func.__module__ == hook_defaults.__name__ or k.py_func.__module__.startswith(folder + ".")}


PROTOCOL = hooks_defined(hooks_of(PROTOCOL_VARIANT))


def imported_modules(source):
    """Return the dotted names Python ``source`` imports (``import a.b``, ``from a.b import c`` → a.b, a.b.c)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def slot_reads(source):
    """Return the names ``x`` of ``hooks.x`` read in Python ``source``, and those of them called (``hooks.x(...)``),
    as (read, called) — parsed: comments, strings and docstrings that mention a hook do not count."""
    tree = ast.parse(source)
    read = {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "hooks"}
    called = {node.func.attr for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and isinstance(node.func.value, ast.Name) and node.func.value.id == "hooks"}
    return read, called


def variant_code_reads(source):
    """Return the line numbers where Python ``source`` reads ``R_VARIANT`` (a name or an attribute) in its code."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if (isinstance(node, ast.Name) and node.id == "R_VARIANT")
                  or (isinstance(node, ast.Attribute) and node.attr == "R_VARIANT"))


def slot_callers_reads():
    """Return (read, called) names of the ``hooks`` slot over every module of SLOT_CALLERS."""
    read, called = set(), set()
    for folder in SLOT_CALLERS:
        for path in sorted(folder.rglob("*.py")):
            r, c = slot_reads(path.read_text(encoding="utf-8"))
            read |= r
            called |= c
    return read, called


def test_the_protocol_holds_every_default_with_its_parameters():
    """晋城's module is the protocol: it is not empty, and each default of sim.core.hook_defaults stands for one of
    its hooks under the same name and parameter list."""
    assert len(PROTOCOL) > 20
    defaults = {name: k for name, k in kernels_of(hook_defaults).items()
                if k.py_func.__module__ == hook_defaults.__name__}
    assert defaults and sorted(set(defaults) - set(PROTOCOL)) == []
    assert {name: parameters(k) for name, k in defaults.items()} == \
        {name: parameters(PROTOCOL[name]) for name in defaults}


def test_the_core_calls_only_protocol_hooks_and_every_hook():
    """The slot is wired both ways: every hook the core calls is in the protocol, and each hook of the protocol is
    called by some module of the core or the strategies (a hook nobody calls is dead code)."""
    read, called = slot_callers_reads()
    assert sorted(called - set(PROTOCOL) - SWITCH_ONLY) == []
    assert sorted(set(PROTOCOL) - called) == []


@pytest.mark.parametrize("variant", VARIANT_FOLDERS)
def test_every_variant_defines_every_hook_with_the_same_parameters(variant):
    """Each variant's module has every hook of the protocol (its own kernel or a default) with the protocol's
    parameter list, and every other name the core reads from the slot."""
    module = hooks_of(variant)
    kernels = kernels_of(module)
    assert sorted(set(PROTOCOL) - set(kernels)) == []
    mismatched = {name: (parameters(kernels[name]), parameters(k)) for name, k in PROTOCOL.items()
                  if parameters(kernels[name]) != parameters(k)}
    assert mismatched == {}
    read, _ = slot_callers_reads()
    assert sorted(name for name in read - SWITCH_ONLY if not hasattr(module, name)) == []


@pytest.mark.parametrize("variant", VARIANT_FOLDERS)
def test_no_hook_module_switches_on_the_variant_code(variant):
    """No hooks module reads rule_vec[R_VARIANT] (the code of the module, comments and docstrings aside), and no
    kernel it defines names R_VARIANT in its compiled code."""
    module = hooks_of(variant)
    path = VARIANTS_DIR / variant / "hooks.py"
    assert variant_code_reads(path.read_text(encoding="utf-8")) == []
    own = {name: k for name, k in kernels_of(module).items() if k.py_func.__module__ == module.__name__}
    assert own  # the module defines kernels of its own

    def code_names(code):
        names = set(code.co_names)
        for const in code.co_consts:
            if hasattr(const, "co_names"):
                names |= code_names(const)
        return names

    assert sorted(name for name, k in own.items() if "R_VARIANT" in code_names(k.py_func.__code__)) == []


def test_the_variant_code_check_reads_code_not_text():
    """The check above fires on a comparison with the variant code, and not on one named in a comment or docstring."""
    source = '''"""Tests rule_vec[R_VARIANT] in the docstring only."""
# if rule_vec[R_VARIANT] == VARIANT_JINHUA:
text = "rule_vec[R_VARIANT]"
def hook(rule_vec):
    return rule_vec[L.R_VARIANT] == 2 or rule_vec[R_VARIANT] == 1
'''
    assert variant_code_reads(source) == [5, 5]


def test_slot_reads_are_read_from_code_not_text():
    """A hook named only in a comment or a docstring is not read; a real read and a real call are found."""
    source = '''"""Calls hooks.deal_extras(rule_vec) in the docstring only."""
# hooks.on_huang(rule_vec, st, money)
text = "hooks.next_dealer(rule_vec, st)"
hooks.settle_win(1, 2)
mode = hooks.LIMIT_EVERY_DRAW
'''
    assert slot_reads(source) == ({"settle_win", "LIMIT_EVERY_DRAW"}, {"settle_win"})


@pytest.mark.parametrize("variant", VARIANT_FOLDERS)
def test_a_variant_hooks_module_imports_no_other_variant(variant):
    """The hooks module of a variant imports (in its source, and in the modules and kernels it holds once loaded)
    only its own folder of sim.variants: a bound core compiles no other variant's rules."""
    others = tuple(f"sim.variants.{v}" for v in VARIANT_FOLDERS if v != variant)
    source = (VARIANTS_DIR / variant / "hooks.py").read_text(encoding="utf-8")
    assert sorted(n for n in imported_modules(source) if n.startswith(others)) == []
    held = set()
    for name, value in vars(hooks_of(variant)).items():
        owner = value.__name__ if inspect.ismodule(value) else getattr(getattr(value, "py_func", value), "__module__", "")
        if isinstance(owner, str) and owner.startswith(others):
            held.add(f"{name} ({owner})")
    assert sorted(held) == []


def test_the_import_check_fires_on_another_variants_folder():
    source = "from sim.variants.jinhua import play_rules as jh\nimport sim.variants.jincheng.wins\n"
    assert {n for n in imported_modules(source) if n.startswith(("sim.variants.jinhua",))} == {
        "sim.variants.jinhua", "sim.variants.jinhua.play_rules"}
