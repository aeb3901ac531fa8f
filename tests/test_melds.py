"""Melds as values (issue 8 item 3): per-seat meld records (type, lowest tile, from-seat) kept with the per-kind view.

The records are checked against an independent reading of the hand's event log (every 碰 / 杠 logged with its
seat, tile and feeder), and the check-mode invariant ERR_MELD_RECORDS is shown to fire on a broken record.
"""
import numpy as np
import pytest

from sim.core import invariants as inv
from sim.core import state as S
from sim.core.melds import add_meld, upgrade_meld
from sim.game import Game

SEATS = ["random", "greedy", "random", "greedy"]


def records_from_events(game):
    """Return the meld records the event log implies, int64[4, 4, 3] (RULES §1.3 r15–r17: 碰, 明杠, 暗杠, 补杠)."""
    expected = np.zeros((4, S.MAX_MELDS, S.MELD_FIELDS), dtype=np.int64)
    count = [0, 0, 0, 0]
    for code, seat, tile, extra in game._events[: game._st[S.ST_N_EVENTS]]:
        code, seat, tile, extra = int(code), int(seat), int(tile), int(extra)
        if code in (S.EV_PENG, S.EV_MINGGANG, S.EV_ANGANG):
            kind = {S.EV_PENG: S.MELD_PONG, S.EV_MINGGANG: S.MELD_MINGGANG, S.EV_ANGANG: S.MELD_ANGANG}[code]
            expected[seat, count[seat]] = (kind, tile, -1 if code == S.EV_ANGANG else extra)
            count[seat] += 1
        elif code == S.EV_BUGANG:
            row = next(i for i in range(count[seat]) if expected[seat, i, 1] == tile and expected[seat, i, 0] == S.MELD_PONG)
            expected[seat, row, 0] = S.MELD_BUGANG
    return expected


def finished_games(n, seed=11):
    for h in range(n):
        game = Game(seats=SEATS, seed=seed, hand_index=h, check=True)
        game.advance()
        yield game


def test_records_follow_the_event_log_over_many_hands():
    """Over 400 mixed hands (check mode on) the records equal the melds the event log declares, in order."""
    with_melds = 0
    kinds_seen = set()
    for game in finished_games(400):
        expected = records_from_events(game)
        assert np.array_equal(game.meld_records, expected), game.hand_index
        with_melds += int(expected[:, :, 0].any())
        kinds_seen.update(int(k) for k in expected[:, :, 0].ravel() if k)
    assert with_melds > 100
    assert {S.MELD_PONG, S.MELD_MINGGANG, S.MELD_ANGANG, S.MELD_BUGANG} <= kinds_seen


def a_game_with_a_pong():
    for game in finished_games(200, seed=5):
        recs = game.meld_records
        hits = np.argwhere(recs[:, :, 0] == S.MELD_PONG)
        if len(hits):
            seat, i = map(int, hits[0])
            return game, seat, i
    raise AssertionError("no pong in 200 hands")


def check(game):
    """Return the ERR_* code of the game's state under its own engine's check_state (bound to its variant)."""
    return game._engine.check_state(game._rule_vec, game._tables, game.wall, game._hands, game._frozen, game._melds,
                                    game._rivers, game._st, game._money, game._tracks)


@pytest.mark.parametrize("field", ["from_self", "tile", "type"])
def test_a_broken_meld_record_is_caught(field):
    """A record fed by its own seat, or whose tile or type no longer matches the per-kind view (view untouched),
    breaks exactly ERR_MELD_RECORDS."""
    game, seat, i = a_game_with_a_pong()
    assert check(game) == inv.ERR_NONE
    slot = S.ST_MELD_RECS + (seat * S.MAX_MELDS + i) * S.MELD_FIELDS
    if field == "from_self":
        game._st[slot + S.REC_FROM] = seat
    elif field == "tile":
        game._st[slot + S.REC_TILE] = (game._st[slot + S.REC_TILE] + 1) % 34
    else:
        game._st[slot + S.REC_TYPE] = S.MELD_MINGGANG
    assert check(game) == inv.ERR_MELD_RECORDS


def test_a_record_past_the_meld_count_is_caught():
    game, seat, _ = a_game_with_a_pong()
    game._st[S.ST_MELD_RECS + (seat * S.MAX_MELDS + 3) * S.MELD_FIELDS + S.REC_TYPE] = S.MELD_PONG
    if game._st[S.ST_N_MELDS + seat] == 4:
        pytest.skip("seat has four melds")
    assert check(game) == inv.ERR_MELD_RECORDS


def test_add_and_upgrade_keep_the_view_and_refuse_impossible_melds():
    melds = np.zeros((4, 34), dtype=np.int8)
    st = np.zeros(S.N_ST, dtype=np.int64)
    add_meld(melds, st, 2, S.MELD_PONG, 5, 1)
    add_meld(melds, st, 2, S.MELD_CHOW, 9, 1)  # 吃 123p: records only (reserved for 金华)
    upgrade_meld(melds, st, 2, 5, S.MELD_BUGANG)
    recs = st[S.ST_MELD_RECS:S.ST_MELD_RECS + 4 * S.MAX_MELDS * S.MELD_FIELDS].reshape(4, S.MAX_MELDS, S.MELD_FIELDS)
    assert recs[2, :2].tolist() == [[S.MELD_BUGANG, 5, 1], [S.MELD_CHOW, 9, 1]]
    assert st[S.ST_N_MELDS + 2] == 2 and melds[2, 5] == S.MELD_BUGANG and np.count_nonzero(melds) == 1
    assert inv.meld_records_agree(melds, st)
    with pytest.raises(RuntimeError, match="no 碰"):
        upgrade_meld(melds, st, 2, 6, S.MELD_BUGANG)
    add_meld(melds, st, 2, S.MELD_ANGANG, 30, -1)
    add_meld(melds, st, 2, S.MELD_MINGGANG, 31, 0)
    with pytest.raises(RuntimeError, match="fifth meld"):
        add_meld(melds, st, 2, S.MELD_PONG, 32, 0)


def test_game_meld_records_are_read_only():
    game, _, _ = a_game_with_a_pong()
    with pytest.raises(ValueError):
        game.meld_records[0, 0, 0] = 1
