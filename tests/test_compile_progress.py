"""The compile bar of a cold first run (sim.compile_progress) and its wiring into ``sim.simulate``."""
from numba import njit

import sim.driver
from sim import simulate
from sim.compile_progress import BAR_LABEL, compile_bar


def test_compile_bar_counts_real_compiles_and_stays_silent_on_loaded_kernels(capsys):
    @njit  # a fresh kernel, not cached: its first call is a real compile
    def add_one(x):
        return x + 1

    with compile_bar(True) as counter:
        assert add_one(1) == 2
    assert counter.compiled == 1
    assert BAR_LABEL in capsys.readouterr().err
    with compile_bar(True) as counter:  # already compiled: nothing to show
        assert add_one(2) == 3
    assert counter.compiled == 0
    assert BAR_LABEL not in capsys.readouterr().err


def test_compile_bar_disabled_counts_without_drawing(capsys):
    @njit
    def twice(x):
        return 2 * x

    with compile_bar(False) as counter:
        assert twice(3) == 6
    assert counter.compiled == 1
    assert capsys.readouterr().err == ""


def test_simulate_prepares_kernels_under_the_bar_only_when_it_helps(monkeypatch, capsys):
    simulate(2, seed=1, progress=False)  # engine kernels compiled or loaded in this process
    entered = []  # the ``enabled`` argument of every compile_bar the driver opened
    real_bar = sim.driver.compile_bar

    def recording_bar(enabled=True, **options):
        entered.append(enabled)
        return real_bar(enabled, **options)

    monkeypatch.setattr(sim.driver, "compile_bar", recording_bar)
    simulate(2, seed=1, progress=True)            # a bar is shown: kernels prepared first, under the bar
    assert entered == [True]
    assert BAR_LABEL not in capsys.readouterr().err  # loaded, not compiled: the bar never opened
    simulate(2, seed=1, progress=False)           # in process, no bar: the first chunk loads them itself
    assert entered == [True]
    simulate(4, seed=1, progress=False, jobs=2, chunk=2)  # two workers: load once here, not twice
    assert entered == [True, False]
