"""四川血战 whole hands for the actions (docs/rules/sichuan.md r23–r36, with r5, r14, r61, r63–r65): each a
stacked wall (sc_scenarios.table) that forces a 碰, a kong, a robbed 补杠, a declined win or the last live tile, the
exact legal actions asserted at the moment that matters and the exact money after it. Seat 0 deals; money in 底.
"""
from sc_scenarios import table
from sc_walls import draws_for, turns_after
from sim.core.codes import FEATURE_GANGKAI, FEATURE_TIANHU, WIN_QIANGGANG, WIN_ZIMO
from sim.stacked import tile_sequence

# The dealer discards the 6m it draws (void 筒 is 1239p: it declares 万, the suit it lacks, only if it holds none).
DEALER = "123456789s1239p"
# Seat 1: 5555p for a 暗杠, 666m for a 直杠 of the dealer's 6m, 1s its void tile (void 条).
KONGS = "5555p666m77m89m3p1s"
# Seat 2: 45m waits 3m/6m (void 条), so it may rob a 补杠 of 6m.
WAIT_6M = "123p456p789p99p45m"


def test_r24_r25_r27_r28_r5_a_zhigang_then_an_angang_each_draw_from_the_tail():
    # docs/rules/sichuan.md r24: seat 1 直杠s the dealer's 6m and draws a replacement; r25, r27: it 暗杠s 5p at once
    # and draws again; r28, r5 (tail): the replacements are wall positions 107 and 106; r63: the discarder pays 2,
    # then each of the three others 2; r14: after it, only its void tiles may go
    t = table({0: DEALER, 1: KONGS}, draws="6m", replacements="4m9s")
    assert [int(k) for k in t.wall[106:108]] == tile_sequence("9s4m")
    t.step(0, "discard 6m")
    assert sorted(t.legal(1)) == ["gang", "pass", "peng"]
    t.play([(1, "gang")])
    assert t.game.last_drawn == "4m" and t.legal() == ["discard 1s", "angang 5p"]
    assert t.column("kong") == [-2, 2, 0, 0]
    t.step(1, "angang 5p")
    assert t.game.last_drawn == "9s" and sorted(t.legal()) == ["discard 1s", "discard 9s"]
    assert t.column("kong") == [-4, 8, -2, -2]
    row = t.record()
    assert (row["draws"], row["replacements"], row["kongs"]) == (1, 2, 2)
    assert t.game.melds[1] == [("minggang", "6m"), ("angang", "5p")]
    t.finish()
    row = t.record()
    assert row["draws"] + row["replacements"] == 56  # each replacement shrinks the live wall by one (r28)


def test_r23_r14_a_pong_is_followed_by_a_discard_and_the_void_tile_goes_first():
    # docs/rules/sichuan.md r23: no draw and no kong after a 碰 (seat 1 still holds 5555p); r14: a 碰 of 万 while it
    # holds its void 1s, and the discard after it is the void tile (r12)
    t = table({0: DEALER, 1: "5555p66m789m123p1s"}, draws="6m")
    t.step(0, "discard 6m")
    t.play([(1, "peng")])
    assert t.phase == "self" and t.to_act == 1 and t.legal() == ["discard 1s"]
    row = t.record()
    assert (row["draws"], row["pongs"], row["kongs"]) == (1, 1, 0) and t.game.last_drawn is None


def _bugang_table(seat1, draws, seat2=None, **flags):
    """Seat 1 pongs the dealer's 6m, discards its void 1s, and plays on to its next turn (having drawn)."""
    hands = {0: DEALER, 1: seat1} if seat2 is None else {0: DEALER, 1: seat1, 2: seat2}
    t = table(hands, draws=draws, replacements="4m", **flags)
    t.step(0, "discard 6m")
    t.play([(1, "peng"), (1, "discard 1s")]).run_until(1)
    return t


def test_r26_r63_a_bugang_with_the_drawn_tile_collects_1_from_each():
    # docs/rules/sichuan.md r26: the fourth 6m, just drawn, goes onto the 碰; r63: 补杠 1 from each of the three
    t = _bugang_table("5558p66m789m123p1s", "6m1p2p3p6m")
    assert t.game.last_drawn == "6m" and "bugang 6m" in t.legal()
    t.step(1, "bugang 6m")
    assert t.column("kong") == [-1, 3, -1, -1] and t.game.last_drawn == "4m"
    assert t.game.melds[1] == [("bugang", "6m")]


def test_r26_r64_a_zhuanshougang_earns_nothing_unless_the_flag_pays_it():
    # docs/rules/sichuan.md r26, r64: the 6m held since before this turn's draw (转手杠): no kong money by default,
    # 1 from each with sc_postponed_bugang_pays
    for flags, want in (({}, [0, 0, 0, 0]), ({"sc_postponed_bugang_pays": True}, [-1, 3, -1, -1])):
        t = _bugang_table("5558p666m78m123p1s", "6m1p2p3p4s", **flags)
        assert t.game.last_drawn == "4s" and sorted(t.legal()) == ["bugang 6m", "discard 4s"]
        t.step(1, "bugang 6m")
        assert t.column("kong") == want and t.game.melds[1] == [("bugang", "6m")]


def test_r30_r61_r65_a_bugang_is_robbed_and_paid_as_a_discard():
    # docs/rules/sichuan.md r30: seat 2 robs the 补杠 of 6m; r61: seat 1 pays it as a discarder (平胡, V 1; r48:
    # 抢杠胡 +1 makes F 1, V 2); r65: the robbed kong earns nothing, the 碰 stays, no replacement; r57: seat 3 draws
    t = _bugang_table("5558p66m789m123p1s", "6m1p2p3p6m", seat2=WAIT_6M)
    t.step(1, "bugang 6m")
    assert t.phase == "claim" and t.to_act == 2 and sorted(t.legal()) == ["hu", "pass"]
    t.play([(2, "hu")])
    assert t.winners() == [2] and t.column("win_how")[2] == WIN_QIANGGANG
    assert t.column("fan")[2] == 1 and t.column("win") == [0, -2, 2, 0]
    assert t.column("kong") == [0, 0, 0, 0] and t.game.melds[1] == [("peng", "6m")]
    assert t.record()["replacements"] == 0 and t.phase == "self" and t.to_act == 3


def test_r30_without_qiang_gang_the_bugang_stands():
    # docs/rules/sichuan.md r30 (sc_qiang_gang=false): no window; the kong completes and collects 1 from each
    t = _bugang_table("5558p66m789m123p1s", "6m1p2p3p6m", seat2=WAIT_6M, sc_qiang_gang=False)
    t.step(1, "bugang 6m")
    assert t.phase == "self" and t.to_act == 1 and t.game.last_drawn == "4m"
    assert t.column("kong") == [-1, 3, -1, -1] and t.winners() == []


def test_r31_an_angang_cannot_be_robbed():
    # docs/rules/sichuan.md r31: seat 2 waits on 5p (46p), yet seat 1's 暗杠 of 5p opens no window
    t = table({0: DEALER, 1: "5555p123456789s", 2: "123m456m789m46p11p"}, draws="1s2s", replacements="9m")
    t.play([(0, "discard 1s")]).run_until(1)
    t.step(1, "angang 5p")
    assert t.phase == "self" and t.to_act == 1 and t.game.last_drawn == "9m"
    assert t.column("kong") == [-2, 6, -2, -2] and t.winners() == []


# Seat 2 waits on 5p only (46p, void 条); 5p is drawn and discarded by seat 3, then by seat 0, before seat 2 draws.
# Seats 1 and 3 hold no void tile, so they discard what they draw.
GUO_HU = {0: DEALER, 1: "123456789m2468s", 2: "123m456m789m46p11p", 3: "123456789m1357s"}


def test_r32_a_declined_win_locks_until_the_next_draw():
    # docs/rules/sichuan.md r32: seat 2 passes seat 3's 5p; seat 0's 5p then offers it no 胡 (no window at all);
    # with sc_guo_hu=none it may 胡 the second 5p
    for flags, second in (({}, False), ({"sc_guo_hu": "none"}, True)):
        t = table(GUO_HU, draws="1s2s3s5p5p", **flags)
        t.run_until_offered(2, "5p")
        assert t.game.observation(2)["offered"] == "5p" and "hu" in t.legal(2)
        t.step(2, "pass")
        t.run_until(0)
        assert t.game.last_drawn == "5p"
        t.step(0, "discard 5p")
        offered = t.phase == "claim" and t.to_act == 2 and "hu" in t.legal(2)
        assert offered == second


def test_r34_without_guo_peng_a_declined_pong_may_be_made_later():
    # docs/rules/sichuan.md r34 (sc_guo_peng=false, the default): seat 2 passes seat 3's 9m, then may 碰 seat 0's 9m
    t = table({0: DEALER, 1: "12345678m24689s", 2: "99m12m123456789p", 3: "12345678m13579s"}, draws="1s2s3s9m9m")
    t.run_until_offered(2, "9m")
    assert sorted(t.legal(2)) == ["pass", "peng"]
    t.step(2, "pass")
    t.run_until(0)
    t.step(0, "discard 9m")
    assert t.phase == "claim" and t.to_act == 2 and sorted(t.legal(2)) == ["pass", "peng"]


# The last live tile (front draw 55) goes to seat 3, which holds 7777p: no 暗杠 then (r29, r35); it discards the 9m
# it drew, which seat 1 (999m) may 碰 but not 杠. Seats 0, 1 and 3 hold no void tile and discard what they draw.
LAST = {1: "999m12m12345678s", 3: "7777p123456788m"}


def _last_tile(**flags):
    turns = turns_after([0, 1, 2, 3], [0, 1, 2, 3])
    draws = draws_for({0: DEALER, **LAST}, turns, fixed={55: "9m"})
    t = table({0: DEALER, **LAST}, draws=draws, **flags)
    for _ in range(13):
        t.run_until(3)
        assert "angang 7p" in t.legal()
        t.step(3, f"discard {t.game.last_drawn}")
    t.run_until(3)
    assert t.game.last_drawn == "9m" and t.record()["draws"] == 56
    return t


def test_r29_r35_the_last_tile_allows_no_kong_and_its_discard_may_be_ponged():
    # docs/rules/sichuan.md r29: no kong once the wall is empty (seat 3's 7777p, seat 1's 999m); r35: the last
    # discard may be claimed for 碰
    t = _last_tile()
    assert not any(a.startswith(("angang", "bugang")) for a in t.legal())
    t.step(3, "discard 9m")
    assert t.phase == "claim" and t.to_act == 1 and sorted(t.legal(1)) == ["pass", "peng"]


def test_r35_without_last_discard_pong_the_last_discard_is_not_ponged():
    # docs/rules/sichuan.md r35 (sc_last_discard_pong=false): only 胡 on the last discard; nobody here can 胡 it
    t = _last_tile(sc_last_discard_pong=False)
    t.step(3, "discard 9m")
    assert t.phase == "over"


def test_r36_r48_r66_tianhu_after_the_dealers_angang_keeps_gangkai_in_f():
    # docs/rules/sichuan.md r36: the dealer 暗杠s 5555m and wins on the replacement 9p: 天胡 (r52 five: F 5, V 8, 9
    # from each); sc_tian_di_hu=off shows the normal F: 平胡 0 + 根 1 (the kong, r66) + 杠上开花 1 (r48) = 2, V 4;
    # the 暗杠's 2 from each is kong money, outside the value (r66)
    for flags, fan, win in (({}, 5, [27, -9, -9, -9]), ({"sc_tian_di_hu": "off"}, 2, [15, -5, -5, -5])):
        t = table({0: "5555m123p456p99p7p"}, draws="8p", replacements="9p", **flags)
        t.step(0, "angang 5m")
        assert t.game.last_drawn == "9p" and "zimo" in t.legal()
        t.step(0, "zimo")
        assert t.column("win_how")[0] == WIN_ZIMO and t.column("fan")[0] == fan
        assert t.column("win") == win and t.column("kong") == [6, -2, -2, -2]
        features = t.record()["win_features"]
        assert features & FEATURE_GANGKAI and bool(features & FEATURE_TIANHU) == (fan == 5)
