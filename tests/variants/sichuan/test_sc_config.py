"""The Sichuan rule config (sim.variants.sichuan.config.SichuanRules; docs/rules/sichuan.md, flag table): every flag
with its default and options, packed into its own slot of the rule set's block, one-line errors, the q6 refusal, and
the folder registering the rule set (code 4)."""
import dataclasses
import re
from pathlib import Path

import numpy as np
import pytest

import sim.rules
import sim.variants.sichuan
from sim.core import codes as C
from sim.core import rule_layout as L
from sim.variants.sichuan import rule_slots as SL
from sim.variants.sichuan.config import SichuanRules

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "sichuan.md"


def doc_flag_rows():
    """Return {flag: (default, options)} of the flag table of docs/rules/sichuan.md."""
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^\| `(sc_\w+)` \| (.+?) \|", line.replace("\\|", "¦"))
        if match:
            values = [v.strip().strip("`") for v in match.group(2).split("¦")]
            default = next(v.replace("**", "") for v in values if v.startswith("**"))
            rows[match.group(1)] = (default, [v.replace("**", "") for v in values])
    return rows


def test_every_flag_of_the_doc_table_is_a_field_with_its_default_and_options():
    # docs/rules/sichuan.md flag table: 33 flags, each with its default (first) and its options
    config = SichuanRules()
    fields = {f.name: f for f in dataclasses.fields(config) if f.name != "variant"}
    rows = doc_flag_rows()
    assert list(rows) == list(fields) and len(rows) == 33
    for name, (default, options) in rows.items():
        assert str(getattr(config, name)).lower() == default, name
        meta = fields[name].metadata
        valid = meta["options"] if "options" in meta else (False, True)
        assert sorted(str(v).lower() for v in valid) == sorted(options), name
        assert meta["cite"].startswith("docs/rules/sichuan.md r"), name


def test_each_flag_has_its_own_slot_in_the_block_and_multi_ron_the_common_one():
    # docs/rules/sichuan.md r21: sc_multi_ron is the core's 一炮多响 switch; every other flag one slot of the block
    slots = {f.name: f.metadata["slot"] for f in dataclasses.fields(SichuanRules) if f.name != "variant"}
    block = {name: slot for name, slot in slots.items() if name != "sc_multi_ron"}
    assert sorted(block.values()) == list(range(SL.SC_BLOCK, SL.SC_BLOCK + L.BLOCK_SIZE))
    assert SL.SC_BLOCK == L.variant_block(SL.SICHUAN_CODE) == 160 and slots["sc_multi_ron"] == L.R_MULTI_RON
    vector = SichuanRules().pack()
    assert vector.dtype == np.int32 and vector.shape == (sim.rules.N_RULE_FIELDS,)
    assert vector[L.R_VARIANT] == 4 and vector[L.R_MULTI_RON] == C.MULTI_RON_ALL and vector[L.R_SUITED_WALL] == 1
    assert SichuanRules(sc_multi_ron="first_only").pack()[L.R_MULTI_RON] == C.MULTI_RON_HEADBUMP


def test_every_option_packs_to_a_distinct_code():
    base = SichuanRules(sc_huazhu_amount=16)  # so that sc_fan_cap=none is valid (q6)
    for f in dataclasses.fields(SichuanRules):
        options = f.metadata.get("options", (False, True))
        if f.name == "variant":
            continue
        packed = {int(base.replace(**{f.name: v}).pack()[f.metadata["slot"]]) for v in options}
        assert len(packed) == len(options), f.name


@pytest.mark.parametrize("key, value, message", [
    ("sc_fan_cap", 7, "rules.sc_fan_cap=7 is not valid; choose one of 3, 4, 5, 6, 8, none"),
    ("sc_dingque", "x", "rules.sc_dingque='x' is not valid; choose one of declare, first_discard, implicit"),
    ("sc_tuishui", 1, "rules.sc_tuishui=1 must be a bool (true or false)"),
    ("sc_zimoo", "none", "unknown rule key 'sc_zimoo'; did you mean 'sc_zimo'?"),
])
def test_a_bad_key_or_value_is_a_one_line_error(key, value, message):
    with pytest.raises(ValueError) as error:
        SichuanRules().replace(**{key: value})
    assert str(error.value) == message and "\n" not in str(error.value)


def test_q6_cap_valued_flags_are_refused_without_a_cap():
    # docs/rules/sichuan.md q6 (r52, r73): tian_di_hu=cap and huazhu_amount=cap need a cap
    with pytest.raises(ValueError, match=r"^rules.sc_huazhu_amount='cap' needs a cap; .* choose one of 16, 8$"):
        SichuanRules(sc_fan_cap="none")
    with pytest.raises(ValueError, match=r"^rules.sc_tian_di_hu='cap' needs a cap"):
        SichuanRules(sc_fan_cap="none", sc_huazhu_amount=16, sc_tian_di_hu="cap")
    assert SichuanRules(sc_fan_cap="none", sc_huazhu_amount=8).pack()[SL.R_SC_FAN_CAP] == -1


def test_the_folder_registers_the_rule_set_with_code_4():
    # docs/architecture.md "Adding a variant": CODE and CONFIG_CLASS in the folder; sim.rules lists it after 推倒胡
    assert sim.variants.sichuan.CODE == 4 and sim.rules.VARIANTS[-1] == "sichuan"
    assert sim.rules.CONFIG_CLASSES["sichuan"] == "sim.variants.sichuan.config:SichuanRules"
    assert sim.rules.N_RULE_FIELDS >= SL.SC_BLOCK + L.BLOCK_SIZE
