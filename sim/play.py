"""Playing a chunk of hands in the compiled engine (the entry point of sim.driver)."""
from __future__ import annotations

import numpy as np

from sim import kernel_cache
from sim.hand_tables import get_tables
from sim.record import N_KERNEL_COLUMNS
from sim.rules import resolve_rules
from strategies.registry import resolve_seats, seat_arrays


def play_chunk(rules, seats, seed: int, first_hand: int, n_hands: int, session_length: int = 0) -> np.ndarray:
    """Play hands ``first_hand .. first_hand + n_hands - 1`` of run ``seed``; return int32[n_hands, N_KERNEL_COLUMNS].

    ``rules``: a RulesConfig (or anything ``sim.rules.resolve_rules`` accepts); ``seats``: four
    strategy configs/names (strategies.registry). Hand *i* depends only on ``(seed, i)``
    (and, in session mode, on its session), so results do not depend on chunking. In session
    mode (``session_length`` L > 0) ``first_hand`` and ``n_hands`` must be multiples of L.
    Columns are sim.record.KERNEL_COLUMNS; money in units of 底注.
    """
    kernel_cache.ensure_fresh()
    from sim._turn import play_hands

    if session_length < 0:
        raise ValueError(f"session_length must be >= 0, got {session_length}")
    if session_length and (first_hand % session_length or n_hands % session_length):
        raise ValueError(
            f"first_hand ({first_hand}) and n_hands ({n_hands}) must be multiples of session_length ({session_length})"
        )
    rules_config = resolve_rules(rules)
    ids, params = seat_arrays(resolve_seats(seats))
    out = np.zeros((n_hands, N_KERNEL_COLUMNS), dtype=np.int32)  # one record row per hand
    play_hands(rules_config.pack(), get_tables(), ids, params, int(seed), int(first_hand), int(n_hands),
               int(session_length), out)
    return out
