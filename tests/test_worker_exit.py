"""A killed run takes its workers with it: after SIGKILL of the process running ``simulate(out=..., jobs=2)``, its
worker processes end (``sim.parent_watch``), at once even in the middle of a long chunk, and no part is added to the
folder afterwards (``sim.parts.write_part`` renames a part into place only while the run holds the folder's lock)."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl

from process_tree import alive, descendants
from sim import parts

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ,  # the project, and the tests folder for tests/process_tree.py
       "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
WORKERS_GONE_SECONDS = 10  # the bound on how long a dead run's workers may live on
MID_CHUNK_GONE_SECONDS = 5  # generous: the operating system kills at once; a chunk below lasts far longer
LONG_CHUNK = 200_000  # hands: a minute or more of one core, in one kernel call holding the interpreter lock
RUN_LONG = """
import sys
from sim import simulate
simulate(4, seed=5, jobs=2, chunk=2, out=sys.argv[1] + "/warm", progress=False)  # the pool's workers load the kernels
print("warm", flush=True)
simulate({hands}, seed=5, jobs=2, chunk={chunk}, out=sys.argv[1] + "/long", progress=False)
""".format(hands=2 * LONG_CHUNK, chunk=LONG_CHUNK)
RUN = """
from sim import simulate
simulate(400_000, seed=5, jobs=2, chunk=2_000, out={out!r}, progress=False)
"""


def test_a_killed_run_takes_its_workers_with_it_and_writes_no_more_parts(tmp_path):
    out = tmp_path / "run"
    run = subprocess.Popen([sys.executable, "-c", RUN.format(out=str(out))], env=ENV, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 900  # a cold kernel cache compiles first
        while not parts.finished_parts(out):
            assert run.poll() is None, f"the run ended before its first part: {run.stderr.read()[-2000:]}"
            assert time.monotonic() < deadline, "no part after 900 s"
            time.sleep(0.05)
        workers = descendants(run.pid)
        assert len(workers) >= 2  # the two loky workers (and loky's helpers)
        os.kill(run.pid, signal.SIGKILL)
        run.wait()
        written = parts.finished_parts(out)
        assert len(written) < 200  # the run was killed mid-way
        deadline = time.monotonic() + WORKERS_GONE_SECONDS
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [pid for pid in workers if alive(pid)] == []
        time.sleep(1.0)
        assert parts.finished_parts(out) == written  # nothing renamed into place after the kill
        for name in written:  # and what is there is whole
            assert pl.read_parquet(out / name, columns=["hand"]).height == 2_000
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        for pid in workers:  # only the processes this test started, should one outlive the check
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def cpu_ticks(pid: int) -> int:
    """Return the CPU time process ``pid`` has used (user + system, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def test_a_killed_run_takes_its_workers_with_it_in_the_middle_of_a_long_chunk(tmp_path):
    """The workers are inside the compiled kernel, which holds the interpreter lock for the whole chunk: no thread of
    theirs can run until it returns, the operating system kills them (PR_SET_PDEATHSIG)."""
    run = subprocess.Popen([sys.executable, "-c", RUN_LONG, str(tmp_path)], env=ENV, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    workers: set[int] = set()
    try:
        assert run.stdout.readline().strip() == "warm", run.stderr.read()[-2000:]
        workers = descendants(run.pid)
        assert len(workers) >= 2  # the two loky workers (and loky's helpers), kept by the pool for the next run
        before = {pid: cpu_ticks(pid) for pid in workers}
        time.sleep(1.0)  # the long run dispatches its two chunks to the warm workers: both are in the kernel
        busy = [pid for pid in workers if cpu_ticks(pid) > before[pid]]
        assert len(busy) >= 2, "both workers play a chunk"
        os.kill(run.pid, signal.SIGKILL)
        run.wait()
        deadline = time.monotonic() + MID_CHUNK_GONE_SECONDS
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [pid for pid in workers if alive(pid)] == []
        assert parts.finished_parts(tmp_path / "long") == set()  # killed in the middle of the chunks
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        for pid in workers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


IN_A_THREAD = """
import threading, time
from process_tree import loky_workers
from sim import simulate

thread = threading.Thread(target=simulate, args=(8,), kwargs=dict(seed=5, jobs=2, chunk=2, progress=False))
thread.start()
thread.join()  # the thread that forked the pool's workers has ended; the pool lives on for the next run
time.sleep(1.0)
workers = loky_workers()
print(len(workers), flush=True)
"""


def test_a_pool_started_by_another_thread_keeps_its_workers_when_that_thread_ends():
    """The operating system's request ties a worker to the thread that forked it: a pool started outside the main
    thread watches its parent with a thread instead, so its workers outlive the thread, as the pool does."""
    run = subprocess.run([sys.executable, "-c", IN_A_THREAD], env=ENV, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["2"], run.stderr[-2000:]
