"""The engine of one table: the core's kernels bound to a variant's hooks and the table's seat policies — plain
Python (it binds kernels; it holds none).

``engine(variant, policies)`` binds the slots of sim.core.slots — ``hooks`` to ``sim/variants/<variant>/hooks.py``,
``VARIANT`` to the variant's code (its hooks module's ``VARIANT``), ``policy0`` .. ``policy3`` to the table's distinct
policy modules (sim.seat_plan.table_policies: dotted paths, read from the strategies' registered specs) — and hands
out the bound kernels by name (``eng.play_hands``, ``eng.run_until``, ``eng.apply_self``, ...; any kernel of
``kernel_modules()``: the core's, then those the registered strategies name). A kernel that reaches no slot is the
shared one. Engines are cached: one binding per (variant, policies) per process. It names no strategy module.

``table_engine`` picks a table's engine: the one of exactly its policies — or, with the environment variable
``MJRULES_SHARED_ENGINES=1``, the process's one shared engine (``shared_engine``): the switch engine below over
every variant, binding every policy they play. A process that plays many tables of every variant (the test suite
sets it) then compiles the shared core and the hand loop once instead of once per variant and seat mix; the
records are the same either way, only what is compiled differs.

A run that plays several variants says so (``run_plays(variants, policies)``, a context manager the experiment
runner enters when its studies span several variants; or the environment variables it sets, ``RUN_VARIANTS`` and
``RUN_POLICIES``, which worker processes and the compile lane inherit). ``table_engine`` then hands every table of
one of those variants the *switch engine* ``engine(variants, policies)``: ``hooks`` bound to
sim.core.variant_switch, which branches on ``rule_vec[R_VARIANT]`` to the variants' hooks (slots ``hooks0``,
``hooks1``, ..., one per registered rule set), and ``VARIANT`` to VARIANT_ANY, so the strategies read the variant
from the rule vector. The shared
core then compiles once for the run instead of once per variant; the records are the same as the per-variant
engines'. A run of one variant never uses it.
"""
from __future__ import annotations

import contextlib
import functools
import os
from importlib import import_module
from types import ModuleType

from sim.binding import bound, bound_module
from sim.seat_plan import ordered_policies, rollout_policies, scripted_stand_in, table_policies, variant_refusals
from sim.strategy_registry import REGISTRY, resolve_seats

#: the core's modules whose kernels an engine hands out by name, searched in this order (``kernel_modules``)
CORE_KERNEL_MODULES = (
    "sim.core.turn", "sim.core.apply", "sim.core.claims", "sim.core.legal", "sim.core.deal", "sim.core.flow",
    "sim.core.invariants", "sim.core.claim_passes", "sim.core.ting", "sim.core.seat_dispatch",
)


def kernel_modules() -> tuple[str, ...]:
    """Return the modules whose kernels an engine hands out by name, searched in this order: the core's, then those
    the registered strategies name (their specs' ``kernel_modules``, e.g. the search player's)."""
    from sim.strategy_registry import REGISTRY

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
    order; sim.seat_plan.table_policies gives a table's; None: the default seat strategy's, greedy's). A tuple of two
    or more variants gives their switch engine (any order; one variant's tuple is that variant's own engine)."""
    if policies is None:
        from sim.seat_plan import table_policies

        policies = table_policies(resolve_seats(None))
    if not isinstance(variant, str):
        variant = switch_order(variant)
        variant = variant[0] if len(variant) == 1 else variant
    return _engine(variant, tuple(policies))


@functools.lru_cache(maxsize=None)
def _engine(variant, policies: tuple[str, ...]) -> Engine:
    return Engine(variant, policies)


SHARED_ENGINES = "MJRULES_SHARED_ENGINES"  # environment variable: "1" = one shared engine per process (table_engine)


def variant_policies(variant: str) -> tuple[str, ...]:
    """Return every policy module the strategies that play ``variant`` use, in slot order (the rollout policies
    first, sim.seat_plan.ordered_policies)."""
    refused = variant_refusals(variant)
    played = {spec.policy for name, spec in REGISTRY.items() if spec.policy is not None and name not in refused}
    return ordered_policies(played | set(rollout_policies()))


RUN_VARIANTS = "MJRULES_RUN_VARIANTS"  # environment variable: the variants a run plays, comma-separated
RUN_POLICIES = "MJRULES_RUN_POLICIES"  # environment variable: the policy modules its tables play, comma-separated


def _listed(name: str) -> tuple[str, ...]:
    return tuple(p for p in os.environ.get(name, "").split(",") if p)


def run_variants() -> tuple[str, ...]:
    """Return the variants the current run plays (``run_plays``), in code order; () when it did not say."""
    return switch_order(_listed(RUN_VARIANTS))


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
    binding every policy it plays."""
    from sim.core.slots import N_POLICY_SLOTS
    from sim.core.variant_switch import N_SWITCH_SLOTS
    from sim.rules import VARIANTS

    policies = ordered_policies(tuple(p for v in VARIANTS for p in variant_policies(v)))
    if 1 < len(VARIANTS) <= N_SWITCH_SLOTS and len(policies) <= N_POLICY_SLOTS:
        return engine(VARIANTS, policies)
    return engine(variant, variant_policies(variant))


def table_engine(variant: str, seat_configs) -> Engine:
    """Return the engine a table of ``variant`` plays with (``seat_configs``: its StrategyConfigs, None for a scripted
    seat): the engine of exactly its policies, or with MJRULES_SHARED_ENGINES=1 the process's shared engine
    (``shared_engine``); in a run of several variants (``run_plays``) the run's switch engine."""
    from sim.core.slots import N_POLICY_SLOTS

    table = table_policies([c for c in seat_configs if c is not None]) or (scripted_stand_in().policy,)
    if os.environ.get(SHARED_ENGINES) == "1":
        shared = shared_engine(variant)
        if set(table) <= set(shared.policies):
            return shared
    run = run_variants()
    if len(run) > 1 and variant in run:
        run_policies = ordered_policies(_listed(RUN_POLICIES))
        if set(table) <= set(run_policies) and len(run_policies) <= N_POLICY_SLOTS:
            return engine(run, run_policies)
        return engine(run, table)
    return engine(variant, table)


def seat_slots(eng: Engine, seat_configs) -> "np.ndarray":
    """Return int64[4], each seat's policy slot in ``eng`` (sim.core.seat_dispatch.SCRIPTED for a scripted seat,
    None, or one that decides outside the loop)."""
    import numpy as np

    from sim.core.seat_dispatch import SCRIPTED

    return np.array([SCRIPTED if c is None or c.policy is None else eng.policies.index(c.policy)
                     for c in seat_configs], dtype=np.int64)
