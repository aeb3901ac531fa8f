"""Fault test of a streamed run (sim.driver, sim.parts): SIGKILL the worker processes, then the
parent, at a random point of a run; damage one finished part; rerun. The final records must equal
those of an uninterrupted run, bit for bit."""
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sim
from sim import parts

ROOT = Path(__file__).resolve().parent.parent
HANDS, CHUNK, SEED = 20_000, 400, 23
SEATS = ["greedy", "selective_ting", "defensive", "greedy"]

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")


def descendants(pid: int) -> list[int]:
    """Return the pids of every live descendant of ``pid`` (children first), read from /proc."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry.name))
    found, queue = [], [pid]
    while queue:
        children = parents.get(queue.pop(0), [])
        found += children
        queue += children
    return found


def kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def test_killed_then_damaged_run_resumes_to_the_uninterrupted_records(tmp_path, capfd):
    point = random.Random(os.urandom(8)).randrange(2, HANDS // CHUNK // 2)  # finished parts at the kill
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    code = (f"import sim\nsim.simulate({HANDS}, seed={SEED}, seats={SEATS!r}, jobs=2, chunk={CHUNK}, "
            f"out={str(out)!r}, progress=False)")
    run = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 300
        while len(parts.finished_parts(out)) < point and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert run.poll() is None, f"the run ended before {point} parts: {run.stderr.read()}"
        workers = descendants(run.pid)
        assert workers, "a jobs=2 run has worker processes"
        for pid in workers:
            kill(pid)
        kill(run.pid)
    finally:
        kill(run.pid)
        run.wait()
    finished = sorted(parts.finished_parts(out))
    assert point <= len(finished) < HANDS // CHUNK, f"kill after {point} parts left {len(finished)}"
    damaged = random.Random(point).choice(finished)
    data = (out / damaged).read_bytes()
    (out / damaged).write_bytes(data[: len(data) // 3])

    capfd.readouterr()
    resumed = sim.simulate(HANDS, seed=SEED, seats=SEATS, jobs=2, chunk=CHUNK, out=out, progress=False)
    err = capfd.readouterr().err
    assert f"part {damaged} in {out} is damaged" in err, err
    assert f"resuming {out}: " in err and not list(out.glob(f"*{parts.TEMP_MARKER}*"))
    assert resumed.reused_hands == (len(finished) - 1) * CHUNK   # every finished part but the damaged one
    assert resumed.simulated_hands == HANDS - resumed.reused_hands

    uninterrupted = sim.simulate(HANDS, seed=SEED, seats=SEATS, jobs=1, chunk=CHUNK, progress=False)
    assert resumed.load().equals(uninterrupted), f"kill after {point} parts, damaged {damaged}"
