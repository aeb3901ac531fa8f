"""Tests of sim.rules: defaults (RULES §4), packing, validation, YAML and Hydra round trips."""
import dataclasses
import importlib
from pathlib import Path

import numpy as np
import pytest

import sim.rules
from sim import rules as R
from sim.core import codes as C
from sim.core import rule_layout as L
from sim.variants.jincheng import CODE as JINCHENG_CODE
from sim.variants.jincheng import rule_slots as JC
from sim.variants.jinzhong import rule_slots as JZ
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


# Fields the shared core reads (common block); every other field is a 晋城 rule (jincheng block).
COMMON_FIELDS = {"variant", "huang_dealer", "dead_wall_model", "multi_ron", "ting_kong_policy", "ting_allow_pong",
                 "qidui_allow_quad", "qianggang_mode", "bugang_only_on_draw", "allow_empty_ting", "huang_stacks",
                 "stacks_per_kong", "minggang_units", "angang_units", "guo_hu", "rob_angang"}


def test_every_field_has_its_own_slot_inside_its_variant_block():
    """Issue 8 item 3: a common block and one block per variant, so adding a flag never moves another's slot."""
    slots = {f.name: f.metadata["slot"] for f in dataclasses.fields(RulesConfig)}
    assert len(set(slots.values())) == len(slots)
    for name, slot in slots.items():
        block = L.COMMON_BLOCK if name in COMMON_FIELDS else JC.JINCHENG_BLOCK
        assert block <= slot < block + L.BLOCK_SIZE, (name, slot)
    used = sorted(slots.values())
    n_common = len(COMMON_FIELDS)
    assert used[n_common:] == list(range(JC.JINCHENG_BLOCK, JC.JINCHENG_BLOCK + len(slots) - n_common))


def config_slots(cls) -> set[int]:
    """Return every rule-vector slot a config class writes: its fields' slots and its fixed slots."""
    used = set()
    for f in dataclasses.fields(cls):
        meta = f.metadata
        used |= set(meta["slots"].values()) if meta["kind"] == "table" else {meta["slot"]}
    return used | set(cls()._fixed_slots())


def test_the_blocks_follow_from_the_registered_codes():
    """Issue 42 item 1: each registered rule set writes the common block and the block its code gives it
    (``variant_block(CODE)``), nothing else; the vector ends with the block of the highest code (a code left free,
    as by a rule set removed, keeps its block unused and the others' slots where they are)."""
    codes = [importlib.import_module(f"sim.variants.{v}").CODE for v in sim.rules.CONFIG_CLASSES]
    assert codes == sorted(set(codes))
    assert sim.rules.N_RULE_FIELDS == L.variant_block(codes[-1]) + L.BLOCK_SIZE
    for variant, code in zip(sim.rules.CONFIG_CLASSES, codes):
        cls = sim.rules.config_class(variant)
        own = range(L.variant_block(code), L.variant_block(code) + L.BLOCK_SIZE)
        outside = {s for s in config_slots(cls) if s not in own and not L.COMMON_BLOCK <= s < L.BLOCK_SIZE}
        assert not outside, (variant, sorted(outside))
        assert cls().pack().shape == (sim.rules.N_RULE_FIELDS,)


def test_the_block_check_can_fail(monkeypatch):
    """A slot written outside the rule set's block is caught (金华's first slot moved into 晋中's block)."""
    cls = sim.rules.config_class("jinhua")
    real = cls._fixed_slots
    monkeypatch.setattr(cls, "_fixed_slots", lambda self: {**real(self), JZ.JINZHONG_BLOCK: 1})
    with pytest.raises(AssertionError):
        test_the_blocks_follow_from_the_registered_codes()


def test_pack_default_vector():
    vector = RulesConfig().pack()
    assert vector.dtype == np.int32 and vector.shape == (sim.rules.N_RULE_FIELDS,)
    assert vector[JC.R_HOUBAO_UNITS] == 2
    assert vector[L.R_HUANG_STACKS] == 7
    assert vector[L.R_STACKS_PER_KONG] == 1
    assert vector[L.R_MINGGANG_UNITS] == 1 and vector[L.R_ANGANG_UNITS] == 2
    assert vector[JC.R_GENZHUANG_ENABLED] == 1 and vector[JC.R_GENZHUANG_UNITS] == 1
    assert vector[JC.R_GENZHUANG_SHANGJIA_BREAKS] == 1 and vector[JC.R_GENZHUANG_ANGANG_BREAKS] == 0
    assert vector[L.R_QIDUI_ALLOW_QUAD] == 1 and vector[L.R_TING_ALLOW_PONG] == 0
    assert vector[L.R_TING_KONG_POLICY] == 0 and vector[L.R_MULTI_RON] == 0


# Every enumerated flag: its options and the kernel constant each must pack as (sim.core.codes, what kernels compare).
ENUM_KERNEL_CODES = {
    "variant": (L.R_VARIANT, {"jincheng": JINCHENG_CODE}),
    "huang_dealer": (L.R_HUANG_DEALER, {"stay": C.HUANG_DEALER_STAY, "rotate": C.HUANG_DEALER_ROTATE}),
    "dead_wall_model": (L.R_DEAD_WALL_MODEL, {"physical": C.WALL_MODEL_PHYSICAL, "count": C.WALL_MODEL_COUNT}),
    "multi_ron": (L.R_MULTI_RON, {"headbump": C.MULTI_RON_HEADBUMP, "all": C.MULTI_RON_ALL}),
    "ting_kong_policy": (L.R_TING_KONG_POLICY, {
        "same_waits": C.TING_KONG_SAME_WAITS, "still_tenpai": C.TING_KONG_STILL_TENPAI,
        "concealed_only": C.TING_KONG_CONCEALED_ONLY, "none": C.TING_KONG_NONE}),
    "qianggang_mode": (L.R_QIANGGANG_MODE, {"discarder": C.QIANGGANG_DISCARDER, "zimo": C.QIANGGANG_ZIMO}),
    "guo_hu": (L.R_GUO_HU, {"unrestricted": C.GUO_HU_UNRESTRICTED, "restricted": C.GUO_HU_RESTRICTED}),
}


def test_every_enumerated_flag_is_listed_here():
    enums = {f.name for f in dataclasses.fields(RulesConfig) if f.metadata["kind"] in ("enum", "variant")}
    assert enums == set(ENUM_KERNEL_CODES)


@pytest.mark.parametrize("key", sorted(ENUM_KERNEL_CODES))
def test_enum_options_pack_as_the_kernel_codes(key):
    """Issue 8 item 3: each option of an enumerated flag packs as the sim.core.codes constant the kernels compare
    against, and the Python option tuple is exactly those options (ordered by code)."""
    slot, codes = ENUM_KERNEL_CODES[key]
    field = RulesConfig.__dataclass_fields__[key]
    assert field.metadata["slot"] == slot
    assert set(field.metadata["options"]) == set(codes)
    assert list(field.metadata["options"]) == sorted(codes, key=codes.get)
    for value, code in codes.items():
        assert resolve_rules(**{key: value}).pack()[slot] == code


def _kernel_sources():
    from sim import kernel_cache

    paths = {name: path for name, path in kernel_cache._module_paths().items()}
    return {name: paths[name] for name in kernel_cache.kernel_modules()}


def test_kernels_compare_enumerated_flags_with_named_codes_only():
    """Issue 8 item 3: no kernel compares an enumerated rule slot with an integer literal (``== 1``): the code
    would be defined twice, and reordering options would swap behaviour with every test passing."""
    import ast

    enum_slots = {f"R_{key.upper()}" for key in ENUM_KERNEL_CODES}
    offenders = []
    for name, path in _kernel_sources().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {}  # local names bound to an enum slot's value: policy = rule_vec[R_TING_KONG_POLICY]
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript):
                if isinstance(node.value.slice, ast.Name) and node.value.slice.id in enum_slots:
                    aliases.update({t.id: node.value.slice.id for t in node.targets if isinstance(t, ast.Name)})
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            reads_enum = any(
                (isinstance(x, ast.Subscript) and isinstance(x.slice, ast.Name) and x.slice.id in enum_slots)
                or (isinstance(x, ast.Name) and x.id in aliases) for x in sides)
            literal = any(isinstance(x, ast.Constant) and isinstance(x.value, int) for x in sides)
            if reads_enum and literal:
                offenders.append(f"{name}:{node.lineno}")
    assert offenders == []


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
    with pytest.raises(ValueError, match="unknown rules variant 'hangzhou'; choose one of jincheng, jinzhong, jinhua"):
        resolve_rules("hangzhou")
    with pytest.raises(ValueError, match="unknown rules variant"):
        resolve_rules({"variant": "hangzhou"})


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
