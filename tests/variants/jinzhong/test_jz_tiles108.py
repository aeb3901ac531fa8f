"""晋中 with ``jz_tiles=108`` (RULES §2.1 r1): a wall of the 108 suit tiles only, no honours.

Stacked walls force exact outcomes (the tail replacement at position 107, a win, the draw budget with and
without the dead wall); random hands in check mode show the invariants (no honour ever dealt or drawn, every
tile accounted for, 荒庄 after exactly the budget); the options that need honours are refused in one line.
"""
import numpy as np
import pytest

from jz_scenarios import table
from sim.core import wall as W
from sim.record import COLUMN_INDEX, WIN_ZIMO
from sim.variants.jinzhong.config import JinzhongRules

SUITED = JinzhongRules(jz_tiles=108)
MIXED_SEATS = ["greedy", "random", "selective_ting", "defensive"]


def test_fill_wall_108_is_the_27_suit_kinds_and_deterministic():
    """RULES §2.1 r1: hand i of seed s: the same 108 wall every time, four of each suit kind, -1 past position 107; the 136
    wall of the same key is unchanged by the option (its own whole shuffle)."""
    a = np.zeros(136, np.int8)
    b = np.zeros(136, np.int8)
    full = np.zeros(136, np.int8)
    W.fill_wall(11, 5, a, 108)
    W.fill_wall(11, 4, b, 108)
    W.fill_wall(11, 5, b, 108)  # after another hand: no hidden state
    assert (a == b).all()
    assert np.bincount(a[:108], minlength=34).tolist() == [4] * 27 + [0] * 7 and (a[108:] == W.NO_TILE).all()
    W.fill_wall(11, 5, full)
    assert np.bincount(full, minlength=34).tolist() == [4] * 34


def test_stacked_108_kong_replacement_from_position_107_and_the_budget():
    """RULES §2.1 r1, r4: seat 1 暗杠s 1m: its replacement is the 108 wall's last tile (position 107); front draws and the
    replacement use up the 56 tiles, so the hand goes 荒 after 55 front draws."""
    t = table({1: "1111m258p369p147s"}, draws="2s5s", replacements="9s", jz_tiles=108)
    assert t.wall[107] == 26
    t.play([(1, "angang 1m")])
    assert t.to_act == 1 and t.game.last_drawn == "9s"
    t.finish()
    row = t.record()
    assert row["replacements"] == 1 and row["draws"] == 55 and row["winner"] == -1


def test_stacked_108_dead_wall_14_leaves_42_draws():
    """RULES §2.1 r1, A24: jz_dead_wall=14 still works on the 108 wall: 108 − 52 − 14 = 42 front draws."""
    assert table({}, jz_tiles=108, jz_dead_wall=14).finish().record()["draws"] == 42


def test_stacked_108_win_exact_money():
    """RULES §2.1 r1, §2.5: seat 1 (两门: 万 and 饼) 报听s on 5p and draws it: 闲 自摸 8 = 4 from the dealer + 2 + 2."""
    t = table({1: "123m456m789m111p5p"}, draws="2s9s" + "3s6s7s" + "5p", jz_tiles=108)
    t.play([(1, "shangjia 9s"), (1, "zimo")])
    row = t.record()
    assert row["winner"] == 1 and row["win_kind"] == WIN_ZIMO and row["win_tile"] == 13
    assert t.money() == [-4, 8, -2, -2]


def test_no_honour_is_ever_dealt_or_drawn_over_random_hands():
    """RULES §2.1 r1: over random hands of greedy and mixed seats in check mode: no invariant breaks (tiles conserved, no tile
    outside the 108 wall taken: ERR_NOT_IN_WALL); no winning tile is an honour; every 荒庄 used exactly the 56
    tiles (front draws + replacements); every hand stays within them."""
    from sim.play import play_checked

    c = COLUMN_INDEX
    for seats, seed in ((["greedy"] * 4, 3), (MIXED_SEATS, 4), (["random"] * 4, 5)):
        rows, errors = play_checked(SUITED, seats, seed, 0, 150)
        assert (errors == 0).all(), np.flatnonzero(errors)
        used = rows[:, c["draws"]] + rows[:, c["replacements"]]
        huang = rows[:, c["winner"]] == -1
        assert huang.any() and (used[huang] == 56).all() and (used <= 56).all()
        won = ~huang
        assert won.any() and (rows[won, c["win_tile"]] < 27).all()


def test_drawn_tiles_of_played_hands_are_suit_tiles():
    """RULES §2.1 r1: the event log of whole hands (greedy seats, 108 wall): every dealt and drawn tile is a suit kind."""
    from sim.game import Game

    for hand in range(6):
        game = Game(rules=SUITED, seats=["greedy"] * 4, seed=8, hand_index=hand, check=True)
        assert (game.wall[:108] < 27).all() and (game.wall[108:] == -1).all()
        game.advance()
        draws = [line for line in game.log if "draw" in line]
        assert draws and not any(z in line for line in draws for z in ("1z", "2z", "3z", "4z", "5z", "6z", "7z"))


def test_the_wall_check_fires_on_an_honour_in_a_108_wall():
    """RULES §2.1 r1: check mode: an honour put into the 108 wall where seat 1 draws next breaks ERR_NOT_IN_WALL."""
    t = table({}, jz_tiles=108)
    t.game.wall[53] = 27  # seat 1's first draw becomes 1z, which a 108 wall never holds
    with pytest.raises(RuntimeError, match="ERR_NOT_IN_WALL"):
        t.auto()


def test_options_needing_honours_are_refused_in_one_line():
    """RULES §2.1 r1, §2.4 r16: 十三幺 play and 幺九/字 deal conditions need honours: refused with jz_tiles=108; the study is skipped."""
    from experiments.variant_params import skip_reason
    from sim.deal_conditions import yaojiu_condition
    from sim.game import Game
    from sim.play import play_chunk

    with pytest.raises(ValueError, match="^strategy 'thirteen_orphans' means nothing under rules=jinzhong: .*jz_tiles=108"):
        Game(rules=SUITED, seats=["thirteen_orphans", "greedy", "greedy", "greedy"])
    with pytest.raises(ValueError, match=r"^deal_condition=\d+ .*jz_tiles=108"):
        play_chunk(SUITED, ["greedy"] * 4, 1, 0, 4, deal_condition=yaojiu_condition(5))
    assert "十三幺" in skip_reason("thirteen_orphans", {"variant": "jinzhong", "jz_tiles": 108})
    assert skip_reason("thirteen_orphans", {"variant": "jinzhong"}) is None
