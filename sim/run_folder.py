"""A streamed run's folder, one level above its parts: what its manifest records, which chunks a rerun
still has to play (resume, repair, extension to more hands) and which chunk size a rerun keeps.

``sim.parts`` reads and writes the files (parts, manifest, lock); this module decides what a rerun
does with them. Plain Python (no kernels).
"""
from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from sim import parts
from sim.record import schema_digest


def rules_settings(rules_config) -> dict:
    """Return the rule config as a plain JSON-able dict (for the manifest)."""
    for method in ("to_dict", "as_dict"):
        if hasattr(rules_config, method):
            return dict(getattr(rules_config, method)())
    if dataclasses.is_dataclass(rules_config):
        return dataclasses.asdict(rules_config)
    if isinstance(rules_config, Mapping):
        return dict(rules_config)
    return {"packed": [int(v) for v in np.asarray(rules_config.pack()).ravel()]}


def run_settings(rules_config, labels, seed, variant, hands, chunk, session_length, deal_condition=0,
                 players=None) -> dict:
    """Return the manifest settings of a streamed run (everything that determines its records, and the record
    schema's digest: a folder written under another schema is refused, not resumed into mixed parts).

    ``deal_condition`` and ``players`` ({strategy: fingerprint}, sim.seat_plan.player_fingerprints: the learned
    player's model digest) are stored only when set, so the other runs keep the manifests they had."""
    settings = {"seed": seed, "variant": variant, "rules": rules_settings(rules_config),
                "seats": labels, "hands": hands, "chunk": chunk, "session_length": session_length,
                "record_schema": schema_digest()}
    if deal_condition:
        settings["deal_condition"] = deal_condition
    if players:
        settings["players"] = dict(players)
    return settings


def extendable_chunk(out, hands: int, session_length: int) -> int | None:
    """Return the chunk size (hands) of the run in folder ``out`` when a run of ``hands`` hands can extend it
    (it holds at most ``hands`` hands, in whole sessions), else None. Records do not depend on the chunk,
    so keeping the folder's lets a rerun with more hands reuse every full part."""
    earlier = parts.read_manifest(out) if out is not None and Path(out).is_dir() else None
    earlier_chunk = (earlier or {}).get("chunk")
    if (isinstance(earlier_chunk, int) and 1 <= earlier_chunk and earlier.get("hands", hands + 1) <= hands
            and (session_length == 0 or earlier_chunk % session_length == 0)):
        return earlier_chunk
    return None


def chunks_to_play(out_dir: Path, settings: dict, chunks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Return the chunks (first hand, hands) still to play in ``out_dir``; write the manifest of a fresh run.

    On a resume every finished part is verified (row count, checksum); a damaged one is deleted
    and replayed, with one line on stderr naming it. Prints "resuming ..." when parts are reused.
    """
    if not parts.check_manifest(out_dir, settings):
        parts.write_manifest(out_dir, settings)
        return list(chunks)
    parts.remove_stale_temporaries(out_dir)
    earlier_hands = parts.read_manifest(out_dir)["hands"]
    if earlier_hands < settings["hands"]:
        extend(out_dir, settings, earlier_hands)
    good, bad = parts.check_parts(out_dir, chunks)
    for first, _, reason in bad:
        print(f"part {parts.part_name(first)} in {os.fspath(out_dir)} is damaged ({reason}); recomputing it",
              file=sys.stderr)
        (out_dir / parts.part_name(first)).unlink(missing_ok=True)
    if good:
        print(f"resuming {os.fspath(out_dir)}: {len(good)} of {len(chunks)} parts done "
              f"({sum(n for _, n in good):,} hands)", file=sys.stderr)
    finished = {first for first, _ in good}
    return [(first, n) for first, n in chunks if first not in finished]


def extend(out_dir: Path, settings: dict, earlier_hands: int) -> None:
    """Turn the folder's run of ``earlier_hands`` hands into the first hands of a run of ``settings["hands"]``:
    drop its last part when it is shorter than a chunk (its chunk is played whole again) and write the new manifest.
    One line on stderr says so."""
    chunk = settings["chunk"]
    print(f"extending {os.fspath(out_dir)} from {earlier_hands:,} to {settings['hands']:,} hands",
          file=sys.stderr)
    if earlier_hands % chunk:
        (out_dir / parts.part_name(earlier_hands - earlier_hands % chunk)).unlink(missing_ok=True)
    parts.write_manifest(out_dir, settings)
