"""Game.copy(): an independent copy of a mid-hand game; and Game playing search seats as the batch does."""
import numpy as np
import pytest

from sim.game import Game
from sim.play import play_chunk
from sim.record import KERNEL_COLUMNS


def _arrays(g):
    return [g.wall, g._hands, g._frozen, g._melds, g._rivers, g._st, g._money, g._events, g._rngs]


@pytest.mark.parametrize("variant", ["jincheng", "jinzhong", "jinhua"])
def test_copy_plays_on_like_the_original_and_leaves_it_unchanged(variant):
    """Mid-hand, a copy played to the end gives the hand's record; the original is untouched by it and then
    plays to the same record (seat 1 scripted: both step the same actions)."""
    g = Game(variant, seats=["greedy", None, "greedy", "random"], seed=3, hand_index=4)
    for _ in range(3):  # a few of seat 1's decisions in, so the copy starts mid-hand
        if g.advance() is None:
            break
        g.step(1, g.legal_actions(1)[0])
    before = [a.copy() for a in _arrays(g)]
    log_before = g.log
    h = g.copy()
    while h.advance() is not None:
        h.step(1, h.legal_actions(1)[-1])
    assert h.phase == "over"
    for a, b in zip(_arrays(g), before):  # the original did not move
        assert np.array_equal(a, b)
    assert g.log == log_before and g.phase != "over"
    k = g.copy()
    while g.advance() is not None:
        g.step(1, g.legal_actions(1)[-1])
    while k.advance() is not None:
        k.step(1, k.legal_actions(1)[-1])
    assert g.record() == h.record() == k.record()
    assert g.log == h.log


def test_copy_of_a_copy_with_a_different_action_differs():
    """The copy is really independent: another action in the copy gives another hand than the original's."""
    g = Game("jincheng", seats=[None, "greedy", "greedy", "greedy"], seed=1, hand_index=0)
    while g.advance() == 0 and g.phase == "claim":  # to seat 0's first own turn
        g.step(0, "pass")
    assert g.phase == "self"
    legal = [a for a in g.legal_actions(0) if a.startswith("discard")]
    h = g.copy()
    g.step(0, legal[0])
    h.step(0, legal[-1])
    assert g.rivers[0] != h.rivers[0]


@pytest.mark.parametrize("variant", ["jincheng", "jinzhong", "jinhua"])
def test_game_with_search_seats_equals_the_batch(variant):
    """A Game with search seats plays exactly the batch engine's hand (same search streams, same step)."""
    seats = ["search{worlds=3,candidates=3}", "greedy", "search{worlds=2,candidates=2}", "greedy"]
    rows = play_chunk(variant, seats, 21, 0, 3)
    for i in range(3):
        g = Game(variant, seats=seats, seed=21, hand_index=i)
        assert g.advance() is None
        assert list(g.record().values()) == rows[i].tolist()


def test_game_search_seat_and_copy_mid_hand():
    """Copying a game with a search seat mid-hand and playing both on gives the same record."""
    seats = ["search{worlds=2,candidates=2}", None, "greedy", "greedy"]
    g = Game("jincheng", seats=seats, seed=5, hand_index=2, check=True)
    g.advance()
    h = g.copy()
    for game in (g, h):
        while game.advance() is not None:
            game.step(1, game.legal_actions(1)[0])
    assert g.record() == h.record()
    assert len(KERNEL_COLUMNS) == len(g.record())
