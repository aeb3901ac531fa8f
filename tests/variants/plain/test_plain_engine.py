"""推倒胡 played by the engine: one stacked-wall hand (or more) per numbered rule of docs/rules/plain.md r1–r21,
each forcing its situation through ``sim.game.Game`` and asserting the exact outcome, and random and greedy hands
in check mode.

Scripted hands (plain_scenarios.table, check mode on): seat 0 deals unless told, turn order 0 → 1 → 2 → 3 (seat
s + 1 is the 下家 of s), so without calls front draw i goes to seat (dealer + i) mod 4; unscripted seats discard
what they draw and pass every claim; seats without a hand get a pair-free filler. Money in 底注.

Where a rule's point shows only in a kernel, this module says so and the kernel test named in docs/rules/plain.md
covers it: r13's "only a hand without melds can be 七对" cannot be reached by a whole hand (a seat with a meld
holds at most 11 concealed tiles, never seven pairs), so it is
``test_plain_wins.py::test_r13_qidui_needs_a_concealed_hand``; r3's packed draw-limit statement is
``test_plain_hand_end.py::test_r3_the_draw_limit_statement_keeps_nothing_back``. Every other rule is shown below.
"""
import numpy as np
import pytest

from plain_scenarios import answer, table
from sim.core import codes as C
from sim.core.state import MELD_CHOW, MELD_MINGGANG, MELD_PONG
from sim.play import play_checked, play_chunk
from sim.record import COLUMN_INDEX as CI
from sim.record import SHAPE_NONE, SHAPE_QIDUI, SHAPE_REGULAR, WIN_DIANHU, WIN_NONE, WIN_QIANGGANG, WIN_ZIMO
from sim.tiles import kind, name
from sim.variants.plain.config import PlainRules

# Hands waiting on 5p only (46p 嵌张 and a pair), usable together (no kind more than four times).
WAIT_5P = "123m456m789m11s46p"
WAIT_5P_B = "123p789p234s99s46p"
WAIT_5P_C = "234m567m678s22z46p"
# Holding 4p 6p around a 5p (a 吃 of 5p as the middle tile), no other run or pair near it.
CHI_5P = "46p147m258s1234z9m"
QUIET = {}  # every seat a pair-free filler: nobody can claim or win


def until_wall_empty(t):
    """Auto-play until the seat that drew the wall's last tile (84 draws, front and replacement) must act."""
    while not (t.phase == "self" and t.game.front_draws + t.record()["replacements"] == 84):
        assert t.phase != "over"
        t.auto()
    return t


def harmless(n: int) -> str:
    """``n`` front draws nobody in these hands can use (honours the scripted hands do not hold)."""
    return "7z6z5z7z6z5z"[: 2 * n]


def discards_of(t, seat) -> list[str]:
    """The discard actions of every kind ``seat`` holds concealed."""
    return [f"discard {name(k)}" for k in range(34) if t.counts(seat)[k] > 0]


def meld(t, seat, i=0) -> tuple[int, int, int]:
    """(MELD_* type, lowest kind, from-seat) of ``seat``'s meld ``i`` as the engine records it."""
    return tuple(int(v) for v in t.game.meld_records[seat, i])


# --- §5.1 tiles, wall, dealer ---------------------------------------------------------------------------------

def test_r1_136_tiles_with_honours_no_wilds_and_a_meld_is_the_tile_it_shows():
    """docs/rules/plain.md r1: the wall is the 34 kinds × 4 (honours, no flowers), 53 tiles are dealt, no 财神 is
    turned or counted; a 碰 of 5z is a set of 5z that completes the hand (r11); a 108-tile wall is refused."""
    from sim.game import Game
    from sim.stacked import stacked_wall

    t = table({1: "55z123m456m789m1s9s"}, draws="5z1s")
    assert len(t.wall) == 136 and np.bincount(t.wall, minlength=34).tolist() == [4] * 34
    assert sum(int(t.counts(s).sum()) for s in range(4)) == 53
    t.play([(1, "peng"), (1, "discard 9s")])
    assert meld(t, 1) == (MELD_PONG, kind("5z"), 0)
    asked = answer(t.run_until_offered(1, "1s"), {1: "hu"})
    assert asked[1] == ["hu", "pass"]
    row = t.record()
    assert t.win() == (1, 2, WIN_DIANHU) and row["shape"] == SHAPE_REGULAR and t.money() == [0, 1, -1, 0]
    assert row["caishen"] == -1 and row["winner_wilds"] == -1
    assert [row[f"s{k}_wilds_dealt"] for k in range(4)] == [-1] * 4
    with pytest.raises(ValueError, match="136 tile kinds"):
        Game(rules=PlainRules(), wall=stacked_wall({}, tiles=108))


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r2_the_dealer_holds_14_after_its_first_draw_and_turns_go_to_the_xiajia(dealer):
    """docs/rules/plain.md r2: 13 each from the front of the wall, the dealer's first front draw (position 52) its
    14th; the dealer acts first, then its 下家 draws."""
    t = table(QUIET, draws="7z", dealer=dealer)
    assert [int(t.counts(s).sum()) for s in range(4)] == [14 if s == dealer else 13 for s in range(4)]
    assert (t.phase, t.to_act, t.game.last_drawn, t.game.front_draws) == ("self", dealer, "7z", 1)
    assert t.wall[52] == kind("7z") and t.game.dealer == dealer
    for k in range(1, 5):
        t.auto()
        assert (t.phase, t.to_act, t.game.front_draws) == ("self", (dealer + k) % 4, k + 1)


def test_r2_the_first_dealer_of_a_session_is_random():
    """docs/rules/plain.md r2: the engine draws each session's first dealer at random, about a quarter per seat."""
    rows = play_chunk(PlainRules(), ["random"] * 4, 5, 0, 400, session_length=4)
    first = rows[rows[:, CI["hand_in_session"]] == 0, CI["dealer"]]
    assert len(first) == 100 and np.bincount(first, minlength=4).min() >= 12  # P(< 12) < 1e-3 per seat


def test_r3_front_draws_from_the_head_replacements_from_the_tail_sharing_84_tiles():
    """docs/rules/plain.md r3: two 暗杠 take their replacements from positions 135 then 134; the front draws take
    positions 52, 53, … and stop at 133, so front and tail draws use up the 84 tiles together, none kept back."""
    t = table({0: "1111m2222m3z5z9s5p8p"}, draws="9p", replacements="6z1z")
    t.step(0, "angang 1m")
    assert t.game.last_drawn == "6z" and t.game.log[-1] == "seat 0 draws 6z(发) from the tail (补牌)"
    t.step(0, "angang 2m")
    assert t.game.last_drawn == "1z" and t.game.log[-1] == "seat 0 draws 1z(东) from the tail (补牌)"
    t.finish()
    row = t.record()
    assert (row["winner"], row["draws"], row["replacements"], row["kongs"]) == (-1, 82, 2, 2)
    front = [line.split(" draws ")[1].split("(")[0] for line in t.game.log if " draws " in line and "tail" not in line]
    assert front == [name(int(t.wall[p])) for p in range(52, 134)]


def test_r4_huangzhuang_exactly_after_the_walls_last_tile():
    """docs/rules/plain.md r3, r4: with nobody able to win, the seat that draws the 84th tile (position 135, the
    wall's last: nothing is kept back) discards it and the hand ends 荒庄 there: no tile is left for the next seat;
    nobody pays (r21)."""
    t = until_wall_empty(table(QUIET))
    assert (t.to_act, t.game.front_draws, t.game.last_drawn) == (3, 84, name(int(t.wall[135])))
    t.auto()
    row = t.record()
    assert t.phase == "over" and (row["winner"], row["win_kind"], row["draws"], row["replacements"]) == (-1, WIN_NONE,
                                                                                                          84, 0)
    assert t.money() == [0, 0, 0, 0]
    last = t.game.log[-3].split(" draws ")[1]  # the tile seat 3 drew last
    assert t.game.log[-2:] == [f"seat 3 discards {last}", "荒庄: the wall reached the 荒 zone"]


def test_r4_the_last_tile_may_be_won_by_zimo_or_passed_into_huang():
    """docs/rules/plain.md r4: the wall's last tile (5p at position 135) completes seat 3's hand: 自摸 is offered
    and pays; passed, its discard ends the hand 荒庄 (nobody else can use it)."""
    hands = {3: WAIT_5P_B, 2: "555p147m258s2345z"}
    t = until_wall_empty(table(hands, replacements="5p"))
    assert t.to_act == 3 and t.game.last_drawn == "5p" and "zimo" in t.legal()
    t.step(3, "zimo")
    assert t.win() == (3, -1, WIN_ZIMO) and t.money() == [-1, -1, -1, 3] and t.record()["draws"] == 84
    passed = until_wall_empty(table(hands, replacements="5p"))
    passed.step(3, "discard 5p")
    assert passed.window() == {2: ["pass", "peng"]}  # no 明杠 on the last discard (r7)
    assert passed.phase == "over" and passed.win() == (-1, -1, WIN_NONE) and passed.money() == [0, 0, 0, 0]


def test_r4_the_last_discard_may_be_won_or_ponged_then_huang():
    """docs/rules/plain.md r4: seat 3's discard of the last tile may be won by 点炮 (seat 1, paid by seat 3); or
    claimed by 碰, after which the claimer discards and the hand is 荒庄 without a further draw."""
    t = until_wall_empty(table({1: WAIT_5P, 2: "555p147m258s2345z"}, replacements="5p"))
    t.step(3, "discard 5p")
    assert answer(t, {1: "hu"}) == {1: ["hu", "pass"], 2: ["pass", "peng"]}
    assert t.win() == (1, 3, WIN_DIANHU) and t.money() == [0, 1, 0, -1] and t.record()["draws"] == 84
    pong = until_wall_empty(table({1: "555p147m258s2345z"}, replacements="5p"))
    pong.step(3, "discard 5p")
    assert answer(pong, {1: "peng"}) == {1: ["pass", "peng"]}
    assert (pong.phase, pong.to_act, pong.game.last_drawn) == ("self", 1, None)
    pong.step(1, "discard 1m")
    row = pong.record()
    assert pong.phase == "over" and (row["winner"], row["draws"], row["pongs"]) == (-1, 84, 1)
    assert pong.game.log[-2:] == ["seat 1 discards 1m(一万)", "荒庄: the wall reached the 荒 zone"]


def test_r5_the_dealer_stays_on_its_win_or_huang_else_its_xiajia_deals():
    """docs/rules/plain.md r5 (dealer seat 2): after a 荒庄 and after the dealer's own 自摸 seat 2 deals again; after
    seat 0 wins on the dealer's discard the deal goes to seat 3, the dealer's 下家, not to the winner."""
    huang = table(QUIET, dealer=2).finish()
    assert huang.win()[0] == -1 and huang.next_dealer() == 2
    own = table({2: WAIT_5P}, draws="5p", dealer=2).play([(2, "zimo")])
    assert own.win() == (2, -1, WIN_ZIMO) and own.next_dealer() == 2
    other = table({0: WAIT_5P}, draws="5p", dealer=2).play([(0, "hu")])
    assert other.win() == (0, 2, WIN_DIANHU) and other.next_dealer() == 3


def test_r5_sessions_pass_the_deal_by_the_rule():
    """docs/rules/plain.md r5: in the engine's sessions each hand's dealer is the last one's on its win or a 荒庄,
    else the last dealer's 下家; all three cases occur."""
    rows = play_chunk(PlainRules(), ["greedy", "random", "random", "random"], 11, 0, 400, session_length=20)
    same = rows[1:, CI["session"]] == rows[:-1, CI["session"]]
    dealer, winner = rows[:-1, CI["dealer"]][same], rows[:-1, CI["winner"]][same]
    want = np.where((winner < 0) | (winner == dealer), dealer, (dealer + 1) % 4)
    assert rows[1:, CI["dealer"]][same].tolist() == want.tolist()
    assert (winner < 0).any() and (winner == dealer).any() and ((winner >= 0) & (winner != dealer)).any()


# --- §5.2 calls ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [1, 2, 3])
def test_r6_any_seat_may_peng_then_discards_without_drawing(seat):
    """docs/rules/plain.md r6: seat 0 discards 5p; seat ``seat`` (下家, 对家 or 上家) may 碰 it, lays the three down
    (from seat 0), discards without a draw, and the turn goes on from its 下家."""
    t = table({seat: "55p9p147m258s1234z"}, draws="5p")
    t.step(0, "discard 5p")
    assert answer(t, {seat: "peng"}) == {seat: ["pass", "peng"]}
    assert meld(t, seat) == (MELD_PONG, kind("5p"), 0) and t.game.melds[seat] == [("peng", "5p")]
    assert (t.phase, t.to_act, t.game.last_drawn, t.game.front_draws) == ("self", seat, None, 1)
    assert t.legal() == discards_of(t, seat)
    t.step(seat, "discard 9p")
    assert (t.phase, t.to_act, t.game.front_draws) == ("self", (seat + 1) % 4, 2)
    assert t.finish().record()["pongs"] == 1


def test_r6_a_passed_peng_bars_no_later_peng():
    """docs/rules/plain.md r6: seat 2 passes the 碰 of seat 0's 5p and may 碰 seat 1's 5p (no 过碰)."""
    t = table({2: "55p9p147m258s1234z"}, draws="5p5p")
    t.step(0, "discard 5p")
    assert answer(t, {}) == {2: ["pass", "peng"]}
    t.step(1, "discard 5p")
    assert answer(t, {2: "peng"}) == {2: ["pass", "peng"]}
    assert meld(t, 2) == (MELD_PONG, kind("5p"), 1)


def test_r7_minggang_takes_a_replacement_from_the_tail_and_plays_on():
    """docs/rules/plain.md r7: seat 2 holding three 5p may 明杠 seat 0's 5p (or 碰 it); the kong is laid down from
    seat 0 and seat 2 draws its replacement from the tail, then plays on."""
    t = table({2: "555p147m258s1234z"}, draws="5p", replacements="9m")
    t.step(0, "discard 5p")
    assert answer(t, {2: "gang"}) == {2: ["gang", "pass", "peng"]}
    assert meld(t, 2) == (MELD_MINGGANG, kind("5p"), 0) and t.game.melds[2] == [("minggang", "5p")]
    assert (t.phase, t.to_act, t.game.last_drawn, t.game.front_draws, t.game.kongs) == ("self", 2, "9m", 1, 1)
    row = t.finish().record()
    assert (row["kongs"], row["replacements"], row["draws"]) == (1, 1, 83)


def test_r7_angang_and_bugang_in_a_turn_begun_with_a_draw_never_right_after_a_peng():
    """docs/rules/plain.md r7: right after its 碰 of 5p seat 2 may only discard, though it holds four 1s; in its next
    drawn turn it may 暗杠 1s or 补杠 the 5p it just drew; keeping the 5p, it may still 补杠 it a turn later (held
    since earlier). Each kong draws from the tail: 9m then 8m."""
    t = table({2: "55p1111s147m2345z"}, draws="5p6z6z6z5p7z7z7z9s", replacements="9m8m")
    t.step(0, "discard 5p")
    answer(t, {2: "peng"})
    assert t.legal() == discards_of(t, 2)  # no 暗杠 1s right after the 碰
    t.step(2, "discard 1m")
    t.run_until_drawn(2, "5p")
    assert {"angang 1s", "bugang 5p"} <= set(t.legal())
    t.step(2, "discard 4m")
    t.run_until_drawn(2, "9s")
    assert {"angang 1s", "bugang 5p"} <= set(t.legal())
    t.step(2, "bugang 5p")
    assert (t.phase, t.to_act, t.game.last_drawn) == ("self", 2, "9m")
    t.step(2, "angang 1s")
    assert (t.phase, t.to_act, t.game.last_drawn) == ("self", 2, "8m")
    assert t.game.melds[2] == [("bugang", "5p"), ("angang", "1s")]
    row = t.finish().record()
    assert (row["kongs"], row["replacements"], row["winner"]) == (2, 2, -1) and t.money() == [0, 0, 0, 0]


def test_r7_no_kong_once_the_wall_is_empty():
    """docs/rules/plain.md r7: seat 3 may 暗杠 its four 1z at every drawn turn but the last (no tile left for a
    replacement); the last discard may be ponged but not 明杠'd by seat 1's three 5p."""
    t = table({3: "1111z147m369s278p", 1: "555p147m258s2345z"}, replacements="5p")
    while not (t.phase == "self" and t.to_act == 3 and t.game.front_draws == 80):
        t.auto()
    assert "angang 1z" in t.legal()
    t = until_wall_empty(t)
    assert t.to_act == 3 and not [a for a in t.legal() if a.startswith(("angang", "bugang"))]
    t.step(3, "discard 5p")
    assert t.window() == {1: ["pass", "peng"]}
    assert t.phase == "over" and t.record()["kongs"] == 0


@pytest.mark.parametrize("claim", ["gang", "peng"])
def test_r8_hu_beats_kong_and_pong(claim):
    """docs/rules/plain.md r8: on seat 0's 5p seat 2 answers 杠/碰 and seat 3 胡: seat 3 wins, seat 2 melds
    nothing."""
    t = table({2: "555p147m258s1234z", 3: WAIT_5P_B}, draws="5p")
    t.step(0, "discard 5p")
    assert answer(t, {2: claim, 3: "hu"}) == {2: ["gang", "pass", "peng"], 3: ["hu", "pass"]}
    assert t.win() == (3, 0, WIN_DIANHU) and t.money() == [-1, 0, 0, 1] and t.game.melds[2] == []


def test_r8_pong_beats_chi():
    """docs/rules/plain.md r8 (chi on): seat 1 (下家) answers 吃 and seat 2 碰 on seat 0's 5p: the 碰 is taken."""
    t = table({1: CHI_5P, 2: "55p9p147m258s1234z"}, draws="5p", chi=True)
    t.step(0, "discard 5p")
    assert answer(t, {1: "chi_mid", 2: "peng"}) == {1: ["chi_mid", "pass"], 2: ["pass", "peng"]}
    assert meld(t, 2) == (MELD_PONG, kind("5p"), 0) and meld(t, 1) == (0, 0, 0)
    assert (t.phase, t.to_act) == ("self", 2)
    assert t.finish().record()["chows"] == 0


@pytest.mark.parametrize("discarder, winner, money", [(0, 1, [-1, 1, 0, 0]), (2, 3, [0, 0, -1, 1])])
def test_r8_of_two_hu_the_first_after_the_discarder_wins_alone(discarder, winner, money):
    """docs/rules/plain.md r8 (截胡): seats 1 and 3 both 胡 the 5p; the first in turn order after the discarder wins,
    the other wins nothing and the discarder pays once."""
    t = table({1: WAIT_5P, 3: WAIT_5P_B}, draws=harmless(discarder) + "5p")
    t.run_until_drawn(discarder, "5p").step(discarder, "discard 5p")
    assert answer(t, {1: "hu", 3: "hu"}) == {1: ["hu", "pass"], 3: ["hu", "pass"]}
    row = t.record()
    assert t.win() == (winner, discarder, WIN_DIANHU) and row["winners"] == 1 << winner and t.money() == money
    assert sum(" 胡 " in line for line in t.game.log) == 1


@pytest.mark.parametrize("chi", [True, False])
@pytest.mark.parametrize("discarder", [0, 1, 2, 3])
def test_r9_chi_only_with_the_flag_and_only_by_the_next_seat(discarder, chi):
    """docs/rules/plain.md r9, A39: the three other seats all hold 4p 6p; on the 5p of ``discarder`` only its 下家
    may 吃 — and only with ``chi``; the run is laid down from the discarder, the 下家 discards without a draw, and
    the record counts the 吃 (-1 without the flag)."""
    xiajia = (discarder + 1) % 4
    t = table({s: CHI_5P for s in range(4) if s != discarder}, draws=harmless(discarder) + "5p", chi=chi)
    t.run_until_drawn(discarder, "5p").step(discarder, "discard 5p")
    if not chi:
        assert (t.phase, t.to_act) == ("self", xiajia)  # nobody was asked
        assert t.finish().record()["chows"] == -1
        return
    assert answer(t, {xiajia: "chi_mid"}) == {xiajia: ["chi_mid", "pass"]}
    assert meld(t, xiajia) == (MELD_CHOW, kind("4p"), discarder)
    assert (t.phase, t.to_act, t.game.last_drawn, t.game.front_draws) == ("self", xiajia, None, discarder + 1)
    assert t.finish().record()["chows"] == 1


def test_r9_chi_shapes_and_a_free_discard_after_it():
    """docs/rules/plain.md r9: seat 1 holding 3p 4p 5p 6p 8p may 吃 seat 0's 5p as 345p or 456p (not 567p); after
    the 吃 it may discard any tile it holds, the 5p and the 3p included (no 吃张打张)."""
    t = table({1: "123m789m11s46p5p38p"}, draws="5p", chi=True)
    t.step(0, "discard 5p")
    assert answer(t, {1: "chi_mid"}) == {1: ["chi_high", "chi_mid", "pass"]}
    assert t.legal() == discards_of(t, 1) and {"discard 5p", "discard 3p"} <= set(t.legal())
    t.step(1, "discard 5p")
    assert t.to_act == 2 and t.record()["chows"] == 1


def test_r9_no_chi_of_honours_or_across_suits():
    """docs/rules/plain.md r9 (chi on): seat 1 holding 1z 2z, 4p and 6s is asked nothing on seat 0's 3z nor on its
    5s."""
    t = table({1: "1z2z4p6s1m4m7m9m8p9p2s9s5z"}, draws="3z7z7z7z5s", chi=True)
    t.step(0, "discard 3z")
    assert (t.phase, t.to_act) == ("self", 1)
    t.run_until_drawn(0, "5s").step(0, "discard 5s")
    assert (t.phase, t.to_act) == ("self", 1)


def test_r10_no_ting_declaration_the_hand_stays_free_and_wins_undeclared():
    """docs/rules/plain.md r10: ready on 5p, seat 1 is offered every discard and no 上架; it wins on seat 2's 5p
    without any declaration, and the record has no ting turn for any seat."""
    t = table({1: WAIT_5P}, draws="7z9p5p")
    t.run_until_drawn(1, "9p")
    assert t.legal() == discards_of(t, 1)
    t.step(1, "discard 9p")
    t.run_until_offered(1, "5p")
    assert sorted(t.legal()) == ["hu", "pass"] and t.game.shangjia == [False] * 4
    t.step(1, "hu")
    row = t.record()
    assert t.win() == (1, 2, WIN_DIANHU)
    assert [row[f"s{k}_ting_turn"] for k in range(4)] == [-1] * 4
    assert [row[f"s{k}_live_waits"] for k in range(4)] == [-1] * 4


# --- §5.3 winning hands ----------------------------------------------------------------------------------

def test_r11_a_hand_with_two_pongs_wins_regular():
    """docs/rules/plain.md r11: seat 1 pongs seat 0's 5z and seat 2's 9s; its 123m 456m 1s then win on seat 2's 1s:
    two melds and two concealed runs are four sets, the 1s pair; no minimum."""
    t = table({1: "55z99s123m456m1s7p8p"}, draws="5z9s1s")
    t.play([(1, "peng"), (1, "discard 7p")])
    t.run_until_offered(1, "9s").play([(1, "peng"), (1, "discard 8p")])
    t.run_until_offered(1, "1s")
    assert sorted(t.legal()) == ["hu", "pass"]
    t.step(1, "hu")
    row = t.record()
    assert t.win() == (1, 2, WIN_DIANHU) and row["shape"] == SHAPE_REGULAR and row["pongs"] == 2
    assert t.money() == [0, 1, -1, 0]


def test_r11_an_incomplete_hand_and_shisanyao_do_not_win():
    """docs/rules/plain.md r11: seat 1 with 123m 456m 789m 11s 9s 5z is offered 碰 of 1s, not 胡; a 十三幺 is asked
    nothing on 1m and may not 自摸 a 9m."""
    t = table({1: "123m456m789m11s9s5z"}, draws="1s")
    t.step(0, "discard 1s")
    assert answer(t, {}) == {1: ["pass", "peng"]}
    orphans = table({1: "19m19p19s1234567z"}, draws="1m9m")
    orphans.step(0, "discard 1m")
    assert (orphans.phase, orphans.to_act, orphans.game.last_drawn) == ("self", 1, "9m")
    assert "zimo" not in orphans.legal()


def test_r12_tianhu_is_a_zimo_played_by_greedy_seats():
    """docs/rules/plain.md r12: the dealer's 13 dealt tiles and its first draw (its 14th, a draw: r2) are complete;
    four greedy seats play the hand: the dealer wins at once by 自摸, paid as one (r18), no 天胡 feature."""
    from sim.game import Game

    t = table({0: WAIT_5P}, draws="5p")
    assert "zimo" in t.legal(0)
    game = Game(rules=PlainRules(), seats=["greedy"] * 4, wall=t.wall, dealer=0, check=True)
    assert game.advance() is None
    row = game.record()
    assert (row["winner"], row["feeder"], row["win_kind"], row["draws"], row["win_features"]) == (0, -1, WIN_ZIMO, 1, 0)
    assert [row[f"s{k}_delta"] for k in range(4)] == [3, -1, -1, -1]


def test_r12_a_win_on_a_kong_replacement_is_a_zimo():
    """docs/rules/plain.md r12: seat 1 draws 1s, 暗杠s its 1z and wins on the replacement 5p from the tail (r7: the
    seat plays on, a win on it is a 自摸), paid 1 by each other seat (r18), no kong money (r20)."""
    t = table({1: "1111z123m456m1s46p"}, draws="7z1s", replacements="5p")
    t.play([(1, "angang 1z")])
    assert t.game.last_drawn == "5p" and "zimo" in t.legal()
    t.step(1, "zimo")
    row = t.record()
    assert t.win() == (1, -1, WIN_ZIMO) and (row["kongs"], row["replacements"]) == (1, 1)
    assert t.money() == [-1, 3, -1, -1] and t.game.money["kong"] == [0] * 4


@pytest.mark.parametrize("qidui", [True, False])
def test_r13_qidui_wins_only_with_the_flag(qidui):
    """docs/rules/plain.md r13, A40: seven pairs 11m 55m 22p 99p 33s 77s + 1z win on seat 0's 1z with ``qidui``; without
    it seat 1 is not asked."""
    t = table({1: "1155m2299p3377s1z"}, draws="1z", qidui=qidui)
    t.step(0, "discard 1z")
    if not qidui:
        assert (t.phase, t.to_act) == ("self", 1)
        return
    assert answer(t, {1: "hu"}) == {1: ["hu", "pass"]}
    assert t.win() == (1, 0, WIN_DIANHU) and t.record()["shape"] == SHAPE_QIDUI and t.money() == [-1, 1, 0, 0]


def test_r13_a_concealed_quad_is_two_pairs():
    """docs/rules/plain.md r13: 1111m 22p 99p 33s 77s + 1z win on 1z as 七对, recorded 豪华七对 (r16) and paid like
    any win (r17)."""
    t = table({1: "1111m2299p3377s1z"}, draws="1z")
    t.step(0, "discard 1z")
    answer(t, {1: "hu"})
    row = t.record()
    assert t.win() == (1, 0, WIN_DIANHU) and row["shape"] == SHAPE_QIDUI
    assert row["win_features"] == C.FEATURE_HAOHUA_QIDUI and t.money() == [-1, 1, 0, 0]


@pytest.mark.parametrize("robbers, winner", [({3: "hu", 0: "hu"}, 3), ({0: "hu"}, 0)])
def test_r14_qianggang_on_a_bugang_paid_by_the_declarer(robbers, winner):
    """docs/rules/plain.md r14, r17: seat 2 pongs seat 1's 5p (seats 3 and 0, ready on 5p, pass it: r15) and later
    draws the fourth 5p: its 补杠 may be robbed by both; the first after the declarer wins (截胡, r8), the kong is not
    made, the win records 抢杠胡 (r16) and seat 2 alone pays 1."""
    t = table({0: WAIT_5P_C, 2: "55p89p147m258s123z", 3: WAIT_5P_B}, draws="9m5p6z6z6z5p")
    t.step(0, "discard 9m")
    t.step(1, "discard 5p")
    assert answer(t, {2: "peng"}) == {0: ["hu", "pass"], 2: ["pass", "peng"], 3: ["hu", "pass"]}
    t.step(2, "discard 1m")
    t.run_until_drawn(2, "5p")
    t.step(2, "bugang 5p")
    assert answer(t, robbers) == {3: ["hu", "pass"], 0: ["hu", "pass"]}
    row = t.record()
    assert t.win() == (winner, 2, WIN_QIANGGANG) and row["win_features"] == C.FEATURE_QIANGGANG
    assert t.money() == [1 if s == winner else -1 if s == 2 else 0 for s in range(4)]
    assert t.game.melds[2] == [("peng", "5p")] and (row["kongs"], row["replacements"]) == (0, 0)


def test_r14_r15_an_unrobbed_bugang_is_made_and_a_angang_is_never_robbed():
    """docs/rules/plain.md r14, r15: when both pass the 抢杠胡 the 补杠 is made (replacement 9s from the tail); a 暗杠
    of four 5p asks nobody, though seats 3 and 0 are ready on 5p."""
    t = table({0: WAIT_5P_C, 2: "55p89p147m258s123z", 3: WAIT_5P_B}, draws="9m5p6z6z6z5p", replacements="9s")
    t.step(0, "discard 9m")
    t.step(1, "discard 5p")
    answer(t, {2: "peng"})
    t.step(2, "discard 1m")
    t.run_until_drawn(2, "5p").step(2, "bugang 5p")
    assert answer(t, {}) == {3: ["hu", "pass"], 0: ["hu", "pass"]}
    assert (t.phase, t.to_act, t.game.last_drawn, t.game.melds[2]) == ("self", 2, "9s", [("bugang", "5p")])
    angang = table({0: WAIT_5P_C, 2: "5555p147m258s123z", 3: WAIT_5P_B}, draws="9m9p7z", replacements="9s")
    angang.run_until_drawn(2, "7z").step(2, "angang 5p")
    assert (angang.phase, angang.to_act, angang.game.last_drawn) == ("self", 2, "9s")
    assert angang.game.melds[2] == [("angang", "5p")]


def test_r15_a_passed_win_on_a_discard_restricts_nothing():
    """docs/rules/plain.md r15: seat 3 passes its win on seat 0's 5p and wins on seat 1's 5p before its own turn."""
    t = table({3: WAIT_5P_B}, draws="5p5p")
    t.step(0, "discard 5p")
    assert answer(t, {}) == {3: ["hu", "pass"]}
    assert "seat 3 passes a win on 5p(五饼)" in t.game.log
    t.step(1, "discard 5p")
    assert answer(t, {3: "hu"}) == {3: ["hu", "pass"]}
    assert t.win() == (3, 1, WIN_DIANHU) and t.money() == [0, -1, 0, 1]


def test_r15_a_passed_zimo_restricts_nothing():
    """docs/rules/plain.md r15: seat 1 draws its winning 5p and discards it; a turn later it 自摸s the next 5p."""
    t = table({1: WAIT_5P}, draws="9m5p7z7z7z5p")
    t.run_until_drawn(1, "5p")
    assert "zimo" in t.legal()
    t.step(1, "discard 5p")
    t.run_until_drawn(1, "5p")
    assert "zimo" in t.legal()
    t.step(1, "zimo")
    assert t.win() == (1, -1, WIN_ZIMO) and t.money() == [-1, 3, -1, -1]


@pytest.mark.parametrize("hand, tile, flags, shape, features", [
    (WAIT_5P, "5p", {}, SHAPE_REGULAR, 0),
    ("1155m2299p3377s1z", "1z", {}, SHAPE_QIDUI, C.FEATURE_QIDUI),
    ("1111m2299p3377s1z", "1z", {}, SHAPE_QIDUI, C.FEATURE_HAOHUA_QIDUI),
    ("112233m445566p7s", "7s", {}, SHAPE_QIDUI, C.FEATURE_QIDUI),      # complete both ways: read as 七对
    ("112233m445566p7s", "7s", {"qidui": False}, SHAPE_REGULAR, 0),    # without the flag: regular
])
def test_r16_what_a_win_records_and_every_win_pays_the_same(hand, tile, flags, shape, features):
    """docs/rules/plain.md r16: the shape, features and multiplier 1 of seat 1's win on seat 0's discard; the money is
    1 from the discarder whatever the hand (r17)."""
    t = table({1: hand}, draws=tile, **flags)
    t.step(0, f"discard {tile}")
    answer(t, {1: "hu"})
    row = t.record()
    assert (row["winner"], row["shape"], row["win_features"], row["multiplier"]) == (1, shape, features, 1)
    assert row["win_tile"] == kind(tile) and t.money() == [-1, 1, 0, 0]


# --- §5.4 payments -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("discarder, winner", [(0, 1), (0, 2), (1, 3), (2, 0), (3, 1)])
def test_r17_dianpao_the_discarder_alone_pays_one(discarder, winner):
    """docs/rules/plain.md r17: seat ``winner`` wins on the 5p of seat ``discarder`` (点炮, r12): +1, the discarder
    −1, the two others nothing."""
    t = table({winner: WAIT_5P}, draws=harmless(discarder) + "5p")
    t.run_until_drawn(discarder, "5p").step(discarder, "discard 5p")
    answer(t, {winner: "hu"})
    assert t.win() == (winner, discarder, WIN_DIANHU)
    assert t.money() == [1 if s == winner else -1 if s == discarder else 0 for s in range(4)]
    assert t.money("win") == t.money() and t.game.money["kong"] == [0] * 4


@pytest.mark.parametrize("winner", [0, 1, 2, 3])
def test_r18_zimo_each_other_seat_pays_one(winner):
    """docs/rules/plain.md r18: seat ``winner`` self-draws 5p (seat 0, the dealer, on its first draw: 天胡, r12):
    +3, each other seat −1."""
    t = table({winner: WAIT_5P}, draws=harmless(winner) + "5p")
    t.run_until_drawn(winner, "5p").step(winner, "zimo")
    assert t.win() == (winner, -1, WIN_ZIMO)
    assert t.money() == [3 if s == winner else -1 for s in range(4)]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r19_no_dealer_premium(dealer):
    """docs/rules/plain.md r19: whoever deals, seat 1's 自摸 pays [-1, 3, -1, -1] and its win on seat 2's discard
    [0, 1, -1, 0] (the dealer winning, paying or neither)."""
    zimo = table({1: WAIT_5P}, draws=harmless((1 - dealer) % 4) + "5p", dealer=dealer)
    zimo.run_until_drawn(1, "5p").step(1, "zimo")
    assert zimo.money() == [-1, 3, -1, -1]
    dianpao = table({1: WAIT_5P}, draws=harmless((2 - dealer) % 4) + "5p", dealer=dealer)
    dianpao.run_until_drawn(2, "5p").step(2, "discard 5p")
    answer(dianpao, {1: "hu"})
    assert dianpao.money() == [0, 1, -1, 0]


def test_r20_r21_three_kongs_and_a_huangzhuang_move_no_money():
    """docs/rules/plain.md r20, r21: seat 2 makes a 明杠 (5p from seat 0), a 暗杠 (1s) and a 补杠 (9m), each with a
    replacement from the tail (r7), and the hand ends 荒庄: no seat pays or receives anything, in any ledger row."""
    t = table({2: "1111s555p99m2m147z"}, draws="5p9m6z6z6z9m", replacements="7z7z3p")
    t.play([(2, "gang"), (2, "angang 1s"), (2, "discard 7z"), (2, "peng"), (2, "discard 2m"), (2, "bugang 9m")])
    assert t.game.melds[2] == [("bugang", "9m"), ("minggang", "5p"), ("angang", "1s")]
    t.finish()
    row = t.record()
    assert (row["winner"], row["kongs"], row["replacements"], row["draws"] + row["replacements"]) == (-1, 3, 3, 84)
    for column in ("delta", "win", "kong", "houbao", "genzhuang"):
        assert t.money(column) == [0, 0, 0, 0], column
    assert all(v == [0] * 4 for v in t.game.money.values())


def test_r21_a_quiet_huangzhuang_pays_nothing():
    """docs/rules/plain.md r21: nobody wins, the wall runs out: every ledger row is zero."""
    t = table(QUIET).finish()
    assert t.win() == (-1, -1, WIN_NONE) and t.money() == [0, 0, 0, 0]
    assert all(v == [0] * 4 for v in t.game.money.values())


# --- random and greedy hands in check mode -----------------------------------------------------------------

@pytest.mark.parametrize("flags", [{}, {"chi": True, "qidui": False}])
def test_random_and_greedy_hands_keep_the_invariants_and_the_rules(flags):
    """docs/rules/plain.md r3, r4, r9, r10, r16, r17, r18, r19, r20, r21 over many hands: random, greedy and mixed
    tables in check mode break no engine invariant; each hand's money sums to zero and is exactly 1 from the
    discarder (点炮, 抢杠胡) or 1 from each other seat (自摸) whoever deals, no kong money, 0 on 荒庄; the wall is
    used up to its 84th tile on a 荒庄; every record field is within its range (no ting, no wilds, 吃 counted only
    with ``chi``, 七对 only with ``qidui``, multiplier 1)."""
    rules = PlainRules().replace(**flags)
    tables = [["random"] * 4, ["greedy"] * 4, ["greedy", "random", "greedy", "random"]]
    rows = []
    for i, seats in enumerate(tables):
        got, errors = play_checked(rules, seats, 40 + i, 0, 500)
        assert not errors.any(), (seats, np.flatnonzero(errors)[:5], errors[errors != 0][:5])
        rows.append(got)
    rows = np.concatenate(rows)

    def col(name):
        return rows[:, CI[name]]

    delta = np.stack([col(f"s{k}_delta") for k in range(4)], axis=1)
    assert not delta.sum(axis=1).any()
    winner, feeder, kind_, shape = col("winner"), col("feeder"), col("win_kind"), col("shape")
    huang = winner < 0
    assert huang.any() and (~huang).any() and (kind_ == WIN_ZIMO).any() and (kind_ == WIN_DIANHU).any()
    for i in range(len(rows)):
        w, f, k = int(winner[i]), int(feeder[i]), int(kind_[i])
        if w < 0:
            want = [0, 0, 0, 0]
            assert (f, k, shape[i], col("winners")[i], col("win_features")[i]) == (-1, WIN_NONE, SHAPE_NONE, 0, -1)
        elif k == WIN_ZIMO:
            want = [3 if s == w else -1 for s in range(4)]
            assert f == -1
        else:
            assert k in (WIN_DIANHU, WIN_QIANGGANG) and 0 <= f <= 3 and f != w
            want = [1 if s == w else -1 if s == f else 0 for s in range(4)]
        assert delta[i].tolist() == want, i
        if w >= 0:
            assert col("winners")[i] == 1 << w and col("multiplier")[i] == 1 and 0 <= col("win_tile")[i] <= 33
            features = int(col("win_features")[i])
            assert features & ~(C.FEATURE_QIDUI | C.FEATURE_HAOHUA_QIDUI | C.FEATURE_QIANGGANG) == 0
            assert bool(features & C.FEATURE_QIANGGANG) == (k == WIN_QIANGGANG)
            assert bool(features & (C.FEATURE_QIDUI | C.FEATURE_HAOHUA_QIDUI)) == (shape[i] == SHAPE_QIDUI)
            assert shape[i] == SHAPE_REGULAR or (shape[i] == SHAPE_QIDUI and rules.qidui)
    used = col("draws") + col("replacements")
    assert (col("draws") >= 1).all() and (used <= 84).all() and (used[huang] == 84).all()
    assert (col("replacements") == col("kongs")).all() and (col("kongs") <= 16).all() and (col("pongs") >= 0).all()
    assert ((col("dealer") >= 0) & (col("dealer") <= 3)).all() and (col("genzhuang") == 0).all()
    assert (col("chows") >= 0).all() if rules.chi else (col("chows") == -1).all()
    if rules.chi:
        assert col("chows").sum() > 0
    assert (col("caishen") == -1).all() and (col("winner_wilds") == -1).all()
    for k in range(4):
        assert (col(f"s{k}_win") == col(f"s{k}_delta")).all()
        for name_, value in (("kong", 0), ("genzhuang", 0), ("houbao", 0), ("chengbao", 0), ("frozen", 0),
                             ("ting_turn", -1), ("live_waits", -1), ("wilds_dealt", -1), ("dingque", -1)):
            assert (col(f"s{k}_{name_}") == value).all(), (k, name_)
