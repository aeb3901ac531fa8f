"""RULES §1.3 (calls and priorities, r14–r21) and §1.4 (上架, r22–r28) of 晋城麻将.

Scripted hands on stacked walls (tests/jc_scenarios.py); seat 0 deals, turn order 0 → 1 → 2 → 3,
so without calls front draw i goes to seat i mod 4. Seats not given a hand get a pair-free
filler; unscripted seats discard what they draw and pass every claim.
"""
import numpy as np

from jc_scenarios import kinds, table
from sim import hand, tiles
from sim.record import WIN_DIANHU, WIN_ZIMO

TANKI_5Z = "123m456p789s111z5z"          # waits 5z
DEALER_5P = "5p147m8m369s12345z"         # the dealer's hand with one 5p to discard
PAIR_5P = "55p9p147s258m1234z"           # a 闲 hand holding 55p


def test_r14_no_chow():
    """RULES §1.3 r14: seat 1 holds 23m 56m; the dealer's 4m opens no window (no 吃) and seat 1 just draws."""
    t = table({0: "4m147p258s12345z9m", 1: "2356m369p369s167z"}, draws="8p7s")
    t.play([(0, "discard 4m")])
    assert t.phase == "self" and t.to_act == 1 and t.game.last_drawn == "7s"
    assert not any(a.startswith("chi") for a in t.legal())


def test_r15_pong_then_no_draw():
    """RULES §1.3 r15: seat 2 pongs the dealer's 5p with 55p; it then discards without drawing."""
    t = table({0: DEALER_5P, 2: PAIR_5P}, draws="7z")
    t.play([(0, "discard 5p")])
    assert t.to_act == 2 and t.phase == "claim"
    assert sorted(t.legal()) == ["pass", "peng"]
    t.play([(2, "peng")])
    assert t.phase == "self" and t.to_act == 2
    assert t.counts(2).sum() == 11 and t.game.front_draws == 1
    assert t.game.last_drawn is None and ("peng", "5p") in t.game.melds[2]
    assert all(a.startswith(("discard", "shangjia")) for a in t.legal())


def test_r15_no_pong_after_shangjia():
    """RULES §1.3 r15 (A6 default): seat 2, 上架 on 1z, holds 11m; seat 3's 1m is not offered to it for 碰."""
    t = table({2: "112233m456p789s1z"}, draws="8s8p9p1m")
    t.play([(2, "shangjia 9p")])
    t.run_until(3)
    t.step(3, "discard 1m")
    assert 2 not in t.window()


def test_r16a_minggang_from_a_discard():
    """RULES §1.3 r16(a): seat 2 holds 555p; the dealer's 5p may be 杠'd; the replacement comes from the tail."""
    t = table({0: DEALER_5P, 2: "555p9p147s258m123z"}, draws="7z", replacements="6z")
    t.play([(0, "discard 5p")])
    assert {"gang", "peng"} <= set(t.legal(2))
    t.play([(2, "gang")])
    assert t.phase == "self" and t.to_act == 2 and t.game.last_drawn == "6z"
    assert ("minggang", "5p") in t.game.melds[2]
    row = t.record()
    assert row["kongs"] == 1 and row["replacements"] == 1


def test_r16b_bugang_with_the_fourth_tile_drawn():
    """RULES §1.3 r16(b): seat 2 pongs 5p, later draws the 4th 5p and 补杠s it, drawing from the tail."""
    t = table({0: DEALER_5P, 2: PAIR_5P}, draws="7z" + "6m6p6s" + "5p", replacements="6z")
    t.play([(0, "discard 5p"), (2, "peng"), (2, "discard 9p")])
    t.run_until(2)
    assert t.game.last_drawn == "5p" and "bugang 5p" in t.legal()
    t.play([(2, "bugang 5p")])
    assert t.to_act == 2 and t.game.last_drawn == "6z"
    assert ("bugang", "5p") in t.game.melds[2] and t.record()["kongs"] == 1


def test_r17_angang_draws_a_replacement():
    """RULES §1.3 r17: four concealed 1m on the dealer's own turn: 暗杠, a tail replacement, then a discard."""
    t = table({0: "1111m258p369s123z"}, draws="9p", replacements="7z")
    assert "angang 1m" in t.legal()
    t.play([(0, "angang 1m")])
    assert t.to_act == 0 and t.phase == "self" and t.game.last_drawn == "7z"
    assert t.counts(0)[tiles.kind("1m")] == 0 and ("angang", "1m") in t.game.melds[0]
    assert any(a.startswith("discard") for a in t.legal())


def test_r18_kong_after_shangjia_only_with_same_waits():
    """RULES §1.3 r18 (A5 default same_waits): 上架 seat 1 (waits 5z) may 暗杠 a drawn 4th 1m; 上架 seat 2
    (waits 1p/4p/5z) may not 暗杠 1p, since only 4p would remain — it may 自摸 instead."""
    t = table({1: "111m456p789s234s5z", 2: "111p23p456s789m55z"}, draws="6m9s8s6s6p1m1p")
    t.play([(1, "shangjia 9s"), (2, "shangjia 8s")])
    t.run_until(1)
    assert t.game.last_drawn == "1m"
    assert sorted(t.legal()) == ["angang 1m", "discard 1m"]
    t.play([(1, "discard 1m")])
    t.run_until(2)
    assert t.game.last_drawn == "1p"
    assert sorted(t.legal()) == ["discard 1p", "zimo"]


def test_r19_hu_beats_shi_and_peng():
    """RULES §1.3 r19: on the dealer's 1z seat 1 answers 拾, seat 2 碰, seat 3 (上架 on 1z) 胡: 胡 wins."""
    t = table({1: "1m9m1p9p1s9s234567z5m", 2: "11z1478m258p369s6z", 3: "123p456s789m222z1z"},
              draws="6m6p6s8m" + "1z")
    t.play([(3, "shangjia 8m"), (0, "discard 1z")])
    assert "shi" in t.legal(1)
    t.play([(1, "shi"), (2, "peng"), (3, "hu")])
    row = t.record()
    assert row["winner"] == 3 and row["feeder"] == 0 and row["win_kind"] == WIN_DIANHU
    assert t.game.frozen[1] == "" and t.game.melds[2] == []


DEALER_9M = "3689m147p258s456z"
THIRTEEN_NO_9M = "1m1p9p1s9s1234567z"


def test_r19_qiang_beats_shi_and_peng():
    """RULES §1.3 r19: on the dealer's 9m seat 1 answers 拾, seat 2 碰, seat 3 抢: seat 3 takes it."""
    t = table({0: DEALER_9M, 1: THIRTEEN_NO_9M + "5p", 2: "99m147s258p1234z6z", 3: THIRTEEN_NO_9M + "5s"},
              draws="8s")
    t.play([(0, "discard 9m")])
    assert {"shi", "qiang"} <= set(t.legal(1))
    t.step(1, "shi")
    t.step(2, "peng")
    assert t.to_act == 3 and "qiang" in t.legal(3) and "shi" not in t.legal(3)
    t.play([(3, "qiang")])
    assert t.phase == "self" and t.to_act == 3 and t.game.frozen[3] == "9m"
    assert t.game.frozen[1] == "" and t.game.melds[2] == []


def test_r19_shi_beats_peng():
    """RULES §1.3 r19: 拾 (seat 1) outranks 碰 (seat 2) on the dealer's 9m."""
    t = table({0: DEALER_9M, 1: THIRTEEN_NO_9M + "5p", 2: "99m147s258p1234z6z"}, draws="8s")
    t.play([(0, "discard 9m"), (1, "shi"), (2, "peng")])
    assert t.phase == "self" and t.to_act == 1 and t.game.frozen[1] == "9m"
    assert t.record()["pongs"] == 0


def test_r20_head_bump_nearest_after_the_discarder_wins():
    """RULES §1.3 r20 (A4 default): seats 1 and 3 are 上架 on 5z; seat 2's 5z goes to seat 3, the first
    after the discarder; seat 1 gets nothing."""
    t = table({1: TANKI_5Z, 3: "123p456s789m222z5z"}, draws="6m6p6s7m7p7s5z")
    t.play([(1, "shangjia 6p"), (2, "discard 6s"), (3, "shangjia 7m"), (2, "discard 5z"), (3, "hu"), (1, "hu")])
    row = t.record()
    assert row["winner"] == 3 and row["feeder"] == 2
    assert t.money("win") == [-2, -1, -2, 5]  # seat 1 pays as an ordinary non-winner


def test_r20_ties_at_qiang_go_to_the_nearest_seat():
    """RULES §1.3 r20: seats 2 and 3 both 抢 the dealer's 9m; seat 2, nearer after the dealer, takes it."""
    t = table({0: DEALER_9M, 2: THIRTEEN_NO_9M + "5s", 3: THIRTEEN_NO_9M + "5p"}, draws="8s")
    t.play([(0, "discard 9m"), (2, "qiang"), (3, "qiang")])
    assert t.phase == "self" and t.to_act == 2
    assert t.game.frozen[2] == "9m" and t.game.frozen[3] == ""


def test_r21_after_a_pong_play_continues_from_the_callers_xiajia():
    """RULES §1.3 r21: seat 3 pongs the dealer's 5p; after seat 3's discard the dealer draws (1 and 2 skipped)."""
    t = table({0: DEALER_5P, 3: "55p8p147s258m1234z"}, draws="7z6z")
    t.play([(0, "discard 5p"), (3, "peng"), (3, "discard 8p")])
    assert t.phase == "self" and t.to_act == 0 and t.game.last_drawn == "6z"
    assert t.river(1) == [] and t.river(2) == []


def test_r22_no_win_without_shangjia():
    """RULES §1.4 r22: seat 1 is tenpai on 5z but not 上架: no 胡 on the dealer's 5z, no 自摸 on its own."""
    t = table({0: "5z147m258p369s124z", 1: TANKI_5Z}, draws="3z5z")
    t.play([(0, "discard 5z")])
    assert "hu" not in t.window().get(1, [])
    assert t.to_act == 1 and t.game.last_drawn == "5z"
    assert "zimo" not in t.legal()


def test_r23_shangjia_replaces_a_discard_with_exactly_the_tenpai_choices():
    """RULES §1.4 r23: seat 1 may 上架 tile T exactly when its hand minus T is tenpai; the tile leaves
    face-down, its river stays empty, and seat 2 draws next."""
    t = table({1: "123m456p789s11z59m"}, draws="4z7m")
    t.run_until(1)
    held = t.counts(1)
    offered = {a.split()[1] for a in t.legal() if a.startswith("shangjia")}
    expected = set()
    for k in np.flatnonzero(held):
        held[k] -= 1
        if hand.waits(held):
            expected.add(tiles.name(int(k)))
        held[k] += 1
    assert offered == expected == {"5m", "9m"}
    t.play([(1, "shangjia 5m")])
    assert t.river(1) == [] and t.counts(1).sum() == 13 and t.game.shangjia_tiles[1] == "5m"
    assert t.phase == "self" and t.to_act == 2
    assert t.waits(1) == kinds("8m")
    row = t.record()
    assert row["s1_ting_turn"] == 1 and row["s1_live_waits"] == 4  # four unseen 8m


def test_r23_shangjia_after_a_kong_replacement():
    """RULES §1.4 r23: 上架 is also open right after a kong replacement (dealer 暗杠 1m, draws 9s from the tail)."""
    t = table({0: "1111m234p567p55s8s"}, draws="3z", replacements="9s")
    t.play([(0, "angang 1m")])
    assert t.game.last_drawn == "9s"
    assert {a for a in t.legal() if a.startswith("shangjia")} == {"shangjia 3z"}


def test_r24_shangjia_tile_is_never_claimable():
    """RULES §1.4 r24: seat 1 上架s 1z; seat 2 (could 拾 a 1z from its 上家) and seat 3 (holds 11z)
    get no window, and 1z enters no river."""
    t = table({1: "123m456p789s222z1z", 2: "89m149p19s34567z5s", 3: "11z147m258p369s45z"}, draws="8s5m")
    t.play([(1, "shangjia 1z")])
    assert t.phase == "self" and t.to_act == 2
    assert all("1z" not in t.river(s) for s in range(4))


def test_r25_shangjia_is_optional():
    """RULES §1.4 r25: a tenpai seat may discard face-up instead, and 上架 on a later turn."""
    t = table({1: TANKI_5Z}, draws="4z6s8p8s8m7s")
    t.run_until(1)
    assert {"shangjia 6s", "discard 6s"} <= set(t.legal())
    t.play([(1, "discard 6s")])
    assert t.record()["s1_ting_turn"] == -1 and "6s" in t.river(1)
    t.play([(1, "shangjia 7s")])
    assert t.record()["s1_ting_turn"] == 2


def test_r26_locked_hand_draw_is_won_or_discarded():
    """RULES §1.4 r26: after 上架 (waits 1s/4s) seat 1 is not offered the dealer's 5p for 碰 though it
    holds 55p, may only discard what it draws, and its waits stay fixed."""
    t = table({1: "123m456p789s55p23s"}, draws="8s9m6m6p5p9s")
    t.play([(1, "shangjia 9m")])
    fixed = t.waits(1)
    assert fixed == kinds("1s4s")
    t.run_until(0)
    assert t.game.last_drawn == "5p"
    t.step(0, "discard 5p")
    assert 1 not in t.window()
    t.run_until(1)
    assert t.game.last_drawn == "9s" and t.legal() == ["discard 9s"]
    assert t.waits(1) == fixed


def test_r27_empty_wait_does_not_count_for_shangjia():
    """RULES §1.4 r27 (A16 default): after 碰 5z seat 1 holds 5z + 9m; 上架 9m would wait only on 5z,
    whose four copies are all its own: not offered. 上架 5z (waiting on 9m) is."""
    t = table({0: "5z147m258p369s124z", 1: "555z456p789p234s9m"}, draws="3z")
    t.play([(0, "discard 5z"), (1, "peng")])
    assert "shangjia 5z" in t.legal()
    assert "shangjia 9m" not in t.legal()


def test_r28_shangjia_feeder_pays_no_paoqian():
    """RULES §1.4 r28: 上架 seat 2 must discard its drawn 5z, seat 1's wait: seat 2 pays 1 (no 炮钱)."""
    t = table({1: TANKI_5Z, 2: "123p456s789m222z6z"}, draws="6m8s8p6p6s7s5z")
    t.play([(1, "shangjia 8s"), (2, "shangjia 8p"), (1, "discard 7s"), (1, "hu")])
    row = t.record()
    assert row["winner"] == 1 and row["feeder"] == 2 and row["win_kind"] == WIN_DIANHU
    assert t.money("win") == [-2, 4, -1, -1]


def test_r24_live_waits_at_shangjia_count_the_own_face_down_tile_as_seen():
    """RULES §1.4 r24: seat 1 (tanki 5z) draws a 2nd 5z and 上架s it face-down. The seat sees its concealed 5z
    and its own 上架 5z, and nobody can ever draw or claim the 上架 tile: 2 live copies, in the record and log."""
    t = table({1: "123m456p789s234s5z"}, draws="6m5z")
    t.play([(1, "shangjia 5z")])
    assert t.game.waits[1] == ["5z"]
    assert t.game.record()["s1_live_waits"] == 2
    assert "seat 1 上架 5z(中) face-down (2 live waits)" in t.game.log


def test_r18_still_tenpai_kong_makes_the_new_waits_the_winning_set():
    """RULES §1.3 r18 (A5 still_tenpai): 上架 seat 2 (111p 23p 55z, waits 1p/4p/5z) draws the 4th 1p and 暗杠s it.
    Still tenpai, but 23p 55z now waits on 4p only (its own four 1p drop out, r27): the stored waits become
    {4p}, so the 5z replacement is no 自摸 (the old mask would have paid an incomplete hand). The live-wait
    record stays the one taken at 上架; the later 4p is a regular 自摸 of a complete hand."""
    t = table({1: "111m456p789s234s5z", 2: "111p23p456s789m55z"}, draws="6m9s8s6s6p1m1p" + "7z7z7z4p",
              replacements="5z", ting_kong_policy="still_tenpai")
    t.play([(1, "shangjia 9s"), (2, "shangjia 8s")])
    assert t.waits(2) == kinds("1p4p5z")
    live_at_shangjia = t.record()["s2_live_waits"]
    t.play([(1, "discard 1m")])
    t.run_until(2)
    assert t.game.last_drawn == "1p"
    assert sorted(t.legal()) == ["angang 1p", "discard 1p", "zimo"]
    t.play([(2, "angang 1p")])
    assert t.game.last_drawn == "5z"
    assert t.waits(2) == kinds("4p")
    assert t.legal() == ["discard 5z"]
    t.play([(2, "discard 5z")])
    t.run_until(2)
    assert t.game.last_drawn == "4p" and "zimo" in t.legal()
    t.play([(2, "zimo")])
    row = t.record()
    assert row["winner"] == 2 and row["s2_live_waits"] == live_at_shangjia
    assert row["win_kind"] == WIN_ZIMO and hand.shanten(t.counts(2), melds=1) == -1
