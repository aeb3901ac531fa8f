"""晋中 with ``jz_chi=true`` (RULES §2.2 r7, A21): 吃 from the 上家 only, sequences only, 胡 > 杠 > 碰 > 吃, never
after 报听; a 吃 is a meld for 缺一门 (its suit counts) and the records count it (``chows``).

Stacked walls force each case (seat 0 deals; its 下家 is seat 1, so the dealer is seat 1's 上家); random hands
in check mode show the invariants with the flag on and that no 吃 ever happens with it off.
"""
import numpy as np

from jz_scenarios import table
from sim.core import codes as C
from sim.record import COLUMN_INDEX
from sim.variants.jinzhong.config import JinzhongRules

DEALER_4M = "4m147p258s12345z9m"     # the dealer discards 4m on its first turn
RUNS_23M_56M = "2356m369p369s167z"   # 23m and 56m: 4m completes 234m, 345m and 456m
PAIR_4M = "44m369p258s12367z"        # 44m: a 碰 of 4m


def chow_records(t, seat):
    """Return the (lowest kind, from-seat) of each 吃 record of ``seat``."""
    return [(int(tile), int(src)) for typ, tile, src in t.game.meld_records[seat] if typ == C.MELD_CHOW]


def test_the_shangjia_discard_can_be_chowed_in_each_shape():
    """RULES §2.2 r7: seat 1 (下家 of the dealer) is offered 吃 of the dealer's 4m in the three shapes; taking it as
    the middle of 345m lays the run down, it discards without a draw, and the record counts one 吃."""
    t = table({0: DEALER_4M, 1: RUNS_23M_56M}, draws="8p7s", jz_chi=True)
    t.play([(0, "discard 4m")])
    assert t.phase == "claim" and t.to_act == 1
    assert sorted(t.legal(1)) == ["chi_high", "chi_low", "chi_mid", "pass"]
    t.step(1, "chi_mid")
    assert t.phase == "self" and t.to_act == 1 and t.game.last_drawn is None
    assert chow_records(t, 1) == [(2, 0)]   # 345m, lowest 3m (kind 2), from seat 0
    assert t.counts(1)[:9].tolist() == [0, 1, 0, 0, 0, 1, 0, 0, 0]  # 2m 6m left of 2356m
    t.finish()
    assert t.record()["chows"] == 1


def test_a_discard_of_another_seat_cannot_be_chowed():
    """RULES §2.2 r7: seat 2 holds the same runs, but the dealer is not its 上家: no window opens."""
    t = table({0: DEALER_4M, 2: RUNS_23M_56M}, draws="8p7s", jz_chi=True)
    t.play([(0, "discard 4m")])
    assert t.phase == "self" and t.to_act == 1 and t.game.last_drawn == "7s"


def test_peng_beats_chi():
    """RULES §2.2 r6–r7: seat 1 answers 吃 and seat 2 碰 on the dealer's 4m: seat 2 takes it (碰 > 吃)."""
    t = table({0: DEALER_4M, 1: RUNS_23M_56M, 2: PAIR_4M}, draws="8p7s", jz_chi=True)
    t.play([(0, "discard 4m")])
    t.step(1, "chi_low")
    t.step(2, "peng")
    assert t.phase == "self" and t.to_act == 2
    assert t.game.melds[2] == [("peng", "4m")] and chow_records(t, 1) == []
    assert t.counts(1)[:9].tolist() == [0, 1, 1, 0, 1, 1, 0, 0, 0]


def test_no_chi_after_baoting():
    """RULES §2.2 r7, §2.3 r10: seat 1 holds 1134p; after its 报听 (waits 5p) the dealer's 2p opens no window,
    while without 报听 the same 2p is offered for 吃 (234p and 123p)."""
    hand = "123m456m789m11p34p"
    draws = "6s9s1s2s" + "2p"
    t = table({1: hand}, draws=draws, jz_chi=True)
    t.play([(1, "shangjia 9s")])
    t.run_until_drawn(0, "2p")
    t.step(0, "discard 2p")
    assert t.phase == "self" and t.to_act == 1
    t2 = table({1: hand}, draws=draws, jz_chi=True)
    t2.play([(1, "discard 9s")])
    t2.run_until_drawn(0, "2p")
    t2.step(0, "discard 2p")
    assert t2.phase == "claim" and t2.to_act == 1 and {"chi_low", "chi_mid"} <= set(t2.legal(1))


def test_a_chow_counts_for_queyimen():
    """RULES §2.2 r7, §2.4 r13: after 吃 234m seat 1 holds 饼 and 条 only, yet the 万 run is a meld, so no discard
    leaves a legal 报听 (the same tiles without the 万 meld would wait 5s)."""
    t = table({0: DEALER_4M, 1: "23m123p456p789p55s"}, draws="8p", jz_chi=True)
    t.play([(0, "discard 4m")])
    t.step(1, "chi_high")
    assert chow_records(t, 1) == [(1, 0)]
    assert not any(a.startswith("shangjia") for a in t.legal(1))


def test_flag_off_never_chows_and_on_chows_over_random_hands():
    """RULES §2.2 r7, A21: over random hands in check mode (random and greedy seats) no invariant breaks; with the
    flag off no 吃 ever happens (chows is -1, the null of rules without 吃); with it on random seats chow and greedy
    (吃 weighed like 碰) chows too."""
    from sim.play import play_checked

    c = COLUMN_INDEX["chows"]
    for chi in (False, True):
        rules = JinzhongRules(jz_chi=chi)
        for seats, seed in ((["random"] * 4, 31), (["greedy"] * 4, 32)):
            rows, errors = play_checked(rules, seats, seed, 0, 300)
            assert (errors == 0).all(), np.flatnonzero(errors)
            if chi:
                assert (rows[:, c] >= 0).all() and rows[:, c].sum() > 0
            else:
                assert (rows[:, c] == -1).all()


def test_greedy_chows_only_when_it_improves_the_hand():
    """RULES §2.2 r7: greedy (missing_suit_play) weighs a 吃 like a 碰: it takes 345m when the run lowers its 缺一门
    shanten (2 → 1), and passes a 吃 that does not (33m55m: tenpai before and after)."""
    from sim.game import Game
    from sim.stacked import stacked_wall
    from jz_scenarios import pair_free_fillers

    rules = JinzhongRules(jz_chi=True)
    for hand, expect in (("35m123p456p88p19s9m", "chi_mid"), ("33m55m123p456p789p", None)):
        hands = pair_free_fillers({0: DEALER_4M, 1: hand}, "8p7s", "")
        wall = stacked_wall(hands, draws="8p7s")
        game = Game(rules=rules, wall=wall, dealer=0, seats=[None, "greedy", None, None], check=True)
        game.step(0, "discard 4m")
        assert game.phase == "claim" and "chi_mid" in game.legal_actions(1)
        game.advance()
        took = any(typ == C.MELD_CHOW for typ, _, _ in game.meld_records[1])
        assert took == (expect is not None), hand
