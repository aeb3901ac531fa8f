"""A run folder is tied to the players it was played with (sim.run_folder ``run_settings``'s ``players``): a rerun
with learned seats after a shipped model changed is refused in one line naming the key, instead of resuming the old
model's parts beside the new one's; runs without such a player keep the manifests they had."""
import shutil

import numpy as np
import pytest

import strategies.learned.models as models
from sim import parts
from sim.driver import check_out
from sim.run_plan import plan_run

LEARNED_TABLE = ["learned", "greedy", "greedy", "greedy"]
SHIPPED = models.MODELS_DIR


def copy_models(folder, change_weight=False):
    """Copy the shipped model files into ``folder``; with ``change_weight`` the 晋城 model's w2 moves by 1e-9."""
    folder.mkdir()
    for path in sorted(SHIPPED.glob("*.npz")):
        shutil.copyfile(path, folder / path.name)
    if change_weight:
        with np.load(folder / "jincheng.npz") as data:
            arrays = {name: data[name] for name in data.files}
        arrays["w2"] = arrays["w2"] + 1e-9
        np.savez(folder / "jincheng.npz", **arrays)


def test_a_rerun_after_a_model_changed_is_refused_in_one_line_and_an_unchanged_one_resumes(tmp_path, monkeypatch):
    run = tmp_path / "run"
    run.mkdir()
    copy_models(tmp_path / "same")
    monkeypatch.setattr(models, "MODELS_DIR", tmp_path / "same")
    settings = plan_run(40, seed=3, seats=LEARNED_TABLE).settings()
    assert settings["players"] == {"learned": f"jincheng={models.model_digest(tmp_path / 'same' / 'jincheng.npz')}"}
    parts.write_manifest(run, settings)
    check_out(run, 40, seed=3, seats=LEARNED_TABLE)  # the same models: resumes

    copy_models(tmp_path / "retrained", change_weight=True)
    monkeypatch.setattr(models, "MODELS_DIR", tmp_path / "retrained")
    with pytest.raises(parts.RunFolderError) as refused:
        check_out(run, 40, seed=3, seats=LEARNED_TABLE)
    message = str(refused.value)
    assert "\n" not in message and "players" in message


def test_another_rule_sets_retrained_model_leaves_the_run_resumable(tmp_path, monkeypatch):
    """A table plays its own rule set's model: a retrained 晋城 model does not refuse a 晋中 run's folder."""
    run = tmp_path / "run"
    run.mkdir()
    copy_models(tmp_path / "same")
    monkeypatch.setattr(models, "MODELS_DIR", tmp_path / "same")
    parts.write_manifest(run, plan_run(40, seed=3, rules="jinzhong", seats=LEARNED_TABLE).settings())
    copy_models(tmp_path / "retrained", change_weight=True)
    monkeypatch.setattr(models, "MODELS_DIR", tmp_path / "retrained")
    check_out(run, 40, seed=3, rules="jinzhong", seats=LEARNED_TABLE)


def test_a_table_without_such_a_player_keeps_its_manifest_keys():
    settings = plan_run(40, seed=3, seats=["greedy"] * 4).settings()
    assert "players" not in settings
