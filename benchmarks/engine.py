"""Engine benchmark (not a test): hands/s on one core, first-call time, and sanity statistics.

Usage: ``python benchmarks/engine.py [--hands 100000] [--stats-hands 100000] [--skip-cold] [--against DIR]``

Prints: cold first call (fresh numba cache, subprocess: compile of every kernel), warm first
call (cache load), hands/s with four ``greedy`` and with four ``random`` seats (wall and
CPU time, one process, numba is single-threaded), and on the greedy hands the 荒庄 rate,
dealer win rate, 自摸 share of wins, 前包 rate and mean front draws per hand, each with
its standard error.

``--rules jinzhong --flag jz_chi=true [--flag ...]`` prints greedy hands/s (CPU) under the variant's defaults and
with each flag set, timed in this process, the settings interleaved over ``--rounds`` rounds of ``--hands`` hands.

``--switch [--rounds 4] [--hands 20000]`` prints, per variant, greedy hands/s (CPU) of the variant's own engine and of
the switch engine a run of every variant plays (``sim.table_engines.run_plays``: each hook branches on the rule vector's
variant), interleaved in this process over ``--rounds`` rounds, and their ratio (switch / own).

``--against DIR [--rules jinzhong] [--seats random]`` compares greedy (or random) hands/s (under that variant) with another checkout of the project (e.g. an old commit
unpacked with ``git archive <commit> | tar -x -C DIR``): ``--rounds`` interleaved pairs of fresh
processes, this tree then DIR, each timing ``--hands`` hands of four such seats by CPU time after a warm-up
chunk; prints every pair and the ratio of the means (this tree / DIR). Both trees compile their own
kernels on their first run.

``--learned [--rules jinzhong] [--against DIR]`` times the ``learned`` player (issue 44's speed goals): in
``--rounds`` fresh processes (alternating with DIR's when given), each times four ``greedy`` seats (``--hands``
hands), one ``learned`` seat among three ``greedy`` and four ``learned`` seats (``--learned-hands`` each), interleaved
in that process, by CPU time after a warm-up chunk of each; prints every process's hands/s and the learned tables'
share of the greedy rate of the same process, then the median share of each tree (goals: one learned >= 0.30, four
learned >= 0.10).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

FIRST_CALL = (
    "import time; t = time.perf_counter(); from sim.play import play_chunk; "
    "play_chunk('jincheng', ['greedy'] * 4, 0, 0, 10); print(time.perf_counter() - t)"
)


def first_call_seconds(cold: bool) -> float:
    """Return seconds for import + the first 10-hand chunk in a fresh process (cold = empty numba cache)."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as cache:
        if cold:
            env["NUMBA_CACHE_DIR"] = cache
        out = subprocess.run([sys.executable, "-c", FIRST_CALL], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


AB_SNIPPET = (
    "import sys, time; from sim.play import play_chunk; n = int(sys.argv[1]); rules = sys.argv[2]; "
    "seats = [sys.argv[3]] * 4; play_chunk(rules, seats, 1, 0, 20); c = time.process_time(); "
    "play_chunk(rules, seats, 1, 0, n); print(n / (time.process_time() - c))"
)


def seat_rate_in(tree: str, hands: int, rules: str = "jincheng", seat: str = "greedy") -> float:
    """Return hands/s (CPU time) of four ``seat`` seats under ``rules`` of the checkout at ``tree``, measured in a
    fresh process there."""
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", AB_SNIPPET, str(hands), rules, seat], cwd=tree, env=env,
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


LEARNED_SNIPPET = (
    "import json, sys, time; from sim.play import play_chunk; n, m = int(sys.argv[1]), int(sys.argv[2]); "
    "rules = sys.argv[3]; mixes = {'greedy': (['greedy'] * 4, n), 'one_learned': (['learned'] + ['greedy'] * 3, m), "
    "'four_learned': (['learned'] * 4, m)}\n"
    "for seats, _ in mixes.values(): play_chunk(rules, seats, 1, 0, 20)\n"
    "rates = {}\n"
    "for name, (seats, k) in mixes.items():\n"
    "    c = time.process_time(); play_chunk(rules, seats, 2, 0, k); rates[name] = k / (time.process_time() - c)\n"
    "print(json.dumps(rates))"
)
LEARNED_GOALS = {"one_learned": 0.30, "four_learned": 0.10}


def learned_rates_in(tree: str, hands: int, learned_hands: int, rules: str) -> dict[str, float]:
    """Return hands/s (CPU time) of four greedy seats, one learned seat among three greedy and four learned seats
    under ``rules`` of the checkout at ``tree``, measured interleaved in one fresh process there."""
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", LEARNED_SNIPPET, str(hands), str(learned_hands), rules], cwd=tree,
                         env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def learned_shares(other: str | None, hands: int, learned_hands: int, rounds: int, rules: str) -> None:
    """Print, per fresh process (this tree's alternating with ``other``'s when given), the hands/s of four greedy,
    one learned + three greedy and four learned seats and the learned tables' shares of the greedy rate; then each
    tree's median shares against the goals."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"this tree": here, **({"other": other} if other else {})}
    shares: dict[str, dict[str, list[float]]] = {t: {mix: [] for mix in LEARNED_GOALS} for t in trees}
    for r in range(rounds):
        for name, tree in trees.items():
            rates = learned_rates_in(tree, hands, learned_hands, rules)
            for mix in LEARNED_GOALS:
                shares[name][mix].append(rates[mix] / rates["greedy"])
            print(f"round {r + 1} {name:9s}: greedy x4 {rates['greedy']:9,.0f}  learned + 3 greedy "
                  f"{rates['one_learned']:8,.0f}  learned x4 {rates['four_learned']:8,.0f} hands/s (CPU); shares "
                  f"{shares[name]['one_learned'][-1]:.3f} / {shares[name]['four_learned'][-1]:.3f}")
    for name in trees:
        print(f"{rules} {name:9s} median shares of greedy: " + "  ".join(
            f"{mix} {np.median(shares[name][mix]):.3f} (goal >= {goal:.2f})" for mix, goal in LEARNED_GOALS.items()))


def compare_against(other: str, hands: int, rounds: int, rules: str = "jincheng", seat: str = "greedy") -> None:
    """Print interleaved hands/s of four ``seat`` seats (under ``rules``) of this tree and ``other``, the ratio of
    their means and of their medians."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    mine, theirs = [], []
    for r in range(rounds):
        mine.append(seat_rate_in(here, hands, rules, seat))
        theirs.append(seat_rate_in(other, hands, rules, seat))
        print(f"round {r + 1}: this tree {mine[-1]:9,.0f}   other {theirs[-1]:9,.0f} {seat} hands/s (CPU)")
    print(f"ratio of means (this / other): {np.mean(mine) / np.mean(theirs):.3f}; of medians: "
          f"{np.median(mine) / np.median(theirs):.3f} ({np.median(mine):,.0f} / {np.median(theirs):,.0f})")


def flag_rates(rules: str, flags: list[str], hands: int, rounds: int) -> None:
    """Print greedy hands/s (CPU time, this process) under ``rules``' defaults and with each ``key=value`` of
    ``flags`` set, the settings interleaved over ``rounds`` rounds; then each setting's mean and its ratio to the
    defaults'."""
    import yaml

    from sim.play import play_chunk
    from sim.rules import resolve_rules

    settings = {"defaults": resolve_rules(rules)}
    for flag in flags:
        key, _, value = flag.partition("=")
        settings[flag] = resolve_rules(rules, **{key: yaml.safe_load(value)})
    for config in settings.values():
        play_chunk(config, ["greedy"] * 4, 1, 0, 20)  # load the kernels outside the timing
    rates: dict[str, list[float]] = {name: [] for name in settings}
    for r in range(rounds):
        for name, config in settings.items():
            cpu = time.process_time()
            play_chunk(config, ["greedy"] * 4, 1 + r, 0, hands)
            rates[name].append(hands / (time.process_time() - cpu))
        print(f"round {r + 1}: " + "  ".join(f"{name} {rates[name][-1]:,.0f}" for name in settings))
    base = np.mean(rates["defaults"])
    for name in settings:
        print(f"{rules} greedy, {name:28s}: {np.mean(rates[name]):9,.0f} hands/s (CPU, mean of {rounds}), "
              f"ratio to defaults {np.mean(rates[name]) / base:.3f}")


def switch_rates(hands: int, rounds: int) -> None:
    """Print greedy hands/s (CPU time, this process) per variant in its own engine and in the switch engine of a run
    of every variant, interleaved over ``rounds`` rounds, and the ratio of their means (switch / own)."""
    from sim.table_engines import run_plays
    from sim.play import play_chunk
    from sim.rules import VARIANTS

    seats = ["greedy"] * 4

    def timed(variant: str, switch: bool, seed: int) -> float:
        with run_plays(VARIANTS if switch else (variant,), ("greedy",)):
            cpu = time.process_time()
            play_chunk(variant, seats, seed, 0, hands)
            return hands / (time.process_time() - cpu)

    for variant in VARIANTS:  # load or compile both engines outside the timing
        for switch in (False, True):
            with run_plays(VARIANTS if switch else (variant,), ("greedy",)):
                play_chunk(variant, seats, 1, 0, 20)
    rates = {(v, s): [] for v in VARIANTS for s in (False, True)}
    for r in range(rounds):
        for variant in VARIANTS:
            for switch in (False, True):
                rates[variant, switch].append(timed(variant, switch, 1 + r))
        print(f"round {r + 1}: " + "  ".join(f"{v} {rates[v, False][-1]:,.0f} / {rates[v, True][-1]:,.0f}"
                                              for v in VARIANTS) + " (own / switch, greedy hands/s CPU)")
    for variant in VARIANTS:
        own, switch = np.mean(rates[variant, False]), np.mean(rates[variant, True])
        print(f"{variant:9s} own engine {own:9,.0f}  switch engine {switch:9,.0f} hands/s (CPU, mean of {rounds}); "
              f"ratio switch / own {switch / own:.3f}")


def throughput(seats: list[str], hands: int, seed: int = 1) -> tuple[float, float, np.ndarray]:
    """Return (hands/s by wall time, hands/s by CPU time, record matrix) for one chunk in this process."""
    from sim.play import play_chunk

    play_chunk("jincheng", seats, seed, 0, 20)  # load/compile outside the timing
    wall, cpu = time.perf_counter(), time.process_time()
    rows = play_chunk("jincheng", seats, seed, 0, hands)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return hands / wall, hands / cpu, rows


def rate(flags: np.ndarray) -> str:
    """Return 'p % ± se' of a boolean array."""
    p = flags.mean()
    return f"{100 * p:6.2f} % ± {100 * np.sqrt(p * (1 - p) / max(len(flags), 1)):.2f}"


def statistics(rows: np.ndarray) -> list[str]:
    """Return readable sanity statistics of a greedy record matrix."""
    from sim.record import COLUMN_INDEX as C, WIN_ZIMO

    winner, dealer = rows[:, C["winner"]], rows[:, C["dealer"]]
    won = winner >= 0
    draws = rows[:, C["draws"]]
    return [
        f"荒庄 rate           {rate(~won)}",
        f"dealer win rate     {rate(winner == dealer)}",
        f"自摸 share of wins  {rate(rows[won, C['win_kind']] == WIN_ZIMO)}",
        f"前包 rate           {rate(rows[:, C['genzhuang']] == 1)}",
        f"front draws / hand  {draws.mean():6.2f} ± {draws.std() / np.sqrt(len(draws)):.2f}",
        f"pongs / hand        {rows[:, C['pongs']].mean():6.2f}   kongs / hand {rows[:, C['kongs']].mean():.3f}",
        f"上架 / hand         {sum((rows[:, C[f's{k}_ting_turn']] >= 0).mean() for k in range(4)):6.2f}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000, help="hands per throughput measurement")
    parser.add_argument("--stats-hands", type=int, default=100_000, help="greedy hands for the statistics")
    parser.add_argument("--skip-cold", action="store_true", help="skip the cold-compile subprocess")
    parser.add_argument("--against", metavar="DIR", help="another checkout to compare greedy hands/s with")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved pairs for --against (processes for --learned)")
    parser.add_argument("--seats", choices=("greedy", "random"), default="greedy",
                        help="the strategy of all four seats in the --against hands")
    parser.add_argument("--rules", default="jincheng", help="variant of the --against / --flag hands (jincheng, jinzhong)")
    parser.add_argument("--flag", action="append", default=[], metavar="KEY=VALUE",
                        help="time greedy hands/s under --rules with this rule set, against its defaults (repeatable)")
    parser.add_argument("--switch", action="store_true",
                        help="greedy hands/s per variant in its own engine and in the switch engine of all variants")
    parser.add_argument("--learned", action="store_true",
                        help="the learned player's share of greedy hands/s (one and four learned seats), --against too")
    parser.add_argument("--learned-hands", type=int, default=2_000, help="hands per learned table for --learned")
    args = parser.parse_args()
    if args.learned:
        learned_shares(args.against, args.hands, args.learned_hands, args.rounds, args.rules)
        return
    if args.switch:
        switch_rates(args.hands, args.rounds)
        return
    if args.flag:
        flag_rates(args.rules, args.flag, args.hands, args.rounds)
        return
    if args.against:
        compare_against(args.against, args.hands, args.rounds, args.rules, args.seats)
        return
    if not args.skip_cold:
        print(f"cold first call (compile every kernel): {first_call_seconds(cold=True):8.1f} s")
    print(f"warm first call (load cached kernels):  {first_call_seconds(cold=False):8.1f} s")
    for name in ("greedy", "random"):
        by_wall, by_cpu, _ = throughput([name] * 4, args.hands)
        print(f"4 x {name:6s}: {by_wall:9,.0f} hands/s (wall)  {by_cpu:9,.0f} hands/s (CPU), one core, {args.hands:,} hands")
    _, _, rows = throughput(["greedy"] * 4, args.stats_hands, seed=7)
    print(f"statistics over {args.stats_hands:,} hands, four greedy seats, jincheng defaults:")
    for line in statistics(rows):
        print("  " + line)


if __name__ == "__main__":
    main()
