"""Throughput of the batch driver: hands/s on one core and on all cores, scaling, streamed-run
peak memory, and time to the first hand with cold and warm caches.

Run ``python benchmarks/throughput.py`` (add ``--quick`` for a short pass). Figures are printed,
never asserted. The default seat mix is four ``greedy`` seats. ``--rules jincheng,sichuan`` measures each rule set
in turn in the same process (the one-core and all-core rates, and each one's one-core rate as a share of the
first's); ``--stream-hands 0`` skips the streamed run. Targets (issue 4): >= 10,000
hands/s per core; 1,000,000 hands <= 60 s warm with jobs=-1; 1 -> 2 core scaling >= 1.8x;
peak RSS <= 1 GB for 10,000,000 streamed hands.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

SEATS = ["greedy"] * 4

# Child program: one streamed run while a thread samples the resident memory of this process and of
# its worker processes (psutil, from the dask extra); peaks in MiB. The parent peak is also read
# from VmHWM, which, unlike ru_maxrss, does not inherit the peak of the process that started it.
STREAM_CHILD = """
import json, sys, threading, time
import psutil
import sim
hands, out, jobs = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
me = psutil.Process()
peak = {"parent_mib": 0.0, "workers_mib": 0.0, "total_mib": 0.0}
running = True
def sample():
    while running:
        try:
            own = me.memory_info().rss
            workers = sum(p.memory_info().rss for p in me.children(recursive=True))
        except psutil.Error:
            continue
        for key, value in (("parent_mib", own), ("workers_mib", workers), ("total_mib", own + workers)):
            peak[key] = max(peak[key], value / 2**20)
        time.sleep(0.1)
sampler = threading.Thread(target=sample, daemon=True)
sampler.start()
start = time.perf_counter()
sim.simulate(hands, seed=1, seats=["greedy"] * 4, jobs=jobs, out=out, progress=False)
seconds = time.perf_counter() - start
running = False
sampler.join()
with open("/proc/self/status") as status:
    hwm = [int(line.split()[1]) for line in status if line.startswith("VmHWM")][0]
print(json.dumps({"seconds": seconds, "parent_hwm_mib": hwm / 1024, **peak}))
"""

# Child program: import the package and play one hand; wall time from interpreter start.
FIRST_HAND_CHILD = """
import json, time
start = time.perf_counter()
import sim
sim.simulate(1, seed=0, seats=["greedy"] * 4, jobs=1, progress=False)
print(json.dumps({"seconds": time.perf_counter() - start}))
"""


def rate(hands: int, jobs: int, rules: str = "jincheng") -> tuple[float, float]:
    """Return ``(hands/s, seconds)`` of one in-memory ``simulate`` run under ``rules``."""
    import sim

    start = time.perf_counter()
    sim.simulate(hands, seed=2, rules=rules, seats=SEATS, jobs=jobs, progress=False)
    seconds = time.perf_counter() - start
    return hands / seconds, seconds


def worker_cpu_seconds() -> float:
    """Return the CPU seconds (user + system) used so far by this process's worker processes (0 without psutil)."""
    try:
        import psutil
    except ImportError:
        return 0.0
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def run_child(program: str, args: list[str], env: dict | None = None) -> dict:
    """Run a child Python program and return the JSON dict it prints last."""
    done = subprocess.run([sys.executable, "-c", program, *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def first_hand_times() -> tuple[float, float]:
    """Return seconds to the first hand with empty numba and table caches (cold), then again (warm)."""
    with tempfile.TemporaryDirectory() as numba_cache, tempfile.TemporaryDirectory() as table_cache:
        env = {"NUMBA_CACHE_DIR": numba_cache, "MJRULES_CACHE_DIR": table_cache}
        cold = run_child(FIRST_HAND_CHILD, [], env)["seconds"]
        warm = run_child(FIRST_HAND_CHILD, [], env)["seconds"]
    return cold, warm


def main() -> None:
    """Measure and print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one-core-hands", type=int, default=200_000)
    parser.add_argument("--all-core-hands", type=int, default=1_000_000)
    parser.add_argument("--stream-hands", type=int, default=10_000_000)
    parser.add_argument("--quick", action="store_true", help="small sizes (a few minutes)")
    parser.add_argument("--skip-cold", action="store_true", help="skip the cold/warm first-hand timing")
    parser.add_argument("--rules", default="jincheng", help="comma-separated rule sets, measured in turn")
    args = parser.parse_args()
    if args.quick:
        args.one_core_hands, args.all_core_hands, args.stream_hands = 50_000, 200_000, 500_000
    from joblib import cpu_count

    cores = cpu_count()
    if not args.skip_cold:
        cold, warm = first_hand_times()
        print(f"time to first hand: cold {cold:.1f} s (empty numba + table caches), warm {warm:.2f} s")

    first_rate = None
    for rules in args.rules.split(","):
        rate(2_000, 1, rules)                # load the compiled code into this process
        one, _ = rate(args.one_core_hands, 1, rules)
        first_rate = first_rate or one
        print(f"{rules}: one core: {one:,.0f} hands/s ({args.one_core_hands:,} hands, four greedy; "
              f"{one / first_rate:.2f} of {args.rules.split(',')[0]}'s)")
        rate(50_000, -1, rules)              # start the worker processes and load their code
        cpu_before = worker_cpu_seconds()
        everything, seconds = rate(args.all_core_hands, -1, rules)
        cpu = worker_cpu_seconds() - cpu_before
        scaling = everything / one
        print(f"{rules}: all {cores} cores: {everything:,.0f} hands/s; {args.all_core_hands:,} hands in "
              f"{seconds:.1f} s; scaling {scaling:.2f}x (efficiency {scaling / cores:.0%})")
        if cpu > 0:
            # on a shared machine the wall-clock scaling also measures other users; hands per worker CPU
            # second against the one-core rate shows what the parallel run itself costs
            print(f"  workers used {cpu:.0f} CPU s ({cpu / seconds:.2f} cores busy on average): "
                  f"{args.all_core_hands / cpu:,.0f} hands per worker CPU second = "
                  f"{args.all_core_hands / cpu / one:.0%} of the one-core rate; on {cores} idle cores the "
                  f"{args.all_core_hands:,} hands take {cpu / cores:.0f} s")

    if not args.stream_hands:
        return
    with tempfile.TemporaryDirectory() as out:
        peak = run_child(STREAM_CHILD, [str(args.stream_hands), out, "-1"])
    print(f"streamed {args.stream_hands:,} hands with jobs=-1 in {peak['seconds']:.1f} s "
          f"({args.stream_hands / peak['seconds']:,.0f} hands/s): peak RSS parent {peak['parent_hwm_mib']:.0f} MiB, "
          f"workers together {peak['workers_mib']:.0f} MiB, all processes {peak['total_mib']:.0f} MiB")


if __name__ == "__main__":
    main()
