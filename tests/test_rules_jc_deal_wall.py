"""RULES §1.1 (tiles, seats, deal) and §1.2 (wall, 荒牌, kong replacements) of 晋城麻将, r1–r13.

Every test drives the engine on a stacked wall (tests/jc_scenarios.py) and asserts the outcome.
Seat 0 deals unless stated; turn order is 0 → 1 → 2 → 3.
"""
import numpy as np
import pytest

from jc_scenarios import spare_draws, table, tile_list
from sim.record import WIN_DIANHU
from sim import tiles
from sim.core.wall import draw_dealer, fill_wall

# Hands with no pair and no tenpai: they never claim or win, so auto-play only draws and discards.
QUIET = {
    0: "147m258p369s1234z",
    1: "259m369p147s1234z",
    2: "369m147p258s1234z",
    3: "147m258p369s1234z",
}
# the 14 tail tiles (positions 135 down to 122) made of kinds that appear nowhere else
TAIL_14 = "5z6z7z5z6z7z5z6z7z5z6z7z88m"


def quiet_table(**rules):
    """A hand of four QUIET seats whose 14 tail tiles are all distinctive."""
    return table(QUIET, replacements=TAIL_14, **rules)


def test_r1_136_tiles_four_of_each_kind():
    """RULES §1.1 r1: 136 tiles, 4 of each of the 34 kinds, no flowers — in every shuffled wall."""
    wall = np.zeros(136, dtype=np.int8)  # int8[136]: one shuffled wall
    for hand_index in range(50):
        fill_wall(11, hand_index, wall)
        assert np.bincount(wall, minlength=34).tolist() == [4] * 34
    t = quiet_table()
    held = sum(t.counts(s).sum() for s in range(4))
    assert held == 53  # 13 each + the dealer's first draw
    assert np.bincount(t.wall, minlength=34).tolist() == [4] * 34


def test_r2_four_players_each_dealt_and_recorded():
    """RULES §1.1 r2: four seats, each with its own hand and record columns."""
    t = quiet_table()
    for s in range(1, 4):  # each 闲 holds exactly the 13 tiles stacked for it
        assert t.counts(s).tolist() == tiles.parse(QUIET[s]).tolist()
    extra = t.counts(0).astype(int) - tiles.parse(QUIET[0])  # the dealer: its 13 plus the first front tile
    assert extra.min() == 0 and extra.sum() == 1 and extra[t.wall[52]] == 1
    yaojiu = tiles.parse("19m19p19s1234567z") > 0
    dealt_yaojiu = [int(((t.counts(k) > 0) & yaojiu).sum()) for k in range(4)]
    row = t.finish().record()
    assert sorted(k for k in row if k.endswith("_delta")) == [f"s{k}_delta" for k in range(4)]
    assert sum(row[f"s{k}_delta"] for k in range(4)) == 0
    assert [row[f"s{k}_yaojiu_start"] for k in range(4)] == dealt_yaojiu  # each seat's row holds its own deal


def test_r3_first_dealer_is_uniform_over_seats():
    """RULES §1.1 r3: the first dealer is random — each seat deals about a quarter of independent hands."""
    counts = np.bincount([draw_dealer(5, i) for i in range(4000)], minlength=4)
    # binomial(4000, 1/4): sd 27; ±135 is 5 sd, and the seed is fixed so this never flakes
    assert np.all(np.abs(counts - 1000) < 135), counts


@pytest.mark.parametrize("dealer", range(4))
def test_r4_deal_13_each_dealer_draws_first_and_acts(dealer):
    """RULES §1.1 r4: 13 each, then the dealer draws the first front tile and acts first."""
    hands = {s: QUIET[(s - dealer) % 4] for s in range(4)}
    t = table(hands, draws="9p", dealer=dealer)
    assert t.phase == "self" and t.to_act == dealer
    for seat in range(4):
        expected = tiles.parse(hands[seat])
        if seat == dealer:
            expected[tiles.kind("9p")] += 1
        assert t.counts(seat).tolist() == expected.tolist()
        # the record's dealt 幺九/字 kinds count the dealer's 14 tiles
        assert t.record()[f"s{seat}_yaojiu_start"] == int(np.count_nonzero(expected[list(tiles.YAOJIU)]))
    assert all(a.startswith(("discard", "shangjia", "angang", "bugang")) for a in t.legal())


@pytest.mark.parametrize("dealer", range(4))
def test_r5_turn_order_is_dealer_then_xiajia(dealer):
    """RULES §1.1 r5: counter-clockwise: dealer → 下家 → 对家 → 上家 → dealer."""
    t = table({s: QUIET[(s - dealer) % 4] for s in range(4)}, dealer=dealer)
    order = []
    while len(order) < 9:
        if t.phase == "self":
            order.append(t.to_act)
        t.auto()
    assert order == [(dealer + i) % 4 for i in range(9)]


def test_r6_deal_is_a_function_of_the_wall_only():
    """RULES §1.1 r6: no dice cut — seat s gets wall positions 13·((s − dealer) mod 4) + 0..12."""
    wall = np.zeros(136, dtype=np.int8)  # int8[136]
    fill_wall(3, 7, wall)
    from sim.game import Game

    for dealer in range(4):
        game = Game(rules="jincheng", wall=wall.copy(), dealer=dealer)
        for seat in range(4):
            start = 13 * ((seat - dealer) % 4)
            expected = np.bincount(wall[start:start + 13], minlength=34)
            if seat == dealer:
                expected[wall[52]] += 1
            assert tiles.parse(game.hands[seat]).tolist() == expected.tolist()


def test_r7_84_tiles_remain_after_the_deal():
    """RULES §1.2 r7: 136 − 52 = 84 tiles stay in the wall: 70 front draws + the 14 荒 tiles."""
    t = quiet_table()
    in_hands = sum(int(t.counts(s).sum()) for s in range(4))
    assert t.game.front_draws == 1 and 136 - (in_hands - 1) == 84  # the dealer's first draw came from the 84
    row = t.finish().record()
    assert row["draws"] == 84 - 14


def test_r8_last_seven_stacks_are_never_drawn():
    """RULES §1.2 r8: the last 14 tiles are 荒牌: 70 front draws, then 荒庄; no tail tile ever reached a hand."""
    t = quiet_table().finish()
    row = t.record()
    assert row["winner"] == -1 and row["draws"] == 70
    tail_kinds = set(tile_list("5z6z7z"))  # all four copies of each sit in the tail
    for seat in range(4):
        assert not any(t.counts(seat)[k] for k in tail_kinds)
        assert not tail_kinds & {tiles.kind(x) for x in t.river(seat)}


def test_r9_each_kong_adds_one_stack_to_the_huang_zone():
    """RULES §1.2 r9: a kong (here the dealer's 暗杠 of 1m) costs 2 front draws: 68 instead of 70."""
    hands = {0: "1111m258p369s123z"}
    t = table(hands, replacements="5z6z").play([(0, "angang 1m")], finish=True)
    row = t.record()
    assert row["kongs"] == 1 and row["replacements"] == 1
    assert row["draws"] == 68 and row["winner"] == -1


@pytest.mark.parametrize("kong", ["minggang", "bugang"])
def test_r9_exposed_kongs_also_add_a_stack(kong):
    """RULES §1.2 r9: 明杠 (seat 2 takes the dealer's 5p with 555p) and 补杠 (seat 2 pongs 5p, then adds
    the drawn 4th) each leave 68 front draws."""
    dealer = "5p147m8m369s12345z"
    if kong == "minggang":
        t = table({0: dealer, 2: "555p9p147s258m234z"}, draws="7z", replacements="6z")
        t.play([(0, "discard 5p"), (2, "gang")])
    else:
        t = table({0: dealer, 2: "55p9p147s258m1234z"}, draws="7z6m6p6s5p", replacements="6z")
        t.play([(0, "discard 5p"), (2, "peng"), (2, "discard 9p"), (2, "bugang 5p")])
    row = t.finish().record()
    assert row["kongs"] == 1 and row["winner"] == -1 and row["draws"] == 68


def test_r10_replacements_come_from_the_tail_one_after_another():
    """RULES §1.2 r10: the first kong replacement is the last wall tile, the next one the tile before it."""
    hands = {0: "1111m2222p369s12z"}
    t = table(hands, draws="9s", replacements="6z7z")
    t.play([(0, "angang 1m")])
    assert t.game.last_drawn == "6z" and t.to_act == 0
    t.play([(0, "angang 2p")])
    assert t.game.last_drawn == "7z"
    assert t.counts(0)[tiles.kind("6z")] == 1 and t.counts(0)[tiles.kind("7z")] == 1


@pytest.mark.parametrize("model, draws", [("physical", 68), ("count", 67)])
def test_r11_dead_wall_models_with_one_kong(model, draws):
    """RULES §1.2 r11: physical: front draws < 70 − 2K (replacements free) → 68; count: tiles left
    ≤ 14 + 2K with the replacement counted → 67."""
    hands = {0: "1111m258p369s123z"}
    t = table(hands, replacements="5z6z", dead_wall_model=model).play([(0, "angang 1m")], finish=True)
    assert t.record()["draws"] == draws


def test_r11_replacement_granted_after_the_last_front_draw():
    """RULES §1.2 r11 (physical): seat 1 暗杠s with the 70th front tile; its tail replacement is still
    granted, then the next front draw is 荒 (68 would have been the limit with one kong)."""
    hands = {1: "111m456p789s234s5z"}
    draws = spare_draws(hands, "", 69, avoid="1m", replacements="6z") + "1m"
    t = table(hands, draws=draws, replacements="6z")
    t.run_until_drawn(1, "1m")
    assert t.game.front_draws == 70
    t.play([(1, "angang 1m")])
    assert t.game.last_drawn == "6z" and t.to_act == 1
    row = t.finish().record()
    assert row["winner"] == -1 and row["draws"] == 70 and row["replacements"] == 1 and row["kongs"] == 1


def test_r12_last_discard_before_huang_is_still_offered_for_hu():
    """RULES §1.2 r12: the 70th front draw (seat 1's) is discarded and seat 2, 上架 on 5z, wins on it;
    only the next front draw would have been 荒."""
    hands = {2: "123m456p789s111z5z"}
    prefix = "2m2p2s"  # the dealer, seat 1 and seat 2 (which 上架s 2s) draw these first
    draws = prefix + spare_draws(hands, prefix, 66, avoid="5z", replacements="5z5z") + "5z"
    t = table(hands, draws=draws, replacements="5z5z")
    t.play([(2, "shangjia 2s")])
    t.run_until_offered(2, "5z")
    assert t.game.front_draws == 70
    t.play([(2, "hu")])
    row = t.record()
    assert row["winner"] == 2 and row["feeder"] == 1 and row["win_kind"] == WIN_DIANHU
    assert row["draws"] == 70


def test_r12_last_discard_may_still_be_ponged_then_huang():
    """RULES §1.2 r12: seat 3 pongs the 70th front tile (discarded by seat 1) and discards without a draw;
    the dealer's next front draw is over the limit: 荒庄."""
    hands = {3: "55z147m258p369s23z"}
    prefix = "2m2p2s"
    draws = prefix + spare_draws(hands, prefix, 66, avoid="5z", replacements="5z") + "5z"
    t = table(hands, draws=draws, replacements="5z")
    t.run_until_offered(3, "5z")
    assert t.game.front_draws == 70 and "peng" in t.legal()
    t.play([(3, "peng"), (3, "discard 2z")])
    row = t.finish().record()
    assert row["winner"] == -1 and row["pongs"] == 1 and row["draws"] == 70


def test_r12_huang_when_the_next_front_draw_is_over_the_limit():
    """RULES §1.2 r12: with 70 front draws done and nobody winning, the next draw is 荒庄 (后包 paid)."""
    t = quiet_table().finish()
    row = t.record()
    assert row["winner"] == -1 and row["draws"] == 70
    assert t.money("houbao") == [-6, 2, 2, 2]


def test_r13_shangjia_tile_does_not_change_the_wall_count():
    """RULES §1.2 r13: a 上架 tile lies on the 荒 stacks but changes no count: still 70 front draws."""
    hands = {2: "123m456p789s111z5z"}
    t = table(hands, draws="2m2p2s").play([(2, "shangjia 2s")])
    assert t.river(2) == [] and t.game.shangjia_tiles[2] == "2s"
    assert t.game.front_draws == 4 and t.to_act == 3  # seat 3 has drawn the next front tile
    row = t.finish().record()
    assert row["draws"] == 70 and row["winner"] == -1
    assert row["s2_ting_turn"] == 1
