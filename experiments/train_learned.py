"""Training the learned player (issue 44): label decisions with the teacher, fit the model, export it with its
model card — plain Python; the fit needs the ``train`` extra (scikit-learn).

``label(folder, rules, seed, hands, chunk, worlds)`` plays ``hands`` teacher hands (strategies.learned.teacher) in
chunks of ``chunk`` hands and writes each chunk's decisions as a Parquet part of ``folder/decisions`` (atomically,
sim.parts): a rerun into the folder skips the parts already written, so a killed run resumes, and a progress bar with
an ETA counts the hands. One row per decision: hand, seat, phase, greedy's candidate index, worlds played, legal
candidates, the recorded candidates' values (mean money, 底注) and their features (flattened, candidate-major).

``fit(frame, seed)`` fits a one-hidden-layer perceptron (scikit-learn's MLPRegressor, ReLU) to each candidate's value
over the mean of its decision's candidates: only the order of a decision's candidates matters to the player. Why
this library and model: scikit-learn is a CPU wheel with no compiler or GPU stack, kept by a large project, and a
small MLP's prediction is two matrix products, which numba compiles to a loop of a few thousand multiply-adds per
candidate (strategies.learned.inference) — a gradient-boosted forest (LightGBM) predicts by walking hundreds of
trees, a larger kernel and a larger file, and PyTorch adds a ~700 MB install for a model this size.

``evaluate`` reads held-out decisions (every fifth hand, ``held_out``): agreement with the teacher's choice and the
regret (teacher's best value minus that of the chosen candidate, 底注 per decision) of the model, greedy and a
uniformly random candidate. ``mjrules experiment=train`` (experiments/study_train.py) runs the whole pipeline.
"""
from __future__ import annotations

import time
import warnings
from pathlib import Path

import numpy as np
import polars as pl

from joblib import delayed

from sim.driver import parallel_unordered
from sim.parts import part_name, write_part
from sim.progress import hand_bar
from sim.run_plan import worker_count
from strategies.learned.features import N_FEATURES
from strategies.learned.labels import label_decisions

DECISIONS_DIR = "decisions"
HIDDEN = 32  # hidden units: more did not lower the held-out regret of the first runs


def label(folder: Path, rules, seed: int, hands: int, chunk: int, worlds: int, progress: bool = True,
          jobs: int = 1) -> Path:
    """Write the teacher's decisions of hands 0 .. ``hands`` - 1 of run ``seed`` as Parquet parts of
    ``folder/decisions`` (skipping parts already there) and return that directory. ``jobs`` worker processes label
    the parts (-1 = all cores, sim.run_plan.worker_count); a part's decisions do not depend on which worker labels it
    or when (the hands are those of run ``seed``, the teacher's worlds seeded from the state)."""
    directory = Path(folder) / DECISIONS_DIR
    directory.mkdir(parents=True, exist_ok=True)
    chunks = [(first, min(chunk, hands - first)) for first in range(0, hands, chunk)]
    todo = [c for c in chunks if not (directory / part_name(c[0])).exists()]
    bar = hand_bar(hands, hands - sum(n for _, n in todo), progress, "label decisions")
    try:
        n_workers = min(worker_count(jobs), max(len(todo), 1))
        if n_workers == 1:
            results = (label_part(directory, rules, seed, first, n, worlds) for first, n in todo)
        else:
            results = parallel_unordered((delayed(label_part)(directory, rules, seed, first, n, worlds)
                                          for first, n in todo), n_workers)
        for n in results:
            bar.advance(n, n)
    finally:
        bar.close()
    return directory


def label_part(directory: Path, rules, seed: int, first: int, n: int, worlds: int) -> int:
    """Label hands ``first`` .. ``first + n - 1`` of run ``seed`` and write them as the part of ``first`` in
    ``directory`` (atomically); return ``n``, the hands labelled."""
    started = time.perf_counter()
    out = label_decisions(rules, seed, first, n, worlds)
    write_part(decisions_frame(out, time.perf_counter() - started), directory, first)
    return n


def decisions_frame(out: dict, seconds: float = float("nan")) -> pl.DataFrame:
    """Return the Parquet rows of ``label_decisions``' arrays (one per decision); ``part_seconds`` holds ``seconds``,
    the time the part took to label (the same in every row of the part)."""
    n = out["n_candidates"]
    meta = out["meta"]
    return pl.DataFrame({
        "hand": meta[:, 0], "seat": meta[:, 1], "phase": meta[:, 2], "greedy_index": meta[:, 3],
        "worlds": meta[:, 4], "legal_candidates": meta[:, 5], "n_candidates": n,
        "values": [out["values"][d, :k].tolist() for d, k in enumerate(n)],
        "features": [out["features"][d, :k].reshape(-1).tolist() for d, k in enumerate(n)],
        "part_seconds": [float(seconds)] * len(n),
    }, schema={"hand": pl.Int64, "seat": pl.Int64, "phase": pl.Int64, "greedy_index": pl.Int64, "worlds": pl.Int64,
               "legal_candidates": pl.Int64, "n_candidates": pl.Int64, "values": pl.List(pl.Float64),
               "features": pl.List(pl.Float64), "part_seconds": pl.Float64})


def read_decisions(directory: Path) -> pl.DataFrame:
    """Return every part of ``directory`` as one frame, in hand order."""
    parts = sorted(Path(directory).glob("*.parquet"))
    if not parts:
        raise FileNotFoundError(f"no decision parts in {directory}")
    return pl.concat([pl.read_parquet(p) for p in parts]).sort(["hand", "seat"], maintain_order=True)


def label_seconds(frame: pl.DataFrame, chunk: int) -> float:
    """Return the seconds the labelling of ``frame``'s parts took in all (whichever run wrote them): the sum over
    parts (hands ``first`` .. ``first + chunk - 1``) of their ``part_seconds``."""
    per_part = frame.group_by(pl.col("hand") // chunk).agg(pl.col("part_seconds").first())
    return float(per_part["part_seconds"].sum())


def held_out(frame: pl.DataFrame) -> pl.Series:
    """Return the mask of the held-out decisions: those of every fifth hand."""
    return frame["hand"] % 5 == 0


def candidate_rows(frame: pl.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (features float64[rows, F], target float64[rows]: value over the decision's mean, decision int64[rows])
    with one row per candidate."""
    xs, ys, ds = [], [], []
    for d, (values, feats) in enumerate(zip(frame["values"].to_list(), frame["features"].to_list())):
        v = np.asarray(values)
        xs.append(np.asarray(feats).reshape(len(v), N_FEATURES))
        ys.append(v - v.mean())
        ds.append(np.full(len(v), d))
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(ds)


def fit(frame: pl.DataFrame, seed: int, hidden: int = HIDDEN, max_iter: int = 400):
    """Return (model dict for strategies.learned.models.save_model, the fitted MLPRegressor) fitted to ``frame``'s
    decisions."""
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPRegressor

    x, y, _ = candidate_rows(frame)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    net = MLPRegressor(hidden_layer_sizes=(hidden,), activation="relu", alpha=1e-3, learning_rate_init=1e-3,
                       max_iter=max_iter, random_state=seed, early_stopping=False, tol=1e-6, n_iter_no_change=20)
    with warnings.catch_warnings():  # max_iter caps the epochs on purpose: stopping there is no failure
        warnings.simplefilter("ignore", ConvergenceWarning)
        net.fit((x - mean) / scale, y)
    model = {"mean": mean, "scale": scale, "w1": net.coefs_[0], "b1": net.intercepts_[0],
             "w2": net.coefs_[1][:, 0], "b2": float(net.intercepts_[1][0])}
    return model, net


def predict(model: dict, x: np.ndarray) -> np.ndarray:
    """Return the model's scores of the feature rows ``x`` in NumPy (the compiled inference's reference)."""
    h = np.maximum(((x - model["mean"]) / model["scale"]) @ model["w1"] + model["b1"], 0.0)
    return h @ model["w2"] + model["b2"]


def evaluate(model: dict, frame: pl.DataFrame) -> dict:
    """Return the held-out numbers of ``model`` on ``frame``'s decisions: decisions, agreement with the teacher's
    choice, mean regret (底注 per decision) of the model, of greedy (decisions where its choice is a candidate) and
    of a uniformly random candidate (its expectation)."""
    x, _, d = candidate_rows(frame)
    scores = predict(model, x)
    agree, regret, random_regret, greedy_regret, greedy_agree = [], [], [], [], []
    for i, (values, g) in enumerate(zip(frame["values"].to_list(), frame["greedy_index"].to_list())):
        v = np.asarray(values)
        s = scores[d == i]
        pick = int(np.argmax(s))
        best = float(v.max())
        agree.append(pick == int(np.argmax(v)))
        regret.append(best - v[pick])
        random_regret.append(best - v.mean())
        if g >= 0:
            greedy_regret.append(best - v[g])
            greedy_agree.append(g == int(np.argmax(v)))
    return {"decisions": len(regret), "agreement": float(np.mean(agree)), "regret": float(np.mean(regret)),
            "regret_se": float(np.std(regret) / max(np.sqrt(len(regret)), 1.0)),
            "random_regret": float(np.mean(random_regret)), "greedy_regret": float(np.mean(greedy_regret)),
            "greedy_agreement": float(np.mean(greedy_agree))}
