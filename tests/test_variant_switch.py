"""The switch engine of a run of several variants (sim.table_engines.run_plays, sim.core.variant_switch): it covers every
hook of every variant, calls the hook of the variant the rule vector names, and refuses a variant it does not hold.
That it plays the same records as each variant's own engine is checked in tests/test_engine_binding.py, whose fresh
processes play the variants' own engines (the suite itself plays the switch engine, tests/conftest.py).
"""
import inspect
from importlib import import_module

import numpy as np
import pytest
from numba.core.dispatcher import Dispatcher

from sim.rules import VARIANTS



def _hooks(module):
    return {name: value for name, value in vars(module).items() if isinstance(value, Dispatcher)}


def test_the_switch_covers_every_hook_of_every_variant_with_its_parameters():
    """Every hook a variant's hooks module (or the core's defaults) defines is in the switch, with the same
    parameter list; it is inlined when a variant inlines it, else compiled on its own without reference counting."""
    switch = _hooks(import_module("sim.core.variant_switch"))
    variants = [import_module(f"sim.variants.{v}.hooks") for v in VARIANTS]
    protocol = {}
    defaults = import_module("sim.core.hook_defaults")
    for module in variants + [defaults]:
        for name, hook in _hooks(module).items():
            if module is not defaults or hook.py_func.__module__ == defaults.__name__:  # not what it imports
                protocol.setdefault(name, []).append(hook)
    assert set(protocol) <= set(switch), f"hooks missing from the switch: {sorted(set(protocol) - set(switch))}"
    for name, hooks in protocol.items():
        params = inspect.signature(switch[name].py_func).parameters
        for hook in hooks:
            assert list(inspect.signature(hook.py_func).parameters) == list(params), name
        inlined = any(h.targetoptions.get("inline") == "always" for h in hooks)
        assert (switch[name].targetoptions.get("inline") == "always") == inlined, name
    assert set(switch) - set(protocol) == {"plays_variant"}


def test_a_run_of_one_variant_keeps_its_own_engine(monkeypatch):
    """run_plays with a single variant changes nothing, and a table of a variant outside the run's plays its own (the
    first and last registered rule sets played together, the second outside)."""
    from sim.table_engines import run_plays, table_engine
    from sim.engine_setting import RUN_VARIANTS, SHARED_ENGINES, run_variants
    from sim.seat_plan import resolve_seats

    monkeypatch.delenv(SHARED_ENGINES, raising=False)  # a run's choice, not the suite's one shared engine
    seats = resolve_seats(["greedy"] * 4)
    first, outside, last = VARIANTS[0], VARIANTS[1], VARIANTS[-1]
    with run_plays([outside], ["strategies.seats.greedy"]):
        assert run_variants() == ()
        assert table_engine(outside, seats).variant == outside
    with run_plays([last, first], ["strategies.seats.greedy"]):
        assert run_variants() == (first, last)  # in code order
        assert table_engine(last, seats).variants == (first, last)
        assert table_engine(outside, seats).variant == outside
    import os
    assert RUN_VARIANTS not in os.environ


def test_the_suites_shared_engine_is_the_switch_of_everything_or_else_the_variants_own(monkeypatch):
    """MJRULES_SHARED_ENGINES=1 (the suite's setting) gives every table the switch engine of every variant binding
    every policy they play; with fewer policy slots than those policies, each variant's own engine of its policies."""
    import sim.engine
    import sim.seat_plan
    from sim.table_engines import shared_engine, table_engine
    from sim.engine_setting import SHARED_ENGINES
    from sim.seat_plan import variant_policies
    from sim.seat_plan import resolve_seats

    monkeypatch.setenv(SHARED_ENGINES, "1")
    every = {p for v in VARIANTS for p in variant_policies(v)}
    for variant in VARIANTS:
        eng = table_engine(variant, resolve_seats(["greedy", "random", "greedy", "greedy"]))
        assert eng is shared_engine(variant) and eng.variants == VARIANTS and set(eng.policies) == every
    monkeypatch.setattr(sim.seat_plan, "N_POLICY_SLOTS", len(every) - 1)
    monkeypatch.setattr(sim.engine, "_engine", lambda variant, policies: (variant, policies))  # no Engine built
    for variant in VARIANTS:  # (an Engine built under the patched slot count would stay in the engine cache)
        assert shared_engine(variant) == (variant, variant_policies(variant))


def test_the_switch_engine_refuses_a_variant_it_was_not_built_for():
    """A switch engine of 晋城 and 晋中 deals either variant's rule vector and refuses 金华's with one line."""
    from sim.core.state import new_state
    from sim.engine import engine
    from sim.rules import resolve_rules

    start_hand = engine(("jinzhong", "jincheng")).start_hand
    wall, hands, frozen, melds, rivers, st, money = new_state()
    events = np.zeros((1, 4), np.int32)
    for variant in ("jincheng", "jinzhong"):
        start_hand(resolve_rules(variant).pack(), wall, hands, frozen, melds, rivers, st, money, events, 0, 1, 0)
        assert hands.sum() == 4 * 13 + 1
    with pytest.raises(ValueError, match="another variant's than the engine's") as refused:
        start_hand(resolve_rules("jinhua").pack(), wall, hands, frozen, melds, rivers, st, money, events, 0, 1, 0)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("overrides, variants", [
    ([], VARIANTS),  # the default overview: its variants study plays every registered rule set
    (["experiment=variants"], VARIANTS),
    (["experiment=huangzhuang"], ("jincheng",)),
])
def test_the_runner_tells_the_engine_the_variants_its_arms_play(overrides, variants, tmp_path):
    """The runner's arms say which variants and policies the run plays (what it hands sim.table_engines.run_plays): the
    overview and experiment=variants span every rule set, so their tables play one switch engine; a study of one variant
    keeps its own engine."""
    from experiments.arms import ArmRunner
    from experiments.compose import load_run_config
    from experiments.runner import plan_studies
    from sim.table_engines import run_plays
    from sim.engine_setting import run_variants

    config = load_run_config(overrides + ["jobs=1", "progress=false"])
    runner = ArmRunner(config, tmp_path / "hands")
    plan_studies(config, runner)
    played, policies = runner.played()
    assert sorted(played) == sorted(variants)
    assert "strategies.seats.greedy" in policies
    with run_plays(played, policies):
        assert run_variants() == (variants if len(variants) > 1 else ())


def test_every_switch_hook_calls_the_hook_of_the_variant_the_rule_vector_names(monkeypatch):
    """Each hook of the switch, run as Python with slot k holding variant code 10 + k and a stand-in hooks module
    that answers k, calls slot k's hook exactly for a rule vector of code 10 + k (the records test above cannot see a
    branch that calls the wrong variant's hook when the two hooks play alike on its hands)."""
    from sim.core import variant_switch
    from sim.core.rule_layout import R_VARIANT

    class Answers:
        def __init__(self, k):
            self.k = k

        def __getattr__(self, name):
            return lambda *args: self.k

    for k in range(4):
        monkeypatch.setattr(variant_switch, f"hooks{k}", Answers(k))
        monkeypatch.setattr(variant_switch, f"VARIANT{k}", 10 + k)
    hooks = [f for name, f in vars(variant_switch).items() if isinstance(f, Dispatcher) and name != "plays_variant"]
    assert len(hooks) >= 30
    for f in hooks:
        arity = len(inspect.signature(f.py_func).parameters)
        for k in range(4):
            rule_vec = np.zeros(R_VARIANT + 1, np.int64)
            rule_vec[R_VARIANT] = 10 + k
            args = [rule_vec if p == "rule_vec" else None for p in inspect.signature(f.py_func).parameters]
            assert len(args) == arity
            assert f.py_func(*args) == k, f"{f.py_func.__name__}: code {10 + k} reached slot {f.py_func(*args)}"


def test_the_switch_module_is_what_its_writer_writes():
    """sim/core/variant_switch.py is exactly sim.switch_source's text for today's hook protocol: a hook added,
    removed, re-parametrised or inlined in a variant without rewriting the switch (``python -m sim.switch_source``)
    fails here, by name of the first differing line."""
    from sim.switch_source import module_path, switch_source

    expected, actual = switch_source().splitlines(), module_path().read_text(encoding="utf-8").splitlines()
    for number, (want, have) in enumerate(zip(expected, actual), start=1):
        assert have == want, (f"sim/core/variant_switch.py line {number} differs from what `python -m "
                              f"sim.switch_source` writes: {have!r} != {want!r}")
    assert len(actual) == len(expected), "sim/core/variant_switch.py is out of date: run python -m sim.switch_source"
