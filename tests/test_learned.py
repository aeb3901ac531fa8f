"""The learned player (issue 44): its model files are refused in one line when unusable, and the compiled inference
equals the training library's prediction (the training command itself: tests/test_train_experiment.py)."""
import numpy as np
import pytest

from strategies.learned.models import ModelFileError, load_model, model_path, refusal, save_model
from strategies.learned.features import N_FEATURES


def _model(hidden=3, seed=0):
    rng = np.random.default_rng(seed)
    return {"mean": rng.normal(size=N_FEATURES), "scale": rng.uniform(0.5, 2, N_FEATURES),
            "w1": rng.normal(size=(N_FEATURES, hidden)), "b1": rng.normal(size=hidden), "w2": rng.normal(size=hidden),
            "b2": 0.5}


def _one_line(error, path):
    text = str(error.value)
    assert "\n" not in text and str(path) in text
    return text


def test_a_missing_truncated_or_foreign_model_file_is_refused_in_one_line(tmp_path):
    missing = model_path("jincheng", tmp_path)
    with pytest.raises(ModelFileError) as error:
        load_model(missing)
    assert "missing" in _one_line(error, missing)
    path = model_path("jinzhong", tmp_path)
    save_model(path, "jinzhong", np.arange(5), **_model())
    assert load_model(path)["w1"].shape == (N_FEATURES, 3)
    foreign = model_path("jinhua", tmp_path)
    foreign.write_bytes(path.read_bytes())
    with pytest.raises(ModelFileError) as error:
        load_model(foreign)
    assert "for rule set jinzhong, not jinhua" in _one_line(error, foreign)
    truncated = model_path("plain", tmp_path)
    truncated.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    with pytest.raises(ModelFileError) as error:
        load_model(truncated)
    assert "truncated" in _one_line(error, truncated)


def test_a_rule_set_without_a_model_file_refuses_the_learned_seat(tmp_path, monkeypatch):
    import strategies.learned.models as models

    monkeypatch.setattr(models, "MODELS_DIR", tmp_path)
    why = refusal("jincheng")
    assert why is not None and str(tmp_path / "jincheng.npz") in why


def per_unit_scores(model, x):
    """Return the scores of the rows ``x`` as the first compiled loop computed them, in plain Python floats (IEEE
    doubles, the same operations in the same order): per hidden unit, b1 then each feature's
    ((x - mean) / scale) * w1 in feature order; relu; b2 then each unit's term in unit order."""
    out = []
    for row in x.tolist():
        total = float(model["b2"])
        for j in range(model["w1"].shape[1]):
            h = float(model["b1"][j])
            for f in range(N_FEATURES):
                h += (row[f] - float(model["mean"][f])) / float(model["scale"][f]) * float(model["w1"][f, j])
            if h > 0.0:
                total += h * float(model["w2"][j])
        out.append(total)
    return np.array(out)


def test_the_compiled_score_is_the_first_loops_to_the_last_bit():
    """The row normalised once and the hidden units summed side by side give the very numbers of the per-unit loop
    the shipped models' decisions were recorded with (tests/test_golden_learned.py): not one score moves."""
    from strategies.learned.inference import score_rows

    for seed in range(3):
        model = _model(hidden=32, seed=10 + seed)
        x = np.random.default_rng(20 + seed).normal(size=(40, N_FEATURES))
        x[:, :10] = x[:, :10] > 0  # one-hot-like columns, as the action kinds are
        out = np.zeros(40)
        score_rows(model["mean"], model["scale"], model["w1"], model["b1"], model["w2"], model["b2"], x, 40, out,
                   np.zeros(N_FEATURES), np.zeros(32))
        assert out.tolist() == per_unit_scores(model, x).tolist()


def test_the_compiled_score_equals_numpy_and_the_library(tmp_path):
    from experiments.train_learned import predict
    from strategies.learned.inference import score_rows

    model = _model(hidden=7, seed=3)
    x = np.random.default_rng(4).normal(size=(50, N_FEATURES))
    out = np.zeros(50)
    score_rows(model["mean"], model["scale"], model["w1"], model["b1"], model["w2"], model["b2"], x, 50, out,
               np.zeros(N_FEATURES), np.zeros(7))
    np.testing.assert_allclose(out, predict(model, x), rtol=1e-9, atol=0)


@pytest.mark.slow
@pytest.mark.xdist_group("teacher")  # on one worker with the tiny train run: the teacher kernels compile once
def test_the_compiled_inference_of_a_tiny_fit_equals_the_library(tmp_path):
    """(The tiny training run end to end, its regret against random and its resumption: tests/test_train_experiment.py.)"""
    from experiments.train_learned import candidate_rows, fit, held_out, label, read_decisions
    from strategies.learned.inference import score_rows

    before = read_decisions(label(tmp_path / "run", "jincheng", 7, 10, 5, 4, progress=False))
    frame = before.filter(~held_out(before))
    model, net = fit(frame, 7, max_iter=50)
    x, _, _ = candidate_rows(frame)
    out = np.zeros(len(x))
    score_rows(model["mean"], model["scale"], model["w1"], model["b1"], model["w2"], model["b2"], x, len(x), out,
               np.zeros(N_FEATURES), np.zeros(model["w1"].shape[1]))
    want = net.predict((x - model["mean"]) / model["scale"])
    np.testing.assert_allclose(out, want, rtol=1e-9, atol=1e-12 * np.abs(want).max())


def test_a_learned_seat_under_a_rule_set_without_its_model_is_refused_in_one_line(tmp_path, monkeypatch):
    import strategies.learned.models as models
    from sim.seat_plan import check_seats_for_variant, resolve_seats

    monkeypatch.setattr(models, "MODELS_DIR", tmp_path)
    with pytest.raises(ValueError) as error:
        check_seats_for_variant(resolve_seats(["learned", "greedy", "greedy", "greedy"]), "jinzhong")
    assert "\n" not in str(error.value) and str(tmp_path / "jinzhong.npz") in str(error.value)


def nearest_model_by_every_entry(keys, rule_vec):
    """Return the first implementation's nearest model: every entry compared, plus the length difference."""
    dists = [abs(len(rule_vec) - keys.shape[1]) + sum(int(keys[m, i] != rule_vec[i])
                                                      for i in range(min(len(rule_vec), keys.shape[1])))
             for m in range(keys.shape[0])]
    return int(np.argmin(dists)) if dists else -1


def test_the_nearest_model_is_found_from_the_telling_positions_only():
    """model_index compares only the positions where the shipped keys differ; it finds the model the comparison of
    every entry finds, for each shipped key changed in up to 12 random places (also to other keys' values)."""
    from strategies.learned.inference import KEYS, TELLING, model_index

    assert 0 < len(TELLING) < KEYS.shape[1]
    rng = np.random.default_rng(5)
    for _ in range(400):
        vec = KEYS[rng.integers(KEYS.shape[0])].copy()
        for i in rng.integers(0, KEYS.shape[1], rng.integers(0, 13)):
            vec[i] = KEYS[rng.integers(KEYS.shape[0]), i] if rng.random() < 0.7 else rng.integers(0, 5)
        assert model_index(vec) == nearest_model_by_every_entry(KEYS, vec)
