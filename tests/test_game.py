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


def test_advance_plays_strategy_seats_until_the_scripted_one():
    g = Game(seats=[None, "greedy", "greedy", "greedy"], seed=2, hand_index=1)
    seat = g.advance()
    assert seat in (0, None)
    if seat == 0:
        assert g.legal_actions(0)
        assert g.to_act == 0


def test_observation_shows_own_hand_and_hides_the_others():
    wall = stacked_wall({0: "1111m369s258p123z", 1: "258m147p369s4567z"}, draws="7z", replacements="9p")
    g = Game(wall=wall, dealer=0)
    g.step(0, "angang 1m")
    seen = g.observation(1)
    assert seen["hand"] == g.hands[1] and "1111m" not in str(seen)
    assert seen["melds"][0] == [("angang", "?")] and g.observation(0)["melds"][0] == [("angang", "1m")]
    assert seen["last_drawn"] is None and g.observation(0)["last_drawn"] == "9p"
    assert "hands" not in seen


def test_log_reads_in_tile_notation_with_chinese_names():
    g = Game(seats=["greedy"] * 4, seed=1)
    g.advance()
    text = "\n".join(g.log)
    assert g.phase == "over" and "draws" in text and ("万" in text or "饼" in text or "条" in text)


def test_a_full_event_log_raises_instead_of_cutting_the_log():
    """The event log never drops rows silently: a log too short for the hand raises (sim.core.state EVENT_CAP)."""
    import numpy as np
    import pytest

    from sim.game import Game

    game = Game(seats=["greedy"] * 4, seed=5, hand_index=2)
    game._events = np.zeros((4, 4), dtype=np.int32)  # room for the deal and three more events only
    with pytest.raises(Exception, match="event log full"):
        game.advance()
