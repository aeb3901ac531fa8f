"""sim.parent_watch: a helper process ends soon after the process that started its work dies (SIGKILL, no cleanup)."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GONE_SECONDS = 10
CHILD = ("import os, sys, time; from sim.parent_watch import watch_parent; watch_parent({watched}); "
         "print('watching', flush=True); time.sleep(120)")
PARENT = """
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", {child!r}.format(watched={watched})], stdout=subprocess.PIPE, text=True)
assert child.stdout.readline().strip() == "watching"
print(child.pid, flush=True)
time.sleep(120)
"""


def gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def run_parent(watched: str) -> tuple[subprocess.Popen, int]:
    """Start a parent process whose child watches ``watched`` (a Python expression run in the parent); return the
    parent and the child's pid once the child watches."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    parent = subprocess.Popen([sys.executable, "-c", PARENT.format(child=CHILD, watched=watched)], env=env,
                              stdout=subprocess.PIPE, text=True)
    return parent, int(parent.stdout.readline())


def wait_gone(pid: int) -> bool:
    deadline = time.monotonic() + GONE_SECONDS
    while not gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return gone(pid)


def test_a_child_watching_its_parent_ends_when_the_parent_is_killed():
    parent, child = run_parent("os.getpid()")  # the child's parent pid, as the driver passes it to loky workers
    try:
        assert not gone(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        assert wait_gone(child)
    finally:
        if not gone(child):
            os.kill(child, signal.SIGKILL)


def test_a_process_watching_another_pid_ends_when_that_process_dies():
    """Not a child of the watched process (here its grandchild): it watches the pid itself."""
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    parent, child = run_parent(str(holder.pid))
    try:
        time.sleep(1.0)
        assert not gone(child)  # the watched process lives: the watcher stays
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        assert wait_gone(child)
    finally:
        parent.kill()
        parent.wait()
        if not gone(child):
            os.kill(child, signal.SIGKILL)
