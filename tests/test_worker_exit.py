"""A killed run takes its workers with it: after SIGKILL of the process running ``simulate(out=..., jobs=2)``, its
worker processes end (``sim.parent_watch``) and no part is added to the folder afterwards (``sim.parts.write_part``
renames a part into place only while the run holds the folder's lock)."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl

from sim import parts

ROOT = Path(__file__).resolve().parent.parent
WORKERS_GONE_SECONDS = 10  # the bound on how long a dead run's workers may live on
RUN = """
from sim import simulate
simulate(400_000, seed=5, jobs=2, chunk=2_000, out={out!r}, progress=False)
"""


def process_state(pid: int) -> str | None:
    """Return the state letter of process ``pid`` (``Z`` for a zombie), None when there is none."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return None


def alive(pid: int) -> bool:
    return process_state(pid) not in (None, "Z")


def descendants(pid: int) -> set[int]:
    """Return the pids of every live descendant of ``pid`` (from /proc's parent links)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def test_a_killed_run_takes_its_workers_with_it_and_writes_no_more_parts(tmp_path):
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.Popen([sys.executable, "-c", RUN.format(out=str(out))], env=env, stdout=subprocess.DEVNULL,
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
