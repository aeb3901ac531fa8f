"""A second compile lane for a cold start: the late kernels of the hand loop, compiled from the other end — plain Python.

A cold first run compiles a few hundred kernels in one process, one after another, while the machine's other
cores wait: numba compiles a caller's callees depth-first, in the order the caller's body names them. The hand
loop (``sim.core.turn``) names the legal builders first, then the strategies, then ``apply_self`` and
``apply_claim``. ``start_lane`` starts a helper process that compiles the late ones in the
opposite order (``apply_claim`` first, the strategies last), each with the argument types the loop passes; the
kernels land in numba's disk cache, where the run's own compile finds them when it gets there, instead of
compiling them itself. The lane is only ever a shortcut: a kernel both compile is compiled twice (the cache keeps
one), a lane that fails or is stopped changes nothing but the time, and the records never depend on it. The lane
writes one line per kernel it compiles to its stdout, a pipe the run's compile bar reads
(``sim.compile_progress``), and ends when the run that started it dies (``sim.parent_watch``).
``tests/test_compile_lanes.py`` checks that every signature below is one the loop really asks for.
"""
from __future__ import annotations

import os
import subprocess
import sys
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_APPLY = ("rule_vec", "tables", "wall", "hands", "frozen", "melds", "rivers", "st", "money", "events")

#: The rule facts a late kernel is played under: ((hook, value), ...), each a hook of the rule set that returns a
#: constant (``misses_a_suit``, ``has_wilds``, ...), or None for every rule set (sim.core.seat_dispatch).
Form = tuple[tuple[str, object], ...] | None

#: The core's late kernels: (policy module of a table's seat, or None for every table; the rule facts it is played
#: under, or None for all; module, kernel, argument names), compiled first: the reverse of the hand loop's own order.
#: The policies' own follow (``late_kernels``).
CORE_LATE_KERNELS: tuple[tuple[str | None, Form, str, str, tuple[str, ...]], ...] = (
    (None, None, "sim.core.claims", "apply_claim", _APPLY + ("seat", "action")),
    (None, None, "sim.core.apply", "apply_self", _APPLY + ("action",)),
)


def late_kernels(policies) -> list[tuple[str | None, Form, str, str, tuple[str, ...]]]:
    """Return the entries the lane compiles for a table playing ``policies`` (policy modules, in slot order):
    ``CORE_LATE_KERNELS``, then each policy's own ``LANE_KERNELS`` (sim.core.seat_dispatch), the last slot's first
    — the reverse of the order the loop compiles them. A policy that lists none adds nothing."""
    entries = list(CORE_LATE_KERNELS)
    for policy in reversed(tuple(policies)):
        entries += [(policy, form, module, name, args)
                    for form, module, name, args in getattr(import_module(policy), "LANE_KERNELS", ())]
    return entries


def plays_form(form: Form, variant: str) -> bool:
    """Return True when the rule set ``variant`` has every fact of ``form`` (None: any rule set), each hook read in
    Python (its ``py_func``, nothing compiles) on the rule set's default rule vector."""
    if form is None:
        return True
    from sim.engine import hooks_module
    from sim.rules import resolve_rules

    hooks = hooks_module(variant)
    rule_vec = resolve_rules(variant).pack()
    return all(getattr(hooks, fact).py_func(rule_vec) == value for fact, value in form)


def sample_arguments(variant: str) -> dict:
    """Return {argument name: a value of the type the hand loop passes} under ``variant``'s default rules."""
    import numpy as np

    from sim.core.state import N_ACTIONS, new_state
    from sim.rules import resolve_rules

    rules = resolve_rules(variant)
    wall, hands, frozen, melds, rivers, st, money = new_state()
    params = np.zeros((4, 8), dtype=np.float64)  # the seats' parameter rows, as sim.seat_plan.seat_arrays
    return {"rule_vec": rules.pack(), "tables": rules.hand_tables(), "wall": wall, "hands": hands, "frozen": frozen,
            "melds": melds, "rivers": rivers, "st": st, "money": money, "events": np.zeros((1, 4), dtype=np.int32),
            "mask": np.zeros(N_ACTIONS, dtype=np.bool_), "seen": np.zeros(34, dtype=np.int8), "params": params[0],
            "seat": 0, "action": 0, "tile": 0}


def late_signatures(variant: str | tuple[str, ...], policies: tuple[str, ...]) -> list[tuple[object, tuple]]:
    """Return [(dispatcher bound to the table's engine, numba argument types)] of the ``late_kernels`` a table of
    ``variant`` whose seats play ``policies`` (sim.engine) runs, in the lane's order. ``variant`` is the engine's
    (``Engine.variant``): one variant, or the tuple of a run's variants whose switch engine the run plays — then the
    entries of each of them, once."""
    from numba import typeof

    from sim.engine import engine

    eng = engine(variant, tuple(policies))
    played = eng.variants
    values = sample_arguments(played[0])  # the argument types are every variant's
    return [(eng.kernel(module, name), tuple(typeof(values[arg]) for arg in args))
            for _, form, module, name, args in late_kernels(policies)
            if any(plays_form(form, v) for v in played)]


def report_compiled(kernel: str) -> None:
    """Write ``compiled <kernel>`` on stdout for a kernel compiled (``sim.compile_progress.kernel_key``): the lane's
    report to the run's compile bar."""
    sys.stdout.write(f"compiled {kernel}\n")
    sys.stdout.flush()


def compile_late_kernels(variant: str | tuple[str, ...], policies: tuple[str, ...], report: bool = False) -> int:
    """Compile (or load from the cache) the ``late_kernels`` entries of a table of ``variant`` playing ``policies``;
    return how many were compiled.
    With ``report``, each compiled kernel (callees included) also writes one line on stdout (``report_compiled``)."""
    from sim.compile_progress import compile_bar

    with compile_bar(False, on_compiled=report_compiled if report else None) as counter:
        for dispatcher, types in late_signatures(variant, policies):
            dispatcher.compile(types)
    return counter.compiled


def start_lane(variant: str | tuple[str, ...], policies: tuple[str, ...]) -> subprocess.Popen | None:
    """Start the lane for a table of ``variant`` (an engine's: one variant, or a run's variants for their switch
    engine) playing ``policies`` in a helper process (same environment and cache as this one; its stdout is a pipe
    with one line per kernel it compiles, its stderr silenced; it ends when this process dies); return it, or None
    on a machine with a single core, where a second lane could only slow the first."""
    if (os.cpu_count() or 1) < 2:
        return None
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
    code = (f"from sim.parent_watch import watch_parent; watch_parent({os.getpid()}); "
            f"from sim.compile_lanes import compile_late_kernels; "
            f"compile_late_kernels({variant!r}, {tuple(policies)!r}, report=True)")
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)


def stop_lane(lane: subprocess.Popen | None) -> None:
    """Stop the lane if it still runs (the run's own compile finished first); returns nothing."""
    if lane is not None and lane.poll() is None:
        lane.terminate()
        try:
            lane.wait(timeout=10)
        except subprocess.TimeoutExpired:
            lane.kill()
            lane.wait()
    if lane is not None and lane.stdout is not None:
        lane.stdout.close()
