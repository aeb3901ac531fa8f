"""Seating designs of a duplicate tournament: which strategy sits in which seat of each seating.

A tournament of N strategies (2–4) plays every wall once per *seating* (a lineup of four seats); every seating
uses the run's seed, so hand i of every seating deals the same wall to the same seats with the same dealer. A
design is *balanced* when every strategy sits in every seat equally often over the seatings, so each strategy
plays every seat's tiles of every wall equally often and the luck of the deal cancels in its total (as in
duplicate bridge).

Two designs (``LINEUPS``):

* ``rotation`` (the default): seating r (r = 0..N−1) puts strategy (r + s) mod N in seat s. N seatings, each
  strategy in each seat exactly once — the smallest balanced design. N = 2: the two two-against-two lineups
  ABAB and BABA (every opponent is the other strategy, every seat's tiles played once by each); N = 3: ABCA,
  BCAB, CABC (each strategy holds two seats in one seating); N = 4: the four rotations of ABCD.
* ``one_vs_three``: for every ordered pair (X, Y) of different strategies, X in one seat and Y in the other
  three, X rotated through the four seats: 4·N·(N−1) seatings (8 for two strategies). Each strategy plays
  every seat both alone against three of another strategy and as one of three: the table the issue's
  "seat 0 against three greedy" numbers come from, made balanced.

Every returned design lists seatings as tuples of four strategy indices (seat 0 first).
"""
from __future__ import annotations

import numpy as np

from sim.core.state import N_SEATS

#: Seating designs a tournament can use (experiments.config.TournamentParams.lineup).
LINEUPS = ("rotation", "one_vs_three")


def seatings(n_strategies: int, lineup: str = "rotation") -> list[tuple[int, int, int, int]]:
    """Return the design's seatings: one tuple per seating, the strategy index (0..n_strategies−1) of seats 0–3."""
    if not 2 <= n_strategies <= N_SEATS:
        raise ValueError(f"a tournament needs 2–4 strategies, got {n_strategies}")
    if lineup == "rotation":
        return [tuple((r + s) % n_strategies for s in range(N_SEATS)) for r in range(n_strategies)]
    if lineup == "one_vs_three":
        return [tuple(lone if s == seat else rest for s in range(N_SEATS))
                for lone in range(n_strategies) for rest in range(n_strategies) if rest != lone
                for seat in range(N_SEATS)]
    raise ValueError(f"lineup={lineup!r} is not valid; choose one of {', '.join(LINEUPS)}")


def seat_counts(design: list[tuple[int, ...]], n_strategies: int) -> np.ndarray:
    """Return ``int64[n_strategies, 4]``: how many seatings put strategy i in seat s."""
    counts = np.zeros((n_strategies, N_SEATS), dtype=np.int64)
    for lineup in design:
        for seat, strategy in enumerate(lineup):
            counts[strategy, seat] += 1
    return counts


def is_balanced(design: list[tuple[int, ...]], n_strategies: int) -> bool:
    """Return True when every strategy sits in every seat equally often over the design's seatings."""
    counts = seat_counts(design, n_strategies)
    return bool(counts.size) and bool((counts == counts[0, 0]).all())
