"""A bar while numba compiles the engine's kernels, so a cold first run says what it does and for how long — plain
Python.

The first run after an install (or after a change to a kernel source, which ``sim.kernel_cache`` answers by
clearing the cache) compiles a few hundred kernels, which takes minutes; later runs load them from numba's
disk cache in a few seconds. ``compile_bar`` listens to numba's ``numba:compile`` events, which fire only
for a real compile (never for a cache load), and opens its bar at the first one: a warm run shows nothing.

The bar counts the distinct kernels (function and argument types) compiled in this process and those a helper
process reports through a pipe (``sim.compile_lanes``' second lane writes a line ``compiled <kernel>`` per kernel;
one both compile counts once), against a total: the count of the last finished compile of the same situation
from an empty cache, recorded in ``COUNTS_NAME`` beside the kernel cache, else the shipped estimate
``DEFAULT_COUNTS``. Its time left follows the recorded compile's time profile (the last kernels, the largest, compile
slowest), scaled by how fast this machine has been so far. A compile without a situation (what it compiles depends on
what earlier runs left in the cache) is counted without a total.
"""
from __future__ import annotations

import json
import os
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Callable, Iterator

from numba.core import event
from tqdm.auto import tqdm

from sim.progress import FittedBar

BAR_LABEL = "compiling kernels"
#: Printed once per process above the first bar: why the wait, and that it happens once.
INTRO_LINE = "compiling the engine once (first run, or a kernel source changed); cached after"
#: tqdm's format of the bar with a total: label, count/total, bar, time spent, time left.
BAR_FORMAT = "{desc} {n_fmt}/{total_fmt} |{bar}| {elapsed} so far{postfix}"
#: The same without the bar, drawn when the terminal is too narrow for the bar and the whole text (``FittedBar``).
NARROW_BAR_FORMAT = "{desc} {n_fmt}/{total_fmt}, {elapsed} so far{postfix}"
#: The same without a total (a situation never compiled before and without an estimate).
OPEN_BAR_FORMAT = "{desc}: {n_fmt} done, {elapsed} so far{postfix}"
#: The recorded counts. Version 2 holds only first preparations in processes that started from an empty cache
#: (sim.driver.prepare_kernels); a version-1 file could hold a later preparation's few kernels under the name
#: of a whole cold compile, so it is not read.
COUNTS_NAME = "compile_counts.v2.json"
PROFILE_STEPS = 20        # the recorded profile: seconds at which each twentieth of the kernels was done
REFRESH_SECONDS = 0.5     # how often the bar polls the helper's pipe and redraws its clock
ESTIMATE_AFTER = 0.05     # the share of the kernels done before the bar shows a time left (the first are noise)
#: A compile is recorded only when it compiled a kernel of these packages (not only kernels of tests or scripts).
ENGINE_PACKAGES = ("sim.", "strategies.")

#: Shipped estimates per situation (``sim.driver.compile_situation``), used until a cold compile here records its
#: own. "engine" stands for any situation first compiled in a process from an empty cache: the count (420 distinct
#: kernels) and time profile of a cold default ``mjrules``, the README's first command (its four variants' switch
#: engine, 79 s on an idle 2-core machine; only the profile's shape matters, the bar scales it to this machine's pace).
#: A cold run of one variant compiles fewer kernels, so its bar ends before its total.
DEFAULT_COUNTS: dict[str, dict] = {
    "engine": {"kernels": 420, "seconds": 79.4,
               "profile": [0.0, 1.89, 3.89, 4.74, 5.43, 6.49, 8.26, 10.62, 13.73, 14.66, 16.51, 17.74, 21.52, 25.65,
                           29.7, 36.34, 39.56, 47.31, 57.42, 67.31, 79.27]},
}


@dataclass(frozen=True)
class CompileEstimate:
    """What the last compile of a situation took: ``kernels`` compiled, ``seconds`` of wall time, and ``profile``
    (the seconds at which ``k / PROFILE_STEPS`` of the kernels were done, k = 0..PROFILE_STEPS; empty when unknown)."""

    kernels: int
    seconds: float = 0.0
    profile: tuple[float, ...] = ()

    def seconds_left(self, elapsed: float, done: int, reached_at: float) -> float | None:
        """Return the seconds this compile still needs (None when nothing is done yet).

        ``elapsed`` seconds have passed since the first kernel started, ``done`` kernels are finished, the last of
        them at ``reached_at`` seconds. With a profile, this machine's pace is the time it took to reach ``done``
        against the recorded time to reach it, and the recorded whole compile at that pace ends the estimate, so a
        long last kernel (no count moves) still counts down. Without one, the average rate so far goes on to
        ``kernels``.
        """
        if done <= 0 or reached_at <= 0:
            return None
        total = max(self.kernels, done)
        if len(self.profile) == PROFILE_STEPS + 1 and self.seconds > 0:
            recorded = _profile_time(self.profile, done / total)
            if recorded > 0:
                return max(0.0, self.seconds * reached_at / recorded - elapsed)
        return max(0.0, reached_at / done * total - elapsed)


def _profile_time(profile: tuple[float, ...], fraction: float) -> float:
    """Return the recorded seconds at which ``fraction`` (0..1) of the kernels were done, interpolated linearly."""
    position = min(max(fraction, 0.0), 1.0) * PROFILE_STEPS
    step = min(int(position), PROFILE_STEPS - 1)
    return profile[step] + (position - step) * (profile[step + 1] - profile[step])


def counts_path() -> Path:
    """Return the file holding the recorded compile counts: beside the kernel cache (``sim.kernel_cache``)."""
    from sim.kernel_cache import cache_dirs

    return cache_dirs()[0] / COUNTS_NAME


def _read_counts(path: Path) -> dict:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return document if isinstance(document, dict) else {}


def _estimate(entry) -> CompileEstimate | None:
    try:
        profile = tuple(float(t) for t in entry.get("profile", ()))
        return CompileEstimate(int(entry["kernels"]), float(entry.get("seconds", 0.0)), profile)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def expected_compile(situation: str | None, first_in_process: bool = False,
                     path: Path | None = None) -> CompileEstimate | None:
    """Return the estimate of what compiling ``situation`` takes: the recorded last compile, else the shipped
    ``DEFAULT_COUNTS`` entry, else (the first compile of a process) the shipped ``engine`` estimate, else None."""
    if situation is None:
        return None
    recorded = _read_counts(path or counts_path())
    for entry in (recorded.get(situation), DEFAULT_COUNTS.get(situation),
                  DEFAULT_COUNTS["engine"] if first_in_process else None):
        estimate = _estimate(entry) if entry is not None else None
        if estimate is not None and estimate.kernels > 0:
            return estimate
    return None


def record_compile(situation: str, kernels: int, seconds: float, done_at: list[float],
                   path: Path | None = None) -> None:
    """Write what a finished compile of ``situation`` took (``done_at``: the seconds at which each kernel was done,
    in order) into the counts file, atomically; a file that cannot be written is left as it was."""
    path = path or counts_path()
    profile = [0.0] + [round(done_at[min(len(done_at) - 1, -(-k * len(done_at) // PROFILE_STEPS) - 1)], 2)
                       for k in range(1, PROFILE_STEPS + 1)] if done_at else []
    document = _read_counts(path)
    document[situation] = {"kernels": int(kernels), "seconds": round(seconds, 2), "profile": profile}
    temporary = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(document, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)


_INTRO_SHOWN = []  # holds True once this process has printed INTRO_LINE


def table_label(index: int, count: int) -> str:
    """Return the compile bar's name while a stream prepares table ``index`` (from 1) of ``count``:
    ``compiling kernels, table 3/10`` (``BAR_LABEL`` alone for a single table)."""
    return BAR_LABEL if count <= 1 else f"{BAR_LABEL}, table {index}/{count}"


def kernel_key(data) -> str:
    """Return ``module.function(argument types)`` of a ``numba:compile`` event's data: the kernel one compile made,
    named alike in every process."""
    try:
        function = data["dispatcher"].py_func
        return f"{function.__module__}.{function.__qualname__}{tuple(data['args'])}"
    except (KeyError, TypeError, AttributeError):
        return f"kernel {id(data)}"


class _CompileCounter(event.Listener):
    """Counts finished kernel compilations, here and in helper processes, into a bar created at the first compile."""

    def __init__(self, enabled: bool, on_first_compile: Callable[[], IO | None] | None = None,
                 on_compiled: Callable[[str], None] | None = None, estimate: CompileEstimate | None = None,
                 stream: IO | None = None, clock: Callable[[], float] = time.monotonic, label: str = BAR_LABEL):
        self.enabled = enabled
        self.label = label                        # the bar's name
        self.clock = clock                        # seconds, any origin (time.monotonic; tests pass a fake)
        self.on_first_compile = on_first_compile  # called once at the first compile; may return a helper's pipe
        self.on_compiled = on_compiled            # called with kernel_key after each kernel this process compiles
        self.estimate = estimate
        self.stream = stream                      # where the bar draws (None = tqdm's default, stderr)
        self.started = False
        self.compiled = 0         # kernels compiled in this process while listening (nested callees included)
        self.helper_compiled = 0  # kernels the helpers reported through their pipes
        self.kernels: set[str] = set()  # the distinct kernels compiled here or in a helper (kernel_key)
        self.done_at: list[float] = []  # seconds since the first compile at which each distinct kernel was done
        self.start_time = 0.0
        self.bar = None
        self.helpers: dict[IO, bytes] = {}  # helper pipe -> the start of a line not yet complete
        self.lock = threading.RLock()
        self.stop_ticking = threading.Event()
        self.ticker = None

    @property
    def total_compiled(self) -> int:
        """Distinct kernels compiled here and in the helpers together (one compiled in both counts once)."""
        return len(self.kernels)

    def _count(self, key: str, at: float) -> None:
        if key not in self.kernels:
            self.kernels.add(key)
            self.done_at.append(at)

    def on_start(self, ev) -> None:
        if self.started:
            return
        self.started = True
        self.start_time = self.clock()
        if self.enabled:
            if not _INTRO_SHOWN:
                _INTRO_SHOWN.append(True)
                print(INTRO_LINE, file=self.stream or sys.stderr, flush=True)
            self.bar = self._open_bar()
        if self.on_first_compile is not None:
            helper = self.on_first_compile()
            if helper is not None:
                self.follow(helper)
        if self.bar is not None:
            self.ticker = threading.Thread(target=self._tick, name="compile-bar", daemon=True)
            self.ticker.start()

    def on_end(self, ev) -> None:
        key = kernel_key(ev.data)
        with self.lock:
            self.compiled += 1
            self._count(key, self.clock() - self.start_time)
            self._redraw()
        if self.on_compiled is not None:
            self.on_compiled(key)

    def follow(self, pipe: IO) -> None:
        """Count the kernel of each line ``compiled <kernel_key>`` a helper process writes into ``pipe`` (read
        without blocking)."""
        try:
            os.set_blocking(pipe.fileno(), False)
        except (OSError, ValueError, AttributeError):
            return
        self.helpers[pipe] = b""

    def poll_helpers(self) -> None:
        """Read what the helpers wrote since the last poll and count it."""
        with self.lock:
            for pipe in list(self.helpers):
                while True:
                    try:
                        data = os.read(pipe.fileno(), 1 << 16)
                    except BlockingIOError:
                        break
                    except (OSError, ValueError):
                        data = b""
                    if not data:  # the helper closed its end (done or stopped)
                        del self.helpers[pipe]
                        break
                    now = self.clock() - self.start_time
                    *lines, self.helpers[pipe] = (self.helpers[pipe] + data).split(b"\n")
                    for line in lines:
                        if line.startswith(b"compiled "):
                            self.helper_compiled += 1
                            self._count(line[len(b"compiled "):].decode("utf-8", "replace"), now)
            self._redraw()

    def _open_bar(self):
        known = self.estimate is not None
        return FittedBar(total=self.estimate.kernels if known else None, desc=self.label, unit=" kernels",
                         bar_formats=(BAR_FORMAT, NARROW_BAR_FORMAT) if known else (OPEN_BAR_FORMAT,),
                         dynamic_ncols=self.stream is None, ncols=None if self.stream is None else 80,
                         file=self.stream, leave=False, mininterval=0)

    def time_left(self) -> str:
        """Return the bar's time-left text: ``, about 01:23 left``; ``, past the 420 expected`` once more kernels
        than estimated are done; ``, longer than estimated`` when the estimated time is up first; empty before
        ``ESTIMATE_AFTER`` of the kernels are done or without an estimate. The bar shows it whole: at 80 columns
        its bar makes room for it, or goes (``FittedBar``)."""
        if self.estimate is None or len(self.done_at) < ESTIMATE_AFTER * self.estimate.kernels:
            return ""
        done = self.total_compiled
        left = self.estimate.seconds_left(self.clock() - self.start_time, done, self.done_at[-1])
        if left is None:
            return ""
        if done > self.estimate.kernels:
            return f", past the {self.estimate.kernels} expected"
        if left < 1:
            return ", longer than estimated"
        return f", about {tqdm.format_interval(left)} left"

    def _redraw(self) -> None:
        if self.bar is None:
            return
        done = self.total_compiled
        if self.bar.total is not None and done > self.bar.total:
            self.bar.total = done  # more kernels than the estimate: the bar stays full, its total follows the count
        self.bar.n = done
        self.bar.set_postfix_str(self.time_left().removeprefix(", "), refresh=False)
        self.bar.refresh()

    def _tick(self) -> None:
        while not self.stop_ticking.wait(REFRESH_SECONDS):
            self.poll_helpers()

    def close(self) -> None:
        self.stop_ticking.set()
        if self.ticker is not None:
            self.ticker.join()
        self.poll_helpers()
        if self.bar is not None:
            self.bar.close()

    def seconds(self) -> float:
        """Return the seconds since the first compile started (0 when nothing compiled)."""
        return self.clock() - self.start_time if self.started else 0.0


@contextmanager
def compile_bar(enabled: bool = True, on_first_compile: Callable[[], IO | None] | None = None,
                situation: str | None = None, first_in_process: bool = False,
                on_compiled: Callable[[str], None] | None = None, stream: IO | None = None,
                label: str = BAR_LABEL) -> Iterator[_CompileCounter]:
    """Within the block, show a bar counting the kernels numba compiles (none when all load from the cache).

    Yields the counter; its ``compiled`` attribute is the number of kernels compiled inside the block in this
    process, ``total_compiled`` the distinct kernels compiled here or reported by helper processes. ``enabled``
    False counts without drawing. ``on_first_compile`` is called once when the first kernel starts compiling (never
    on a warm start): ``sim.driver`` starts its second compile lane there and returns the lane's report pipe, whose
    lines the bar counts. ``situation`` names what is compiled (``sim.driver.compile_situation``): the bar's total
    and time left come from its last recorded compile (``expected_compile``), and a block that ends normally after
    compiling an engine kernel (``ENGINE_PACKAGES``) records its count and time profile for the next one.
    ``on_compiled`` is called with ``kernel_key`` after each kernel compiled here (the lane reports through it).
    ``stream`` is where the bar draws at 80 columns (default: stderr, at the terminal's width); ``label`` its name
    (``BAR_LABEL``; a stream preparing several tables names which one, ``table_label``).
    """
    estimate = expected_compile(situation, first_in_process)
    counter = _CompileCounter(enabled, on_first_compile, on_compiled, estimate, stream, label=label)
    with event.install_listener("numba:compile", counter):
        try:
            yield counter
        finally:
            counter.close()
    if situation is not None and any(key.startswith(ENGINE_PACKAGES) for key in counter.kernels):
        record_compile(situation, counter.total_compiled, counter.seconds(), counter.done_at)
