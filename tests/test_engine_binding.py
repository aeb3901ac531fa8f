"""The core never calls up, and a run compiles only what it plays (sim.engine, sim.binding; docs/architecture.md).

The compile check runs in a fresh interpreter (a warm numba cache is fine) and looks two ways: no dispatcher of
another variant's folder or of a strategy the table does not play holds a signature (compiled or loaded), and the
object code of the table's batch loop — which links every kernel it calls, cached or not — names none of their
functions (numba mangles a kernel's module path into its symbol). The probe watches every variant folder and
strategy module, so the same run shows, as a control, that the check sees the table's own variant and strategy.
"""
import ast
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VARIANT_FOLDERS = sorted(p.name for p in (ROOT / "sim" / "variants").iterdir() if (p / "hooks.py").exists())

#: strategy modules a four-greedy table of the variant plays (beyond the greedy policy's own module)
GREEDY_MODULES = {
    "jincheng": {"strategies.greedy"},
    "jinzhong": {"strategies.greedy", "strategies.missing_suit_play"},
    "jinhua": {"strategies.greedy", "strategies.wild_play"},
    "plain": {"strategies.greedy"},
}
STRATEGY_MODULES = {"strategies.greedy", "strategies.missing_suit_play", "strategies.wild_play", "strategies.random_policy",
                    "strategies.selective_ting", "strategies.thirteen_orphans", "strategies.defensive",
                    "strategies.baotou", "strategies.search", "strategies.seats.random",
                    "strategies.seats.selective_ting", "strategies.seats.thirteen_orphans", "strategies.seats.defensive",
                    "strategies.seats.baotou"}

_PROBE = r"""
import json, re, sys
from numba.core.dispatcher import Dispatcher
from sim import binding
from sim.play import play_chunk
from sim.engine import engine

variant, watched_modules, seats = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
records = play_chunk(variant, seats, RECORDS_SEED, 0, RECORDS_HANDS)

def watched(module_name):
    return any(module_name == m or module_name.startswith(m + ".") for m in watched_modules)

holding = set()  # a watched module's own kernels (not the core's it imports) that hold a signature
for name, module in list(sys.modules.items()):
    if watched(name):
        for value in vars(module).values():
            if isinstance(value, Dispatcher) and value.signatures and watched(value.py_func.__module__):
                holding.add(f"{value.py_func.__module__}.{value.py_func.__name__}")
for copy in binding._copies.values():
    if watched(copy.py_func.__module__) and copy.signatures:
        holding.add(f"{copy.py_func.__module__}.{copy.py_func.__qualname__}")

from sim.seat_plan import resolve_seats, table_policies
loop = engine(variant, table_policies(resolve_seats(seats))).play_hands
symbols = set()
for cres in loop.overloads.values():
    library = cres.library  # the module of a loaded (cached) library keeps every symbol it defines, bodies stripped
    code = str(library._shared_module).encode() if library._shared_module is not None else \
        library.serialize_using_object_code()[2][0]
    symbols |= set(re.findall(rb"_ZN[0-9A-Za-z_]+", code))

def mangled(module_name):
    return "".join(f"{len(part)}{part}" for part in module_name.split(".")).encode()

linked = {m for m in watched_modules if any(mangled(m) in s for s in symbols)}
print(json.dumps({"holding": sorted(holding), "linked": sorted(linked), "n_symbols": len(symbols),
                  "records": records_digest(records)}))
"""

#: the hands the probe plays (and the switch comparison plays again): seed, number
RECORDS_SEED, RECORDS_HANDS = 11, 50


def records_digest(records) -> str:
    """Return one string naming a record matrix exactly: its dtype, shape and the SHA-256 of its bytes."""
    import hashlib

    return f"{records.dtype} {records.shape} {hashlib.sha256(records.tobytes()).hexdigest()}"


def _probe(variant: str, watched: set[str], seats: list[str]) -> dict:
    """Play RECORDS_HANDS hands of ``variant`` with ``seats`` in a fresh process on a run's own per-table engine (no
    shared engine, no switch over several variants); return what it found: the ``watched`` modules' kernels
    holding a signature (``holding``: "module.kernel") or linked into the batch loop (``linked``: modules), the
    loop's symbol count and the records' digest (``records_digest``)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("MJRULES_SHARED_ENGINES", "MJRULES_RUN_VARIANTS", "MJRULES_RUN_POLICIES")}
    source = (inspect.getsource(records_digest) + f"RECORDS_SEED, RECORDS_HANDS = {RECORDS_SEED}, {RECORDS_HANDS}\n"
              + _PROBE)
    result = subprocess.run([sys.executable, "-c", source, variant, json.dumps(sorted(watched)), json.dumps(seats)],
                            cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def _seen(modules: set[str], found: dict) -> list[str]:
    """Return the probe's findings (held kernels and linked modules) that belong to one of ``modules``."""
    return sorted(n for n in found["holding"] + found["linked"]
                  if any(n == m or n.startswith(m + ".") for m in modules))


def _in_suite_records(variant: str, seats: list[str]) -> str:
    """Return the digest of the probe's hands played here, on the suite's shared engine (the switch engine of every
    variant and policy, sim.table_engines.shared_engine)."""
    from sim.table_engines import table_engine
    from sim.play import play_chunk
    from sim.rules import VARIANTS
    from sim.seat_plan import resolve_seats

    assert table_engine(variant, resolve_seats(seats)).variants == VARIANTS  # the switch, not the variant's own
    return records_digest(play_chunk(variant, seats, RECORDS_SEED, 0, RECORDS_HANDS))


@pytest.fixture(scope="module", params=sorted(set(GREEDY_MODULES) & set(VARIANT_FOLDERS)))
def greedy_probe(request) -> tuple[str, dict]:
    """(variant, what the probe found for a four-greedy table of it, watching every variant folder and every
    strategy module), one probe per variant for the tests below (tests/conftest.py keeps them on one worker)."""
    variant = request.param
    watched = {f"sim.variants.{v}" for v in VARIANT_FOLDERS} | STRATEGY_MODULES
    return variant, _probe(variant, watched, ["greedy"] * 4)


def test_the_core_imports_no_variant_and_no_strategy():
    """No module under sim/core imports sim.variants or strategies, in its source or when all of sim.core loads."""
    for path in sorted((ROOT / "sim" / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                assert not name.startswith(("sim.variants", "strategies")), f"{path.name} imports {name}"
    code = ("import pkgutil, importlib, sys, sim.core\n"
            "for m in pkgutil.walk_packages(sim.core.__path__, 'sim.core.'): importlib.import_module(m.name)\n"
            "print(sorted(n for n in sys.modules if n.startswith(('sim.variants', 'strategies'))))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "[]"


def test_a_greedy_table_compiles_no_other_variant_and_no_unused_strategy(greedy_probe):
    """A small four-greedy run of one variant, in a fresh process: nothing of another variant's folder and no
    strategy it does not play is compiled, loaded or linked into its loop."""
    variant, found = greedy_probe
    forbidden = {f"sim.variants.{v}" for v in VARIANT_FOLDERS if v != variant} | (
        STRATEGY_MODULES - GREEDY_MODULES[variant])
    assert found["n_symbols"] > 50  # the loop's object code was read
    assert _seen(forbidden, found) == []


def test_the_check_sees_the_variant_and_the_strategy_the_table_plays(greedy_probe):
    """Control: the same probe, watching every folder, reports the table's own variant folder and the greedy
    strategy's modules of the variant (so an empty report above is not a blind probe)."""
    variant, found = greedy_probe
    assert _seen({f"sim.variants.{variant}"}, found)
    assert _seen(GREEDY_MODULES[variant], found)


def test_the_variants_own_engine_plays_the_records_of_the_suites_switch_engine(greedy_probe):
    """The probe's hands, played on the variant's own engine in its fresh process, are byte-identical to the same
    hands played here on the switch engine of every variant that the whole suite plays (so the suite's other
    record checks, the golden cases among them, hold for a run's own engine too)."""
    variant, found = greedy_probe
    assert found["records"] == _in_suite_records(variant, ["greedy"] * 4)


def test_an_engine_refuses_another_variants_rule_vector():
    """The bound kernels play one variant's hooks: a 晋中 rule vector in 晋城's engine is refused at the deal, not played
    with 晋城's rules (the check is a compile-time constant compare; the right variant passes)."""
    import numpy as np

    from sim.core.state import new_state
    from sim.engine import engine
    from sim.rules import resolve_rules

    start_hand = engine("jincheng").start_hand
    wall, hands, frozen, melds, rivers, st, money = new_state()
    events = np.zeros((1, 4), np.int32)
    start_hand(resolve_rules("jincheng").pack(), wall, hands, frozen, melds, rivers, st, money, events, 0, 1, 0)
    assert hands.sum() == 4 * 13 + 1  # dealt, the dealer drew its 14th
    with pytest.raises(ValueError, match="another variant's"):
        start_hand(resolve_rules("jinzhong").pack(), wall, hands, frozen, melds, rivers, st, money, events, 0, 1, 0)
