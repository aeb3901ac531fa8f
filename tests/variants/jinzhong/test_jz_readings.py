"""Where the 晋中 rule text is silent, the reading the engine takes (docs/rules/jinzhong.md r16, r18; flags A37,
A38): each setting of each flag on a stacked wall, its effect on the record and the money (底分).

Scripted hands (jz_scenarios.table, check mode on): seat 0 deals, turn order 0 → 1 → 2 → 3; unscripted seats
discard what they draw and pass every claim.
"""
import numpy as np

from jz_scenarios import table
from sim.core import codes as C
from sim import tiles
from sim.hand_tables import get_tables
from sim.record import WIN_DIANHU, WIN_ZIMO
from sim.variants.jinzhong._win_features import hand_features_k
from sim.variants.jinzhong.config import JinzhongRules

F = C.FEATURE_CODES
NOT_PURE = "1112345678899m"   # the 九莲宝灯 shape after a 9m, but waiting on 8m and 9m only
PURE = "1112345678999m"       # the nine-sided wait: any 万 completes it
TANKI_6Z = "123m456m789m111p6z"  # waits 6z only
DEALER_QUAD = "1111s258m369p347z"  # the dealer's four 1s, for an 暗杠 before its first discard


def features(row) -> set[str]:
    return {name for name, bit in F.items() if row["win_features"] & bit}


def shape(concealed: str, win_tile: str, **rules) -> set[str]:
    """Return the feature names of a concealed 14-tile winning hand won on ``win_tile`` (hand level)."""
    vector = JinzhongRules().replace(**rules).pack()
    mask = hand_features_k(tiles.parse(concealed), np.zeros(4, np.int64), 0, False, 0, tiles.kind(win_tile),
                           vector, get_tables())
    return {name for name, bit in F.items() if mask & bit}


def test_r16_jiulian_any_concealed_shape_by_default_or_only_the_nine_sided_wait():
    """RULES §2.4 r16, A37: 11123456788999m holds 1112345678999 plus one more 万. Won on 9m (the hand waited on
    8m/9m) it is 九莲宝灯 by default and only 清一色 with jz_jiulian_nine_wait; won on 8m (the 13 before it were
    1112345678999) it is 九莲宝灯 under both."""
    assert shape("11123456788999m", "9m") == {"jiulian"}
    assert shape("11123456788999m", "9m", jz_jiulian_nine_wait=True) == {"qingyise"}
    assert shape("11123456788999m", "8m") == {"jiulian"}
    assert shape("11123456788999m", "8m", jz_jiulian_nine_wait=True) == {"jiulian"}


def test_r16_jiulian_by_zimo_off_the_nine_sided_wait():
    """RULES §2.4 r16, A37: seat 1 报听s on 1112345678899m (waits 8m/9m) and draws 9m: by default 九莲宝灯, ×4,
    闲 自摸 8 × 4 = 32; with jz_jiulian_nine_wait 清一色, ×2, 8 × 2 = 16."""
    for rules, expected, multiplier, money in (({}, {"jiulian"}, 4, [-16, 32, -8, -8]),
                                               ({"jz_jiulian_nine_wait": True}, {"qingyise"}, 2, [-8, 16, -4, -4])):
        t = table({1: NOT_PURE}, draws="6z5z" + "6p6s7p" + "9m", **rules)
        t.play([(1, "shangjia 5z"), (1, "zimo")])
        row = t.record()
        assert row["winner"] == 1 and row["win_kind"] == WIN_ZIMO
        assert features(row) == expected and row["multiplier"] == multiplier and t.money() == money


def test_r16_jiulian_on_the_nine_sided_wait_by_a_discard():
    """RULES §2.4 r16, A37: seat 1 报听s on 1112345678999m; seat 2 (not 报听) discards 6m: 九莲宝灯 ×4 under both
    settings, 5 × 4 = 20 paid by the discarder alone (RULES §2.5: a discarder without 报听 pays for all three)."""
    for rules in ({}, {"jz_jiulian_nine_wait": True}):
        t = table({1: PURE}, draws="6z5z" + "6m", **rules)
        t.play([(1, "shangjia 5z"), (1, "hu")])
        row = t.record()
        assert row["winner"] == 1 and row["win_kind"] == WIN_DIANHU and row["feeder"] == 2
        assert features(row) == {"jiulian"} and row["multiplier"] == 4 and t.money() == [0, 20, -20, 0]


def test_r18_dihu_after_the_dealers_angang_only_with_the_flag():
    """RULES §2.4 r18, A38: the dealer 暗杠s 1s, draws its replacement and discards 6z, its first discard; seat 1's
    dealt 13 wait on 6z. By default the kong ended the 地胡 chance: seat 1 (not 报听) cannot 胡. With
    jz_dihu_after_angang it wins as 地胡: 5 × 2 = 10, all from the dealer (not 报听)."""
    t = table({0: DEALER_QUAD, 1: TANKI_6Z}, draws="6z", replacements="5z")
    t.play([(0, "angang 1s"), (0, "discard 6z")])
    assert t.phase == "self" and t.to_act == 1 and t.game.front_draws == 2  # no window: seat 1 drew at once
    t2 = table({0: DEALER_QUAD, 1: TANKI_6Z}, draws="6z", replacements="5z", jz_dihu_after_angang=True)
    t2.play([(0, "angang 1s"), (0, "discard 6z")])
    assert t2.phase == "claim" and t2.to_act == 1 and "hu" in t2.legal(1)
    t2.play([(1, "hu")])
    row = t2.record()
    assert row["winner"] == 1 and row["feeder"] == 0 and row["kongs"] == 1
    assert features(row) == {"dihu"} and row["multiplier"] == 2 and t2.money() == [-10, 10, 0, 0]
