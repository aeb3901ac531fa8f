"""Helper processes that end with their parent — plain Python.

A worker process (joblib's loky workers, the second compile lane) outlives a parent killed by SIGKILL: loky's
workers wait for their next task until their idle timeout (five minutes) and finish the chunk in hand first,
writing its part. ``watch_parent(pid)`` makes this process end as soon as the process ``pid`` that started its
work dies:

* on Linux, in a child of ``pid``, the operating system does it: ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` asks the
  kernel to kill this process when its parent dies, at once, whatever it runs — also a compiled kernel holding
  the interpreter lock for a whole chunk. The kernel sends the signal when the *thread* that forked this process
  ends: loky forks its workers from the thread that starts the pool (the run's main thread, which ends with the
  process; a pool started by another thread, which may end before the pool does, gets the watchdog below) or
  from its executor's manager thread, which lives as long as the pool (a pool shut down stops its workers anyway);
  the compile lane is started by the thread that compiles (``sim.compile_lanes``). The parent may have died
  before the request took effect, so the parent pid is checked again after it.
* elsewhere (another system, a process that is not ``pid``'s child or one forked by another thread of it) a
  daemon thread polls and ends this process (``os._exit``) once ``pid`` is gone. The thread needs the interpreter
  lock, so a compiled kernel running without releasing it delays the exit until it returns (one chunk of hands);
  ``sim.parts`` refuses a part's last step meanwhile.

``worker_start(pid)`` is what a loky worker runs first (the pool's initializer, ``sim.driver.parallel_unordered``):
it watches ``pid`` and ignores SIGINT, so a Ctrl-C at the terminal (sent to the whole process group) reaches only
the run, which stops its workers itself instead of each worker printing its own traceback. A worker takes seconds
to import its modules before that: the run starts its pool under ``children_ignore_sigint()``, so a worker ignores
Ctrl-C from its start.
"""
from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading

POLL_SECONDS = 0.2
EXIT_STATUS = 70  # what a process stopped by the watchdog (or finding its parent gone) exits with
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>

_WATCHED: list[int] = []  # the parent pid this process watches (at most one)


def process_alive(pid: int) -> bool:
    """Return True while a process ``pid`` exists (a zombie counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True  # no /proc: kill's answer stands


def kill_with_parent() -> bool:
    """Ask the operating system to SIGKILL this process when its parent (the thread that forked it) ends; return
    True when the request took effect (Linux), False where there is no such request."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(pid: int, child: bool) -> None:
    event = threading.Event()
    while not event.wait(POLL_SECONDS):
        if (os.getppid() != pid) if child else not process_alive(pid):
            os._exit(EXIT_STATUS)


def watch_parent(pid: int, forked_by_main_thread: bool = True) -> None:
    """Make this process end (once set up, for the rest of its life) when the process ``pid`` that started its work
    dies; returns nothing. A child of ``pid`` on Linux, forked by ``pid``'s main thread, is killed by the operating
    system at once (``kill_with_parent``); if ``pid`` is already gone when that is set up, this process exits now
    with ``EXIT_STATUS``. Otherwise a daemon thread ends it within ``POLL_SECONDS`` of ``pid``'s death (after the
    compiled call in hand returns): a child watches its parent pid (handed to another process when ``pid`` dies),
    another process watches ``pid`` itself. A child forked by another thread (``forked_by_main_thread`` False)
    watches with the thread too: the operating system's request would kill it when that thread ends, while ``pid``
    may live on and reuse it. In ``pid`` itself (work run in-process) nothing happens."""
    if _WATCHED or pid == os.getpid():
        return
    _WATCHED.append(pid)
    child = os.getppid() == pid
    if child and forked_by_main_thread and kill_with_parent():
        if os.getppid() != pid:  # the parent died before the request took effect: nothing will send the signal
            os._exit(EXIT_STATUS)
        return
    threading.Thread(target=_watch, args=(pid, child), name="parent-watch", daemon=True).start()


def worker_start(pid: int, forked_by_main_thread: bool = True) -> None:
    """Set up a worker process of the run ``pid`` before its first task: it ends with ``pid`` (``watch_parent``;
    ``forked_by_main_thread``: whether ``pid``'s main thread started the pool) and ignores SIGINT (the run stops its
    workers on Ctrl-C); returns nothing."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_parent(pid, forked_by_main_thread)


@contextlib.contextmanager
def children_ignore_sigint():
    """Ignore SIGINT while the block runs, so the processes it forks start ignoring it; yields nothing. An ignored
    signal stays ignored through exec, and a Python starting so installs no KeyboardInterrupt handler: a loky
    worker is deaf to Ctrl-C from its first instruction, also while it imports its modules (seconds), before
    ``worker_start``. A blocked signal would not do: the standard library's resource tracker unblocks SIGINT when
    it starts. Only the main thread can change it (elsewhere nothing happens); a Ctrl-C during the block, a
    fraction of a second while the pool starts its workers, is lost."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    earlier = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, earlier)
