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


PLAYED_THEN_CACHED = textwrap.dedent("""
    import sys
    from kernel_warmup import _has_cached_overload as cached
    from sim.table_engines import table_engine
    from sim.seat_plan import resolve_seats
    if sys.argv[1] == "play":
        from sim.play import play_chunk
        play_chunk("jincheng", ["greedy"] * 4, 0, 0, 1)
    eng = table_engine("jincheng", resolve_seats(["greedy"] * 4))
    print(cached(eng.play_hands))
""")


def test_the_batch_loop_one_process_compiled_is_cached_for_the_next():
    """numba keys a cached closure by its pickled cells; a cell holding a dispatcher pickles differently in every
    process, so a batch loop holding its hand loop in a cell was compiled again by every worker and every run. One
    process plays a hand (compiling or loading the table's loops), then a fresh one must find them in the cache."""
    path = os.pathsep.join([str(TESTS.parent), str(TESTS), os.environ.get("PYTHONPATH", "")])
    env = dict(os.environ, PYTHONPATH=path)
    for step in ("play", "look"):
        done = subprocess.run([sys.executable, "-c", PLAYED_THEN_CACHED, step], env=env, capture_output=True,
                              text=True, timeout=900, check=True)
    assert done.stdout.split() == ["True"]
