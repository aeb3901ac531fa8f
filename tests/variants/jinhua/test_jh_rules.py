"""金华麻将 rules r1–r22 (RULES §3.1–§3.5), one stacked-wall test (or more) per numbered rule, and each JH flag
changing an outcome.

Scripted hands (jh_scenarios.table, check mode on): seat 0 deals, turn order 0 → 1 → 2 → 3 (seat s + 1 is the
下家 of s), so without calls front draw i goes to seat i mod 4; unscripted seats discard what they draw and pass
every claim; seats without a hand get a pair-free filler. The wall's last position is the turned indicator
(default 9s: 9s is the 财神). Money in 底注 (X).
"""
import numpy as np
import pytest

from jh_scenarios import table
from sim.core import codes as C
from sim.record import WIN_DIANHU, WIN_QIANGGANG, WIN_ZIMO
from sim import tiles

F = {"qidui": C.FEATURE_QIDUI, "qingyise": C.FEATURE_QINGYISE, "baotou": C.FEATURE_BAOTOU,
     "haidi": C.FEATURE_HAIDI, "qianggang": C.FEATURE_QIANGGANG, "pinghu": C.FEATURE_PINGHU,
     "qifeng": C.FEATURE_QIFENG}
TANKI_4P = "123m456m789m111s4p"        # waits 4p only (no 财神 with the default 9s)
DISCARDS_4P = "4p147m258s369p123z"     # the dealer's hand with a 4p to discard first


def features(row) -> set[str]:
    return {name for name, bit in F.items() if row["win_features"] & bit}


def wins(t) -> list[int]:
    return [int(t.record()[f"s{k}_win"]) for k in range(4)]


def play_quietly_to_the_end(t, seat=None, last_action="zimo"):
    """Auto-play to the end; ``seat`` (if given) discards what it draws until the last live tile, then plays
    ``last_action`` on it."""
    limit = t.game.rules.dead_wall_tiles()
    while t.phase != "over":
        if seat is not None and t.phase == "self" and t.to_act == seat and t.game.front_draws == 69 and limit == 14:
            t.step(seat, last_action)
            continue
        t.auto()
    return t.record()


# --- §3.1 tiles, wall, dealer -------------------------------------------------------------------

def test_r1_136_tiles_53_dealt_and_the_indicator_out_of_play():
    """RULES §3.1 r1: 136 tiles, no flowers; the deal holds 53 tiles (dealer 14), the indicator is in nobody's hand."""
    t = table({})
    assert np.bincount(t.wall, minlength=34).tolist() == [4] * 34 and len(t.wall) == 136
    assert sum(int(t.counts(s).sum()) for s in range(4)) == 53
    assert t.wall[135] == tiles.kind("9s")
    assert sum(int(t.counts(s)[tiles.kind("9s")]) for s in range(4)) <= 3


def test_r2_the_dealer_stays_only_on_its_own_win():
    """RULES §3.1 r2 (A27): in a session the dealer keeps the deal only when it wins; a 闲 win or 荒庄 passes it
    to the 下家. jh_dealer=rotate always passes it, jh_dealer=winner gives it to the winner (荒庄: stays)."""
    from sim.play import play_chunk
    from sim.record import COLUMN_INDEX as CI

    expected = {
        "stay": lambda d, w: d if w == d else (d + 1) % 4,
        "rotate": lambda d, w: (d + 1) % 4,
        "winner": lambda d, w: d if w < 0 else w,
    }
    for mode, rule in expected.items():
        rows = play_chunk({"variant": "jinhua", "jh_dealer": mode}, ["greedy"] * 4, 11, 0, 160, session_length=16)
        same = rows[1:, CI["session"]] == rows[:-1, CI["session"]]
        got = rows[1:, CI["dealer"]][same]
        want = [rule(d, w) for d, w in zip(rows[:-1, CI["dealer"]][same], rows[:-1, CI["winner"]][same])]
        assert got.tolist() == want, mode
        assert (rows[:-1, CI["winner"]][same] != rows[:-1, CI["dealer"]][same]).any()  # the rule was exercised


def test_r3_dealer_holds_14_others_13():
    """RULES §3.1 r3: the dealer draws the 14th tile first; the others hold 13."""
    for dealer in (0, 3):
        t = table({}, dealer=dealer)
        assert [int(t.counts(s).sum()) for s in range(4)] == [14 if s == dealer else 13 for s in range(4)]
        assert t.to_act == dealer and t.phase == "self"


def test_r4_the_reserve_keeps_14_and_the_hand_is_huang_when_the_live_wall_is_empty():
    """RULES §3.1 r4 (A32): 68 draws after the deal (69 counting the dealer's 14th), replacements included: a kong's
    replacement comes from below the indicator and uses a live tile. jh_indicator_in_reserve gives 69 (70),
    jh_dead_wall=none 82 (83)."""
    hand = {0: "1111m258p36s1234z"}
    t = table(hand, replacements="5z")
    t.play([(0, "angang 1m")])
    assert t.game.last_drawn == "5z" and t.record()["replacements"] == 1
    row = play_quietly_to_the_end(t)
    assert row["winner"] == -1 and row["draws"] + row["replacements"] == 69 and row["draws"] == 68
    for overrides, total in (({"jh_indicator_in_reserve": True}, 70), ({"jh_dead_wall": "none"}, 83)):
        row = play_quietly_to_the_end(table({}, **overrides))
        assert row["winner"] == -1 and row["draws"] == total, overrides


# --- §3.2 财神 and 白板 --------------------------------------------------------------------------

def test_r5_the_indicator_kind_is_the_caishen_and_three_are_live():
    """RULES §3.2 r5 (A28): the turned tile's own kind is the 财神: 5m turned, a 5m completes 123p456p789p11s2s on a
    3s discard (as 1s or 4s); with 1m turned the same hand cannot win on 3s."""
    hands = {0: "3s147m258p1234z69s", 1: "123p456p789p11s2s5m"}
    t = table(hands, caishen="5m")
    assert t.record()["caishen"] == tiles.kind("5m")
    t.play([(0, "discard 3s")])
    assert t.phase == "claim" and t.to_act == 1 and "hu" in t.legal()
    t.play([(1, "hu")])
    assert t.record()["winner"] == 1 and t.record()["winner_wilds"] == 1
    t = table(hands, caishen="1m")
    t.play([(0, "discard 3s")])
    assert not (t.phase == "claim" and t.to_act == 1 and "hu" in t.legal())


def test_r6_a_white_dragon_stands_for_the_caishen_face():
    """RULES §3.2 r6: with 3m the 财神, 二万-白板-四万 is a run: 24m123p456p789p11s wins on a discarded 白板."""
    t = table({0: "7z147m258p1234z69s", 1: "2m4m123p456p789p11s"}, caishen="3m")
    t.play([(0, "discard 7z")])
    assert "hu" in t.legal(1)
    t.play([(1, "hu")])
    row = t.record()
    assert row["winner"] == 1 and row["win_kind"] == WIN_DIANHU and row["winner_wilds"] == 0


def test_r7_a_caishen_stands_for_any_tile_but_never_a_wind_in_qifeng():
    """RULES §3.2 r7: 147m258p 123567z + 财神 (9s) wins 七风 on 4z (the 财神 a suited tile), not on 3s (it would have
    to be the missing wind)."""
    hand = {1: "147m258p123z567z9s"}
    t = table({0: "4z3s1m5m8m3p6p9p2s5s8s1z6z", **hand})
    t.play([(0, "discard 4z")])
    assert "hu" in t.legal(1)
    t.play([(1, "hu")])
    assert t.record()["shape"] == C.SHAPE_QIFENG and "qifeng" in features(t.record())
    t = table({0: "3s4z1m5m8m3p6p9p2s5s8s1z6z", **hand})
    t.play([(0, "discard 3s")])
    assert not (t.phase == "claim" and t.to_act == 1 and "hu" in t.legal())


def test_r8_a_discarded_caishen_is_dead_unless_flagged():
    """RULES §3.2 r8 (A29): nobody may 吃, 碰 or 胡 a discarded 财神 (5m): no claim window opens although seat 2
    holds two 财神 and seat 3 would be complete with it; jh_ron_on_caishen lets seat 3 win, still no 碰."""
    hands = {0: "5m147m258p1234z69s", 1: "4m6m147p258s12345z", 2: "5m5m369p369s67z1m2m8m", 3: "123p456p789p11s23s"}
    t = table(hands, caishen="5m")
    t.play([(0, "discard 5m")])
    assert t.phase == "self" and t.to_act == 1
    t = table(hands, caishen="5m", jh_ron_on_caishen=True)
    t.play([(0, "discard 5m")])
    asked = t.window()
    assert asked == {3: ["hu", "pass"]}


def test_r9_a_caishen_never_sits_in_a_meld():
    """RULES §3.2 r9 (A34): with 5m the 财神, seat 1's 3m + 5m cannot 吃 a 4m (the 5m would be a 财神 in the meld);
    with a 白板 (the 5m's face) it can, and the 白板 goes into the meld; jh_wild_in_melds is refused."""
    t = table({0: "4m147p258s1234z8m9m", 1: "3m5m147p258s12356z"}, caishen="5m")
    t.play([(0, "discard 4m")])
    assert t.phase == "self" and t.to_act == 1
    t = table({0: "4m147p258s1234z8m9m", 1: "3m5m7z147p258s1236z"}, caishen="5m")
    t.play([(0, "discard 4m")])
    assert sorted(t.legal(1)) == ["chi_mid", "pass"]
    t.play([(1, "chi_mid")])
    held = t.counts(1)
    assert held[tiles.kind("3m")] == 0 and held[tiles.kind("7z")] == 0 and held[tiles.kind("5m")] == 1
    assert t.game.meld_records[1, 0].tolist() == [C.MELD_CHOW, tiles.kind("3m"), 0]
    with pytest.raises(ValueError, match="^rules.jh_wild_in_melds=True is not supported"):
        table({}, jh_wild_in_melds=True)


# --- §3.3 calls ---------------------------------------------------------------------------------

def test_r10_chow_only_from_the_left_pong_beats_chow_and_hu_beats_both():
    """RULES §3.3 r10: on seat 0's 4p only seat 1 (its 下家) may 吃; seat 3 may 碰; 碰 > 吃; 胡 > 碰 > 吃."""
    hands = {0: DISCARDS_4P, 1: "23p147m258s12345z", 2: "23p147s258m12346z", 3: "44p369m369s12567z"}
    t = table(hands)
    t.play([(0, "discard 4p")])
    asked = {}
    while t.phase == "claim":
        asked[t.to_act] = sorted(t.legal())
        t.step(t.to_act, {1: "chi_high", 3: "peng"}[t.to_act])
    assert asked == {1: ["chi_high", "pass"], 3: ["pass", "peng"]}
    row = t.record()
    assert t.to_act == 3 and row["pongs"] == 1 and row["chows"] == 0
    hands[2] = TANKI_4P
    t = table(hands)
    t.play([(0, "discard 4p"), (1, "chi_high"), (2, "hu"), (3, "peng")])
    assert t.record()["winner"] == 2 and t.record()["chows"] == 0


def test_r11_a_declined_pong_waits_for_the_seats_next_turn():
    """RULES §3.3 r11: seat 2 passes the 碰 of seat 0's 9p; seat 1's 9p right after is not offered to it, but
    after seat 2's own turn a 9p is."""
    hands = {0: "9p147m258s12345z3p", 2: "99p147m258s1236z7s"}
    t = table(hands, draws="6z9p")
    t.play([(0, "discard 9p")])
    assert t.window()[2] == ["pass", "peng"]
    t.play([(1, "discard 9p")])
    assert t.phase == "self" and t.to_act == 2
    t = table({**hands, 1: "4p147m258s1235z67z"}, draws="6z9p")
    t.play([(0, "discard 9p")])
    t.window()
    t.play([(1, "discard 4p")])
    t.run_until(1)
    t.step(1, "discard 9p")
    assert t.phase == "claim" and t.to_act == 2 and "peng" in t.legal()


def _three_chows(seat1_hand, extra_script=(), **overrides):
    """Seat 1 chows seat 0's 1m (with 23m), 1s (with 23s) and 6p (with 45p), discarding 9m, 1z between."""
    t = table({0: "1m1s6p258m47s89p3z4z7z", 1: seat1_hand, 2: "5z147m258s369p2z3s4z", 3: "369m147p25s8s2z3z6z7z"},
              **overrides)
    t.play([(0, "discard 1m"), (1, "chi_low"), (1, "discard 9m"), (0, "discard 1s"), (1, "chi_low"),
            (1, "discard 1z"), (0, "discard 6p"), (1, "chi_high")] + list(extra_script))
    return t


def test_r12_chow_then_discard_the_completing_tile_unless_two_chows_from_the_left_already():
    """RULES §3.3 r12: after a first 吃 of 6p with 45p, seat 1 may discard its 3p (吃张打张); after two earlier
    吃 from its 上家 it may not (nor the 6p kind)."""
    t = table({0: "6p147m258s12345z9p", 1: "345p147m258s1236z"})
    t.play([(0, "discard 6p"), (1, "chi_high")])
    assert "discard 3p" in t.legal(1)
    t = _three_chows("23m23s345p9m1z666z7z")
    legal = t.legal(1)
    assert t.to_act == 1 and t.phase == "self"
    assert "discard 3p" not in legal and "discard 6p" not in legal and "discard 6z" in legal


def test_r13_one_winner_the_first_in_turn_order_from_the_discarder():
    """RULES §3.3 r13: seats 2 and 3 can both 胡 seat 0's 4p; seat 2, nearer in turn order, wins alone."""
    t = table({0: DISCARDS_4P, 2: TANKI_4P, 3: "123s456s789s222z4p"})
    t.play([(0, "discard 4p"), (2, "hu"), (3, "hu")])
    row = t.record()
    assert row["winner"] == 2 and row["feeder"] == 0 and wins(t) == [-2, -1, 4, -1]


# --- §3.4 wins ----------------------------------------------------------------------------------

def test_r14_no_ting_wins_by_discard_self_draw_and_robbing_a_kong():
    """RULES §3.4 r14: no 上架 is ever offered; seat 3 wins by robbing seat 1's 补杠 of 7p (抢杠胡) without any
    declaration."""
    hands = {0: "7p147m258s12345z9p", 1: "77p147m258s12346z", 3: "123m456m789m11s68p"}
    t = table(hands, draws="6z3p9m1p7p")
    t.play([(0, "discard 7p")])
    assert sorted(t.legal(1)) == ["pass", "peng"]
    t.play([(1, "peng"), (1, "discard 6z")])
    assert not any(a.startswith("shangjia") for a in t.legal())
    t.run_until_drawn(1, "7p")
    assert "bugang 7p" in t.legal(1) and not any(a.startswith("shangjia") for a in t.legal(1))
    t.play([(1, "bugang 7p"), (3, "hu")])
    row = t.record()
    assert row["winner"] == 3 and row["win_kind"] == WIN_QIANGGANG and row["feeder"] == 1
    assert "qianggang" in features(row)


def test_r15_clean_seven_pairs_multiply_to_eight():
    """RULES §3.4 r15: 七对 ×2 and 清一色 ×4 (no 财神 held) multiply: M = 8 ("清7对 = 8"); 放铳 pays 2M/M/M."""
    t = table({0: "8m147p258s12345z9p", 1: "11m22m33m55m77m99m8m"})
    t.play([(0, "discard 8m"), (1, "hu")])
    row = t.record()
    assert features(row) == {"qidui", "qingyise"} and row["multiplier"] == 8 and row["shape"] == C.SHAPE_QIDUI
    assert wins(t) == [-16, 32, -8, -8]
    t = table({0: "8m147p258s12345z9p", 1: "11m22m33m55m77m99m8m"}, jh_multipliers={"qidui": 3})
    t.play([(0, "discard 8m"), (1, "hu")])
    assert t.record()["multiplier"] == 12


def test_r15_baotou_is_completed_by_any_self_draw_and_haidi_multiplies_it():
    """RULES §3.4 r15: four sets and a lone 财神 (9s) completed by a self-drawn 5z is 爆头, M = 2 (each pays 4);
    on the last live tile 爆头 with 海底 is M = 4 (A31), or 8 with jh_baotou_haidi=8."""
    hand = "123m456m789m234p9s"
    t = table({1: hand}, draws="6z5z")
    t.run_until_drawn(1, "5z")
    t.step(1, "zimo")
    row = t.record()
    assert features(row) == {"baotou"} and row["multiplier"] == 2 and wins(t) == [-4, 12, -4, -4]
    for overrides, mult in (({}, 4), ({"jh_baotou_haidi": 8}, 8)):
        t = table({1: hand}, dealer=1, **overrides)
        row = play_quietly_to_the_end(t, seat=1)
        assert row["winner"] == 1 and features(row) == {"baotou", "haidi"} and row["multiplier"] == mult


def test_r15_a_caishen_as_a_fifth_copy_only_with_the_flag():
    """RULES §3.2 r7, §3.4 r15 (jh_wild_fifth_copy): 111m + 财神 + a drawn fourth 1m is 111m + 1m财神 only when a 财神
    may be a fifth copy; without it the hand 111m456m789m234p9s + 1m is not complete."""
    hand = "111m456m789m234p9s"
    t = table({1: hand}, draws="6z1m")
    t.run_until_drawn(1, "1m")
    assert "zimo" in t.legal(1)
    t = table({1: hand}, draws="6z1m", jh_wild_fifth_copy=False)
    t.run_until_drawn(1, "1m")
    assert "zimo" not in t.legal(1)


# --- §3.5 payments ------------------------------------------------------------------------------

def test_r16_discard_win_discarder_pays_two_others_one():
    """RULES §3.5 r16: a 平胡 (M = 1) on seat 0's 4p: seat 0 pays 2, the other two 1 each."""
    t = table({0: DISCARDS_4P, 2: TANKI_4P})
    t.play([(0, "discard 4p"), (2, "hu")])
    row = t.record()
    assert row["win_kind"] == WIN_DIANHU and features(row) == {"pinghu"} and wins(t) == [-2, -1, 4, -1]


def test_r17_self_draw_each_pays_two():
    """RULES §3.5 r17: 自摸 of a 平胡: each of the three pays 2."""
    t = table({1: TANKI_4P}, draws="6z4p")
    t.run_until_drawn(1, "4p")
    t.step(1, "zimo")
    assert t.record()["win_kind"] == WIN_ZIMO and wins(t) == [-2, 6, -2, -2]


def test_r18_robbing_a_kong_pays_like_a_discard_win_the_kong_maker_as_discarder():
    """RULES §3.5 r18: seat 3 robs seat 1's 补杠: seat 1 pays 2, seats 0 and 2 pay 1."""
    t = table({0: "7p147m258s12345z9p", 1: "77p147m258s12346z", 3: "123m456m789m11s68p"}, draws="6z3p9m1p7p")
    t.play([(0, "discard 7p"), (1, "peng"), (1, "discard 6z")])
    t.run_until_drawn(1, "7p")
    t.play([(1, "bugang 7p"), (3, "hu")])
    assert wins(t) == [-1, -2, -1, 4]


def test_r19_no_dealer_premium_unless_flagged():
    """RULES §3.5 r19 (A35): the dealer (seat 0) feeding a 平胡 pays 2 like anyone; jh_dealer_double doubles what it
    pays (4)."""
    for overrides, expected in (({}, [-2, -1, 4, -1]), ({"jh_dealer_double": True}, [-4, -1, 6, -1])):
        t = table({0: DISCARDS_4P, 2: TANKI_4P}, **overrides)
        t.play([(0, "discard 4p"), (2, "hu")])
        assert wins(t) == expected, overrides


def test_r20_three_melds_from_one_seat_make_it_pay_alone():
    """RULES §3.5 r20 (A30): seat 1 holds three 吃 from seat 0 and wins on seat 2's 5z: seat 0 alone pays the
    total (4); the record's 承包 columns say what changed. jh_chengbao_scope=zimo leaves a discard win alone."""
    script = [(1, "discard 7z"), (2, "discard 5z"), (1, "hu")]
    t = _three_chows("23m23s45p9m1z7z5z666z", script)
    row = t.record()
    assert row["winner"] == 1 and row["chows"] == 3 and wins(t) == [-4, 4, 0, 0]
    assert [row[f"s{k}_chengbao"] for k in range(4)] == [-3, 0, 2, 1]
    t = _three_chows("23m23s45p9m1z7z5z666z", script, jh_chengbao_scope="zimo")
    row = t.record()
    assert wins(t) == [-1, 4, -2, -1] and [row[f"s{k}_chengbao"] for k in range(4)] == [0, 0, 0, 0]


def test_r20_a_minggang_counts_as_a_tan_only_with_jh_kong_counts_tan():
    """RULES §3.5 r20 (A30 jh_kong_counts_tan): seat 1 takes two 吃 and a 明杠 of 6p from seat 0, then wins a 平胡
    on seat 2's 5z (T = 2 + 1 + 1 = 4). With the flag (default) the 明杠 is the third 摊 from seat 0, which pays
    the 4 alone; without it seat 0 holds only two 摊 against seat 1 and everyone pays as usual."""
    hands = {0: "1m1s6p258m47s89p3z4z7z", 1: "23m23s666p9m1z777s5z", 2: "5z147m258s3p9p2z3s4z6z"}
    script = [(0, "discard 1m"), (1, "chi_low"), (1, "discard 9m"), (0, "discard 1s"), (1, "chi_low"),
              (1, "discard 1z"), (0, "discard 6p"), (1, "gang"), (1, "discard 1p"), (2, "discard 5z"), (1, "hu")]
    for overrides, expected, chengbao in (({}, [-4, 4, 0, 0], [-3, 0, 2, 1]),
                                          ({"jh_kong_counts_tan": False}, [-1, 4, -2, -1], [0, 0, 0, 0])):
        t = table(hands, replacements="1p", **overrides)
        t.play(script)
        row = t.record()
        assert row["winner"] == 1 and row["feeder"] == 2 and row["chows"] == 2 and row["kongs"] == 1, overrides
        assert row["multiplier"] == 1 and wins(t) == expected, overrides
        assert [row[f"s{k}_chengbao"] for k in range(4)] == chengbao, overrides


def test_r21_kongs_are_not_paid_unless_flagged():
    """RULES §3.5 r21 (A35): seat 0's 暗杠 earns nothing; with jh_kong_money each other seat pays 2."""
    for overrides, expected in (({}, [0, 0, 0, 0]), ({"jh_kong_money": True}, [6, -2, -2, -2])):
        t = table({0: "1111m258p36s1234z"}, replacements="5z", **overrides)
        t.play([(0, "angang 1m")])
        assert t.money("kong") == expected, overrides


def test_r22_huangzhuang_pays_nothing():
    """RULES §3.5 r22: a hand that runs out of live tiles ends without a winner and every seat's money is 0."""
    row = play_quietly_to_the_end(table({0: "1111m258p36s1234z"}, replacements="5z"), seat=None)
    assert row["winner"] == -1 and row["win_kind"] == 0
    assert [row[f"s{k}_delta"] for k in range(4)] == [0, 0, 0, 0]
