"""sim.arm_stream.simulate_arms: many runs' chunks through one pool of workers give each run's own records,
resume like simulate, and check every run before playing any (real engine, two local workers)."""
import pytest

import sim
from sim import parts
from sim.arm_stream import simulate_arms

SEATS = ["greedy"] * 4

#: Three runs unlike each other: another seed and seat, a session run, another variant with a rule flag.
RUNS = [
    dict(hands=150, seed=11, seats=SEATS, chunk=50),
    dict(hands=120, seed=5, seats=["random"] + SEATS[1:], chunk=40, session_length=8),
    dict(hands=90, seed=11, rules="jinhua", seats=SEATS, chunk=90, jh_ron_on_caishen=True),
]


def test_each_run_of_the_stream_has_the_records_it_has_alone(tmp_path):
    runs = [dict(run, out=tmp_path / f"arm{k}", label=f"arm {k}") for k, run in enumerate(RUNS)]
    streamed = simulate_arms(runs, jobs=2, progress=False)
    for run, result in zip(RUNS, streamed):
        alone = sim.simulate(**run, progress=False)  # in memory, one process
        assert result.load().equals(alone)
        assert (result.simulated_hands, result.reused_hands) == (run["hands"], 0)


def test_the_stream_bar_counts_the_runs_done_and_names_the_last_one(tmp_path, capsys, monkeypatch):
    """The one bar of the stream says in its label how many runs are done, and in its note which run's chunk
    finished last: with one run whose folder is already complete, it starts at 1/3 done and ends at 3/3 (at 120
    columns, where the note fits; at 80 a note that does not fit is left out whole, tests/test_run_bar.py)."""
    from sim import progress
    from sim.arm_stream import runs_label

    assert runs_label("3 arms", [0, 40, 90]) == "3 arms, 1/3 done"
    assert runs_label("3 arms", [0, 0, 0]) == "3 arms, 3/3 done"
    monkeypatch.setattr(progress, "DEFAULT_COLUMNS", 120)  # the width of a bar drawn into no terminal
    runs = [dict(run, out=tmp_path / f"arm{k}", label=f"arm {k}") for k, run in enumerate(RUNS)]
    simulate_arms(runs[:1], jobs=2, progress=False)
    capsys.readouterr()
    simulate_arms(runs, jobs=2, progress=True)
    bar = capsys.readouterr().err.replace("\r", "\n")
    assert "3 arms, 1/3 done: " in bar and "3 arms, 3/3 done: 100%" in bar
    assert any(line.startswith("3 arms, 3/3 done: ") and ", last: arm " in line for line in bar.splitlines())


def test_each_table_the_stream_prepares_names_its_place_on_the_compile_bar(tmp_path, monkeypatch):
    """Before the workers start, the stream prepares each distinct table the runs still play under a compile bar
    named for its place: three runs, of which one is complete and two play one table, prepare one table; three
    tables prepare as 1/3, 2/3, 3/3 (a bar that shows when a table really compiles says which one it is)."""
    import sim.arm_stream
    from sim.compile_progress import BAR_LABEL, table_label

    labels = []
    monkeypatch.setattr(sim.arm_stream, "prepare_kernels", lambda *args, label: labels.append(label))
    assert table_label(1, 1) == BAR_LABEL and table_label(2, 3) == f"{BAR_LABEL}, table 2/3"
    runs = [dict(run, out=tmp_path / f"arm{k}", label=f"arm {k}") for k, run in enumerate(RUNS)]
    simulate_arms(runs, jobs=2, progress=False)
    assert labels == [table_label(k, 3) for k in (1, 2, 3)]
    labels.clear()
    more = [dict(RUNS[0], hands=RUNS[0]["hands"] + 50, out=tmp_path / "arm0", label="arm 0"),
            dict(RUNS[0], seed=12, out=tmp_path / "arm3", label="arm 3"), runs[2]]  # arm 2: complete
    simulate_arms(more, jobs=2, progress=False)
    assert labels == [BAR_LABEL]


def test_the_stream_resumes_a_part_removed_and_extends_a_shorter_run(tmp_path):
    first = [dict(RUNS[0], out=tmp_path / "a"), dict(RUNS[1], hands=80, out=tmp_path / "b")]
    simulate_arms(first, jobs=2, progress=False)
    (tmp_path / "a" / parts.part_name(50)).unlink()
    kept = (tmp_path / "a" / parts.part_name(100)).stat().st_mtime_ns
    again = [dict(RUNS[0], out=tmp_path / "a"), dict(RUNS[1], out=tmp_path / "b")]
    a, b = simulate_arms(again, jobs=2, progress=False)
    assert (a.simulated_hands, a.reused_hands) == (50, 100)
    assert (b.simulated_hands, b.reused_hands) == (40, 80)  # hands 80..119: the folder's last part was whole
    assert (tmp_path / "a" / parts.part_name(100)).stat().st_mtime_ns == kept
    assert a.load().equals(sim.simulate(**RUNS[0], progress=False))
    assert b.load().equals(sim.simulate(**RUNS[1], progress=False))
    a, b = simulate_arms(again, jobs=2, progress=False)
    assert (a.simulated_hands, b.simulated_hands) == (0, 0)


@pytest.mark.parametrize("bad, message", [
    ({"houbao_units": "two"}, "houbao_units"),
    ({"seats": ["nobody"] * 4}, "nobody"),
    ({"session_length": 7}, "whole number of sessions"),
])
def test_a_bad_run_stops_the_stream_in_one_line_before_any_run_plays(tmp_path, bad, message):
    runs = [dict(RUNS[0], out=tmp_path / "a"), dict(RUNS[0], out=tmp_path / "b", **bad)]
    with pytest.raises(ValueError, match=message) as error:
        simulate_arms(runs, jobs=2, progress=False)
    assert "\n" not in str(error.value)
    assert not (tmp_path / "a").exists()


def test_two_runs_into_one_folder_are_refused(tmp_path):
    runs = [dict(RUNS[0], out=tmp_path / "a"), dict(RUNS[0], seed=3, out=tmp_path / "x" / ".." / "a")]
    with pytest.raises(ValueError, match="same out folder"):
        simulate_arms(runs, jobs=2, progress=False)
    with pytest.raises(ValueError, match="no out folder"):
        simulate_arms([dict(RUNS[0])], jobs=2, progress=False)


def test_a_folder_held_by_a_live_run_stops_the_stream_and_frees_the_others(tmp_path):
    (tmp_path / "b").mkdir()
    runs = [dict(RUNS[0], out=tmp_path / "a"), dict(RUNS[0], out=tmp_path / "b")]
    with parts.folder_lock(tmp_path / "b"):
        with pytest.raises(parts.RunFolderError, match="another run"):
            simulate_arms(runs, jobs=2, progress=False)
    with parts.folder_lock(tmp_path / "a"):  # the stream released the lock it had taken
        pass
    assert not list((tmp_path / "a").glob("part-*"))
