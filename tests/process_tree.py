"""The processes below a test's run, read from Linux /proc (tests of workers that must end with their parent)."""
import os
from pathlib import Path


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


def loky_workers() -> list[str]:
    """Return the pids of this process's live loky workers (a process may end while it is read)."""
    def is_worker(pid: str) -> bool:
        try:
            state, parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
            loky = b"popen_loky" in Path(f"/proc/{pid}/cmdline").read_bytes()
            return parent == str(os.getpid()) and state != "Z" and loky
        except (OSError, ValueError):
            return False

    return [pid for pid in os.listdir("/proc") if pid.isdigit() and is_worker(pid)]
