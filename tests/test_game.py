"""sim.game.Game: the step-by-step driver's API (readable actions, errors, views, advance)."""
import numpy as np
import pytest

from sim.game import Game
from sim.stacked import stacked_wall
from sim.tiles import parse


def test_fresh_game_waits_for_the_dealer_with_readable_actions():
    g = Game(seed=3, hand_index=5)
    assert g.phase == "self" and g.to_act == g.dealer and g.front_draws == 1
    actions = g.legal_actions(g.dealer)
    assert actions and all(a.split()[0] in ("discard", "shangjia", "angang", "bugang", "zimo") for a in actions)
    assert g.legal_actions((g.dealer + 1) % 4) == []
    assert sum(int(parse(h).sum()) for h in g.hands) == 53  # 13 each + the dealer's first draw


def test_illegal_or_out_of_turn_actions_raise_one_line_errors():
    g = Game(seed=3)
    seat = g.to_act
    with pytest.raises(ValueError, match="not legal for seat"):
        g.step((seat + 1) % 4, "pass")
    with pytest.raises(ValueError, match=r"bad action 'fly 1m' \(valid: discard <tile>"):
        g.step(seat, "fly 1m")
    with pytest.raises(ValueError, match="wall must be 136"):
        Game(wall=np.zeros(136, dtype=np.int8))
    with pytest.raises(ValueError, match="dealer=7"):
        Game(dealer=7)
    with pytest.raises(ValueError, match="seats must list 4"):
        Game(seats=["greedy"])


# Pair-free hands far from tenpai, and front draws of a kind the drawer does not hold: no seat can 碰, 杠, 上架 or
# 胡, and with 拾/抢 off no seat has a claim to answer, so the first four turns are draw-and-discard.
QUIET_HANDS = {0: "369m369p369s1234z", 1: "1247m147p147s567z", 2: "258m258p258s1234z", 3: "369m147p2589s567z"}
QUIET_DRAWS = "3z6z1z8m"  # seat 1 (the dealer) draws 3z, seat 2 6z, seat 3 1z, seat 0 8m
NO_CLAIMS = {"allow_shi": False, "allow_qiang": False}


def test_advance_plays_strategy_seats_until_the_scripted_one():
    """Scripted seat 0 sits last in turn order (seat 1 deals): advance plays the turns of seats 1, 2 and 3 with
    their strategies and stops exactly at seat 0's own first draw."""
    wall = stacked_wall(QUIET_HANDS, draws=QUIET_DRAWS, dealer=1)
    g = Game(rules=NO_CLAIMS, seats=[None, "greedy", "greedy", "greedy"], wall=wall, dealer=1)
    assert g.advance() == 0
    assert g.phase == "self" and g.to_act == 0 and g.front_draws == 4 and g.last_drawn == "8m"
    assert [len(g.rivers[s]) for s in range(4)] == [0, 1, 1, 1]
    held = "3689m369p369s1234z"
    assert g.hands[0] == held
    assert sorted(g.legal_actions(0)) == sorted(f"discard {t}" for t in ("3m", "6m", "8m", "9m", "3p", "6p", "9p",
                                                                        "3s", "6s", "9s", "1z", "2z", "3z", "4z"))
    assert g.legal_actions(1) == []


def test_observation_shows_own_hand_and_hides_the_others():
    wall = stacked_wall({0: "1111m369s258p123z", 1: "258m147p369s4567z"}, draws="7z", replacements="9p")
    g = Game(wall=wall, dealer=0)
    g.step(0, "angang 1m")
    seen = g.observation(1)
    assert seen["hand"] == g.hands[1] and "1111m" not in str(seen)
    assert seen["melds"][0] == [("angang", "?")] and g.observation(0)["melds"][0] == [("angang", "1m")]
    assert seen["last_drawn"] is None and g.observation(0)["last_drawn"] == "9p"
    assert "hands" not in seen


def test_observation_in_a_claim_window_hides_the_tile_the_discarder_drew():
    """Seat 1's claim window on the dealer's 1z: the dealer's drawn 7z is not seat 1's to see (its own draw, none)."""
    wall = stacked_wall({0: "369m147p258s1234z", 1: "258m258p369s1167z"}, draws="7z")
    g = Game(rules={"allow_shi": False, "allow_qiang": False}, wall=wall, dealer=0)
    g.step(0, "discard 1z")
    assert g.phase == "claim" and g.to_act == 1 and g.legal_actions(1) == ["pass", "peng"]
    seen = g.observation(1)
    assert seen["offered"] == "1z" and seen["last_drawn"] is None


def test_log_reads_in_tile_notation_with_chinese_names():
    """Each log line names its tiles in notation with the Chinese name: 5z is 中, 6z 发, 7z 白 (sim.tiles)."""
    wall = stacked_wall(QUIET_HANDS, draws="5z6z7z", dealer=1)
    g = Game(rules=NO_CLAIMS, wall=wall, dealer=1)
    g.step(1, "discard 5z")
    g.step(2, "discard 2m")
    g.step(3, "discard 7z")
    assert g.log == [
        "deal: dealer (庄) is seat 1",
        "seat 1 draws 5z(中)", "seat 1 discards 5z(中)",
        "seat 2 draws 6z(发)", "seat 2 discards 2m(二万)",
        "seat 3 draws 7z(白)", "seat 3 discards 7z(白)",
        "seat 0 draws 1m(一万)",  # nobody claims: seat 0 draws the next wall tile (the stacked rest starts at 1m)
    ]


def test_a_full_event_log_raises_instead_of_cutting_the_log():
    """The event log never drops rows silently: a log too short for the hand raises (sim.core.state EVENT_CAP)."""
    import numpy as np
    import pytest

    from sim.game import Game

    game = Game(seats=["greedy"] * 4, seed=5, hand_index=2)
    game._events = np.zeros((4, 4), dtype=np.int32)  # room for the deal and three more events only
    with pytest.raises(Exception, match="event log full"):
        game.advance()
