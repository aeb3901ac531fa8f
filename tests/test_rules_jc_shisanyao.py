"""RULES §1.5 (十三幺 with 拾 and 抢, r29–r36) of 晋城麻将, on stacked walls (tests/jc_scenarios.py).

Seat 0 deals; turn order 0 → 1 → 2 → 3; seat 1's 上家 is the dealer.
"""
from jc_scenarios import kinds, table
from sim.record import SHAPE_SHISANYAO, WIN_DIANHU, WIN_ZIMO

THIRTEEN = "1m9m1p9p1s9s1234567z"          # 13 distinct 幺九/字: the 13-sided wait
THIRTEEN_NO_9M = "1m1p9p1s9s1234567z"      # 12 kinds, lacking 9m
DEALER_9M = "3689m147p258s456z"            # a dealer hand with one 9m to discard
ALL_YAOJIU = kinds("19m19p19s1234567z")


def test_r29_shisanyao_wins_after_shangjia():
    """RULES §1.5 r29: one of each 幺九/字 plus a duplicate: seat 1 上架s the 13-sided wait and 自摸s 1z."""
    t = table({1: THIRTEEN}, draws="5m5p6m6p6s" + "1z")
    t.play([(1, "shangjia 5p")])
    assert t.waits(1) == ALL_YAOJIU
    t.play([(1, "zimo")])
    row = t.record()
    assert row["winner"] == 1 and row["win_kind"] == WIN_ZIMO and row["shape"] == SHAPE_SHISANYAO
    assert t.money("win") == [-4, 8, -2, -2]


def test_r30_shi_only_from_the_shangjia():
    """RULES §1.5 r30: the dealer's 9m: seat 1 (its 下家) may 拾 it, seat 2 only 抢; after 拾 the tile is
    frozen and seat 1 discards (or 上架s) without drawing."""
    t = table({0: DEALER_9M, 1: THIRTEEN_NO_9M + "5p", 2: THIRTEEN_NO_9M + "5s"}, draws="8s")
    t.play([(0, "discard 9m")])
    assert t.to_act == 1 and {"shi", "qiang"} <= set(t.legal())
    t.step(1, "shi")
    assert t.to_act == 2 and "qiang" in t.legal() and "shi" not in t.legal()
    t.window()
    assert t.phase == "self" and t.to_act == 1 and t.game.last_drawn is None
    assert t.game.frozen[1] == "9m" and t.counts(1).sum() == 13
    assert "shangjia 5p" in t.legal()


def test_r31_shi_commits_to_shisanyao():
    """RULES §1.5 r31: after 拾 seat 1 holds 55p but is not offered seat 2's 5p for 碰."""
    t = table({0: DEALER_9M, 1: "1m1p9p1s9s12345z55p7m"}, draws="8s" + "5p")
    t.play([(0, "discard 9m"), (1, "shi"), (1, "discard 7m")])
    assert t.to_act == 2 and t.game.last_drawn == "5p"
    t.step(2, "discard 5p")
    assert 1 not in t.window()
    assert t.record()["s1_frozen"] == 1


def test_r32_no_shi_with_an_exposed_meld():
    """RULES §1.5 r32: seat 1 has ponged; the dealer's later 9p (a kind seat 1 lacks) is not offered to it."""
    t = table({0: "5p147m8m369s12345z", 1: "55p2345m678s2346p"}, draws="7z" + "6m6s" + "9p")
    t.play([(0, "discard 5p"), (1, "peng"), (1, "discard 2m")])
    t.run_until(0)
    assert t.game.last_drawn == "9p"
    t.step(0, "discard 9p")
    assert 1 not in t.window()


def test_r33_qiang_from_anyone_once_then_no_shi():
    """RULES §1.5 r33: seat 2 抢s the dealer's 9m (no prior 拾 needed); later its 上家's 7z offers it
    neither 拾 nor a second 抢."""
    t = table({0: DEALER_9M, 2: "1m1p9p1s9s123456z5s6s"}, draws="8s" + "6m6p" + "7z")
    t.play([(0, "discard 9m"), (2, "qiang"), (2, "discard 5s")])
    assert t.game.frozen[2] == "9m"
    t.run_until(1)
    assert t.game.last_drawn == "7z"
    t.step(1, "discard 7z")
    assert 2 not in t.window()


def test_r34_shi_only_of_a_kind_not_held():
    """RULES §1.5 r34: seat 1 already holds 9m, so the dealer's 9m offers it no 拾/抢."""
    t = table({0: DEALER_9M, 1: "1m9m1p9p1s9s123456z5p"}, draws="8s")
    t.play([(0, "discard 9m")])
    assert 1 not in t.window()


def test_r35_frozen_kind_is_never_the_winning_tile():
    """RULES §1.5 r35: after 拾 9m and 上架, seat 1 waits on the 12 other kinds, and drawing 9m
    (which would make a frozen+concealed pair) is no win."""
    t = table({0: DEALER_9M, 1: THIRTEEN_NO_9M + "5p"}, draws="8s" + "6m6p6s" + "9m")
    t.play([(0, "discard 9m"), (1, "shi"), (1, "shangjia 5p")])
    assert t.waits(1) == [k for k in ALL_YAOJIU if k != kinds("9m")[0]]
    t.run_until(1)
    assert t.game.last_drawn == "9m" and t.legal() == ["discard 9m"]


def test_r36_shisanyao_needs_shangjia_and_no_shi_after_it():
    """RULES §1.5 r36: seat 1's 13-sided hand is not offered the dealer's 1z for 胡 before 上架; a 上架
    seat (seat 2, a regular hand lacking 9p) is not offered its 上家's 9p for 拾/抢."""
    t = table({0: "1z2358m147p258s45z", 1: THIRTEEN}, draws="8s")
    t.play([(0, "discard 1z")])
    assert "hu" not in t.window().get(1, [])
    t2 = table({2: "123m456p789s111z5z"}, draws="6m6p8s6s" + "6z" + "9p")
    t2.play([(2, "shangjia 8s")])
    t2.run_until(1)
    assert t2.game.last_drawn == "9p"
    t2.step(1, "discard 9p")
    assert 2 not in t2.window()


def test_r39_shisanyao_wins_on_a_discard():
    """RULES §1.6 r39 (§1.5): 上架 seat 1's 13-sided wait takes seat 2's 9s: 点胡, shape 十三幺."""
    t = table({1: THIRTEEN}, draws="5m5p6m6p6s5s" + "9s")
    t.play([(1, "shangjia 5p"), (2, "discard 6m"), (1, "discard 5s"), (2, "discard 9s"), (1, "hu")])
    row = t.record()
    assert row["winner"] == 1 and row["feeder"] == 2 and row["win_kind"] == WIN_DIANHU
    assert row["shape"] == SHAPE_SHISANYAO
    assert t.money("win") == [-2, 5, -2, -1]


def test_r31_after_shi_only_shisanyao_can_be_declared():
    """RULES §1.5 r31: after 拾 9m seat 1 holds a regular tenpai (123m 456p 789s 11z + 2z) but, committed
    to 十三幺, is offered no 上架."""
    t = table({0: DEALER_9M, 1: "123m456p789s11z2z5m"}, draws="8s")
    t.play([(0, "discard 9m"), (1, "shi")])
    assert t.to_act == 1 and t.phase == "self"
    assert not any(a.startswith("shangjia") for a in t.legal())


def test_r33_qiang_after_shi_then_no_more_shi():
    """RULES §1.5 r33: seat 1 拾s the dealer's 9m, later 抢s seat 2's 7z; the dealer's 6z is then offered
    to it neither as 拾 nor as a second 抢."""
    t = table({0: DEALER_9M, 1: "1m1p9p1s9s12345z5p5s7m"}, draws="8s" + "7z" + "6m6p" + "6z")
    t.play([(0, "discard 9m"), (1, "shi"), (1, "discard 7m"), (2, "discard 7z")])
    t.run_until(1, "claim")
    assert t.offered == "7z" and "qiang" in t.legal() and "shi" not in t.legal()
    t.play([(1, "qiang"), (1, "discard 5s")])
    assert t.game.frozen[1] == "9m7z"
    t.run_until(0)
    assert t.game.last_drawn == "6z"
    t.step(0, "discard 6z")
    assert 1 not in t.window()
