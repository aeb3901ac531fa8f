"""replay() and Game agree with the batch kernel (issue 3 items 3–4)."""
import re

import pytest

import sim
from sim.core.seat_view import SeatView
from sim.game import Game
from sim.play import play_chunk
from sim.record import COLUMN_INDEX, KERNEL_COLUMNS
from registered_rule_sets import registered

MIX = ["greedy", "random", "greedy", "greedy{pong=never}"]


def test_replay_is_identical_on_every_call_and_names_tiles():
    from sim.tiles import names, parse

    first = sim.replay(seed=7, hand=123)
    assert sim.replay(seed=7, hand=123) == first
    row = play_chunk("jincheng", ["greedy"] * 4, 7, 123, 1)[0]
    assert f"deal: dealer (庄) is seat {row[COLUMN_INDEX['dealer']]}" in first
    dealt = [line for line in first.splitlines() if " dealt " in line]
    assert len(dealt) == 4
    for s, line in enumerate(dealt):
        notation = line.split()[3]
        assert line.startswith(f"seat {s} dealt ") and parse(notation).sum() == 13
        assert line.endswith(names(notation))  # every tile also named in Chinese
    lines = first.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("result:"))
    assert [line.split(":")[0] for line in lines[at + 1:at + 5]] == [f"seat {s}" for s in range(4)]
    assert all(line.startswith(("胡牌", "  ")) for line in lines[at + 5:])  # then only a win's 胡牌 block


@pytest.mark.parametrize("seed", [3, 8])
def test_game_records_equal_play_chunk_rows(seed):
    rows = play_chunk("jincheng", MIX, seed, 100, 60)
    for i in range(0, 60, 3):
        game = Game(seats=MIX, seed=seed, hand_index=100 + i)
        assert game.advance() is None and game.phase == "over"
        record = game.record()
        assert [record[c] for c in KERNEL_COLUMNS] == rows[i].tolist()


def test_replay_result_matches_the_batch_record():
    row = play_chunk("jincheng", ["greedy"] * 4, 21, 40, 1)[0]
    text = sim.replay(seed=21, hand=40)
    winner = row[COLUMN_INDEX["winner"]]
    if winner < 0:
        assert "荒庄" in text.splitlines()[-5]
    else:
        assert f"result: seat {winner} wins" in text
    for s in range(4):
        assert f"seat {s}: {row[COLUMN_INDEX[f's{s}_delta']]:+d}" in text
    draws = sum(1 for line in text.splitlines() if " draws " in line and "tail" not in line)
    assert draws == row[COLUMN_INDEX["draws"]]


@pytest.mark.parametrize("rules", registered("jincheng", "plain"))
def test_a_result_line_shows_the_win_and_each_money_part_some_seat_has(rules):
    """Each seat's result line shows ``win`` and each other money part (kong, 前包, 后包) exactly when some seat's is
    not 0 in the record; so a 推倒胡 hand (no kong money, docs/rules/plain.md r20) shows ``win`` alone."""
    from sim.replayer import MONEY_PARTS

    rows = play_chunk(rules, ["greedy"] * 4, 5, 0, 12)
    seen = set()
    for hand, row in enumerate(rows):
        text = sim.replay(seed=5, hand=hand, rules=rules)
        results = [line for line in text.splitlines() if re.match(r"seat \d: [+-]\d+  \(", line)]
        assert len(results) == 4
        for part in MONEY_PARTS:
            held = part == "win" or any(row[COLUMN_INDEX[f"s{s}_{part}"]] for s in range(4))
            assert all((f"{part} " in line) == held for line in results), (rules, hand, part, results)
            seen |= {part} if held else set()
    assert seen == ({"win"} if rules == "plain" else {"win", "kong"})


def test_scripted_steps_reproduce_the_strategy_run():
    """Stepping every decision through Game.step (the scripted path) with the strategies' own
    choices gives exactly the hand the compiled loop plays."""
    from sim.game_log import action_text

    auto = Game(seats=MIX, seed=4, hand_index=9)
    auto.advance()
    probe = Game(seats=MIX, seed=4, hand_index=9)
    probe.scripted[:] = True
    # the seat switch of the game's own engine (its variant, its seats' policies): probe._ids are its slots
    choose_action = probe._engine.kernel("sim.core.seat_dispatch", "choose_action")
    view = SeatView(probe._hands, probe._frozen, probe._melds, probe._rivers, probe._st, probe._seen)
    steps = 0
    while probe.advance() is not None:
        seat = probe.to_act
        probe._legal_codes(seat)  # fills the scratch mask for the seat
        code = choose_action(probe._ids[seat], probe._params[seat], probe._rule_vec, probe._tables, view, probe._mask,
                             seat, probe._rngs[seat])
        probe.step(seat, action_text(code))
        steps += 1
    assert steps > 20
    assert probe.record() == auto.record() and probe.log == auto.log


@pytest.mark.parametrize("rules", [{}, {"huang_dealer": "rotate"}])
def test_game_and_replay_play_session_hands_like_the_batch(rules):
    """Session mode (RULES §1.10 r52–r53): hand j of a session is dealt by whoever the earlier hands left
    as dealer; Game and replay reproduce every hand's batch row, by hand index or by (session, hand)."""
    length = 8
    rows = play_chunk(rules, MIX, 31, 16, 2 * length, session_length=length)
    dealers = rows[:, COLUMN_INDEX["dealer"]]
    assert len(set(dealers.tolist())) > 1  # the deal moved inside the sessions: the dealer is not the hand's own
    moved = 0
    for i in range(2 * length):
        hand = 16 + i
        game = Game(rules=rules, seats=MIX, seed=31, hand_index=hand, session_length=length)
        assert game.advance() is None
        record = game.record()
        assert [record[c] for c in KERNEL_COLUMNS] == rows[i].tolist()
        moved += Game(rules=rules, seats=MIX, seed=31, hand_index=hand).dealer != dealers[i]
    assert moved > 0  # single-hand mode would have dealt some of these hands from another seat
    session, in_session = divmod(16 + 5, length)
    text = sim.replay(seed=31, rules=rules, seats=MIX, session_length=length, session=session,
                      hand_in_session=in_session)
    assert text == sim.replay(seed=31, hand=16 + 5, rules=rules, seats=MIX, session_length=length)
    assert f"deal: dealer (庄) is seat {dealers[5]}" in text
    for s in range(4):
        assert f"seat {s}: {rows[5, COLUMN_INDEX[f's{s}_delta']]:+d}" in text


def test_replay_session_arguments_are_checked():
    with pytest.raises(ValueError, match="hand_in_session"):
        sim.replay(seed=1, session_length=4, session=0, hand_in_session=4)
    with pytest.raises(ValueError, match="session_length"):
        sim.replay(seed=1, session=0, hand_in_session=0)
    with pytest.raises(ValueError, match="is not hand"):
        sim.replay(seed=1, hand=3, session_length=4, session=1, hand_in_session=0)
