"""Simulation arms: what one study asks the simulator to play, and running each distinct arm once.

An *arm* is a seat mix plus rule overrides (on top of the run's ``rules`` group), a session
length and a hand count. Every arm of a run uses the run's seed, so arms that differ only in one
seat's strategy play the same walls and their per-hand results can be paired. Arms that several
studies ask for (e.g. the plain seat mix) are simulated once and shared.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from experiments.config import ConfigError, RunConfig, validate_seats


def seat_label(spec) -> str:
    """Return a strategy spec as its ``name{key=value,...}`` string (strings are returned unchanged).

    Dict specs may nest their parameters (``{name: greedy, params: {pong: never}}``) or not
    (``{name: greedy, pong: never}``).
    """
    if isinstance(spec, str):
        return spec
    if isinstance(spec, dict) and "name" in spec:
        params = dict(spec.get("params") or {k: v for k, v in spec.items() if k not in ("name", "params")})
        if not params:
            return str(spec["name"])
        inner = ",".join(f"{k}={_plain(v)}" for k, v in sorted(params.items()))
        return f"{spec['name']}{{{inner}}}"
    raise ConfigError(f"seat spec {spec!r} must be a name, 'name{{key=value}}' or {{name: ..., params: ...}}")


def _plain(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class ArmSpec:
    """One simulated arm: four seat specs, rule overrides, session length (0 = single hands), hands (None = run's),
    deal condition on seat 0's start tiles (a sim.deal_conditions code, 0 = plain walls)."""

    seats: tuple[str, str, str, str]
    rules: tuple[tuple[str, Any], ...] = ()
    session_length: int = 0
    hands: int | None = None
    deal_condition: int = 0

    def with_seat0(self, spec: str) -> "ArmSpec":
        """Return this arm with seat 0 (the studied seat) playing ``spec``."""
        return ArmSpec((spec,) + tuple(self.seats[1:]), self.rules, self.session_length, self.hands,
                       self.deal_condition)

    def describe(self) -> str:
        """Return a one-line description for the report's table of arms (seats; rule overrides; session length; deal
        condition), its words in Chinese: ``greedy / greedy / greedy / greedy；每局 16 手``."""
        from sim.deal_conditions import describe_condition

        parts = [" / ".join(self.seats)]
        if self.rules:
            parts.append(", ".join(f"{k}={_plain(v)}" for k, v in self.rules))
        if self.session_length:
            parts.append(f"每局 {self.session_length} 手")
        if self.deal_condition:
            parts.append(f"发牌条件：{describe_condition(self.deal_condition)}")
        return "；".join(parts)


def base_arm(config: RunConfig) -> ArmSpec:
    """Return the run's plain arm: the seats group's mix, no rule overrides, single hands."""
    return ArmSpec(tuple(seat_label(s) for s in config.seats.seats))


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", text).strip("_")


@dataclass
class ArmRunner:
    """Runs each distinct arm once into ``hands_dir/<study>_<role>/`` and loads its records."""

    config: RunConfig
    hands_dir: Path
    directories: dict = field(default_factory=dict)   # ArmSpec -> Path
    roles: dict = field(default_factory=dict)         # ArmSpec -> list of "study/role"
    simulated_hands: int = 0                          # hands played by run_all (this run)
    reused_hands: int = 0                             # hands run_all took from finished parts

    def hands_of(self, arm: ArmSpec) -> int:
        """Return the hands the arm plays (a whole number of sessions in session mode)."""
        hands = arm.hands or self.config.hands
        if arm.session_length:
            hands = max(arm.session_length, hands - hands % arm.session_length)
        return hands

    def other_variant(self, arm: ArmSpec) -> bool:
        """Return True when the arm names a variant other than the run's (it then starts from its own defaults)."""
        variant = dict(arm.rules).get("variant")
        return variant is not None and variant != self.config.rules.get("variant", "jincheng")

    def rules_of(self, arm: ArmSpec) -> dict:
        """Return the rules mapping of the arm: the run's rules group with the arm's overrides, or only the
        overrides for an arm of another variant (the run's flags belong to the run's variant)."""
        if self.other_variant(arm):
            return dict(arm.rules)
        return {**self.config.rules, **dict(arm.rules)}

    def canonical(self, arm: ArmSpec) -> ArmSpec:
        """Return ``arm`` without rule overrides that equal the run's rules (so equal arms are shared)."""
        from sim.rules import resolve_rules

        run_rules = {} if self.other_variant(arm) else resolve_rules(dict(self.config.rules)).to_dict()
        kept = tuple((k, v) for k, v in arm.rules if k not in run_rules or run_rules[k] != v)
        hands = None if arm.hands == self.config.hands else arm.hands
        return ArmSpec(arm.seats, kept, arm.session_length, hands, arm.deal_condition)

    def register(self, study: str, role: str, arm: ArmSpec) -> None:
        """Record that ``study`` needs ``arm`` under the name ``role``; validate it before any simulation."""
        from sim.rules import resolve_rules

        try:
            variant = resolve_rules(self.rules_of(arm)).variant
        except ValueError as error:
            raise ConfigError(f"{study} arm {role!r}: {str(error).splitlines()[0]}") from None
        arm = self.canonical(arm)
        if arm not in self.directories:
            validate_seats(list(arm.seats), f"{study} arm {role!r} seats", variant)  # the arm's variant plays them
            self.directories[arm] = self.hands_dir / _safe(f"{study}_{role}")
            self.roles[arm] = []
        self.roles[arm].append(f"{study}/{role}")

    def played(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Return (the variants, the policy modules) the registered arms play: what ``sim.table_engines.run_plays`` is told,
        so that a run whose studies span several variants compiles the shared core once (one switch engine)."""
        from sim.rules import resolve_rules
        from sim.seat_plan import resolve_seats, table_policies

        variants, policies = {}, {}
        for arm in self.directories:
            variants[resolve_rules(self.rules_of(arm)).variant] = True
            policies.update(dict.fromkeys(table_policies(resolve_seats(list(arm.seats)))))
        return tuple(variants), tuple(policies)

    def total_hands(self) -> int:
        """Return the hands of all distinct registered arms together."""
        return sum(self.hands_of(arm) for arm in self.directories)

    def chunk_of(self, arm: ArmSpec) -> int | None:
        """Return the run's ``chunk`` rounded up to whole sessions of the arm (None = the driver's default)."""
        chunk = self.config.chunk
        if chunk and arm.session_length and chunk % arm.session_length:
            chunk += arm.session_length - chunk % arm.session_length
        return chunk

    def check_folders(self) -> None:
        """Raise ``sim.parts.RunFolderError`` (one line) before any simulation when an arm's folder holds
        a run with other settings or is being written by another live run."""
        from sim.driver import check_out
        from sim.parts import FewerHandsError

        c = self.config
        for arm, directory in self.directories.items():
            try:
                check_out(directory, self.hands_of(arm), seed=c.seed, rules=self.rules_of(arm), seats=list(arm.seats),
                          chunk=self.chunk_of(arm), session_length=arm.session_length,
                          deal_condition=arm.deal_condition)
            except FewerHandsError as error:
                raise FewerHandsError(directory, error.held, error.asked, self.fewer_hands(arm, error)) from None

    def fewer_hands(self, arm: ArmSpec, error) -> str:
        """Return the one-line refusal of a rerun into this run's folder asking ``arm`` for fewer hands than its folder
        holds (``error``: the ``sim.parts.FewerHandsError`` of the arm's folder), in the run's words: the ``hands``
        key when the arm plays the run's hands, else the study's own count."""
        folder = f"{self.hands_dir.parent}"
        held = f"{error.held:,} hands"
        if arm.hands is None:
            return (f"the run folder {folder!r} holds a run of {held} per arm; hands={self.config.hands} asks for "
                    f"fewer: use a new folder or hands>={error.held}")
        return (f"the run folder {folder!r} holds {held} of arm {self.directories[arm].name}; this run asks it "
                f"for {error.asked:,}: use a new folder or the study's earlier hand count")

    def run_all(self) -> None:
        """Simulate every registered arm (a rerun into the same folder resumes from finished parts).

        Sets ``simulated_hands`` (hands played now) and ``reused_hands`` (taken from parts finished
        by an earlier run into the same folder). The arms' chunks share one pool of workers and one bar
        counting the hands of all arms (``sim.arm_stream``); with one worker each arm's bar is named ``study/role``.
        """
        from sim.arm_stream import simulate_arms

        c = self.config
        self.check_folders()
        arms = [dict(hands=self.hands_of(arm), seed=c.seed, rules=self.rules_of(arm), seats=list(arm.seats),
                     out=directory, chunk=self.chunk_of(arm), session_length=arm.session_length,
                     deal_condition=arm.deal_condition, label=", ".join(self.roles[arm]))
                for arm, directory in self.directories.items()]
        runs = simulate_arms(arms, jobs=c.jobs, backend=c.backend, scheduler=c.scheduler, progress=c.progress,
                             label=f"{len(arms)} arms")
        self.simulated_hands = sum(run.simulated_hands for run in runs)
        self.reused_hands = sum(run.reused_hands for run in runs)

    def frame(self, arm: ArmSpec, columns: list[str]) -> pl.DataFrame:
        """Return the arm's records (only ``columns``), one row per hand, sorted by hand index."""
        from sim.parts import scan

        wanted = list(dict.fromkeys(["hand", *columns]))
        return scan(self.directories[self.canonical(arm)]).select(wanted).collect().sort("hand")

    def table(self) -> list[dict]:
        """Return one dict per distinct arm (folder, seats, rule overrides, session length, hands, used by)."""
        return [
            {"folder": directory.name, "seats": list(arm.seats),
             "rules": {k: v for k, v in arm.rules}, "session_length": arm.session_length,
             "hands": self.hands_of(arm), "used_by": self.roles[arm], "description": arm.describe()}
            for arm, directory in self.directories.items()
        ]
