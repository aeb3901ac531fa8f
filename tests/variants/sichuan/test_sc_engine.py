"""四川血战 played by the engine: stacked-wall hands for the rules that need the hand loop (docs/rules/sichuan.md
r2–r4, r12–r13, r19–r22, r55–r58, r70–r75, r83), each forcing its situation through ``sim.game.Game`` in check mode
and asserting the exact outcome; the invariant checks firing on broken play-on states; random and greedy hands in
check mode.

Scripted hands (sc_scenarios.table): seat 0 deals, turn order 0 → 1 → 2 → 3; unscripted seats discard what they
draw (a void tile first, r12) and pass every claim; seats without a hand get a pair-free filler. A scripted seat
declares the suit it holds fewest of as its void. Money in 底.
"""
import numpy as np
import pytest

from sc_scenarios import table
from sim.core import invariants as inv
from sim.core.codes import HAND_END_THREE_WON, HAND_END_WALL, MONEY_WIN, WIN_DIANHU, WIN_ZIMO
from sim.core.state import PHASE_SELF, ST_CURRENT, ST_PHASE
from sim.play import play_checked, play_chunk
from sim.record import COLUMN_INDEX as CI
from sim.rules import VARIANTS

# The dealer: no 条 (void 条), 14th tile 5p; after discarding it, ready on 5m or 1p (双碰: 234m 234m 789p 55m 11p).
DEALER = "22334455m11p789p"
# Ready on 5p only (46p 嵌张), void 条 / void 万 / void 条: usable together (no kind more than four times).
WAIT_5P = "123456789m88p46p"
WAIT_5P_S = "12345678977s46p"
WAIT_5P_B = "123456789m77p46p"
ERROR_NAMES = {v: k for k, v in vars(inv).items() if k.startswith("ERR_")}


def discards(t, seat):
    """The discard actions legal for ``seat`` now."""
    return sorted(a for a in t.legal(seat) if a.startswith("discard"))


# --- 定缺 and actions (docs/rules/sichuan.md sections 6.2, 6.3) --------------------------------------------------------
def test_r10_r12_the_void_is_declared_at_the_deal_and_its_tiles_go_first():
    # docs/rules/sichuan.md r10, r12: each seat declares a void after the deal; holding a void tile, only void tiles
    # may be discarded (strict)
    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S}, draws="1s")
    assert [t.void(s) for s in range(3)] == [2, 2, 0]
    assert discards(t, 0) == ["discard 1s"]  # the dealer drew a 条, its void suit
    t.play([(0, "discard 1s")])
    assert t.phase == "self" and t.to_act == 1  # nobody could claim: seat 1 draws (r22)


def test_r13_a_void_pair_is_never_ponged():
    # docs/rules/sichuan.md r13: seat 3 holds 99s, its void suit: the dealer's 9s opens no window for it
    t = table({0: DEALER, 1: WAIT_5P, 3: "99s123567p23456m"}, draws="9s")
    assert t.void(3) == 2
    t.play([(0, "discard 9s")])
    assert t.phase == "self" and t.to_act == 1
    t.run_until(3)
    assert discards(t, 3) == ["discard 9s"]  # r12: its void pair goes first


# --- the 血战到底 flow (docs/rules/sichuan.md section 6.5) ---------------------------------------------------------------
def test_r21_r55_r57_two_win_on_one_discard_and_play_goes_on_after_the_farthest():
    # docs/rules/sichuan.md r21 (一炮多响), r55 (winners leave), r57 (the seat after the farthest winner draws)
    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S}, draws="5p")
    t.play([(0, "discard 5p"), (1, "hu"), (2, "hu")])
    assert t.winners() == [1, 2]
    assert t.phase == "self" and t.to_act == 3  # after seat 2, the farther winner from the discarder 0
    assert t.column("win") == [-2, 1, 1, 0]  # 平胡, V = 1 from the discarder to each (r59)
    assert t.column("win_order") == [0, 1, 1, 0] and t.column("win_how") == [0, WIN_DIANHU, WIN_DIANHU, 0]
    assert t.record()["winner"] == 1  # the record's first winner: the first after the discarder
    held = [int(t.counts(s).sum()) for s in (1, 2)]
    assert held == [14, 13]  # the first winner holds the tile, the co-winner keeps its 13 (one physical tile)
    t.finish()  # check mode: seats 1 and 2 never act again (ERR_WINNER_ACTS)
    assert [int(t.counts(s).sum()) for s in (1, 2)] == held
    row = t.record()
    assert row["n_winners"] == 2 and row["hand_end"] == HAND_END_WALL


def test_r21_first_only_lets_the_first_after_the_discarder_win_alone():
    # docs/rules/sichuan.md r21 (first_only), r57: seat 1 wins alone; seat 2, next after it, draws
    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S}, draws="5p", sc_multi_ron="first_only")
    t.play([(0, "discard 5p"), (1, "hu"), (2, "hu")])
    assert t.winners() == [1]
    assert t.phase == "self" and t.to_act == 2
    assert t.column("win") == [-1, 1, 0, 0]


def test_r19_r57_r60_a_zimo_winner_leaves_and_the_next_seat_draws():
    # docs/rules/sichuan.md r19, r57, r60: seat 1 draws its 5p on its second turn; the three others pay V + 1 each
    # (add_base); seat 2, next after the winner, draws
    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S}, draws="1s9s8s3s2s5p")
    t.play([(0, "discard 1s")]).run_until_drawn(1, "5p")
    t.step(1, "zimo")
    check_zimo_then_seat_2_draws(t)


def check_zimo_then_seat_2_draws(t):
    """Assert seat 1's 自摸 平胡 (V 1, 2 from each under add_base) and that seat 2, next after it, is to draw."""
    assert t.winners() == [1]
    assert t.column("win") == [-2, 6, -2, -2]
    assert t.phase == "self" and t.to_act == 2
    assert t.column("win_how")[1] == WIN_ZIMO and t.column("fan")[1] == 0 and t.column("value")[1] == 1


def test_r51_r52_a_zimo_on_the_first_draw_is_dihu():
    # docs/rules/sichuan.md r51 (first_draw), r52 (five, capped at 3): F 5, V 8, each pays V + 1 = 9 (r60)
    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S}, draws="1s5p")
    t.play([(0, "discard 1s"), (1, "zimo")])
    assert t.column("win") == [-9, 27, -9, -9]
    assert t.column("fan")[1] == 5 and t.column("value")[1] == 8


def test_r58_r80_r83_three_winners_end_the_hand_with_no_wall_end_steps():
    # docs/rules/sichuan.md r58: the third winner ends the hand; r80: no wall-end step; r83: after a first win by
    # 一炮多响 the discarder deals next
    from sim.variants.sichuan import hooks

    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S, 3: WAIT_5P_B}, draws="5p")
    t.play([(0, "discard 5p"), (1, "hu"), (2, "hu"), (3, "hu")])
    assert t.phase == "over"
    row = t.record()
    assert row["n_winners"] == 3 and row["hand_end"] == HAND_END_THREE_WON
    assert t.column("win") == [-3, 1, 1, 1] and t.column("end_class") == [-1, -1, -1, -1]
    assert int(hooks.next_dealer(t.game._rule_vec, t.game._st)) == 0


def test_r70_r71_r75_the_wall_end_classifies_the_seats_left_and_chadajiao_pays_the_ready():
    # docs/rules/sichuan.md r70, r71, r75, r76: two won; at the empty wall the dealer is ready (TMV 1), the filler
    # seat 3 either a 花猪 (pays 2^cap = 8, r73) or 未听 (pays the ready dealer its TMV, r75)
    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S}, draws="5p")
    t.play([(0, "discard 5p"), (1, "hu"), (2, "hu")]).finish()
    classes = t.column("end_class")
    assert classes[0] == 2 and classes[1] == classes[2] == -1 and classes[3] in (1, 2, 3)
    if classes[3] == 3:
        assert t.column("dajiao") == [1, 0, 0, -1] and t.column("huazhu") == [0, 0, 0, 0]
    elif classes[3] == 1:
        assert t.column("huazhu") == [8, 0, 0, -8] and t.column("dajiao") == [0, 0, 0, 0]
    else:  # both ready: nobody pays (r79)
        assert t.column("dajiao") == [0, 0, 0, 0] and t.column("huazhu") == [0, 0, 0, 0]
    assert sum(t.column("delta")) == 0
    assert t.game.front_draws + t.record()["replacements"] == 56  # r3, r4: all 108 tiles, no dead wall


# --- the checks fire on a broken play-on state ---------------------------------------------------------------------
def _checked(game):
    return int(game._engine.check_state(game._rule_vec, game._tables, game.wall, game._hands, game._frozen,
                                        game._melds, game._rivers, game._st, game._money, game._tracks))


def _after_two_wins():
    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S}, draws="5p")
    t.play([(0, "discard 5p"), (1, "hu"), (2, "hu")])
    assert _checked(t.game) == inv.ERR_NONE
    return t.game


def test_invariants_fire_when_a_winners_tile_goes_missing():
    game = _after_two_wins()
    kind = int(np.flatnonzero(game._hands[1])[0])
    game._hands[1, kind] -= 1  # a tile of a winner's revealed hand vanishes
    assert _checked(game) in (inv.ERR_HAND_SIZE, inv.ERR_TILE_COUNT, inv.ERR_NOT_COMPLETE)
    game._hands[1, kind] += 1
    game._hands[2, kind] -= 1  # the co-winner's 13 tiles: the size check
    assert _checked(game) == inv.ERR_HAND_SIZE
    game._hands[2, kind] += 1
    game._hands[3, kind] -= 1  # and the conservation of tiles across wall, hands, melds, rivers
    game._hands[3, (kind + 1) % 27] += 1
    assert _checked(game) == inv.ERR_TILE_COUNT


def test_invariants_fire_when_money_is_not_zero_sum():
    game = _after_two_wins()
    game._money[MONEY_WIN, 1] += 1
    assert _checked(game) == inv.ERR_MONEY_SUM
    game._money[MONEY_WIN, 1] -= 1
    game._money[7, 3] -= 2  # a transfer row (退税) out of balance
    assert _checked(game) == inv.ERR_MONEY_SUM


def test_invariants_fire_when_a_winner_is_to_act():
    game = _after_two_wins()
    assert game._st[ST_PHASE] == PHASE_SELF
    game._st[ST_CURRENT] = 2  # the turn given to a seat that has won
    assert _checked(game) == inv.ERR_WINNER_ACTS
    game._st[ST_CURRENT] = 3
    assert _checked(game) == inv.ERR_NONE


# --- random and greedy hands in check mode ---------------------------------------------------------------------------
@pytest.mark.parametrize("seats, seed", [(["random"] * 4, 31), (["greedy"] * 4, 32),
                                         (["greedy", "random", "greedy{pong=never}", "greedy{kong=false}"], 33)])
def test_many_hands_keep_every_invariant_and_money_is_zero_sum(seats, seed):
    # docs/rules/sichuan.md r55–r58, r70: every decision of 1,500 hands checked; every money row zero-sum
    rows, errors = play_checked("sichuan", seats, seed, 0, 1_500)
    bad = np.flatnonzero(errors)
    assert bad.size == 0, [(int(h), ERROR_NAMES[int(errors[h])]) for h in bad[:5]]
    for part in ("win", "kong", "hujiao", "huazhu", "dajiao", "tuishui", "delta"):
        assert not sum(rows[:, CI[f"s{k}_{part}"]].astype(np.int64) for k in range(4)).any(), part
    n = rows[:, CI["n_winners"]]
    assert ((n >= 0) & (n <= 3)).all() and (n < 3).any()
    if "greedy" in seats:  # four random seats hardly ever complete a hand
        assert (n == 3).any() and (n == 1).any()
    ended = rows[:, CI["hand_end"]]
    assert ((ended == HAND_END_THREE_WON) == (n == 3)).all() and (ended[n < 3] == HAND_END_WALL).all()
    assert np.array_equal(play_chunk("sichuan", seats, seed, 0, 200), rows[:200])


def test_the_play_on_columns_hold_their_null_in_a_rule_set_that_ends_at_its_first_win():
    # docs/rules/sichuan.md r55–r58 columns: outside 血战 no hand plays on, so they keep their null (fan and
    # end_class -1, the rest 0) and n_winners counts the bits of winners
    rows = play_chunk(next(v for v in VARIANTS if v != "sichuan"), ["greedy"] * 4, 5, 0, 200)
    for name in ("win_order", "win_how", "value", "hujiao", "huazhu", "dajiao", "tuishui"):
        assert not rows[:, [CI[f"s{k}_{name}"] for k in range(4)]].any(), name
    for name in ("fan", "end_class"):
        assert (rows[:, [CI[f"s{k}_{name}"] for k in range(4)]] == -1).all(), name
    assert not rows[:, CI["hand_end"]].any()
    assert (rows[:, CI["n_winners"]] == (rows[:, CI["winner"]] >= 0)).all()
