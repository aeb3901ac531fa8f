"""The seat group ``all_learned`` (four learned seats): the overview, tune and sensitivity studies accept it where
the rule set has a model file, as they accept ``all_greedy``, and refuse it in one line where it has none. The model
folder is a temporary one (a model file of random weights, or none), so the tests do not depend on a shipped model."""
import numpy as np
import pytest

from experiments.compose import load_run_config
from experiments.config import ConfigError
from strategies.learned import models
from strategies.learned.features import N_FEATURES

EXPERIMENTS = ("overview", "tune", "sensitivity")


def write_model(folder, rule_set: str) -> None:
    """Write a model file of random weights for ``rule_set`` (its default rule vector) into ``folder``."""
    from sim.rules import resolve_rules

    rng = np.random.default_rng(0)
    models.save_model(models.model_path(rule_set, folder), rule_set, resolve_rules({"variant": rule_set}).pack(),
                      rng.normal(size=N_FEATURES), rng.uniform(0.5, 2, N_FEATURES), rng.normal(size=(N_FEATURES, 3)),
                      rng.normal(size=3), rng.normal(size=3), 0.0)


@pytest.mark.parametrize("experiment", EXPERIMENTS)
def test_a_study_accepts_learned_seats_where_the_rule_set_has_a_model(experiment, tmp_path, monkeypatch):
    monkeypatch.setattr(models, "MODELS_DIR", tmp_path)
    write_model(tmp_path, "jincheng")
    config = load_run_config([f"experiment={experiment}", "seats=all_learned", "jobs=1"])
    assert config.seats.name == "all_learned" and config.seats.seats == ["learned"] * 4


@pytest.mark.parametrize("experiment", EXPERIMENTS)
def test_a_study_refuses_learned_seats_in_one_line_without_a_model(experiment, tmp_path, monkeypatch):
    monkeypatch.setattr(models, "MODELS_DIR", tmp_path)  # an empty model folder
    with pytest.raises(ConfigError) as error:
        load_run_config([f"experiment={experiment}", "seats=all_learned", "rules=jinzhong", "jobs=1"])
    message = str(error.value)
    assert "\n" not in message and message.startswith("seats.seats: strategy 'learned'"), message
    assert "jinzhong.npz is missing" in message and "greedy" in message  # the file, and the strategies left
    load_run_config([f"experiment={experiment}", "seats=all_greedy", "rules=jinzhong", "jobs=1"])  # greedy plays
