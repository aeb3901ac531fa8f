"""The hand loop's shared discard scan gives what the separate kernels give.

A greedy seat's self phase in the hand loop builds its legal mask with ``legal_self_scanned``, which runs the
discard scan once, and answers with the greedy policy's ``self_from_scan`` (strategies/seats/greedy.py) from that
scan, instead of ``legal_self`` (a 14-tile shanten, a second scan from tenpai on) and ``greedy_self`` (its own scan).
On every self-phase state of seeded hands, with greedy and random seats, under 晋城 (plain scan, 上架 marks) and 晋中
(缺一门 scan, 报听 marks) and under rules that change the marks and the forms, the shared path must give the same
mask, the same count and the same action; the state must come back unchanged. The kernels are the game's engine's
(bound to its variant and its seats' policies).
"""
import numpy as np
import pytest

from sim.core import state as S
from sim.core.legal import NOT_SCANNED
from sim.core.seat_view import SeatView
from sim.game import Game
from sim.game_log import action_text

SEATS = ["greedy", "random", "greedy", "greedy"]
HANDS = 40


def state_arrays(game):
    return (game._hands, game._frozen, game._melds, game._rivers, game._st)


def check_self_state(game, seat, counts):
    """Assert the shared path agrees with the separate kernels at ``game``'s self-phase state of ``seat``."""
    hands, frozen, melds, rivers, st = state_arrays(game)
    eng = game._engine  # the kernels bound to the game's variant and its seats' policies
    before = [a.copy() for a in (hands, frozen, melds, rivers, st)]
    mask = np.zeros(S.N_ACTIONS, np.bool_)
    n = eng.legal_self(game._rule_vec, game._tables, hands, frozen, melds, st, mask)
    shared = np.ones(S.N_ACTIONS, np.bool_)  # stale entries must be cleared
    after_shanten = np.full(34, 99, np.int8)
    after_useful = np.zeros(34, np.int64)
    n_shared, least = eng.legal_self_scanned(game._rule_vec, game._tables, game._scan_tables, hands, frozen, melds,
                                             st, shared, after_shanten, after_useful)
    assert n_shared == n
    assert np.array_equal(shared, mask), np.flatnonzero(shared != mask)
    seen = np.zeros(34, np.int8)
    params = game._params[seat]
    if least == NOT_SCANNED:
        counts["unscanned"] += 1
    else:
        counts["scanned"] += 1
        counts["shangjia"] += int(mask[S.ACT_SHANGJIA:S.ACT_SHANGJIA + 34].any())
        greedy_self = eng.kernel("strategies.greedy", "greedy_self")
        greedy_self_from_scan = eng.kernel("strategies.seats.greedy", "self_from_scan")
        expected = greedy_self(game._rule_vec, game._tables, hands, frozen, melds, rivers, st, mask, seat, params,
                               seen)
        view = SeatView(hands, frozen, melds, rivers, st, seen)
        got = greedy_self_from_scan(game._rule_vec, game._tables, view, mask, seat, params, after_shanten,
                                    after_useful, least)
        assert got == expected, (action_text(got), action_text(expected))
    for kept, now in zip(before, (hands, frozen, melds, rivers, st)):
        assert np.array_equal(kept, now)


@pytest.mark.parametrize("rules", [
    {},
    {"qidui_allow_quad": False, "allow_empty_ting": True},
    {"ting_allow_pong": True, "ting_kong_policy": "still_tenpai", "bugang_only_on_draw": True},
    {"variant": "jinzhong"},  # 报听 on the 缺一门 scan (RULES §2.3 r12, §2.4 r13-r16)
    {"variant": "jinzhong", "jz_dingque_upfront": True, "jz_point_limit": False, "jz_chi": True},
])
def test_shared_scan_gives_the_separate_kernels_mask_and_greedy_action(rules):
    counts = {"scanned": 0, "unscanned": 0, "shangjia": 0}
    for hand in range(HANDS):
        game = Game(rules=rules, seats=SEATS, seed=11, hand_index=hand)
        game.scripted[:] = True
        while True:
            seat = game.advance()
            if seat is None:
                break
            if game._st[S.ST_PHASE] == S.PHASE_SELF:
                check_self_state(game, seat, counts)
            game._legal_codes(seat)
            choose_action = game._engine.kernel("sim.core.seat_dispatch", "choose_action")
            view = SeatView(game._hands, game._frozen, game._melds, game._rivers, game._st, game._seen)
            code = choose_action(game._ids[seat], game._params[seat], game._rule_vec, game._tables, view, game._mask,
                                 seat, game._rngs[seat])
            game.step(seat, action_text(code))
    # both paths and the 上架 marks were reached (locked and committed seats are not scanned)
    assert counts["scanned"] > 500 and counts["unscanned"] > 50 and counts["shangjia"] > 20, counts


def test_a_variant_without_ting_is_not_scanned():
    """金华 has no 上架 (RULES §3.4 r14) and plays greedy on its wild-aware scan: the shared path falls back."""
    game = Game(rules="jinhua", seats=["greedy"] * 4, seed=2, hand_index=0)
    game.scripted[:] = True
    seat = game.advance()
    assert game._st[S.ST_PHASE] == S.PHASE_SELF
    mask = np.zeros(S.N_ACTIONS, np.bool_)
    _, least = game._engine.legal_self_scanned(game._rule_vec, game._tables, game._scan_tables, game._hands,
                                               game._frozen, game._melds, game._st, mask, np.zeros(34, np.int8),
                                               np.zeros(34, np.int64))
    assert least == NOT_SCANNED and mask[S.ACT_DISCARD:S.ACT_DISCARD + 34].any() and seat is not None
