"""Profile of a greedy (or random) hand (not a test): where one hand's time goes, part by part, on one core.

Usage: ``python benchmarks/profile.py [--rules jincheng|jinzhong|jinhua] [--seats greedy|random] [--hands 300]
[--seed 1] [--target-seconds 0.3] [--whole-hands 5000] [--rounds 5]``

Plays ``--hands`` seeded hands with four ``greedy`` seats (``--seats random``: four ``random`` seats) (the variant's default rules, 晋城 unless ``--rules``) in a compiled loop that
stores the state before every decision (benchmarks/profile_kernels.py), then times each engine part
alone in a compiled loop over those real states, repeated until it runs about ``--target-seconds`` of
CPU time:

- legal actions: ``sim.core.legal.legal_self`` (self phase; includes the 上架 discard scan when the hand is
  tenpai or better) and ``legal_claim`` (each seat asked in a claim window);
- the greedy self decision on its own scan (the greedy policy's ``self_rows``, strategies/seats/greedy.py, whole),
  and inside it the
  discard scan (``sim.core.hand.discard_scan.least_discards_k``; under 晋中 the 缺一门 scan
  ``sim.core.hand.queyimen_scan.least_discards_qym_k``; on the states where greedy reaches it) and the live-tile
  counts (``visible_counts`` + ``live_planes``); under 金华 greedy is ``strategies.wild_play.wild_greedy_self``, its
  discard choice ``best_discard_k`` (wild-aware shanten and useful kinds, live counts included) and its seen
  copies ``wild_seen_k``, and its claim answer ``wild_greedy_claim``;
- the self phase as the hand loop runs it for a greedy seat: ``legal_self_scanned`` and, on its discard scan,
  the greedy policy's ``self_from_scan`` (``self_rows`` when it ran none; under 晋中 the 报听 marks and greedy share the
  缺一门 scan too); it replaces the two rows above in the loop, so it
  is not in the sum of the parts (a second sum line uses it instead of them); a row below it times the discard
  scan it runs on the scan tables (``sim.core.hand.class_scan.least_discards_class_k``; under 晋中
  ``sim.core.hand.queyimen_class_scan.least_discards_qym_class_k``);
- the greedy claim answer (``greedy_claim``);
- apply/bookkeeping: ``apply_self``/``apply_claim`` of the recorded action (discard + opening the claim
  window, draws, kongs, wins and settlement), the cost of copying the state in subtracted;
- per hand: dealer, wall shuffle, seat generators, the deal and the record row.

With ``--seats random`` the greedy rows are left out and one row times the random answer
(``strategies.random_policy.random_action`` on the recorded masks) instead: a random hand pays the engine's
parts only.

Each line is ns per call × calls per hand = µs per hand, and its share of the whole hand, measured in
the same run as ``sim.play.play_chunk`` over ``--whole-hands`` greedy hands (CPU time, one process).
The whole hand and every part are measured in ``--rounds`` interleaved rounds and the medians printed,
so a change in the machine's load between measurements does not bias the shares. The rest (the loop, the strategy dispatch, and what isolation changes: caches, branch history) is the
whole hand minus the top-level parts.

The kernels are bound to the table's engine (sim.engine: the variant and the seats' policy), as the batch loop's
are: run from the repository root.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def clear_stale_profile_kernels() -> None:
    """Delete the cached compilations of profile_kernels.py when it, any engine kernel source or a numba
    code-generation setting changed (``sim.kernel_cache.cache_digest``).

    numba revalidates a cached kernel only against its own file, and these kernels inline the engine's;
    the engine's own cache is kept fresh by ``sim.kernel_cache``, which does not look at this folder.
    """
    from sim import kernel_cache

    here = Path(__file__).resolve().parent
    digest = hashlib.sha256((kernel_cache.cache_digest()
                             + hashlib.sha256((here / "profile_kernels.py").read_bytes()).hexdigest()).encode())
    custom = os.environ.get("NUMBA_CACHE_DIR")
    cache = Path(custom) / kernel_cache._numba_cache_subpath(here) if custom else here / "__pycache__"
    stamp = cache / "profile_kernels.sha256"
    if stamp.is_file() and stamp.read_text() == digest.hexdigest():
        return
    for path in list(cache.glob("profile_kernels.*.nbi")) + list(cache.glob("profile_kernels.*.nbc")):
        path.unlink(missing_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    stamp.write_text(digest.hexdigest())


def cpu_seconds_per_repeat(run, target: float) -> float:
    """Return CPU seconds of one ``run(repeats)`` pass, repeating until about ``target`` seconds in all
    (one untimed pass first, so compilation or cache loading is not counted)."""
    run(1)
    repeats = 1
    while True:
        start = time.process_time()
        run(repeats)
        spent = time.process_time() - start
        if spent >= target or repeats >= 1 << 20:
            return spent / repeats
        repeats = max(repeats * 2, int(repeats * target / max(spent, 1e-6)) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="jincheng", help="variant whose default rules the hands play")
    parser.add_argument("--seats", choices=("greedy", "random"), default="greedy",
                        help="the strategy of all four seats")
    parser.add_argument("--hands", type=int, default=300, help="hands whose decision states are recorded")
    parser.add_argument("--seed", type=int, default=1, help="run seed of the recorded and the whole hands")
    parser.add_argument("--target-seconds", type=float, default=0.3, help="CPU time per part measurement")
    parser.add_argument("--whole-hands", type=int, default=5_000, help="hands of each whole-hand measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of whole hand + every part (medians)")
    args = parser.parse_args()

    from sim import kernel_cache
    from sim.core.state import ACT_ANGANG, N_ACTIONS, N_ST, PHASE_SELF, RIVER_CAP, ST_CURRENT, ST_PHASE, ST_TING
    from sim.hand_tables import get_scan_tables
    from sim.play import play_chunk
    from sim.engine import engine
    from sim.record import N_KERNEL_COLUMNS
    from sim.rules import resolve_rules
    from sim.seat_plan import resolve_seats, seat_arrays, table_policies

    kernel_cache.ensure_fresh()
    clear_stale_profile_kernels()

    rules = resolve_rules(args.rules)
    rule_vec = rules.pack()
    jinzhong = args.rules == "jinzhong"
    jinhua = args.rules == "jinhua"
    tables = rules.hand_tables()
    scan_tables = get_scan_tables()
    seats = [args.seats] * 4
    random_seats = args.seats == "random"
    configs = resolve_seats(seats)
    ids, params = seat_arrays(configs)  # ids: each seat's policy slot of the table's engine
    seat_params = params[0]  # every seat is greedy with the same parameters
    # this file's kernels bound to the table's engine (the variant's hooks, the seats' policy), as the loop's are
    K = engine(args.rules, table_policies(configs)).module("benchmarks.profile_kernels")

    # --- record the decision states of real hands ------------------------------------------------------
    cap = args.hands * 200  # decisions per hand stay far below this
    walls = np.zeros((cap, 136), np.int8)              # [state, position] the wall
    hands_b = np.zeros((cap, 4, 34), np.int8)          # [state, seat, kind] concealed counts
    frozen_b = np.zeros((cap, 4, 34), np.int8)         # [state, seat, kind] frozen 拾/抢 tiles
    melds_b = np.zeros((cap, 4, 34), np.int8)          # [state, seat, kind] MELD_* codes
    rivers_b = np.zeros((cap, 4, RIVER_CAP), np.int8)  # [state, seat, i] face-up discards
    st_b = np.zeros((cap, N_ST), np.int64)             # [state, slot] scalar state
    money_b = np.zeros((cap, 4, 4), np.int32)          # [state, money row, seat] ledgers
    masks_b = np.zeros((cap, N_ACTIONS), np.bool_)     # [state, action] legal mask of the decision
    seats_b = np.zeros(cap, np.int64)                  # [state] seat to act
    actions_b = np.zeros(cap, np.int64)                # [state] action taken
    hand_of = np.zeros(cap, np.int64)                  # [state] hand index
    n = K.record_states(rule_vec, tables, ids, params, args.seed, args.hands, walls, hands_b, frozen_b, melds_b,
                        rivers_b, st_b, money_b, masks_b, seats_b, actions_b, hand_of)
    if n >= cap:
        raise SystemExit("error: the state buffers filled up; lower --hands")
    st_b = st_b[:n]
    is_self = st_b[:, ST_PHASE] == PHASE_SELF
    acting = st_b[np.arange(n), ST_CURRENT]
    locked = st_b[np.arange(n), ST_TING + acting] == 1
    self_idx = np.flatnonzero(is_self)
    claim_idx = np.flatnonzero(~is_self)
    scan_idx = np.flatnonzero(is_self & ~locked & (actions_b[:n] < ACT_ANGANG))  # greedy reached its scan
    per_hand = 1.0 / args.hands

    # --- the whole hand and each part alone, interleaved in rounds (medians) -------------------------------
    target = args.target_seconds
    st_full = np.ascontiguousarray(st_b)
    all_idx = np.arange(n)
    out = np.zeros((args.hands, N_KERNEL_COLUMNS), np.int32)  # scratch record rows
    hand_range = np.arange(args.hands)
    parts = {  # name: (run(repeats), state indices of one pass)
        "legal_self": (lambda r: K.time_legal_self(rule_vec, tables, hands_b, frozen_b, melds_b, st_full, self_idx,
                                                   r), self_idx),
        "legal_claim": (lambda r: K.time_legal_claim(rule_vec, tables, hands_b, frozen_b, melds_b, st_full, seats_b,
                                                     claim_idx, r), claim_idx),
        "greedy_self": (lambda r: K.time_greedy_self(rule_vec, tables, hands_b, frozen_b, melds_b, rivers_b, st_full,
                                                     masks_b, seat_params, self_idx, r), self_idx),
        "shared_self": (lambda r: K.time_shared_self(rule_vec, tables, scan_tables, hands_b, frozen_b, melds_b,
                                                     rivers_b, st_full, seat_params, self_idx, r), self_idx),
        "class_scan": (lambda r: K.time_class_scan(rule_vec, scan_tables, hands_b, st_full, masks_b, scan_idx, r),
                       scan_idx),
        "discard_scan": ((lambda r: K.time_discard_scan_qym(tables, None, hands_b, melds_b, st_full, masks_b, scan_idx,
                                                            r))
                         if jinzhong else
                         (lambda r: K.time_discard_scan(rule_vec, tables, hands_b, st_full, masks_b, scan_idx, r)),
                         scan_idx),
        "live_counts": (lambda r: K.time_live_counts(hands_b, frozen_b, melds_b, rivers_b, st_full, scan_idx, r),
                        scan_idx),
        "greedy_claim": (lambda r: K.time_greedy_claim(rule_vec, tables, hands_b, st_full, masks_b, seats_b,
                                                       seat_params, claim_idx, r), claim_idx),
        "restore": (lambda r: K.time_restore(walls, hands_b, frozen_b, melds_b, rivers_b, st_full, money_b, all_idx,
                                             r), all_idx),
        "apply_self_copy": (lambda r: K.time_apply(rule_vec, tables, walls, hands_b, frozen_b, melds_b, rivers_b,
                                                   st_full, money_b, seats_b, actions_b, self_idx, r), self_idx),
        "apply_claim_copy": (lambda r: K.time_apply(rule_vec, tables, walls, hands_b, frozen_b, melds_b, rivers_b,
                                                    st_full, money_b, seats_b, actions_b, claim_idx, r), claim_idx),
        "hand_setup": (lambda r: K.time_hand_setup(rule_vec, args.seed, args.hands, out, r), hand_range),
    }
    if jinzhong:  # the loop's legal builder scans under 缺一门 on the class tables (greedy's own: discard_scan)
        parts["class_scan"] = (lambda r: K.time_discard_scan_qym(tables, scan_tables, hands_b, melds_b, st_full,
                                                                 masks_b, scan_idx, r), scan_idx)
    if jinhua:  # the loop's class-table scan runs for 晋城 and 晋中 only (legal_self_scanned)
        del parts["class_scan"]
    if jinhua:  # 金华 greedy is its own strategy (strategies/wild_play.py) and shares no scan with legal_self
        parts["greedy_self"] = (lambda r: K.time_jh_greedy_self(rule_vec, tables, hands_b, frozen_b, melds_b, rivers_b,
                                                                st_full, masks_b, seat_params, self_idx, r), self_idx)
        parts["shared_self"] = (lambda r: K.time_jh_shared_self(rule_vec, tables, hands_b, frozen_b, melds_b, rivers_b,
                                                                st_full, seat_params, self_idx, r), self_idx)
        parts["discard_scan"] = (lambda r: K.time_jh_discard_choice(rule_vec, tables, hands_b, frozen_b, melds_b,
                                                                    rivers_b, st_full, masks_b, scan_idx, r), scan_idx)
        parts["live_counts"] = (lambda r: K.time_jh_seen(rule_vec, hands_b, frozen_b, melds_b, rivers_b, st_full, scan_idx, r),
                                scan_idx)
        parts["greedy_claim"] = (lambda r: K.time_jh_greedy_claim(rule_vec, tables, hands_b, st_full, masks_b, seats_b,
                                                                  seat_params, claim_idx, r), claim_idx)
    if random_seats:  # the greedy parts do not run; the random answer does, on every decision
        for name in ("greedy_self", "shared_self", "class_scan", "discard_scan", "live_counts", "greedy_claim"):
            parts.pop(name, None)
        parts["random_choice"] = (lambda r: K.time_random_choice(masks_b, all_idx, r), all_idx)
        parts["legal_self_floored"] = (lambda r: K.time_legal_self_floored(rule_vec, tables, hands_b, frozen_b, melds_b,
                                                                           st_full, hand_of, self_idx, r), self_idx)
    play_chunk(args.rules, seats, args.seed, 0, 20)
    samples = {name: [] for name in list(parts) + ["whole"]}
    for _ in range(args.rounds):
        start = time.process_time()
        play_chunk(args.rules, seats, args.seed, 0, args.whole_hands)
        samples["whole"].append((time.process_time() - start) / args.whole_hands * 1e6)  # µs per hand
        for name, (run, idx) in parts.items():
            samples[name].append(cpu_seconds_per_repeat(run, target) / max(len(idx), 1) * 1e9)  # ns per call
    med = {name: float(np.median(values)) for name, values in samples.items()}
    whole_us = med["whole"]
    restore_ns = med["restore"]
    ns = {name: med[name] for name in parts if name not in ("restore", "apply_self_copy", "apply_claim_copy")}
    ns["apply_self"] = max(med["apply_self_copy"] - restore_ns, 0.0)
    ns["apply_claim"] = max(med["apply_claim_copy"] - restore_ns, 0.0)

    calls = {
        "legal_self": len(self_idx), "legal_claim": len(claim_idx), "greedy_self": len(self_idx),
        "shared_self": len(self_idx), "class_scan": len(scan_idx),
        "discard_scan": len(scan_idx), "live_counts": len(scan_idx), "greedy_claim": len(claim_idx),
        "apply_self": len(self_idx), "apply_claim": len(claim_idx), "hand_setup": args.hands,
        "random_choice": n, "legal_self_floored": len(self_idx),
    }
    us = {k: ns[k] * calls[k] * per_hand / 1e3 for k in ns}
    if random_seats:
        rows = [
            ("legal actions, self phase (legal_self)", "legal_self", 0),
            ("  as the loop runs it: legal_self_floored (replaces the row above)", "legal_self_floored", 2),
            ("legal actions, claim windows (legal_claim)", "legal_claim", 0),
            ("random answer, every decision (random_action)", "random_choice", 0),
            ("apply + bookkeeping, self phase (apply_self)", "apply_self", 0),
            ("apply + bookkeeping, claim windows (apply_claim)", "apply_claim", 0),
            ("per hand: dealer, wall, deal, record row", "hand_setup", 0),
        ]
    else:
        rows = [
            ("legal actions, self phase (legal_self)", "legal_self", 0),
            ("legal actions, claim windows (legal_claim)", "legal_claim", 0),
            ("greedy self decision (wild_greedy_self, whole)" if jinhua else "greedy self decision (greedy_self, whole)",
             "greedy_self", 0),
            ("  of which discard choice (best_discard_k, live counts in)" if jinhua else
             "  of which discard scan (least_discards_qym_k)" if jinzhong else
             "  of which discard scan (least_discards_k)", "discard_scan", 1),
            ("  of which seen copies (wild_seen_k)" if jinhua else "  of which live-tile counts (visible_counts + live_planes)",
             "live_counts", 1),
            ("legal_self + wild_greedy_self as the loop runs them" if jinhua else
             "legal_self + greedy_self as the loop runs them (shared scan)", "shared_self", 2),
        ]
        if "class_scan" in parts:
            rows.append(("  of which its discard scan (least_discards_qym_class_k)" if jinzhong else
                         "  of which its discard scan (least_discards_class_k)", "class_scan", 2))
        rows += [
            ("greedy claim answer (wild_greedy_claim)" if jinhua else "greedy claim answer (greedy_claim)", "greedy_claim", 0),
            ("apply + bookkeeping, self phase (apply_self)", "apply_self", 0),
            ("apply + bookkeeping, claim windows (apply_claim)", "apply_claim", 0),
            ("per hand: dealer, wall, deal, record row", "hand_setup", 0),
        ]
    top = sum(us[key] for _, key, sub in rows if not sub)
    print(f"{args.seats} hand profile ({args.rules}): {args.hands:,} recorded hands (seed {args.seed}), {n:,} decision states; "
          f"whole hand {whole_us:.1f} µs ({1e6 / whole_us:,.0f} hands/s, play_chunk, {args.whole_hands:,} hands, "
          f"one core, CPU time); medians of {args.rounds} interleaved rounds")
    print(f"{'part':60s} {'ns/call':>9s} {'calls/hand':>11s} {'µs/hand':>9s} {'of whole':>9s} {'of parts':>9s}")
    for label, key, _ in rows:
        print(f"{label:60s} {ns[key]:9.0f} {calls[key] * per_hand:11.1f} {us[key]:9.1f} {us[key] / whole_us:9.1%} "
              f"{us[key] / top:9.1%}")
    if not random_seats:
        shared_top = top - us["legal_self"] - us["greedy_self"] + us["shared_self"]
        print(f"{'sum of the top-level parts, shared scan instead of the two':60s} {'':9s} {'':11s} "
              f"{shared_top:9.1f} {shared_top / whole_us:9.1%}")
    else:
        floored_top = top - us["legal_self"] + us["legal_self_floored"]
        print(f"{'sum of the top-level parts, legal_self_floored for legal_self':60s} {'':9s} {'':11s} "
              f"{floored_top:9.1f} {floored_top / whole_us:9.1%}")
    rest = whole_us - top
    print(f"{'sum of the top-level parts, each alone':60s} {'':9s} {'':11s} {top:9.1f} {top / whole_us:9.1%}")
    print(f"{'whole - parts (loop and dispatch; negative: parts alone miss':60s} {'':9s} {'':11s} {rest:9.1f} "
          f"{rest / whole_us:9.1%}")
    print("  the caches the previous part of the same decision warmed)")
    print(f"(state copy inside the apply timings, subtracted: {restore_ns:.0f} ns per call)")


if __name__ == "__main__":
    main()
