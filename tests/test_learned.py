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


def test_the_compiled_score_equals_numpy_and_the_library(tmp_path):
    from experiments.train_learned import predict
    from strategies.learned.inference import score_rows

    model = _model(hidden=7, seed=3)
    x = np.random.default_rng(4).normal(size=(50, N_FEATURES))
    out = np.zeros(50)
    score_rows(model["mean"], model["scale"], model["w1"], model["b1"], model["w2"], model["b2"], x, 50, out)
    np.testing.assert_allclose(out, predict(model, x), rtol=1e-9, atol=0)


@pytest.mark.slow
def test_the_compiled_inference_of_a_tiny_fit_equals_the_library(tmp_path):
    """(The tiny training run end to end, its regret against random and its resumption: tests/test_train_experiment.py.)"""
    from experiments.train_learned import candidate_rows, fit, held_out, label, read_decisions
    from strategies.learned.inference import score_rows

    before = read_decisions(label(tmp_path / "run", "jincheng", 7, 10, 5, 4, progress=False))
    frame = before.filter(~held_out(before))
    model, net = fit(frame, 7, max_iter=50)
    x, _, _ = candidate_rows(frame)
    out = np.zeros(len(x))
    score_rows(model["mean"], model["scale"], model["w1"], model["b1"], model["w2"], model["b2"], x, len(x), out)
    want = net.predict((x - model["mean"]) / model["scale"])
    np.testing.assert_allclose(out, want, rtol=1e-9, atol=1e-12 * np.abs(want).max())


def test_a_learned_seat_under_a_rule_set_without_its_model_is_refused_in_one_line(tmp_path, monkeypatch):
    import strategies.learned.models as models
    from sim.seat_plan import check_seats_for_variant, resolve_seats

    monkeypatch.setattr(models, "MODELS_DIR", tmp_path)
    with pytest.raises(ValueError) as error:
        check_seats_for_variant(resolve_seats(["learned", "greedy", "greedy", "greedy"]), "jinzhong")
    assert "\n" not in str(error.value) and str(tmp_path / "jinzhong.npz") in str(error.value)
