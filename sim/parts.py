"""Parquet part files of a streamed run: naming, atomic writes, the resume manifest, loading.

A streamed run writes into one directory:

* ``manifest.json`` — the settings that determine every record (seed, rules, seat labels,
  hand count, chunk size, session length). A rerun into the same directory must present the
  same settings; finished parts are then skipped.
* ``part-{first_hand:012d}.parquet`` — the records of hands ``first_hand ..
  first_hand + chunk - 1`` (the last part may be shorter). A part is written under a
  temporary name and renamed, so it is either whole or absent.

Plain Python (no kernels).
"""
from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import polars as pl

MANIFEST_NAME = "manifest.json"
PART_PREFIX = "part-"
PART_SUFFIX = ".parquet"
TEMP_MARKER = ".tmp-"
MANIFEST_FORMAT = 1


def part_name(first_hand: int) -> str:
    """Return the file name of the part whose first hand index is ``first_hand``."""
    return f"{PART_PREFIX}{first_hand:012d}{PART_SUFFIX}"


def chunk_starts(hands: int, chunk: int) -> list[tuple[int, int]]:
    """Return the ``(first_hand, n_hands)`` of every chunk splitting ``0 .. hands - 1``, in order."""
    return [(first, min(chunk, hands - first)) for first in range(0, hands, chunk)]


def _atomic_replace(write, path: Path) -> None:
    """Call ``write(temporary_path)`` then rename it onto ``path`` (same directory, atomic)."""
    temporary = path.with_name(f"{path.name}{TEMP_MARKER}{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        write(temporary)
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()


def write_part(frame: pl.DataFrame, directory: str | os.PathLike, first_hand: int) -> Path:
    """Write ``frame`` as the part starting at ``first_hand`` (atomically); return its path."""
    path = Path(directory) / part_name(first_hand)
    _atomic_replace(lambda tmp: frame.write_parquet(tmp, compression="zstd", statistics=True), path)
    return path


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
    """Delete temporaries left by an interrupted run in ``directory``; return how many were removed."""
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
    Raises a one-line ValueError naming the first differing key otherwise.
    """
    existing = read_manifest(directory)
    if existing is None:
        return False
    wanted = json.loads(json.dumps(settings))  # same normalisation as the file (tuples -> lists)
    key = _first_difference(existing, wanted)
    if key is not None:
        old = _lookup(existing, key)
        new = _lookup(wanted, key)
        raise ValueError(
            f"out={os.fspath(directory)!r} holds a run with different settings: {key} is {old!r} there, "
            f"{new!r} now (use another directory or the same settings)"
        )
    return True


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
        raise ValueError(f"{os.fspath(directory)!r} is not a simulate(out=...) directory: no {MANIFEST_NAME}")
    present = finished_parts(directory)
    expected = [part_name(first) for first, _ in chunk_starts(manifest["hands"], manifest["chunk"])]
    return [name for name in expected if name not in present]


def scan(directory: str | os.PathLike) -> pl.LazyFrame:
    """Return a lazy polars scan over every part of a finished streamed run (one row per hand).

    Raises ValueError when the run is unfinished (parts missing): rerun ``simulate`` with the same
    settings to complete it.
    """
    missing = missing_parts(directory)
    if missing:
        raise ValueError(
            f"run in {os.fspath(directory)!r} is unfinished: {len(missing)} part(s) missing, "
            f"first {missing[0]}; rerun simulate with the same settings to complete it"
        )
    return pl.scan_parquet(os.path.join(os.fspath(directory), f"{PART_PREFIX}*{PART_SUFFIX}"))


def load(directory: str | os.PathLike) -> pl.DataFrame:
    """Return the records of a finished streamed run as one polars DataFrame sorted by ``hand``."""
    return scan(directory).collect().sort("hand")
