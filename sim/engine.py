"""The engine of one table: the core's kernels bound to a variant's hooks and the table's seat policies — plain
Python (it binds kernels; it holds none).

``engine(variant, policies)`` binds the slots of sim.core.slots — ``hooks`` to ``sim/variants/<variant>/hooks.py``,
``VARIANT`` to the variant's code (its hooks module's ``VARIANT``), ``policy0`` .. ``policy3`` to the table's distinct policy modules
(strategies.registry.table_policies) — and hands out the bound kernels by name (``eng.play_hands``,
``eng.run_until``, ``eng.apply_self``, ...; any kernel of ``KERNEL_MODULES``). A kernel that reaches no slot is
the shared one. Engines are cached: one binding per (variant, policies) per process.

``table_engine`` picks a table's engine: the one of exactly its policies — or, with the environment variable
``MJRULES_SHARED_ENGINES=1``, the one engine of its variant that binds every policy the variant plays. A process
that plays many tables of a variant (the test suite sets it) then compiles the hand loop once per variant instead
of once per seat mix; the records are the same either way, only what is compiled differs.
"""
from __future__ import annotations

import functools
import os
from importlib import import_module
from types import ModuleType

from sim.binding import bound, bound_module

#: modules whose kernels an engine hands out by name, searched in this order (core first, then the search player)
KERNEL_MODULES = (
    "sim.core.turn", "sim.core.apply", "sim.core.claims", "sim.core.legal", "sim.core.deal", "sim.core.flow",
    "sim.core.invariants", "sim.core.claim_passes", "sim.core.ting", "sim.core.seat_dispatch",
    "strategies.search.batch", "strategies.search.rollout", "strategies.search.candidates",
    "strategies.search.sampler", "strategies.search.view", "strategies.search.ready_hands",
    "strategies.search.opponent_hands",
)


def hooks_module(variant: str) -> ModuleType:
    """Return the hooks module of ``variant`` (``sim/variants/<variant>/hooks.py``); ValueError names the valid
    variants when there is none."""
    from sim.rules import VARIANTS

    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (valid: {', '.join(VARIANTS)})")
    return import_module(f"sim.variants.{variant}.hooks")


class Engine:
    """The kernels of one (variant, policies) binding, by name: ``eng.<kernel>`` or ``eng.kernel(module, name)``."""

    def __init__(self, variant: str, policies: tuple[str, ...]):
        from sim.core.slots import N_POLICY_SLOTS

        if not 1 <= len(policies) <= N_POLICY_SLOTS:
            raise ValueError(f"an engine binds 1 to {N_POLICY_SLOTS} distinct policies, got {len(policies)}")
        self.variant = variant
        self.policies = tuple(policies)
        modules = [import_module(p) for p in policies]
        modules += [import_module("sim.core.no_policy")] * (N_POLICY_SLOTS - len(modules))  # the free slots
        hooks = hooks_module(variant)
        self.values = {"hooks": hooks, "VARIANT": hooks.VARIANT,
                       **{f"policy{k}": m for k, m in enumerate(modules)}}
        self._kernels: dict[tuple[str, str], object] = {}

    def kernel(self, module: str, name: str):
        """Return kernel ``name`` of ``module`` bound to this engine (the shared kernel when it reaches no slot)."""
        key = (module, name)
        if key not in self._kernels:
            self._kernels[key] = bound(getattr(import_module(module), name), self.values)
        return self._kernels[key]

    def module(self, module: str) -> ModuleType:
        """Return ``module`` with every kernel in it bound to this engine."""
        return bound_module(import_module(module), self.values)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        for module in KERNEL_MODULES:
            if name in vars(import_module(module)):
                return self.kernel(module, name)
        raise AttributeError(f"no kernel {name!r} in the engine's modules ({', '.join(KERNEL_MODULES)})")

    def __repr__(self) -> str:
        return f"Engine({self.variant!r}, {self.policies!r})"


@functools.lru_cache(maxsize=None)
def engine(variant: str, policies: tuple[str, ...] = ("strategies.seats.greedy",)) -> Engine:
    """Return the (cached) engine of ``variant`` whose seat slots hold the policy modules ``policies`` (in slot
    order; strategies.registry.table_policies gives a table's)."""
    return Engine(variant, tuple(policies))


SHARED_ENGINES = "MJRULES_SHARED_ENGINES"  # environment variable: "1" = one engine per variant (table_engine)


def variant_policies(variant: str) -> tuple[str, ...]:
    """Return every policy module the strategies that play ``variant`` use, in slot order (greedy's first)."""
    from strategies.registry import GREEDY_POLICY, REGISTRY, variant_refusals

    refused = variant_refusals(variant)
    played = {spec.policy for name, spec in REGISTRY.items() if spec.policy is not None and name not in refused}
    return (GREEDY_POLICY,) + tuple(sorted(played - {GREEDY_POLICY}))


def table_engine(variant: str, seat_configs) -> Engine:
    """Return the engine a table of ``variant`` plays with (``seat_configs``: its StrategyConfigs, None for a scripted
    seat): the engine of exactly its policies, or with MJRULES_SHARED_ENGINES=1 the variant's shared engine."""
    from strategies.registry import RANDOM_POLICY, table_policies

    if os.environ.get(SHARED_ENGINES) == "1":
        return engine(variant, variant_policies(variant))
    return engine(variant, table_policies([c for c in seat_configs if c is not None]) or (RANDOM_POLICY,))


def seat_slots(eng: Engine, seat_configs) -> "np.ndarray":
    """Return int64[4], each seat's policy slot in ``eng`` (sim.core.seat_dispatch.SCRIPTED for a scripted seat,
    None, or one that decides outside the loop)."""
    import numpy as np

    from sim.core.seat_dispatch import SCRIPTED

    return np.array([SCRIPTED if c is None or c.policy is None else eng.policies.index(c.policy)
                     for c in seat_configs], dtype=np.int64)
