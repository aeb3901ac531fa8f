"""sim.kernel_cache: cached kernels are dropped exactly when a module the kernels depend on changes.

numba revalidates a cached kernel against its own source file only; constants it reads from
other modules are frozen into the compiled code. The cache must therefore follow every module
the kernels import, constants-only modules included (issue 8 item 4).
"""
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from sim import kernel_cache


def fake_tree(tmp_path):
    """Two packages: a kernel module importing a constants-only module, and an unrelated plain module."""
    for package in kernel_cache.PACKAGES:
        (tmp_path / package / "__pycache__").mkdir(parents=True)
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / "consts.py").write_text("SLOT = 1\n")
        (tmp_path / package / "kern.py").write_text(
            f"from numba import njit\nfrom {package}.consts import SLOT\n\n@njit(cache=True)\ndef f():\n    return SLOT\n")
        (tmp_path / package / "plain.py").write_text("x = 1\n")
        (tmp_path / package / "__pycache__" / "kern.f-3.py311.nbi").write_text("index")
        (tmp_path / package / "__pycache__" / "kern.f-3.py311.1.nbc").write_text("code")
    return tmp_path


def cached(tmp_path):
    return sorted(p.name for p in tmp_path.glob("*/__pycache__/*.nb?"))


def test_cache_dropped_when_a_kernel_or_a_constant_it_imports_changes(tmp_path, monkeypatch):
    root = fake_tree(tmp_path)
    monkeypatch.setattr(kernel_cache, "ROOT", root)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert kernel_cache.kernel_modules() == ["sim.consts", "sim.kern", "strategies.consts", "strategies.kern"]
    assert kernel_cache.ensure_fresh() is True and cached(root) == []  # no stamp yet: start clean
    (root / "sim" / "__pycache__" / "kern.f-3.py311.nbi").write_text("index")
    assert kernel_cache.ensure_fresh() is False and len(cached(root)) == 1
    (root / "sim" / "plain.py").write_text("x = 2\n")  # no kernel imports it: kernels stay valid
    assert kernel_cache.ensure_fresh() is False and len(cached(root)) == 1
    (root / "sim" / "consts.py").write_text("SLOT = 2\n")  # constants-only, but frozen into sim.kern.f
    assert kernel_cache.ensure_fresh() is True and cached(root) == []
    (root / "strategies" / "kern.py").write_text((root / "strategies" / "kern.py").read_text() + "# edited\n")
    (root / "strategies" / "__pycache__" / "kern.f-3.py311.nbi").write_text("index")
    assert kernel_cache.ensure_fresh() is True and cached(root) == []


def test_cache_dropped_when_numba_compiles_under_other_settings(tmp_path, monkeypatch):
    """numba's cache key ignores its code-generation settings: kernels built for profiling (or at another
    optimisation level) must not be loaded by a plain run, nor plain ones by a profiling run."""
    from numba.core import config

    root = fake_tree(tmp_path)
    monkeypatch.setattr(kernel_cache, "ROOT", root)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert kernel_cache.ensure_fresh() is True  # no stamp yet
    index = root / "sim" / "__pycache__" / "kern.f-3.py311.nbi"
    index.write_text("index")
    assert kernel_cache.ensure_fresh() is False and cached(root) == [index.name]
    monkeypatch.setattr(config, "ENABLE_PROFILING", 1)
    assert kernel_cache.ensure_fresh() is True and cached(root) == []
    index.write_text("index")  # what the profiling run compiled
    monkeypatch.setattr(config, "ENABLE_PROFILING", 0)
    assert kernel_cache.ensure_fresh() is True and cached(root) == []
    index.write_text("index")
    monkeypatch.setattr(config, "OPT", 0)
    assert kernel_cache.ensure_fresh() is True and cached(root) == []


def test_a_cache_file_that_cannot_be_deleted_is_reported(tmp_path, monkeypatch):
    root = fake_tree(tmp_path)
    monkeypatch.setattr(kernel_cache, "ROOT", root)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    stuck = root / "sim" / "__pycache__" / "stuck.g-1.py311.nbi"
    stuck.mkdir()  # a directory: unlink fails with an OSError
    with pytest.warns(RuntimeWarning, match="stuck.g-1.py311.nbi"):
        assert kernel_cache.ensure_fresh() is True


def test_custom_numba_cache_dir_is_where_numba_writes(tmp_path, monkeypatch):
    """With NUMBA_CACHE_DIR set, the folders found are the ones numba itself fills (and they get cleared)."""
    repo = tmp_path / "repo"
    for package in kernel_cache.PACKAGES:
        (repo / package).mkdir(parents=True)
        (repo / package / "__init__.py").write_text("")
        (repo / package / "kern.py").write_text(
            "from numba import njit\n\n@njit(cache=True)\ndef plus_one(x):\n    return x + 1\n"
        )
    script = "import sys; sys.path.insert(0, sys.argv[1]); import sim.kern, strategies.kern; " \
             "assert sim.kern.plus_one(1) == strategies.kern.plus_one(1) == 2"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    subprocess.run([sys.executable, "-c", script, str(repo)], env=env, check=True)
    monkeypatch.setattr(kernel_cache, "ROOT", repo)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    dirs = kernel_cache.cache_dirs()
    assert all(list(d.glob("kern.plus_one-*.nbi")) for d in dirs)
    assert kernel_cache.ensure_fresh() is True
    assert not any(list(d.glob("*.nb?")) for d in dirs)


# Fills one record row from a state whose dealer is 2 and winner 3 (columns come from sim.core.codes).
FILL_ONE_ROW = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    import numpy as np
    from sim import kernel_cache
    kernel_cache.ensure_fresh()
    from sim.core import state as S
    from sim.core.codes import N_EXTRA_COLUMNS, N_HAND_COLUMNS, N_SEAT_COLUMNS
    from sim.core.record_fill import fill_record
    st = np.zeros(S.N_ST, dtype=np.int64)
    st[S.ST_DEALER], st[S.ST_WINNER] = 2, 3
    row = np.zeros(N_HAND_COLUMNS + 4 * N_SEAT_COLUMNS + N_EXTRA_COLUMNS, dtype=np.int32)  # one whole record row
    fill_record(row, st, np.zeros((4, 4), dtype=np.int32), 0, 0, 0)
    print(row[3], row[4])
""")


def test_real_kernels_see_an_edit_of_a_constants_only_module(tmp_path):
    """Copy the packages, fill a record row (compiles and caches ``fill_record``), swap the dealer and winner
    column constants in sim/core/codes.py (a constants-only module), fill again in a fresh process: the row
    follows the edit. Without the dependency hash numba would load the cached kernel with the old columns."""
    repo = tmp_path / "repo"
    for package in kernel_cache.PACKAGES:
        shutil.copytree(kernel_cache.ROOT / package, repo / package, ignore=shutil.ignore_patterns("__pycache__"))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(repo))

    def dealer_and_winner_columns():
        out = subprocess.run([sys.executable, "-c", FILL_ONE_ROW, str(repo)], env=env, check=True,
                             capture_output=True, text=True, timeout=300)
        return [int(v) for v in out.stdout.split()[-2:]]

    assert dealer_and_winner_columns() == [2, 3]  # column 3 = dealer, column 4 = winner
    assert dealer_and_winner_columns() == [2, 3]  # now loaded from the cache
    codes = repo / "sim" / "core" / "codes.py"
    text = codes.read_text()
    assert "COL_DEALER = 3\n" in text and "COL_WINNER = 4\n" in text
    codes.write_text(text.replace("COL_DEALER = 3\n", "COL_DEALER = 4\n").replace("COL_WINNER = 4\n", "COL_WINNER = 3\n"))
    assert dealer_and_winner_columns() == [3, 2]


def test_the_modules_bound_into_kernels_are_kernel_modules():
    """The variants' hooks modules and the seat policies reach the core only at compile time (sim.binding: no core
    module imports them), yet their code is compiled into the bound kernels: the cache follows them too, as
    modules that define kernels (so does the seat switch)."""
    from pathlib import Path

    modules = set(kernel_cache.kernel_modules())
    root = Path(kernel_cache.ROOT)
    hooks = {f"sim.variants.{p.parent.name}.hooks" for p in (root / "sim" / "variants").glob("*/hooks.py")}
    seats = {f"strategies.seats.{p.stem}" for p in (root / "strategies" / "seats").glob("*.py") if p.stem != "__init__"}
    assert {"sim.variants.jincheng.hooks", "strategies.seats.greedy"} <= hooks | seats
    assert sorted((hooks | seats | {"sim.core.seat_dispatch", "sim.core.hook_defaults"}) - modules) == []


def test_kernels_do_not_import_the_record_schema_or_polars():
    """Issue 8: kernels take their codes from sim.core.codes; sim.record (which imports polars) is plain Python."""
    assert "sim.record" not in kernel_cache.kernel_modules()
    # the core, the seat switch, every seat policy, and the hand loop bound to each variant's hooks (sim.engine)
    script = ("import sys, importlib, pkgutil; import sim.core.turn, sim.core.seat_dispatch, strategies.seats\n"
              "from sim.rules import VARIANTS\n"
              "from sim.engine import engine\n"
              "for m in pkgutil.iter_modules(strategies.seats.__path__, 'strategies.seats.'): "
              "importlib.import_module(m.name)\n"
              "loops = [engine(v).play_hands for v in VARIANTS]\n"
              "assert all(f'sim.variants.{v}.hooks' in sys.modules for v in VARIANTS)\n"
              "print('polars' in sys.modules, 'sim.record' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(kernel_cache.ROOT)), timeout=600)
    assert out.stdout.split() == ["False", "False"]
