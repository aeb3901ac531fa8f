"""The batch driver sim.simulate: arguments, the returned frame, streaming, resume (real engine)."""
import sys

import numpy as np
import polars as pl
import pytest

import sim
from sim import driver, parts

SEATS = ["greedy"] * 4


@pytest.fixture(scope="module")
def reference():
    """Records of hands 0..239 of seed 11, played in one chunk in this process."""
    return sim.simulate(240, seed=11, seats=SEATS, chunk=240, progress=False)


def test_one_row_per_hand_sorted_with_run_columns(reference):
    assert reference.height == 240
    assert reference["hand"].to_list() == list(range(240))
    assert (reference["seed"] == 11).all()
    assert (reference["variant"].cast(pl.String) == "jincheng").all()
    for k in range(4):
        assert (reference[f"s{k}_strategy"].cast(pl.String) == "greedy").all()
    assert reference.columns == list(sim.record.schema())


def test_deltas_sum_to_zero(reference):
    total = sum(reference[f"s{k}_delta"].cast(pl.Int64) for k in range(4))
    assert (total == 0).all()


@pytest.mark.parametrize("kwargs, key", [
    ({"hands": 0}, "hands"),
    ({"hands": "10"}, "hands"),
    ({"hands": True}, "hands"),
    ({"hands": 10, "seed": -1}, "seed"),
    ({"hands": 10, "seed": 2**63}, "seed"),
    ({"hands": 10, "jobs": 0}, "jobs"),
    ({"hands": 10, "jobs": -2}, "jobs"),
    ({"hands": 10, "jobs": 1.5}, "jobs"),
    ({"hands": 10, "chunk": 0}, "chunk"),
    ({"hands": 10, "backend": "spark"}, "backend='spark' is not one of loky, dask"),
    ({"hands": 10, "scheduler": "tcp://127.0.0.1:8786"}, "scheduler"),
    ({"hands": 10, "session_length": -1}, "session_length"),
    ({"hands": 10, "session_length": 4}, "hands=10 must be a whole number of sessions"),
    ({"hands": 8, "session_length": 4, "chunk": 6}, "chunk=6 must be a multiple of session_length=4"),
    ({"hands": 10, "progress": "yes"}, "progress"),
    ({"hands": 10, "no_such_rule": 1}, "no_such_rule"),
    ({"hands": 10, "seats": "greedy"}, "seats"),
])
def test_bad_arguments_give_a_one_line_error_naming_the_key(kwargs, key):
    with pytest.raises(ValueError) as error:
        sim.simulate(**kwargs)
    message = str(error.value)
    assert key in message
    assert "\n" not in message


def test_bad_strategy_name_lists_the_valid_ones():
    with pytest.raises(ValueError) as error:
        sim.simulate(10, seats=["greedy", "no_such_bot", "greedy", "greedy"])
    message = str(error.value)
    assert "no_such_bot" in message and "greedy" in message and "random" in message
    assert "\n" not in message


def test_default_chunk_is_aligned_to_sessions_and_bounded():
    for hands in (1, 12, 1_000, 99_996, 10_000_000):
        for session_length in (0, 4, 6):
            if session_length and hands % session_length:
                continue
            chunk = driver.default_chunk(hands, session_length)
            assert 1 <= chunk <= hands
            assert chunk <= driver.MAX_DEFAULT_CHUNK + session_length
            if session_length:
                assert chunk % session_length == 0
    assert driver.worker_count(-1) >= 1


def test_streamed_parts_load_to_the_same_records(tmp_path, reference):
    out = sim.simulate(240, seed=11, seats=SEATS, chunk=100, out=tmp_path / "run", progress=False)
    assert out == tmp_path / "run"
    assert sorted(p.name for p in out.iterdir()) == [
        parts.LOCK_NAME, "manifest.json", parts.part_name(0), parts.part_name(100), parts.part_name(200),
        parts.CHECKSUMS_NAME]
    assert out.simulated_hands == 240 and out.reused_hands == 0
    assert out.load().equals(reference)
    manifest = parts.read_manifest(out)
    assert manifest["seed"] == 11 and manifest["chunk"] == 100 and manifest["seats"] == SEATS
    assert manifest["rules"]["houbao_units"] == 2
    assert driver.load(out).equals(reference)
    assert driver.scan(out).select(pl.len()).collect().item() == 240


def counting_play_matrix(monkeypatch) -> list:
    """Make driver.play_matrix record the (first_hand, n_hands) of every chunk it plays; return that list."""
    played = []
    real_play = driver.play_matrix

    def counting_play(rules, seats, seed, first_hand, n_hands, session_length, deal_condition=0):
        played.append((first_hand, n_hands))
        return real_play(rules, seats, seed, first_hand, n_hands, session_length, deal_condition)

    monkeypatch.setattr(driver, "play_matrix", counting_play)
    return played


@pytest.mark.parametrize("damage", ["truncate", "flip_a_byte", "empty"])
def test_a_damaged_finished_part_is_recomputed_with_one_line(tmp_path, monkeypatch, capsys, reference, damage):
    out = tmp_path / "run"
    sim.simulate(240, seed=11, seats=SEATS, chunk=100, out=out, progress=False)
    path = out / parts.part_name(100)
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flip_a_byte":
        path.write_bytes(data[:200] + bytes([data[200] ^ 0xFF]) + data[201:])
    else:
        path.write_bytes(b"")
    capsys.readouterr()
    with pytest.raises(parts.RunFolderError, match=rf"part {parts.part_name(100)} in .* is damaged"):
        driver.load(out)
    played = counting_play_matrix(monkeypatch)
    run = sim.simulate(240, seed=11, seats=SEATS, chunk=100, out=out, progress=False)
    assert played == [(100, 100)]
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"part {parts.part_name(100)} in {out} is damaged "
                      "(its checksum does not match parts.sha256); recomputing it")
    assert err[1] == f"resuming {out}: 2 of 3 parts done (140 hands)"
    assert (run.simulated_hands, run.reused_hands) == (100, 140)
    assert run.load().equals(reference)


def test_an_unrecorded_part_is_read_in_full_before_it_is_reused(tmp_path, monkeypatch, capsys, reference):
    # a run killed between renaming a part and recording its checksum leaves a part without a line
    out = tmp_path / "run"
    sim.simulate(240, seed=11, seats=SEATS, chunk=100, out=out, progress=False)
    (out / parts.CHECKSUMS_NAME).write_text("")
    data = (out / parts.part_name(200)).read_bytes()
    (out / parts.part_name(200)).write_bytes(data[:-10])
    played = counting_play_matrix(monkeypatch)
    sim.simulate(240, seed=11, seats=SEATS, chunk=100, out=out, progress=False)
    assert played == [(200, 40)]
    assert f"part {parts.part_name(200)} in {out} is damaged (it cannot be read" in capsys.readouterr().err
    assert set(parts.recorded_parts(out)) == {parts.part_name(f) for f in (0, 100, 200)}
    assert driver.load(out).equals(reference)


def test_a_second_run_into_a_folder_held_by_a_live_run_stops_in_one_line(tmp_path, monkeypatch):
    out = tmp_path / "run"
    out.mkdir()
    played = counting_play_matrix(monkeypatch)
    with parts.folder_lock(out):
        with pytest.raises(parts.RunFolderError, match=r"^another run \(pid \d+ on .*\) is writing into") as error:
            sim.simulate(40, seed=11, seats=SEATS, chunk=20, out=out, progress=False)
    assert "\n" not in str(error.value) and played == []
    sim.simulate(40, seed=11, seats=SEATS, chunk=20, out=out, progress=False)  # released: runs
    assert played == [(0, 20), (20, 20)]


def test_resume_recomputes_only_the_deleted_part(tmp_path, monkeypatch, reference):
    out = tmp_path / "run"
    sim.simulate(240, seed=11, seats=SEATS, chunk=100, out=out, progress=False)
    kept = {name: (out / name).stat().st_mtime_ns for name in (parts.part_name(0), parts.part_name(200))}
    (out / parts.part_name(100)).unlink()
    played = counting_play_matrix(monkeypatch)
    sim.simulate(240, seed=11, seats=SEATS, chunk=100, out=out, progress=False)
    assert played == [(100, 100)]
    assert {name: (out / name).stat().st_mtime_ns for name in kept} == kept
    assert driver.load(out).equals(reference)
    played.clear()
    sim.simulate(240, seed=11, seats=SEATS, chunk=100, out=out, progress=False)
    assert played == []


def test_a_rerun_with_more_hands_extends_the_folder_and_plays_only_the_new_hands(tmp_path, monkeypatch, capfd,
                                                                                 reference):
    """Hand i does not depend on the hand count, so 150 hands then 240 into one folder give the 240-hand records;
    the folder's chunk is kept (default chunk None) and its short last part (100..149) is played whole again."""
    out = tmp_path / "run"
    sim.simulate(150, seed=11, seats=SEATS, chunk=100, out=out, progress=False)
    played = counting_play_matrix(monkeypatch)
    capfd.readouterr()
    run = sim.simulate(240, seed=11, seats=SEATS, out=out, progress=False)
    assert played == [(100, 100), (200, 40)]
    assert (run.simulated_hands, run.reused_hands) == (140, 100)
    assert capfd.readouterr().err.splitlines() == [f"extending {out} from 150 to 240 hands",  # no "damaged" line
                                                   f"resuming {out}: 1 of 3 parts done (100 hands)"]
    assert parts.read_manifest(out)["hands"] == 240 and parts.read_manifest(out)["chunk"] == 100
    assert driver.load(out).equals(reference)


@pytest.mark.parametrize("chunk", [20, None])
def test_a_rerun_with_fewer_hands_is_refused_as_such_in_one_line(tmp_path, chunk):
    """Also when no chunk is set: the default chunk follows the hands (40 there, 30 now), and the refusal still
    says what the user changed, the hands."""
    sim.simulate(40, seed=11, seats=SEATS, chunk=chunk, out=tmp_path, progress=False)
    with pytest.raises(parts.RunFolderError) as error:
        sim.simulate(30, seed=11, seats=SEATS, chunk=chunk, out=tmp_path, progress=False)
    assert str(error.value) == (f"out={str(tmp_path)!r} holds a run of 40 hands; hands=30 asks for fewer: "
                                f"use a new folder or hands>=40")
    assert driver.load(tmp_path).height == 40


@pytest.mark.parametrize("change, key", [
    ({"seed": 12}, "seed"),
    ({"chunk": 120}, "chunk"),
    ({"houbao_units": 1}, "rules.houbao_units"),
    ({"seats": ["random"] + SEATS[1:]}, "seats"),
])
def test_rerun_with_other_settings_names_the_differing_key(tmp_path, change, key):
    settings = {"hands": 40, "seed": 11, "seats": SEATS, "chunk": 20, "progress": False}
    sim.simulate(**settings, out=tmp_path)
    with pytest.raises(ValueError, match=rf" {key} is ") as error:
        sim.simulate(**{**settings, **change}, out=tmp_path)
    assert "\n" not in str(error.value)


def test_progress_bar_only_when_asked(capsys):
    sim.simulate(20, seed=1, seats=SEATS, progress=False)
    assert capsys.readouterr().err == ""
    sim.simulate(20, seed=1, seats=SEATS, progress=True)
    assert "hands" in capsys.readouterr().err


def test_session_mode_numbers_sessions_and_hands(reference):
    frame = sim.simulate(24, seed=11, seats=SEATS, session_length=8, chunk=8, progress=False)
    assert frame["session"].to_list() == [h // 8 for h in range(24)]
    assert frame["hand_in_session"].to_list() == [h % 8 for h in range(24)]


def test_dask_backend_without_dask_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r'pip install "mahjong-rules-lab\[dask\]"'):
        sim.simulate(10, seats=SEATS, backend="dask", progress=False)


def test_int32_matrix_of_a_chunk_has_the_kernel_columns():
    matrix = driver.play_matrix(*driver.resolve("jincheng", SEATS, {})[:2], 3, 5, 7, 0)
    assert matrix.dtype == np.int32
    assert matrix.shape == (7, sim.record.N_KERNEL_COLUMNS)
    assert matrix[:, 0].tolist() == list(range(5, 12))


def test_a_conditioned_run_resumes_and_refuses_a_folder_of_another_condition(tmp_path):
    """The deal condition is part of a streamed run's settings: a rerun with it resumes, another condition
    (or none) is refused with one line before anything is played."""
    from sim.deal_conditions import yaojiu_condition

    out = tmp_path / "run"
    first = sim.simulate(120, seed=4, seats=SEATS, chunk=60, out=out, progress=False,
                         deal_condition=yaojiu_condition(10))
    assert (first.load()["s0_yaojiu_start"] == 10).all()
    again = sim.simulate(120, seed=4, seats=SEATS, chunk=60, out=out, progress=False,
                         deal_condition=yaojiu_condition(10))
    assert again.reused_hands == 120 and again.load().equals(first.load())
    for other in (0, yaojiu_condition(11)):
        with pytest.raises(parts.RunFolderError):
            sim.simulate(120, seed=4, seats=SEATS, chunk=60, out=out, progress=False, deal_condition=other)
    with pytest.raises(ValueError, match="deal_condition=3 is not valid"):
        sim.simulate(10, seed=4, seats=SEATS, deal_condition=3)
