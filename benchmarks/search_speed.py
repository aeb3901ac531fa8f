"""Search player benchmark (not a test): speed on one core, where the time goes, and strength against greedy.

Usage: ``python benchmarks/search_speed.py [--variants jincheng,jinzhong,jinhua] [--hands 60] [--hands4 16]``
``[--spec 'search{worlds=64}'] [--breakdown] [--strength 3000 --jobs 2] [--uniformity]``

* speed (default): per variant, hands/s (by CPU time) on one core of a table with one search seat at its defaults
  (seat 0, three greedy; ``--spec`` for another setting) and of four search seats, each as a ratio to four greedy
  timed in the same run. The first call of
  the run (one hand, which loads or compiles the kernels) is timed and printed apart.
* ``--breakdown``: where the time of the one-search-seat table goes, from timing variants of the same kernel
  (strategies/search/batch.py): the decision stopped after ranking and sampling the worlds, or after also copying
  each world and applying each candidate, then returning greedy's choice. Per hand: greedy loop, ranking +
  sampling, copies + applies, rollouts (the full search less the copy variant; the variants play greedy's hands,
  the full search its own, so the split is approximate).
* ``--strength N [--spec S ...] [--seed K] [--rotate]``: duplicate comparison, per variant: seat 0 ``search`` (or
  each ``S``) against three greedy, and seat 0 ``greedy`` against the same three, on the same N walls (same seed:
  same walls and dealers; ``--rotate``: in each of the four seats in turn, four times the hands, the unit a wall's
  mean over its seats); the paired mean difference (底注/hand) with its 95 % Student-t interval, and with
  several ``--spec`` each later one's paired difference from the first (``--spec search --spec
  'search{rollout=learned}'``: do better rollouts make a stronger player?).
* ``--uniformity``: on a small case where the exact law is known (4-tile ready hands, no melds, from a 20-tile
  pool), the total-variation distance between the law of the sampler's declared hands (construction + Metropolis
  swaps) and the uniform law over all ready hands, next to the distance of an exact sampler's draws of the same
  size (the Monte Carlo floor).
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np


def _rate(rules, seats, hands, seed=1, first=1000):
    """Return hands/s of ``seats`` under ``rules`` by this process's CPU time (numba runs on one thread, so this is
    one core's rate, robust to other processes sharing the machine)."""
    from sim.play import play_chunk

    t = time.process_time()
    play_chunk(rules, seats, seed, first, hands)
    return hands / (time.process_time() - t)


def speed(variants, hands, hands4, spec="search"):
    from sim.play import play_chunk

    t = time.perf_counter()
    play_chunk("jincheng", [spec, "greedy", "greedy", "greedy"], 1, 0, 1)
    print(f"first call (load or compile the kernels): {time.perf_counter() - t:.1f} s")
    print(f"{spec}: hands/s by CPU time (one core)")
    print(f"{'variant':10} {'greedy h/s':>11} {'1 search h/s':>13} {'ratio':>8} {'4 search h/s':>13} {'ratio':>8}")
    for rules in variants:
        play_chunk(rules, [spec] * 4, 1, 0, 1)  # warm every path of the variant
        play_chunk(rules, ["greedy"] * 4, 1, 0, 1)
        greedy = _rate(rules, ["greedy"] * 4, 2000)
        one = _rate(rules, [spec, "greedy", "greedy", "greedy"], hands)
        four = _rate(rules, [spec] * 4, hands4)
        print(f"{rules:10} {greedy:11.0f} {one:13.1f} {one / greedy:8.4f} {four:13.2f} {four / greedy:8.5f}")


def breakdown(variants, hands):
    from sim.core.turn import new_batch_state
    from sim.table_engines import seat_slots, table_engine
    from sim.hand_tables import get_scan_tables
    from sim.record import N_KERNEL_COLUMNS
    from sim.rules import resolve_rules
    from sim.seat_plan import resolve_seats, seat_arrays

    print("per hand, one search seat at the defaults (ms): greedy loop | ranking + sampling | copies + applies | "
          "rollouts | total")
    for rules in variants:
        config = resolve_rules(rules)
        table, greedy_table = resolve_seats(["search", "greedy", "greedy", "greedy"]), resolve_seats(["greedy"] * 4)
        # the kernels of each table's engine (sim.engine: the variant, the seats' policies; search rollouts: greedy)
        eng, greedy_eng = table_engine(config.variant, table), table_engine(config.variant, greedy_table)
        (_, params), (_, gparams) = seat_arrays(table), seat_arrays(greedy_table)
        ids, gids = seat_slots(eng, table), seat_slots(greedy_eng, greedy_table)  # each seat's slot in its engine
        args = (config.pack(), config.hand_tables(), get_scan_tables())
        times = {}
        for name, kernel, i, p in (("greedy", greedy_eng.play_hands, gids, gparams),
                                   ("sample", eng.play_hands_sample_only, ids, params),
                                   ("copy", eng.play_hands_copy_only, ids, params),
                                   ("full", eng.play_hands_search, ids, params)):
            out = np.zeros((1, N_KERNEL_COLUMNS), np.int32)
            t = time.perf_counter()
            state = (new_batch_state(),) if name == "greedy" else ()  # the greedy batch loop takes its state
            kernel(*args, i, p, 1, 0, 1, 0, out, np.zeros(1, np.int64), 0, *state)  # compile or load
            compile_s = time.perf_counter() - t
            n = 2000 if name == "greedy" else hands
            out = np.zeros((n, N_KERNEL_COLUMNS), np.int32)
            t = time.process_time()  # CPU time: one core's, whatever else runs on the machine
            kernel(*args, i, p, 1, 1000, n, 0, out, np.zeros(1, np.int64), 0, *state)
            times[name] = (time.process_time() - t) / n * 1000
            if compile_s > 2:
                print(f"  ({name} kernel compiled in {compile_s:.0f} s)")
        g, s, c, f = times["greedy"], times["sample"], times["copy"], times["full"]
        print(f"{rules:10} {g:8.3f} | {s - g:8.2f} | {c - s:8.2f} | {f - c:8.2f} | {f:8.2f}")


def _paired(d):
    """Return (mean, lower, upper) of the paired differences ``d`` with the 95 % Student-t interval."""
    from scipy import stats

    mean, se = d.mean(), d.std(ddof=1) / math.sqrt(len(d))
    half = stats.t.ppf(0.975, len(d) - 1) * se
    return mean, mean - half, mean + half


def strength(variants, hands, jobs, seed=2024, specs=("search",), rotate=False):
    """Print, per variant, the money (底注/hand) of each spec of ``specs`` in seat 0 against three greedy minus seat 0
    greedy's on the same ``hands`` walls (``rotate``: in each seat in turn, the per-wall mean of the four seats'
    differences), and each later spec minus the first, paired by wall (95 % intervals)."""
    from sim import simulate

    seats = range(4) if rotate else (0,)
    where = "each seat in turn" if rotate else "seat 0"
    print(f"duplicate, {hands} walls per variant: {where} spec − greedy (three greedy opponents), 底注/hand")
    for rules in variants:
        t = time.perf_counter()
        base = simulate(hands, seed=seed, rules=rules, seats=["greedy"] * 4, jobs=jobs)
        results = []
        for spec in specs:
            gain = np.zeros(hands)  # [wall] the spec's mean money over greedy's in its seats (底注)
            for seat in seats:
                table = ["greedy"] * 4
                table[seat] = spec
                money = simulate(hands, seed=seed, rules=rules, seats=table, jobs=jobs)[f"s{seat}_delta"]
                gain += (money.to_numpy() - base[f"s{seat}_delta"].to_numpy()) / len(seats)
            results.append(gain)
            mean, low, high = _paired(gain)
            print(f"{rules:10} {spec} − greedy: Δ {mean:+.3f} [{low:+.3f}, {high:+.3f}]  "
                  f"({time.perf_counter() - t:.0f} s)", flush=True)
        for spec, gain in zip(specs[1:], results[1:]):
            mean, low, high = _paired(gain - results[0])
            print(f"{rules:10} {spec} − {specs[0]}: Δ {mean:+.3f} [{low:+.3f}, {high:+.3f}]")


def uniformity(draws=20000):
    """Print the TV distance of the sampler's 4-tile ready hands to the exact uniform law (module docstring), for
    the sampler's MH_STEPS_PER_TILE and for no and for four times as many Metropolis steps."""
    from itertools import combinations_with_replacement

    from sim.core import state as S
    from sim.engine import engine
    from sim.rules import resolve_rules
    from strategies.search.sampler import MH_STEPS_PER_TILE

    ready_hands = engine("jincheng").module("strategies.search.ready_hands")  # bound to 晋城's hooks
    ready_ok = ready_hands.ready_ok
    rules = resolve_rules("jincheng")
    rule_vec, tables = rules.pack(), rules.hand_tables()
    wall, hands, frozen, melds, rivers, st, money = S.new_state()
    seat = 1
    st[S.ST_N_MELDS + seat] = 3  # 4 concealed tiles (3 melds of other kinds, recorded in the per-kind view only)
    for k in (27, 28, 29):
        melds[seat, k] = S.MELD_PONG
    st[S.ST_TING + seat] = 1
    pool_kinds = [0, 1, 2, 3, 4, 9, 10, 11, 12, 13]  # 1–5m, 1–5p, two copies each: a 20-tile pool
    pool = np.array(sorted(pool_kinds * 2), dtype=np.int8)
    ready = {}
    for combo in combinations_with_replacement(pool_kinds, 4):  # every 4-tile hand with its count of tile choices
        counts = np.bincount(combo, minlength=34)
        if (counts > 2).any():
            continue
        hands[seat] = counts
        if ready_ok(rule_vec, tables, hands, frozen, melds, st, seat):
            ready[combo] = math.prod(math.comb(2, int(c)) for c in counts[counts > 0])
    total = sum(ready.values())
    exact = {h: w / total for h, w in ready.items()}
    rng = np.zeros(2, np.uint64)
    avail, build = np.zeros(34, np.int64), np.zeros(34, np.int64)
    segs = np.array([0, 0, 0, 0, 4, 0, 0, 0, seat, 0, 0, 0], dtype=np.int64)
    rejected = {}
    exact_rng = np.random.default_rng(5)
    keys = list(exact)
    for k in exact_rng.choice(len(keys), size=draws, p=[exact[k] for k in keys]):
        rejected[keys[k]] = rejected.get(keys[k], 0) + 1
    floor = 0.5 * sum(abs(rejected.get(h, 0) / draws - p) for h, p in exact.items())
    print(f"{len(exact)} ready 4-tile hands, {draws} draws; TV(exact draws, exact) = {floor:.3f} (Monte Carlo floor)")
    for per_tile in (0, MH_STEPS_PER_TILE, 4 * MH_STEPS_PER_TILE):
        tv = _sampler_tv(ready_hands, rule_vec, tables, hands, frozen, melds, st, seat, pool, exact, draws, per_tile,
                         segs, rng, avail, build)
        print(f"  {per_tile:2d} Metropolis steps per tile: TV(sampler, exact) = {tv:.3f}")


def _sampler_tv(ready_hands, rule_vec, tables, hands, frozen, melds, st, seat, pool, exact, draws, per_tile, segs, rng,
                avail, build):
    """Return the TV distance of ``draws`` sampled ready hands (construction + ``per_tile`` * 4 swaps) to ``exact``;
    ``ready_hands`` is strategies.search.ready_hands bound to the variant's engine."""
    from sim.core.rng import seed_generator, shuffle

    build_ready, mh_swaps = ready_hands.build_ready, ready_hands.mh_swaps

    sampled = {}
    for i in range(draws):
        seed_generator(rng, 5, i, 0)
        tiles = pool.copy()
        shuffle(rng, tiles)
        hands[seat] = 0
        build_ready(rule_vec, tables, tiles, 0, 20, 4, seat, hands, frozen, melds, st, avail, build, rng, 34)
        mh_swaps(rule_vec, tables, tiles, segs[0:4], segs[4:8], segs[8:12], 1, 4, 20, hands, frozen, melds, st,
                 per_tile * 4, rng)
        key = tuple(sorted(int(t) for t in tiles[:4]))
        sampled[key] = sampled.get(key, 0) + 1
    tv = 0.5 * sum(abs(sampled.get(h, 0) / draws - p) for h, p in exact.items())
    return tv + 0.5 * sum(c / draws for h, c in sampled.items() if h not in exact)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="jincheng,jinzhong,jinhua")
    parser.add_argument("--hands", type=int, default=60, help="hands of the one-search-seat table")
    parser.add_argument("--hands4", type=int, default=16, help="hands of the four-search-seat table")
    parser.add_argument("--spec", action="append", help="the search seat's registry spec, e.g. 'search{worlds=64}' "
                        "(default search); --strength takes several, paired with the first")
    parser.add_argument("--breakdown", action="store_true")
    parser.add_argument("--strength", type=int, default=0, help="walls per variant of the duplicate comparison")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2024, help="run seed of the --strength walls")
    parser.add_argument("--rotate", action="store_true", help="--strength: the spec in each seat in turn")
    parser.add_argument("--uniformity", action="store_true")
    args = parser.parse_args()
    variants = args.variants.split(",")
    if args.uniformity:
        uniformity()
        return
    if args.strength:
        strength(variants, args.strength, args.jobs, args.seed, tuple(args.spec or ("search",)), args.rotate)
        return
    speed(variants, args.hands, args.hands4, (args.spec or ["search"])[0])
    if args.breakdown:
        breakdown(variants, args.hands)


if __name__ == "__main__":
    main()
