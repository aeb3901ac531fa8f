"""The engine of one table: the core's kernels bound to a variant's hooks and the table's seat policies — plain
Python (it binds kernels; it holds none).

``engine(variant, policies)`` binds the slots of sim.core.slots — ``hooks`` to ``sim/variants/<variant>/hooks.py``,
``VARIANT`` to the variant's code (its hooks module's ``VARIANT``), ``policy0`` .. ``policy3`` to the table's distinct
policy modules (sim.seat_plan.table_policies: dotted paths, read from the strategies' registered specs) — and hands
out the bound kernels by name (``eng.play_hands``, ``eng.run_until``, ``eng.apply_self``, ...; any kernel of
``kernel_modules()``: the core's, then those the registered strategies name). A kernel that reaches no slot is the
shared one. Engines are cached: one binding per (variant, policies) per process. It names no strategy module.

Which engine a table plays with (its policies, a shared engine, a run's switch engine) is chosen above this
module, by sim.table_engines; this module only binds.
"""
from __future__ import annotations

import functools
from importlib import import_module
from types import ModuleType

from sim.binding import bound, bound_module
from sim.strategy_registry import DEFAULT_STRATEGY, REGISTRY

#: the core's modules whose kernels an engine hands out by name, searched in this order (``kernel_modules``)
CORE_KERNEL_MODULES = (
    "sim.core.turn", "sim.core.apply", "sim.core.claims", "sim.core.legal", "sim.core.deal", "sim.core.flow",
    "sim.core.invariants", "sim.core.claim_passes", "sim.core.ting", "sim.core.seat_dispatch",
)


def kernel_modules() -> tuple[str, ...]:
    """Return the modules whose kernels an engine hands out by name, searched in this order: the core's, then those
    the registered strategies name (their specs' ``kernel_modules``, e.g. the search player's)."""
    named = (m for spec in REGISTRY.values() for m in spec.kernel_modules)
    return CORE_KERNEL_MODULES + tuple(dict.fromkeys(m for m in named if m not in CORE_KERNEL_MODULES))


def hooks_module(variant: str) -> ModuleType:
    """Return the hooks module of ``variant`` (``sim/variants/<variant>/hooks.py``); ValueError names the valid
    variants when there is none."""
    from sim.rules import VARIANTS

    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (valid: {', '.join(VARIANTS)})")
    return import_module(f"sim.variants.{variant}.hooks")


def switch_order(variants) -> tuple[str, ...]:
    """Return the distinct ``variants`` in the order of their codes (the switch engine's slot order); ValueError
    for an unknown variant."""
    return tuple(sorted(dict.fromkeys(variants), key=lambda v: hooks_module(v).VARIANT))


class Engine:
    """The kernels of one (variant, policies) binding, by name: ``eng.<kernel>`` or ``eng.kernel(module, name)``.

    ``variant`` is one variant's name, or a tuple of two or more (in code order, ``switch_order``): the switch engine
    of a run of several variants (module docstring); ``variants`` is always the tuple."""

    def __init__(self, variant: str | tuple[str, ...], policies: tuple[str, ...]):
        from sim.core.codes import VARIANT_ANY, VARIANT_NONE
        from sim.core.slots import N_POLICY_SLOTS
        from sim.core.variant_switch import N_SWITCH_SLOTS

        if not 1 <= len(policies) <= N_POLICY_SLOTS:
            raise ValueError(f"an engine binds 1 to {N_POLICY_SLOTS} distinct policies, got {len(policies)}")
        variants = (variant,) if isinstance(variant, str) else tuple(variant)
        if not 1 <= len(variants) <= N_SWITCH_SLOTS or variants != switch_order(variants):
            raise ValueError(f"an engine plays 1 to {N_SWITCH_SLOTS} distinct variants in code order, got {variants}")
        self.variant = variants[0] if len(variants) == 1 else variants
        self.variants = variants
        self.policies = tuple(policies)
        modules = [import_module(p) for p in policies]
        modules += [import_module("sim.core.no_policy")] * (N_POLICY_SLOTS - len(modules))  # the free slots
        self.values = {f"policy{k}": m for k, m in enumerate(modules)}
        if len(variants) == 1:
            hooks = hooks_module(variants[0])
            self.values.update(hooks=hooks, VARIANT=hooks.VARIANT)
        else:  # the run-time switch over the variants; a free switch slot is pruned (VARIANT_NONE)
            free = N_SWITCH_SLOTS - len(variants)
            switched = [hooks_module(v) for v in variants] + [import_module("sim.core.hook_defaults")] * free
            codes = [m.VARIANT for m in switched[:len(variants)]] + [VARIANT_NONE] * free
            self.values.update(hooks=import_module("sim.core.variant_switch"), VARIANT=VARIANT_ANY,
                               **{f"hooks{k}": m for k, m in enumerate(switched)},
                               **{f"VARIANT{k}": c for k, c in enumerate(codes)})
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
        modules = kernel_modules()
        for module in modules:
            if name in vars(import_module(module)):
                return self.kernel(module, name)
        raise AttributeError(f"no kernel {name!r} in the engine's modules ({', '.join(modules)})")

    def driver(self, path: str):
        """Return the kernel at ``path`` ("module:name", a strategy's driver kernel) bound to this engine."""
        module, _, name = path.partition(":")
        return self.kernel(module, name)

    def __repr__(self) -> str:
        return f"Engine({self.variant!r}, {self.policies!r})"


def engine(variant: str | tuple[str, ...], policies: tuple[str, ...] | None = None) -> Engine:
    """Return the (cached) engine of ``variant`` whose seat slots hold the policy modules ``policies`` (in slot
    order; sim.seat_plan.table_policies gives a table's; None: the default seat strategy's policy alone). A tuple of
    two or more variants gives their switch engine (any order; one variant's tuple is that variant's own engine)."""
    if policies is None:
        policies = (REGISTRY[DEFAULT_STRATEGY].policy,)
    if not isinstance(variant, str):
        variant = switch_order(variant)
        variant = variant[0] if len(variant) == 1 else variant
    return _engine(variant, tuple(policies))


@functools.lru_cache(maxsize=None)
def _engine(variant, policies: tuple[str, ...]) -> Engine:
    return Engine(variant, policies)
