"""A second compile lane for a cold start: the late kernels of the hand loop, compiled from the other end — plain Python.

A cold first run compiles a few hundred kernels in one process, one after another, while the machine's other
cores wait: numba compiles a caller's callees depth-first, in the order the caller's body names them. The hand
loop (``sim.core.turn``) names the legal builders first, then the strategies, then ``apply_self`` and
``apply_claim``. ``start_lane`` starts a helper process that compiles the late ones in the
opposite order (``apply_claim`` first, the strategies last), each with the argument types the loop passes; the
kernels land in numba's disk cache, where the run's own compile finds them when it gets there, instead of
compiling them itself. The lane is only ever a shortcut: a kernel both compile is compiled twice (the cache keeps
one), a lane that fails or is stopped changes nothing but the time, and the records never depend on it.
``tests/test_compile_lanes.py`` checks that every signature below is one the loop really asks for.

The engine compiles once per variant (sim.core.rule_vector). A study that plays several variants (the overview's
``variants`` study) would compile them one after another as it reaches their arms; ``start_variants_lane`` compiles
the later variants in helper processes while this one compiles and plays the first (experiments.arms).
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_SELF = ("rule_vec", "tables", "hands", "frozen", "melds", "rivers", "st", "mask", "seat", "params", "seen")
_APPLY = ("rule_vec", "tables", "wall", "hands", "frozen", "melds", "rivers", "st", "money", "events")

_ALL = ("jincheng", "jinzhong", "jinhua")
_TING = ("jincheng", "jinzhong")  # the variants with 上架/报听, whose strategies the 金华 dispatch leaves out

#: (module, kernel, argument names, variants) in the order the lane compiles them: the reverse of the hand loop's own
#: order. ``variants``: under which rules the loop calls the kernel (the strategy dispatch is compiled per variant,
#: strategies.dispatch.choose_action, so a kernel another variant's branch calls is not compiled for these rules).
LATE_KERNELS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("sim.core.claims", "apply_claim", _APPLY + ("seat", "action"), _ALL),
    ("sim.core.apply", "apply_self", _APPLY + ("action",), _ALL),
    ("strategies.defensive", "defensive_claim", ("rule_vec", "tables", "hands", "st", "mask", "seat", "params"), _TING),
    ("strategies.defensive", "defensive_self", _SELF, _TING),
    ("strategies.thirteen_orphans", "thirteen_orphans_claim",
     ("rule_vec", "tables", "hands", "frozen", "st", "mask", "seat", "params"), _TING),
    ("strategies.thirteen_orphans", "thirteen_orphans_self", _SELF, _TING),
    ("strategies.selective_ting", "selective_self", _SELF, _TING),
    ("strategies.greedy", "greedy_claim", ("rule_vec", "tables", "hands", "st", "mask", "seat", "tile", "params"),
     ("jincheng",)),
    ("strategies.jinzhong_play", "jz_greedy_claim",
     ("rule_vec", "tables", "hands", "melds", "st", "mask", "seat", "tile", "params"), ("jinzhong",)),
    ("strategies.greedy", "greedy_self", _SELF, _TING),
    ("strategies.jinhua_baotou", "jh_baotou_claim", ("rule_vec", "tables", "hands", "st", "mask", "seat", "params"),
     ("jinhua",)),
    ("strategies.jinhua_baotou", "jh_baotou_self", _SELF, ("jinhua",)),
    ("strategies.jinhua_play", "jh_greedy_claim", ("rule_vec", "tables", "hands", "st", "mask", "seat", "params"),
     ("jinhua",)),
    ("strategies.jinhua_play", "jh_greedy_self", _SELF, ("jinhua",)),
)


def sample_arguments(variant: str) -> dict:
    """Return {argument name: a value of the type the hand loop passes} under ``variant``'s default rules."""
    import numpy as np

    from sim.core.rule_vector import typed_rule_vector
    from sim.core.state import N_ACTIONS, new_state
    from sim.rules import resolve_rules

    rules = resolve_rules(variant)
    wall, hands, frozen, melds, rivers, st, money = new_state()
    params = np.zeros((4, 8), dtype=np.float64)  # the seats' parameter rows, as strategies.registry.seat_arrays
    return {"rule_vec": typed_rule_vector(rules.pack()), "tables": rules.hand_tables(), "wall": wall, "hands": hands, "frozen": frozen,
            "melds": melds, "rivers": rivers, "st": st, "money": money, "events": np.zeros((1, 4), dtype=np.int32),
            "mask": np.zeros(N_ACTIONS, dtype=np.bool_), "seen": np.zeros(34, dtype=np.int8), "params": params[0],
            "seat": 0, "action": 0, "tile": 0}


def late_signatures(variant: str) -> list[tuple[object, tuple]]:
    """Return [(dispatcher, numba argument types)] of the LATE_KERNELS the loop calls under ``variant``, in the lane's
    order."""
    from numba import typeof

    values = sample_arguments(variant)
    return [(getattr(import_module(module), name), tuple(typeof(values[arg]) for arg in args))
            for module, name, args, variants in LATE_KERNELS if variant in variants]


def compile_late_kernels(variant: str) -> int:
    """Compile (or load from the cache) every LATE_KERNELS entry under ``variant``; return how many were compiled."""
    from sim.compile_progress import compile_bar

    with compile_bar(False) as counter:
        for dispatcher, types in late_signatures(variant):
            dispatcher.compile(types)
    return counter.compiled


def compile_variants(variants) -> int:
    """Compile (or load from the cache) the batch loop of each of ``variants`` (names), as a run of that variant
    calls it; return how many kernels were compiled."""
    from sim.compile_progress import compile_bar
    from sim.play import play_chunk

    with compile_bar(False) as counter:
        for variant in variants:
            play_chunk(variant, ["greedy"] * 4, 0, 0, 1)
    return counter.compiled


def _start(code: str) -> subprocess.Popen:
    """Start ``code`` in a quiet helper process with this one's environment and cache; return it."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


_variants_lanes: list[subprocess.Popen] = []  # lanes of start_variants_lane, while they may still run


def start_variants_lane(variants) -> subprocess.Popen | None:
    """Start a helper process compiling the batch loops of ``variants`` (names) one after another, for a run that
    plays several variants (the engine compiles once per variant, sim.core.rule_vector) while this process compiles
    and plays the first; return it, or None on a single core or with no variant. While it runs, ``start_lane``
    starts no second lane of late kernels (two helpers would only share the same cores)."""
    variants = list(variants)
    if (os.cpu_count() or 1) < 2 or not variants:
        return None
    lane = _start(f"from sim.compile_lanes import compile_variants; compile_variants({variants!r})")
    _variants_lanes.append(lane)
    return lane


def wait_for_lane(lane: subprocess.Popen | None, what: str, show: bool) -> None:
    """Wait until ``lane`` (None = none) has exited, under a bar naming ``what`` it compiles when ``show``; returns
    nothing. A lane that failed returns at once: the caller then compiles what it needs itself."""
    if lane is None or lane.poll() is not None:
        return
    from tqdm.auto import tqdm

    with tqdm(total=None, desc=f"waiting for the {what} kernels compiled meanwhile (first run only)",
              bar_format="{desc}: {elapsed}", disable=not show, leave=False) as bar:
        while lane.poll() is None:
            time.sleep(0.5)
            bar.update(0)


def start_lane(variant: str) -> subprocess.Popen | None:
    """Start the lane for ``variant`` in a helper process (quiet; same environment and cache as this one); return
    it, or None on a machine with a single core, where a second lane could only slow the first, and while a
    ``start_variants_lane`` helper still compiles."""
    if (os.cpu_count() or 1) < 2 or any(lane.poll() is None for lane in _variants_lanes):
        return None
    return _start(f"from sim.compile_lanes import compile_late_kernels; compile_late_kernels({variant!r})")


def stop_lane(lane: subprocess.Popen | None) -> None:
    """Stop the lane if it still runs (the run's own compile finished first); returns nothing."""
    if lane is not None and lane.poll() is None:
        lane.terminate()
        try:
            lane.wait(timeout=10)
        except subprocess.TimeoutExpired:
            lane.kill()
            lane.wait()
