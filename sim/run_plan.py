"""What one simulation run will play, checked before anything runs — plain Python (no kernels).

``plan_run`` validates a run's arguments (one-line ``ValueError`` naming the bad one) and returns a ``RunPlan``:
the hands, seed, chunking, rules and seats, and the chunk tasks the workers play. ``sim.driver.simulate`` plays
one plan; ``sim.arm_stream.simulate_arms`` plays the chunks of many plans as one stream.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim import parts, run_folder
from sim.deal_conditions import check_condition, check_condition_for_rules
from sim.seat_plan import check_seats_for_rules, player_fingerprints, resolve_seats

MAX_DEFAULT_CHUNK = 25_000   # hands per chunk: ~2 s of one core, a few MB of records
MIN_DEFAULT_CHUNK = 2_000    # below this, per-chunk overhead starts to show
CHUNKS_PER_RUN = 16          # default chunking aims at this many chunks for mid-sized runs


def check_int(name: str, value, minimum: int) -> int:
    """Return ``value`` as int when it is an integer >= minimum, else raise a one-line ValueError."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def worker_count(jobs) -> int:
    """Return the number of worker processes for ``jobs`` (-1 = all cores, else a positive int)."""
    if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or not (jobs == -1 or jobs >= 1):
        raise ValueError(f"jobs must be a positive integer or -1 (all cores), got {jobs!r}")
    if jobs == -1:
        from joblib import cpu_count

        return max(1, cpu_count())
    return int(jobs)


def default_chunk(hands: int, session_length: int) -> int:
    """Return the default chunk size in hands for a run of ``hands``: it depends only on ``hands``
    and ``session_length`` (never on ``jobs``), so reruns with other parallelism can resume."""
    size = min(MAX_DEFAULT_CHUNK, max(MIN_DEFAULT_CHUNK, -(-hands // CHUNKS_PER_RUN)))
    if session_length > 0:
        size = -(-size // session_length) * session_length
    return min(size, hands)


def check_chunk(chunk, hands: int, session_length: int, out=None) -> int:
    """Return the validated chunk size (hands per chunk) for the run. Unless given, a run into a folder
    holding a run of at most ``hands`` hands takes that run's chunk (records do not depend on it), so a
    rerun with more hands extends the folder; else the default for ``hands``."""
    if chunk is None:
        return run_folder.extendable_chunk(out, hands, session_length) or default_chunk(hands, session_length)
    chunk = check_int("chunk", chunk, 1)
    if session_length > 0 and chunk % session_length:
        raise ValueError(f"chunk={chunk} must be a multiple of session_length={session_length}")
    return chunk


def variant_of(rules_config) -> str:
    """Return the variant name of a rule config (e.g. ``"jincheng"``)."""
    return str(getattr(rules_config, "variant", "jincheng"))


def resolve(rules, seats, rule_overrides: dict):
    """Return ``(rules_config, seat_configs, labels)`` from the user's rules, overrides and seats."""
    from sim.rules import resolve_rules

    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise ValueError(f"seats must be a list of 4 strategy names or configs, got {seats!r}")
    rules_config = resolve_rules(rules, **rule_overrides)
    seat_configs = resolve_seats(list(seats))
    check_seats_for_rules(seat_configs, rules_config)
    labels = [seat.label() for seat in seat_configs]
    return rules_config, seat_configs, labels


@dataclass(frozen=True)
class RunPlan:
    """One validated run: ``hands`` hands of ``seed`` in chunks of ``chunk`` (``chunks``: [(first hand, hands)]),
    under ``rules_config`` with four ``seat_configs`` (``labels``: their names), ``session_length`` hands per
    session (0 = single hands), deal condition code ``deal_condition`` (0 = none); ``out`` is its folder or None."""

    hands: int
    seed: int
    chunk: int
    session_length: int
    deal_condition: int
    rules_config: object
    seat_configs: list
    labels: list
    out: Path | None

    @property
    def variant(self) -> str:
        return variant_of(self.rules_config)

    @property
    def chunks(self) -> list[tuple[int, int]]:
        return parts.chunk_starts(self.hands, self.chunk)

    def task(self, first: int, n: int) -> tuple:
        """Return a worker's task tuple for the chunk of ``n`` hands from hand ``first`` (``sim.driver``'s workers)."""
        return (self.rules_config, self.seat_configs, self.seed, first, n, self.session_length, self.deal_condition)

    def settings(self) -> dict:
        """Return the run's settings as its folder's manifest holds them (``sim.run_folder.run_settings``)."""
        return run_folder.run_settings(self.rules_config, self.labels, self.seed, self.variant, self.hands,
                                       self.chunk, self.session_length, self.deal_condition,
                                       player_fingerprints(self.seat_configs, self.variant))


def plan_run(hands, seed=0, rules="jincheng", seats=("greedy",) * 4, out=None, chunk=None, session_length=0,
             deal_condition=0, **rule_overrides) -> RunPlan:
    """Return the ``RunPlan`` of ``sim.simulate``'s arguments (same meanings), or raise a one-line ValueError
    naming the first bad one."""
    hands = check_int("hands", hands, 1)
    seed = check_int("seed", seed, 0)
    if seed >= 2**63:
        raise ValueError(f"seed must be < 2**63, got {seed}")
    session_length = check_int("session_length", session_length, 0)
    if session_length > 0 and hands % session_length:
        raise ValueError(f"hands={hands} must be a whole number of sessions (session_length={session_length})")
    chunk = check_chunk(chunk, hands, session_length, out)
    deal_condition = check_condition(deal_condition)
    rules_config, seat_configs, labels = resolve(rules, seats, rule_overrides)
    check_condition_for_rules(deal_condition, rules_config)
    return RunPlan(hands, seed, chunk, session_length, deal_condition, rules_config, seat_configs, labels,
                   None if out is None else Path(out))
