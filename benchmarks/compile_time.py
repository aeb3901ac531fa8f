"""Compile-time benchmark (not a test): where the cold compile of one run's kernels goes, kernel by kernel.

Usage: ``python benchmarks/compile_time.py [--rules jincheng] [--seats greedy,greedy,greedy,greedy] [--top 25] [--warm]``

Runs, in a fresh process with an empty numba cache (a temporary ``NUMBA_CACHE_DIR``), the first call a
run makes (``sim.play.play_chunk`` of 10 hands of the ``--rules`` variant, 晋城 by default, with the given
seats), and prints its wall seconds and the compile seconds of each kernel, exclusive of the kernels it
compiled inside (numba compiles a callee when its caller is compiled; an ``inline='always'`` callee is
compiled again inside every caller, so it shows up as a large exclusive time of the caller). With
``--warm`` it then repeats the first call in a second fresh process that loads the kernels cached by the
first (the warm start).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

CHILD = r'''
import json, sys, time
from numba.core import event

marks = []  # (start or end, wall seconds, kernel name)


class Recorder(event.Listener):
    def on_start(self, ev):
        marks.append(("start", time.perf_counter(), name_of(ev)))

    def on_end(self, ev):
        marks.append(("end", time.perf_counter(), name_of(ev)))


def name_of(ev):
    function = ev.data["dispatcher"].py_func
    return function.__module__ + "." + function.__qualname__.replace(".<locals>.", ":")


event.register("numba:compile", Recorder())
start = time.perf_counter()
from sim.play import play_chunk
play_chunk(sys.argv[2], sys.argv[1].split(","), 0, 0, 10)
total = time.perf_counter() - start
exclusive = {}  # kernel name -> compile seconds not spent compiling its callees
stack = []      # [name, time its own work last resumed]
for kind, when, name in marks:
    if kind == "start":
        if stack:
            exclusive[stack[-1][0]] = exclusive.get(stack[-1][0], 0.0) + when - stack[-1][1]
        stack.append([name, when])
    else:
        finished, resumed = stack.pop()
        exclusive[finished] = exclusive.get(finished, 0.0) + when - resumed
        if stack:
            stack[-1][1] = when
print(json.dumps({"total": total, "kernels": exclusive, "compiles": sum(m[0] == "start" for m in marks)}))
'''


def first_call(seats: str, rules: str, cache: str) -> dict:
    """Return the child's report (first-call wall seconds, exclusive compile seconds per kernel) for ``cache``."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    out = subprocess.run([sys.executable, "-c", CHILD, seats, rules], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="jincheng", help="variant whose hands the first call plays")
    parser.add_argument("--seats", default="greedy,greedy,greedy,greedy", help="four strategy names, comma-separated")
    parser.add_argument("--top", type=int, default=25, help="kernels to list, longest first")
    parser.add_argument("--warm", action="store_true", help="also time a warm start from the cache just written")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        started = time.perf_counter()
        cold = first_call(args.seats, args.rules, cache)
        print(f"{args.rules}, seats {args.seats}")
        print(f"cold first call: {cold['total']:7.1f} s wall ({cold['compiles']} kernel compilations, "
              f"{sum(cold['kernels'].values()):.1f} s compiling; process total {time.perf_counter() - started:.1f} s)")
        for name, seconds in sorted(cold["kernels"].items(), key=lambda item: -item[1])[:args.top]:
            print(f"  {seconds:7.2f} s  {name}")
        if args.warm:
            warm = first_call(args.seats, args.rules, cache)
            print(f"warm first call: {warm['total']:7.1f} s wall ({warm['compiles']} kernel compilations)")


if __name__ == "__main__":
    main()
