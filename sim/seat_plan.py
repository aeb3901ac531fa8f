"""A table's seats, resolved for the engine: which strategies a rule set refuses, which policy modules a table binds
in which slots, and the arrays the compiled seat switch reads — plain Python.

It reads strategies only through their registered specs (sim.strategy_registry) and rule sets only through their
facts (sim.variant_facts): it names neither.
"""
from __future__ import annotations

import importlib

import numpy as np

from sim.core.seat_dispatch import SCRIPTED
from sim.core.slots import N_POLICY_SLOTS
from sim.core.variant_switch import N_SWITCH_SLOTS
from sim.engine_setting import run_policies, run_variants, shared_engines_on
from sim.rules import VARIANTS
from sim.strategy_registry import REGISTRY, StrategyConfig, parse_seat, resolve_seats  # noqa: F401  (public)
from sim.variant_facts import missing_mechanics

#: the strategy a scripted seat's parameter row and an all-scripted table's policy slot are taken from (its choices
#: are never asked for)
SCRIPTED_STAND_IN = "random"


def requirement_refusal(name: str, variant: str) -> str | None:
    """Return why strategy ``name`` cannot play under ``variant`` for want of what it itself needs (its spec's
    ``requires``: the learned player's model file), None when it has it or needs nothing."""
    spec = REGISTRY[name]
    return call_path(spec.requires, variant) if spec.requires else None


def call_path(path: str, *args):
    """Return what the function at ``path`` ("module:function", a spec's ``requires`` or ``fingerprint``) returns
    for ``args``; the module is imported then, so sim names no strategy module."""
    module, _, function = path.partition(":")
    return getattr(importlib.import_module(module), function)(*args)


def player_fingerprints(seat_configs, variant: str) -> dict[str, str]:
    """Return {strategy name: its spec's ``fingerprint`` under ``variant``} for the seats' strategies and their
    rollouts' strategies that have one (the learned player's model digest), empty when none has."""
    found = {}
    for config in seat_configs:
        for spec in (config.spec,) + ((REGISTRY[config.rollout],) if config.rollout else ()):  # and its rollouts'
            if spec.fingerprint and spec.name not in found:
                found[spec.name] = str(call_path(spec.fingerprint, variant))
    return found


def _refusals(variant: str, rules=None) -> dict[str, str]:
    missing = missing_mechanics(variant, rules)
    refused = {}
    for name, spec in REGISTRY.items():
        whys = [missing[need] for need in spec.needs if need in missing]
        why = requirement_refusal(name, variant)  # what the strategy itself needs under the rule set
        whys += [why] if why else []
        if whys:
            refused[name] = "; ".join(dict.fromkeys(whys))
    return refused


def variant_refusals(variant: str) -> dict[str, str]:
    """Return {strategy name: why} of the strategies that mean nothing under ``variant`` whatever its flags: those
    needing a mechanic its rule set lacks (sim.variant_facts.missing_mechanics)."""
    return _refusals(variant)


def rule_refusals(rules) -> dict[str, str]:
    """Return {strategy name: why} of the strategies that mean nothing under ``rules`` (a VariantRules): its
    variant's, and those needing a mechanic one of its flags takes away (晋中 ``jz_tiles=108``: no 十三幺)."""
    return _refusals(rules.variant, rules)


def _refuse_seats(configs, refused: dict[str, str], variant: str) -> None:
    """Raise a one-line ValueError naming the first seat config whose strategy, or its rollouts' strategy, is in
    ``refused`` ({name: why}), with the strategies that remain valid; or naming the rollout strategies when the
    seats' rollouts play more than one (``table_rollout_policy``)."""
    for config in configs:
        if config.name in refused:
            valid = ", ".join(n for n in sorted(REGISTRY) if n not in refused)
            raise ValueError(f"strategy {config.name!r} means nothing under rules={variant}: {refused[config.name]} "
                             f"(valid: {valid})")
        if config.rollout in refused:
            raise ValueError(f"strategy {config.label()!r} cannot play under rules={variant}: its rollouts' strategy "
                             f"{config.rollout!r} means nothing there: {refused[config.rollout]}")
    table_rollout_policy(configs)  # one rollout strategy per table


def check_seats_for_rules(configs, rules) -> None:
    """Raise a one-line ValueError naming the first seat whose strategy means nothing under ``rules`` (a
    VariantRules; ``rule_refusals``)."""
    _refuse_seats(configs, rule_refusals(rules), rules.variant)


def check_seats_for_variant(configs, variant: str) -> None:
    """Raise a one-line ValueError naming the first seat whose strategy means nothing under ``variant``
    (``variant_refusals``; flags not known, so a refusal that depends on a flag is not made here)."""
    _refuse_seats(configs, variant_refusals(variant), variant)


def rollout_policies() -> tuple[str, ...]:
    """Return the policy modules that players deciding outside the loop play their rollouts with by default (their
    specs' ``rollout`` strategies), sorted: a table binds them first, from slot 0."""
    return tuple(sorted({REGISTRY[spec.rollout].policy for spec in REGISTRY.values() if spec.rollout}))


def table_rollout_policy(configs) -> str | None:
    """Return the policy module that plays the rollouts of the table's seats deciding outside the loop (their
    ``StrategyConfig.rollout`` strategy's), None when no seat has rollouts; ValueError when two seats' rollouts play
    different strategies (the rollouts of a table play one policy, from slot 0)."""
    rollouts = {c.rollout for c in configs if c is not None and c.rollout}
    if len(rollouts) > 1:
        raise ValueError(f"the seats of one table that decide outside the hand loop play their rollouts with one "
                         f"strategy, got {', '.join(sorted(rollouts))}")
    return REGISTRY[rollouts.pop()].policy if rollouts else None


def ordered_policies(policies) -> tuple[str, ...]:
    """Return the distinct ``policies`` in slot order: the rollout policies among them first, the others sorted."""
    first = tuple(p for p in rollout_policies() if p in set(policies))
    return first + tuple(sorted(set(policies) - set(first)))


def table_policies(configs) -> tuple[str, ...]:
    """Return the distinct policy modules of a table's seats in slot order (sim.core.seat_dispatch): a seat deciding
    outside the loop adds its rollout strategy's policy, which goes first (its rollouts play from slot 0,
    ``table_rollout_policy``) — so tables of the same policies in any seat order share one compiled engine."""
    rollout = table_rollout_policy(configs)
    played = {c.policy for c in configs if c.policy is not None} - {rollout}
    return ((rollout,) if rollout else ()) + ordered_policies(played)


def seat_arrays(configs) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(strategy_ids int64[4], params float64[4, 8])`` for the compiled seat switch: each seat's slot in
    ``table_policies(configs)``, or sim.core.seat_dispatch.SCRIPTED for a seat decided outside the loop."""
    policies = table_policies(configs)
    ids = np.array([SCRIPTED if c.policy is None else policies.index(c.policy) for c in configs], dtype=np.int64)
    params = np.stack([c.param_row() for c in configs]).astype(np.float64)
    return ids, params


def outside_driver(configs, kind: str) -> str | None:
    """Return the "module:name" path of the ``kind`` driver kernel (``batch``, ``step``, ``scratch``) of the table's
    seats that decide outside the loop, None when none does; ValueError when two such strategies share a table."""
    specs = {c.spec.name: c.spec for c in configs if c is not None and c.policy is None}
    if not specs:
        return None
    if len(specs) > 1:
        raise ValueError(f"one table plays at most one strategy deciding outside the hand loop, got "
                         f"{', '.join(sorted(specs))}")
    spec = next(iter(specs.values()))
    if kind not in spec.drivers:
        raise ValueError(f"strategy {spec.name!r} decides outside the hand loop but names no {kind!r} driver kernel")
    return spec.drivers[kind]


def scripted_stand_in() -> StrategyConfig:
    """Return the config standing in for a scripted seat (``SCRIPTED_STAND_IN``, default parameters)."""
    return parse_seat(SCRIPTED_STAND_IN)


def variant_policies(variant: str) -> tuple[str, ...]:
    """Return every policy module the strategies that play ``variant`` use, in slot order (the rollout policies
    first, ``ordered_policies``)."""
    rollouts = set(rollout_policies())
    every = ordered_policies({spec.policy for spec in REGISTRY.values() if spec.policy is not None} | rollouts)
    refused = variant_refusals(variant)
    played = {spec.policy for name, spec in REGISTRY.items() if spec.policy is not None and name not in refused}
    return tuple(p for p in every if p in played | rollouts)  # the order of the whole, kept by the part


def shared_binding(variant: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return (variants, policies) of the engine every table of ``variant`` plays with under
    MJRULES_SHARED_ENGINES=1: every variant, binding every policy they play (the process then compiles the shared
    core once, as a run of several variants does); or, when the variants or their policies outnumber the slots,
    ``variant`` alone, binding every policy it plays."""
    every = ordered_policies(tuple(p for v in VARIANTS for p in variant_policies(v)))
    if 1 < len(VARIANTS) <= N_SWITCH_SLOTS and len(every) <= N_POLICY_SLOTS:
        return VARIANTS, every
    return (variant,), variant_policies(variant)


def table_binding(variant: str, configs) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return (variants, policies) of the engine a table of ``variant`` plays with (``configs``: its StrategyConfigs,
    None for a scripted seat): exactly its policies, or under MJRULES_SHARED_ENGINES=1 the shared binding
    (``shared_binding``); in a run of several variants (sim.table_engines.run_plays) the run's switch — each only
    when it binds the table's rollout policy in slot 0."""
    seated = [c for c in configs if c is not None]
    table = table_policies(seated) or (scripted_stand_in().policy,)
    rollout = table_rollout_policy(seated)

    def holds(listed):  # a wider binding serves the table when it binds its policies, its rollouts' in slot 0
        return set(table) <= set(listed) and rollout in (None, listed[0])

    if shared_engines_on():
        shared = shared_binding(variant)
        if holds(shared[1]):
            return shared
    run = run_variants()
    if len(run) > 1 and variant in run:
        listed = ordered_policies(run_policies())
        if holds(listed) and len(listed) <= N_POLICY_SLOTS:
            return run, listed
        return run, table
    return (variant,), table


def table_seating(variant: str, configs, driver_kind: str | None = None):
    """Return (variants, policies, params float64[4, 8], driver "module:name" or None): the engine binding of a
    table (``table_binding``), its seats' parameter rows (a scripted seat, None, gets the stand-in's) and, when
    ``driver_kind`` is given, the ``outside_driver`` of that kind of its seats deciding outside the loop."""
    stand_in = scripted_stand_in()
    params = np.stack([(stand_in if c is None else c).param_row() for c in configs]).astype(np.float64)
    driver = outside_driver(configs, driver_kind) if driver_kind else None
    return (*table_binding(variant, configs), params, driver)
