"""The second compile lane of a cold start (sim.compile_lanes): its signatures are the hand loop's own, bound to
the table's engine (its variant and its seats' policies, sim.engine), and the driver starts it only when something
really compiles, and stops it when the run's own compile is done."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from numba import njit

import sim.driver
from sim import simulate
from sim.compile_lanes import compile_late_kernels, late_kernels, late_signatures
from sim.table_engines import table_engine
from sim.play import play_chunk
from sim.rules import VARIANTS
from sim.seat_plan import REGISTRY, resolve_seats, table_policies

GREEDY_POLICY = REGISTRY["greedy"].policy

#: every policy module a registered strategy plays
POLICIES = sorted({spec.policy for spec in REGISTRY.values() if spec.policy is not None})


@pytest.mark.parametrize("variant, seats", [
    ("jincheng", ["greedy", "selective_ting", "thirteen_orphans", "defensive"]),
    ("jinzhong", ["greedy", "random", "defensive", "early_ting"]),
    ("jinhua", ["greedy", "baotou", "random", "greedy"]),
])
def test_every_lane_signature_is_one_the_hand_loop_compiled(variant, seats):
    """Once the batch loop is compiled (or loaded), compiling the lane's kernels finds every one in the cache: a
    signature that drifted from the loop's argument types would compile anew here (the lane would then be
    wasted work)."""
    play_chunk(variant, seats, 3, 0, 2)
    played = table_engine(variant, resolve_seats(seats)).variant  # the engine's: the suite plays one switch engine
    policies = table_policies(resolve_seats(seats))
    assert len(late_signatures(played, policies)) > 2  # the table's strategies' kernels, not only the core's
    assert compile_late_kernels(played, policies) == 0


def test_the_lane_names_kernels_in_the_reverse_of_the_loop_order():
    names = [name for _, _, _, name, _ in late_kernels(POLICIES)]
    assert names[:2] == ["apply_claim", "apply_self"]  # what the loop compiles last comes first
    greedy = [dispatcher.py_func.__name__ for dispatcher, _ in late_signatures("jincheng", (GREEDY_POLICY,))]
    assert greedy == ["apply_claim", "apply_self", "greedy_claim", "greedy_self"]


def test_the_lane_compiles_only_what_the_table_plays():
    """A lane compiles the core's late kernels and those of the table's own policies, bound to the table's engine:
    for a one-policy table of each variant, every kernel is the core's or one the policy module calls, none is a
    kernel of another variant (its hooks, or a strategy module named for it), and every ``late_kernels`` entry of every policy serves
    some table."""
    import importlib

    from numba.core.dispatcher import Dispatcher

    served = set()
    for variant in VARIANTS:
        others = [v for v in VARIANTS if v != variant]
        for policy in POLICIES:
            module = importlib.import_module(policy)
            used = {v.py_func.__module__ for v in vars(module).values() if isinstance(v, Dispatcher)}
            for dispatcher, _ in late_signatures(variant, (policy,)):
                owner, qualname = dispatcher.py_func.__module__, dispatcher.py_func.__qualname__
                assert owner in ("sim.core.claims", "sim.core.apply") or owner in used, (variant, policy, qualname)
                assert not any(v in owner or f"hooks_{v}" in qualname for v in others), (variant, policy, qualname)
                served.add((owner, dispatcher.py_func.__name__))
    assert served == {(m, name) for _, _, m, name, _ in late_kernels(POLICIES)}


def test_the_driver_starts_the_lane_at_the_first_real_compile_and_stops_it(monkeypatch):
    simulate(2, seed=1, progress=False, rules="jinzhong")  # the engine's kernels compiled or loaded in this process
    started, stopped = [], []
    monkeypatch.setattr(sim.driver, "start_lane",
                        lambda variant, policies: started.append((variant, policies)) or f"lane {variant}")
    monkeypatch.setattr(sim.driver, "stop_lane", stopped.append)
    simulate(4, seed=1, progress=False, jobs=2, chunk=2, rules="jinzhong")  # warm: nothing compiles, no lane
    assert started == [] and stopped == []
    real_matrix = sim.driver.play_matrix

    def matrix_with_a_cold_kernel(*args):
        @njit  # a fresh kernel, never cached: its call is a real compile, as on a cold start
        def add_one(x):
            return x + 1

        add_one(1)
        return real_matrix(*args)

    monkeypatch.setattr(sim.driver, "play_matrix", matrix_with_a_cold_kernel)
    simulate(4, seed=1, progress=False, jobs=2, chunk=2, rules="jinzhong")
    eng = table_engine("jinzhong", resolve_seats(["greedy"] * 4))  # the run's engine
    assert started == [(eng.variant, eng.policies)] and stopped == [f"lane {eng.variant}"]



ROOT = Path(__file__).resolve().parent.parent
LANE_PARENT = """
import time
from sim.compile_lanes import start_lane
lane = start_lane("jincheng", ("strategies.seats.greedy",))
print(lane.pid, flush=True)
time.sleep(120)
"""


def alive(pid: int) -> bool:
    """Return True while process ``pid`` runs (a zombie is gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_the_lane_dies_with_the_run_that_started_it():
    """A run killed (SIGKILL, no clean-up) while its lane starts or compiles takes the lane with it
    (sim.parent_watch: the operating system's request, or the lane's own look at its parent)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    parent = subprocess.Popen([sys.executable, "-c", LANE_PARENT], env=env, stdout=subprocess.PIPE, text=True)
    lane = int(parent.stdout.readline())
    try:
        time.sleep(1.0)  # the lane imports its modules, asks to die with its parent, loads or compiles
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 10
        while alive(lane) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(lane)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        if alive(lane):
            os.kill(lane, signal.SIGKILL)
