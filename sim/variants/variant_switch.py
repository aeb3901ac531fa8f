"""Compile a variant switch with only its variant's branch — plain Python (it builds kernels; it holds none).

A hook (``sim.variants.hooks``) or strategy switch is written once, as plain numba source branching on
``rule_vec[R_VARIANT] == VARIANT_*``. ``@variant_switch`` makes it callable from kernels in two ways:

- with a ``sim.core.rule_vector.RuleVectorType`` argument (the engine's calls): the source compiled with
  ``rule_vec[R_VARIANT]`` replaced by that variant's code, so numba prunes the other branches before typing and
  never compiles the other variants' kernels they call;
- with a plain array: the source as written, every branch compiled and chosen at run time.

Both run the same branch for the same rule vector, so a record never depends on which was compiled
(``tests/test_variant_switch.py``). Called from Python, a switch compiles the same way: per variant for a
``TypedRuleVector``, every branch for a plain array.
"""
from __future__ import annotations

import ast
import functools
import inspect
import textwrap

from numba import njit
from numba.core.extending import overload

from sim.core.codes import VARIANT_CODES
from sim.core.rule_layout import R_VARIANT
from sim.core.rule_vector import RuleVectorType, TypedRuleVector

RULE_VEC = "rule_vec"  # the argument a switch reads the variant from
VARIANT_SLOT = "R_VARIANT"  # the rule-layout name of the variant slot, as the switches write it


class _FixVariant(ast.NodeTransformer):
    """Replace every ``rule_vec[R_VARIANT]`` with the constant ``variant``."""

    def __init__(self, variant: int):
        self.variant = variant

    def visit_Subscript(self, node):
        if (isinstance(node.value, ast.Name) and node.value.id == RULE_VEC and isinstance(node.slice, ast.Name)
                and node.slice.id == VARIANT_SLOT):
            return ast.copy_location(ast.Constant(self.variant), node)
        return self.generic_visit(node)


def _fixed_variant_source(py_func, variant: int):
    """Return ``py_func`` recompiled from its source with ``rule_vec[R_VARIANT]`` fixed to ``variant``: a plain Python
    function with the same globals (the module's, live), arguments and line numbers."""
    lines, first_line = inspect.getsourcelines(py_func)
    tree = ast.parse(textwrap.dedent("".join(lines)))
    definition = tree.body[0]
    definition.decorator_list = []
    tree = ast.fix_missing_locations(_FixVariant(variant).visit(tree))
    ast.increment_lineno(tree, first_line - 1)
    definitions: dict = {}
    exec(compile(tree, inspect.getsourcefile(py_func), "exec"), py_func.__globals__, definitions)
    fixed = definitions[py_func.__name__]
    fixed.__qualname__ = f"{py_func.__qualname__}[variant {variant}]"
    return fixed


def variant_switch(inline: bool):
    """Decorator: make the numba source ``py_func`` (a variant switch over ``rule_vec[R_VARIANT]``) a function kernels
    call, compiled per variant for a RuleVectorType ``rule_vec`` (``inline``: inlined into each caller, else compiled
    once per signature); returns the callable (also from Python)."""

    def decorate(py_func):
        parameters = list(inspect.signature(py_func).parameters)
        if RULE_VEC not in parameters:
            raise TypeError(f"{py_func.__qualname__}: a variant switch takes a {RULE_VEC!r} argument")
        if py_func.__code__.co_freevars:  # its source is recompiled against the module's globals only
            raise TypeError(f"{py_func.__qualname__}: a variant switch is a module-level function (it reads "
                            f"{', '.join(py_func.__code__.co_freevars)} from an enclosing function)")
        position = parameters.index(RULE_VEC)
        fixed = {code: _fixed_variant_source(py_func, code) for code in VARIANT_CODES.values()}
        compiled: dict = {}  # {variant code or None (all branches): its compilation for calls from Python}

        @functools.wraps(py_func)
        def switch(*args, **kwargs):
            rule_vec = kwargs[RULE_VEC] if RULE_VEC in kwargs else args[position]
            variant = int(rule_vec[R_VARIANT]) if isinstance(rule_vec, TypedRuleVector) else None
            if variant not in compiled:
                compiled[variant] = njit(cache=True)(py_func if variant is None else fixed[variant])
            return compiled[variant](*args, **kwargs)

        @functools.wraps(py_func)
        def pick_source(*arg_types, **kw_types):
            rule_type = kw_types[RULE_VEC] if RULE_VEC in kw_types else arg_types[position]
            if isinstance(rule_type, RuleVectorType):
                return fixed[rule_type.variant]
            return py_func

        overload(switch, inline="always" if inline else "never")(pick_source)
        switch.variant_sources = fixed  # {variant code: its fixed-variant source}, for tests
        return switch

    return decorate
