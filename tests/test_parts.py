"""Parquet part naming, atomic writes, the resume manifest and loading (sim.parts)."""
import json

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
