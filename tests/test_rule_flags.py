"""Each 晋城 rule flag (RULES §4, sim.rules.RulesConfig) shown to change an outcome of the engine.

Every test plays one stacked-wall scenario (tests/jc_scenarios.py) under the default and under
the flipped value, and asserts both outcomes exactly. Seat 0 deals; turn order 0 → 1 → 2 → 3.
"""
import dataclasses

import pytest

from jc_scenarios import table
from sim.record import COLUMN_INDEX, WIN_QIANGGANG, WIN_ZIMO
from sim.rules import RulesConfig

TANKI_5Z = "123m456p789s111z5z"
DEALER_5P = "5p147m8m369s12345z"
PAIR_5P = "55p9p147s258m1234z"
KANCHAN_5P = "123m789s666z22z46p"
DEALER_9M = "3689m147p258s456z"
THIRTEEN_NO_9M = "1m1p9p1s9s1234567z"


def quiet_huang(**rules):
    """A hand nobody can win, played to 荒庄."""
    return table({}, **rules).finish()


def one_angang_huang(**rules):
    """The dealer 暗杠s 1m on its first turn; the hand then goes 荒."""
    return table({0: "1111m258p369s123z"}, replacements="5z6z", **rules).play([(0, "angang 1m")], finish=True)


def test_houbao_units():
    """A1 houbao_units: 荒庄 costs the dealer 2 per 闲 (default) or 1."""
    assert quiet_huang().money("houbao") == [-6, 2, 2, 2]
    assert quiet_huang(houbao_units=1).money("houbao") == [-3, 1, 1, 1]


def test_huang_dealer():
    """A2 huang_dealer: after a 荒庄 the next hand of a session keeps the dealer (stay) or passes it on."""
    from sim.play import play_chunk

    c = COLUMN_INDEX
    for value in ("stay", "rotate"):
        out = play_chunk({"huang_dealer": value}, ["greedy"] * 4, seed=21, first_hand=0, n_hands=200,
                         session_length=10)
        huang = [i for i in range(len(out) - 1)
                 if out[i, c["winner"]] == -1 and out[i + 1, c["hand_in_session"]] != 0]
        assert huang, "no 荒庄 inside a session to check"
        shift = 0 if value == "stay" else 1
        assert all(out[i + 1, c["dealer"]] == (out[i, c["dealer"]] + shift) % 4 for i in huang)


def test_dead_wall_model():
    """A3 dead_wall_model: with one kong, 68 front draws (physical) or 67 (count)."""
    assert one_angang_huang().record()["draws"] == 68
    assert one_angang_huang(dead_wall_model="count").record()["draws"] == 67


def double_ron(**rules):
    """Seats 1 and 3 are 上架 on 5z; seat 2 (not 上架) discards 5z and both answer 胡."""
    t = table({1: TANKI_5Z, 3: "123p456s789m222z5z"}, draws="6m6p6s7m7p7s5z", **rules)
    return t.play([(1, "shangjia 6p"), (2, "discard 6s"), (3, "shangjia 7m"), (2, "discard 5z"),
                   (3, "hu"), (1, "hu")])


def test_multi_ron():
    """A4 multi_ron: head-bump pays seat 3 alone; "all" pays seat 3 and seat 1 (each as case 3)."""
    assert double_ron().money("win") == [-2, -1, -2, 5]
    both = double_ron(multi_ron="all")
    assert both.money("win") == [-4, 4, -4, 4]
    assert both.record()["winner"] == 3


def ting_kong_legal(policy, kind):
    """Return the legal actions of a 上架 seat offered a kong of ``kind`` under ``policy``.

    ``kind``: "angang_same" (seat 1 waits 5z, draws its 4th 1m), "angang_changes" (seat 2 waits
    1p/4p/5z, draws its 4th 1p) or "minggang_same" (seat 1 holds 111m; seat 2 discards 1m).
    """
    t = table({1: "111m456p789s234s5z", 2: "111p23p456s789m55z"}, draws="6m9s8s6s6p" + "1m1p",
              ting_kong_policy=policy)
    t.play([(1, "shangjia 9s"), (2, "shangjia 8s")])
    if kind == "angang_same":
        t.run_until(1)
        return t.legal()
    t.run_until(1)
    t.play([(1, "discard 1m")])
    if kind == "angang_changes":
        t.run_until(2)
        return t.legal()
    raise ValueError(kind)


def minggang_after_ting(policy):
    """上架 seat 1 (waits 5z, holds 111m) is offered seat 3's 1m; return its answers."""
    t = table({1: "111m456p789s234s5z", 3: "1m258p369s2478m45z"},
              draws="6m9s6p6s", ting_kong_policy=policy)
    t.play([(1, "shangjia 9s")])
    t.run_until(3)
    t.step(3, "discard 1m")
    return t.window().get(1, [])


def test_ting_kong_policy():
    """A5 ting_kong_policy: which kongs a 上架 seat may make (RULES §1.3 r18)."""
    assert "angang 1m" in ting_kong_legal("same_waits", "angang_same")
    assert "angang 1p" not in ting_kong_legal("same_waits", "angang_changes")
    assert "angang 1p" in ting_kong_legal("still_tenpai", "angang_changes")
    assert "angang 1m" in ting_kong_legal("concealed_only", "angang_same")
    assert "angang 1m" not in ting_kong_legal("none", "angang_same")
    assert "gang" in minggang_after_ting("same_waits")
    assert "gang" in minggang_after_ting("still_tenpai")
    assert "gang" not in minggang_after_ting("concealed_only")
    assert minggang_after_ting("none") == [] or "gang" not in minggang_after_ting("none")


def pong_after_ting(**rules):
    """上架 seat 2 (waits 1z) holds 555z; seat 3 discards the 4th 5z; return seat 2's answers."""
    t = table({2: "123m456p789s555z1z"}, draws="6m6p6s5z", **rules)
    t.play([(2, "shangjia 6s")])
    t.run_until(3)
    t.step(3, "discard 5z")
    return t.window().get(2, [])


def test_ting_allow_pong():
    """A6 ting_allow_pong: off, the 上架 seat may only 杠 (same waits) or pass; on, it may also 碰."""
    assert pong_after_ting() == ["gang", "pass"]
    assert pong_after_ting(ting_allow_pong=True) == ["gang", "pass", "peng"]


def qidui_quad_options(**rules):
    t = table({1: "1111m55p77s99s22z7z"}, draws="6z5z", **rules)
    t.run_until(1)
    return [a for a in t.legal() if a.startswith("shangjia")]


def test_qidui_allow_quad():
    """A7 qidui_allow_quad: 1111m + five pairs + 7z is a 七对 wait on 7z only when a quad counts as two pairs."""
    assert "shangjia 5z" in qidui_quad_options()
    assert qidui_quad_options(qidui_allow_quad=False) == []


def bugang_robbed(**rules):
    t = table({0: DEALER_5P, 2: PAIR_5P, 3: KANCHAN_5P}, draws="7z" + "8p6m6s" + "5p", **rules)
    t.play([(0, "discard 5p"), (2, "peng"), (2, "discard 9p"), (3, "shangjia 8p"), (2, "bugang 5p"), (3, "hu")])
    return t


def test_qianggang_mode():
    """A8 qianggang_mode: robbing seat 2's 补杠 pays like its discard (5) or like 自摸 (8)."""
    robbed = bugang_robbed()
    assert robbed.record()["win_kind"] == WIN_QIANGGANG
    assert robbed.money("win") == [-2, -1, -2, 5]
    assert bugang_robbed(qianggang_mode="zimo").money("win") == [-4, -2, -2, 8]


def test_a_robbed_bugang_and_a_declined_rob_are_logged():
    """RULES §1.6 r41: the log shows the 补杠 that was robbed before the 抢杠胡, and a 上架 seat that lets a
    robbable 补杠 go is logged as passing a win, like a passed win on a discard."""
    robbed = bugang_robbed().game.log
    declared = robbed.index("seat 2 declares 补杠 5p(五饼): robbed")
    assert robbed[declared + 1] == "seat 3 抢杠胡 5p(五饼) from seat 2"
    t = table({0: DEALER_5P, 2: PAIR_5P, 3: KANCHAN_5P}, draws="7z" + "8p6m6s" + "5p")
    t.play([(0, "discard 5p"), (2, "peng"), (2, "discard 9p"), (3, "shangjia 8p"), (2, "bugang 5p"), (3, "pass")])
    log = t.game.log
    assert log.index("seat 3 passes a win on 5p(五饼)") < log.index("seat 2 补杠 5p(五饼)")
    assert not any("robbed" in line for line in log)


def rob_angang_table(**rules):
    """上架 seat 3 waits 9m for 十三幺 (pair 1m); seat 2 暗杠s 9m."""
    t = table({2: "9999m147s258p369s", 3: "1m1m1p9p1s9s1234567z"}, draws="6m6s6z8p5s5m8s",
              replacements="7s", **rules)
    t.play([(3, "shangjia 8p")])
    t.run_until(2)
    t.step(2, "angang 9m")
    return t


def test_rob_angang():
    """A9 rob_angang: off, a 暗杠 completes untouched; on, the 十三幺 seat waiting on it robs it (抢杠胡)."""
    kept = rob_angang_table()
    assert kept.phase == "self" and kept.to_act == 2 and kept.game.last_drawn == "7s"
    robbed = rob_angang_table(rob_angang=True)
    assert robbed.to_act == 3 and "hu" in robbed.legal()
    robbed.play([(3, "hu")])
    row = robbed.record()
    assert row["winner"] == 3 and row["feeder"] == 2 and row["win_kind"] == WIN_QIANGGANG


def qiang_options(**rules):
    """The dealer discards 9m; return seat 2's answers (seat 2 lacks 9m and has taken no 拾)."""
    t = table({0: DEALER_9M, 2: THIRTEEN_NO_9M + "5s"}, draws="8s", **rules)
    t.play([(0, "discard 9m")])
    return t.window()


def test_qiang_requires_shi():
    """A10 qiang_requires_shi: off, seat 2 may 抢 without a prior 拾; on, it may not."""
    assert "qiang" in qiang_options()[2]
    assert 2 not in qiang_options(qiang_requires_shi=True)


def test_allow_shi_and_allow_qiang():
    """allow_shi / allow_qiang: switching either off removes that answer to the dealer's 9m."""
    hands = {0: DEALER_9M, 1: THIRTEEN_NO_9M + "5p", 2: THIRTEEN_NO_9M + "5s"}

    def answers(**rules):
        t = table(hands, draws="8s", **rules)
        t.play([(0, "discard 9m")])
        return t.window()

    default = answers()
    assert default[1] == ["pass", "qiang", "shi"] and default[2] == ["pass", "qiang"]
    no_shi = answers(allow_shi=False)
    assert no_shi[1] == ["pass", "qiang"]
    no_qiang = answers(allow_qiang=False)
    assert no_qiang[1] == ["pass", "shi"] and 2 not in no_qiang


def genzhuang_hand(**rules):
    """Dealer and the three followers all put out 6m first; the hand then goes 荒."""
    return table({}, draws="6m6m6m6m", **rules).finish()


def test_genzhuang_and_units():
    """genzhuang / genzhuang_units: 前包 on (1 per 闲), off, or 2 per 闲."""
    assert genzhuang_hand().money("genzhuang") == [-3, 1, 1, 1]
    off = genzhuang_hand(genzhuang=False)
    assert off.record()["genzhuang"] == 0 and off.money("genzhuang") == [0, 0, 0, 0]
    assert genzhuang_hand(genzhuang_units=2).money("genzhuang") == [-6, 2, 2, 2]


def test_genzhuang_void_on_huang():
    """genzhuang_void_on_huang: the 荒庄 after a 前包 keeps its money (default) or voids it."""
    assert genzhuang_hand().money() == [-9, 3, 3, 3]
    voided = genzhuang_hand(genzhuang_void_on_huang=True)
    assert voided.record()["genzhuang"] == 1
    assert voided.money("genzhuang") == [0, 0, 0, 0] and voided.money() == [-6, 2, 2, 2]


def angang_follower(**rules):
    t = table({2: "2222p147s258m123z"}, draws="6m6m9s6m", replacements="6m", **rules)
    t.play([(2, "angang 2p"), (2, "discard 6m")])
    return t.finish()


def test_genzhuang_angang_breaks():
    """genzhuang_angang_breaks: a follower's 暗杠 before its first discard keeps 前包 (default) or breaks it."""
    assert angang_follower().record()["genzhuang"] == 1
    assert angang_follower(genzhuang_angang_breaks=True).record()["genzhuang"] == 0


def shangjia_follower(**rules):
    t = table({2: TANKI_5Z}, draws="6m6m6m6m", **rules)
    t.play([(2, "shangjia 6m")])
    return t.finish()


def test_genzhuang_shangjia_breaks():
    """genzhuang_shangjia_breaks: a follower 上架ing the same tile breaks 前包 (default) or counts as following."""
    assert shangjia_follower().record()["genzhuang"] == 0
    assert shangjia_follower(genzhuang_shangjia_breaks=False).record()["genzhuang"] == 1


def minggang_win(**rules):
    """Seat 2 明杠s the non-上架 dealer's 5p; 上架 seat 1 later 自摸s."""
    t = table({0: DEALER_5P, 1: "123m789p789s111z5z", 2: "555p9p147s258m234z"}, draws="7z" + "6m6p8p6s7m7p" + "5z",
              replacements="6z", **rules)
    t.play([(0, "discard 5p"), (2, "gang"), (1, "shangjia 8p"), (1, "zimo")])
    return t


def test_diangang_bao():
    """A13 diangang_bao: the 明杠 is paid 1 by each other seat (default) or 3 by the non-上架 feeder."""
    assert minggang_win().money("kong") == [-1, -1, 3, -1]
    assert minggang_win(diangang_bao=True).money("kong") == [-3, 0, 3, 0]


def test_minggang_units():
    """minggang_units: each other seat pays this much for a 明杠."""
    assert minggang_win(minggang_units=2).money("kong") == [-2, -2, 6, -2]


def angang_win(**rules):
    """上架 seat 1 暗杠s its drawn 4th 1m and 自摸s on the replacement."""
    t = table({1: "111m456p789s234s5z"}, draws="6z6m6p6s7z" + "1m", replacements="5z", **rules)
    return t.play([(1, "shangjia 6m"), (1, "angang 1m"), (1, "zimo")])


def test_angang_units():
    """angang_units: each other seat pays this much for a 暗杠 (default 2)."""
    assert angang_win().money("kong") == [-2, 6, -2, -2]
    assert angang_win(angang_units=3).money("kong") == [-3, 9, -3, -3]


def qidui_zimo(**rules):
    t = table({1: "11m55p77s99s1122z7z"}, draws="6z5z6m6p6s" + "7z", **rules)
    return t.play([(1, "shangjia 5z"), (1, "zimo")])


def test_jc_shape_multipliers_and_qidui_multiplier():
    """A14 jc_shape_multipliers / qidui_multiplier: a 闲's 七对 自摸 pays 8, ×2 = 16 with multipliers, ×3 = 24."""
    assert qidui_zimo().money("win") == [-4, 8, -2, -2]
    assert qidui_zimo(jc_shape_multipliers=True).money("win") == [-8, 16, -4, -4]
    assert qidui_zimo(jc_shape_multipliers=True, qidui_multiplier=3).money("win") == [-12, 24, -6, -6]


def shisanyao_zimo(**rules):
    t = table({1: "1m9m1p9p1s9s1234567z"}, draws="5m5p6m6p6s" + "1z", **rules)
    return t.play([(1, "shangjia 5p"), (1, "zimo")])


def test_shisanyao_multiplier():
    """shisanyao_multiplier (with jc_shape_multipliers): a 闲's 十三幺 自摸 pays 8 × 4 = 32, or × 8 = 64."""
    assert shisanyao_zimo().money("win") == [-4, 8, -2, -2]
    assert shisanyao_zimo(jc_shape_multipliers=True).money("win") == [-16, 32, -8, -8]
    assert shisanyao_zimo(jc_shape_multipliers=True, shisanyao_multiplier=8).money("win") == [-32, 64, -16, -16]


def late_bugang(**rules):
    """Seat 2 pongs 5p, draws the 4th 5p but keeps it; return its actions on its next turn."""
    t = table({0: DEALER_5P, 2: PAIR_5P}, draws="7z" + "6m6p6s" + "5p" + "7m7p7s" + "8m", **rules)
    t.play([(0, "discard 5p"), (2, "peng"), (2, "discard 9p"), (2, "discard 1s")])
    t.run_until(2)
    assert t.game.last_drawn == "8m"
    return t.legal()


def test_bugang_only_on_draw():
    """A15 bugang_only_on_draw: a 补杠 of a 5p kept from an earlier draw is legal by default, not with the flag."""
    assert "bugang 5p" in late_bugang()
    assert "bugang 5p" not in late_bugang(bugang_only_on_draw=True)


def empty_wait_options(**rules):
    t = table({0: "5z147m258p369s124z", 1: "555z456p789p234s9m"}, draws="3z", **rules)
    t.play([(0, "discard 5z"), (1, "peng")])
    return [a for a in t.legal() if a.startswith("shangjia")]


def test_allow_empty_ting():
    """A16 allow_empty_ting: 上架 9m (waiting on a 5z whose copies are all one's own) only with the flag."""
    assert "shangjia 9m" not in empty_wait_options()
    assert "shangjia 9m" in empty_wait_options(allow_empty_ting=True)


def test_huang_stacks():
    """huang_stacks: 7 stacks leave 70 front draws; 8 stacks leave 68."""
    assert quiet_huang().record()["draws"] == 70
    assert quiet_huang(huang_stacks=8).record()["draws"] == 68


def test_stacks_per_kong():
    """stacks_per_kong: one kong costs 2 front draws (1 stack) or 4 (2 stacks)."""
    assert one_angang_huang().record()["draws"] == 68
    assert one_angang_huang(stacks_per_kong=2).record()["draws"] == 66


def guo_hu_table(**rules):
    """上架 seat 3 (waits 5z) passes seat 1's 5z; seat 2 then discards 5z in the same go-around."""
    t = table({3: "123p456s789m222z5z"}, draws="6m6p6s7m7p" + "5z5z", **rules)
    t.play([(1, "discard 6p"), (2, "discard 6s"), (3, "shangjia 7m"), (1, "discard 5z"), (3, "pass")])
    t.run_until(2)
    t.step(2, "discard 5z")
    return t.window().get(3, [])


def test_guo_hu():
    """A36 guo_hu: unrestricted, the passed win may be taken on the next 5z; restricted, not before seat 3's turn."""
    assert "hu" in guo_hu_table()
    assert "hu" not in guo_hu_table(guo_hu="restricted")


def test_every_flag_has_a_test_here():
    """Each RulesConfig field except the variant is passed as a rule override by code in this module: a keyword
    argument (a variable, or a constant other than its default) or a mapping key; a mention in a docstring or a
    comment does not count."""
    import ast
    import sys

    tree = ast.parse(open(sys.modules[__name__].__file__, encoding="utf-8").read())
    defaults = RulesConfig().to_dict()
    set_here = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg in defaults and not (isinstance(kw.value, ast.Constant)
                                               and kw.value.value == defaults[kw.arg]):
                    set_here.add(kw.arg)
        elif isinstance(node, ast.Dict):
            set_here.update(k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in defaults)
    missing = sorted(set(defaults) - {"variant"} - set_here)
    assert missing == [], f"flags never overridden by a test here: {missing}"
