"""Suite-wide setup: one shared engine for every variant, compile the kernels once before the workers start, keep each
module-scoped engine run on one worker.

* On a cold numba cache, in a run that starts xdist workers over whole test folders (``pytest``), the
  controller runs tests/kernel_warmup.py's jobs before any worker starts, so the workers and the
  command-line tests' subprocesses load the cached kernels instead of compiling them side by side.
  ``MJRULES_NO_WARMUP=1`` skips it.
* In every run, the controller first drops a kernel cache older than the kernel sources
  (sim.kernel_cache.ensure_fresh), so a run of a few named tests never runs stale kernels.
* Under ``--dist loadgroup`` (pyproject's addopts) the tests sharing one parametrised module-scoped
  fixture of an engine run (test_conformance's ``checked_runs``: 20,000 check-mode hands per
  variant) form one xdist group per parameter, so each run is played once, not once per worker.
"""
import os
import sys
import time
from pathlib import Path

import pytest

# One engine for the whole suite (sim.table_engines.shared_engine: the switch engine of every variant and policy): its many
# variants and seat mixes then share one compiled core and hand loop instead of one per variant and mix; subprocesses
# inherit it. Records do not depend on it: tests/test_variant_switch.py plays each variant's own engine against it,
# and tests/test_engine_binding.py checks the per-table engines a run uses without it.
os.environ.setdefault("MJRULES_SHARED_ENGINES", "1")

# fixtures whose one run per parameter serves several tests: their tests go to one worker together
SHARED_RUN_FIXTURES = ("checked_runs", "greedy_probe")


def _starts_workers_for_whole_folders(config) -> bool:
    """Return True for a run that starts xdist workers over whole test folders (``pytest``, ``pytest tests``,
    ``-m`` allowed): the runs where workers would compile the same kernels side by side. A single process
    compiles each kernel once anyway, and a run of a few named tests may need none of them."""
    if hasattr(config, "workerinput") or os.environ.get("MJRULES_NO_WARMUP") == "1":
        return False
    if not config.getoption("numprocesses", None) or config.getoption("keyword", ""):
        return False
    if config.getoption("collectonly", False) or config.getoption("help", False):
        return False
    return all(Path(arg.split("::")[0]).is_dir() for arg in config.args)


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # the controller (or the only process), before any test compiles
        from sim import kernel_cache

        # numba revalidates a cached kernel only against its own file: without this, a run of a few named
        # tests after an edit to a callee (e.g. an inline helper in sim/core/hand/kernel.py) ran stale kernels
        kernel_cache.ensure_fresh()
    if not _starts_workers_for_whole_folders(config):
        return
    import kernel_warmup

    if not kernel_warmup.cache_is_cold():
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    write = (lambda text: reporter.write_line(text)) if reporter else (lambda text: print(text, file=sys.stderr))
    write("kernel cache is cold: compiling the engine's kernels once before the tests start")
    started = time.perf_counter()
    for name, seconds, error in kernel_warmup.warm_up():
        write(f"  {name}: {seconds:.0f} s" + (f" (failed, the tests will compile it: {error})" if error else ""))
    write(f"kernels compiled in {time.perf_counter() - started:.0f} s")


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups into the node ids
def pytest_collection_modifyitems(config, items):
    for item in items:
        for fixture in SHARED_RUN_FIXTURES:
            if fixture in getattr(item, "fixturenames", ()):
                callspec = getattr(item, "callspec", None)
                param = callspec.getparam(fixture) if callspec and fixture in callspec.params else ""
                item.add_marker(pytest.mark.xdist_group(f"{fixture}-{param}"))
