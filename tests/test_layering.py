"""The house's layering: every import arrow runs one way (docs/architecture.md "The layers"), imports inside functions
included, and no circle of imports closes anywhere.

The packages stand in layers, lowest first: ``sim`` (the engine and its composition layer, which reads strategies
through their entry points, sim.strategy_registry), ``strategies``, ``reports``, ``experiments``. A module may import
its own layer or a lower one, never a higher one; within the project, the modules' import graph has no cycle, so no
import sits inside a function to break one.
"""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the packages, lowest layer first
LAYERS = ("sim", "strategies", "reports", "experiments")


def module_paths(root: Path = ROOT) -> dict[str, Path]:
    """Return {dotted module name: source path} of every module of the ``LAYERS`` packages under ``root``."""
    out = {}
    for package in LAYERS:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imported_names(module: str, path: Path, source: str) -> list[tuple[str, int]]:
    """Return [(dotted name, line)] of every import in ``source`` (module ``module`` at ``path``), at any depth."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found += [(f"{base}.{alias.name}", node.lineno) for alias in node.names] + [(base, node.lineno)]
    return found


def import_graph(sources: dict[str, tuple[Path, str]]) -> dict[str, dict[str, int]]:
    """Return {module: {imported project module: line}} from ``sources`` ({module: (path, source text)}); an
    imported name resolves to the longest project module it names."""
    graph = {}
    for module, (path, source) in sources.items():
        arrows = {}
        for name, line in _imported_names(module, path, source):
            while name and name not in sources:
                name = name.rpartition(".")[0]
            if name and name != module:
                arrows.setdefault(name, line)
        graph[module] = arrows
    return graph


def upward_arrows(graph: dict[str, dict[str, int]]) -> list[str]:
    """Return one line per import from a lower layer's module into a higher layer's (``LAYERS``)."""
    rank = {package: k for k, package in enumerate(LAYERS)}
    return [f"{module} (line {line}) imports {target}" for module, arrows in sorted(graph.items())
            for target, line in sorted(arrows.items())
            if rank[target.partition(".")[0]] > rank[module.partition(".")[0]]]


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Return the strongly connected groups of two or more modules (each a circle of imports), sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(start: str) -> None:  # Tarjan's algorithm, iterative (the graph has hundreds of modules)
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


@pytest.fixture(scope="module")
def graph() -> dict[str, dict[str, int]]:
    return import_graph({m: (p, p.read_text(encoding="utf-8")) for m, p in module_paths().items()})


def test_no_import_runs_from_a_lower_layer_to_a_higher_one(graph):
    assert upward_arrows(graph) == []


def test_no_circle_of_imports_closes_anywhere(graph):
    """Imports inside functions count: none of them exists to break a circle."""
    assert cycles(graph) == []


def test_sim_reads_the_strategies_only_through_their_entry_point(graph):
    """No module of sim names a strategies module in an import, nor imports the package by name at run time."""
    for module, path in module_paths().items():
        if module.startswith("sim"):
            source = path.read_text(encoding="utf-8")
            assert "import_module(\"strategies" not in source and "import_module('strategies" not in source, module
    assert not [t for m, arrows in graph.items() if m.startswith("sim") for t in arrows if t.startswith("strategies")]


def test_the_checks_fire_on_a_back_arrow_and_on_a_circle_closed_inside_a_function():
    """The checks can fail: an engine module importing a strategy, a report importing a study, and two report
    modules importing each other (one of them inside a function) are each caught."""
    fake = {
        "sim.driver": (Path("sim/driver.py"), "def f():\n    from strategies.specs import SPECS\n"),
        "strategies.specs": (Path("strategies/specs.py"), "import sim.driver\n"),
        "reports.pairing": (Path("reports/pairing.py"), "from experiments import stats\n"),
        "experiments.stats": (Path("experiments/stats.py"), ""),
        "reports.a": (Path("reports/a.py"), "from reports import b\n"),
        "reports.b": (Path("reports/b.py"), "def g():\n    from . import a\n"),
    }
    graph = import_graph(fake)
    assert upward_arrows(graph) == ["reports.pairing (line 1) imports experiments.stats",
                                    "sim.driver (line 2) imports strategies.specs"]
    assert cycles(graph) == [["reports.a", "reports.b"], ["sim.driver", "strategies.specs"]]


#: the engine's composition, lowest first: a table's seats and rules are resolved once, going down this chain, so a
#: chunk's walk from the worker entry meets each module once (issue 42: no bounce between the engine and the seats)
TABLE_CHAIN = ("sim.engine", "sim.seat_plan", "sim.table_engines")


def chain_back_arrows(graph: dict[str, dict[str, int]], chain=TABLE_CHAIN) -> list[str]:
    """Return "a -> b" for every import (at any depth) from a module of ``chain`` to a later one."""
    return [f"{a} -> {b}" for i, a in enumerate(chain) for b in chain[i + 1:] if b in graph.get(a, {})]


def test_the_engine_binds_and_the_seat_plan_chooses_and_neither_calls_back(graph):
    """sim.engine binds kernels and knows no seats; sim.seat_plan chooses a table's binding and knows no engine;
    sim.table_engines composes them: a worker walks play -> table_engines -> seat_plan -> engine, each once."""
    assert chain_back_arrows(graph) == []


def test_the_chain_check_fires_on_an_engine_that_asks_the_seat_plan(graph):
    broken = {**graph, "sim.engine": {**graph["sim.engine"], "sim.seat_plan": 1}}
    assert chain_back_arrows(broken) == ["sim.engine -> sim.seat_plan"]
