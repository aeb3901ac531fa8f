"""Parquet part files of a streamed run: naming, atomic writes, the resume manifest, loading.

A streamed run writes into one directory:

* ``manifest.json`` — the settings that determine every record (seed, rules, seat labels,
  hand count, chunk size, session length). A rerun into the same directory must present the
  same settings; finished parts are then skipped.
* ``part-{first_hand:012d}.parquet`` — the records of hands ``first_hand ..
  first_hand + chunk - 1`` (the last part may be shorter). A part is written under a
  temporary name and renamed, so it is either whole or absent.
* ``parts.sha256`` — one line per finished part: ``sha256 rows name`` (the last line of a name
  wins). A rerun verifies every finished part against it (a part without a line is read in
  full and its rows checked) and recomputes a damaged one; ``scan``/``load`` refuse one.
* ``.lock`` — locked (``flock``) by the process writing into the directory, with its pid and
  host; the OS drops the lock when that process dies, so a killed run's lock is taken over. A worker
  writing a part for that process renames it into place only while the process still holds the lock.

Plain Python (no kernels).
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import socket
import uuid
from pathlib import Path

import polars as pl

MANIFEST_NAME = "manifest.json"
PART_PREFIX = "part-"
PART_SUFFIX = ".parquet"
TEMP_MARKER = ".tmp-"
MANIFEST_FORMAT = 1
CHECKSUMS_NAME = "parts.sha256"
LOCK_NAME = ".lock"


class RunFolderError(ValueError):
    """A streamed-run directory that cannot be used as asked (other settings, held by another
    run, a damaged or missing part); the message is one line naming the directory."""


def part_name(first_hand: int) -> str:
    """Return the file name of the part whose first hand index is ``first_hand``."""
    return f"{PART_PREFIX}{first_hand:012d}{PART_SUFFIX}"


def chunk_starts(hands: int, chunk: int) -> list[tuple[int, int]]:
    """Return the ``(first_hand, n_hands)`` of every chunk splitting ``0 .. hands - 1``, in order."""
    return [(first, min(chunk, hands - first)) for first in range(0, hands, chunk)]


def _atomic_replace(write, path: Path, before_rename=None) -> None:
    """Call ``write(temporary_path)``, then ``before_rename()`` (which may raise to drop the file), then rename it
    onto ``path`` (same directory, atomic)."""
    temporary = path.with_name(f"{path.name}{TEMP_MARKER}{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        write(temporary)
        if before_rename is not None:
            before_rename()
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()


def file_digest(path: str | os.PathLike) -> str:
    """Return the SHA-256 of the file at ``path`` as 64 hex digits."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_part(frame: pl.DataFrame, directory: str | os.PathLike, first_hand: int, owner: int | None = None) -> str:
    """Write ``frame`` as the part starting at ``first_hand`` (atomically); return the SHA-256 of
    the bytes written (to be recorded with ``record_part`` by the process that owns the directory).

    With ``owner`` (the pid of the run holding the directory's lock, for a worker writing on its behalf), the
    part is renamed into place only while that process still holds the lock: otherwise the temporary file is
    removed and RunFolderError raised, so a worker outliving a killed run never adds a part to a folder it
    does not hold (a later run into it may be writing)."""
    path = Path(directory) / part_name(first_hand)
    digests = []

    def write(tmp: Path) -> None:
        frame.write_parquet(tmp, compression="zstd", statistics=True)
        digests.append(file_digest(tmp))

    def check_owner() -> None:
        if owner is not None and not lock_held_by(directory, owner):
            raise RunFolderError(f"{os.fspath(directory)!r} is no longer locked by run pid {owner}; "
                                 f"part {path.name} not written")

    _atomic_replace(write, path, check_owner)
    return digests[0]


def record_part(directory: str | os.PathLike, first_hand: int, rows: int, digest: str) -> None:
    """Append the checksum line of a finished part to the directory's ``parts.sha256``."""
    with open(Path(directory) / CHECKSUMS_NAME, "a", encoding="ascii") as handle:
        handle.write(f"{digest} {int(rows)} {part_name(first_hand)}\n")
        handle.flush()


def recorded_parts(directory: str | os.PathLike) -> dict[str, tuple[int, str]]:
    """Return {part name: (rows, sha256)} from ``parts.sha256`` (malformed or torn lines ignored)."""
    path = Path(directory) / CHECKSUMS_NAME
    if not path.exists():
        return {}
    recorded = {}
    for line in path.read_text(encoding="ascii", errors="replace").splitlines():
        fields = line.split()
        if len(fields) == 3 and len(fields[0]) == 64 and fields[1].isdigit() and fields[2].startswith(PART_PREFIX):
            recorded[fields[2]] = (int(fields[1]), fields[0])
    return recorded


def part_problem(directory: str | os.PathLike, first_hand: int, n_hands: int,
                 recorded: dict[str, tuple[int, str]]) -> str | None:
    """Return why the finished part starting at ``first_hand`` is not the whole chunk of ``n_hands``
    hands (a short phrase), or None when it is. A recorded part is checked against its row count and
    checksum; an unrecorded one (its writer stopped before recording it) is read in full, its hands
    checked, and then recorded."""
    name = part_name(first_hand)
    path = Path(directory) / name
    if name in recorded:
        rows, digest = recorded[name]
        if rows != n_hands:
            return f"it holds {rows} hands, the chunk has {n_hands}"
        return None if file_digest(path) == digest else "its checksum does not match parts.sha256"
    try:
        hands = pl.read_parquet(path, columns=["hand"])["hand"]
    except Exception as error:  # any unreadable file: polars raises several types
        return f"it cannot be read ({str(error).strip().splitlines()[0][:80]})"
    if hands.len() != n_hands or hands.to_list() != list(range(first_hand, first_hand + n_hands)):
        return f"it holds {hands.len()} rows, not hands {first_hand}..{first_hand + n_hands - 1}"
    record_part(directory, first_hand, n_hands, file_digest(path))
    return None


def check_parts(directory: str | os.PathLike, chunks: list[tuple[int, int]]) -> tuple[list, list]:
    """Return ``(good, bad)``: the ``(first_hand, n_hands)`` chunks whose finished part verifies, and
    ``(first_hand, n_hands, reason)`` for the parts present but damaged. Missing parts are in neither."""
    present = finished_parts(directory)
    recorded = recorded_parts(directory)
    good, bad = [], []
    for first, n in chunks:
        if part_name(first) in present:
            reason = part_problem(directory, first, n, recorded)
            if reason is None:
                good.append((first, n))
            else:
                bad.append((first, n, reason))
    return good, bad


# --------------------------------------------------------------------------- the directory lock

@contextlib.contextmanager
def folder_lock(directory: str | os.PathLike):
    """Hold an exclusive lock on the directory's ``.lock`` file while the block runs.

    The lock is an OS file lock (``flock``), so the kernel releases it when its process ends, even
    by SIGKILL: a lock left by a dead run is simply taken over. The file holds the holder's pid and
    host, for the message. Raises RunFolderError (one line) when a live process holds it.
    """
    directory = Path(directory)
    path = directory / LOCK_NAME
    descriptor = os.open(path, os.O_CREAT | os.O_RDWR, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.ENOLCK, errno.EOPNOTSUPP):  # a filesystem without locks: run unlocked
                yield path
                return
            holder = os.pread(descriptor, 200, 0).decode("utf-8", "replace").split()
            who = f"pid {holder[0]} on {holder[1]}" if len(holder) == 2 else "another process"
            raise RunFolderError(f"another run ({who}) is writing into {os.fspath(directory)!r}; "
                                 f"wait for it to finish or use another folder") from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()} {socket.gethostname()}\n".encode(), 0)
        try:
            yield path
        finally:
            os.ftruncate(descriptor, 0)
    finally:
        os.close(descriptor)  # closing releases the lock; the file stays (unlinking it would race)


def lock_held_by(directory: str | os.PathLike, pid: int) -> bool:
    """Return True when the process ``pid`` holds the directory's lock (``folder_lock``): the lock is taken and its
    file names ``pid``. True as well on a filesystem without locks, where ``folder_lock`` runs unlocked."""
    try:
        descriptor = os.open(Path(directory) / LOCK_NAME, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.ENOLCK, errno.EOPNOTSUPP):
                return True
            holder = os.pread(descriptor, 200, 0).decode("utf-8", "replace").split()
            return bool(holder) and holder[0] == str(pid)
        fcntl.flock(descriptor, fcntl.LOCK_UN)  # nobody held it: the run that took it is gone
        return False
    finally:
        os.close(descriptor)


def finished_parts(directory: str | os.PathLike) -> set[str]:
    """Return the names of the whole part files present in ``directory`` (temporaries excluded)."""
    directory = Path(directory)
    if not directory.is_dir():
        return set()
    return {
        p.name
        for p in directory.iterdir()
        if p.name.startswith(PART_PREFIX) and p.name.endswith(PART_SUFFIX) and TEMP_MARKER not in p.name
    }


def remove_stale_temporaries(directory: str | os.PathLike) -> int:
    """Delete temporaries left by an interrupted run in ``directory``; return how many were removed.

    Call it only while holding the directory's lock: other writers' temporaries look the same.
    """
    removed = 0
    for p in Path(directory).iterdir():
        if TEMP_MARKER in p.name:
            p.unlink(missing_ok=True)
            removed += 1
    return removed


def write_manifest(directory: str | os.PathLike, settings: dict) -> None:
    """Write the run ``settings`` (JSON-serialisable dict) as the directory's manifest, atomically."""
    document = {"format": MANIFEST_FORMAT, **settings}
    text = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False)
    _atomic_replace(lambda tmp: Path(tmp).write_text(text, encoding="utf-8"), Path(directory) / MANIFEST_NAME)


def read_manifest(directory: str | os.PathLike) -> dict | None:
    """Return the manifest of ``directory`` as a dict (without the format key), or None if absent."""
    path = Path(directory) / MANIFEST_NAME
    if not path.exists():
        return None
    document = json.loads(path.read_text(encoding="utf-8"))
    document.pop("format", None)
    return document


def _first_difference(existing, wanted, prefix: str = "") -> str | None:
    """Return the dotted key path of the first difference between two JSON-like values, or None."""
    if isinstance(existing, dict) and isinstance(wanted, dict):
        for key in sorted(set(existing) | set(wanted)):
            if key not in existing or key not in wanted:
                return f"{prefix}{key}"
            found = _first_difference(existing[key], wanted[key], f"{prefix}{key}.")
            if found is not None:
                return found
        return None
    return None if existing == wanted else prefix.rstrip(".")


def check_manifest(directory: str | os.PathLike, settings: dict) -> bool:
    """Compare ``settings`` with the manifest of ``directory``.

    Returns True when a matching manifest exists (resume), False when there is none (fresh run).
    A run asking for more hands than the folder's, all else equal, matches too: it extends the run
    (hand *i* does not depend on the hand count, so the finished parts are the first hands of the
    longer run; the caller writes the new manifest). Raises a one-line RunFolderError naming the
    first differing key otherwise (the chunk only when nothing else differs), and ``FewerHandsError`` for fewer
    hands, all else but the chunk equal (a folder grows, it is never cut; the default chunk follows the hands, so
    fewer hands also mean another chunk).
    """
    existing = read_manifest(directory)
    if existing is None:
        return False
    wanted = json.loads(json.dumps(settings))  # same normalisation as the file (tuples -> lists)
    key = _first_difference({**existing, "hands": None, "chunk": None}, {**wanted, "hands": None, "chunk": None})
    if key is None and wanted.get("hands", 0) < existing.get("hands", 0):
        raise FewerHandsError(directory, existing["hands"], wanted["hands"])
    if key is None:  # the chunk last: the default one follows the hands, another key is what the user changed
        key = _first_difference({"chunk": existing.get("chunk")}, {"chunk": wanted.get("chunk")})
    if key is not None:
        old = _lookup(existing, key)
        new = _lookup(wanted, key)
        raise RunFolderError(
            f"out={os.fspath(directory)!r} holds a run with different settings: {key} is {old!r} there, "
            f"{new!r} now (use another directory or the same settings)"
        )
    return True


class FewerHandsError(RunFolderError):
    """A run into a folder holding a run of more hands (``held``) than it asks for (``asked``): a folder is extended,
    never cut. The message is one line naming the folder and both counts (``message``: another wording of it)."""

    def __init__(self, directory: str | os.PathLike, held: int, asked: int, message: str | None = None):
        self.directory, self.held, self.asked = os.fspath(directory), int(held), int(asked)
        super().__init__(message or f"out={self.directory!r} holds a run of {self.held:,} hands; hands={self.asked} "
                                    f"asks for fewer: use a new folder or hands>={self.held}")


def _lookup(document: dict, dotted: str):
    """Return the value at a dotted key path, or '<absent>'."""
    value = document
    for part in dotted.split("."):
        if not isinstance(value, dict) or part not in value:
            return "<absent>"
        value = value[part]
    return value


def missing_parts(directory: str | os.PathLike) -> list[str]:
    """Return the part names the manifest of ``directory`` expects but that are not present."""
    manifest = read_manifest(directory)
    if manifest is None:
        raise RunFolderError(f"{os.fspath(directory)!r} is not a simulate(out=...) directory: no {MANIFEST_NAME}")
    present = finished_parts(directory)
    expected = [part_name(first) for first, _ in chunk_starts(manifest["hands"], manifest["chunk"])]
    return [name for name in expected if name not in present]


def scan(directory: str | os.PathLike, verify: bool = True) -> pl.LazyFrame:
    """Return a lazy polars scan over every part of a finished streamed run (one row per hand).

    Raises RunFolderError (one line) when the run is unfinished (parts missing) or, with
    ``verify``, when a part fails its row count and checksum: rerun ``simulate`` with the same
    settings to complete or repair it.
    """
    missing = missing_parts(directory)
    where = os.fspath(directory)
    if missing:
        raise RunFolderError(
            f"run in {where!r} is unfinished: {len(missing)} part(s) missing, "
            f"first {missing[0]}; rerun simulate with the same settings to complete it"
        )
    if verify:
        manifest = read_manifest(directory)
        _, bad = check_parts(directory, chunk_starts(manifest["hands"], manifest["chunk"]))
        if bad:
            first, _, reason = bad[0]
            raise RunFolderError(
                f"part {part_name(first)} in {where!r} is damaged: {reason} ({len(bad)} damaged part(s)); "
                f"rerun simulate with the same settings to recompute it"
            )
    return pl.scan_parquet(os.path.join(where, f"{PART_PREFIX}*{PART_SUFFIX}"))


def load(directory: str | os.PathLike) -> pl.DataFrame:
    """Return the records of a finished streamed run as one polars DataFrame sorted by ``hand``
    (every part verified first, see ``scan``)."""
    return scan(directory).collect().sort("hand")


class StreamedRun(type(Path())):
    """The directory of a streamed run (a ``pathlib.Path``), as returned by ``simulate(out=...)``.

    ``load()`` returns its records as one polars DataFrame, ``scan()`` a LazyFrame;
    ``simulated_hands`` / ``reused_hands`` count the hands played by the call that returned it
    and those taken from parts finished before (both None on paths derived from it).
    """

    simulated_hands: int | None = None
    reused_hands: int | None = None

    def load(self) -> pl.DataFrame:
        """Return the run's records, one row per hand sorted by ``hand`` (see ``sim.parts.load``)."""
        return load(self)

    def scan(self) -> pl.LazyFrame:
        """Return a lazy scan of the run's records (see ``sim.parts.scan``)."""
        return scan(self)
