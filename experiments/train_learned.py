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
uniformly random candidate. ``train`` runs the whole pipeline and writes the model file and its card.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import polars as pl

from sim.parts import part_name, write_part
from sim.progress import hand_bar
from strategies.learned.features import N_FEATURES
from strategies.learned.labels import label_decisions
from strategies.learned.models import model_path, save_model

DECISIONS_DIR = "decisions"
HIDDEN = 32  # hidden units: more did not lower the held-out regret of the first runs


def label(folder: Path, rules, seed: int, hands: int, chunk: int, worlds: int, progress: bool = True) -> Path:
    """Write the teacher's decisions of hands 0 .. ``hands`` - 1 of run ``seed`` as Parquet parts of
    ``folder/decisions`` (skipping parts already there) and return that directory."""
    directory = Path(folder) / DECISIONS_DIR
    directory.mkdir(parents=True, exist_ok=True)
    chunks = [(first, min(chunk, hands - first)) for first in range(0, hands, chunk)]
    done = [c for c in chunks if (directory / part_name(c[0])).exists()]
    bar = hand_bar(hands, sum(n for _, n in done), progress, "label decisions")
    try:
        for first, n in chunks:
            if (directory / part_name(first)).exists():
                continue
            out = label_decisions(rules, seed, first, n, worlds)
            write_part(decisions_frame(out), directory, first)
            bar.advance(n, n)
    finally:
        bar.close()
    return directory


def decisions_frame(out: dict) -> pl.DataFrame:
    """Return the Parquet rows of ``label_decisions``' arrays (one per decision)."""
    n = out["n_candidates"]
    meta = out["meta"]
    return pl.DataFrame({
        "hand": meta[:, 0], "seat": meta[:, 1], "phase": meta[:, 2], "greedy_index": meta[:, 3],
        "worlds": meta[:, 4], "legal_candidates": meta[:, 5], "n_candidates": n,
        "values": [out["values"][d, :k].tolist() for d, k in enumerate(n)],
        "features": [out["features"][d, :k].reshape(-1).tolist() for d, k in enumerate(n)],
    }, schema={"hand": pl.Int64, "seat": pl.Int64, "phase": pl.Int64, "greedy_index": pl.Int64, "worlds": pl.Int64,
               "legal_candidates": pl.Int64, "n_candidates": pl.Int64, "values": pl.List(pl.Float64),
               "features": pl.List(pl.Float64)})


def read_decisions(directory: Path) -> pl.DataFrame:
    """Return every part of ``directory`` as one frame, in hand order."""
    parts = sorted(Path(directory).glob("*.parquet"))
    if not parts:
        raise FileNotFoundError(f"no decision parts in {directory}")
    return pl.concat([pl.read_parquet(p) for p in parts]).sort(["hand", "seat"], maintain_order=True)


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
    from sklearn.neural_network import MLPRegressor

    x, y, _ = candidate_rows(frame)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    net = MLPRegressor(hidden_layer_sizes=(hidden,), activation="relu", alpha=1e-3, learning_rate_init=1e-3,
                       max_iter=max_iter, random_state=seed, early_stopping=False, tol=1e-6, n_iter_no_change=20)
    net.fit((x - mean) / scale, y)
    model = {"mean": mean, "scale": scale, "w1": net.coefs_[0], "b1": net.intercepts_[0],
             "w2": net.coefs_[1][:, 0], "b2": float(net.intercepts_[1][0])}
    return model, net


def predict(model: dict, x: np.ndarray) -> np.ndarray:
    """Return the model's scores of the feature rows ``x`` in NumPy (the compiled inference's reference)."""
    h = np.maximum(((x - model["mean"]) / model["scale"]) @ model["w1"] + model["b1"], 0.0)
    return h @ model["w2"] + model["b2"]


def evaluate(model: dict, frame: pl.DataFrame, seed: int = 0) -> dict:
    """Return the held-out numbers of ``model`` on ``frame``'s decisions: decisions, agreement with the teacher's
    choice, mean regret (底注 per decision) of the model, of greedy (decisions where its choice is a candidate) and
    of a uniformly random candidate (its expectation)."""
    x, _, d = candidate_rows(frame)
    scores = predict(model, x)
    rng = np.random.default_rng(seed)
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
    del rng
    return {"decisions": len(regret), "agreement": float(np.mean(agree)), "regret": float(np.mean(regret)),
            "regret_se": float(np.std(regret) / max(np.sqrt(len(regret)), 1.0)),
            "random_regret": float(np.mean(random_regret)), "greedy_regret": float(np.mean(greedy_regret)),
            "greedy_agreement": float(np.mean(greedy_agree))}


def train(folder: Path, rules, seed: int = 44, hands: int = 200, chunk: int = 20, worlds: int = 8,
          out: Path | None = None, progress: bool = True, max_iter: int = 400) -> dict:
    """Label ``hands`` hands (resumable), fit on the decisions of the hands not held out, evaluate on those held
    out, write the model file (``out``, default the shipped models' folder) and its card; return the card's numbers."""
    from sim.rules import resolve_rules

    config = resolve_rules(rules)
    started = time.perf_counter()
    frame = read_decisions(label(folder, config, seed, hands, chunk, worlds, progress))
    labelled = time.perf_counter() - started
    mask = held_out(frame)
    model, _ = fit(frame.filter(~mask), seed, max_iter=max_iter)
    numbers = evaluate(model, frame.filter(mask))
    numbers.update(rule_set=config.variant, seed=seed, hands=hands, worlds=worlds, chunk=chunk, max_iter=max_iter,
                   train_decisions=int((~mask).sum()), candidates=int(frame["n_candidates"].sum()),
                   label_seconds=round(labelled, 1), fit_seconds=round(time.perf_counter() - started - labelled, 1))
    path = model_path(config.variant, Path(out) if out else None)
    save_model(path, config.variant, config.pack(), **model)
    path.with_suffix(".md").write_text(model_card(numbers), encoding="utf-8")
    (Path(folder) / "train.json").write_text(json.dumps(numbers, indent=1), encoding="utf-8")
    return numbers


def model_card(n: dict) -> str:
    """Return the model card (Markdown) of a trained model's numbers."""
    return f"""# learned model: {n['rule_set']}

Made by (experiments/train_learned.py):
`python -m experiments.train_learned rules={n['rule_set']} seed={n['seed']} hands={n['hands']} worlds={n['worlds']} \
chunk={n['chunk']} max_iter={n['max_iter']}`.

* Model: one-hidden-layer perceptron ({HIDDEN} ReLU units, scikit-learn MLPRegressor) scoring each candidate's money
  over its decision's mean from {N_FEATURES} features of the seat's own view (strategies/learned/features.py).
* Teacher: every candidate played on {n['worlds']} sampled worlds by greedy rollouts (strategies/learned/teacher.py);
  the hands follow the teacher's choice.
* Data: {n['hands']} hands of run seed {n['seed']} ({n['chunk']} hands per part), {n['train_decisions']} training
  decisions, {n['decisions']} held-out decisions (every fifth hand), {n['candidates']} candidates in all.
  Labelling took {n['label_seconds']} s, fitting {n['fit_seconds']} s.

Held-out decisions (regret: the teacher's best value minus that of the choice, 底注 per decision, against the
teacher's own noisy values):

| player | agreement with the teacher | regret |
| --- | --- | --- |
| learned | {n['agreement']:.3f} | {n['regret']:.4f} ± {n['regret_se']:.4f} |
| greedy | {n['greedy_agreement']:.3f} | {n['greedy_regret']:.4f} |
| random candidate | — | {n['random_regret']:.4f} |

Tournament: {n.get('tournament', 'not played for this model')}.
"""


def main(argv: list[str] | None = None) -> None:
    """``python -m experiments.train_learned rules=<rule set> [seed=44] [hands=200] [chunk=20] [worlds=8]
    [folder=outputs/train-<rule set>] [out=<folder of the model file>]``: train and export one rule set's model."""
    import sys

    args = dict(a.split("=", 1) for a in (sys.argv[1:] if argv is None else argv))
    rules = args.pop("rules", "jincheng")
    folder = Path(args.pop("folder", f"outputs/train-{rules}"))
    out = args.pop("out", None)
    numbers = train(folder, rules, out=Path(out) if out else None, **{k: int(v) for k, v in args.items()})
    print(json.dumps(numbers, indent=1))


if __name__ == "__main__":
    main()
