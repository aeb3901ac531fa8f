"""The Sichuan flag values the engine once refused, each played on one stacked wall under both values
(docs/rules/sichuan.md r5, r7–r9, r17, r28, r33, r34): every hand is checked after each step (sim.core.invariants)
and asserts the exact outcome the value gives.

Scripted hands (sc_scenarios.table): seat 0 deals, turn order 0 → 1 → 2 → 3; unscripted seats discard what they
draw (a void tile first, r12) and pass every claim. Money in 底.
"""
import numpy as np

from sc_scenarios import table
from sim.core.wall import draw_dealer
from sim.play import play_checked
from sim.record import COLUMN_INDEX as CI
from sim.tiles import parse
from sim.variants.sichuan.config import SichuanRules

# Ready on 5p only (46p 嵌张), void 条: 123456789m 88p 46p.
WAIT_5P = "123456789m88p46p"
# The dealer for the lock tests: void 条, no 8p; ready on 5m or 1p.
DEALER = "22334455m11p567p"
# Void 万 (no 万, no 筒): discards whatever it draws of 筒.
ALL_S = "1122334455667s"
# All 万: void 筒, ready on 9m.
ALL_M = "111666777888m9m"


def discards(t, seat):
    """The discard actions legal for ``seat`` now."""
    return sorted(a for a in t.legal(seat) if a.startswith("discard"))


def _strategy_game(flags, hands, draws, seats):
    """A hand of ``seats`` (None = scripted) on a stacked 108-tile wall, seat 0 dealing, checked after each step."""
    from sim.game import Game
    from sim.stacked import stacked_wall

    wall = stacked_wall(hands, draws=draws, dealer=0, tiles=108)
    return Game(rules=SichuanRules().replace(**flags), seats=seats, wall=wall, dealer=0, check=True)


# --- 换三张 (r8, r9) -------------------------------------------------------------------------------------------
# The dealer holds 111 234 567m 99s and 159p, its weakest suit of three or more; seat 3 holds 888m, its weakest
# (three 万 against five 筒 and five 条). Passing to s+1 (``next``), the dealer's 159p go to seat 1 and seat 3's
# 888m to the dealer: 111 234 567 888m 99s, a 天胡.
HSZ_HANDS = {0: "111234567m159p9s", 1: "123m456m789m234p5s", 2: "246m13579p24568s", 3: "888m23467p13579s"}
HSZ_DRAWS = "9s"


def test_r8_r9_without_the_pass_the_dealer_holds_its_deal_and_discards_a_void_tile():
    # docs/rules/sichuan.md r8 (off by default): the dealer keeps its deal; void 条, its fewest (r10), it must
    # discard a 9s (r12) and cannot win
    g = _strategy_game({}, HSZ_HANDS, HSZ_DRAWS, [None, "greedy", "greedy", "greedy"])
    assert np.array_equal(parse(g.hands[0]), parse("111234567m159p99s"))
    assert list(g.legal_actions(0)) == ["discard 9s"]


def test_r8_r9_greedy_passes_its_weakest_suit_to_the_next_seat_and_the_dealer_wins_tianhu():
    # docs/rules/sichuan.md r8, r9 (next): every seat passes three tiles of its weakest suit (greedy's choice) to
    # s+1 before 定缺; the dealer receives seat 3's 888m: 天胡 (r51, r52 five, capped 3: V 8), 9 from each (r60)
    g = _strategy_game({"sc_huan_san_zhang": True, "sc_hsz_direction": "next"}, HSZ_HANDS, HSZ_DRAWS,
                       [None, "greedy", "greedy", "greedy"])
    assert np.array_equal(parse(g.hands[0]), parse("111234567888m99s"))  # 159p out, 888m in; the 14th tile kept
    assert np.array_equal(parse(g.hands[1]), parse("123m456m789m5s159p"))  # its 234p out, the dealer's 159p in
    assert np.array_equal(parse(g.hands[2]), parse("13579p24568s234p"))  # its 246m out, seat 1's 234p in
    assert sum(parse(g.hands[3])[18:27]) == 5 and sum(parse(g.hands[3])[0:9]) == 3  # seat 2's 三张 in, 888m out
    assert "zimo" in g.legal_actions(0)
    g.step(0, "zimo")
    row = g.record()
    assert [int(row[f"s{k}_win"]) for k in range(4)] == [27, -9, -9, -9]
    assert int(row["s0_fan"]) == 5 and int(row["s0_value"]) == 8


def test_r8_a_pass_keeps_every_tile_and_random_seats_pass_three_of_one_suit():
    # docs/rules/sichuan.md r8: with random directions and random picks, 40 hands of four random seats keep every
    # invariant (108 tiles, hand sizes) and differ from the hands without the pass
    rules = SichuanRules(sc_huan_san_zhang=True)
    rows, errors = play_checked(rules, ["random"] * 4, 5, 0, 40)
    assert (errors == 0).all()
    plain = play_checked(SichuanRules(), ["random"] * 4, 5, 0, 40)[0]
    assert not np.array_equal(rows, plain)


# --- 定缺 by the first discard (r17) ----------------------------------------------------------------------------
# The dealer holds 1s and 9s, its void suit; seat 1 is ready on 6s or 9s (void 筒).
FD_DEALER = "223344m11p789p1s9s"
FD_SEAT1 = "123456789m55s78s"


def test_r17_declared_the_dealer_may_discard_either_void_tile_and_feeds_seat_1():
    # docs/rules/sichuan.md r10, r12: under declare the dealer may discard 1s or 9s; its 9s wins for seat 1 (平胡 V 1)
    t = table({0: FD_DEALER, 1: FD_SEAT1}, draws="5m")
    assert discards(t, 0) == ["discard 1s", "discard 9s"]
    t.play([(0, "discard 9s"), (1, "hu")])
    assert t.column("win") == [-1, 1, 0, 0]
    t.finish()


def test_r17_first_discard_the_placed_lowest_void_tile_is_the_dealers_only_discard():
    # docs/rules/sichuan.md r17: the dealer placed 1s face down (the lowest void tile held): its first action is that
    # discard, nothing else (no 天胡, no 暗杠); 1s completes nobody's hand and seat 1 draws
    t = table({0: FD_DEALER, 1: FD_SEAT1}, draws="5m", sc_dingque="first_discard")
    assert t.legal(0) == ["discard 1s"]
    t.play([(0, "discard 1s")])
    assert t.phase == "self" and t.to_act == 1 and t.winners() == []
    assert t.river(0) == ["1s"]
    t.finish()


def test_r17_a_seat_without_a_void_tile_places_none_and_the_dealer_can_tianhu():
    # docs/rules/sichuan.md r17: a dealer holding no void tile places nothing; only such a dealer can 天胡
    t = table({0: "123m456m789m11p23p"}, draws="4p", sc_dingque="first_discard")
    assert "zimo" in t.legal(0)


# --- replacements from the front (r5, r28) ---------------------------------------------------------------------
# Seat 1 holds 1111m and, after its first draw 9p, 234m 567m 46p 99p: its 暗杠's replacement 5p wins (平胡 + 根 +
# 杠上开花, F 2, V 4, 5 from each active other, r60); 3s, its void suit, does not.
KONG_SEAT1 = "1111m234567m46p9p"


def test_r28_tail_the_replacement_is_the_walls_last_tile():
    # docs/rules/sichuan.md r5, r28 (tail): the replacement is W[107] = 3s, a void tile to discard; seat 2 then draws
    # W[55] = 5p
    t = table({1: KONG_SEAT1}, draws="2s9p5p", replacements="3s")
    t.run_until_drawn(1, "9p").play([(1, "angang 1m")])
    assert t.game.last_drawn == "3s" and discards(t, 1) == ["discard 3s"]
    t.play([(1, "discard 3s")])
    assert t.game.last_drawn == "5p" and t.to_act == 2
    assert t.column("kong") == [-2, 6, -2, -2]
    t.finish()


def test_r28_front_the_replacement_is_the_next_front_tile_and_wins():
    # docs/rules/sichuan.md r5, r28 (front): the replacement is W[54] = 5p, 杠上开花 (r48): [-5, 15, -5, -5]
    t = table({1: KONG_SEAT1}, draws="2s9p5p", replacements="3s", sc_kong_draw="front")
    t.run_until_drawn(1, "9p").play([(1, "angang 1m")])
    assert t.game.last_drawn == "5p" and "zimo" in t.legal(1)
    t.play([(1, "zimo")])
    assert t.column("win") == [-5, 15, -5, -5] and t.column("fan")[1] == 2
    assert t.column("kong") == [-2, 6, -2, -2]
    t.finish()
    assert t.game.front_draws + t.record()["replacements"] == 56  # r3, r4: every tile drawn either way


# --- 过胡 after discarding one's own winning tile (r32, r33) -------------------------------------------------------
# Seat 1 draws 5p, which completes its hand (a 地胡 it declines), and discards it; seat 2 (no 万, no 筒 but what it
# draws) draws the next 5p and discards it.
LOCK_HANDS = {0: DEALER, 1: WAIT_5P, 2: ALL_S, 3: ALL_M}
LOCK_DRAWS = "1s5p5p"


def test_r33_until_draw_discarding_ones_own_winning_tile_does_not_lock():
    # docs/rules/sichuan.md r32 (until_draw): only a declined 胡 on a discard locks; seat 2's 5p wins for seat 1
    t = table(LOCK_HANDS, draws=LOCK_DRAWS)
    t.run_until_drawn(1, "5p")
    assert "zimo" in t.legal(1)
    t.play([(1, "discard 5p")]).run_until(1, "claim")
    assert t.offered == "5p"
    t.play([(1, "hu")])
    assert t.column("win") == [0, 1, -1, 0]
    t.finish()


def test_r33_until_draw_strict_discarding_ones_own_winning_tile_locks_until_the_next_draw():
    # docs/rules/sichuan.md r33: the discarded 5p would have completed seat 1's hand (F 0): locked, seat 2's 5p (F 0,
    # not more) is not offered, and seat 3 draws
    t = table(LOCK_HANDS, draws=LOCK_DRAWS, sc_guo_hu="until_draw_strict")
    t.run_until_drawn(1, "5p")
    t.play([(1, "discard 5p")])
    assert t.phase == "self" and t.to_act == 2
    t.auto()  # seat 2 discards the 5p it drew
    assert t.river(2) == ["5p"] and t.phase == "self" and t.to_act == 3
    t.finish()


# --- 过碰 (r34) --------------------------------------------------------------------------------------------------
# Seat 2 and then seat 3 discard an 8p before seat 1, holding 88p, draws again.
PONG_DRAWS = "1s2s8p8p"


def test_r34_without_guo_peng_a_declined_pong_is_offered_again():
    # docs/rules/sichuan.md r34 (false): seat 1 passes 碰 on seat 2's 8p and is offered 碰 on seat 3's
    t = table(LOCK_HANDS, draws=PONG_DRAWS)
    t.run_until_offered(1, "8p")
    assert t.window() == {1: ["pass", "peng"]}
    t.run_until_offered(1, "8p")
    assert t.window() == {1: ["pass", "peng"]}
    assert t.river(3) == ["8p"]
    t.finish()


def test_r34_guo_peng_a_declined_pong_is_locked_until_the_next_draw():
    # docs/rules/sichuan.md r34: after passing 碰 on seat 2's 8p, seat 3's 8p opens no window; the dealer draws
    t = table(LOCK_HANDS, draws=PONG_DRAWS, sc_guo_peng=True)
    t.run_until_offered(1, "8p")
    assert t.window() == {1: ["pass", "peng"]}
    assert t.phase == "self" and t.to_act == 3
    t.auto()  # seat 3 discards the 8p it drew, its void suit
    assert t.river(3) == ["8p"] and t.phase == "self" and t.to_act == 0
    t.finish()


# --- the first dealer (r7) -------------------------------------------------------------------------------------
SEED = 3  # a run whose first hand draws a dealer other than seat 0


def test_r7_random_draws_the_first_dealer_and_seat0_deals_it_from_seat_0():
    # docs/rules/sichuan.md r7, r82: two sessions of two hands; the first dealer of each session is drawn (random)
    # or seat 0 (seat0); the second hand's dealer follows r82–r84 either way
    drawn = [int(draw_dealer(SEED, 0)), int(draw_dealer(SEED, 2))]
    assert drawn != [0, 0]
    for value, first in (("random", drawn), ("seat0", [0, 0])):
        rows, errors = play_checked(SichuanRules(sc_first_dealer=value), ["greedy"] * 4, SEED, 0, 4, session_length=2)
        assert (errors == 0).all()
        assert [int(rows[0, CI["dealer"]]), int(rows[2, CI["dealer"]])] == first, value
