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

_SELF = ("rule_vec", "tables", "hands", "frozen", "melds", "rivers", "st", "mask", "seat", "params", "seen")
_APPLY = ("rule_vec", "tables", "wall", "hands", "frozen", "melds", "rivers", "st", "money", "events")

#: (module, kernel, argument names) in the order the lane compiles them: the reverse of the hand loop's own order.
LATE_KERNELS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("sim.core.claims", "apply_claim", _APPLY + ("seat", "action")),
    ("sim.core.apply", "apply_self", _APPLY + ("action",)),
    ("strategies.defensive", "defensive_claim", ("rule_vec", "tables", "hands", "st", "mask", "seat", "params")),
    ("strategies.defensive", "defensive_self", _SELF),
    ("strategies.thirteen_orphans", "thirteen_orphans_claim",
     ("rule_vec", "tables", "hands", "frozen", "st", "mask", "seat", "params")),
    ("strategies.thirteen_orphans", "thirteen_orphans_self", _SELF),
    ("strategies.selective_ting", "selective_self", _SELF),
    ("strategies.greedy", "greedy_claim", ("rule_vec", "tables", "hands", "st", "mask", "seat", "tile", "params")),
    ("strategies.jinzhong_play", "jz_greedy_claim",
     ("rule_vec", "tables", "hands", "melds", "st", "mask", "seat", "tile", "params")),
    ("strategies.greedy", "greedy_self", _SELF),
    ("strategies.jinhua_baotou", "jh_baotou_claim", ("rule_vec", "tables", "hands", "st", "mask", "seat", "params")),
    ("strategies.jinhua_baotou", "jh_baotou_self", _SELF),
    ("strategies.jinhua_play", "jh_greedy_claim", ("rule_vec", "tables", "hands", "st", "mask", "seat", "params")),
    ("strategies.jinhua_play", "jh_greedy_self", _SELF),
)


def sample_arguments(variant: str) -> dict:
    """Return {argument name: a value of the type the hand loop passes} under ``variant``'s default rules."""
    import numpy as np

    from sim.core.state import N_ACTIONS, new_state
    from sim.rules import resolve_rules

    rules = resolve_rules(variant)
    wall, hands, frozen, melds, rivers, st, money = new_state()
    params = np.zeros((4, 8), dtype=np.float64)  # the seats' parameter rows, as strategies.registry.seat_arrays
    return {"rule_vec": rules.pack(), "tables": rules.hand_tables(), "wall": wall, "hands": hands, "frozen": frozen,
            "melds": melds, "rivers": rivers, "st": st, "money": money, "events": np.zeros((1, 4), dtype=np.int32),
            "mask": np.zeros(N_ACTIONS, dtype=np.bool_), "seen": np.zeros(34, dtype=np.int8), "params": params[0],
            "seat": 0, "action": 0, "tile": 0}


def late_signatures(variant: str) -> list[tuple[object, tuple]]:
    """Return [(dispatcher, numba argument types)] of LATE_KERNELS under ``variant``, in the lane's order."""
    from numba import typeof

    values = sample_arguments(variant)
    return [(getattr(import_module(module), name), tuple(typeof(values[arg]) for arg in args))
            for module, name, args in LATE_KERNELS]


def report_compiled(kernel: str) -> None:
    """Write ``compiled <kernel>`` on stdout for a kernel compiled (``sim.compile_progress.kernel_key``): the lane's
    report to the run's compile bar."""
    sys.stdout.write(f"compiled {kernel}\n")
    sys.stdout.flush()


def compile_late_kernels(variant: str, report: bool = False) -> int:
    """Compile (or load from the cache) every LATE_KERNELS entry under ``variant``; return how many were compiled.
    With ``report``, each compiled kernel (callees included) also writes one line on stdout (``report_compiled``)."""
    from sim.compile_progress import compile_bar

    with compile_bar(False, on_compiled=report_compiled if report else None) as counter:
        for dispatcher, types in late_signatures(variant):
            dispatcher.compile(types)
    return counter.compiled


def start_lane(variant: str) -> subprocess.Popen | None:
    """Start the lane for ``variant`` in a helper process (same environment and cache as this one; its stdout is a
    pipe with one line per kernel it compiles, its stderr silenced; it ends when this process dies); return it, or
    None on a machine with a single core, where a second lane could only slow the first."""
    if (os.cpu_count() or 1) < 2:
        return None
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
    code = (f"from sim.parent_watch import watch_parent; watch_parent({os.getpid()}); "
            f"from sim.compile_lanes import compile_late_kernels; compile_late_kernels({variant!r}, report=True)")
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
