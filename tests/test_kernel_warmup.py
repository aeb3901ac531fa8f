"""tests/kernel_warmup.py: the suite's setup compiles the kernels first only when numba's cache misses one, so
the check it makes must read numba's cache index right, for plain kernels and for two closures of one source
(the production and check-mode play loops share an index file)."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

TESTS = Path(__file__).resolve().parent

PROBE = textwrap.dedent("""
    from numba import njit

    @njit(cache=True)
    def plus_one(x):
        return x + 1

    def _loop(step):
        @njit(cache=True)
        def loop(x):
            return x + step
        return loop

    by_two = _loop(2)
    by_three = _loop(3)
""")

REPORT = textwrap.dedent("""
    import sys
    import probe_kernels as k
    from kernel_warmup import _has_cached_overload as cached
    before = [cached(k.plus_one), cached(k.by_two), cached(k.by_three)]
    for name in sys.argv[1:]:
        getattr(k, name)(1)
    print(before, [cached(k.plus_one), cached(k.by_two), cached(k.by_three)])
""")


def cached_states(tmp_path, *calls):
    """Run REPORT in a fresh interpreter calling ``calls``; return its printed (before, after) line."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(tmp_path), str(TESTS), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", REPORT, *calls], env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    return done.stdout.strip()


def test_cold_until_compiled_then_cached_across_processes(tmp_path):
    (tmp_path / "probe_kernels.py").write_text(PROBE)
    assert cached_states(tmp_path, "plus_one", "by_two") == \
        "[False, False, False] [True, True, False]"   # by_three shares by_two's index file, not its entry
    assert cached_states(tmp_path, "by_three") == "[True, True, False] [True, True, True]"
