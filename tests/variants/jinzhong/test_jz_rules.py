"""晋中胡乐麻将 rules r1–r23 (RULES §2.1–§2.6), one stacked-wall test (or more) per numbered rule.

Scripted hands (jz_scenarios.table, check mode on): seat 0 deals, turn order 0 → 1 → 2 → 3, so without
calls front draw i goes to seat i mod 4; unscripted seats discard what they draw and pass every claim;
seats without a hand get a pair-free filler. A 报听 is the engine's ``shangjia`` action. Money in 底分.
"""
import numpy as np

from jz_scenarios import spare_draws, table
from sim.core import codes as C
from sim import tiles
from sim.record import WIN_DIANHU, WIN_QIANGGANG, WIN_ZIMO

F = C.FEATURE_CODES
# Hands with no pair and no tenpai: they never claim or win, so auto-play only draws and discards.
QUIET = {0: "147m258p369s1234z", 1: "259m369p147s1234z", 2: "369m147p258s1234z", 3: "147m258p369s1234z"}
TANKI_6Z = "123m456m789m111p6z"          # waits 6z only (two suits: 缺一门 holds)
TANKI_6Z_P = "123p456p789p111s6z"        # the same in 饼/条
DEALER_7P = "7p147m8m369s12345z"         # the dealer's hand with one 7p to discard
PAIR_7P = "77p9p147s258m1234z"           # a 闲 hand holding 77p
KANCHAN_7P = "123m456m789m68p55z"        # waits 7p


def features(row) -> set[str]:
    return {name for name, bit in F.items() if row["win_features"] & bit}


# --- §2.1 tiles, deal, wall ---------------------------------------------------------------------

def test_r1_136_tiles_by_default_or_the_108_suit_tiles():
    """RULES §2.1 r1: the hand is played with 136 tiles (honours included) and 84 draws; with jz_tiles=108 the
    wall holds the 27 suit kinds only and the quiet hand goes 荒 after exactly 108 − 52 = 56 draws."""
    t = table(QUIET)
    assert np.bincount(t.wall, minlength=34).tolist() == [4] * 34
    assert sum(t.counts(s).sum() for s in range(4)) == 53
    t.finish()
    assert t.record()["draws"] == 84
    t108 = table({}, jz_tiles=108)
    assert np.bincount(t108.wall[:108], minlength=34).tolist() == [4] * 27 + [0] * 7
    assert (t108.wall[108:] == -1).all()
    assert sum(t108.counts(s)[27:].sum() for s in range(4)) == 0
    t108.finish()
    row = t108.record()
    assert row["winner"] == -1 and row["draws"] == 56


def test_r2_dealer_holds_14_others_13():
    """RULES §2.1 r2: the dealer is dealt 13 and draws the 14th first; the others hold 13."""
    for dealer in (0, 2):
        t = table(QUIET, dealer=dealer)
        assert [int(t.counts(s).sum()) for s in range(4)] == [14 if s == dealer else 13 for s in range(4)]
        assert t.to_act == dealer and t.phase == "self"


def test_r3_first_dealer_is_random_over_seats():
    """RULES §2.1 r3: session mode draws each session's first dealer from its own key, uniform over seats."""
    from sim.play import play_chunk
    from sim.record import COLUMN_INDEX
    from sim.variants.jinzhong.config import JinzhongRules

    rows = play_chunk(JinzhongRules(), ["random"] * 4, 5, 0, 400, session_length=4)
    first = rows[rows[:, COLUMN_INDEX["hand_in_session"]] == 0, COLUMN_INDEX["dealer"]]
    counts = np.bincount(first, minlength=4)
    assert len(first) == 100 and counts.min() >= 12  # each seat about 25 of 100 (P(< 12) < 1e-3 each)


def test_r4_no_dead_wall_play_to_the_last_tile():
    """RULES §2.1 r4, A24: without a dead wall all 84 tiles are drawn before 荒庄; with jz_dead_wall=14, 70."""
    t = table(QUIET).finish()
    row = t.record()
    assert row["winner"] == -1 and row["draws"] == 84
    t14 = table(QUIET, jz_dead_wall=14).finish()
    assert t14.record()["draws"] == 70


def test_r4_kong_replacements_come_from_the_tail_and_count():
    """RULES §2.1 r4: seat 1's 暗杠 takes its replacement from the tail (position 135); front draws and
    replacements together use up the 84 tiles."""
    t = table({1: "1111m258p369s123z"}, draws="5z6z", replacements="7z")
    t.play([(1, "angang 1m")])
    assert t.to_act == 1 and t.game.last_drawn == "7z"
    t.finish()
    row = t.record()
    assert row["replacements"] == 1 and row["draws"] == 83 and row["winner"] == -1


def test_r5_turn_order_is_counter_clockwise():
    """RULES §2.1 r5: after the dealer's discard its 下家 (seat 1) draws, then seats 2 and 3."""
    t = table(QUIET, draws="5z6z7z5m")
    t.play([(0, "discard 5z")])
    assert t.to_act == 1 and t.game.last_drawn == "6z"
    t.auto()
    assert t.to_act == 2 and t.game.last_drawn == "7z"


# --- §2.2 calls ----------------------------------------------------------------------------------

def test_r6_pong_then_discard_without_drawing():
    """RULES §2.2 r6: seat 2 pongs the dealer's 7p and discards without drawing."""
    t = table({0: DEALER_7P, 2: PAIR_7P}, draws="5z")
    t.play([(0, "discard 7p")])
    assert sorted(t.legal(2)) == ["pass", "peng"]
    t.play([(2, "peng")])
    assert t.phase == "self" and t.to_act == 2 and t.game.last_drawn is None and t.game.front_draws == 1
    assert ("peng", "7p") in t.game.melds[2]


def test_r6_minggang_and_bugang_draw_from_the_tail():
    """RULES §2.2 r6: 明杠 of a discard with three in hand, and 补杠 onto one's own 碰, each draw a replacement."""
    t = table({0: DEALER_7P, 2: "777p9p147s258m123z"}, draws="5z", replacements="6z")
    t.play([(0, "discard 7p"), (2, "gang")])
    assert t.game.last_drawn == "6z" and ("minggang", "7p") in t.game.melds[2]
    t2 = table({0: DEALER_7P, 2: PAIR_7P}, draws="5z" + "6m6s6p" + "7p", replacements="6z")
    t2.play([(0, "discard 7p"), (2, "peng"), (2, "discard 9p"), (2, "bugang 7p")])
    assert t2.game.last_drawn == "6z" and ("bugang", "7p") in t2.game.melds[2]


def test_r6_hu_outranks_pong():
    """RULES §2.2 r6: 胡 > 碰: seat 2 would pong the dealer's 6z, 报听 seat 3 wins on it."""
    t = table({2: "66z9p147s258m1234z", 3: TANKI_6Z}, draws="5z5m5s9s" + "6z")
    t.play([(3, "shangjia 9s"), (2, "peng"), (3, "hu")])
    row = t.record()
    assert row["winner"] == 3 and row["feeder"] == 0 and row["win_kind"] == WIN_DIANHU and row["pongs"] == 0


def test_r7_no_chi_by_default_and_jz_chi_offers_it():
    """RULES §2.2 r7, A21: seat 1 holds 23m 56m; by default the dealer's 4m opens no window and seat 1 draws;
    with jz_chi=true the same 4m is offered to seat 1 for 吃 (the flag changes the outcome)."""
    t = table({0: "4m147p258s12345z9m", 1: "2356m369p369s167z"}, draws="8p7s")
    t.play([(0, "discard 4m")])
    assert t.phase == "self" and t.to_act == 1 and t.game.last_drawn == "7s"
    t.finish()
    assert t.record()["chows"] == -1
    on = table({0: "4m147p258s12345z9m", 1: "2356m369p369s167z"}, draws="8p7s", jz_chi=True)
    on.play([(0, "discard 4m")])
    assert on.phase == "claim" and on.to_act == 1 and "chi_low" in on.legal(1)


def test_r8_one_winner_nearest_after_the_discarder():
    """RULES §2.2 r8: 报听 seats 2 and 3 both wait 6z; the dealer's 6z goes to seat 2 (first after seat 0)."""
    t = table({2: TANKI_6Z, 3: TANKI_6Z_P}, draws="5z5m9s9m" + "6z")
    t.play([(2, "shangjia 9s"), (3, "shangjia 9m"), (2, "hu"), (3, "hu")])
    row = t.record()
    assert row["winner"] == 2 and row["feeder"] == 0
    assert [m > 0 for m in t.money("win")] == [False, False, True, False]
    assert t.money() == [-5, 0, 5, 0]  # 闲 wins 5, all from the un-报听 dealer (包三家)


# --- §2.3 报听 ------------------------------------------------------------------------------------

def test_r9_no_win_without_baoting():
    """RULES §2.3 r9: seat 1 is tenpai on 6z but has not 报听: neither its drawn 6z nor a later discarded 6z
    (not the dealer's first discard: no 地胡) lets it win."""
    t = table({1: TANKI_6Z}, draws="5z6z")
    t.run_until(1)
    assert t.game.last_drawn == "6z" and "zimo" not in t.legal()
    t2 = table({1: TANKI_6Z}, draws="5z9s5s5m" + "6z")
    t2.play([(1, "discard 9s")])
    t2.run_until_drawn(0, "6z")
    t2.step(0, "discard 6z")
    assert t2.phase == "self" and t2.to_act == 1  # no window opened


def test_r10_baoting_is_face_down_unclaimable_and_locks_the_hand():
    """RULES §2.3 r10: seat 1 报听s on 5z face-down: seat 2 holding 55z is not offered it; afterwards seat 1
    may only discard what it draws (or win), its waits fixed."""
    t = table({1: TANKI_6Z, 2: "55z9p147s258m1234z"}, draws="7z5z4s7s6m" + "8s")
    t.play([(1, "shangjia 5z")])
    assert t.phase == "self" and t.to_act == 2 and t.game.shangjia_tiles[1] == "5z" and t.river(1) == []
    t.run_until(1)
    assert t.game.last_drawn == "8s" and t.legal() == ["discard 8s"]
    assert t.waits(1) == [tiles.kind("6z")]


def test_r11_no_pong_after_baoting_but_a_same_waits_angang():
    """RULES §2.3 r11, A20: 报听 seat 1 holding 111p is not offered the dealer's 1p for 碰; drawing the 4th 1p
    it may 暗杠 (waits unchanged); under ting_kong_policy=none it may not."""
    t = table({0: "1p47m258s369s1234z", 1: TANKI_6Z}, draws="5z9s5m5s6m")
    t.play([(1, "shangjia 9s")])
    t.run_until_drawn(0, "6m")
    t.step(0, "discard 1p")
    assert 1 not in t.window()  # a 报听 seat is never offered 碰
    t2 = table({1: TANKI_6Z}, draws="5z9s5m5s6m" + "1p", replacements="7z")
    t2.play([(1, "shangjia 9s")])
    t2.run_until_drawn(1, "1p")
    assert "angang 1p" in t2.legal()
    t2.play([(1, "angang 1p")])
    assert t2.game.last_drawn == "7z" and t2.waits(1) == [tiles.kind("6z")]
    t3 = table({1: TANKI_6Z}, draws="5z9s5m5s6m" + "1p", ting_kong_policy="none")
    t3.play([(1, "shangjia 9s")])
    t3.run_until_drawn(1, "1p")
    assert "angang 1p" not in t3.legal()


def test_r12_baoting_needs_a_winnable_wait():
    """RULES §2.3 r12: seat 1 waits only on 2m, which never wins under the point limit: no 报听 is offered;
    without the point limit it is."""
    hand = "567m789m111z222z2m"
    t = table({1: hand}, draws="5z9s")
    t.run_until(1)
    assert "shangjia 9s" not in t.legal() and "discard 9s" in t.legal()
    t2 = table({1: hand}, draws="5z9s", jz_point_limit=False)
    t2.run_until(1)
    assert "shangjia 9s" in t2.legal()


# --- §2.4 win conditions --------------------------------------------------------------------------

def test_r13_queyimen_is_checked_at_hu():
    """RULES §2.4 r13, A18: a tenpai hand holding 万, 饼 and 条 has no legal wait, so no 报听; the same
    shape in two suits may 报听."""
    t = table({1: "123m456p789s111z5z"}, draws="6z9s")
    t.run_until(1)
    assert not any(a.startswith("shangjia") for a in t.legal())
    t2 = table({1: "123m456m789s111z5z"}, draws="6z9p")
    t2.run_until(1)
    assert "shangjia 9p" in t2.legal()


def test_r14_shisanyao_is_exempt_from_queyimen():
    """RULES §2.4 r14: seat 1's 十三幺 (all three suits) 报听s on 7z and wins by 自摸: ×4 (r19), 8 × 4 = 32."""
    t = table({1: "19m19p19s1123456z"}, draws="5m5s" + "6m6p6s" + "7z")
    t.play([(1, "shangjia 5s"), (1, "zimo")])
    row = t.record()
    assert row["winner"] == 1 and row["win_kind"] == WIN_ZIMO and features(row) == {"shisanyao"}
    assert row["multiplier"] == 4 and t.money() == [-16, 32, -8, -8]


def test_r15_point_limit_rank_3_to_5_only_by_zimo():
    """RULES §2.4 r15, A17: 报听 seat 1 waits 3p/6p: the dealer's 3p is not 胡-able (点炮), its 6p is; a drawn 3p
    wins by 自摸; without the limit the discarded 3p wins."""
    hand = "123m456m789m45p11z"
    t = table({0: "3p6p47m258s369s123z", 1: hand}, draws="5z9s5m5s" + "6z")
    t.play([(1, "shangjia 9s")])
    t.run_until_drawn(0, "6z")
    t.step(0, "discard 3p")
    assert 1 not in t.window()
    t.run_until(0)
    t.step(0, "discard 6p")
    assert "hu" in t.legal(1)
    t2 = table({1: hand}, draws="5z9s5m5s6z" + "3p")
    t2.play([(1, "shangjia 9s")])
    t2.run_until_drawn(1, "3p")
    assert "zimo" in t2.legal()
    t3 = table({0: "3p6p47m258s369s123z", 1: hand}, draws="5z9s5m5s" + "6z", jz_point_limit=False)
    t3.play([(1, "shangjia 9s")])
    t3.run_until_drawn(0, "6z")
    t3.step(0, "discard 3p")
    assert "hu" in t3.legal(1)


def test_r16_qidui_and_pengpenghu_shapes_through_the_engine():
    """RULES §2.4 r16: a 豪华七对 自摸 (×4) and a 碰碰胡 with a 碰 (×2) are recognised and multiplied."""
    t = table({1: "1111m55p77p99p22z7z"}, draws="6z5z" + "6m6p6s" + "7z")
    t.play([(1, "shangjia 5z"), (1, "zimo")])
    row = t.record()
    assert features(row) == {"haohua_qidui"} and row["multiplier"] == 4 and t.money() == [-16, 32, -8, -8]
    t2 = table({0: DEALER_7P, 2: "77p999m111p666z5z9s"}, draws="6s" + "6m6p4s" + "5z")
    t2.play([(0, "discard 7p"), (2, "peng"), (2, "shangjia 9s"), (2, "zimo")])
    row2 = t2.record()
    assert ("peng", "7p") in t2.game.melds[2] and features(row2) == {"pengpenghu"}
    assert row2["multiplier"] == 2 and t2.money() == [-8, -4, 16, -4]


def test_r17_qianggang_on_bugang_is_paid_as_zimo():
    """RULES §2.4 r17, A19: seat 2 补杠s 7p, 报听 seat 3 (waits 7p) robs it: paid as 闲 自摸 (8), no 包;
    with jz_qianggang_as_zimo=false it is a 点炮 by seat 2 (not 报听: 包三家, 5)."""
    def robbed(**rules):
        t = table({0: DEALER_7P, 2: PAIR_7P, 3: KANCHAN_7P}, draws="7z" + "8s6m6s" + "7p", **rules)
        t.play([(0, "discard 7p"), (2, "peng"), (2, "discard 9p"), (3, "shangjia 8s"), (2, "bugang 7p")])
        assert t.to_act == 3 and "hu" in t.legal()
        return t.play([(3, "hu")])
    t = robbed()
    row = t.record()
    assert row["winner"] == 3 and row["feeder"] == 2 and row["win_kind"] == WIN_QIANGGANG
    assert "qianggang" in features(row) and t.money() == [-4, -2, -2, 8]
    assert robbed(jz_qianggang_as_zimo=False).money() == [0, 0, -5, 5]


def test_r18_tianhu_and_dihu_without_baoting():
    """RULES §2.4 r18: the dealer's dealt 14 complete wins at once (天胡, 12 × 2); a 闲 tenpai on its dealt 13
    wins on the dealer's first discard (地胡, 5 × 2, all from the un-报听 dealer)."""
    t = table({0: "123m456m789m11p22p"}, draws="2p")
    assert "zimo" in t.legal(0)
    t.play([(0, "zimo")])
    row = t.record()
    assert features(row) == {"tianhu"} and row["multiplier"] == 2 and t.money() == [24, -8, -8, -8]
    t2 = table({0: "6z147m258s369s123z", 1: TANKI_6Z}, draws="5z")
    t2.play([(0, "discard 6z")])
    assert "hu" in t2.legal(1)
    t2.play([(1, "hu")])
    row2 = t2.record()
    assert features(row2) == {"dihu"} and t2.money() == [-10, 10, 0, 0]


# --- §2.5 payments --------------------------------------------------------------------------------

def test_r19_gangkai_multiplies_the_hu_money_not_the_kong_money():
    """RULES §2.5 r19: 报听 seat 1 暗杠s 1p and wins on the replacement (杠上开花 ×2): hu 8 × 2, kong 2 each."""
    t = table({1: TANKI_6Z}, draws="5z9s5m5s6m" + "1p", replacements="6z")
    t.play([(1, "shangjia 9s"), (1, "angang 1p"), (1, "zimo")])
    row = t.record()
    assert features(row) == {"gangkai"} and row["multiplier"] == 2
    assert t.money("win") == [-8, 16, -4, -4] and t.money("kong") == [-2, 6, -2, -2]


def test_r19_haidi_on_the_last_tile():
    """RULES §2.5 r19: seat 3 (报听 on 6z, the other three 6z held by seats 0 and 1) draws the 84th tile, a 6z:
    海底捞月 ×2, 闲 自摸 8 × 2."""
    hands = {0: "6z147m258s369s123z", 1: "6z259m369p147s123z", 2: "369m1479p258s457z", 3: TANKI_6Z}
    middle = spare_draws(hands, "5z5m5p9s", 79, avoid="6z")
    t = table(hands, draws="5z5m5p9s" + middle + "6z")
    t.play([(3, "shangjia 9s")])
    win_when_possible(t, 3)
    row = t.record()
    assert row["draws"] == 84 and features(row) == {"haidi"} and t.money() == [-8, -4, -4, 16]


def test_r20_only_the_winners_kongs_are_paid():
    """RULES §2.5 r20: seat 2's 暗杠 earns nothing when seat 1 wins (the winner's own 暗杠 is paid: r19 test)."""
    t = table({1: TANKI_6Z, 2: "1111s47m258p3456z"}, draws="5z9s5p5s6m6z", replacements="7m")
    t.play([(1, "shangjia 9s"), (2, "angang 1s"), (2, "discard 7m"), (1, "zimo")])
    row = t.record()
    assert row["winner"] == 1 and row["kongs"] == 1
    assert t.money("kong") == [0, 0, 0, 0] and t.money() == [-4, 8, -2, -2]


def test_r21_huangzhuang_moves_no_money():
    """RULES §2.5 r21: a hand nobody wins, even after a kong, moves no money."""
    t = table({1: "1111m258p369s123z"}, draws="5z6z", replacements="7z")
    t.play([(1, "angang 1m")])
    t.finish()
    row = t.record()
    assert row["winner"] == -1 and row["kongs"] == 1 and t.money() == [0, 0, 0, 0]
    assert row["win_features"] == C.NO_WIN_FEATURES and row["multiplier"] == 0


def test_r22_the_cap_limits_a_win_to_100():
    """RULES §2.5 r22, A26: the dealer's 天胡 豪华七对 清一色 is 12 × 2·4·2 = 192; with jz_cap, 100."""
    hand = "1111223344556m"
    t = table({0: hand}, draws="6m")
    t.play([(0, "zimo")])
    assert features(t.record()) == {"tianhu", "haohua_qidui", "qingyise"} and t.money() == [192, -64, -64, -64]
    t2 = table({0: hand}, draws="6m", jz_cap=True)
    t2.play([(0, "zimo")])
    assert t2.money() == [100, -34, -33, -33]


# --- §2.6 dealer rotation -------------------------------------------------------------------------

def next_dealer_of(t) -> int:
    from sim.variants.jinzhong import hooks

    return int(hooks.next_dealer(t.game._rule_vec, t.game._st))


def win_when_possible(t, seat):
    """Auto-play, but let ``seat`` 自摸 as soon as it may; returns the table."""
    while t.phase != "over":
        if t.to_act == seat and t.phase == "self" and "zimo" in t.legal():
            t.step(seat, "zimo")
        else:
            t.auto()
    return t


def test_r23_dealer_stays_on_its_win_or_huangzhuang_and_passes_on_a_xian_win():
    """RULES §2.6 r23: 荒庄 or a dealer win keeps the deal; a 闲 win passes it to the dealer's 下家;
    with jz_huang_with_kong_rotates a 荒庄 after a kong passes it too."""
    huang = table(QUIET).finish()
    assert next_dealer_of(huang) == 0
    tianhu = table({0: "123m456m789m11p22p"}, draws="2p").play([(0, "zimo")])
    assert next_dealer_of(tianhu) == 0
    xian = table({1: TANKI_6Z}, draws="5z9s5m5s6m6z")
    xian.play([(1, "shangjia 9s")])
    assert next_dealer_of(win_when_possible(xian, 1)) == 1 and xian.record()["winner"] == 1
    kong_huang = table({1: "1111m258p369s123z"}, draws="5z6z", replacements="7z",
                       jz_huang_with_kong_rotates=True).play([(1, "angang 1m")]).finish()
    assert next_dealer_of(kong_huang) == 1
