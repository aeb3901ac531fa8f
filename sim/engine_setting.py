"""The engine setting of a process: which run it plays, and whether its tables share one engine — plain Python.

Environment variables, so that worker processes and the compile lane inherit them: ``MJRULES_RUN_VARIANTS`` and
``MJRULES_RUN_POLICIES`` (set by sim.table_engines.run_plays for a run of several variants) and
``MJRULES_SHARED_ENGINES`` (the test suite's one shared engine per process). sim.seat_plan reads them to choose a
table's binding; nothing here binds or plays.
"""
from __future__ import annotations

import contextlib
import os

from sim.rules import VARIANTS

SHARED_ENGINES = "MJRULES_SHARED_ENGINES"  # environment variable: "1" = one shared engine per process (table_engine)


RUN_VARIANTS = "MJRULES_RUN_VARIANTS"  # environment variable: the variants a run plays, comma-separated
RUN_POLICIES = "MJRULES_RUN_POLICIES"  # environment variable: the policy modules its tables play, comma-separated


def _listed(name: str) -> tuple[str, ...]:
    return tuple(p for p in os.environ.get(name, "").split(",") if p)


def run_variants() -> tuple[str, ...]:
    """Return the variants the current run plays (``run_plays``), in code order; () when it did not say."""
    listed = set(_listed(RUN_VARIANTS))
    return tuple(v for v in VARIANTS if v in listed)


def run_policies() -> tuple[str, ...]:
    """Return the policy modules the current run's tables play (``run_plays``), as listed; () when it did not say."""
    return _listed(RUN_POLICIES)


def shared_engines_on() -> bool:
    """Return True when this process plays every table on one shared engine (MJRULES_SHARED_ENGINES=1)."""
    return os.environ.get(SHARED_ENGINES) == "1"


def run_setting() -> dict[str, str]:
    """Return the run's engine setting as environment entries ({RUN_VARIANTS: ..., RUN_POLICIES: ...}, empty values
    when unset): what a worker process applies (``applied_setting``) to pick the engines its parent would."""
    return {RUN_VARIANTS: os.environ.get(RUN_VARIANTS, ""), RUN_POLICIES: os.environ.get(RUN_POLICIES, "")}


@contextlib.contextmanager
def applied_setting(setting: dict[str, str] | None):
    """Within, the environment holds ``setting`` (from ``run_setting``; None changes nothing); restored after."""
    if setting is None:
        yield
        return
    saved = {k: os.environ.get(k) for k in setting}
    try:
        for key, value in setting.items():
            if value:
                os.environ[key] = value
            else:
                os.environ.pop(key, None)
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
