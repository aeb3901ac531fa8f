"""The source of sim/core/variant_switch.py, written from the hook protocol — plain Python.

The switch holds one wrapper per hook, all of one shape (read ``rule_vec[R_VARIANT]``, call the hook of the slot
that holds that code). They are written out as real source because numba caches only functions with source of
their own: wrappers made at import time would recompile in every process. This module writes them, so that they
are never edited by hand: ``python -m sim.switch_source`` rewrites the module after a hook is added, removed or
changes its parameters or inlining, and tests/test_variant_switch.py checks the module is exactly what
``switch_source()`` returns.

The protocol is every compiled hook a variant's ``hooks`` module defines or takes from sim.core.hook_defaults, and
every hook hook_defaults defines itself, in order of first appearance (variants in sim.rules.VARIANTS order).
"""
from __future__ import annotations

import inspect
from importlib import import_module
from pathlib import Path

LINE_LENGTH = 120  # the project's longest source line

HEADER = '''"""The hooks of an engine that plays several variants: a run-time switch over the run's variants — compiled kernels.

Written by sim/switch_source.py (``python -m sim.switch_source``); do not edit by hand.

``sim.engine`` binds this module to the ``hooks`` slot (sim.core.slots) of the engine of a run that plays more than
one variant (``sim.table_engines.run_plays``), ``VARIANT`` to VARIANT_ANY, and ``hooks0``, ``hooks1``, ... / ``VARIANT0``, ...
(one pair per registered rule set, N_SWITCH_SLOTS) to the run's variants' hooks modules and codes, in code order.
Every hook of the protocol (docs/architecture.md
"Adding a variant") is here with the same name and parameter list: it reads ``rule_vec[R_VARIANT]`` and calls the
hook of the variant that holds the code. A slot the run leaves free holds VARIANT_NONE (and
sim.core.hook_defaults), and its branch is pruned at compile time; the first slot is the fall-through, which
``start_hand`` guarantees (it refuses a rule vector of a variant the engine does not hold, ``plays_variant``).

So the shared core — the hand loop, the action kernels, the legal builder, the checks — compiles once for all the
variants of the run instead of once per variant; only the hooks' own bodies compile per variant, as before.
A hook is inlined (``inline='always'``) when one of the variants inlines it, so that a call site compiles the
bodies it would have compiled in each variant's own engine; a hook no variant inlines is a compiled call of its
own. Imports only sim.core: the variants reach it through the slots.
"""
from numba import njit

from sim.core.codes import VARIANT_NONE
from sim.core.hook_defaults import LIMIT_AT_FRONT_DRAW, LIMIT_EVERY_DRAW, LIMIT_FRONT_DRAWS  # noqa: F401  (protocol)
from sim.core.rule_layout import R_VARIANT
'''


def n_switch_slots() -> int:
    """Return how many variants the switch holds: one per registered rule set (sim.rules.CONFIG_CLASSES)."""
    from sim.rules import CONFIG_CLASSES

    return len(CONFIG_CLASSES)


def slots_source(n: int) -> str:
    """Return the switch's slot imports, its N_SWITCH_SLOTS and ``plays_variant`` for ``n`` variants."""
    names = [f"VARIANT{k}" for k in range(n)] + [f"hooks{k}" for k in range(n)]
    tests = " or ".join(f"code == VARIANT{k}" for k in range(n))
    return ("\n".join(call_lines("from sim.core.slots import ", names, "")) + "\n\n"
            "#: how many variants the switch holds: one per registered rule set (sim.engine frees those a run omits)\n"
            f"N_SWITCH_SLOTS = {n}\n\n\n"
            "@njit(cache=True, inline='always')\n"
            "def plays_variant(code):\n"
            '    """Return True when the variant ``code`` (rule_vec[R_VARIANT]) is one the switch holds."""\n'
            + "\n".join(call_lines("    return code != VARIANT_NONE and (", tests.split(" or "), ")", " or ")) + "\n")


def protocol() -> dict[str, tuple[list[str], bool]]:
    """Return {hook name: (parameter names, inlined)} of every hook of the protocol, in order of first appearance;
    ``inlined`` is True when any variant (or the default) compiles the hook with ``inline='always'``."""
    from numba.core.dispatcher import Dispatcher

    from sim.rules import VARIANTS

    defaults = import_module("sim.core.hook_defaults")
    hooks: dict[str, tuple[list[str], bool]] = {}
    for module in [import_module(f"sim.variants.{v}.hooks") for v in VARIANTS] + [defaults]:
        for name, value in vars(module).items():
            if not isinstance(value, Dispatcher):
                continue
            if module is defaults and value.py_func.__module__ != defaults.__name__:
                continue  # what hook_defaults imports is not a hook
            params = list(inspect.signature(value.py_func).parameters)
            inlined = value.targetoptions.get("inline") == "always"
            if name in hooks:
                known, was_inlined = hooks[name]
                if known != params:
                    raise ValueError(f"hook {name} of {module.__name__} takes ({', '.join(params)}), "
                                     f"another variant's takes ({', '.join(known)})")
                inlined = inlined or was_inlined
            hooks[name] = (params, inlined)
    return hooks


def call_lines(head: str, params: list[str], tail: str, sep: str = ", ") -> list[str]:
    """Return ``head`` + the ``sep``-separated ``params`` + ``tail`` as lines of at most LINE_LENGTH characters, the
    parameters that do not fit continued under the first (as the project's formatter writes them)."""
    lines, line = [], head
    for i, param in enumerate(params):
        piece = param + (sep if i < len(params) - 1 else tail)
        if len(line) + len(piece.rstrip()) > LINE_LENGTH and line.strip() != head.strip():
            lines.append(line.rstrip())
            line = " " * len(head)
        line += piece
    return lines + [line]


def wrapper_source(name: str, params: list[str], inlined: bool, n_slots: int) -> str:
    """Return the source of the switch's wrapper of hook ``name`` (its decorator, definition and body)."""
    decorator = "@njit(cache=True, inline='always')" if inlined else "@njit(cache=True, _nrt=False)"
    lines = [decorator, *call_lines(f"def {name}(", params, "):"),
             f'    """Hook ``{name}`` of the variant ``rule_vec`` plays."""', "    v = rule_vec[R_VARIANT]"]
    for slot in range(1, n_slots):
        lines.append(f"    if VARIANT{slot} != VARIANT_NONE and v == VARIANT{slot}:")
        lines += call_lines(f"        return hooks{slot}.{name}(", params, ")")
    lines += call_lines(f"    return hooks0.{name}(", params, ")")
    return "\n".join(lines) + "\n"


def switch_source() -> str:
    """Return the full text sim/core/variant_switch.py must hold."""
    n = n_switch_slots()
    return HEADER + slots_source(n) + "".join("\n\n" + wrapper_source(name, params, inlined, n)
                                              for name, (params, inlined) in protocol().items())


def module_path() -> Path:
    """Return the path of sim/core/variant_switch.py."""
    return Path(__file__).resolve().parent / "core" / "variant_switch.py"


if __name__ == "__main__":
    module_path().write_text(switch_source(), encoding="utf-8")
    print(f"wrote {module_path()} ({len(protocol())} hooks)")
