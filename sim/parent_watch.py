"""Helper processes that end with their parent: a watchdog thread on the parent's pid — plain Python.

A worker process (joblib's loky workers, the second compile lane) outlives a parent killed by SIGKILL: loky's
workers wait for their next task until their idle timeout (five minutes) and finish the chunk in hand first,
writing its part. ``watch_parent(pid)`` starts, once per process, a daemon thread that ends this process
(``os._exit``) as soon as its parent is no longer ``pid`` (the parent died and the process was handed to
another). The thread needs the interpreter lock, so a compiled kernel running without releasing it delays the
exit until it returns (one chunk of hands, a few seconds); ``sim.parts`` refuses a part's last step meanwhile.
"""
from __future__ import annotations

import os
import threading

POLL_SECONDS = 0.2
EXIT_STATUS = 70  # what a process stopped by the watchdog exits with

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


def _watch(pid: int, child: bool) -> None:
    event = threading.Event()
    while not event.wait(POLL_SECONDS):
        if (os.getppid() != pid) if child else not process_alive(pid):
            os._exit(EXIT_STATUS)


def watch_parent(pid: int) -> None:
    """Start (once per process) a daemon thread ending this process within ``POLL_SECONDS`` of the process ``pid``
    that started its work dying; returns nothing. A child of ``pid`` watches its parent pid (handed to another
    process when ``pid`` dies); another process watches ``pid`` itself. In ``pid`` itself (work run in-process)
    nothing starts."""
    if _WATCHED or pid == os.getpid():
        return
    _WATCHED.append(pid)
    child = os.getppid() == pid
    threading.Thread(target=_watch, args=(pid, child), name="parent-watch", daemon=True).start()
