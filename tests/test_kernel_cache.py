"""sim.kernel_cache: cached kernels are dropped exactly when a kernel module's source changes."""
import os
import subprocess
import sys

from sim import kernel_cache


def fake_tree(tmp_path):
    for package in kernel_cache.PACKAGES:
        (tmp_path / package / "__pycache__").mkdir(parents=True)
        (tmp_path / package / "kern.py").write_text("from numba import njit\n")
        (tmp_path / package / "plain.py").write_text("x = 1\n")
        (tmp_path / package / "__pycache__" / "kern.f-3.py311.nbi").write_text("index")
        (tmp_path / package / "__pycache__" / "kern.f-3.py311.1.nbc").write_text("code")
    return tmp_path


def cached(tmp_path):
    return sorted(p.name for p in tmp_path.glob("*/__pycache__/*.nb?"))


def test_cache_dropped_only_when_a_kernel_module_changes(tmp_path, monkeypatch):
    root = fake_tree(tmp_path)
    monkeypatch.setattr(kernel_cache, "ROOT", root)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert kernel_cache.ensure_fresh() is True and cached(root) == []  # no stamp yet: start clean
    (root / "sim" / "__pycache__" / "kern.f-3.py311.nbi").write_text("index")
    assert kernel_cache.ensure_fresh() is False and len(cached(root)) == 1
    (root / "sim" / "plain.py").write_text("x = 2\n")  # a plain Python module: kernels stay valid
    assert kernel_cache.ensure_fresh() is False
    (root / "strategies" / "kern.py").write_text("from numba import njit\n# edited\n")
    assert kernel_cache.ensure_fresh() is True and cached(root) == []


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
