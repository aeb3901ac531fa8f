"""Ctrl-C: SIGINT sent to the whole process group, as a terminal sends it. ``mjrules`` prints one line with the
command that resumes the run and exits with status 130, no traceback from it or its workers, and that command
resumes it; ``simulate(out=DIR)`` lets KeyboardInterrupt out only once its workers are gone, its finished parts
kept (experiments/app.py, experiments/interrupted.py, sim/driver.py, sim/parent_watch.py)."""
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from experiments.interrupted import resume_command, stopped_line
from process_tree import alive, descendants
from sim import parts

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ,  # the project, and the tests folder for tests/process_tree.py
       "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
STARTED_SECONDS = 900  # a cold kernel cache compiles before the first part
GONE_SECONDS = 30

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")


def wait_for_parts(folders, process: subprocess.Popen) -> set[str]:
    """Wait until a part is finished in one of ``folders`` (a glob of folders) while ``process`` runs; return the
    parts present then (folder/name)."""
    deadline = time.monotonic() + STARTED_SECONDS
    while True:
        present = {f"{folder.name}/{name}" for folder in folders() for name in parts.finished_parts(folder)}
        if present:
            return present
        assert process.poll() is None, f"the run ended before its first part: {process.communicate()[1][-3000:]}"
        assert time.monotonic() < deadline, f"no part after {STARTED_SECONDS} s"
        time.sleep(0.02)


def interrupt(process: subprocess.Popen) -> tuple[str, str, set[int]]:
    """Send SIGINT to ``process``'s process group; return its stdout, its stderr, and its descendants at the
    signal."""
    workers = descendants(process.pid)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=300)
    return out, err, workers


def stop(process: subprocess.Popen, workers: set[int]) -> None:
    """Kill what this test started and is still alive."""
    if process.poll() is None:
        process.kill()
        process.wait()
    for pid in workers:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_the_resume_command_keeps_the_arguments_and_names_the_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = ["experiment=shapes", "seats.seats=[greedy,\"selective_ting{min_live_waits=3}\",greedy,greedy]",
            "hydra.run.dir=elsewhere"]
    assert resume_command("mjrules", argv, "hydra.run.dir", tmp_path / "outputs" / "a b") == (
        "mjrules experiment=shapes 'seats.seats=[greedy,\"selective_ting{min_live_waits=3}\",greedy,greedy]' "
        "\"hydra.run.dir='outputs/a b'\"")
    assert resume_command("mjrules", ["-m", "hands=1,2"], "hydra.sweep.dir", "/srv/sweep") == (
        "mjrules -m hands=1,2 hydra.sweep.dir=/srv/sweep")
    assert stopped_line("mjrules", [], None) == "stopped (Ctrl-C) before the run started: nothing to resume"


def test_ctrl_c_stops_mjrules_with_one_line_that_resumes_it(tmp_path):
    args = ["experiment=shapes", "hands=12000", "chunk=500", "jobs=2", "progress=false", "hydra.run.dir=run"]
    run = subprocess.Popen([sys.executable, "-m", "experiments", *args], cwd=tmp_path, env=ENV, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    workers: set[int] = set()
    try:
        kept = wait_for_parts(lambda: (tmp_path / "run" / "hands").glob("*"), run)
        out, err, workers = interrupt(run)
        assert run.returncode == 130, err
        command = "python -m experiments " + " ".join(args)
        assert err.splitlines() == [f"stopped (Ctrl-C); finished parts are kept. To resume: {command}"], err
        assert "report:" not in out
        deadline = time.monotonic() + GONE_SECONDS
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [pid for pid in workers if alive(pid)] == []
    finally:
        stop(run, workers)
    folders = list((tmp_path / "run" / "hands").glob("*"))
    assert kept <= {f"{folder.name}/{name}" for folder in folders for name in parts.finished_parts(folder)}
    resumed = subprocess.run([sys.executable, *shlex.split(command)[1:]], cwd=tmp_path, env=ENV, text=True,
                             capture_output=True, timeout=900)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    closing = [line for line in resumed.stdout.splitlines() if " hands simulated in " in line]
    assert len(closing) == 1 and "more reused from parts an earlier run finished" in closing[0], resumed.stdout


SIMULATE = """
import sys
import sim
from process_tree import loky_workers
from sim import parts

if sys.argv[2] == "while recording":  # Ctrl-C arrives while the run records a finished part, outside joblib's wait
    record = parts.record_part

    def record_then_interrupt(*args):
        record(*args)
        raise KeyboardInterrupt

    parts.record_part = record_then_interrupt


try:
    sim.simulate(400_000, seed=3, jobs=2, chunk=4_000, out=sys.argv[1], progress=False)
except KeyboardInterrupt:
    workers = loky_workers()
    print("interrupted; workers left:", workers, flush=True)
"""


def sigint_state(pid: int) -> set[str]:
    """Return which of /proc's signal sets of process ``pid`` hold SIGINT: ``SigCgt`` (a handler: Python's, which
    raises KeyboardInterrupt), ``SigBlk`` (blocked), ``SigIgn`` (ignored)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return set()
    masks = dict(line.split(":\t", 1) for line in status.splitlines() if line.startswith("Sig"))
    bit = 1 << (signal.SIGINT - 1)
    return {name for name in ("SigCgt", "SigBlk", "SigIgn") if int(masks.get(name, "0"), 16) & bit}


def watch_the_pool_start(process: subprocess.Popen) -> set[str]:
    """Wait until ``process`` has started its two loky workers and handles SIGINT again (it ignores it while it
    forks them), following the workers meanwhile; return the union of the workers' ``sigint_state`` seen."""
    deadline = time.monotonic() + STARTED_SECONDS
    seen: set[str] = set()
    workers: set[int] = set()
    while len(workers) < 2 or "SigCgt" not in sigint_state(process.pid):
        workers |= {pid for pid in descendants(process.pid) if b"popen_loky" in cmdline(pid)}
        for pid in workers:
            seen |= sigint_state(pid)
        assert process.poll() is None, f"the run ended before its workers: {process.communicate()[1][-3000:]}"
        assert time.monotonic() < deadline, f"no workers after {STARTED_SECONDS} s"
        time.sleep(0.002)
    return seen


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


@pytest.mark.parametrize("when", ["as its workers start", "at a signal", "while recording"])
def test_an_interrupted_simulate_leaves_no_worker_and_keeps_its_parts(tmp_path, when):
    """KeyboardInterrupt leaves ``simulate`` only once its workers are gone, wherever it arrives: while the workers
    import their modules (none prints a traceback), in joblib's wait for a result, or in the run's own code between
    two results."""
    out = tmp_path / "run"
    run = subprocess.Popen([sys.executable, "-c", SIMULATE, str(out), when], env=ENV, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    workers: set[int] = set()
    try:
        kept = set()
        if when == "as its workers start":
            assert "SigCgt" not in watch_the_pool_start(run)  # no worker turns SIGINT into a KeyboardInterrupt
            printed, err, workers = interrupt(run)
        elif when == "at a signal":
            kept = wait_for_parts(lambda: [out], run)
            printed, err, workers = interrupt(run)
        else:
            printed, err = run.communicate(timeout=STARTED_SECONDS)
            kept = {f"run/{name}" for name in parts.recorded_parts(out)}
            assert kept
        assert printed.splitlines() == ["interrupted; workers left: []"], (printed, err)
        assert "Traceback" not in err, err  # nor a worker's
    finally:
        stop(run, workers)
    good, bad = parts.check_parts(out, parts.chunk_starts(400_000, 4_000))
    assert bad == [] and kept <= {f"run/{parts.part_name(first)}" for first, _ in good}
    assert parts.remove_stale_temporaries(out) <= 2  # at most the parts the two workers were writing
    assert parts.read_manifest(out)["hands"] == 400_000  # the folder resumes with the same call
