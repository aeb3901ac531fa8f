"""Parquet part naming, atomic writes, the resume manifest and loading (sim.parts)."""
import json
import os
import signal
import subprocess
import sys

import numpy as np
import polars as pl
import pytest

from sim import parts
from sim.record import N_KERNEL_COLUMNS, to_frame


def frame_of(first: int, n: int) -> pl.DataFrame:
    """A typed record frame of hands first..first+n-1 (all other columns zero)."""
    matrix = np.zeros((n, N_KERNEL_COLUMNS), dtype=np.int32)
    matrix[:, 0] = np.arange(first, first + n)
    return to_frame(matrix, 5, "jincheng", ["greedy"] * 4)


SETTINGS = {"seed": 5, "variant": "jincheng", "rules": {"houbao_units": 2}, "seats": ["greedy"] * 4,
            "hands": 10, "chunk": 4, "session_length": 0}


def test_chunk_starts_cover_every_hand_once():
    assert parts.chunk_starts(10, 4) == [(0, 4), (4, 4), (8, 2)]
    assert parts.chunk_starts(8, 4) == [(0, 4), (4, 4)]
    for hands, chunk in [(1, 1), (7, 3), (1000, 999), (5, 10)]:
        covered = [first + i for first, n in parts.chunk_starts(hands, chunk) for i in range(n)]
        assert covered == list(range(hands))


def test_part_names_sort_in_hand_order():
    names = [parts.part_name(first) for first in (0, 9, 10, 123_456_789)]
    assert names == sorted(names)
    assert names[0] == "part-000000000000.parquet"


def test_write_part_is_whole_or_absent(tmp_path, monkeypatch):
    frame = frame_of(0, 4)

    def broken_write(self, path, **kwargs):
        with open(path, "wb") as handle:
            handle.write(b"PAR1 half a file")
        raise OSError("disk full")

    monkeypatch.setattr(pl.DataFrame, "write_parquet", broken_write)
    with pytest.raises(OSError):
        parts.write_part(frame, tmp_path, 0)
    assert list(tmp_path.iterdir()) == []


def test_finished_parts_ignore_temporaries(tmp_path):
    parts.write_part(frame_of(0, 4), tmp_path, 0)
    (tmp_path / (parts.part_name(4) + ".tmp-1-abc")).write_bytes(b"partial")
    assert parts.finished_parts(tmp_path) == {parts.part_name(0)}
    assert parts.remove_stale_temporaries(tmp_path) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [parts.part_name(0)]


def test_manifest_round_trip_and_match(tmp_path):
    assert parts.check_manifest(tmp_path, SETTINGS) is False
    parts.write_manifest(tmp_path, SETTINGS)
    assert parts.read_manifest(tmp_path) == SETTINGS
    assert json.loads((tmp_path / parts.MANIFEST_NAME).read_text())["format"] == parts.MANIFEST_FORMAT
    assert parts.check_manifest(tmp_path, dict(SETTINGS)) is True


@pytest.mark.parametrize("key, value, named", [
    ("seed", 6, "seed"),
    ("rules", {"houbao_units": 1}, "rules.houbao_units"),
    ("rules", {"houbao_units": 2, "multi_ron": "all"}, "rules.multi_ron"),
    ("seats", ["random"] + ["greedy"] * 3, "seats"),
    ("chunk", 5, "chunk"),
    ("session_length", 8, "session_length"),
])
def test_manifest_mismatch_names_the_key(tmp_path, key, value, named):
    parts.write_manifest(tmp_path, SETTINGS)
    with pytest.raises(ValueError, match=rf"^out=.* {named} is .* there, .* now") as error:
        parts.check_manifest(tmp_path, {**SETTINGS, key: value})
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("chunk", [4, 3])
def test_fewer_hands_are_refused_as_fewer_hands_whatever_the_chunk(tmp_path, chunk):
    """The default chunk follows the hands: fewer hands with another chunk are still fewer hands."""
    parts.write_manifest(tmp_path, SETTINGS)
    with pytest.raises(parts.FewerHandsError) as error:
        parts.check_manifest(tmp_path, {**SETTINGS, "hands": 6, "chunk": chunk})
    assert (error.value.held, error.value.asked) == (10, 6)
    assert str(error.value) == f"out={str(tmp_path)!r} holds a run of 10 hands; hands=6 asks for fewer: " \
                               f"use a new folder or hands>=10"


def test_fewer_hands_with_another_seed_name_the_seed(tmp_path):
    parts.write_manifest(tmp_path, SETTINGS)
    with pytest.raises(parts.RunFolderError, match=r" seed is 5 there, 6 now") as error:
        parts.check_manifest(tmp_path, {**SETTINGS, "hands": 6, "chunk": 3, "seed": 6})
    assert not isinstance(error.value, parts.FewerHandsError)


def test_load_sorts_by_hand_and_refuses_unfinished_runs(tmp_path):
    parts.write_manifest(tmp_path, SETTINGS)
    for first, n in reversed(parts.chunk_starts(10, 4)):
        parts.write_part(frame_of(first, n), tmp_path, first)
    loaded = parts.load(tmp_path)
    assert loaded["hand"].to_list() == list(range(10))
    assert loaded.schema == frame_of(0, 1).schema
    (tmp_path / parts.part_name(4)).unlink()
    assert parts.missing_parts(tmp_path) == [parts.part_name(4)]
    with pytest.raises(ValueError, match="unfinished: 1 part"):
        parts.load(tmp_path)


def test_load_of_a_plain_directory_is_an_error(tmp_path):
    with pytest.raises(ValueError, match="no manifest.json"):
        parts.load(tmp_path)


def test_write_part_returns_the_checksum_of_the_file_and_records_keep_the_last_line(tmp_path):
    digest = parts.write_part(frame_of(0, 4), tmp_path, 0)
    assert digest == parts.file_digest(tmp_path / parts.part_name(0))
    parts.record_part(tmp_path, 0, 3, "0" * 64)
    parts.record_part(tmp_path, 0, 4, digest)
    with open(tmp_path / parts.CHECKSUMS_NAME, "a") as handle:
        handle.write("abc 4 part-0000")  # a line torn by a kill
    assert parts.recorded_parts(tmp_path) == {parts.part_name(0): (4, digest)}


def test_check_parts_names_each_kind_of_damage(tmp_path):
    chunks = parts.chunk_starts(10, 4)
    for first, n in chunks:
        parts.record_part(tmp_path, first, n, parts.write_part(frame_of(first, n), tmp_path, first))
    assert parts.check_parts(tmp_path, chunks) == (chunks, [])
    path = tmp_path / parts.part_name(4)
    path.write_bytes(path.read_bytes()[:-8])
    parts.record_part(tmp_path, 8, 3, parts.file_digest(tmp_path / parts.part_name(8)))
    good, bad = parts.check_parts(tmp_path, chunks)
    assert good == [(0, 4)]
    assert bad == [(4, 4, "its checksum does not match parts.sha256"), (8, 2, "it holds 3 hands, the chunk has 2")]


def test_an_unrecorded_part_is_checked_by_reading_it(tmp_path):
    parts.write_part(frame_of(0, 4), tmp_path, 0)
    parts.write_part(frame_of(4, 3), tmp_path, 4)   # one hand short
    good, bad = parts.check_parts(tmp_path, [(0, 4), (4, 4)])
    assert good == [(0, 4)] and bad == [(4, 4, "it holds 3 rows, not hands 4..7")]
    assert set(parts.recorded_parts(tmp_path)) == {parts.part_name(0)}   # verified, so recorded now
    (tmp_path / parts.part_name(0)).write_bytes(b"PAR1")
    (tmp_path / parts.CHECKSUMS_NAME).unlink()
    (_, _, reason), = parts.check_parts(tmp_path, [(0, 4)])[1]
    assert reason.startswith("it cannot be read (")


def test_load_refuses_a_damaged_part_in_one_line(tmp_path):
    parts.write_manifest(tmp_path, SETTINGS)
    for first, n in parts.chunk_starts(10, 4):
        parts.record_part(tmp_path, first, n, parts.write_part(frame_of(first, n), tmp_path, first))
    assert parts.load(tmp_path).height == 10
    path = tmp_path / parts.part_name(8)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(parts.RunFolderError, match=rf"^part {parts.part_name(8)} in .* is damaged: its checksum"):
        parts.load(tmp_path)


def test_the_folder_lock_excludes_a_second_holder_and_is_freed_by_a_kill(tmp_path):
    with parts.folder_lock(tmp_path):
        with pytest.raises(parts.RunFolderError, match=rf"^another run \(pid {os.getpid()} on "):
            with parts.folder_lock(tmp_path):
                pass
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from sim import parts\n"
         f"with parts.folder_lock({str(tmp_path)!r}):\n    print('held', flush=True); time.sleep(120)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(parts.RunFolderError, match=rf"pid {holder.pid} on"):
            with parts.folder_lock(tmp_path):
                pass
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    with parts.folder_lock(tmp_path):   # the lock of the killed process is taken over
        assert (tmp_path / parts.LOCK_NAME).read_text().split()[0] == str(os.getpid())


def test_a_part_written_for_a_run_lands_only_while_that_run_holds_the_lock(tmp_path):
    """A worker writes on behalf of the run holding the folder's lock (``owner``): with the lock held by that run the
    part lands; with no holder (the run was killed) or another holder it is refused in one line and nothing is left,
    neither the part nor its temporary file."""
    me = os.getpid()
    with parts.folder_lock(tmp_path):
        assert parts.lock_held_by(tmp_path, me) and not parts.lock_held_by(tmp_path, me + 1)
        parts.write_part(frame_of(0, 4), tmp_path, 0, owner=me)
        with pytest.raises(parts.RunFolderError, match=rf"no longer locked by run pid {me + 1}; part "
                                                       rf"part-000000000004.parquet not written$"):
            parts.write_part(frame_of(4, 4), tmp_path, 4, owner=me + 1)
    assert not parts.lock_held_by(tmp_path, me)  # released: a dead run's lock is held by nobody
    with pytest.raises(parts.RunFolderError, match="no longer locked"):
        parts.write_part(frame_of(8, 2), tmp_path, 8, owner=me)
    assert sorted(p.name for p in tmp_path.iterdir()) == [parts.LOCK_NAME, parts.part_name(0)]
    parts.write_part(frame_of(8, 2), tmp_path, 8)  # without an owner (the run's own process): written as before
    assert parts.part_name(8) in parts.finished_parts(tmp_path)
