"""Hand-evaluation benchmark: evaluations/s and ns per call on one core, and table build times.

Run: ``python benchmarks/hand_eval.py [--hands N] [--rounds R]``. Prints

* ``shanten_many`` over N random 14-tile hands (default 1,000,000), in ns per hand and hands/s:
  the batch kernel (distance-class tables), the per-hand loop it replaced (``shanten_k`` on each
  row, the batch kernel before issue 12's third round) and the whole ``sim.hand.shanten_many`` call
  (input checks included), timed in R interleaved rounds on the same hands (medians);
* the same hands through the 缺一门 and the 财神 (wild) batch paths, in hands/s and as a ratio to the
  plain batch kernel (the wild kind is 5条 and 东; the hands' own copies of it are the wilds, 0-4 per hand);
* the compiled single-hand calls timed from inside a compiled loop, in ns per call:
  ``shanten_k`` (all forms) on 14- and 13-tile hands, ``shanten_regular_k``, and
  ``shanten_mask_k`` (shanten + useful-tile mask) on 13-tile hands;
* ``useful_mask_qym_k`` and ``useful_mask_wild_k`` (useful-tile masks) on 13-tile hands;
* the table build cold (empty temporary cache directory) and the warm load from that cache, in s,
  in this process and in new processes (the cold one also compiles the builder from scratch), and
  the batch tables' build from the component tables and their warm load.

Random hands are 14 (or 13) tiles drawn without replacement from the 136, seeded.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from numba import njit

from sim import hand
from sim.core.hand import batch_kernel as batch_kernel
from sim.core.hand import kernel as kernel
from sim.core.hand import queyimen_kernel as qym_kernel
from sim.core.hand import wild_kernel as wild_kernel
from sim import hand_tables, hand_wild_tables


def random_hands(n_hands: int, size: int, seed: int) -> np.ndarray:
    """Return int8[n_hands, 34]: counts of ``size`` tiles drawn without replacement, per hand."""
    rng = np.random.default_rng(seed)
    hands = np.zeros((n_hands, 34), np.int8)  # [hand, kind] tile counts
    chunk = 100_000
    for start in range(0, n_hands, chunk):
        stop = min(start + chunk, n_hands)
        tiles = np.argpartition(rng.random((stop - start, 136)), size, axis=1)[:, :size] // 4  # [hand, j] kind
        rows = np.repeat(np.arange(start, stop), size)
        np.add.at(hands, (rows, tiles.ravel()), 1)
    return hands


@njit  # not cached: numba would not notice edits to the kernels it inlines
def _loop_shanten(hands, tables):
    total = 0
    for i in range(hands.shape[0]):
        total += kernel.shanten_k(hands[i], 0, True, kernel.FORM_ALL, tables)
    return total


@njit  # not cached: numba would not notice edits to the kernels it inlines
def _per_hand_shanten_many(hands, melds, allow_quad, tables):
    """Return int8[N]: ``shanten_k`` (all forms) of each row: the batch kernel before the distance-class tables."""
    out = np.empty(hands.shape[0], np.int8)  # [hand] shanten
    for i in range(hands.shape[0]):
        out[i] = kernel.shanten_k(hands[i], melds, allow_quad, kernel.FORM_ALL, tables)
    return out


@njit  # not cached: numba would not notice edits to the kernels it inlines
def _loop_regular(hands, tables):
    total = 0
    for i in range(hands.shape[0]):
        total += kernel.shanten_regular_k(hands[i], 0, tables)
    return total


@njit  # not cached: numba would not notice edits to the kernels it inlines
def _loop_useful_qym(hands, tables):
    total = 0
    for i in range(hands.shape[0]):
        total += qym_kernel.useful_mask_qym_k(hands[i], 0, 0, True, tables) & 1
    return total


@njit  # not cached: numba would not notice edits to the kernels it inlines
def _loop_useful_wild(hands, tables):
    total = 0
    for i in range(hands.shape[0]):
        total += wild_kernel.useful_mask_wild_k(hands[i], 0, True, 22, tables) & 1
    return total


@njit  # not cached: numba would not notice edits to the kernels it inlines
def _loop_shanten_mask(hands, tables):
    total = 0
    for i in range(hands.shape[0]):
        s, mask = kernel.shanten_mask_k(hands[i], 0, True, kernel.FORM_ALL, tables)
        total += s + (mask & 1)
    return total


def _best_seconds(function, *args, repeats: int = 5) -> float:
    """Return the least CPU time of ``repeats`` calls (after one warm-up call), in seconds.

    CPU time of this process, so other work on a shared machine does not count against it.
    """
    function(*args)
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        function(*args)
        best = min(best, time.process_time() - start)
    return best


def interleaved_seconds(measures: dict, rounds: int) -> dict[str, float]:
    """Return {name: median CPU seconds} of ``rounds`` rounds, each timing every measure once in turn
    (one warm-up call each first), so the machine's load drifts over all of them alike."""
    seconds: dict[str, list[float]] = {name: [] for name in measures}
    for measure in measures.values():
        measure()
    for _ in range(rounds):
        for name, measure in measures.items():
            start = time.process_time()
            measure()
            seconds[name].append(time.process_time() - start)
    return {name: float(np.median(values)) for name, values in seconds.items()}


def time_table_build() -> tuple[float, float, float, float]:
    """Return (cold build + save, warm load) seconds of the component tables, then the same of the batch
    tables built from them, using an empty temporary cache directory (builders already compiled)."""
    saved_env = os.environ.get("MJRULES_CACHE_DIR")
    saved_memo = hand_tables._memo
    saved_batch_memo = hand_tables._batch_memo
    seconds = []
    try:
        with tempfile.TemporaryDirectory() as cache:
            os.environ["MJRULES_CACHE_DIR"] = cache
            for memo_name, get in (("_memo", hand_tables.get_tables), ("_batch_memo", hand_tables.get_batch_tables)):
                for _ in range(2):  # cold (build + save), then warm (load)
                    setattr(hand_tables, memo_name, None)
                    start = time.perf_counter()
                    get()
                    seconds.append(time.perf_counter() - start)
    finally:
        if saved_env is None:
            os.environ.pop("MJRULES_CACHE_DIR", None)
        else:
            os.environ["MJRULES_CACHE_DIR"] = saved_env
        hand_tables._memo = saved_memo
        hand_tables._batch_memo = saved_batch_memo
    return seconds[0], seconds[1], seconds[2], seconds[3]


_FRESH_PROCESS_SCRIPT = (
    "import time; start = time.perf_counter(); from sim.hand_tables import get_tables; "
    "get_tables(); print(time.perf_counter() - start)"
)


def time_fresh_process_build() -> tuple[float, float]:
    """Return (cold, warm) seconds of ``get_tables()`` in new processes: cold with empty table and
    numba caches (includes compiling the builder), warm loading what the cold run saved."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, MJRULES_CACHE_DIR=os.path.join(cache, "tables"),
                   NUMBA_CACHE_DIR=os.path.join(cache, "numba"))
        runs = [
            float(subprocess.run([sys.executable, "-c", _FRESH_PROCESS_SCRIPT], env=env, check=True,
                                 capture_output=True, text=True).stdout)
            for _ in range(2)
        ]
    return runs[0], runs[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="random hands per measurement")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds of the shanten_many timings")
    args = parser.parse_args()

    hand_tables.get_batch_tables()  # compile or load the batch builder before timing any build
    cold, warm, batch_cold, batch_warm = time_table_build()
    tables = hand_tables.get_tables()
    hands14 = random_hands(args.hands, 14, seed=1)
    hands13 = random_hands(args.hands, 13, seed=2)
    n = args.hands

    batch_tables = hand_tables.get_batch_tables()
    new, _ = batch_kernel.shanten_many_k(hands14, 0, False, batch_tables)
    assert np.array_equal(new, _per_hand_shanten_many(hands14, 0, False, tables))
    medians = interleaved_seconds({
        "batch kernel (distance classes)": lambda: batch_kernel.shanten_many_k(hands14, 0, False, batch_tables),
        "per-hand loop (before)": lambda: _per_hand_shanten_many(hands14, 0, False, tables),
        "sim.hand.shanten_many (checks + batch kernel)": lambda: hand.shanten_many(hands14, qidui_allow_quad=False),
    }, args.rounds)
    print(f"shanten_many, {n:,} random 14-tile hands, qidui_allow_quad=False, medians of {args.rounds} "
          f"interleaved rounds (same answers on all hands):")
    for label, seconds in medians.items():
        print(f"  {label:46s} {seconds / n * 1e9:6.1f} ns per hand  {n / seconds / 1e6:6.2f} M hands/s")
    before = medians["per-hand loop (before)"]
    print(f"  speed-up of the batch kernel: {before / medians['batch kernel (distance classes)']:.2f} x")
    plain_rate = n / _best_seconds(batch_kernel.shanten_many_k, hands14, 0, True, batch_tables)
    seconds = _best_seconds(qym_kernel.shanten_many_qym_k, hands14, 0, 0, True, tables)
    print(f"shanten_many under 缺一门, same hands: {n / seconds / 1e6:.2f} M hands/s "
          f"({n / seconds / plain_rate:.2f} x plain)")
    wild_tables = hand_wild_tables.get_wild_tables()
    for label, wild in (("5s", 22), ("1z", 27)):
        seconds = _best_seconds(wild_kernel.shanten_many_wild_k, hands14, 0, True, wild, wild_tables)
        print(f"shanten_many with wild={label} (regular, 七对, 七风), same hands: "
              f"{n / seconds / 1e6:.2f} M hands/s "
              f"({n / seconds / plain_rate:.2f} x plain)")
    for label, loop, hands_array in (
        ("shanten_k (all forms), 14 tiles", _loop_shanten, hands14),
        ("shanten_k (all forms), 13 tiles", _loop_shanten, hands13),
        ("shanten_regular_k, 13 tiles", _loop_regular, hands13),
        ("shanten_mask_k (shanten + useful mask), 13 tiles", _loop_shanten_mask, hands13),
    ):
        seconds = _best_seconds(loop, hands_array, tables)
        print(f"{label}: {seconds / n * 1e9:.0f} ns per call")
    few = hands13[: max(1, n // 10)]
    for label, loop, loop_tables in (
        ("useful_mask_qym_k (缺一门, table masks), 13 tiles", _loop_useful_qym, tables),
        ("useful_mask_wild_k (wild=5s, table masks), 13 tiles", _loop_useful_wild, wild_tables),
    ):
        seconds = _best_seconds(loop, few, loop_tables, repeats=2)
        print(f"{label}: {seconds / len(few) * 1e9:.0f} ns per call")
    print(f"table build cold (empty cache dir, incl. save): {cold:.2f} s; warm load: {warm:.3f} s")
    print(f"batch (distance-class) table build from those, incl. save: {batch_cold:.2f} s; "
          f"warm load: {batch_warm:.3f} s")
    start = time.perf_counter()
    hand_wild_tables.build_wild_tables()
    print(f"wild (uncapped) table build, builder compiled: {time.perf_counter() - start:.2f} s")
    fresh_cold, fresh_warm = time_fresh_process_build()
    print(f"new process, empty table and numba caches (incl. compiling the builder): {fresh_cold:.2f} s; "
          f"new process, warm: {fresh_warm:.3f} s")


if __name__ == "__main__":
    main()
