"""The learned player's greedy-pick feature (strategies.learned.features ``F_GREEDY_PICK``) marks the same candidate
in play as in training: the player asks greedy's seat kernel (``choose_action``, no discard scan), the teacher asks
the search's ``greedy_choice`` (the hand loop's scan path, strategies.learned.teacher). On every decision of random
hands of each rule set the two give the same action and change nothing; ``mark_greedy_pick`` marks that one row."""
import numpy as np
import pytest

from sim.core import state as S
from sim.core.seat_view import SeatView
from sim.engine import engine
from sim.rules import VARIANTS
from sim.game import Game
from sim.game_log import action_text
from strategies.learned.features import F_GREEDY_PICK, MAX_CANDIDATES, N_FEATURES, candidates_of, mark_greedy_pick
from sim.strategy_registry import parse_seat
from strategies.learned.models import greedy_param_row


def greedy_actions_agree(rules: str, hands: int, seed: int = 5, player_spec: str = "greedy") -> tuple[int, list]:
    """Play ``hands`` hands of run ``seed`` (each seat mostly greedy's action, one in five a random legal one) and
    return (decisions compared, [(hand, seat, player's action, teacher's action) where they differ]); the player
    asks greedy's kernel with the parameters of ``player_spec``, the teacher with greedy's defaults."""
    eng = engine(rules, ("strategies.seats.greedy",))
    player = eng.kernel("strategies.seats.greedy", "choose_action")
    passes = eng.kernel("strategies.seats.greedy", "passes_claim")
    teacher = eng.kernel("strategies.search.candidates", "greedy_choice")
    params = greedy_param_row()
    player_params = parse_seat(player_spec).param_row()
    rng = np.random.default_rng(seed)
    mask, teacher_mask = np.zeros(S.N_ACTIONS, np.bool_), np.zeros(S.N_ACTIONS, np.bool_)
    seen, after_shanten = np.zeros(34, np.int8), np.zeros(34, np.int8)
    after_useful, floors = np.zeros(34, np.int64), np.zeros(4, np.int64)
    generator = np.zeros(2, np.uint64)
    compared, differ = 0, []
    for hand in range(hands):
        game = Game(rules=rules, seed=seed, hand_index=hand)
        while (seat := game.advance()) is not None:
            codes = game._legal_codes(seat)
            mask[:] = False
            mask[codes] = True
            board = (game._hands, game._frozen, game._melds, game._rivers, game._st)
            before = [a.copy() for a in board]
            claim = game._st[S.ST_PHASE] == S.PHASE_CLAIM
            action = int(codes[0])
            if not (claim and passes(game._rule_vec, game._st[S.ST_CLAIM_BITS + seat])):
                view = SeatView(*board, seen)
                action = player(player_params, game._rule_vec, game._tables, view, mask, seat, generator)
                wanted = teacher(game._rule_vec, game._tables, game._scan_tables, *board, seat, params, teacher_mask,
                                 seen, after_shanten, after_useful, floors, generator)
                compared += 1
                if action != wanted:
                    differ.append((hand, seat, action, wanted))
                assert all((a == b).all() for a, b in zip(board, before))
            if rng.random() < 0.2 or action not in codes:
                action = int(codes[rng.integers(len(codes))])
            game.step(seat, action_text(action))
    return compared, differ


@pytest.mark.parametrize("rules", VARIANTS)
def test_the_player_and_the_teacher_mark_the_same_greedy_candidate(rules):
    compared, differ = greedy_actions_agree(rules, hands=8)
    assert compared > 200 and differ == []


def test_the_agreement_check_fires_when_the_player_asks_greedy_with_other_parameters():
    """The check above can fail: a player asking greedy with ``pong=never`` differs from the teacher on claims."""
    compared, differ = greedy_actions_agree("jincheng", hands=8, player_spec="greedy{pong=never}")
    assert compared > 200 and len(differ) > 0


def test_mark_greedy_pick_marks_the_one_row_of_greedys_action_and_none_when_it_is_no_candidate():
    mask = np.zeros(S.N_ACTIONS, np.bool_)
    mask[[S.ACT_DISCARD + 3, S.ACT_DISCARD + 7, S.ACT_DISCARD + 30]] = True
    cands = np.zeros(MAX_CANDIDATES, np.int64)
    n = candidates_of(mask, cands)
    rows = np.full((n, N_FEATURES), 0.5)
    mark_greedy_pick(cands, n, S.ACT_DISCARD + 7, rows)
    assert rows[:, F_GREEDY_PICK].tolist() == [0.0, 1.0, 0.0] and (rows[:, :F_GREEDY_PICK] == 0.5).all()
    mark_greedy_pick(cands, n, S.ACT_PASS, rows)
    assert rows[:, F_GREEDY_PICK].tolist() == [0.0, 0.0, 0.0]
