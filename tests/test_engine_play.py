"""Engine mechanics on stacked walls, through the Game wrapper over the shared kernels.

Each test forces one situation and asserts its exact outcome; the per-rule suite
(tests/test_rules_jc_*.py) covers every numbered rule, these pin the engine paths.
"""
import numpy as np

from sim.game import Game
from sim.record import WIN_QIANGGANG
from sim.stacked import stacked_wall, tile_sequence


def filled(hands, draws="", replacements=""):
    """Return ``hands`` plus pair-free 13-kind hands for missing seats (from the unused tiles)."""
    left = np.full(34, 4)
    for text in list(hands.values()) + [draws, replacements]:
        for k in tile_sequence(text):
            left[k] -= 1
    out = dict(hands)
    for seat in range(4):
        if seat not in out:
            kinds = sorted(range(34), key=lambda k: (-left[k], k))[:13]
            left[kinds] -= 1
            out[seat] = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in kinds)
    return out


def table(hands, draws="", replacements="", dealer=0, **rules):
    """Return a Game on a stacked wall with every seat scripted."""
    wall = stacked_wall(filled(hands, draws, replacements), draws, replacements, dealer)
    return Game(rules=rules or "jincheng", wall=wall, dealer=dealer)


def auto(game, until=None):
    """Others discard what they drew (first legal discard after a call) and pass every claim,
    until seat ``until`` must decide or the hand ends."""
    while game.phase != "over" and game.to_act != until:
        seat = game.to_act
        if game.phase == "claim":
            game.step(seat, "pass")
        elif game.last_drawn is not None and f"discard {game.last_drawn}" in game.legal_actions(seat):
            game.step(seat, f"discard {game.last_drawn}")
        else:
            game.step(seat, next(a for a in game.legal_actions(seat) if a.startswith("discard")))


def test_pong_takes_no_draw_and_play_resumes_after_the_caller():
    """RULES §1.3 r15, r21: seat 2 pongs the dealer's 5p, discards without drawing; seat 3 draws next."""
    g = table({0: "5p147m369s1234z28p", 2: "55p147s258m567z9m3p"}, draws="6z")
    g.step(0, "discard 5p")
    assert g.phase == "claim" and g.to_act == 2 and g.legal_actions(2) == ["pass", "peng"]
    g.step(2, "peng")
    assert g.phase == "self" and g.to_act == 2 and g.last_drawn is None and g.front_draws == 1
    assert g.melds[2] == [("peng", "5p")] and g.rivers[0] == []
    g.step(2, "discard 9m")
    auto(g, until=3)
    assert g.to_act == 3 and g.front_draws == 2 and g.record()["pongs"] == 1


def test_shangjia_locks_the_hand_and_fixes_waits():
    """RULES §1.4 r23, r24, r26: the 上架 tile stays out of the river; later only 自摸 or the drawn tile."""
    g = table({0: "123456789m1234p"}, draws="5z" + "9s9s9s" + "1p")
    assert "shangjia 5z" in g.legal_actions(0) and "shangjia 1m" not in g.legal_actions(0)
    g.step(0, "shangjia 5z")
    assert g.shangjia[0] and g.waits[0] == ["1p", "4p"] and g.rivers[0] == [] and g.shangjia_tiles[0] == "5z"
    assert g.to_act == 1 and g.phase == "self"  # no claim window on a face-down tile
    auto(g, until=0)
    assert g.last_drawn == "1p" and g.legal_actions(0) == ["discard 1p", "zimo"]
    g.step(0, "zimo")
    record = g.record()
    assert record["winner"] == 0 and record["win_kind"] == 1 and record["s0_ting_turn"] == 1
    assert record["s0_win"] == 12  # dealer 自摸: each 闲 pays 4 (§1.7 case 7)


def test_qiang_beats_shi_and_ties_go_to_the_nearest_seat():
    """RULES §1.3 r19–r20, §1.5 r30/r33: seat 1 may 拾 or 抢 the dealer's 1z, seat 2 only 抢;
    both answer 抢 → seat 1 (nearest after the discarder) takes it, frozen and committed."""
    g = table({0: "1z147m369s258p2z3z4z", 1: "2m5m8m1p4p7p2s5s8s4z5z6z7z", 2: "3m6m9m3p6p9p3s6s9s4z5z6z7z",
               3: "1z3m6m9m2p5p8p1s4s7s2z3z6z"},
              draws="9m")
    g.step(0, "discard 1z")
    assert g.to_act == 1 and sorted(g.legal_actions(1)) == ["pass", "qiang", "shi"]
    g.step(1, "qiang")
    assert g.to_act == 2 and sorted(g.legal_actions(2)) == ["pass", "qiang"]
    g.step(2, "qiang")
    assert g.to_act == 1 and g.phase == "self" and g.frozen[1] == "1z" and g.frozen[2] == ""
    assert g.record()["s1_frozen"] == 1


def test_qiang_beats_a_nearer_shi():
    """RULES §1.3 r19: seat 1 answers 拾, seat 2 answers 抢 → seat 2 takes the tile."""
    g = table({0: "1z147m369s258p2z3z4z", 1: "2m5m8m1p4p7p2s5s8s4z5z6z7z", 2: "3m6m9m3p6p9p3s6s9s4z5z6z7z",
               3: "1z3m6m9m2p5p8p1s4s7s2z3z6z"},
              draws="9m")
    g.step(0, "discard 1z")
    g.step(1, "shi")
    g.step(2, "qiang")
    assert g.to_act == 2 and g.frozen[2] == "1z" and g.frozen[1] == ""
    assert "shi" not in g.legal_actions(2)


def test_qianggang_on_bugang_is_paid_like_a_discard_win():
    """RULES §1.6 r40–r41, §1.7 case 3: seat 2 (上架 on 5p/8p) robs seat 1's 补杠 of 5p; the
    un-上架 declarer pays 2 + the dealer 2 + seat 3 1; the robbed kong earns nothing."""
    g = table({0: "5p147m369s1234z28p", 1: "55p258m147s567z9m3p", 2: "123456789m67p77z"},
              draws="6z" + "1z" + "9s" + "2s" + "5p")
    g.step(0, "discard 5p")
    g.step(1, "peng")
    g.step(1, "discard 3p")
    auto(g, until=2)
    g.step(2, "shangjia 1z")
    assert g.waits[2] == ["5p", "8p"]
    auto(g, until=1)
    assert "bugang 5p" in g.legal_actions(1)
    g.step(1, "bugang 5p")
    assert g.phase == "claim" and g.to_act == 2 and g.legal_actions(2) == ["pass", "hu"]
    g.step(2, "hu")
    r = g.record()
    assert (r["winner"], r["feeder"], r["win_kind"], r["kongs"]) == (2, 1, WIN_QIANGGANG, 0)
    assert [r[f"s{s}_win"] for s in range(4)] == [-2, -2, 5, -1]
    assert [r[f"s{s}_kong"] for s in range(4)] == [0, 0, 0, 0]


def test_genzhuang_when_the_three_followers_discard_the_dealers_tile():
    """RULES §1.9 r47, r50: all four first discards are 7z → the dealer pays each 闲 1 at once,
    and it stands through the 荒庄 that follows."""
    hands = {0: "7z147m369s258p123z", 1: "7z258m147s369p345z", 2: "7z369m258s147p456z",
             3: "7z1m4m7m2s5s8s3p6p9p4z5z6z"}
    g = table(hands, draws="8m8m8m9p")
    for seat in range(4):
        auto(g, until=seat)
        g.step(seat, "discard 7z")
    auto(g)
    r = g.record()
    assert r["genzhuang"] == 1 and [r[f"s{s}_genzhuang"] for s in range(4)] == [-3, 1, 1, 1]
    assert r["winner"] == -1 and [r[f"s{s}_houbao"] for s in range(4)] == [-6, 2, 2, 2]


def test_genzhuang_broken_by_a_different_follower_discard():
    """RULES §1.9 r47: seat 2 discards something else → no 前包."""
    hands = {0: "7z147m369s258p123z", 1: "7z258m147s369p345z", 2: "7z369m258s147p456z",
             3: "7z1m4m7m2s5s8s3p6p9p4z5z6z"}
    g = table(hands, draws="8m8m8m9p")
    for seat, tile in enumerate(["7z", "7z", "4z", "7z"]):
        auto(g, until=seat)
        g.step(seat, f"discard {tile}")
    assert g.record()["genzhuang"] == 0 and g.money["genzhuang"] == [0, 0, 0, 0]


def test_angang_grows_the_huang_zone_and_huang_voids_kong_money():
    """RULES §1.2 r9–r11, §1.8 r45, §1.9 r51: a dealer 暗杠 takes a tail replacement; the hand then
    ends 荒庄 after 68 front draws, the kong money is void and the dealer pays 后包 2 to each 闲."""
    g = table({0: "1111m369s258p123z"}, draws="7z", replacements="9p")
    g.step(0, "angang 1m")
    assert g.last_drawn == "9p" and g.kongs == 1 and g.money["kong"] == [6, -2, -2, -2]
    auto(g)
    r = g.record()
    assert (r["winner"], r["draws"], r["replacements"], r["kongs"]) == (-1, 68, 1, 1)
    assert [r[f"s{s}_kong"] for s in range(4)] == [0, 0, 0, 0]
    assert [r[f"s{s}_delta"] for s in range(4)] == [-6, 2, 2, 2]


def test_count_model_costs_one_more_front_draw_per_kong():
    """RULES §1.2 r11 (A3 count model): with one kong the hand is 荒 after 67 front draws."""
    g = table({0: "1111m369s258p123z"}, draws="7z", replacements="9p", dead_wall_model="count")
    g.step(0, "angang 1m")
    auto(g)
    assert g.record()["draws"] == 67
