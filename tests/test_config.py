"""Config composition and validation (experiments/config.py, experiments/compose.py, the app's error path)."""
import dataclasses

import pytest

from experiments import config as cfg
from experiments.app import main
from experiments.compose import compose_config, group_options, load_run_config
from experiments.config import ConfigError
from experiments.variant_params import VARIANT_STUDIES


def own_rules(study: str) -> list[str]:
    """Return the rules override a study of one variant's own rules needs (``VARIANT_STUDIES``), else none; and for
    the skill study, while the ``search`` strategy its strong level names is not registered yet, a stand-in
    (``STAND_IN``), so its yaml still validates (the real default is checked once search is merged)."""
    from sim.seat_plan import REGISTRY

    rules = [f"rules={VARIANT_STUDIES[study][0][0]}"] if study in VARIANT_STUDIES else []
    return rules + ([f"experiment.skill.strong={STAND_IN}"] if study == "skill" and "search" not in REGISTRY else [])


#: The skill study's strong level while ``search`` is not registered.
STAND_IN = "defensive"


@pytest.mark.parametrize("experiment", group_options("experiment"))
@pytest.mark.parametrize("seats", group_options("seats"))
@pytest.mark.parametrize("rules", group_options("rules"))
def test_every_config_composes(experiment, seats, rules):
    composed = compose_config([f"experiment={experiment}", f"seats={seats}", f"rules={rules}"])
    assert composed.experiment.name == experiment
    assert len(composed.seats.seats) == 4
    assert composed.rules.variant == rules


@pytest.mark.parametrize("overrides", [[], ["experiment=skill", "rules=jinhua"], ["seats=one_defensive", "hands=40"],
                                       ["rules=jinzhong", "experiment=sensitivity", "seed=3"]])
def test_composing_gives_hydras_own_config(overrides):
    """compose_config returns exactly what Hydra composes from the same overrides, whether they only choose groups
    (then its first compose is the config) or also set values (then it composes again after checking them)."""
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from omegaconf import OmegaConf

    from experiments.compose import CONF_DIR, CONFIG_NAME

    ours = OmegaConf.to_yaml(compose_config(overrides))
    GlobalHydra.instance().clear()
    with initialize_config_dir(config_dir=str(CONF_DIR), version_base="1.3"):
        assert ours == OmegaConf.to_yaml(compose(config_name=CONFIG_NAME, overrides=overrides))


def test_the_config_groups_are_the_expected_ones():
    assert set(group_options("experiment")) == {"overview", *cfg.STUDIES}
    assert {"all_greedy", "one_selective", "one_thirteen_orphans", "one_defensive"} <= set(group_options("seats"))
    assert "jincheng" in group_options("rules")


@pytest.mark.parametrize("seats", group_options("seats"))
def test_every_seat_mix_validates_against_the_strategy_registry(seats):
    config = load_run_config([f"seats={seats}", "experiment=dealer_edge"])
    assert config.seats.name == seats


@pytest.mark.parametrize("experiment", group_options("experiment"))
def test_every_experiment_validates_with_its_study_arms(experiment):
    config = load_run_config([f"experiment={experiment}", *own_rules(experiment)])
    assert config.experiment.name == experiment
    assert set(config.experiment.studies) <= set(cfg.STUDIES)


def test_yaml_study_parameters_match_the_dataclass_defaults():
    for study in cfg.STUDIES:
        config = load_run_config([f"experiment={study}", *own_rules(study)])
        assert config.experiment.studies == [study]
        if study != "huangzhuang":  # the yaml spells out the same defaults
            default = getattr(cfg.ExperimentConfig(), study)
            if f"experiment.skill.strong={STAND_IN}" in own_rules(study):
                assert default.strong == "search"
                default = dataclasses.replace(default, strong=STAND_IN)
            assert getattr(config.experiment, study) == default


def test_overrides_reach_the_validated_config():
    config = load_run_config(["hands=123", "seed=9", "rules.houbao_units=1", "experiment=huangzhuang",
                              "experiment.huangzhuang.stacks=[5,9]", "progress=false"])
    assert (config.hands, config.seed, config.progress) == (123, 9, False)
    assert config.rules["houbao_units"] == 1
    assert config.experiment.huangzhuang.stacks == [5, 9]


@pytest.mark.parametrize("override, fragment", [
    ("hands=ten", "hands='ten' must be an integer"),
    ("hands=0", "hands=0 is out of range"),
    ("experiment=nope", "choose one of caishen, dealer_edge"),
    ("seats=nobody", "choose one of all_greedy"),
    ("rules.houbao=1", "unknown key rules.houbao; did you mean 'houbao_units'"),
    ("rules.houbao_units=5", "rules.houbao_units=5"),
    ("rules.huang_dealer=rot", "choose one of stay, rotate"),
    ("+colour=red", "unknown key colour"),
    ("backend=ray", "choose one of loky, dask"),
    ("experiment.huangzhuang.stacks=[4,30]", "experiment.huangzhuang.stacks[1]=30 is out of range 0..20"),
    ("experiment.huangzhuang.pong_policies=[alwys]", "choose one of always, improves, never"),
    ("experiment.studies=[poker]", "experiment.studies[0]='poker'"),
    ("seats.seats=[greedy,greedy,greedy]", "must list 4 strategy specs"),
    ("seats.seats=[poker,greedy,greedy,greedy]", "poker"),
    ("jobs=0", "jobs=0"),
])
def test_bad_input_is_one_line_naming_the_key(override, fragment):
    with pytest.raises(ConfigError) as info:
        load_run_config([override])
    message = str(info.value)
    assert fragment in message
    assert "\n" not in message


def test_sweeps_are_expanded_and_every_value_checked():
    from experiments.compose import check_overrides

    configs = check_overrides(["rules.houbao_units=1,2", "experiment=dealer_edge"])
    assert [c.rules["houbao_units"] for c in configs] == [1, 2]
    with pytest.raises(ConfigError, match="houbao_units=3"):
        check_overrides(["rules.houbao_units=1,3", "experiment=dealer_edge"])


def test_app_prints_one_error_line_and_exits_2(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as info:
        main(["hands=abc"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: hands=") and err.count("\n") == 1
    assert not (tmp_path / "outputs").exists()  # stopped before any run folder or simulation


def test_build_rejects_unknown_keys_in_nested_dataclasses():
    with pytest.raises(ConfigError, match="unknown key experiment.early_ting.min_waits; did you mean"):
        cfg.build(cfg.RunConfig, {"experiment": {"early_ting": {"min_waits": [2]}}})
    built = cfg.build(cfg.RunConfig, {"hands": 5})
    assert dataclasses.asdict(built)["hands"] == 5 and built.seed == 0
