"""四川血战 whole hands for 定缺 (docs/rules/sichuan.md r11, r12, r16, r18): the void a seat declares, the
discards it allows, and the 花猪 it makes at the wall's end, on stacked walls (sc_scenarios, sc_walls). Money in 底.
"""
from sc_scenarios import table
from sc_walls import draws_for, turns_after

HUAZHU, TING, WEITING = 1, 2, 3  # the record's end_class codes
# Seat 1 holds 123m 456m 789m 11p 23s: ready on 1s/4s by its shape, but it declares 筒 (2 筒 against 2 条, the lower
# suit) and so holds two void tiles; it draws only 筒, which it discards, so it ends holding 11p.
READY_WITH_VOID = "123m456m789m11p23s"
OTHERS = {0: "123456789s1239p", 2: "234567p2345678s", 3: "1245678m2345p78s"}


def _void_hand(**flags):
    hands = {1: READY_WITH_VOID, **OTHERS}
    draws = draws_for(hands, turns_after([0, 1, 2, 3], [0, 1, 2, 3]), suits={1: "p"})
    return table(hands, draws=draws, **flags)


def test_r11_a_suit_with_no_tile_may_be_declared():
    # docs/rules/sichuan.md r11: seat 1 holds no 条 and declares 条, seat 2 holds no 万 and declares 万
    t = table({0: "22334455m11p789p", 1: "123456789m88p46p", 2: "12345678977s46p"}, draws="1s")
    assert t.void(1) == 2 and t.void(2) == 0


def test_r16_r71_a_ready_shape_holding_a_void_tile_is_a_huazhu():
    # docs/rules/sichuan.md r16, r71: seat 1's 123m 456m 789m 11p 23s waits on 1s/4s, but 11p is its void: at the
    # wall's end it is a 花猪 and pays each non-pig active seat 2^3 = 8 (r73)
    t = _void_hand()
    assert t.void(1) == 1
    t.run_until(1)
    assert set(t.legal()) == {"discard 1p", f"discard {t.game.last_drawn}"}  # r12: void tiles only (a drawn 筒)
    t.finish()
    assert t.game.hands[1] == "123456789m11p23s"
    assert t.column("end_class") == [TING, HUAZHU, TING, WEITING]
    assert t.column("huazhu") == [8, -24, 8, 8]


def test_r12_lenient_lets_a_seat_holding_void_tiles_discard_any_tile():
    # docs/rules/sichuan.md r12 (lenient): seat 1 holds its void 11p yet may discard a 万 or 条
    t = _void_hand(sc_void_discard="lenient")
    t.run_until(1)
    assert {"discard 1m", "discard 2s", "discard 1p"} <= set(t.legal())


def test_r18_implicit_declares_nothing_and_three_suits_make_a_huazhu():
    # docs/rules/sichuan.md r18: under implicit nobody declares (dingque -1) and no discard is restricted; seat 1's
    # 万 筒 条 hand (11p 23s) is a 花猪 at the wall's end, as is seat 3's (which under declare shed its void 78s and ends
    # 未听); the two-suit seats 0 and 2 are ready
    t = _void_hand(sc_dingque="implicit")
    assert t.column("dingque") == [-1, -1, -1, -1]
    t.run_until(1)
    assert {"discard 1m", "discard 2s", "discard 1p"} <= set(t.legal())
    t.finish()
    assert [len({c for c in "mps" if c in h}) for h in t.game.hands] == [2, 3, 2, 3]
    assert t.column("end_class") == [TING, HUAZHU, TING, HUAZHU]
    assert t.column("huazhu") == [16, -16, 16, -16]
