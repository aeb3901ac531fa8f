"""Reference counting in the kernels (sim/core/__init__.py): every kernel declares it, the hand loop carries none,
and no kernel leaks an array.

numba counts the references of every array a kernel holds (NRT, atomic increments through a shared helper) unless
the kernel is compiled with ``_nrt=False``; a callee that does not declare it takes its caller's setting, so its
code would depend on which caller compiled it first. The walk covers the engine (sim: the core, the variants'
hooks modules, the seat switch, the hook defaults) and the strategies (their seat policies among them); the hand
loop checked is the one a table's engine binds (sim.engine), whose kernels carry their binding in their names.
"""
import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from numba.core.itanium_mangler import mangle_identifier

ROOT = Path(__file__).resolve().parent.parent
KERNEL_DIRS = ("sim", "strategies")
# modules the engine binds per run (sim.binding): the walk must reach each, or their kernels would go unchecked
BOUND_MODULES = ("sim/core/seat_dispatch.py", "sim/core/hook_defaults.py", "sim/core/slots.py",
                 *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "sim" / "variants").glob("*/hooks.py"))),
                 *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "strategies" / "seats").glob("*.py"))))


def _kernel_decorators():
    """Yield (path, function name, njit keyword names) for every @njit function of the engine and strategies."""
    for folder in KERNEL_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.FunctionDef):
                    continue
                for decorator in node.decorator_list:
                    if isinstance(decorator, ast.Call) and getattr(decorator.func, "id", None) == "njit":
                        yield path.relative_to(ROOT), node.name, {k.arg for k in decorator.keywords}


def undeclared_kernels(decorators) -> list[str]:
    """Return 'path:name' of the kernels compiled on their own (not inline='always') without ``_nrt``."""
    return [f"{path}:{name}" for path, name, keywords in decorators
            if "inline" not in keywords and "_nrt" not in keywords]


def test_every_compiled_kernel_declares_reference_counting():
    decorators = list(_kernel_decorators())
    assert len(decorators) > 300
    assert undeclared_kernels(decorators) == []


def test_the_walk_covers_the_bound_modules():
    """The variants' hooks modules, every seat policy (strategies/seats), the seat switch and the hook defaults are
    walked: each module of them that defines kernels has them in the walk (slots.py and the package files hold
    none, and are walked all the same)."""
    walked = {str(path) for path, _, _ in _kernel_decorators()}
    with_kernels = {m for m in BOUND_MODULES if "@njit" in (ROOT / m).read_text(encoding="utf-8")}
    assert {"sim/core/seat_dispatch.py", "sim/core/hook_defaults.py", "strategies/seats/greedy.py",
            "strategies/seats/random.py", "sim/variants/jincheng/hooks.py"} <= with_kernels
    assert sorted(with_kernels - walked) == []


def test_the_declaration_check_fires_on_a_kernel_without_it():
    decorators = [(Path("sim/x.py"), "inlined", {"cache", "inline"}), (Path("sim/x.py"), "declared", {"cache", "_nrt"}),
                  (Path("sim/x.py"), "bare", {"cache"})]
    assert undeclared_kernels(decorators) == ["sim/x.py:bare"]


def _function_bodies(ir: str) -> dict[str, str]:
    """Return {demangled-prefix name: body text} of the functions defined in LLVM IR ``ir``."""
    bodies = {}
    name = None
    lines = []
    for line in ir.splitlines():
        match = re.match(r'define [^@]*@"?([^"(]+)"?\(', line)
        if match:
            name, lines = match.group(1), []
        elif line.startswith("}") and name is not None:
            bodies[name] = "\n".join(lines)
            name = None
        elif name is not None:
            lines.append(line)
    return bodies


def refcount_calls(ir: str, fragment: str, wrappers: bool = True) -> int:
    """Return the incref/decref calls in the bodies of the functions of ``ir`` whose symbol contains ``fragment``;
    without ``wrappers``, not counting numba's entry wrappers from Python (``cpython.``/``cfunc.``), which unbox the
    arguments once per call."""
    bodies = [body for name, body in _function_bodies(ir).items()
              if fragment in name and (wrappers or not name.startswith(("_ZN7cpython", "cfunc.")))]
    assert bodies, fragment
    return sum(len(re.findall(r"call [^\n]*@NRT_(?:incref|decref)\(", body)) for body in bodies)


#: refcount calls the batch loop's body may keep: its per-hand setup's (the test below)
MAX_HAND_SETUP_COUNTS = 2
#: (module, kernel) of the kernels a greedy or random 晋城 hand spends its time in (play_hands: the batch loop, the
#: hand loop inlined in it)
HOT_KERNELS = (("sim.core.turn", "play_hands"), ("sim.core.legal", "legal_self_scanned"),
               ("sim.core.legal", "legal_self_kinds"), ("strategies.greedy", "greedy_self_scanned"),
               ("strategies.greedy", "greedy_claim"), ("sim.core.apply", "apply_self"),
               ("sim.core.claims", "apply_claim"), ("sim.core.claims", "resolve_claims"),
               ("sim.core.claims", "open_claims"), ("sim.core.hand.class_scan", "_class_scan"))


def symbol_fragment(kernel) -> str:
    """Return the mangled last part of ``kernel``'s symbol: its function's name, with a bound copy's binding tag
    (``hand_loop__VARIANT_0__hooks_jincheng__...``, sim.binding), as numba mangles it (length-prefixed)."""
    return mangle_identifier(kernel.py_func.__qualname__.split(".")[-1])


def linked_ir(kernel) -> str:
    """Return the LLVM IR of the linked module ``kernel``'s first compiled (or cache-loaded) signature was built
    from (numba keeps it beside the machine code)."""
    library = next(iter(kernel.overloads.values())).library
    return str(library._shared_module if library._shared_module is not None else library._final_module)


def test_the_hand_loop_and_its_hot_kernels_count_no_references():
    from sim.core.turn import new_batch_state
    from sim.table_engines import table_engine
    from sim.play import play_chunk
    from sim.seat_plan import resolve_seats

    seats = ["greedy", "random", "greedy", "random"]
    play_chunk("jincheng", seats, 1, 0, 2)
    eng = table_engine("jincheng", resolve_seats(seats))  # the engine play_chunk played
    ir = linked_ir(eng.play_hands)  # the linked module the batch loop was built from (also for a cached kernel)
    fragments = [symbol_fragment(eng.kernel(module, name)) for module, name in HOT_KERNELS]
    assert "play__VARIANT_" in fragments[0]  # the table's batch loop, a bound copy (sim.binding), not the shared one
    counts = {fragment: refcount_calls(ir, fragment, wrappers=False) for fragment in fragments}
    # the batch loop's own body keeps the hand setup's count: LLVM inlines the dealer draw (``draw_dealer``, which
    # takes a generator state it allocates) once per hand, outside the decision loop; a loop that counted its
    # arrays would have hundreds (the hand loop had 63 increments and 406 decrements before it stopped counting)
    assert counts.pop(fragments[0]) <= MAX_HAND_SETUP_COUNTS
    assert counts == dict.fromkeys(fragments[1:], 0)
    # the hand loop is inlined into the batch loop (sim.core.turn.run_until_inlined), not linked as a function
    assert not [name for name in _function_bodies(ir) if "10_hand_loop12_3clocals_3e" in name]
    # the state the batch loop plays on is allocated by new_batch_state, which does count (the check can see a count)
    assert refcount_calls(linked_ir(new_batch_state), symbol_fragment(new_batch_state)) > 0


def test_refcount_check_fires_on_a_counting_function():
    ir = ('define void @"_ZN3sim4core4turn10_hand_loop12_3clocals_3e9hand_loopB4v1"(i8* %x) {\n'
          "entry:\n  call void @NRT_incref(i8* %x)\n  call void @NRT_decref(i8* %x)\n  ret void\n}\n")
    assert refcount_calls(ir, "9hand_loop") == 2


LEAK_CHILD = r"""
import json
from numba.core.runtime import rtsys
from sim.play import play_chunk
from sim.game import Game
for rules, seats in (("jincheng", ["greedy", "random", "selective_ting", "thirteen_orphans"]),
                     ("jinzhong", ["greedy", "defensive", "random", "greedy"]), ("jinhua", ["greedy"] * 3 + ["random"])):
    play_chunk(rules, seats, 1, 0, 3)
before = rtsys.get_allocation_stats()
for rules, seats in (("jincheng", ["greedy", "random", "selective_ting", "thirteen_orphans"]),
                     ("jinzhong", ["greedy", "defensive", "random", "greedy"]), ("jinhua", ["greedy"] * 3 + ["random"])):
    play_chunk(rules, seats, 1, 3, 40)
for hand_index in range(3):
    Game("jincheng", ["greedy", "random", "greedy", "random"], seed=2, hand_index=hand_index, check=True).advance()
after = rtsys.get_allocation_stats()
print(json.dumps({"alloc": after.alloc - before.alloc, "free": after.free - before.free,
                  "mi_alloc": after.mi_alloc - before.mi_alloc, "mi_free": after.mi_free - before.mi_free}))
"""


@pytest.mark.slow
def test_no_kernel_leaks_an_array():
    """Every array the kernels allocate while playing hands of the three variants is freed (NRT statistics)."""
    env = dict(os.environ, NUMBA_NRT_STATS="1")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    done = subprocess.run([sys.executable, "-c", LEAK_CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True)
    stats = json.loads(done.stdout.strip().splitlines()[-1])
    assert stats["alloc"] > 0  # the batch loops allocate their state: the statistics are on
    assert stats["alloc"] == stats["free"] and stats["mi_alloc"] == stats["mi_free"], stats
