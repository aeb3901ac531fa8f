"""Compile-time benchmark (not a test): where the cold compile of one run's kernels goes, kernel by kernel.

Usage: ``python benchmarks/compile_time.py [--rules jincheng] [--seats greedy,greedy,greedy,greedy] [--top 25] [--warm]
[--groups] [--lane-ab] [--without-relinking]``

Runs, in a fresh process with an empty numba cache (a temporary ``NUMBA_CACHE_DIR``), the first call a
run makes (``sim.play.play_chunk`` of 10 hands of the ``--rules`` variant, 晋城 by default, with the given
seats), and prints its wall seconds and the compile seconds of each kernel, exclusive of the kernels it
compiled inside (numba compiles a callee when its caller is compiled; an ``inline='always'`` callee is
compiled again inside every caller, so it shows up as a large exclusive time of the caller). With
``--warm`` it then repeats the first call in a second fresh process that loads the kernels cached by the
first (the warm start).

Each kernel's exclusive seconds are split into numba's phases (from the compiled overloads' pipeline timings):
``llvm`` (the native-lowering pass: LLVM IR, linking in the callees' modules, LLVM optimisation of the whole
linked module and machine code), ``inline`` (numba's IR inlining of ``inline='always'`` callees) and ``typing``
(the rest: type inference and numba's other passes). ``--groups`` adds the sums per package area (the core,
each variant, each strategy), which says what a run of one variant compiles for the others.

``--without-relinking`` also times the cold first call in a third fresh process where numba links each callee
into its callers ``available_externally`` instead of ``linkonce_odr``: LLVM may still inline a callee, but
no longer optimises and emits its body again in every caller's library (it calls the callee's own, already
emitted code). That is a what-if bound on the compile, not a way to run: the cached objects it writes need
their callees loaded first, so that process's cache is thrown away. The gap between the two first calls is
what numba's one-library-per-function linking costs a run.

``--lane-ab`` instead times the cold start as a run makes it (``sim.simulate`` of 4 hands on two workers: the
driver compiles before the workers start) twice, each from an empty cache: without and with the second compile
lane of ``sim.compile_lanes``, and prints both walls and their ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

WITHOUT_RELINKING = r'''
import llvmlite.binding as ll
from numba.core import codegen


def module_for_linking(self):
    """numba's CPUCodeLibrary._get_module_for_linking with available_externally instead of linkonce_odr."""
    self._ensure_finalized()
    if self._shared_module is None:
        module = self._final_module.clone()
        for function in module.functions:
            if not function.is_declaration and function.linkage == ll.Linkage.external:
                function.linkage = "available_externally"
        self._shared_module = module
    return self._shared_module


codegen.CPUCodeLibrary._get_module_for_linking = module_for_linking
codegen.CPUCodeLibrary._verify_declare_only_symbols = lambda self: None  # callees stay declarations now
'''

CHILD = r'''
import json, sys, time
from numba.core import event

marks = []  # (start or end, wall seconds, kernel name)


class Recorder(event.Listener):
    def on_start(self, ev):
        marks.append(("start", time.perf_counter(), name_of(ev)))

    def on_end(self, ev):
        marks.append(("end", time.perf_counter(), name_of(ev)))


dispatchers = []  # every dispatcher that compiled


def name_of_dispatcher(dispatcher):
    function = dispatcher.py_func
    return function.__module__ + "." + function.__qualname__.replace(".<locals>.", ":")


def name_of(ev):
    dispatchers.append(ev.data["dispatcher"])
    return name_of_dispatcher(ev.data["dispatcher"])


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
phases = {}  # kernel name -> [llvm seconds, inline seconds] summed over its compiled signatures
for dispatcher in set(dispatchers):
    row = phases.setdefault(name_of_dispatcher(dispatcher), [0.0, 0.0])
    for overload in dispatcher.overloads.values():
        for pass_name, timing in overload.metadata.get("pipeline_times", {}).get("nopython", {}).items():
            if pass_name.endswith("native_lowering"):
                row[0] += timing.run
            elif pass_name.endswith(("inline_inlinables", "inline_overloads")):
                row[1] += timing.run
print(json.dumps({"total": total, "kernels": exclusive, "phases": phases,
                  "compiles": sum(m[0] == "start" for m in marks)}))
'''


LANE_CHILD = r'''
import sys, time
import sim.driver
if sys.argv[1] == "off":
    sim.driver.start_lane = lambda variant, policies: None
start = time.perf_counter()
sim.driver.simulate(4, seed=0, rules=sys.argv[2], seats=sys.argv[3].split(","), jobs=2, chunk=2, progress=False)
print(time.perf_counter() - start)
'''


def cold_run_seconds(lane: str, rules: str, seats: str) -> float:
    """Return the wall seconds of a 4-hand, two-worker ``simulate`` from an empty cache, the compile lane ``lane``
    ("on" or "off")."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, "-c", LANE_CHILD, lane, rules, seats], env=env, capture_output=True,
                             text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def first_call(seats: str, rules: str, cache: str, relinking: bool = True) -> dict:
    """Return the child's report (first-call wall seconds, exclusive compile seconds per kernel) for ``cache``;
    ``relinking`` False patches numba's linking first (``WITHOUT_RELINKING``)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    source = CHILD if relinking else WITHOUT_RELINKING + CHILD
    out = subprocess.run([sys.executable, "-c", source, seats, rules], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def phase_split(report: dict) -> dict:
    """Return {kernel name: (llvm, inline, typing seconds)}: its exclusive compile seconds split by phase (typing is
    what the llvm and inline passes leave, floored at 0 — the two passes are timed inside the exclusive span)."""
    split = {}
    for name, seconds in report["kernels"].items():
        llvm, inline = report["phases"].get(name, (0.0, 0.0))
        split[name] = (llvm, inline, max(seconds - llvm - inline, 0.0))
    return split


def area_of(kernel: str) -> str:
    """Return the package area of a kernel name: a variant's package (its hand kernels too), a strategy module, the
    core's module, or numba's own implementations."""
    if kernel.startswith("numba."):
        return "numba's own (np.empty, np.zeros, ...)"
    if ".jinzhong" in kernel or "queyimen" in kernel or "missing_suit_play" in kernel or "dingque" in kernel:
        return "晋中 (variant package, 缺一门 hand kernels, strategies)"
    if ".jinhua" in kernel or ".wild" in kernel or "strategies.baotou" in kernel:
        return "金华 (variant package, wild hand kernels, strategies)"
    if ".jincheng" in kernel:
        return "晋城 (variant package)"
    if kernel.startswith("strategies."):
        return "strategy " + kernel.split(".")[1]
    return ".".join(kernel.split(".")[:3])


def area_sums(kernels: dict) -> dict:
    """Return {area: [exclusive seconds, kernel count]} over ``kernels`` ({name: exclusive seconds})."""
    sums = {}
    for name, seconds in kernels.items():
        row = sums.setdefault(area_of(name), [0.0, 0])
        row[0] += seconds
        row[1] += 1
    return sums


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="jincheng", help="variant whose hands the first call plays")
    parser.add_argument("--seats", default="greedy,greedy,greedy,greedy", help="four strategy names, comma-separated")
    parser.add_argument("--top", type=int, default=25, help="kernels to list, longest first")
    parser.add_argument("--warm", action="store_true", help="also time a warm start from the cache just written")
    parser.add_argument("--groups", action="store_true", help="also sum the exclusive seconds per package area")
    parser.add_argument("--without-relinking", action="store_true",
                        help="also time the cold first call without numba re-emitting callees in every caller")
    parser.add_argument("--lane-ab", action="store_true",
                        help="time a run's cold start without and with the second compile lane instead")
    args = parser.parse_args()
    if args.lane_ab:
        without = cold_run_seconds("off", args.rules, args.seats)
        with_lane = cold_run_seconds("on", args.rules, args.seats)
        print(f"{args.rules}, seats {args.seats}: cold start of a run (4 hands, 2 workers), empty cache each")
        print(f"  one lane: {without:7.1f} s   two lanes: {with_lane:7.1f} s   ratio {without / with_lane:.2f}")
        return
    with tempfile.TemporaryDirectory() as cache:
        started = time.perf_counter()
        cold = first_call(args.seats, args.rules, cache)
        print(f"{args.rules}, seats {args.seats}")
        print(f"cold first call: {cold['total']:7.1f} s wall ({cold['compiles']} kernel compilations, "
              f"{sum(cold['kernels'].values()):.1f} s compiling; process total {time.perf_counter() - started:.1f} s)")
        split = phase_split(cold)
        total_llvm, total_inline, total_typing = (sum(row[i] for row in split.values()) for i in range(3))
        print(f"  phases, all kernels: llvm {total_llvm:.1f} s, inline {total_inline:.1f} s, "
              f"typing and the rest {total_typing:.1f} s")
        print(f"  {'exclusive':>9}  {'llvm':>7}  {'inline':>7}  {'typing':>7}  kernel")
        for name, seconds in sorted(cold["kernels"].items(), key=lambda item: -item[1])[:args.top]:
            llvm, inline, typing = split[name]
            print(f"  {seconds:7.2f} s  {llvm:7.2f}  {inline:7.2f}  {typing:7.2f}  {name}")
        if args.groups:
            print("  by area (exclusive seconds, kernels):")
            for area, (seconds, count) in sorted(area_sums(cold["kernels"]).items(), key=lambda item: -item[1][0]):
                print(f"  {seconds:7.1f} s  {count:4d}  {area}")
        if args.warm:
            warm = first_call(args.seats, args.rules, cache)
            print(f"warm first call: {warm['total']:7.1f} s wall ({warm['compiles']} kernel compilations)")
    if args.without_relinking:
        with tempfile.TemporaryDirectory() as throwaway:
            what_if = first_call(args.seats, args.rules, throwaway, relinking=False)
        llvm, inline, typing = (sum(row[i] for row in phase_split(what_if).values()) for i in range(3))
        print(f"cold first call without relinking: {what_if['total']:7.1f} s wall ({what_if['compiles']} kernel "
              f"compilations; llvm {llvm:.1f} s, inline {inline:.1f} s, typing and the rest {typing:.1f} s); "
              f"with / without {cold['total'] / what_if['total']:.2f}")


if __name__ == "__main__":
    main()
