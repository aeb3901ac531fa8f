"""The ``baotou`` strategy on stacked 金华 walls: it gives up plain wins to self-draw 爆头 while more than
``min_live_tiles`` live tiles are left, and takes them at or below that (RULES §3.4 r15 爆头 M = 2; §3.5 r16 捉冲
pays 2X·M + X·M + X·M, r17 自摸 2X·M from each). Money in 底注; the 财神 is 9s.

Seat 0 deals and plays the strategy under test; seats 1-3 are driven by the test (discard the drawn tile, pass
every claim). Seat 0 is dealt 123m 34m 456p 678s, the 财神 and 1z, and draws 5m: four sets, the 财神 and 1z, a plain
self-drawn win (the 财神 pairs with the 1z). Discarding the 1z leaves it 爆头-ready: any later tile wins.
"""
from jh_scenarios import table
from sim.core.codes import FEATURE_BAOTOU, FEATURE_PINGHU, WIN_DIANHU, WIN_ZIMO
from sim.game import Game
from sim.variants.jinhua.play_rules import live_tiles

SEAT0 = "123m34m456p678s9s1z"
DRAWS = "5m" + "2z3z4z" + "7p"  # seat 0's 5m, then seats 1, 2, 3 draw and discard 2z, 3z, 4z, then seat 0 draws 7p


def play(strategy: str):
    """Play the stacked hand with ``strategy`` at seat 0; return (record row, live tiles at each of seat 0's
    decisions in order)."""
    scripted = table({0: SEAT0}, draws=DRAWS, caishen="9s")
    game = Game(rules=scripted.rules, seats=[strategy, None, None, None], wall=scripted.wall, dealer=0, check=True)
    while (seat := game.advance()) is not None:
        legal = game.legal_actions(seat)
        if game.phase == "claim":
            game.step(seat, "pass")
        else:
            drawn = f"discard {game.last_drawn}"
            game.step(seat, drawn if drawn in legal else next(a for a in legal if a.startswith("discard")))
    return game.record(), game.log


def money(row):
    return [row[f"s{k}_delta"] for k in range(4)]


def test_greedy_takes_the_plain_self_drawn_win():
    row, _ = play("greedy")
    assert row["winner"] == 0 and row["win_kind"] == WIN_ZIMO and row["win_features"] == FEATURE_PINGHU
    assert money(row) == [6, -2, -2, -2] and row["draws"] == 1


def test_baotou_declines_the_plain_wins_and_self_draws_baotou():
    """Declines the 自摸 (68 live tiles left), discards 1z, passes the 捉冲 on 2z, 3z and 4z, self-draws 7p: 爆头
    M = 2, 2X·2 from each of the three (RULES §3.4 r15, §3.5 r17)."""
    row, log = play("baotou")
    assert row["winner"] == 0 and row["win_kind"] == WIN_ZIMO and row["win_tile"] == 9 + 6  # 7p
    assert row["win_features"] & FEATURE_BAOTOU and row["multiplier"] == 2
    assert money(row) == [12, -4, -4, -4] and row["draws"] == 5
    passed = [line for line in log if line.startswith("seat 0 passes a win on")]
    assert len(passed) == 3 and all(t in p for t, p in zip(("2z", "3z", "4z"), passed)), log


def test_baotou_takes_the_discard_win_once_the_live_wall_is_at_its_threshold():
    """RULES §3.4 r15: min_live_tiles=66: the 自摸 (68 left) and seat 1's 2z (67 left) are declined for 爆头; seat
    2's 3z comes with 66 left, not more than the threshold, and is taken as a plain 捉冲: seat 2 pays 2, seats 1 and
    3 pay 1 (§3.5 r16)."""
    row, _ = play("baotou{min_live_tiles=66}")
    assert row["winner"] == 0 and row["win_kind"] == WIN_DIANHU and row["feeder"] == 2
    assert row["win_features"] == FEATURE_PINGHU and money(row) == [4, -1, -2, -1]


def test_baotou_takes_the_self_drawn_win_at_its_threshold():
    """min_live_tiles=68: the plain 自摸 comes with 68 live tiles left, not more: taken like greedy's. With 67 it is
    declined (68 > 67), and seat 1's 2z, offered with 67 left, is taken: seat 1 feeds."""
    row, _ = play("baotou{min_live_tiles=68}")
    assert row["win_kind"] == WIN_ZIMO and money(row) == [6, -2, -2, -2]
    row, _ = play("baotou{min_live_tiles=67}")
    assert row["win_kind"] == WIN_DIANHU and row["feeder"] == 1 and money(row) == [4, -2, -1, -1]


def test_live_tiles_at_the_decisions_are_the_ones_the_thresholds_assume():
    """RULES §3.1 r4: 68 live tiles after the dealer's first draw, one fewer per draw."""
    scripted = table({0: SEAT0}, draws=DRAWS, caishen="9s")
    game = scripted.game
    assert live_tiles(game._rule_vec, game._st) == 68
    scripted.play([(0, "discard 1z")])
    scripted.run_until_offered(0, "2z")
    assert live_tiles(game._rule_vec, game._st) == 67
    scripted.window()
    scripted.run_until_offered(0, "3z")
    assert live_tiles(game._rule_vec, game._st) == 66
