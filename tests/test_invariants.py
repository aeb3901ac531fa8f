"""Engine invariants, checked after every action inside the one play loop (issue 8 item 5).

``sim.play.play_checked`` runs the batch loop ``sim.core.turn.run_until`` with its check switch on:
after every decision ``sim.core.invariants.check_state`` recomputes from the state that every kind is
accounted for (136 tiles), each ledger row sums to zero, rivers hold the face-up discards minus
the claimed ones, an open discard window offers the discarder's face-up tile (never a 上架 tile,
RULES §1.4 r24), a 上架 seat's waits recomputed from its hand equal its stored mask (fixed at 上架, r26;
after a still_tenpai kong the new waits, §1.3 r18),
a 上架 seat never 碰s without ting_allow_pong nor takes 拾/抢 (r15, r26), no win without 上架 (r22),
no draw takes a tile the variant's draw limit keeps back (every wall model: 晋城 r8–r11, 晋中's dead wall,
金华's reserve), one winner under head-bump (r20), a
十三幺 win never uses a frozen kind (r35), every winning hand is complete, every hand size right.

Each invariant also has a test below that breaks a real mid-hand state on purpose and sees
exactly that error, so none of the checks is one that cannot fire.
"""
import numpy as np
import pytest
from jc_scenarios import kinds, table

from sim.core import invariants as inv
from sim.core import state as S
from sim.core.seat_view import SeatView
from sim.core.codes import FEATURE_DIHU, NO_WIN_FEATURES
from sim.core.rule_layout import R_HUANG_STACKS, R_STACKS_PER_KONG, R_TING_ALLOW_PONG
from sim.variants.jinzhong.rule_slots import R_JZ_DEAD_WALL
from sim.variants.jinhua.rule_slots import R_JH_DEAD_WALL, R_JH_WILD_IN_MELDS
from sim.game import Game
from sim.game_log import action_text
from sim.play import play_checked, play_chunk
from sim.record import COLUMN_INDEX as C
from sim.record import SHAPE_SHISANYAO

ERROR_NAMES = {v: k for k, v in vars(inv).items() if k.startswith("ERR_")}
MIX = ["random", "greedy", "random", "greedy"]


def run_checked(seats, seed, n_hands, session_length=0, **rules):
    """Return (records, [(hand, error name)] of the first broken hands) of a check-mode run."""
    rows, errors = play_checked(rules, seats, seed, 0, n_hands, session_length=session_length)
    bad = np.flatnonzero(errors)
    return rows, [(int(h), ERROR_NAMES.get(int(errors[h]), int(errors[h]))) for h in bad[:5]]


@pytest.mark.slow
def test_invariants_hold_after_every_action_over_20000_mixed_hands():
    rows, broken = run_checked(MIX, seed=11, n_hands=12_000)
    assert broken == []
    rows2, broken2 = run_checked(["greedy"] * 4, seed=12, n_hands=4_000, session_length=16)
    assert broken2 == []
    orphans = "thirteen_orphans{min_distinct=6}"
    rows3, broken3 = run_checked([orphans, "random", orphans, "greedy"], seed=13, n_hands=4_000)
    assert broken3 == []
    # the runs really exercised wins, 拾/抢, kongs and 十三幺 wins
    every = np.vstack([rows, rows2, rows3])
    assert (every[:, C["winner"]] >= 0).sum() > 10_000
    assert sum(rows[:, C[f"s{k}_frozen"]].sum() for k in range(4)) > 1_000
    assert every[:, C["kongs"]].sum() > 1_000
    assert (rows3[:, C["shape"]] == SHAPE_SHISANYAO).sum() > 20


@pytest.mark.parametrize("rules", [
    {"dead_wall_model": "count"},
    {"ting_allow_pong": True, "guo_hu": "restricted"},
    {"rob_angang": True, "bugang_only_on_draw": True, "qiang_requires_shi": True},
    {"allow_empty_ting": True, "qidui_allow_quad": False, "huang_stacks": 3, "stacks_per_kong": 2},
    {"ting_kong_policy": "still_tenpai", "multi_ron": "all"},
])
def test_invariants_hold_under_rule_variants(rules):
    rows, broken = run_checked(["random", "greedy", "greedy", "random"], seed=5, n_hands=1_500, **rules)
    assert broken == []
    assert (rows[:, C["winner"]] >= 0).sum() > 0


def test_check_mode_plays_the_same_hands():
    """The check switch only observes: records equal the production loop's."""
    rows, errors = play_checked({}, MIX, 3, 0, 200)
    assert not errors.any()
    assert np.array_equal(rows, play_chunk({}, MIX, 3, 0, 200))


# --- each invariant fires on a state broken on purpose ----------------------------------------------

def stepped_game(predicate, seats=("greedy",) * 4, seed=3, rules=None, hands=range(300)):
    """Return a Game (check mode on) stopped at the first state where ``predicate(game)`` holds.

    Every seat is stepped through ``Game.step`` with its strategy's own choice, so each state
    on the way has passed the checks.
    """
    for hand in hands:
        game = Game(rules=rules or {}, seats=list(seats), seed=seed, hand_index=hand, check=True)
        game.scripted[:] = True
        # the seat switch of the game's own engine (its variant, its seats' policies): game._ids are its slots
        choose_action = game._engine.kernel("sim.core.seat_dispatch", "choose_action")
        view = SeatView(game._hands, game._frozen, game._melds, game._rivers, game._st, game._seen)
        while True:
            if predicate(game):
                return game
            seat = game.advance()
            if seat is None:
                break
            game._legal_codes(seat)  # fills the scratch mask for the seat
            code = choose_action(game._ids[seat], game._params[seat], game._rule_vec, game._tables, view, game._mask,
                                 seat, game._rngs[seat])
            game.step(seat, action_text(code))
    raise AssertionError("no state found")


def check(game, rule_vec=None):
    """Return the ERR_* code of the game's state under its own engine's check_state (``rule_vec`` overrides)."""
    return game._engine.check_state(game._rule_vec if rule_vec is None else rule_vec, game._tables, game.wall,
                                    game._hands, game._frozen, game._melds, game._rivers, game._st, game._money,
                                    game._tracks)


def ting_seat_answering(game):
    """Return a 上架 seat (not the discarder) while a discard is offered, else None."""
    st = game._st
    if st[S.ST_PHASE] != S.PHASE_CLAIM or st[S.ST_PENDING_KIND] != S.PEND_DISCARD:
        return None
    for s in range(4):
        if st[S.ST_TING + s] and s != st[S.ST_PENDING_FROM]:
            return s
    return None


def claim_with_ting_seat(extra=lambda game, seat: True):
    game = stepped_game(lambda g: ting_seat_answering(g) is not None and extra(g, ting_seat_answering(g)))
    assert check(game) == inv.ERR_NONE
    return game, ting_seat_answering(game)


def won_hand(extra=lambda game, winner: True):
    def over(g):
        w = int(g._st[S.ST_WINNER])
        return g.phase == "over" and w >= 0 and extra(g, w)
    game = stepped_game(over)
    assert check(game) == inv.ERR_NONE
    return game, int(game._st[S.ST_WINNER])


def test_a_wrong_hand_size_is_caught():
    game, seat = claim_with_ting_seat()
    game._hands[seat, int(np.flatnonzero(game._hands[seat])[0])] += 1
    assert check(game) == inv.ERR_HAND_SIZE


def test_a_tile_out_of_nowhere_is_caught():
    game, seat = claim_with_ting_seat()
    held = int(np.flatnonzero(game._hands[seat])[0])
    game._hands[seat, held] -= 1
    game._hands[seat, (held + 1) % 34] += 1  # same size, but one kind too many and one too few
    assert check(game) == inv.ERR_TILE_COUNT


def test_a_ledger_row_that_does_not_sum_to_zero_is_caught():
    game, _ = claim_with_ting_seat()
    game._money[S.MONEY_KONG, 0] += 1
    assert check(game) == inv.ERR_MONEY_SUM


def test_a_discard_missing_from_the_rivers_is_caught():
    game, _ = claim_with_ting_seat()
    game._tracks[inv.T_DISCARDS] += 1  # one more face-up discard than the rivers and claims account for
    assert check(game) == inv.ERR_RIVER


def test_a_window_offering_a_tile_not_discarded_face_up_is_caught():
    """RULES §1.4 r24: the face-down 上架 tile is never claimable; a window on any other tile than the
    discarder's last face-up river tile is an error."""
    game, _ = claim_with_ting_seat()
    source = int(game._st[S.ST_PENDING_FROM])
    face_up = game._rivers[source, game._st[S.ST_RIVER_LEN + source] - 1]
    game._st[S.ST_PENDING_TILE] = (face_up + 1) % 34
    assert check(game) == inv.ERR_SHANGJIA_CLAIMED


def test_changed_waits_of_a_ting_seat_are_caught():
    """RULES §1.4 r26: waits are recomputed from the 上架 seat's hand; a hand swapped under it is caught."""
    game, seat = claim_with_ting_seat()
    other = next(s for s in range(4) if s != seat and s != game._st[S.ST_PENDING_FROM])
    for a in np.flatnonzero(game._hands[seat]):
        for b in np.flatnonzero(game._hands[other]):
            if a == b:
                continue
            game._hands[seat, a] -= 1; game._hands[seat, b] += 1
            game._hands[other, b] -= 1; game._hands[other, a] += 1
            code = check(game)
            if code != inv.ERR_NONE:
                assert code == inv.ERR_WAITS_CHANGED
                return
            game._hands[seat, a] += 1; game._hands[seat, b] -= 1
            game._hands[other, b] += 1; game._hands[other, a] -= 1
    raise AssertionError("no swap changed the waits")


def test_waits_check_covers_a_still_tenpai_kong():
    """RULES §1.3 r18 (A5 still_tenpai): the check recomputes a 上架 seat's waits under every kong policy.
    Seat 2 上架s on 1p/4p/5z (111p 23p 55z), 暗杠s the drawn 4th 1p (now waiting on 4p only) and discards
    the replacement 5z, every step checked: the stored waits followed the kong, so all invariants hold; the
    mask fixed at 上架 (the engine's earlier behaviour) is caught as changed waits."""
    t = table({1: "111m456p789s234s5z", 2: "111p23p456s789m55z"}, draws="6m9s8s6s6p1m1p" + "7z7z7z4p",
              replacements="5z", ting_kong_policy="still_tenpai")
    t.game.check = True  # every Game.step below runs check_state
    t.play([(1, "shangjia 9s"), (2, "shangjia 8s"), (1, "discard 1m")])
    t.run_until(2)
    mask_at_shangjia = int(t.game._st[S.ST_WAITS + 2])
    t.play([(2, "angang 1p"), (2, "discard 5z")])
    assert t.waits(2) == kinds("4p")
    assert check(t.game) == inv.ERR_NONE
    t.game._st[S.ST_WAITS + 2] = mask_at_shangjia
    assert check(t.game) == inv.ERR_WAITS_CHANGED


def test_a_pong_by_a_ting_seat_is_caught_unless_allowed():
    """RULES §1.3 r15 / A6: a 上架 seat never 碰s unless ting_allow_pong."""
    game, seat = claim_with_ting_seat(lambda g, s: (g._hands[s] >= 3).any())
    kind = int(np.flatnonzero(game._hands[seat] >= 3)[0])
    game._hands[seat, kind] -= 3
    game._melds[seat, kind] = S.MELD_PONG
    game._st[S.ST_N_MELDS + seat] += 1
    assert check(game) == inv.ERR_MELD_IN_TING
    allowed = game._rule_vec.copy()
    allowed[R_TING_ALLOW_PONG] = 1
    assert check(game, allowed) != inv.ERR_MELD_IN_TING


def test_a_front_draw_past_the_huang_limit_is_caught():
    """RULES §1.2 r11: a rule vector with more 荒 stacks than the draws made leaves the last draw beyond the limit."""
    game = stepped_game(lambda g: g.phase == "self" and g.front_draws > 20)
    game._tracks[inv.T_FRONT_SEEN] = game.front_draws - 1  # the draw just made
    assert check(game) == inv.ERR_NONE
    game._tracks[inv.T_FRONT_SEEN] = game.front_draws - 1
    narrow = game._rule_vec.copy()
    narrow[R_HUANG_STACKS] = (84 - game.front_draws) // 2 + 1
    assert check(game, narrow) == inv.ERR_FRONT_LIMIT


def undrawn_tiles(game, first_tail):
    """Return the tiles not drawn between the front (after the 52 dealt and the front draws) and the tail."""
    return first_tail + 1 - int(game._st[S.ST_REPLACEMENTS]) - 52 - game.front_draws


# Under each wall model other than 晋城's physical one: (rules, the slot that sets the tiles kept back, the wall
# position of the first replacement, True when a replacement draw is held to the kept tiles as well).
KEPT_BACK = {
    "jincheng count model": ({"dead_wall_model": "count"}, R_HUANG_STACKS, 135, False),
    "jinzhong": ("jinzhong", R_JZ_DEAD_WALL, 135, True),
    "jinzhong 108 tiles": ({"variant": "jinzhong", "jz_tiles": 108}, R_JZ_DEAD_WALL, 107, True),
    "jinhua": ("jinhua", R_JH_DEAD_WALL, 134, True),
}


def kept_back(game, slot, tiles, at_least):
    """Return a copy of the game's rule vector whose draw limit keeps back ``tiles`` tiles now: exactly, or (晋城,
    whose 荒 zone is 2 tiles per stack plus 2·stacks_per_kong per kong) the nearest count at least ``tiles`` when
    ``at_least``, else at most ``tiles``."""
    wider = game._rule_vec.copy()
    if slot == R_HUANG_STACKS:
        rest = tiles - 2 * int(wider[R_STACKS_PER_KONG]) * game.kongs
        wider[slot] = -(-rest // 2) if at_least else rest // 2
    else:
        wider[slot] = tiles
    return wider


@pytest.mark.parametrize("name", list(KEPT_BACK))
def test_a_front_draw_into_the_kept_tiles_is_caught_under_every_wall_model(name):
    """RULES §1.2 r11 (count model), §2.1 r4, §3.1 r4: a front draw that leaves fewer undrawn tiles than the
    rules keep back is caught; a rule vector keeping back one more tile than are left makes the draw just made
    such a draw."""
    rules, slot, first_tail, _ = KEPT_BACK[name]
    game = stepped_game(lambda g: g.phase == "self" and g.front_draws > 20, rules=rules)
    game._tracks[inv.T_FRONT_SEEN] = game.front_draws - 1  # the draw just made
    assert check(game) == inv.ERR_NONE
    game._tracks[inv.T_FRONT_SEEN] = game.front_draws - 1
    undrawn = undrawn_tiles(game, first_tail)
    assert check(game, kept_back(game, slot, undrawn, at_least=False)) == inv.ERR_NONE
    game._tracks[inv.T_FRONT_SEEN] = game.front_draws - 1
    assert check(game, kept_back(game, slot, undrawn + 1, at_least=True)) == inv.ERR_FRONT_LIMIT


@pytest.mark.parametrize("name", list(KEPT_BACK))
def test_a_replacement_into_the_kept_tiles_is_caught_where_replacements_count(name):
    """RULES §2.1 r4, §3.1 r4: in 晋中 and 金华 a kong's replacement uses up a tile like a front draw, so a
    replacement into the kept tiles is caught; 晋城's count model (r11) ends the hand at the next front draw
    instead, so the same state is no error there."""
    rules, slot, first_tail, held = KEPT_BACK[name]
    game = stepped_game(lambda g: g.phase == "self" and g._st[S.ST_FROM_TAIL] == 1, rules=rules)
    replacements = int(game._st[S.ST_REPLACEMENTS])
    game._tracks[inv.T_FRONT_SEEN] = game.front_draws
    game._tracks[inv.T_TAIL_SEEN] = replacements - 1  # the replacement just drawn
    assert check(game) == inv.ERR_NONE
    game._tracks[inv.T_TAIL_SEEN] = replacements - 1
    wider = kept_back(game, slot, undrawn_tiles(game, first_tail) + 1, at_least=True)
    assert check(game, wider) == (inv.ERR_FRONT_LIMIT if held else inv.ERR_NONE)


def test_front_draws_that_reach_the_replacements_are_caught():
    """RULES §1.2 r10: the tail replacements and the front draws never take the same wall position. A state
    whose replacement count reaches past the last front draw, each of those tail tiles accounted for in a river
    (so every kind still adds up), is caught even under the physical model, whose own limit counts front draws
    only."""
    game = stepped_game(lambda g: g.phase == "self" and g.front_draws > 60)
    st = game._st
    undrawn = undrawn_tiles(game, 135)
    assert undrawn >= 0 and check(game) == inv.ERR_NONE
    seat = (int(st[S.ST_CURRENT]) + 1) % 4
    for _ in range(undrawn + 1):  # one replacement more than the tiles left between the front and the tail
        tile = game.wall[135 - int(st[S.ST_REPLACEMENTS])]
        st[S.ST_REPLACEMENTS] += 1
        game._rivers[seat, st[S.ST_RIVER_LEN + seat]] = tile
        st[S.ST_RIVER_LEN + seat] += 1
        game._tracks[inv.T_DISCARDS] += 1
    game._tracks[inv.T_TAIL_SEEN] = st[S.ST_REPLACEMENTS]
    assert undrawn_tiles(game, 135) == -1
    assert check(game) == inv.ERR_FRONT_LIMIT


def test_a_caishen_inside_a_meld_is_caught():
    """RULES §3.2 r9 (ERR_VARIANT_RULE): a 金华 碰 of the 财神 kind breaks the variant's own rule; with
    jh_wild_in_melds it would be allowed."""
    game = stepped_game(lambda g: g.phase != "over" and g._st[S.ST_CHOWS] == 0 and (g._melds == S.MELD_PONG).any(),
                        rules="jinhua")
    assert check(game) == inv.ERR_NONE
    seat, kind = (int(v[0]) for v in np.nonzero(game._melds == S.MELD_PONG))
    game._st[S.ST_WILD_KIND] = kind
    assert check(game) == inv.ERR_VARIANT_RULE
    allowed = game._rule_vec.copy()
    allowed[R_JH_WILD_IN_MELDS] = 1
    assert check(game, allowed) == inv.ERR_NONE


def test_a_win_without_ting_is_caught():
    game, winner = won_hand()
    game._st[S.ST_TING + winner] = 0
    assert check(game) == inv.ERR_WIN_WITHOUT_TING


def test_a_win_without_ting_is_caught_when_no_features_were_stored():
    """RULES §1.4 r22: the −1 of NO_WIN_FEATURES ("none stored") is no 天胡/地胡 bit; a winner that never 上架
    and whose features were never stored is still caught."""
    game, winner = won_hand()
    game._st[S.ST_TING + winner] = 0
    game._st[S.ST_WIN_FEATURES] = NO_WIN_FEATURES
    assert check(game) == inv.ERR_WIN_WITHOUT_TING


def test_only_a_dihu_win_skips_the_baoting():
    """RULES §2.4 r18: a 晋中 winner that never 报听 is right only when the win is 天胡 or 地胡."""
    def won(g):
        return g.phase == "over" and g._st[S.ST_WINNER] >= 0
    game = stepped_game(won, rules="jinzhong")
    winner = int(game._st[S.ST_WINNER])
    game._st[S.ST_TING + winner] = 0
    game._st[S.ST_WIN_FEATURES] = FEATURE_DIHU
    assert check(game) == inv.ERR_NONE
    game._st[S.ST_WIN_FEATURES] = 0
    assert check(game) == inv.ERR_WIN_WITHOUT_TING


def test_two_paid_winners_under_headbump_are_caught():
    game, winner = won_hand()
    loser = next(s for s in range(4) if game._money[S.MONEY_WIN, s] < 0)
    shift = 1 - int(game._money[S.MONEY_WIN, loser])
    game._money[S.MONEY_WIN, loser] += shift  # the loser now gains 1 ...
    game._money[S.MONEY_WIN, winner] -= shift  # ... and the row still sums to zero
    assert check(game) == inv.ERR_TWO_WINNERS


def test_an_incomplete_winning_hand_is_caught():
    game, winner = won_hand(lambda g, w: g._st[S.ST_N_MELDS + w] == 0 and g._st[S.ST_COMMITTED + w] == 0)
    other = (winner + 1) % 4
    for a in np.flatnonzero(game._hands[winner]):
        for b in np.flatnonzero(game._hands[other]):
            if game._hands[winner, b]:
                continue
            game._hands[winner, a] -= 1; game._hands[winner, b] += 1
            game._hands[other, b] -= 1; game._hands[other, a] += 1
            code = check(game)
            if code != inv.ERR_NONE:
                assert code == inv.ERR_NOT_COMPLETE
                return
            game._hands[winner, a] += 1; game._hands[winner, b] -= 1
            game._hands[other, b] += 1; game._hands[other, a] -= 1
    raise AssertionError("no swap broke the winning hand")


def test_a_frozen_winning_tile_in_a_shisanyao_win_is_caught():
    """RULES §1.5 r35: the winning kind of a committed 十三幺 seat is never one of its frozen kinds."""
    game, winner = won_hand(lambda g, w: g._st[S.ST_COMMITTED + w] == 0)
    tile = int(game._st[S.ST_WIN_TILE])
    game._hands[winner, tile] -= 1  # one copy of the winning kind becomes a frozen 拾 tile
    game._frozen[winner, tile] = 1
    game._st[S.ST_N_FROZEN + winner] += 1
    game._st[S.ST_COMMITTED + winner] = 1
    assert check(game) == inv.ERR_FROZEN_IN_WIN


def test_game_check_mode_raises_naming_the_invariant():
    game, seat = claim_with_ting_seat()
    game._money[S.MONEY_WIN, 0] += 1
    game.scripted[:] = False
    with pytest.raises(RuntimeError, match="ERR_MONEY_SUM"):
        game.advance()
