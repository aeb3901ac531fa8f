"""What ``mjrules`` says when Ctrl-C stops it: one line with the command that resumes the run — plain Python.

A run resumes when the same command runs again into the same folder (``hydra.run.dir``, or ``hydra.sweep.dir`` for
a sweep): every finished part is verified and reused, only the rest is played (``sim.run_folder``). The folder of
a run is dated by default, so the line names it on the command line it prints; the user's other arguments are kept
as given, each quoted for a POSIX shell.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command stopped by Ctrl-C
FOLDER_KEYS = ("hydra.run.dir", "hydra.sweep.dir")
_PLAIN_VALUE = re.compile(r"[A-Za-z0-9_./:@+-]+")  # a folder Hydra's override grammar takes unquoted


def program_name(argv0: str) -> str:
    """Return how the user started the command line: ``mjrules`` (the console script) or
    ``python -m experiments``."""
    return "python -m experiments" if Path(argv0).name == "__main__.py" else "mjrules"


def shown_folder(folder: str | Path) -> str:
    """Return ``folder`` as the user would type it: relative to the current folder when inside it, else absolute."""
    path = Path(folder).resolve()
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def folder_value(folder: str) -> str:
    """Return ``folder`` as the value of a Hydra override: as is when plain, else in Hydra's single quotes."""
    if _PLAIN_VALUE.fullmatch(folder):
        return folder
    return "'" + folder.replace("\\", "\\\\").replace("'", "\\'") + "'"


def shell_word(word: str) -> str:
    """Return ``word`` quoted for a POSIX shell, as a person would: bare when safe, else in single quotes, or in
    double quotes when it holds a single quote and nothing a shell expands inside double quotes."""
    quoted = shlex.quote(word)
    if quoted == word or "'" not in word or any(c in word for c in '"$`\\!'):
        return quoted
    return f'"{word}"'


def resume_command(program: str, argv: list[str], key: str, folder: str | Path) -> str:
    """Return the shell command that resumes a run: ``program`` with the arguments ``argv`` the run was started with
    (any earlier folder override dropped) and ``key=folder`` (``key``: one of ``FOLDER_KEYS``), each quoted for a
    POSIX shell."""
    kept = [arg for arg in argv if arg.partition("=")[0].lstrip("+~") not in FOLDER_KEYS]
    words = kept + [f"{key}={folder_value(shown_folder(folder))}"]
    return " ".join([program] + [shell_word(word) for word in words])


def stopped_line(program: str, argv: list[str], run_folder: tuple[str, str] | None) -> str:
    """Return the one line Ctrl-C prints: that the run stopped, and the command resuming it (``run_folder``:
    ``(key, folder)`` of the run's output folder, None when it stopped before it had one)."""
    if run_folder is None:
        return "stopped (Ctrl-C) before the run started: nothing to resume"
    return f"stopped (Ctrl-C); finished parts are kept. To resume: {resume_command(program, argv, *run_folder)}"
