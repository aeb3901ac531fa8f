"""Compile the engine's kernels once before the test processes start (used by tests/conftest.py).

On a cold numba cache every xdist worker, and every command-line test's fresh interpreter, compiles the
same kernels at the same time: on 2 cores three copies of a minute-long compile share the machine. The
controller instead runs the jobs below first, each in a fresh interpreter with the environment the tests
get (so the kernels land in the same cache: numba's beside the sources, or ``$NUMBA_CACHE_DIR``; the hand
tables under ``$MJRULES_CACHE_DIR``), in two lanes side by side. The workers then load cached kernels.

Each job calls the public entry points the tests call, with the argument types they use, so the cached
signatures are the ones the tests ask for. The hand loop compiles once per table engine (sim.engine); in the suite
every table plays one shared engine (every variant, every policy), so the jobs compile it once and play each
variant's tables through it, as the tests do. A job that fails is
reported and left to the tests, which then compile what they need themselves (slower, never wrong).
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# job name -> Python source run in a fresh interpreter
JOBS = {
    "batch loop": """
from sim.play import play_chunk
from sim.deal_conditions import yaojiu_condition
from sim.rules import VARIANTS
for variant in VARIANTS:  # one shared engine for all (MJRULES_SHARED_ENGINES, tests/conftest.py): compiled once
    play_chunk(variant, ["greedy", "random", "greedy", "greedy"], 1, 0, 4)
play_chunk("jinzhong", ["defensive", "greedy", "early_ting", "random"], 1, 0, 32, session_length=16)
play_chunk("jincheng", ["greedy"] * 4, 1, 0, 2, deal_condition=yaojiu_condition(9))
import sim
sim.replay(seed=1, hand=0, rules="jincheng", seats=["greedy"] * 4)
""",
    "hand evaluation": """
import numpy as np
from sim import hand
hand.shanten("123m456p789s1123z"); hand.waits("1112345678999m"); hand.useful_tiles("123m456p789s1123z")
hand.is_complete("11223344556677m"); hand.shanten_regular("123m456p789s1123z"); hand.shanten_qidui("11223344556677m")
hand.shanten_shisanyao("19m19p19s1234567z"); hand.waits("23m456p789s11z", melds=1, drop_exhausted=True, exposed="1111m")
hand.shanten_many(np.zeros((1, 34), np.int8) + np.eye(34, dtype=np.int8)[:14].sum(axis=0))
hand.shanten("123m456p789s11z22z", que_yi_men=True); hand.waits("1112345678999m", que_yi_men=True)
hand.useful_tiles("123m456p789s11z22z", que_yi_men=True); hand.is_complete("11123456789999m", que_yi_men=True)
hand.point_limit_waits([1, 4, 5], self_drawn=False)
hand.waits("123m456m789m111z5s", wild=22); hand.shanten("123m456m789m111z5s", wild=22)
hand.useful_tiles("123m456m789m111z5s", wild=22); hand.is_complete("123m456m789m111z55s", wild=22)
hand.shanten_many(np.zeros((1, 34), np.int8) + np.eye(34, dtype=np.int8)[:13].sum(axis=0), wild=22)
""",
    "late kernels of the hand loop": """
from sim.compile_lanes import compile_late_kernels
from sim.table_engines import shared_engine
shared = shared_engine("jincheng")  # the suite's one engine: every variant, every policy
compile_late_kernels(shared.variant, shared.policies)
""",
    "check mode and step play": """
from sim.play import play_checked
from sim.game import Game
from sim.rules import VARIANTS
for variant in VARIANTS:
    play_checked(variant, ["greedy", "random", "greedy", "greedy"], 1, 0, 4)
game = Game(rules="jincheng", seats=[None, "greedy", "greedy", "greedy"], seed=1, check=True)
seat = game.advance()
if seat is not None:
    game.step(seat, game.legal_actions(seat)[0])
    game.advance()
game = Game(rules="jinzhong", seats=["greedy"] * 4, seed=1)
game.advance()
game.record()
""",
    "search player": """
from sim.play import play_chunk
from sim.game import Game
from sim.rules import VARIANTS
for variant in VARIANTS:
    play_chunk(variant, ["search{worlds=2,candidates=2}", "greedy", "greedy", "greedy"], 1, 0, 2)
game = Game(rules="jincheng", seats=["search{worlds=2,candidates=2}", None, "greedy", "greedy"], seed=1)
game.advance()
game.copy()
game = Game(rules="jinzhong", seats=["search{worlds=2,candidates=2}", "greedy", "greedy", "greedy"], seed=1)
game.advance()  # the search seat decides in the step kernel (strategies.search.batch.search_step)
""",
}


def _has_cached_overload(dispatcher) -> bool:
    """Return True when numba's cache index of ``dispatcher`` holds a fresh entry of this very function
    (closures of one source share an index file; their entries differ by the closure's values)."""
    try:
        cache = dispatcher._cache
        overloads = cache._cache_file._load_index()  # {} when missing or stale
        codegen = dispatcher.targetctx.codegen()
        return any(cache._index_key(key[0], codegen) == key for key in overloads)
    except Exception:  # numba's private cache layout moved: call it cold, warming is only a speed-up
        return False


def cache_is_cold() -> bool:
    """Return True when the kernel cache misses one of the top-level kernels the jobs compile (after dropping a
    stale cache: sim.kernel_cache.ensure_fresh): the loops of the suite's shared engine (sim.table_engines.shared_engine,
    the one every table of the suite plays) and the shared hand evaluation."""
    from sim import kernel_cache

    kernel_cache.ensure_fresh()
    from sim.core.hand import queyimen_kernel, wild_kernel
    from sim.table_engines import shared_engine

    shared = shared_engine("jincheng")
    entry_points = (shared.play_hands, shared.run_until, shared.run_until_checked, shared.play_hands_checked,
                    wild_kernel.shanten_wild_k, queyimen_kernel.shanten_qym_k)
    return not all(_has_cached_overload(d) for d in entry_points)


def _run_job(name: str, source: str) -> tuple[str, float, str]:
    """Run one job in a fresh interpreter with the tests' environment; return (name, wall seconds, error or '')."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", source], cwd=ROOT, env=env, capture_output=True, text=True)
    error = "" if done.returncode == 0 else (done.stderr.strip().splitlines() or ["exit %d" % done.returncode])[-1]
    return name, time.perf_counter() - started, error


# Two lanes side by side (one per core of the CI machine), each running its jobs in order. The check-mode
# loop and the step play reuse nearly every kernel of the batch loop, so they follow it in its lane (run side
# by side, both would compile those kernels); hand evaluation needs few of them, and its lane then compiles the
# hand loop's late kernels from the other end (sim.compile_lanes), as a run's cold start does, then the search
# player's kernels (they link the hand loop's, compiled by then in one lane or the other).
LANES = (("batch loop", "check mode and step play"),
         ("hand evaluation", "late kernels of the hand loop", "search player"))


def _run_lane(names) -> list[tuple[str, float, str]]:
    return [_run_job(name, JOBS[name]) for name in names]


def warm_up() -> list[tuple[str, float, str]]:
    """Run every job of JOBS, its LANES side by side; return [(job name, wall seconds, error or '')]."""
    with ThreadPoolExecutor(max_workers=len(LANES)) as pool:
        return [job for lane in pool.map(_run_lane, LANES) for job in lane]
