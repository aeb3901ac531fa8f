"""Peer benchmark (not a test): our engine against riichienv and the mahjong package, same machine, one process.

Usage: ``pip install -e ".[bench]" && python benchmarks/peers.py [--hands 20000] [--peer-hands 2000]
[--shanten-hands 20000] [--repeats 5] [--no-pin] [--only hands|shanten|variants]``

Prints hands/s (whole hands played to the end) and the ratio ours / peer for

* four ``greedy`` 晋城 seats vs four riichienv ``RandomAgent`` bots (one 4-player kyoku per hand);
* four ``random`` 晋城 seats vs the same riichienv bots;
* ``sim.hand.shanten_many`` vs ``mahjong``'s ``Shanten().calculate_shanten(tiles_34)`` on the same random
  14-tile hands (evaluations/s; both include 七对/七対子 and 十三幺/国士, so their answers are compared too);
* each registered variant's greedy hands/s as a ratio of 晋城's, and which variants are not yet implemented.

The process is pinned to one core (``--no-pin`` to skip) and Rust/BLAS thread pools are limited to one
thread, so every side gets one core. Rates are by the process's CPU time (robust to other users' load on
a shared machine). Compile / warm-up time (wall) is reported apart from the timed loop; each measure is
repeated ``--repeats`` times, alternating ours and the peer's, and the medians are printed.
A ratio above 1 means our engine is faster. A peer that is not installed is reported and skipped.
``--only`` runs one of the three parts (whole hands, shanten, variants) and skips the others' warm-up.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

for _variable in ("RAYON_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # one core each: set before any library starts a thread pool

import numpy as np  # noqa: E402

#: Variants of the project's plan, in order (docs/rules: jincheng, jinzhong, jinhua); those not in sim.rules.VARIANTS are not implemented.
PLANNED_VARIANTS = ("jincheng", "jinzhong", "jinhua")


# --------------------------------------------------------------------------- arithmetic (tested without peers)

def rate(count: int, seconds: float) -> float:
    """Return ``count / seconds`` (per second); NaN when no time was measured."""
    return count / seconds if seconds > 0 else float("nan")


def median_rate(count: int, seconds: list[float]) -> float:
    """Return the median over repeats of ``count / seconds`` (per second)."""
    return statistics.median(rate(count, s) for s in seconds)


def ratio(ours: float, theirs: float) -> float:
    """Return ours / theirs (a speed ratio: > 1 = ours faster); NaN when ``theirs`` is 0 or NaN."""
    return ours / theirs if theirs and theirs == theirs else float("nan")


def alternate(measures: dict[str, Callable[[], float]], repeats: int) -> dict[str, list[float]]:
    """Run each measure ``repeats`` times, alternating between them; return {name: [seconds per run]}."""
    seconds: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(repeats):
        for name, measure in measures.items():
            seconds[name].append(measure())
    return seconds


def timed(work: Callable[[], object]) -> float:
    """Return the CPU seconds of this process (all its threads) for one call of ``work``.

    CPU time, not wall time: on a shared machine other users' load stretches the wall clock but not the
    work done, and a peer that ran on several threads is charged for all of them.
    """
    start = time.process_time()
    work()
    return time.process_time() - start


def wall_timed(work: Callable[[], object]) -> float:
    """Return the wall seconds of one call of ``work`` (warm-up times)."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def line(label: str, ours: float, theirs: float, unit: str) -> str:
    """Return one result line: our rate, the peer's rate and the ratio."""
    return f"{label:44s} ours {ours:12,.0f} {unit}   peer {theirs:12,.0f} {unit}   ratio {ratio(ours, theirs):8.2f}"


# --------------------------------------------------------------------------- the measures

def pin_one_core() -> str:
    """Pin this process to one allowed CPU; return a description."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity on this platform)"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def our_hands(variant: str, strategy: str, hands: int, seed: int) -> Callable[[], float]:
    """Return a measure: seconds to play ``hands`` whole hands with four ``strategy`` seats (one chunk)."""
    from sim.play import play_chunk

    return lambda: timed(lambda: play_chunk(variant, [strategy] * 4, seed, 0, hands))


def riichienv_hands(hands: int, seed: int) -> Callable[[], float]:
    """Return a measure: seconds to play ``hands`` 4-player kyoku to the end with four riichienv RandomAgents."""
    from riichienv import GameType, RiichiEnv
    from riichienv.agents import RandomAgent

    agent = RandomAgent(seed=seed)

    def play() -> None:
        for i in range(hands):
            env = RiichiEnv(game_mode=int(GameType.YON_IKKYOKU), skip_mjai_logging=True, seed=seed + i)
            observations = env.reset()
            while not env.done():
                observations = env.step({p: agent.act(o) for p, o in observations.items()})

    return lambda: timed(play)


def random_hands_34(n_hands: int, seed: int) -> np.ndarray:
    """Return int8[n_hands, 34]: counts of 14 tiles drawn without replacement from the 136, per hand."""
    rng = np.random.default_rng(seed)
    tiles = np.argpartition(rng.random((n_hands, 136)), 14, axis=1)[:, :14] // 4  # [hand, j] kind
    hands = np.zeros((n_hands, 34), np.int8)  # [hand, kind] tile counts
    np.add.at(hands, (np.repeat(np.arange(n_hands), 14), tiles.ravel()), 1)
    return hands


def shanten_measures(hands: np.ndarray) -> tuple[dict[str, Callable[[], float]], int]:
    """Return the two shanten measures on the same hands and the number of hands whose answers differ.

    Ours runs with ``qidui_allow_quad=False`` (a quad is not two pairs), as in the peer's 七対子.
    """
    from mahjong.shanten import Shanten

    from sim.hand import shanten_many

    rows = [row.tolist() for row in hands]  # the peer takes Python sequences: convert outside the timing
    shanten = Shanten()
    ours = shanten_many(hands, qidui_allow_quad=False)
    theirs = np.array([shanten.calculate_shanten(r) for r in rows])
    measures = {"ours": lambda: timed(lambda: shanten_many(hands, qidui_allow_quad=False)),
                "peer": lambda: timed(lambda: [shanten.calculate_shanten(r) for r in rows])}
    return measures, int((ours != theirs).sum())


def warm_up(name: str, work: Callable[[], object]) -> str:
    """Run ``work`` once (compile / load / first call) and return a line with its seconds."""
    return f"warm-up {name:38s} {wall_timed(work):8.2f} s (wall)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="our hands per timed run")
    parser.add_argument("--peer-hands", type=int, default=2_000, help="riichienv hands per timed run")
    parser.add_argument("--shanten-hands", type=int, default=20_000, help="random 14-tile hands for shanten")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per measure (alternating)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one core")
    parser.add_argument("--only", choices=PARTS, help="run only this part (default: all three)")
    args = parser.parse_args()
    print("one process, one core:", "not pinned (--no-pin)" if args.no_pin else pin_one_core())
    print(f"rates by CPU time, medians of {args.repeats} alternating runs; ratio = ours / peer (> 1: ours faster)")
    for part in PARTS:
        if args.only in (None, part):
            PARTS[part](args)


def compare_hands(args: argparse.Namespace) -> None:
    """Print our greedy and random 晋城 hands/s against riichienv's random bots."""
    from sim.play import play_chunk

    print(warm_up("our engine (compile or load kernels)", lambda: (play_chunk("jincheng", ["greedy"] * 4, 0, 0, 20),
                                                             play_chunk("jincheng", ["random"] * 4, 0, 0, 20))))
    greedy = our_hands("jincheng", "greedy", args.hands, args.seed)
    random_seats = our_hands("jincheng", "random", args.hands, args.seed)
    try:
        peer = riichienv_hands(args.peer_hands, args.seed)
        print(warm_up("riichienv (first kyoku)", lambda: riichienv_hands(1, args.seed)()))
    except ImportError:
        peer = None
        print("riichienv is not installed (pip install -e \".[bench]\"): hand comparisons skipped")
    measures = {"greedy": greedy, "random": random_seats} | ({"riichienv": peer} if peer else {})
    seconds = alternate(measures, args.repeats)
    ours_greedy = median_rate(args.hands, seconds["greedy"])
    ours_random = median_rate(args.hands, seconds["random"])
    if peer:
        theirs = median_rate(args.peer_hands, seconds["riichienv"])
        print(line("晋城 greedy x4 vs riichienv RandomAgent x4", ours_greedy, theirs, "hands/s"))
        print(line("晋城 random x4 vs riichienv RandomAgent x4", ours_random, theirs, "hands/s"))
    else:
        print(f"晋城 greedy x4 {ours_greedy:12,.0f} hands/s   晋城 random x4 {ours_random:12,.0f} hands/s")


def compare_shanten(args: argparse.Namespace) -> None:
    """Print ``shanten_many``'s evaluations/s against the ``mahjong`` package's on the same hands."""
    hands = random_hands_34(args.shanten_hands, args.seed)
    try:
        from sim.hand import shanten_many

        print(warm_up("shanten_many (compile or load, tables)", lambda: shanten_many(hands[:10])))
        shanten, differ = shanten_measures(hands)
        shanten_seconds = alternate(shanten, args.repeats)
        print(line("shanten_many vs mahjong calculate_shanten", median_rate(len(hands), shanten_seconds["ours"]),
                   median_rate(len(hands), shanten_seconds["peer"]), "evals/s"))
        print(f"  same shanten on {len(hands) - differ:,} of {len(hands):,} random 14-tile hands")
    except ImportError:
        print("mahjong is not installed (pip install -e \".[bench]\"): shanten comparison skipped")


def compare_variants(args: argparse.Namespace) -> None:
    """Print each registered variant's greedy hands/s as a ratio of 晋城's, and the variants not implemented."""
    from sim.rules import VARIANTS

    variant_seconds = alternate({v: our_hands(v, "greedy", args.hands, args.seed) for v in VARIANTS}, args.repeats)
    for variant in VARIANTS:
        rate_variant = median_rate(args.hands, variant_seconds[variant])
        print(f"{variant:10s} greedy x4 {rate_variant:12,.0f} hands/s   ratio to jincheng "
              f"{ratio(rate_variant, median_rate(args.hands, variant_seconds['jincheng'])):6.2f}")
    missing = [v for v in PLANNED_VARIANTS if v not in VARIANTS]
    if missing:
        print("not yet implemented: " + ", ".join(missing))


PARTS = {"hands": compare_hands, "shanten": compare_shanten, "variants": compare_variants}  # --only choices, in order


if __name__ == "__main__":
    main()
