"""金华 rule config (sim.variants.jinhua.config.JinhuaRules): every JH flag with its default, packed into the 金华
block of the rule vector; one-line errors for bad values (RULES §3.1 r2, r4, §3.2 r8–r9, §3.4 r15, §3.5 r19–r21,
A27–A35, A36). The config class is built on the shared ``sim.rules.VariantRules`` machinery.
"""
import pytest

from sim.core import codes as C
from sim.variants.jinhua import CODE as JINHUA_CODE
from sim.core import rule_layout as L
from sim.variants.jinhua import rule_slots as JH
from sim.hand_tables import get_tables
from sim.hand_wild_tables import get_wild_tables
from sim.variants.jinhua.config import JinhuaRules


def test_defaults_pack_into_the_jinhua_block():
    vector = JinhuaRules().pack()
    assert vector[L.R_VARIANT] == JINHUA_CODE
    assert vector[JH.R_JH_DEALER] == C.JH_DEALER_STAY          # RULES §3.1 r2, A27
    assert vector[JH.R_JH_DEAD_WALL] == 14                       # RULES §3.1 r4, A32
    assert vector[JH.R_JH_INDICATOR_IN_RESERVE] == 0
    assert vector[JH.R_JH_RON_ON_CAISHEN] == 0                   # RULES §3.2 r8, A29
    assert vector[JH.R_JH_CHENGBAO_SCOPE] == C.JH_CHENGBAO_ALL   # RULES §3.5 r20, A30
    assert vector[JH.R_JH_KONG_COUNTS_TAN] == 1
    assert vector[JH.R_JH_DEALER_DOUBLE] == 0 and vector[JH.R_JH_KONG_MONEY] == 0  # A35
    assert vector[JH.R_JH_WILD_FIFTH_COPY] == 1
    assert vector[L.R_MULTI_RON] == C.MULTI_RON_HEADBUMP        # RULES §3.3 r13
    mults = [int(vector[JH.R_JH_MULT + j]) for j in range(C.N_JH_MULT)]
    assert mults == [2, 2, 4, 2, 2, 2, 2, 4]                    # RULES §3.4 r15 table, A31 = 4


def test_flags_change_their_slots():
    config = JinhuaRules().replace(jh_dealer="winner", jh_dead_wall="none", jh_baotou_haidi=8,
                                   jh_chengbao_scope="zimo", jh_multipliers={"qingyise": 8})
    vector = config.pack()
    assert vector[JH.R_JH_DEALER] == C.JH_DEALER_WINNER
    assert vector[JH.R_JH_DEAD_WALL] == 0
    assert vector[JH.R_JH_MULT + C.JH_MULT_BAOTOU_HAIDI] == 8
    assert vector[JH.R_JH_MULT + C.JH_MULT_QINGYISE] == 8 and vector[JH.R_JH_MULT + C.JH_MULT_QIDUI] == 2
    assert vector[JH.R_JH_CHENGBAO_SCOPE] == C.JH_CHENGBAO_ZIMO


@pytest.mark.parametrize("key, value, message", [
    ("jh_dealer", "random", "rules.jh_dealer='random' is not valid; choose one of stay, rotate, winner"),
    ("jh_dead_wall", 10, "rules.jh_dead_wall=10 is not valid; choose one of 14, none"),
    ("jh_baotou_haidi", 6, "rules.jh_baotou_haidi=6 is not valid; choose one of 4, 8"),
    ("jh_wild_in_melds", True, "rules.jh_wild_in_melds=True is not supported by the engine yet"),
])
def test_bad_values_are_one_line_errors(key, value, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")) as error:
        JinhuaRules().replace(**{key: value})
    assert "\n" not in str(error.value)


def test_hand_tables_follow_the_fifth_copy_reading():
    # RULES §3.2 r7, §3.4 r15: 爆头 on the fourth copy of a held triplet needs a 财神 as a fifth copy
    assert JinhuaRules().hand_tables() is get_wild_tables()
    assert JinhuaRules(jh_wild_fifth_copy=False).hand_tables() is get_tables()


def test_yaml_lists_every_field_with_its_default():
    # conf/rules/jinhua.yaml: every JH flag of RULES §4 (A27–A35, A36) with the class default
    from pathlib import Path

    import yaml

    path = Path(__file__).resolve().parents[3] / "conf" / "rules" / "jinhua.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    defaults = JinhuaRules().to_dict()
    assert list(data) == list(defaults)
    assert data == defaults
