"""Tests of sim.rules: defaults (RULES §4), packing, validation, YAML and Hydra round trips."""
import dataclasses
from pathlib import Path

import numpy as np
import pytest

from sim import _rule_layout as L
from sim import rules as R
from sim.rules import RulesConfig, load_yaml, resolve_rules

YAML_PATH = Path(__file__).resolve().parents[1] / "conf" / "rules" / "jincheng.yaml"

# RULES §4 table defaults (A1–A16, A36) and the plain numbers of issue 3, written out independently.
EXPECTED_DEFAULTS = {
    "variant": "jincheng", "houbao_units": 2, "huang_dealer": "stay", "dead_wall_model": "physical",
    "multi_ron": "headbump", "ting_kong_policy": "same_waits", "ting_allow_pong": False,
    "qidui_allow_quad": True, "qianggang_mode": "discarder", "rob_angang": False,
    "qiang_requires_shi": False, "genzhuang": True, "genzhuang_units": 1,
    "genzhuang_angang_breaks": False, "genzhuang_shangjia_breaks": True,
    "genzhuang_void_on_huang": False, "diangang_bao": False, "jc_shape_multipliers": False,
    "qidui_multiplier": 2, "shisanyao_multiplier": 4, "bugang_only_on_draw": False,
    "allow_empty_ting": False, "huang_stacks": 7, "stacks_per_kong": 1, "minggang_units": 1,
    "angang_units": 2, "allow_shi": True, "allow_qiang": True, "guo_hu": "unrestricted",
}


def test_defaults_match_rules_section_4():
    assert RulesConfig().to_dict() == EXPECTED_DEFAULTS


def test_every_layout_slot_is_filled_by_exactly_one_field():
    slots = [f.metadata["slot"] for f in dataclasses.fields(RulesConfig)]
    assert sorted(slots) == list(range(L.N_RULE_FIELDS))


def test_pack_default_vector():
    vector = RulesConfig().pack()
    assert vector.dtype == np.int32 and vector.shape == (L.N_RULE_FIELDS,)
    assert vector[L.R_HOUBAO_UNITS] == 2
    assert vector[L.R_HUANG_STACKS] == 7
    assert vector[L.R_STACKS_PER_KONG] == 1
    assert vector[L.R_MINGGANG_UNITS] == 1 and vector[L.R_ANGANG_UNITS] == 2
    assert vector[L.R_GENZHUANG_ENABLED] == 1 and vector[L.R_GENZHUANG_UNITS] == 1
    assert vector[L.R_GENZHUANG_SHANGJIA_BREAKS] == 1 and vector[L.R_GENZHUANG_ANGANG_BREAKS] == 0
    assert vector[L.R_QIDUI_ALLOW_QUAD] == 1 and vector[L.R_TING_ALLOW_PONG] == 0
    assert vector[L.R_TING_KONG_POLICY] == 0 and vector[L.R_MULTI_RON] == 0


@pytest.mark.parametrize("key, options, slot", [
    ("huang_dealer", R.HUANG_DEALER_OPTIONS, L.R_HUANG_DEALER),
    ("dead_wall_model", R.DEAD_WALL_MODELS, L.R_DEAD_WALL_MODEL),
    ("multi_ron", R.MULTI_RON_OPTIONS, L.R_MULTI_RON),
    ("ting_kong_policy", R.TING_KONG_POLICIES, L.R_TING_KONG_POLICY),
    ("qianggang_mode", R.QIANGGANG_MODES, L.R_QIANGGANG_MODE),
    ("guo_hu", R.GUO_HU_OPTIONS, L.R_GUO_HU),
])
def test_enum_packs_as_option_index(key, options, slot):
    for index, value in enumerate(options):
        assert resolve_rules(**{key: value}).pack()[slot] == index


def test_layout_comment_codes_agree_with_option_tuples():
    # _rule_layout documents 0 = physical / 1 = count etc.; the tuples must keep that order.
    assert R.DEAD_WALL_MODELS == ("physical", "count")
    assert R.TING_KONG_POLICIES == ("same_waits", "still_tenpai", "concealed_only", "none")
    assert R.QIANGGANG_MODES[1] == "zimo" and R.GUO_HU_OPTIONS[0] == "unrestricted"


@pytest.mark.parametrize("key", [k for k, v in EXPECTED_DEFAULTS.items() if isinstance(v, bool)])
def test_bool_flag_packs_and_flips(key):
    flipped = resolve_rules(**{key: not EXPECTED_DEFAULTS[key]})
    slot = RulesConfig.__dataclass_fields__[key].metadata["slot"]
    assert flipped.pack()[slot] == int(not EXPECTED_DEFAULTS[key])
    assert RulesConfig().pack()[slot] == int(EXPECTED_DEFAULTS[key])


def test_resolve_accepts_name_config_mapping_and_none():
    assert resolve_rules() == RulesConfig()
    assert resolve_rules("jincheng") == RulesConfig()
    custom = RulesConfig(houbao_units=1)
    assert resolve_rules(custom) is custom
    assert resolve_rules({"variant": "jincheng", "houbao_units": 1}) == custom
    assert resolve_rules({"houbao_units": 1}, multi_ron="all").multi_ron == "all"
    assert resolve_rules(custom, houbao_units=2) == RulesConfig()


def test_keyword_overrides_win_over_mapping():
    assert resolve_rules({"houbao_units": 1}, houbao_units=2).houbao_units == 2


def test_numpy_scalars_are_accepted_as_plain_values():
    config = resolve_rules(huang_stacks=np.int64(8), genzhuang=np.bool_(False))
    assert config.huang_stacks == 8 and type(config.huang_stacks) is int
    assert config.genzhuang is False


@pytest.mark.parametrize("kwargs, message", [
    ({"houbao_units": 3}, "rules.houbao_units=3 is out of range 1..2"),
    ({"huang_stacks": -1}, "rules.huang_stacks=-1 is out of range 0..20"),
    ({"huang_dealer": "winner"}, "rules.huang_dealer='winner' is not valid; choose one of stay, rotate"),
    ({"ting_kong_policy": "any"}, "choose one of same_waits, still_tenpai, concealed_only, none"),
    ({"genzhuang": 1}, "rules.genzhuang=1 must be a bool (true or false)"),
    ({"genzhuang": "yes"}, "rules.genzhuang='yes' must be a bool"),
    ({"minggang_units": True}, "rules.minggang_units=True must be an integer in 0..8"),
    ({"angang_units": 2.0}, "rules.angang_units=2.0 must be an integer"),
    ({"houbau_units": 1}, "unknown rule key 'houbau_units'; did you mean 'houbao_units'?"),
    ({"zzz": 1}, "unknown rule key 'zzz'; valid keys: variant, houbao_units"),
])
def test_bad_values_raise_one_line_errors(kwargs, message):
    with pytest.raises(ValueError) as error:
        resolve_rules(**kwargs)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_unknown_variant_lists_variants():
    with pytest.raises(ValueError, match="unknown rules variant 'jinhua'; choose one of jincheng"):
        resolve_rules("jinhua")
    with pytest.raises(ValueError, match="unknown rules variant"):
        resolve_rules({"variant": "jinhua"})


def test_bad_rules_type_is_an_error():
    with pytest.raises(ValueError, match="must be a variant name"):
        resolve_rules(3)


def test_direct_construction_is_validated_and_frozen():
    with pytest.raises(ValueError, match="multi_ron"):
        RulesConfig(multi_ron="both")
    with pytest.raises(dataclasses.FrozenInstanceError):
        RulesConfig().houbao_units = 1


def test_to_dict_round_trips():
    config = resolve_rules(houbao_units=1, dead_wall_model="count", diangang_bao=True)
    assert resolve_rules(config.to_dict()) == config
    assert list(config.to_dict())[0] == "variant"


def test_yaml_file_lists_every_field_with_its_default():
    import yaml

    data = yaml.safe_load(YAML_PATH.read_text(encoding="utf-8"))
    assert data == EXPECTED_DEFAULTS
    assert load_yaml(YAML_PATH) == RulesConfig()


def test_yaml_cites_rules_on_every_field_line():
    lines = [ln for ln in YAML_PATH.read_text(encoding="utf-8").splitlines()
             if ln and not ln.startswith("#") and not ln.startswith("variant")]
    assert len(lines) == len(EXPECTED_DEFAULTS) - 1
    assert all("RULES" in ln for ln in lines)


def test_load_yaml_rejects_bad_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("houbao_units: 5\n", encoding="utf-8")
    with pytest.raises(ValueError, match="houbao_units=5 is out of range 1..2"):
        load_yaml(bad)
    listing = tmp_path / "list.yaml"
    listing.write_text("- 1\n- 2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="must hold a mapping"):
        load_yaml(listing)


def test_hydra_dictconfig_resolves():
    from omegaconf import OmegaConf

    cfg = OmegaConf.load(YAML_PATH)
    cfg.houbao_units = 1
    assert resolve_rules(cfg) == RulesConfig(houbao_units=1)


def test_physical_wall_without_kong_stacks_needs_a_deep_huang_zone():
    """With no stack per kong, 16 possible tail replacements must fit inside the 荒 zone (RULES r9–r11)."""
    with pytest.raises(ValueError, match="stacks_per_kong=0 needs rules.huang_stacks >= 8"):
        resolve_rules(stacks_per_kong=0)
    assert resolve_rules(stacks_per_kong=0, huang_stacks=8).huang_stacks == 8
    assert resolve_rules(stacks_per_kong=0, dead_wall_model="count").stacks_per_kong == 0
