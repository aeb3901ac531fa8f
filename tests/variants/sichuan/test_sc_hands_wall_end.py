"""四川血战 whole hands at the end of the wall (docs/rules/sichuan.md r70–r81, with r63, r67, r72, r82, r84):
the r81 worked example played as a whole hand on a stacked wall, each wall-end flag shown on that same wall, and a
hand nobody wins. Every seat keeps its hand: a seat discards the tile it draws (sc_scenarios), and the 花猪's draws are
all of its void suit (sc_walls). Money in 底; record columns ``s{k}_*`` per seat.
"""
from sc_scenarios import table
from sc_walls import r81_finish, r81_table
from sim.core.codes import HAND_END_WALL, WIN_ZIMO
from sim.variants.sichuan import hooks

HUAZHU, TING, WEITING, WON = 1, 2, 3, -1  # the record's end_class codes (-1: the seat had won)
# No winner: seat 0 ready on 6m/9m (平胡, TMV 1); seat 1 holds 1111m and waits only the fifth 1m (未听, r72); seat 2
# ready on 2p/5p (清一色, TMV 4); seat 3 far from ready. Nobody holds a void tile.
NO_WINNER = {0: "234s678s77s456m78m", 1: "1111m456m789m555s", 2: "123p456p789p99p34p", 3: "2346889m113579p"}
# No winner, all four ready: seat 0 on 1p/4p (平胡, TMV 1); seat 1 暗杠s 1111m on its first turn, keeps the 6s it
# draws and waits on 4s/7s (平胡 + 根, TMV 2); seat 2 on 2p/5p (清一色, TMV 4); seat 3 on 9m (清对, TMV 8).
ALL_READY = {0: "123s456s789s23p55p", 1: "1111m222m333m44s5s", 2: "123p456p789p99p34p", 3: "555m666m777m888m9m"}


def next_dealer(t) -> int:
    """The dealer of the hand after ``t`` (r82–r84)."""
    return int(hooks.next_dealer(t.game._rule_vec, t.game._st))


def test_r81_r70_r73_r75_r76_r77_r78_the_worked_example_ends_at_plus10_plus2_plus6_minus18():
    # docs/rules/sichuan.md r81: (1) seat 1 暗杠s, 2 from each; (2) seat 2 wins 平胡 by 自摸, 2 from each; (3) the
    # wall runs out: seat 0 ready (清一色, TMV 4, r76), seat 1 未听, seat 3 花猪 (r70, r71); (4) 查花猪 8 to seats 0
    # and 1 (r73); (5) 查大叫 4 to seat 0 (r75); (6) 退税: seat 1 returns its 2 to each (r77); each step in its own
    # column, the net their sum (r78)
    check_r81(r81_finish(r81_table()))


def check_r81(t):
    """Assert the end of the r81 worked example, step by step and net, in 底 per seat."""
    assert t.column("win_how") == [0, 0, WIN_ZIMO, 0] and t.column("fan") == [-1, -1, 0, -1]
    assert t.column("value") == [0, 0, 1, 0] and t.column("dingque") == [2, 1, 0, 2]
    assert t.column("end_class") == [TING, WEITING, WON, HUAZHU]
    assert t.column("kong") == [-2, 6, -2, -2]
    assert t.column("win") == [-2, -2, 6, -2]
    assert t.column("huazhu") == [8, 8, 0, -16]
    assert t.column("dajiao") == [4, -4, 0, 0]
    assert t.column("tuishui") == [2, -6, 2, 2]
    assert t.column("delta") == [10, 2, 6, -18]
    parts = ("win", "kong", "hujiao", "huazhu", "dajiao", "tuishui")
    assert [sum(t.column(p)[k] for p in parts) for k in range(4)] == t.column("delta")
    row = t.record()
    assert row["hand_end"] == HAND_END_WALL and row["n_winners"] == 1 and row["replacements"] == 1
    assert row["draws"] + row["replacements"] == 56  # r3, r4: the dealer's 14th and every live tile drawn


def test_r82_the_first_winner_deals_next():
    # docs/rules/sichuan.md r82: seat 2, the hand's only (and so first) winner, deals the next hand
    assert next_dealer(r81_finish(r81_table())) == 2


def test_r77_without_tuishui_the_unready_kong_keeps_its_money():
    # docs/rules/sichuan.md r77 (sc_tuishui=false): seat 1 keeps its 6; the rest of r81 unchanged
    t = r81_finish(r81_table(sc_tuishui=False))
    assert t.column("tuishui") == [0, 0, 0, 0] and t.column("kong") == [-2, 6, -2, -2]
    assert t.column("delta") == [8, 8, 4, -20]


def test_r75_without_chadajiao_the_unready_pays_nothing():
    # docs/rules/sichuan.md r75 (sc_chadajiao=false): no 查大叫; 查花猪 and 退税 as in r81
    t = r81_finish(r81_table(sc_chadajiao=False))
    assert t.column("dajiao") == [0, 0, 0, 0] and t.column("huazhu") == [8, 8, 0, -16]
    assert t.column("delta") == [6, 6, 6, -18]


def test_r73_the_huazhu_amount_and_payees_flags():
    # docs/rules/sichuan.md r73: 16 to each active non-pig (sc_huazhu_amount=16); 2^cap follows the cap (cap 4: 16);
    # the winner seat 2 paid too (sc_huazhu_payees=all)
    assert r81_finish(r81_table(sc_huazhu_amount=16)).column("huazhu") == [16, 16, 0, -32]
    assert r81_finish(r81_table(sc_fan_cap=4)).column("huazhu") == [16, 16, 0, -32]
    t = r81_finish(r81_table(sc_huazhu_payees="all"))
    assert t.column("huazhu") == [8, 8, 8, -24] and t.column("delta") == [10, 2, 14, -26]


def test_r74_a_huazhu_against_a_ready_player():
    # docs/rules/sichuan.md r74: plus_tmv: the 花猪 also pays ready seat 0 its TMV 4; max_tmv: max(8, 4) = 8, as none
    t = r81_finish(r81_table(sc_huazhu_vs_ready="plus_tmv"))
    assert t.column("huazhu") == [12, 8, 0, -20] and t.column("delta") == [14, 2, 6, -22]
    t = r81_finish(r81_table(sc_huazhu_vs_ready="max_tmv"))
    assert t.column("huazhu") == [8, 8, 0, -16] and t.column("delta") == [10, 2, 6, -18]


def test_r63_r67_kong_values_and_timing_on_the_r81_wall():
    # docs/rules/sichuan.md r63 (1-1-1: the 暗杠 collects 1 from each, 退税 returns 1 each); r67 (hand_end: nothing
    # booked when the kong completes, the same totals at the end)
    t = r81_table(sc_kong_values="1-1-1")
    assert t.column("kong") == [-1, 3, -1, -1]
    r81_finish(t)
    assert t.column("kong") == [-1, 3, -1, -1] and t.column("tuishui") == [1, -3, 1, 1]
    t = r81_table(sc_kong_money_timing="hand_end")
    assert t.column("kong") == [0, 0, 0, 0]
    r81_finish(t)
    assert t.column("kong") == [-2, 6, -2, -2] and t.column("delta") == [10, 2, 6, -18]


def test_r79_r72_r84_nobody_wins_all_four_are_classified_and_the_dealer_stays():
    # docs/rules/sichuan.md r79: with no winner 查大叫 runs over all four; r72: seat 1's only wait is a fifth 1m, so
    # it is 未听; r76: the 未听 seats 1 and 3 pay seat 0 its TMV 1 and seat 2 its TMV 4; r84: the dealer deals again
    t = table(NO_WINNER).finish()
    row = t.record()
    assert row["n_winners"] == 0 and row["hand_end"] == HAND_END_WALL
    assert t.column("end_class") == [TING, WEITING, TING, WEITING]
    assert t.column("dajiao") == [2, -5, 8, -5] and t.column("delta") == [2, -5, 8, -5]
    assert t.column("huazhu") == [0, 0, 0, 0] and t.column("tuishui") == [0, 0, 0, 0]
    assert next_dealer(t) == 0


def test_r84_next_the_seat_after_the_empty_draw_deals():
    # docs/rules/sichuan.md r84 (next): seat 3 draws the last tile, seat 0's draw finds the wall empty: seat 1 deals
    t = table(NO_WINNER, sc_dealer_no_winner="next").finish()
    assert t.game.log[-2] == "seat 3 discards 9s(九条)"
    assert next_dealer(t) == 1


def test_r79_r77_nobody_wins_all_four_are_ready_and_only_the_kong_money_moves():
    # docs/rules/sichuan.md r79: every active player ready: 查大叫 moves nothing, whatever their TMVs (1, 2, 4, 8);
    # no 花猪 (r73); r77: the ready seat 1 keeps its 暗杠 money (no 退税); r84: the dealer deals again
    t = table(ALL_READY, draws="9s6s", replacements="1s").play([(1, "angang 1m")])
    assert t.game.last_drawn == "1s"  # the replacement, discarded; seat 1 keeps the 6s
    t.finish()
    row = t.record()
    assert row["n_winners"] == 0 and row["hand_end"] == HAND_END_WALL
    assert t.game.hands[1] == "222333m4456s"
    assert t.column("end_class") == [TING, TING, TING, TING]
    assert t.column("kong") == [-2, 6, -2, -2]
    assert t.column("huazhu") == [0, 0, 0, 0] and t.column("dajiao") == [0, 0, 0, 0]
    assert t.column("tuishui") == [0, 0, 0, 0] and t.column("win") == [0, 0, 0, 0]
    assert t.column("delta") == [-2, 6, -2, -2]
    assert next_dealer(t) == 0
