"""Playing a chunk of hands in the compiled engine (the entry point of sim.driver)."""
from __future__ import annotations

import numpy as np

from sim import kernel_cache
from sim.deal_conditions import check_condition, check_condition_for_rules
from sim.core.turn import new_batch_state
from sim.hand_tables import get_scan_tables
from sim.record import N_KERNEL_COLUMNS
from sim.rules import resolve_rules
from sim.seat_plan import check_seats_for_rules, resolve_seats
from sim.table_engines import table_kernels


def _play(rules, seats, seed, first_hand, n_hands, session_length, check, deal_condition=0):
    """Return (int32[n_hands, N_KERNEL_COLUMNS] records, int64[n_hands] ERR_* codes or a 1-element dummy), after
    checking and resolving the arguments (``play_resolved`` plays them)."""
    if session_length < 0:
        raise ValueError(f"session_length must be >= 0, got {session_length}")
    if session_length and (first_hand % session_length or n_hands % session_length):
        raise ValueError(
            f"first_hand ({first_hand}) and n_hands ({n_hands}) must be multiples of session_length ({session_length})"
        )
    deal_condition = check_condition(deal_condition)
    rules_config = resolve_rules(rules)
    seat_configs = resolve_seats(seats)
    check_seats_for_rules(seat_configs, rules_config)
    check_condition_for_rules(deal_condition, rules_config)
    return play_resolved(rules_config, seat_configs, seed, first_hand, n_hands, session_length, check, deal_condition)


def play_resolved(rules_config, seat_configs, seed: int, first_hand: int, n_hands: int, session_length: int,
                  check: bool, deal_condition: int) -> tuple[np.ndarray, np.ndarray]:
    """Play a chunk whose rules config and four StrategyConfigs were resolved and checked once for the run
    (sim.run_plan): return (int32[n_hands, N_KERNEL_COLUMNS] records, int64[n_hands] ERR_* codes in check mode,
    else a 1-element dummy). What a worker runs: it reads no registry and checks nothing again."""
    kernel_cache.ensure_fresh()
    # the table's kernels: its variant, its seats' policies, their parameter rows, and its outside driver if any
    eng, ids, params, driver = table_kernels(rules_config.variant, seat_configs, "batch")
    out = np.zeros((n_hands, N_KERNEL_COLUMNS), dtype=np.int32)  # one record row per hand
    errors = np.zeros(n_hands if check else 1, dtype=np.int64)    # check mode: ERR_* per hand
    args = (rules_config.pack(), rules_config.hand_tables(), get_scan_tables(), ids, params, int(seed), int(first_hand),
            int(n_hands), int(session_length), out, errors, int(deal_condition))
    if driver is not None:  # seats deciding outside the loop (search): their batch, which hands them their decisions
        if check:
            names = "/".join(sorted({c.name for c in seat_configs if c.policy is None}))
            raise ValueError(f"check mode does not play {names} seats, which decide outside the hand loop (valid: "
                             f"play_chunk with them, or play_checked without)")
        eng.driver(driver)(*args)  # it allocates its own state (and its scratch)
    else:  # one loop source, compiled with or without checks; its state allocated here, so the loop allocates nothing
        (eng.play_hands_checked if check else eng.play_hands)(*args, new_batch_state())
    return out, errors


def play_chunk(rules, seats, seed: int, first_hand: int, n_hands: int, session_length: int = 0,
               deal_condition: int = 0) -> np.ndarray:
    """Play hands ``first_hand .. first_hand + n_hands - 1`` of run ``seed``; return int32[n_hands, N_KERNEL_COLUMNS].

    ``rules``: a RulesConfig (or anything ``sim.rules.resolve_rules`` accepts); ``seats``: four
    strategy configs/names (sim.strategy_registry). Hand *i* depends only on ``(seed, i)``
    (and, in session mode, on its session), so results do not depend on chunking. In session
    mode (``session_length`` L > 0) ``first_hand`` and ``n_hands`` must be multiples of L.
    Columns are sim.record.KERNEL_COLUMNS; money in units of 底注. ``deal_condition`` (a
    sim.deal_conditions code, 0 = none) draws every wall given that condition on seat 0's start tiles;
    hand *i* then depends on ``(seed, i, deal_condition)``.
    """
    return _play(rules, seats, seed, first_hand, n_hands, session_length, False, deal_condition)[0]


def play_checked(rules, seats, seed: int, first_hand: int, n_hands: int,
                 session_length: int = 0, deal_condition: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Play like ``play_chunk`` in check mode of the same loop; return (records, int64[n_hands] error codes).

    After every decision the engine's invariants (sim.core.invariants ERR_*) are checked; a hand
    whose state breaks one stops there and its code is returned (0 = all held). Records of
    hands without errors equal ``play_chunk``'s.
    """
    return _play(rules, seats, seed, first_hand, n_hands, session_length, True, deal_condition)
