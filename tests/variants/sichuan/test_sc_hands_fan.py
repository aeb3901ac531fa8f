"""四川血战 whole hands for the winning hands and their 番 (docs/rules/sichuan.md r37–r54, with r15): seat 1
holds a hand and wins on the dealer's discard of its winning tile (sc_walls.ron_table), or draws it; the record's 番
(``s1_fan``), value (``s1_value``) and the money paid asserted exactly, flags shown by the same wall under both
values. Default cap 3: V = 2^min(F, 3); money in 底.
"""
import pytest

from sc_scenarios import table
from sc_walls import ron_table, two_suit_hand
from sim.core.codes import FEATURE_DIHU, FEATURE_HAOHUA_QIDUI, FEATURE_PENGPENGHU, FEATURE_QIDUI, FEATURE_QINGYISE
from sim.core.codes import WIN_DIANHU, WIN_ZIMO


def won(hand, tile, fan, value, **flags):
    """Play seat 1's 胡 of ``tile`` on the dealer's discard and check it (``check_won``); return the table."""
    t = ron_table(hand, tile, **flags)
    assert "hu" in t.legal(1), t.legal(1)
    t.play([(1, "hu")])
    check_won(t, fan, value)
    return t


def check_won(t, fan, value):
    """Assert that seat 1 alone has won on the dealer's discard at ``fan`` 番 and V ``value``, the dealer paying V."""
    assert t.winners() == [1] and t.column("win_how")[1] == WIN_DIANHU
    assert (t.column("fan")[1], t.column("value")[1]) == (fan, value)
    assert t.column("win") == [-value, value, 0, 0]


def test_r37_r39_the_standard_win_at_zero_fan_and_r15_no_win_with_a_void_tile():
    # docs/rules/sichuan.md r37: 123m 456m 789m 234s + 55s (void 筒) wins; r39: at 0 番 (平胡, V 1); r15: the same
    # sets holding 9p (its void suit) cannot 胡 the 9p that would pair it
    won("123m456m789m234s5s", "5s", 0, 1)
    t = ron_table("123m456m789m234s9p", "9p")
    assert t.void(1) == 1 and "hu" not in t.legal(1)


@pytest.mark.parametrize("hand, tile, fan, value, rules", [
    ("11m22m33m44s55s66s7s", "7s", 2, 4, "r38 七对"),
    ("1111m22m33m44s55s6s", "6s", 3, 8, "r38 七对 with the 根 1111m (r47 gen: 龙七对 3)"),
    ("112233m445566s7s", "7s", 2, 4, "r40 七对 2 beats 平胡 123m 123m 456s 456s 77s"),
    ("111m222m333s444s5s", "5s", 1, 2, "r42 大对子"),
    ("123m456m789m234m5m", "5m", 2, 4, "r44 清一色"),
    ("111m123m456s789s5s", "5s", 1, 2, "r46 根: all four 1m across 111m and 123m"),
    ("111m222m333m444m5m", "5m", 3, 8, "r54 清对 3 (r40: over 清一色 平胡 123m 123m 123m 444m)"),
])
def test_r38_r40_r42_r44_r46_r54_structure_and_named_hands(hand, tile, fan, value, rules):
    # docs/rules/sichuan.md r38, r40, r42, r44, r46, r54: the 番 of each named hand as a whole-hand win
    won(hand, tile, fan, value)


def test_r38_r47_the_record_names_qidui_and_longqidui():
    # docs/rules/sichuan.md r38, r47: 七对 recorded as 七对, with a 根 as 豪华 (龙) 七对
    assert won("11m22m33m44s55s66s7s", "7s", 2, 4).record()["win_features"] & FEATURE_QIDUI
    assert won("1111m22m33m44s55s6s", "6s", 3, 8).record()["win_features"] & FEATURE_HAOHUA_QIDUI


def test_r42_r44_the_record_names_daduizi_and_qingyise():
    # docs/rules/sichuan.md r42, r44: the first win's features in the record
    assert won("111m222m333s444s5s", "5s", 1, 2).record()["win_features"] & FEATURE_PENGPENGHU
    assert won("123m456m789m234m5m", "5m", 2, 4).record()["win_features"] & FEATURE_QINGYISE


def test_r41_the_cap_limits_the_value_and_none_leaves_2_to_the_f():
    # docs/rules/sichuan.md r41: 清龙七对 (清一色 2 + 七对 2 + 根 1 = F 5): V 8 at cap 3, 16 at cap 4, 32 uncapped
    hand = "1111m22m33m44m55m6m"
    won(hand, "6m", 5, 8)
    won(hand, "6m", 5, 16, sc_fan_cap=4)
    won(hand, "6m", 5, 32, sc_fan_cap="none", sc_huazhu_amount=16)  # q6: a cap-valued 花猪 amount needs a cap


def test_r43_daiyaojiu_only_with_the_flag():
    # docs/rules/sichuan.md r43: 123m 789m 123s 999s 99m: every set holds a 1 or 9: 带幺九 2 with
    # sc_yaojiu_jiangdui, else 平胡 0
    won("123m789m123s999s9m", "9m", 0, 1)
    won("123m789m123s999s9m", "9m", 2, 4, sc_yaojiu_jiangdui=True)


def test_r45_jiang_only_with_the_flags():
    # docs/rules/sichuan.md r45: 222m 555m 888m 22s + 5s, of 2, 5, 8 only: 将对 3 with sc_yaojiu_jiangdui, else
    # 大对子 1; a 七对 of 2, 5, 8 (with the 根 2222m: 3) gets 将 +2 only with sc_jiang_qidui too
    won("222m555m888m22s55s", "5s", 1, 2)
    won("222m555m888m22s55s", "5s", 3, 8, sc_yaojiu_jiangdui=True)
    qidui = "2222m55m88m22s55s8s"
    won(qidui, "8s", 3, 8, sc_yaojiu_jiangdui=True)
    won(qidui, "8s", 5, 8, sc_yaojiu_jiangdui=True, sc_jiang_qidui=True)


def test_r47_longqidui_extra_is_the_tencent_table():
    # docs/rules/sichuan.md r47 (extra): 龙七对 4 rather than 七对 2 + 根 1 = 3; 清龙七对 5 as under gen
    won("1111m22m33m44s55s6s", "6s", 4, 8, sc_longqidui="extra")
    won("1111m22m33m44m55m6m", "6m", 5, 8, sc_longqidui="extra")


def test_r53_menqing_and_zhongzhang_with_the_flag():
    # docs/rules/sichuan.md r53: 234m 456m 678m 345s 66s, concealed and without a 1 or 9: 门清 +1, 中张 +1 with the
    # flag (F 2, V 4), else 平胡 0
    won("234m456m678m345s6s", "6s", 0, 1)
    won("234m456m678m345s6s", "6s", 2, 4, sc_menqing_zhongzhang=True)


# Seat 1 waits on 5p (46p, void 条); seat 2 and seat 3 are fillers. 地胡 and 自摸 hands.
WAIT_5P = "123456789m88p46p"
DEALER = "22334455m11p789p"


def test_r50_r60_zimo_adds_a_base_a_fan_or_nothing():
    # docs/rules/sichuan.md r50, r60: seat 1 draws its 5p on its second turn (no 地胡): add_base F 0, each of three
    # pays V + 1 = 2; add_fan F 1, V 2, each pays 2; none F 0, each pays V = 1
    for flags, fan, each in (({}, 0, 2), ({"sc_zimo": "add_fan"}, 1, 2), ({"sc_zimo": "none"}, 0, 1)):
        t = table({0: DEALER, 1: WAIT_5P}, draws="1s9s8s3s2s5p", **flags)
        t.play([(0, "discard 1s")]).run_until_drawn(1, "5p")
        t.step(1, "zimo")
        assert t.column("win_how")[1] == WIN_ZIMO and t.column("fan")[1] == fan
        assert t.column("win") == [-each, 3 * each, -each, -each]


def test_r50_r60_add_then_cap_pays_past_the_cap_and_a_bonus_fan_is_capped():
    # docs/rules/sichuan.md r60 (q9): a 自摸 of 清一色 七对 with a 根 (F 5): cap_then_add 8 + 1 = 9 from each;
    # add_then_cap min(2^5 + 1, 8) = 8; add_fan: F 6, capped at V 8
    hand = "1111m22m33m44m55m6m"
    for flags, fan, each in (({}, 5, 9), ({"sc_zimo_cap_order": "add_then_cap"}, 5, 8),
                             ({"sc_zimo": "add_fan"}, 6, 8)):
        t = table({0: "123456789s1239p", 1: hand}, draws="1s9s8s3s2s6m", **flags)
        t.play([(0, "discard 1s")]).run_until_drawn(1, "6m")
        t.step(1, "zimo")
        assert t.column("fan")[1] == fan and t.column("win") == [-each, 3 * each, -each, -each]


def test_r51_r52_dihu_on_the_dealers_first_discard_and_its_values():
    # docs/rules/sichuan.md r51 (dealer_first_discard): seat 1 wins on the dealer's first discard: 地胡; r52: five
    # (F 5, V 8), add (0 + 2), cap (F 3), off (a plain win, F 0); under first_draw the same win is no 地胡
    rule = {"sc_dihu_def": "dealer_first_discard"}
    for flags, fan, value in (({}, 5, 8), ({"sc_tian_di_hu": "add"}, 2, 4), ({"sc_tian_di_hu": "cap"}, 3, 8),
                              ({"sc_tian_di_hu": "off"}, 0, 1)):
        t = won(WAIT_5P, "5p", fan, value, **rule, **flags)
        assert bool(t.record()["win_features"] & FEATURE_DIHU) == (fan > 0)
    assert not won(WAIT_5P, "5p", 0, 1).record()["win_features"] & FEATURE_DIHU


def test_r49_r48_a_last_tile_that_is_a_replacement_is_gangkai_and_not_haidi():
    # docs/rules/sichuan.md r49: seat 2 draws front tile 55 of 56 (1p), 暗杠s 5555p and wins on the replacement, the
    # last live tile: 杠上开花 only: 平胡 0 + 根 1 + 杠上开花 1 = F 2 (no 海底), V 4, 5 from each (r60)
    from sc_walls import draws_for, turns_after
    from sim.core.codes import FEATURE_GANGKAI, FEATURE_HAIDI

    hands = {2: "5555p123456789m"}
    draws = draws_for(hands, turns_after([0, 1, 2, 3], [0, 1, 2, 3], replacements=1), fixed={54: "1p"},
                      replacements="1p")
    t = table(hands, draws=draws, replacements="1p")
    while t.record()["draws"] < 55:  # seat 2 may draw (and discard) another 1p earlier
        t.auto()
        t.run_until_drawn(2, "1p")
    t.step(2, "angang 5p")
    assert t.game.last_drawn == "1p" and t.record()["draws"] + t.record()["replacements"] == 56
    t.step(2, "zimo")
    assert t.column("fan")[2] == 2 and t.column("win") == [-5, -5, 15, -5]
    features = t.record()["win_features"]
    assert features & FEATURE_GANGKAI and not features & FEATURE_HAIDI


# 金钩钓 (r42, r54 example): seat 1 (void 筒) pongs 2m, 5m and 7s as they are discarded, 暗杠s 9999s on its draw and
# waits on its last tile, 3m; the other seats hold 万 and 筒 only (void 条), so each discards what it draws.
JINGOU_HAND = "122355m4778999s"
#: The dealer's 14th 2m; seat 2's 5m, then 7s, after each pong; seats 2, 3, 0 then 1 (its fourth 9s); seat 2's 3m.
JINGOU_DRAWS = "2m5m7s" + "6p6p6p" + "9s" + "3m"
JINGOU_REPLACEMENTS = "1p"


def jingou_table(**flags):
    """Return the 金钩钓 hand played up to the window in which seat 1 may 胡 seat 2's 3m, its only tile left."""
    hands = {1: JINGOU_HAND}
    for seat in (0, 2, 3):
        hands[seat] = two_suit_hand(hands, JINGOU_DRAWS, JINGOU_REPLACEMENTS, suits="mp")
    t = table(hands, draws=JINGOU_DRAWS, replacements=JINGOU_REPLACEMENTS, **flags)
    t.play([(1, "peng"), (1, "discard 1m"), (1, "peng"), (1, "discard 4s"), (1, "peng"), (1, "discard 8s")])
    t.run_until_drawn(1, "9s").step(1, "angang 9s")
    t.step(1, "discard 1p")  # the replacement, of its void
    return t.run_until_offered(1, "3m")


def check_jingou(t):
    """Assert the 金钩钓 win of seat 1 on seat 2's 3m: F 3, V 8 paid by seat 2; the 暗杠 2 from each."""
    assert t.game.melds[1] == [("peng", "2m"), ("peng", "5m"), ("peng", "7s"), ("angang", "9s")]
    assert t.winners() == [1] and t.column("win_how")[1] == WIN_DIANHU
    assert (t.column("fan")[1], t.column("value")[1]) == (3, 8)
    assert t.column("win") == [0, 8, -8, 0] and t.column("kong") == [-2, 6, -2, -2]


def test_r42_r54_jingoudiao_three_pongs_a_kong_and_the_win_on_the_single_tile():
    # docs/rules/sichuan.md r42: all four sets melded, the win pairs the single 3m: 金钩钓 2 (not 大对子 1); r46: the
    # 暗杠 9999s is a 根; r54 (its example): 金钩钓 2 + 根 1 = F 3, V 8 at cap 3; the discarder seat 2 pays it
    t = jingou_table()
    assert t.game.hands[1] == "3m" and t.legal(1) == ["pass", "hu"]
    t.play([(1, "hu")])
    check_jingou(t)
