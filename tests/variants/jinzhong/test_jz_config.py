"""The 晋中 rule config (RULES §4 A17–A26, A36): defaults, one-line validation, YAML, packing into the 晋中 block."""
import dataclasses
from pathlib import Path

import numpy as np
import pytest
import yaml

from sim.core import codes as C
from sim.variants.jinzhong import CODE as JINZHONG_CODE
from sim.core import rule_layout as L
from sim.variants.jinhua import rule_slots as JH
from sim.variants.jincheng import rule_slots as JC
from sim.variants.jinzhong import rule_slots as JZ
from sim import rules as R
from sim.variants.jinzhong.config import JinzhongRules

YAML_PATH = Path(__file__).resolve().parents[3] / "conf" / "rules" / "jinzhong.yaml"

# docs/rules/jinzhong.md §4 defaults and the r19/r20 values, written out independently of the class.
EXPECTED_DEFAULTS = {
    "variant": "jinzhong", "jz_tiles": 136, "jz_dead_wall": "none", "jz_chi": False,
    "ting_kong_policy": "concealed_same_waits", "guo_hu": "unrestricted", "jz_dingque_upfront": False,
    "jz_point_limit": True, "jz_qianggang_as_zimo": True,
    "jz_multipliers": {"qidui": 2, "haohua_qidui": 4, "pengpenghu": 2, "qingyise": 2, "jiulian": 4,
                       "shisanyao": 4, "tianhu": 2, "dihu": 2, "gangkai": 2, "haidi": 2},
    "jz_mult_on_extra": True, "minggang_units": 1, "angang_units": 2, "jz_cap": False,
    "jz_huang_with_kong_rotates": False, "jz_jiulian_nine_wait": False, "jz_dihu_after_angang": False,
}
JZ_FLAGS = {"jz_point_limit", "jz_dingque_upfront", "jz_qianggang_as_zimo", "ting_kong_policy", "jz_chi",
            "jz_multipliers", "jz_mult_on_extra", "jz_dead_wall", "jz_cap", "guo_hu",
            "jz_jiulian_nine_wait", "jz_dihu_after_angang"}  # A17–A24, A26, A36–A38


def test_defaults_match_the_flag_table():
    assert JinzhongRules().to_dict() == EXPECTED_DEFAULTS
    assert JZ_FLAGS | {"jz_tiles", "jz_huang_with_kong_rotates"} <= set(EXPECTED_DEFAULTS)


def test_the_registry_dispatches_names_mappings_and_yaml_to_the_class():
    assert R.config_class("jinzhong") is JinzhongRules and R.config_class("jincheng") is R.RulesConfig
    assert R.field_names("jinzhong")[0] == "variant" and "jinzhong" in R.VARIANTS
    assert R.resolve_rules("jinzhong") == R.defaults("jinzhong") == JinzhongRules()
    assert R.resolve_rules({"variant": "jinzhong", "jz_cap": True}) == JinzhongRules(jz_cap=True)
    assert R.resolve_rules("jincheng", variant="jinzhong") == JinzhongRules()
    assert R.load_yaml(YAML_PATH) == JinzhongRules()
    with pytest.raises(ValueError, match="^unknown rules variant 'hangzhou'; choose one of jincheng, jinzhong, jinhua, plain, sichuan$"):
        R.resolve_rules("hangzhou")


def test_yaml_file_lists_every_field_with_its_default_and_a_citation():
    data = yaml.safe_load(YAML_PATH.read_text(encoding="utf-8"))
    assert data == EXPECTED_DEFAULTS
    assert JinzhongRules(**{k: v for k, v in data.items()}) == JinzhongRules()
    lines = [ln for ln in YAML_PATH.read_text(encoding="utf-8").splitlines()
             if ln and not ln.startswith("#") and not ln.startswith("variant")]
    assert len(lines) == len(EXPECTED_DEFAULTS) - 1 + len(EXPECTED_DEFAULTS["jz_multipliers"])
    assert all("RULES" in ln for ln in lines)


@pytest.mark.parametrize("kwargs, message", [
    ({"jz_tiles": 100}, "rules.jz_tiles=100 is not valid; choose one of 136, 108"),
    ({"jz_tiles": "136"}, "rules.jz_tiles='136' is not valid; choose one of 136, 108"),
    ({"jz_dead_wall": 7}, "rules.jz_dead_wall=7 is not valid; choose one of none, 14"),
    ({"jz_dead_wall": True}, "rules.jz_dead_wall=True is not valid; choose one of none, 14"),
    ({"jz_chi": "yes"}, "rules.jz_chi='yes' must be a bool (true or false)"),
    ({"ting_kong_policy": "still_tenpai"},
     "rules.ting_kong_policy='still_tenpai' is not valid; choose one of concealed_same_waits, none, same_waits"),
    ({"guo_hu": "never"}, "rules.guo_hu='never' is not valid; choose one of unrestricted, restricted"),
    ({"jz_dingque_upfront": 1}, "rules.jz_dingque_upfront=1 must be a bool (true or false)"),
    ({"jz_point_limit": None}, "rules.jz_point_limit=None must be a bool (true or false)"),
    ({"jz_qianggang_as_zimo": "on"}, "rules.jz_qianggang_as_zimo='on' must be a bool"),
    ({"jz_multipliers": 2}, "rules.jz_multipliers=2 must be a mapping of qidui, haohua_qidui"),
    ({"jz_multipliers": {"qidiu": 2}}, "rules.jz_multipliers has no entry 'qidiu'; valid entries: qidui, "),
    ({"jz_multipliers": {"qidui": 0}}, "rules.jz_multipliers.qidui=0 is out of range 1..64"),
    ({"jz_multipliers": {"haidi": 2.5}}, "rules.jz_multipliers.haidi=2.5 must be an integer in 1..64"),
    ({"jz_multipliers": {"tianhu": True}}, "rules.jz_multipliers.tianhu=True must be an integer in 1..64"),
    ({"jz_mult_on_extra": 0}, "rules.jz_mult_on_extra=0 must be a bool"),
    ({"minggang_units": 9}, "rules.minggang_units=9 is out of range 0..8"),
    ({"angang_units": -1}, "rules.angang_units=-1 is out of range 0..8"),
    ({"jz_cap": "100"}, "rules.jz_cap='100' must be a bool"),
    ({"jz_huang_with_kong_rotates": 2}, "rules.jz_huang_with_kong_rotates=2 must be a bool"),
    ({"jz_jiulian_nine_wait": "pure"}, "rules.jz_jiulian_nine_wait='pure' must be a bool (true or false)"),
    ({"jz_dihu_after_angang": 1}, "rules.jz_dihu_after_angang=1 must be a bool (true or false)"),
    ({"houbao_units": 1}, "unknown rule key 'houbao_units'; valid keys: variant, jz_tiles"),
    ({"jz_piont_limit": True}, "unknown rule key 'jz_piont_limit'; did you mean 'jz_point_limit'?"),
    ({"variant": "hangzhou"}, "unknown rules variant 'hangzhou'"),
])
def test_every_field_refuses_a_bad_value_with_one_line(kwargs, message):
    with pytest.raises(ValueError) as error:
        R.resolve_rules(JinzhongRules(), **kwargs)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_every_field_is_covered_by_a_bad_value_above():
    checked = {next(iter(kw)) for kw, _ in test_every_field_refuses_a_bad_value_with_one_line.pytestmark[0].args[1]}
    assert set(EXPECTED_DEFAULTS) - {"variant"} <= checked


def test_a_table_override_changes_only_the_entries_it_names():
    config = JinzhongRules().replace(jz_multipliers={"qidui": 3})
    assert config.jz_multipliers == {**EXPECTED_DEFAULTS["jz_multipliers"], "qidui": 3}
    again = config.replace(jz_multipliers={"haidi": np.int64(5)})
    assert again.jz_multipliers["qidui"] == 3 and again.jz_multipliers["haidi"] == 5
    assert type(again.jz_multipliers["haidi"]) is int
    assert hash(again) != hash(config) and again != config


def test_to_dict_round_trips_through_the_class_and_omegaconf():
    from omegaconf import OmegaConf

    config = JinzhongRules().replace(jz_dead_wall=14, jz_cap=True, jz_multipliers={"shisanyao": 8},
                                     ting_kong_policy="none")
    assert JinzhongRules(**config.to_dict()) == config
    node = OmegaConf.create(JinzhongRules().to_dict())
    node.jz_multipliers.shisanyao = 8
    node.jz_dead_wall, node.jz_cap, node.ting_kong_policy = 14, True, "none"
    assert R.resolve_rules(JinzhongRules(), **{k: v for k, v in node.items() if k != "variant"}) == config


def test_direct_construction_is_validated_and_frozen():
    with pytest.raises(ValueError, match="rules.variant='jincheng' is not valid; choose one of jinzhong"):
        JinzhongRules(variant="jincheng")
    with pytest.raises(dataclasses.FrozenInstanceError):
        JinzhongRules().jz_cap = True


# Each JZ field: the slot it must pack into and (non-default value, packed value) — written out by hand.
PACKING = {
    "jz_dingque_upfront": (JZ.JINZHONG_BLOCK + 3, True, 1),
    "jz_tiles": (JZ.JINZHONG_BLOCK + 0, 108, 108),
    "jz_chi": (JZ.JINZHONG_BLOCK + 1, True, 1),
    "jz_point_limit": (JZ.JINZHONG_BLOCK + 2, False, 0),
    "jz_qianggang_as_zimo": (JZ.JINZHONG_BLOCK + 4, False, 0),
    "jz_mult_on_extra": (JZ.JINZHONG_BLOCK + 5, False, 0),
    "jz_dead_wall": (JZ.JINZHONG_BLOCK + 6, 14, 14),
    "jz_cap": (JZ.JINZHONG_BLOCK + 7, True, 1),
    "jz_huang_with_kong_rotates": (JZ.JINZHONG_BLOCK + 8, True, 1),
    "jz_jiulian_nine_wait": (JZ.JINZHONG_BLOCK + 19, True, 1),
    "jz_dihu_after_angang": (JZ.JINZHONG_BLOCK + 20, True, 1),
}


@pytest.mark.parametrize("key", sorted(PACKING))
def test_each_jz_flag_packs_into_its_slot_of_the_jinzhong_block(key):
    slot, value, packed = PACKING[key]
    assert JZ.JINZHONG_BLOCK <= slot < JZ.JINZHONG_BLOCK + L.BLOCK_SIZE
    base, changed = JinzhongRules().pack(), JinzhongRules().replace(**{key: value}).pack()
    assert changed[slot] == packed and base[slot] != packed
    differs = set(np.flatnonzero(base != changed)) - {slot}
    # only the slot itself changes, except flags the common block derives from (r1, r4, r17)
    assert differs <= {L.R_HUANG_STACKS, L.R_QIANGGANG_MODE, L.R_SUITED_WALL}


def test_multiplier_table_packs_one_slot_per_feature_bit():
    """Slot R_JZ_MULT_QIDUI + b holds the multiplier of feature bit b (RULES §2.5 r19)."""
    names = list(EXPECTED_DEFAULTS["jz_multipliers"])
    for bit, name in enumerate(names):
        assert C.FEATURE_CODES[name] == 1 << bit
        custom = JinzhongRules().replace(jz_multipliers={name: 17}).pack()
        assert custom[JZ.R_JZ_MULT_QIDUI + bit] == 17
        assert [custom[JZ.R_JZ_MULT_QIDUI + b] for b in range(len(names)) if b != bit] == \
            [EXPECTED_DEFAULTS["jz_multipliers"][n] for n in names if n != name]


def test_common_slots_keep_their_meaning():
    """The shared flags 晋中 has pack as the shared codes; those it lacks are fixed as 晋中 plays."""
    vector = JinzhongRules().pack()
    assert vector[L.R_VARIANT] == JINZHONG_CODE == 1
    assert vector[L.R_TING_KONG_POLICY] == C.TING_KONG_CONCEALED_ONLY  # only 暗杠, waits unchanged (r11, A20)
    assert JinzhongRules().replace(ting_kong_policy="same_waits").pack()[L.R_TING_KONG_POLICY] == C.TING_KONG_SAME_WAITS
    assert JinzhongRules().replace(ting_kong_policy="none").pack()[L.R_TING_KONG_POLICY] == C.TING_KONG_NONE
    assert JinzhongRules().replace(guo_hu="restricted").pack()[L.R_GUO_HU] == C.GUO_HU_RESTRICTED
    assert vector[L.R_MINGGANG_UNITS] == 1 and vector[L.R_ANGANG_UNITS] == 2  # r20
    assert vector[L.R_MULTI_RON] == C.MULTI_RON_HEADBUMP                       # r8
    assert vector[L.R_TING_ALLOW_PONG] == 0 and vector[L.R_QIDUI_ALLOW_QUAD] == 1  # r11, r16
    assert vector[L.R_QIANGGANG_MODE] == C.QIANGGANG_ZIMO                       # r17, A19
    assert JinzhongRules().replace(jz_qianggang_as_zimo=False).pack()[L.R_QIANGGANG_MODE] == C.QIANGGANG_DISCARDER
    # no 荒 stacks: play until the dead wall (0 or 14 tiles), replacements counted (r4, A24)
    assert vector[L.R_DEAD_WALL_MODEL] == C.WALL_MODEL_COUNT
    assert (vector[L.R_HUANG_STACKS], vector[L.R_STACKS_PER_KONG]) == (0, 0)
    assert JinzhongRules().replace(jz_dead_wall=14).pack()[L.R_HUANG_STACKS] == 7
    # the wall: all 136 tiles, or the 108 suit tiles only, a slot the core reads (r1)
    assert vector[L.R_SUITED_WALL] == 0 and JinzhongRules().replace(jz_tiles=108).pack()[L.R_SUITED_WALL] == 1
    assert not vector[JC.JINCHENG_BLOCK:JZ.JINZHONG_BLOCK].any() and not vector[JH.JINHUA_BLOCK:].any()


def test_every_field_has_its_own_slot():
    slots = []
    for f in dataclasses.fields(JinzhongRules):
        slots += list(f.metadata["slots"].values()) if f.metadata["kind"] == "table" else [f.metadata["slot"]]
    assert len(slots) == len(set(slots))
    common = {"variant", "ting_kong_policy", "guo_hu", "minggang_units", "angang_units"}
    for f in dataclasses.fields(JinzhongRules):
        own = list(f.metadata["slots"].values()) if f.metadata["kind"] == "table" else [f.metadata["slot"]]
        block = L.COMMON_BLOCK if f.name in common else JZ.JINZHONG_BLOCK
        assert all(block <= s < block + L.BLOCK_SIZE for s in own), f.name
