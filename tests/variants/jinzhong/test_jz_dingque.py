"""晋中 with ``jz_dingque_upfront=true`` (RULES §2.4 r13, A18): each seat declares at the deal the suit it gives up.

Every strategy declares the suit with the fewest tiles of its initial hand (the dealer's 14), ties to the lower
suit; the record keeps it in ``s{k}_dingque`` (-1 when none is declared). Then a win needs no tile of that suit
in hand or melds (stricter than at most two suits), the seat may not 碰/杠/吃 it, a 报听 needs a wait that wins
so, and 十三幺 (which holds every suit) cannot be won. Stacked walls show each case against the flag off.
"""
import numpy as np

from jz_scenarios import table
from sim.record import COLUMN_INDEX, WIN_ZIMO
from sim.variants.jinzhong.config import JinzhongRules

UPFRONT = {"jz_dingque_upfront": True}
DEALER_5P = "5p147m8m369s12345z"      # the dealer discards 5p on its first turn
PAIR_5P = "123m456m55p12345s"         # 万 6, 饼 2, 条 5: declares 饼, holds 55p


def declared(t):
    row = t.record()
    return [row[f"s{k}_dingque"] for k in range(4)]


def test_greedy_declares_the_suit_with_the_fewest_tiles():
    """RULES §2.4 r13: the dealer (14 with its first draw 9s: 万 4, 饼 1, 条 4) declares 饼; seat 1 (万 9, 饼 4) 条;
    seat 2 (3 of each) 万, the lower of a tie; seat 3 (万 2) 万. Flag off: none declared (-1)."""
    hands = {0: "5p147m8m369s12345z", 1: "123m456m789m111p5p", 2: "147m147p147s1234z", 3: "25m258p258s12345z"}
    assert declared(table(hands, draws="9s", **UPFRONT)) == [1, 2, 0, 0]
    assert declared(table(hands, draws="9s")) == [-1, -1, -1, -1]


def test_a_win_is_refused_while_the_hand_holds_the_declared_suit():
    """RULES §2.4 r13, A18: seat 1 is dealt 万 9, 饼 2, 条 2 and declares 饼 (the lower of the tie). It sheds 条 and
    reaches 123m456m789m 55p67p, tenpai on 5p/8p in two suits: the check at 胡 accepts it (flag off: 报听, then 8p
    wins by 自摸, 8 底分), but up front it holds the declared 饼, so no 报听 is offered."""
    hand = "123m456m789m55p19s"
    draws = "2s6p3s4s" + "6s7p7s8s" + "2s8p"
    off = table({1: hand}, draws=draws)
    off.play([(1, "discard 1s"), (1, "shangjia 9s"), (1, "zimo")])
    row = off.record()
    assert row["winner"] == 1 and row["win_kind"] == WIN_ZIMO and off.money() == [-4, 8, -2, -2]
    on = table({1: hand}, draws=draws, **UPFRONT)
    assert declared(on)[1] == 1
    on.play([(1, "discard 1s")])
    on.run_until(1)
    assert on.game.last_drawn == "7p" and "discard 9s" in on.legal()
    assert not any(a.startswith("shangjia") for a in on.legal())


def test_no_peng_of_the_declared_suit():
    """RULES §2.4 r13: seat 2 holds 55p and declared 饼: the dealer's 5p is offered to it for 碰 only with the flag
    off; with it on no window opens and seat 1 draws."""
    off = table({0: DEALER_5P, 2: PAIR_5P}, draws="9s")
    off.play([(0, "discard 5p")])
    assert off.phase == "claim" and off.to_act == 2 and "peng" in off.legal(2)
    on = table({0: DEALER_5P, 2: PAIR_5P}, draws="9s", **UPFRONT)
    assert declared(on)[2] == 1
    on.play([(0, "discard 5p")])
    assert on.phase == "self" and on.to_act == 1


def test_no_angang_of_the_declared_suit():
    """RULES §2.4 r13: seat 1 holds 1111p and declared 饼 (万 5, 饼 4, 条 4 → the lower tie, 饼): no 暗杠 of 1p up
    front; with the flag off it is legal."""
    hand = "1111p23456m2345s"
    off = table({1: hand}, draws="9m9s")
    off.run_until(1)
    assert "angang 1p" in off.legal()
    on = table({1: hand}, draws="9m9s", **UPFRONT)
    assert declared(on)[1] == 1
    on.run_until(1)
    assert "angang 1p" not in on.legal() and "discard 1p" in on.legal()


def test_shisanyao_cannot_be_won_up_front():
    """RULES §2.4 r13–r14: the 十三幺 of seat 1 (exempt from 缺一门 by default) 报听s and wins with the flag off; up
    front it holds its declared suit (万, the lowest of a three-way tie), so it may not 报听."""
    hand = "19m19p19s1123456z"
    draws = "5m5s" + "6m6p6s" + "7z"
    off = table({1: hand}, draws=draws)
    off.play([(1, "shangjia 5s"), (1, "zimo")])
    assert off.record()["winner"] == 1
    on = table({1: hand}, draws=draws, **UPFRONT)
    assert declared(on)[1] == 0
    on.run_until(1)
    assert not any(a.startswith("shangjia") for a in on.legal())


def test_declarations_and_invariants_over_random_hands():
    """RULES §2.4 r13, A18: over random hands in check mode (greedy and mixed seats) no invariant breaks; every seat
    declares a suit 0..2 with the flag on (greedy's rule, from the dealt hand), none (-1) with it off; greedy still
    wins hands up front."""
    from sim.play import play_checked

    cols = [COLUMN_INDEX[f"s{k}_dingque"] for k in range(4)]
    for upfront in (False, True):
        rules = JinzhongRules(jz_dingque_upfront=upfront)
        for seats, seed in ((["greedy"] * 4, 41), (["greedy", "random", "selective_ting", "defensive"], 42)):
            rows, errors = play_checked(rules, seats, seed, 0, 300)
            assert (errors == 0).all(), np.flatnonzero(errors)
            values = rows[:, cols]
            if upfront:
                assert ((values >= 0) & (values <= 2)).all()
                assert (rows[:, COLUMN_INDEX["winner"]] >= 0).any()
            else:
                assert (values == -1).all()
