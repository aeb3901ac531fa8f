"""推倒胡 rule config (sim.variants.plain.config.PlainRules): the two flags with their defaults, packed into their
slots with the common slots 推倒胡 fixes; one-line errors for a bad key or value; the slots clash with no other
variant's; conf/rules/plain.yaml and the flag table of docs/rules/plain.md agree with the class (A39–A40).
"""
import re
from pathlib import Path

import numpy as np
import pytest
import yaml

from sim.core import codes as C
from sim.core import rule_layout as L
from sim.rules import N_RULE_FIELDS
from sim.variants.plain import VARIANT_PLAIN
from sim.variants.plain.rule_slots import R_PLAIN_CHI, R_PLAIN_QIDUI
from sim.variants.plain.config import PlainRules

ROOT = Path(__file__).resolve().parents[3]

# the common slots 推倒胡 fixes, with the rule that fixes them (docs/rules/plain.md)
FIXED = {
    L.R_MULTI_RON: C.MULTI_RON_HEADBUMP,          # r8: one winner, the first after the discarder
    L.R_GUO_HU: C.GUO_HU_UNRESTRICTED,            # r15
    L.R_QIDUI_ALLOW_QUAD: 1,                       # r13
    L.R_QIANGGANG_MODE: C.QIANGGANG_DISCARDER,    # r14, r17
    L.R_ROB_ANGANG: 0,                             # r14
    L.R_BUGANG_ONLY_ON_DRAW: 0,                    # r7
    L.R_HUANG_DEALER: C.HUANG_DEALER_STAY,         # r5
    L.R_DEAD_WALL_MODEL: C.WALL_MODEL_COUNT,       # r3: the count model with nothing kept back
    L.R_HUANG_STACKS: 0,
    L.R_STACKS_PER_KONG: 0,
    L.R_MINGGANG_UNITS: 0,                         # r20
    L.R_ANGANG_UNITS: 0,
    L.R_SUITED_WALL: 0,                            # r1
}


def test_defaults_chi_off_qidui_on():
    # docs/rules/plain.md r9 (A39) and r13 (A40)
    config = PlainRules()
    assert (config.variant, config.chi, config.qidui) == ("plain", False, True)
    assert config.to_dict() == {"variant": "plain", "chi": False, "qidui": True}


def test_defaults_pack_the_variant_code_the_flags_and_the_fixed_slots_only():
    # docs/rules/plain.md r1 (all 136 tiles), r7 (补杠 with a fourth tile drawn or held) and the other fixed rules
    vector = PlainRules().pack()
    assert vector.dtype == np.int32 and vector.shape == (N_RULE_FIELDS,)
    assert vector[L.R_VARIANT] == VARIANT_PLAIN == 3
    assert vector[R_PLAIN_CHI] == 0 and vector[R_PLAIN_QIDUI] == 1
    assert {slot: int(vector[slot]) for slot in FIXED} == FIXED
    others = set(range(N_RULE_FIELDS)) - set(FIXED) - {L.R_VARIANT, R_PLAIN_CHI, R_PLAIN_QIDUI}
    assert not vector[sorted(others)].any()


@pytest.mark.parametrize("flags, chi, qidui", [
    ({"chi": True}, 1, 1), ({"qidui": False}, 0, 0), ({"chi": True, "qidui": False}, 1, 0),
])
def test_each_flag_packs_into_its_own_slot(flags, chi, qidui):
    vector = PlainRules().replace(**flags).pack()
    assert (vector[R_PLAIN_CHI], vector[R_PLAIN_QIDUI]) == (chi, qidui)
    assert vector[L.R_VARIANT] == VARIANT_PLAIN and vector[L.R_QIDUI_ALLOW_QUAD] == 1  # the rest is unchanged
    assert PlainRules(**flags) == PlainRules().replace(**flags)


@pytest.mark.parametrize("key, value, message", [
    ("chii", True, "unknown rule key 'chii'; did you mean 'chi'?"),
    ("dealer_double", True, "unknown rule key 'dealer_double'; valid keys: variant, chi, qidui"),
    ("chi", "yes", "rules.chi='yes' must be a bool (true or false)"),
    ("qidui", 1, "rules.qidui=1 must be a bool (true or false)"),
])
def test_a_bad_key_or_value_is_a_one_line_error(key, value, message):
    with pytest.raises(ValueError) as error:
        PlainRules().replace(**{key: value})
    assert str(error.value) == message and "\n" not in str(error.value)


def test_the_variant_field_accepts_plain_only():
    with pytest.raises(ValueError, match="rules.variant='jinhua' is not valid; choose one of plain"):
        PlainRules(variant="jinhua")


def test_yaml_lists_every_field_with_its_default():
    data = yaml.safe_load((ROOT / "conf" / "rules" / "plain.yaml").read_text(encoding="utf-8"))
    assert data == PlainRules().to_dict() and list(data) == list(PlainRules().to_dict())


def test_the_doc_flag_table_names_both_flags_with_their_defaults():
    # docs/rules/plain.md flag table: A39 chi (default false), A40 qidui (default true)
    text = (ROOT / "docs" / "rules" / "plain.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        if line.startswith('| <a id="a'):  # columns: # | point | options | default | flag | rule
            cells = [c.strip() for c in line.strip("|").split("|")]
            number = re.search(r"A\d+", cells[0]).group()
            rows[re.search(r"`(\w+)`", cells[4]).group(1)] = (number, cells[3].replace("**", "").split(" (")[0])
    assert rows == {"chi": ("A39", "false"), "qidui": ("A40", "true")}
