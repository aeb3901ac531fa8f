"""Claim windows of the hand loop give what the plain path gives.

Two shortcuts of the compiled loop (sim.core.turn) in a claim window are checked here:

* each seat's options are kept from the window's opening (``st[ST_CLAIM_BITS + seat]``, written by
  ``open_claims``) instead of recomputed when the seat answers: at every claim decision of seeded hands they
  are ``claim_bits`` of that moment;
* every seat that would pass unasked (``passes_claim``: greedy, selective_ting, defensive under 晋城 without a
  胡/杠/碰 option) is answered at once (sim.core.claim_passes.pass_unasked), the window closing when nobody is
  left: whole hands played by the loop — logging on (a Game), off (the batch) and in check mode, some seats
  scripted — end in the same state, money, event log and record as the plain path, where every seat is asked
  through its legal mask and ``choose_action`` and each answer applied by ``apply_claim``.
"""
import numpy as np
import pytest

from sim.core import state as S
from sim.core.seat_view import SeatView
from sim.game import Game
from sim.game_log import action_text
from sim.play import play_checked, play_chunk

HANDS = 24

CASES = [
    ("jincheng", ["greedy"] * 4),
    ("jincheng", ["greedy", "selective_ting", "defensive", "random"]),
    ("jincheng", ["random"] * 4),
    ({"ting_allow_pong": True, "guo_hu": "restricted"}, ["greedy", "defensive", "greedy", "selective_ting"]),
    ({"multi_ron": "all", "rob_angang": True, "allow_qiang": False}, ["greedy", "random", "defensive", "greedy"]),
    ({"variant": "jinzhong", "jz_chi": True}, ["greedy", "random", "greedy", "defensive"]),
    ("jinhua", ["greedy", "random", "greedy", "greedy"]),
]


def plain_decision(game, seat):
    """Return the action the seat's strategy picks through its legal mask (the plain path): the seat switch of the
    game's own engine, whose policy slots ``game._ids`` holds."""
    game._legal_codes(seat)
    choose_action = game._engine.kernel("sim.core.seat_dispatch", "choose_action")
    view = SeatView(game._hands, game._frozen, game._melds, game._rivers, game._st, game._seen)
    return choose_action(game._ids[seat], game._params[seat], game._rule_vec, game._tables, view, game._mask, seat,
                         game._rngs[seat])


def play_plain(rules, seats, hand, on_claim=None):
    """Return hand ``hand`` of seed 7 played with every seat scripted and asked (the plain path), calling
    ``on_claim(game, seat)`` before each claim answer."""
    game = Game(rules=rules, seats=seats, seed=7, hand_index=hand)
    game.scripted[:] = True
    while True:
        seat = game.advance()
        if seat is None:
            return game
        if on_claim is not None and game._st[S.ST_PHASE] == S.PHASE_CLAIM:
            on_claim(game, seat)
        game.step(seat, action_text(plain_decision(game, seat)))


def play_loop(rules, seats, hand, scripted=(), check=False):
    """Return hand ``hand`` of seed 7 played by the compiled loop, the seats in ``scripted`` answered from
    Python (their strategy's plain decision)."""
    game = Game(rules=rules, seats=seats, seed=7, hand_index=hand, check=check)
    for s in scripted:
        game.scripted[s] = True
    while True:
        seat = game.advance()
        if seat is None:
            return game
        game.step(seat, action_text(plain_decision(game, seat)))


def differences(a, b):
    """Return the names of the parts of two finished games that differ (state, money, event log, record)."""
    out = []
    if not np.array_equal(a._st, b._st):
        out.append(f"st slots {np.flatnonzero(a._st != b._st).tolist()}")
    if not np.array_equal(a._money, b._money):
        out.append("money")
    n = int(a._st[S.ST_N_EVENTS])
    if not np.array_equal(a._events[:n], b._events[:n]):
        out.append("events")
    if a.record() != b.record():
        out.append("record")
    return out


@pytest.mark.parametrize("rules,seats", CASES)
def test_kept_options_are_the_options_when_the_seat_answers(rules, seats):
    counts = {"answers": 0, "windows_with_others_answered": 0}

    def on_claim(game, seat):
        args = (game._rule_vec, game._tables, game._hands, game._frozen, game._melds, game._st)
        st = game._st
        claim_bits = game._engine.claim_bits
        for s in range(4):
            if st[S.ST_CLAIM + s] == S.CLAIM_WAITING:
                kept = st[S.ST_CLAIM_BITS + s]
                assert kept != 0 and kept == claim_bits(*args, s), (s, kept, claim_bits(*args, s))
        counts["answers"] += 1
        counts["windows_with_others_answered"] += int((st[S.ST_CLAIM:S.ST_CLAIM + 4] >= 0).any())

    for hand in range(HANDS):
        play_plain(rules, seats, hand, on_claim)
    assert counts["answers"] > 40 and counts["windows_with_others_answered"] > 3, counts


@pytest.mark.parametrize("rules,seats", CASES)
def test_loop_hands_are_the_plain_hands(rules, seats):
    """Logging on (Game), in check mode, with two seats scripted, and logging off (the batch's records)."""
    records = play_chunk(rules, seats, 7, 0, HANDS)
    checked, errors = play_checked(rules, seats, 7, 0, HANDS)
    assert not errors.any()
    for hand in range(HANDS):
        plain = play_plain(rules, seats, hand)
        for label, game in (("loop", play_loop(rules, seats, hand)),
                            ("checked loop", play_loop(rules, seats, hand, check=True)),
                            ("seats 1, 3 scripted", play_loop(rules, seats, hand, scripted=(1, 3)))):
            assert differences(game, plain) == [], (label, hand)
        row = list(plain.record().values())
        assert records[hand].tolist() == row and checked[hand].tolist() == row, hand


def test_a_kept_option_dropped_is_caught():
    """The comparison above fails when a seat's kept options lose its 碰 (the loop then passes it unasked)."""
    rules, seats = "jincheng", ["greedy"] * 4
    caught = 0
    for hand in range(HANDS):
        game = Game(rules=rules, seats=seats, seed=7, hand_index=hand)
        game.scripted[:] = True
        broken = False
        while True:
            seat = game.advance()
            if seat is None:
                break
            code = plain_decision(game, seat)
            if not broken and game._st[S.ST_PHASE] == S.PHASE_CLAIM and code == S.ACT_PENG:
                game._st[S.ST_CLAIM_BITS + seat] = S.CLAIM_BIT_SHI  # as if open_claims had kept a stale set
                game.scripted[:] = False
                broken = True
                continue
            game.step(seat, action_text(code))
        if broken:
            caught += int(differences(game, play_plain(rules, seats, hand)) != [])
    assert caught > 3, caught
