"""The 推倒胡 hook module (sim.variants.plain.hooks): every hook of the contract (as the other variants' hooks
modules state it) with the same name and parameters, compiled on its own without reference counting, importing
only the core and the 推倒胡 package; its module constants; the hooks 推倒胡 has no rule for change nothing
(docs/rules/plain.md r1, r10, r15).
"""
import ast
import inspect
from importlib import import_module
from pathlib import Path

import numpy as np
from numba.core.dispatcher import Dispatcher

from plain_states import Table, rule_vec
from sim.core.codes import ACT_HU, ACT_PASS, ACT_PENG
from sim.variants.plain import VARIANT_PLAIN
from sim.variants.plain import hooks

ROOT = Path(__file__).resolve().parents[3]
PLAIN = ROOT / "sim" / "variants" / "plain"
OTHER_VARIANTS = ("jincheng", "jinzhong", "jinhua")


def hook_signatures(module):
    """Return {name: parameter names} of the compiled kernels a hooks module offers (its own and re-exported)."""
    return {name: tuple(inspect.signature(value.py_func).parameters) for name, value in vars(module).items()
            if isinstance(value, Dispatcher)}


def contract():
    """Return the hooks contract as the other variants' hooks modules state it (they must all agree)."""
    signatures = [hook_signatures(import_module(f"sim.variants.{v}.hooks")) for v in OTHER_VARIANTS]
    assert all(s == signatures[0] for s in signatures)
    return signatures[0]


def decorators(path):
    """Return {name: njit keywords} of the module-level functions defined at ``path``."""
    found = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef):
            found[node.name] = None
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and getattr(decorator.func, "id", None) == "njit":
                    found[node.name] = {k.arg: ast.literal_eval(k.value) for k in decorator.keywords}
    return found


def test_every_hook_is_defined_with_the_same_parameters():
    # the same names and parameter lists as every other variant's hooks module, and no other kernel
    expected = contract()
    assert len(expected) >= 33
    assert hook_signatures(hooks) == expected


def test_every_hook_is_compiled_on_its_own_without_reference_counting_or_is_the_cores_default():
    # none of plain's own allocates: each is defined here with @njit(cache=True, _nrt=False), never inlined; every
    # other hook is the core's default (sim.core.hook_defaults), re-exported where 推倒胡 has nothing of its own
    own = decorators(PLAIN / "hooks.py")
    assert own == {name: {"cache": True, "_nrt": False} for name in own}
    for name in set(contract()) - set(own):
        assert getattr(hooks, name).py_func.__module__ == "sim.core.hook_defaults", name
    assert len(own) >= 15


def imported(path):
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module)
    return names


def test_the_kernels_import_only_the_core_and_the_plain_package():
    # config.py alone builds on sim.rules (the shared config machinery) and annotates its class constants (typing)
    for path in sorted(PLAIN.glob("*.py")):
        allowed = ("numpy", "numba", "sim.core", "sim.variants.plain", "__future__", "dataclasses")
        allowed += ("sim.rules", "typing") if path.name == "config.py" else ()
        bad = {n for n in imported(path) if not n.startswith(allowed)}
        assert bad == set(), path.name


def test_module_constants():
    assert hooks.VARIANT == VARIANT_PLAIN == 3
    assert hooks.LABEL == "推倒胡"
    assert (hooks.LIMIT_FRONT_DRAWS, hooks.LIMIT_AT_FRONT_DRAW, hooks.LIMIT_EVERY_DRAW) == (0, 1, 2)


def test_r1_r10_r15_the_hooks_without_a_plain_rule_change_nothing():
    # docs/rules/plain.md r1 (no wilds: a meld tile is what it shows), r10 (no ting), r15 (no 过胡 / 过碰 memory)
    vec = rule_vec(chi=True)
    table = Table().give(0, "123m456p789s234s1z").give(1, "11z")
    st, money, hands = table.st.copy(), table.money.copy(), table.hands.copy()
    from sim.hand_tables import get_tables

    hooks.on_discard(vec, get_tables(), table.hands, table.melds, table.st, 0, 5)
    hooks.on_unclaimed(vec, table.st, table.money, table.events)
    hooks.on_shangjia(vec, table.st, table.money, table.events, 0, 5)
    hooks.on_claim_taken(vec, table.st)
    hooks.on_turn_start(vec, table.st, 1)
    for action in (ACT_PASS, ACT_PENG, ACT_HU):
        hooks.on_claim_answer(vec, table.hands, table.st, 1, action)
    assert (table.st == st).all() and (table.money == money).all() and (table.hands == hands).all()
    assert all(hooks.meld_tile_kind(vec, table.st, k) == k for k in range(34))
    assert hooks.variant_state_ok(vec, table.st)
    assert not hooks.declares_missing_suit(vec)
    assert hooks.discard_forbidden(vec, table.st, 0) == 0


def test_r10_the_scan_hook_marks_nothing_and_scans_the_winning_forms():
    # docs/rules/plain.md r10: no marks; the scan itself is the plain one (regular and 七对)
    from sim.hand_tables import get_scan_tables

    table = Table().give(0, "1122m3344p5566s7z1s")   # 七对 tenpai after the 1s goes
    after = np.full(34, 99, np.int8)
    useful = np.zeros(34, np.int64)
    mask = np.zeros(200, np.bool_)
    held = np.int64((1 << 34) - 1)
    least, marked = hooks.scanned_ting_marks(rule_vec(), get_scan_tables(), table.hands, table.frozen, table.melds,
                                             table.st, 0, held, after, useful, mask)
    assert (least, marked) == (0, 0) and not mask.any()
    least, _ = hooks.scanned_ting_marks(rule_vec(qidui=False), get_scan_tables(), table.hands, table.frozen,
                                        table.melds, table.st, 0, held, after, useful, mask)
    assert least > 0
