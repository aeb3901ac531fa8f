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


# --------------------------------------------------------------------------- total, time left, second lane

import io  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402

import pytest  # noqa: E402

from types import SimpleNamespace  # noqa: E402

import sim.compile_progress as compile_progress  # noqa: E402
from sim.compile_progress import PROFILE_STEPS, CompileEstimate, _CompileCounter, expected_compile  # noqa: E402
from sim.compile_progress import kernel_key  # noqa: E402


def kernel_function(x):
    return x


def compile_event(i: int) -> SimpleNamespace:
    """A ``numba:compile`` event of kernel ``kernel_function`` at argument types ``(i,)``: kernel i."""
    return SimpleNamespace(data={"dispatcher": SimpleNamespace(py_func=kernel_function), "args": (i,)})


class FakeClock:
    """Seconds that move only when the test says so."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def last_frame(stream: io.StringIO) -> str:
    """Return the bar's last drawn line (tqdm redraws in place with carriage returns)."""
    return stream.getvalue().split("\r")[-1].rstrip("\n")


def test_the_bar_fits_80_columns_with_its_count_total_and_time_left():
    """A fake event stream: 143 kernels done in 71.5 s against a recorded compile of 330 kernels in 200 s at an even
    pace. This machine is at 0.825 of the recorded time, so the whole compile takes 165 s: 93.5 s (01:33) left."""
    clock, stream = FakeClock(), io.StringIO()
    estimate = CompileEstimate(330, 200.0, tuple(200.0 * k / PROFILE_STEPS for k in range(PROFILE_STEPS + 1)))
    counter = _CompileCounter(True, estimate=estimate, stream=stream, clock=clock)
    counter.on_start(None)
    counter.stop_ticking.set()  # no redraw thread: only the events draw
    for i in range(143):
        clock.now += 0.5
        counter.on_end(compile_event(i))
        if i == 15:  # 16 of 330 done: under 5 %, too early for a time left
            assert counter.time_left() == ""
    line = last_frame(stream)
    counter.close()
    assert len(line) <= 80
    assert line.startswith(compile_progress.BAR_LABEL + " 143/330 |")
    assert line.endswith(", about 01:33 left")


@pytest.mark.parametrize("ending", ["longer", "past", "left"])
def test_every_time_left_text_shows_whole_at_80_columns_after_the_longest_label(ending):
    """The bar of table 12/12 of a stream, half an hour or more in: its time-left text, whichever it is, ends the
    line whole within 80 display columns (it ended ``longer than estimat``); the bar takes what is left, or goes."""
    import unicodedata

    from sim.compile_progress import table_label

    clock, stream = FakeClock(), io.StringIO()
    estimate = CompileEstimate({"past": 400, "longer": 420, "left": 1000}[ending])
    counter = _CompileCounter(True, estimate=estimate, stream=stream, clock=clock, label=table_label(12, 12))
    counter.on_start(None)
    counter.stop_ticking.set()
    for i in range(419 if ending != "past" else 420):
        clock.now += 10.0 if ending == "left" else 0.5  # "left": 419 kernels in 4,190 s, 5,810 s to go
        counter.on_end(compile_event(i))
    clock.now += {"past": 0.0, "longer": 4000.0, "left": 0.0}[ending]
    counter._redraw()
    line = last_frame(stream)
    text = counter.time_left()
    counter.close()
    assert text == {"past": ", past the 400 expected", "longer": ", longer than estimated",
                    "left": ", about 1:36:50 left"}[ending]
    assert line.endswith(text) and " so far" in line
    assert line.startswith("compiling kernels, table 12/12 ")
    assert sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line) <= 80, line


def test_time_left_follows_the_recorded_profile_and_counts_down_through_a_long_last_kernel():
    # recorded: the first 95 % of the kernels in 100 s, the last 5 % (the large top-level kernels) in 100 s more
    profile = tuple(100.0 * k / (PROFILE_STEPS - 1) for k in range(PROFILE_STEPS)) + (200.0,)
    estimate = CompileEstimate(200, 200.0, profile)
    # this machine reached 190 kernels (95 %) in 50 s: twice as fast, so 100 s in all, 50 s left
    assert estimate.seconds_left(50.0, 190, 50.0) == pytest.approx(50.0)
    # no kernel finished for 30 s more (the long last ones): the estimate counts down instead of standing still
    assert estimate.seconds_left(80.0, 190, 50.0) == pytest.approx(20.0)
    assert estimate.seconds_left(120.0, 190, 50.0) == 0.0
    # without a profile: the average rate so far goes on to the total
    assert CompileEstimate(200).seconds_left(50.0, 100, 50.0) == pytest.approx(50.0)
    assert CompileEstimate(200).seconds_left(5.0, 0, 0.0) is None


def test_past_the_estimate_the_bar_stays_full_and_says_so():
    clock, stream = FakeClock(), io.StringIO()
    counter = _CompileCounter(True, estimate=CompileEstimate(3), stream=stream, clock=clock)
    counter.on_start(None)
    counter.stop_ticking.set()
    for i in range(5):
        clock.now += 1.0
        counter.on_end(compile_event(i))
    line = last_frame(stream)
    counter.close()
    assert " 5/5 |" in line and line.endswith(", past the 3 expected")
    counter = _CompileCounter(True, estimate=CompileEstimate(100), stream=io.StringIO(), clock=clock)
    counter.on_start(None)
    counter.stop_ticking.set()
    for i in range(10):
        clock.now += 1.0
        counter.on_end(compile_event(i))  # 10 kernels in 10 s: 90 s left at that rate
    assert counter.time_left() == ", about 01:30 left"
    clock.now += 95.0  # and no kernel done since: the estimated time is up
    assert counter.time_left() == ", longer than estimated"
    counter.close()


def test_kernels_a_helper_reports_through_its_pipe_are_counted_once_each():
    read_end, write_end = os.pipe()
    clock, stream = FakeClock(), io.StringIO()
    counter = _CompileCounter(True, on_first_compile=lambda: os.fdopen(read_end, "rb"),
                              estimate=CompileEstimate(10), stream=stream, clock=clock)
    counter.on_start(None)
    counter.stop_ticking.set()
    counter.on_end(compile_event(0))
    lines = b"".join(b"compiled " + kernel_key(compile_event(i).data).encode() + b"\n" for i in range(5))
    os.write(write_end, lines + b"compiled " + kernel_key(compile_event(5).data).encode()[:9])  # a line cut short
    counter.poll_helpers()
    # kernel 0 came from both processes: counted once; the cut line waits for its end
    assert (counter.compiled, counter.helper_compiled, counter.total_compiled) == (1, 5, 5)
    assert " 5/10 |" in last_frame(stream)
    os.write(write_end, kernel_key(compile_event(5).data).encode()[9:] + b"\n")
    os.close(write_end)  # the helper ends: what it wrote last still counts, then the pipe is dropped
    counter.close()
    assert counter.total_compiled == 6 and counter.helpers == {}


def test_a_finished_compile_is_recorded_and_is_the_next_total(tmp_path, monkeypatch):
    path = tmp_path / compile_progress.COUNTS_NAME
    monkeypatch.setattr(compile_progress, "counts_path", lambda: path)
    assert expected_compile("jincheng", first_in_process=True).kernels == compile_progress.DEFAULT_COUNTS["engine"]["kernels"]
    assert expected_compile("jincheng > jinhua") is None  # never recorded, nothing shipped: an open bar

    def three_times(x):
        return 3 * x

    with compile_bar(False, situation="jincheng > jinhua") as counter:  # a kernel of this test: not recorded
        assert njit(three_times)(2) == 6
    assert counter.total_compiled == 1 and not path.exists()
    three_times.__module__ = "sim.engine_like"  # as if it were one of the engine's kernels
    three_times = njit(three_times)
    with compile_bar(False, situation="jincheng > jinhua") as counter:
        assert three_times(2) == 6
    assert counter.total_compiled == 1
    recorded = json.loads(path.read_text())["jincheng > jinhua"]
    assert recorded["kernels"] == 1 and len(recorded["profile"]) == PROFILE_STEPS + 1
    assert expected_compile("jincheng > jinhua").kernels == 1
    with compile_bar(False, situation="jincheng > jinhua") as counter:  # nothing compiled: the record stays
        assert three_times(3) == 9
    assert json.loads(path.read_text())["jincheng > jinhua"] == recorded


def _with_a_cold_kernel(play_matrix):
    """Return ``play_matrix`` that first compiles a fresh kernel named as one of the engine's (so it is recorded)."""
    def matrix_with_a_cold_kernel(*args):
        def add_two(x):
            return x + 2

        add_two.__module__ = "sim.engine_like"
        njit(add_two)(1)
        return play_matrix(*args)

    return matrix_with_a_cold_kernel


def test_the_driver_counts_its_second_lane_and_records_the_sum(tmp_path, monkeypatch):
    """A cold preparation (a fresh kernel compiles in the driver) whose lane reports three kernels through its pipe:
    the recorded count of the situation is the driver's and the lane's together."""
    path = tmp_path / compile_progress.COUNTS_NAME
    monkeypatch.setattr(compile_progress, "counts_path", lambda: path)
    simulate(2, seed=1, progress=False)
    read_end, write_end = os.pipe()
    os.write(write_end, b"".join(b"compiled sim.lane_kernel(%d,)\n" % i for i in range(3)))
    os.close(write_end)

    class FakeLane:
        stdout = os.fdopen(read_end, "rb")

    stopped = []
    monkeypatch.setattr(sim.driver, "start_lane", lambda variant, policies: FakeLane())
    monkeypatch.setattr(sim.driver, "stop_lane", stopped.append)
    monkeypatch.setattr(sim.driver, "_PREPARED", [])
    monkeypatch.setattr(sim.driver, "_STARTED_COLD", [True])  # as in a process that found no engine cached
    monkeypatch.setattr(sim.driver, "play_matrix", _with_a_cold_kernel(sim.driver.play_matrix))
    simulate(4, seed=1, progress=False, jobs=2, chunk=2, rules="jinzhong")
    prepared = sim.driver.named_table_engine("jinzhong", ["greedy"] * 4)[1]
    assert json.loads(path.read_text())[prepared]["kernels"] == 1 + 3
    assert len(stopped) == 1
    assert sim.driver._PREPARED == [prepared]


def _prepare_with_a_cold_kernel(monkeypatch, rules: str) -> str | None:
    """Prepare a four-greedy table of ``rules`` as a run does (``sim.driver.prepare_kernels``), with one fresh kernel
    compiled under the bar and no second lane; return the situation the bar was given (None: no total, no record)."""
    from sim.run_plan import resolve

    given = []
    real_bar = sim.driver.compile_bar

    def bar(*args, **kwargs):
        given.append(kwargs["situation"])
        return real_bar(*args, **kwargs)

    monkeypatch.setattr(sim.driver, "compile_bar", bar)
    monkeypatch.setattr(sim.driver, "play_matrix", _with_a_cold_kernel(sim.driver.play_matrix))
    monkeypatch.setattr(sim.driver, "start_lane", lambda variant, policies: None)
    rules_config, seat_configs, _ = resolve(rules, ["greedy"] * 4, {})
    sim.driver.prepare_kernels(rules_config, seat_configs, 1, 2, "loky", 2, False)
    return given[-1]


def test_only_a_first_preparation_from_an_empty_cache_is_estimated_and_recorded(tmp_path, monkeypatch):
    """The record of a situation is a whole compile from an empty cache. Preparing an engine again in the same process
    (a study's next table: new argument types only) or in a process that found an engine cached compiles what earlier
    runs left out: counted without a total, and it leaves the record as it was."""
    path = tmp_path / compile_progress.COUNTS_NAME
    monkeypatch.setattr(compile_progress, "counts_path", lambda: path)
    simulate(2, seed=1, progress=False, rules="jinzhong")
    prepared = sim.driver.named_table_engine("jinzhong", ["greedy"] * 4)[1]
    monkeypatch.setattr(sim.driver, "_PREPARED", [])
    monkeypatch.setattr(sim.driver, "_STARTED_COLD", [True])
    assert _prepare_with_a_cold_kernel(monkeypatch, "jinzhong") == prepared
    recorded = json.loads(path.read_text())
    assert recorded[prepared]["kernels"] == 1
    assert _prepare_with_a_cold_kernel(monkeypatch, "jinzhong") is None  # the same engine again
    assert json.loads(path.read_text()) == recorded

    path.unlink()
    monkeypatch.setattr(sim.driver, "_PREPARED", [])
    monkeypatch.setattr(sim.driver, "_STARTED_COLD", [])  # a new process, whose cache holds an engine
    monkeypatch.setattr(sim.kernel_cache, "holds_an_engine", lambda: True)
    assert _prepare_with_a_cold_kernel(monkeypatch, "jinzhong") is None
    assert sim.driver._STARTED_COLD == [False] and not path.exists()


def test_the_cache_holds_an_engine_once_a_batch_loop_is_cached(tmp_path, monkeypatch):
    """``holds_an_engine`` finds the index file numba writes for a table engine's batch loop (here this process's
    engine, compiled or loaded just now), and in an empty cache only such a file makes it true."""
    from sim import kernel_cache

    simulate(2, seed=1, progress=False)
    assert kernel_cache.holds_an_engine()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert not kernel_cache.holds_an_engine()
    core = kernel_cache._cache_dir(kernel_cache.ROOT / "sim" / "core")
    core.mkdir(parents=True)
    (core / "legal.legal_self__hooks_jincheng-120.py311.nbi").write_bytes(b"")  # another kernel of the core
    assert not kernel_cache.holds_an_engine()
    (core / "turn._batch.locals.play__VARIANT_0__hooks_jincheng-204.py311.nbi").write_bytes(b"")
    assert kernel_cache.holds_an_engine()


def test_compile_situations_name_the_engines_prepared_before():
    from sim.driver import compile_situation, engine_name

    assert engine_name(("jincheng",), ("strategies.seats.greedy",)) == "jincheng/greedy"
    assert engine_name(("jincheng", "jinhua"), ("strategies.seats.greedy", "strategies.seats.random"), ("search",)) \
        == "jincheng+jinhua/greedy+random+search"
    assert compile_situation("jincheng/greedy", []) == "jincheng/greedy"
    assert compile_situation("jinhua/greedy", ["jincheng/greedy", "jinzhong/greedy"]) == \
        "jincheng/greedy > jinzhong/greedy > jinhua/greedy"
    assert compile_situation("jincheng/greedy", ["jincheng/greedy", "jinzhong/greedy"]) == \
        "jinzhong/greedy > jincheng/greedy"


def test_a_table_with_other_seats_is_another_compile_situation(monkeypatch):
    """Tables of one variant whose seats play other policies prepare other engines (sim.engine: one per variant and
    policies, outside the suite's one shared engine), so their compiles are recorded apart: a search table's is
    not taken for the greedy table's."""
    monkeypatch.delenv("MJRULES_SHARED_ENGINES", raising=False)
    from sim.driver import named_table_engine

    greedy = named_table_engine("jincheng", ["greedy"] * 4)[1]
    search = named_table_engine("jincheng", ["search", "greedy", "greedy", "greedy"])[1]
    assert greedy == "jincheng/greedy" and search == "jincheng/greedy+search"


def test_the_lane_reports_each_kernel_it_compiles_on_its_stdout(monkeypatch, capsys):
    """What ``start_lane``'s helper runs: ``compile_late_kernels(variant, policies, report=True)`` writes the line the
    bar counts for every kernel it really compiles, and nothing for one loaded or compiled before."""
    import sim.compile_lanes as compile_lanes
    from numba import int64

    @njit
    def plus_seven(x):
        return x + 7

    monkeypatch.setattr(compile_lanes, "late_signatures", lambda variant, policies: [(plus_seven, (int64,))])
    assert compile_lanes.compile_late_kernels("jincheng", ("strategies.seats.greedy",), report=True) == 1
    assert capsys.readouterr().out == f"compiled {__name__}.{plus_seven.py_func.__qualname__}(int64,)\n"
    assert compile_lanes.compile_late_kernels("jincheng", ("strategies.seats.greedy",), report=True) == 0
    assert capsys.readouterr().out == ""
