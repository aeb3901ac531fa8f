"""Where the 金华 rule text is silent, the reading the engine takes (docs/rules/jinhua.md r2, r15): who deals
after a 荒庄 under ``jh_dealer=winner`` (A27), and what 爆头 with 海底 is worth when ``jh_multipliers`` is changed
(A31). Each test pins the engine's behaviour."""
import numpy as np
import pytest

from jh_scenarios import table
from sim.core import codes as C
from sim.variants.jinhua.rule_slots import R_JH_MULT
from sim.hand_wild_tables import get_wild_tables
from sim.tiles import kind, parse
from sim.variants.jinhua import hooks
from sim.variants.jinhua._win_shape import classify_win_k
from sim.variants.jinhua.config import JinhuaRules


@pytest.mark.parametrize("mode, shift", [("stay", 1), ("rotate", 1), ("winner", 0)])
def test_r2_after_a_huangzhuang_the_winner_mode_keeps_the_dealer(mode, shift):
    """RULES §3.1 r2, A27: a stacked hand nobody wins ends 荒庄 with seat 2 dealing. 轮庄 (stay) and rotate pass
    the deal to the 下家; jh_dealer=winner, which names no dealer when nobody won, keeps the dealer (our reading)."""
    t = table({}, dealer=2, jh_dealer=mode).finish()
    row = t.record()
    assert row["winner"] == -1 and row["dealer"] == 2
    assert hooks.next_dealer(t.game._rule_vec, t.game._st) == (2 + shift) % 4


def multipliers(**rules):
    """Return the packed 金华 multiplier table (int32[N_JH_MULT]) of the rules with ``rules`` changed."""
    return JinhuaRules().replace(**rules).pack()[R_JH_MULT:R_JH_MULT + C.N_JH_MULT].copy()


def classify(held, last, haidi, table_):
    """Return (features, multiplier) of the self-drawn win ``held`` (财神 5s) completed by ``last``."""
    features, multiplier = classify_win_k(parse(held), np.zeros(4, np.int8), 0, kind("5s"), True, kind(last), haidi,
                                          False, True, table_, get_wild_tables())
    return int(features), int(multiplier)


def test_r15_baotou_with_haidi_is_the_flags_value_whatever_the_table():
    """RULES §3.4 r15, A31: 爆头 completed on the last tile is worth jh_baotou_haidi (4 or 8) as one entry of its
    own, not 爆头 × 海底 from jh_multipliers: with the table's 爆头 = 3 and 海底 = 3 it is still 4 (or 8), not 9,
    while 爆头 alone is 3 and 海底 on a 平胡 is 3. (The hand is also a 平胡 with the 财神 as 9s; the form with the
    larger multiplier is taken, so a table whose 海底 alone beats the flag's value scores it as 平胡 with 海底.)"""
    held = "123m456p789p111s5s9s"  # four sets and the lone 财神 5s; the drawn 9s completes it (爆头)
    baotou_haidi = C.FEATURE_BAOTOU | C.FEATURE_HAIDI
    changed = {"jh_multipliers": {"baotou": 3, "haidi": 3}}
    assert classify(held, "9s", True, multipliers(**changed)) == (baotou_haidi, 4)
    assert classify(held, "9s", True, multipliers(jh_baotou_haidi=8, **changed)) == (baotou_haidi, 8)
    assert classify(held, "9s", False, multipliers(**changed)) == (C.FEATURE_BAOTOU, 3)
    assert classify("123m456p789p111s99s", "9s", True, multipliers(**changed)) == (C.FEATURE_PINGHU | C.FEATURE_HAIDI, 3)
    five = {"jh_multipliers": {"baotou": 3, "haidi": 5}}
    assert classify(held, "9s", True, multipliers(**five)) == (C.FEATURE_PINGHU | C.FEATURE_HAIDI, 5)
