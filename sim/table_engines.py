"""Which engine a table plays with — plain Python, the composition above sim.engine and the seat plan.

``table_engine`` picks a table's engine from its resolved seats (sim.seat_plan hands it their policy modules as plain
dotted paths; sim.engine binds them): the one of exactly its policies — or, with the environment variable
``MJRULES_SHARED_ENGINES=1``, the process's one shared engine (``shared_engine``): the switch engine over every
variant, binding every policy they play. A process that plays many tables of every variant (the test suite sets it)
then compiles the shared core and the hand loop once instead of once per variant and seat mix; the records are the
same either way, only what is compiled differs.

A run that plays several variants says so (``run_plays(variants, policies)``, a context manager the experiment
runner enters when its studies span several variants; or the environment variables it sets, ``RUN_VARIANTS`` and
``RUN_POLICIES``, which worker processes and the compile lane inherit). ``table_engine`` then hands every table of
one of those variants the *switch engine* ``engine(variants, policies)`` (sim.engine): ``hooks`` bound to
sim.core.variant_switch, which branches on ``rule_vec[R_VARIANT]`` to the variants' hooks, and ``VARIANT`` to
VARIANT_ANY. The shared core then compiles once for the run instead of once per variant; the records are the same as
the per-variant engines'. A run of one variant never uses it.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.core.seat_dispatch import SCRIPTED
from sim.engine import Engine, engine, switch_order
from sim.engine_setting import RUN_POLICIES, RUN_VARIANTS, applied_setting
from sim.seat_plan import ordered_policies, shared_binding, table_binding, table_seating


def run_plays(variants, policies=()):
    """Return a context manager within which this process (and the processes it starts) plays a run of ``variants``
    whose tables play ``policies`` (policy modules): with two or more variants, ``table_engine`` hands every table
    of one of them the switch engine ``engine(variants, policies)`` (or of its own policies when a table plays one
    outside ``policies``, or when they are more than the policy slots); with one, nothing changes."""
    variants = switch_order(variants)
    if len(variants) < 2:
        return applied_setting(None)
    return applied_setting({RUN_VARIANTS: ",".join(variants), RUN_POLICIES: ",".join(ordered_policies(policies))})


def shared_engine(variant: str) -> Engine:
    """Return the engine every table of ``variant`` plays with under MJRULES_SHARED_ENGINES=1: the switch engine of
    every variant, binding every policy they play (the process then compiles the shared core once, as a run of
    several variants does); or, when the variants or their policies outnumber the slots, ``variant``'s own engine
    binding every policy it plays (sim.seat_plan.shared_binding)."""
    return engine(*shared_binding(variant))


def table_engine(variant: str, seat_configs) -> Engine:
    """Return the engine a table of ``variant`` plays with (``seat_configs``: its StrategyConfigs, None for a scripted
    seat): the engine of exactly its policies, or with MJRULES_SHARED_ENGINES=1 the process's shared engine
    (``shared_engine``); in a run of several variants (``run_plays``) the run's switch engine."""
    return engine(*table_binding(variant, seat_configs))


def seat_slots(eng: Engine, seat_configs) -> "np.ndarray":
    """Return int64[4], each seat's policy slot in ``eng`` (sim.core.seat_dispatch.SCRIPTED for a scripted seat,
    None, or one that decides outside the loop)."""
    return np.array([SCRIPTED if c is None or c.policy is None else eng.policies.index(c.policy)
                     for c in seat_configs], dtype=np.int64)


class TableKernels(NamedTuple):
    """What a chunk or a Game of one table plays with (``table_kernels``)."""

    engine: Engine        # the table's engine (its variant(s) and bound policies)
    ids: np.ndarray       # int64[4]: each seat's policy slot in it (SCRIPTED: scripted or deciding outside the loop)
    params: np.ndarray    # float64[4, 8]: each seat's parameter row
    driver: str | None    # "module:name" of the driver kernel of its seats deciding outside the loop, None without


def table_kernels(variant: str, seat_configs, driver_kind: str | None = None) -> TableKernels:
    """Return the engine, seat slots, parameter rows and (``driver_kind``: "batch", "step" or "scratch") outside
    driver of a table of ``variant`` with ``seat_configs`` (None for a scripted seat), resolving its seats once."""
    variants, policies, params, driver = table_seating(variant, seat_configs, driver_kind)
    eng = engine(variants, policies)
    ids = np.array([SCRIPTED if c is None or c.policy is None else eng.policies.index(c.policy)
                    for c in seat_configs], dtype=np.int64)
    return TableKernels(eng, ids, params, driver)
