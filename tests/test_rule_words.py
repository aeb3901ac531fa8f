"""Every flag of every rule set has its Chinese words in the report (reports.rule_words), and a value's words
never read as another value's."""
import dataclasses

import pytest

from reports.rule_words import flag_words, value_words
from sim import rules as R


@pytest.mark.parametrize("variant", R.VARIANTS)
def test_every_flag_of_every_rule_set_has_words(variant):
    names = [f.name for f in dataclasses.fields(R.config_class(variant)) if f.name != "variant"]
    assert [name for name in names if not flag_words(name, variant)] == []


def test_a_rule_sets_own_words_come_from_its_folder_and_name_the_chosen_value():
    assert flag_words("sc_guo_hu", "sichuan").startswith("过胡：until_draw")
    assert flag_words("sc_guo_hu", "jincheng") == ""  # a flag of another rule set has no words there
    assert value_words("sc_guo_hu", "none", "sichuan") == "过胡：不限"
    assert value_words("sc_kong_draw", "front", "sichuan") == "杠后补牌：从牌墙前面补"
    assert value_words("sc_chadajiao", "false", "sichuan") == "查大叫：否"
