"""sim.parent_watch: a helper process ends soon after the process that started its work dies (SIGKILL, no cleanup),
also while it runs a call that holds the interpreter lock, and also when its parent died before it asked to be
told."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
GONE_SECONDS = 10
HOLDING_GONE_SECONDS = 3  # generous: the operating system kills at once, the old watchdog waited for the call
CHILD = ("import os, sys, time; from sim.parent_watch import watch_parent; watch_parent({watched}); "
         "print('watching', flush=True); time.sleep(120)")
# the child's work: a C loop of a few minutes that never releases the interpreter lock (as a compiled kernel)
HOLDING_CHILD = ("import os, sys, time; from sim.parent_watch import watch_parent; watch_parent({watched}); "
                 "print('watching', flush=True); sum(range(10 ** 12))")
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


def run_parent(watched: str, child: str = CHILD) -> tuple[subprocess.Popen, int]:
    """Start a parent process whose child (``child``'s code) watches ``watched`` (a Python expression run in the
    parent); return the parent and the child's pid once the child watches."""
    parent = subprocess.Popen([sys.executable, "-c", PARENT.format(child=child, watched=watched)], env=ENV,
                              stdout=subprocess.PIPE, text=True)
    return parent, int(parent.stdout.readline())


def wait_gone(pid: int, seconds: float = GONE_SECONDS) -> bool:
    deadline = time.monotonic() + seconds
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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the operating system's request is Linux's")
def test_a_child_holding_the_interpreter_lock_dies_with_its_parent_at_once():
    """A watchdog thread cannot run while the child's call holds the lock (a compiled kernel does): the operating
    system kills the child when its parent dies, in the middle of the call."""
    parent, child = run_parent("os.getpid()", HOLDING_CHILD)
    try:
        time.sleep(0.5)  # the child is inside its call
        assert not gone(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        assert wait_gone(child, HOLDING_GONE_SECONDS)
    finally:
        if not gone(child):
            os.kill(child, signal.SIGKILL)


ORPHAN = """
import os, signal, sys, time
from sim import parent_watch
parent = os.getppid()
request = parent_watch.kill_with_parent


def parent_dies_first():  # the parent dies after watch_parent saw it and before the request is made
    os.kill(parent, signal.SIGKILL)
    while os.getppid() == parent:
        time.sleep(0.01)
    return request()


parent_watch.kill_with_parent = parent_dies_first
parent_watch.watch_parent(parent)
print("still running", flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the operating system's request is Linux's")
def test_a_child_whose_parent_died_before_its_request_ends_itself():
    """The operating system sends nothing for a parent that died before the request: the child looks again."""
    parent = subprocess.Popen([sys.executable, "-c", f"import subprocess, sys, time\n"
                               f"child = subprocess.Popen([sys.executable, '-c', {ORPHAN!r}])\n"
                               f"print(child.pid, flush=True)\ntime.sleep(120)"],
                              env=ENV, stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    try:
        parent.wait(timeout=60)  # killed by its child
        assert parent.returncode == -signal.SIGKILL
        assert wait_gone(child)
        assert "still running" not in parent.stdout.read()
    finally:
        parent.kill()
        parent.wait()
        if not gone(child):
            os.kill(child, signal.SIGKILL)
