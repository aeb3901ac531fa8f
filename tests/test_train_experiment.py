"""``mjrules experiment=train`` (issue 44): a tiny run through the command line writes its decisions, model, card and
report into the run folder (not the shipped models), its model beats a random candidate on held-out decisions, a
rerun into the folder keeps the parts written and labels only the missing ones, and bad keys stop in one line."""
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import numpy as np
import polars as pl
import pytest

ROOT = Path(__file__).resolve().parent.parent
#: A few hundred decisions on tiny worlds: hands 0 and 5 held out.
TINY = ["experiment=train", "rules=jincheng", "experiment.train.seed=7", "experiment.train.hands=10",
        "experiment.train.chunk=5", "experiment.train.worlds=4", "experiment.train.max_iter=100", "jobs=1"]


def mjrules(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """Run ``python -m experiments ARGS`` in ``cwd``; return the finished process."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "experiments", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def decisions_without_times(directory: Path) -> pl.DataFrame:
    from experiments.train_learned import read_decisions

    return read_decisions(directory).drop("part_seconds")


@pytest.mark.slow
@pytest.mark.xdist_group("teacher")  # on one worker with tests/test_learned.py's tiny fit: the teacher compiles once
def test_a_tiny_train_run_beats_random_writes_into_its_folder_and_resumes(tmp_path):
    from experiments.train_learned import evaluate, held_out, read_decisions
    from reports.summary_io import read_summary
    from sim.parts import part_name
    from strategies.learned.models import MODELS_DIR, load_model

    shipped = {p.name: p.stat().st_mtime_ns for p in MODELS_DIR.iterdir()}
    run = tmp_path / "run"
    done = mjrules([*TINY, f"hydra.run.dir={run}", "progress=false"], tmp_path)
    assert done.returncode == 0, done.stderr
    for name in ("jincheng.npz", "jincheng.md", "train.json", "summary.parquet", "report.md"):
        assert (run / name).is_file(), name
    parts = sorted((run / "decisions").glob("*.parquet"))
    assert [p.name for p in parts] == [part_name(0), part_name(5)]
    assert {p.name: p.stat().st_mtime_ns for p in MODELS_DIR.iterdir()} == shipped  # not installed
    assert all(width(line) <= 80 for line in done.stdout.splitlines() if str(run) not in line), done.stdout
    assert f"model: {run / 'jincheng.npz'}" in done.stdout

    summary, meta = read_summary(run / "summary.parquet")
    got = {(r["group"], r["name"]): r for r in summary.iter_rows(named=True)}
    decisions = got[("data", "train_decisions")]["estimate"] + got[("held_out", "regret")]["n"]
    assert 300 <= decisions <= 2000  # a few hundred decisions
    assert got[("held_out", "regret")]["estimate"] < got[("held_out", "random_regret")]["estimate"]
    assert meta["searched"]["train"] == f"{int(decisions):,} decisions of 10 hands"
    model = load_model(run / "jincheng.npz")
    card = (run / "jincheng.md").read_text(encoding="utf-8")
    assert "experiment.train.hands=10" in card and "experiment.train.install=false" in card

    # the check can fail: the same model scoring upside down picks the worst candidates, worse than random
    frame = read_decisions(run / "decisions")
    upside_down = {k: model[k] for k in ("mean", "scale", "w1", "b1")} | {"w2": -model["w2"], "b2": -model["b2"]}
    flipped = evaluate(upside_down, frame.filter(held_out(frame)))
    assert flipped["regret"] > flipped["random_regret"]

    # a run killed after its first part: the rerun keeps that part, labels the other again, the same model
    before = decisions_without_times(run / "decisions")
    kept = parts[0].stat().st_mtime_ns
    parts[1].unlink()
    (run / "jincheng.npz").unlink()
    again = mjrules([*TINY, f"hydra.run.dir={run}", "progress=false"], tmp_path)
    assert again.returncode == 0, again.stderr
    assert parts[0].stat().st_mtime_ns == kept and parts[1].is_file()
    assert decisions_without_times(run / "decisions").equals(before)
    np.testing.assert_array_equal(load_model(run / "jincheng.npz")["w1"], model["w1"])

    # both parts labelled again by two worker processes: the same decisions, the same model
    for part in parts:
        part.unlink()
    parallel = mjrules([*TINY[:-1], "jobs=2", f"hydra.run.dir={run}", "progress=false"], tmp_path)
    assert parallel.returncode == 0, parallel.stderr
    assert decisions_without_times(run / "decisions").equals(before)
    np.testing.assert_array_equal(load_model(run / "jincheng.npz")["w1"], model["w1"])


def test_an_interrupted_labelling_keeps_its_parts_and_the_rerun_labels_only_the_rest(tmp_path, monkeypatch):
    import experiments.train_learned as train_learned

    calls, killed = [], [True]

    def fake(rules, seed, first, n, worlds):  # the teacher's arrays of one decision per hand, cheap
        calls.append(first)
        if first == 4 and killed[0]:
            raise KeyboardInterrupt  # the run is killed while labelling its second part
        from strategies.learned.features import N_FEATURES
        from strategies.learned.teacher import MAX_RECORDED, N_META

        meta = np.zeros((n, N_META), np.int64)
        meta[:, 0] = np.arange(first, first + n)
        return {"n_candidates": np.full(n, 2), "meta": meta, "values": np.ones((n, MAX_RECORDED)),
                "features": np.zeros((n, MAX_RECORDED, N_FEATURES))}

    monkeypatch.setattr(train_learned, "label_decisions", fake)
    with pytest.raises(KeyboardInterrupt):
        train_learned.label(tmp_path, "jincheng", 1, 12, 4, 2, progress=False)
    written = sorted(p.name for p in (tmp_path / "decisions").iterdir())
    assert written == ["part-000000000000.parquet"] and calls == [0, 4]
    calls.clear()
    killed[0] = False
    train_learned.label(tmp_path, "jincheng", 1, 12, 4, 2, progress=False)
    assert calls == [4, 8]  # only the parts not written
    assert train_learned.read_decisions(tmp_path / "decisions")["hand"].to_list() == list(range(12))


@pytest.mark.parametrize("args, fragments", [
    (["experiment.train.tournament_walls=100"], ["experiment.train.tournament_walls=100 needs",
                                                 "experiment.train.install=true"]),
    (["experiment.train.worlds=0"], ["experiment.train.worlds=0 is out of range 1..4096"]),
    (["experiment.train.instal=true"], ["unknown key experiment.train.instal", "did you mean 'install'?"]),
])
def test_a_bad_train_key_stops_with_one_line_naming_it(tmp_path, args, fragments):
    done = mjrules(["experiment=train", *args], tmp_path)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def test_the_tournament_folder_follows_the_models_arrays_not_the_files_bytes(tmp_path):
    """A rerun whose fit gave another model plays a fresh tournament (a run resumed to more hands read the old model's
    finished tournament once: the same interval to the last digit); the same model written again, whose file bytes
    differ (the zip entries carry their write time), resumes its own."""
    from experiments.study_train import TOURNAMENT_DIR, tournament_folder
    from strategies.learned.models import load_model, model_path

    shipped = load_model(model_path("jincheng"))
    again = tmp_path / "again" / "jincheng.npz"
    again.parent.mkdir()
    np.savez(again, **shipped)  # the same arrays, uncompressed: other bytes
    other = tmp_path / "other" / "jincheng.npz"
    other.parent.mkdir()
    np.savez(other, **(shipped | {"w2": shipped["w2"] + 1e-9}))
    first = tournament_folder(tmp_path, model_path("jincheng"))
    assert model_path("jincheng").read_bytes() != again.read_bytes()
    assert first.parent == tmp_path / TOURNAMENT_DIR and len(first.name) == 12
    assert tournament_folder(tmp_path, again) == first
    assert tournament_folder(tmp_path, other) != first
