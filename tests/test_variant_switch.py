"""Kernels compile per variant (sim.core.rule_vector, sim.variants.variant_switch): a switch run with a typed rule
vector takes the same branch as with the plain array, compiles only its variant's callees, and every variant
branch of the engine is such a switch."""
import ast
from pathlib import Path

import numpy as np
import pytest
from numba import njit, typeof

from sim.core.codes import VARIANT_CODES, VARIANT_JINCHENG, VARIANT_JINHUA, VARIANT_JINZHONG
from sim.core.rule_layout import N_RULE_FIELDS, R_VARIANT
from sim.core.rule_vector import RuleVectorType, TypedRuleVector, typed_rule_vector
from sim.rules import resolve_rules
from sim.variants.variant_switch import variant_switch

ROOT = Path(__file__).resolve().parent.parent


@njit
def _jincheng_part(x):
    return x + 100


@njit
def _jinzhong_part(x):
    return x + 200


@njit
def _jinhua_part(x):
    return x + 300


def _toy_switch_source(rule_vec, x):
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return _jincheng_part(x)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return _jinzhong_part(x + rule_vec[1])  # rule_vec[1]: a plain slot read stays a read
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return _jinhua_part(x)
    raise ValueError("unknown variant")


toy_switch = variant_switch(inline=True)(_toy_switch_source)
toy_switch_outlined = variant_switch(inline=False)(_toy_switch_source)


@njit
def _calls_toy(rule_vec, x):
    return toy_switch(rule_vec, x) + toy_switch_outlined(rule_vec, x)


def _vector(variant: int) -> np.ndarray:
    vector = np.zeros(N_RULE_FIELDS, dtype=np.int32)  # int32[N_RULE_FIELDS]: a rule vector of zeros but two slots
    vector[R_VARIANT] = variant
    vector[1] = 7
    return vector


def test_a_typed_vector_takes_the_same_branch_as_the_plain_array_for_every_variant():
    expected = {VARIANT_JINCHENG: 105, VARIANT_JINZHONG: 212, VARIANT_JINHUA: 305}
    for _ in range(2):  # alternating variants in one process: each call dispatches on its own vector's variant
        for variant, value in expected.items():
            assert _calls_toy(typed_rule_vector(_vector(variant)), 5) == 2 * value
            assert _calls_toy(_vector(variant), 5) == 2 * value
            assert toy_switch(typed_rule_vector(_vector(variant)), 5) == value  # from Python
            assert toy_switch(_vector(variant), 5) == value


@njit
def _jincheng_only(x):
    return x + 1


@njit
def _jinhua_only(x):
    return x + 2


@variant_switch(inline=True)
def _pruned_switch(rule_vec, x):
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return _jinhua_only(x)
    return _jincheng_only(x)


def test_a_switch_compiled_for_one_variant_compiles_none_of_the_other_variants_callees():
    @njit
    def caller(rule_vec, x):
        return _pruned_switch(rule_vec, x)

    assert caller(typed_rule_vector(_vector(VARIANT_JINCHENG)), 1) == 2
    assert _jincheng_only.signatures and not _jinhua_only.signatures  # the 金华 branch was pruned before typing
    assert caller(_vector(VARIANT_JINCHENG), 1) == 2  # the plain array compiles every branch
    assert _jinhua_only.signatures


def test_only_the_variant_slot_read_is_fixed():
    fixed = toy_switch.variant_sources[VARIANT_JINZHONG]
    body = ast.unparse(ast.parse(__import__("inspect").getsource(_toy_switch_source)))
    assert body.count("rule_vec[R_VARIANT]") == 3 and "rule_vec[1]" in body
    assert fixed(_vector(VARIANT_JINCHENG), 5) == 212  # variant fixed to 晋中 whatever the vector says
    assert fixed.__code__.co_firstlineno >= _toy_switch_source.__code__.co_firstlineno  # same source lines


def test_a_switch_without_a_rule_vector_argument_or_with_a_closure_is_refused():
    def no_rules(x):
        return x

    with pytest.raises(TypeError, match="rule_vec"):
        variant_switch(inline=True)(no_rules)
    offset = 1

    def reads_a_closure(rule_vec):
        return rule_vec[R_VARIANT] + offset

    with pytest.raises(TypeError, match="module-level.*offset"):
        variant_switch(inline=True)(reads_a_closure)


def test_the_typed_vector_carries_its_variant_in_its_numba_type():
    for name, code in VARIANT_CODES.items():
        vector = typed_rule_vector(resolve_rules(name).pack())
        numba_type = typeof(vector)
        assert isinstance(numba_type, RuleVectorType) and numba_type.variant == code
        assert name in str(numba_type)
    jincheng = typed_rule_vector(resolve_rules("jincheng").pack())
    changed = jincheng.copy()
    changed[R_VARIANT] = VARIANT_JINHUA
    assert typeof(changed).variant == VARIANT_JINHUA and typeof(jincheng).variant == VARIANT_JINCHENG
    assert typeof(jincheng) != typeof(changed)  # distinct types: distinct compilations
    assert typed_rule_vector(jincheng) is jincheng
    assert np.array_equal(np.asarray(jincheng), resolve_rules("jincheng").pack())
    with pytest.raises(ValueError, match="rule vector"):
        TypedRuleVector(np.zeros((2, 2), np.int32))


def _variant_reads_outside_switches(path: Path) -> list[str]:
    """Return 'function:line' of each ``rule_vec[R_VARIANT]`` read in a kernel (``@njit``) rather than a
    ``variant_switch``."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        if not any("njit" in ast.unparse(d) for d in node.decorator_list):
            continue  # plain Python, or a variant switch
        for inner in ast.walk(node):
            if isinstance(inner, ast.Subscript) and ast.unparse(inner) == "rule_vec[R_VARIANT]":
                found.append(f"{node.name}:{inner.lineno}")
    return found


#: Variant reads that stay run-time tests, with why: no kernel call hangs on them, so pruning saves no compile.
RUN_TIME_VARIANT_READS = {"strategies/dispatch.py": {"passes_claim"}}


def test_every_variant_branch_of_the_engine_is_a_variant_switch():
    """A run-time ``rule_vec[R_VARIANT]`` test in a kernel would compile every variant's callees into every run
    again; each must sit in a ``variant_switch`` (or be listed above with its reason)."""
    offenders = []
    for folder in ("sim", "strategies"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            allowed = RUN_TIME_VARIANT_READS.get(relative, set())
            offenders += [f"{relative}:{where}" for where in _variant_reads_outside_switches(path)
                          if where.split(":")[0] not in allowed]
    assert offenders == []


def test_the_check_finds_a_run_time_variant_branch(tmp_path):
    source = tmp_path / "k.py"
    source.write_text("@njit\ndef f(rule_vec):\n    return rule_vec[R_VARIANT] == 1\n\n"
                      "@variant_switch(inline=True)\ndef g(rule_vec):\n    return rule_vec[R_VARIANT] == 1\n")
    assert _variant_reads_outside_switches(source) == ["f:3"]
