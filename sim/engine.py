"""The engine of one table: the core's kernels bound to a variant's hooks and the table's seat policies — plain
Python (it binds kernels; it holds none).

``engine(variant, policies)`` binds the slots of sim.core.slots — ``hooks`` to ``sim/variants/<variant>/hooks.py``,
``VARIANT`` to the variant's code (its hooks module's ``VARIANT``), ``policy0`` .. ``policy3`` to the table's distinct policy modules
(strategies.registry.table_policies) — and hands out the bound kernels by name (``eng.play_hands``,
``eng.run_until``, ``eng.apply_self``, ...; any kernel of ``KERNEL_MODULES``). A kernel that reaches no slot is
the shared one. Engines are cached: one binding per (variant, policies) per process.
"""
from __future__ import annotations

import functools
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
        if not 1 <= len(policies) <= 4:
            raise ValueError(f"a table plays 1 to 4 distinct policies, got {len(policies)}")
        self.variant = variant
        self.policies = tuple(policies)
        modules = [import_module(p) for p in policies]
        modules += [modules[0]] * (4 - len(modules))  # unused slots repeat the first policy
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


def table_engine(rules, seat_configs) -> Engine:
    """Return the engine of a table: ``rules`` a resolved rules config, ``seat_configs`` its four StrategyConfigs."""
    from strategies.registry import table_policies

    return engine(rules.variant, table_policies(seat_configs))
