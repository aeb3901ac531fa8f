"""四川血战 whole hands for the tiles, seats and deal (docs/rules/sichuan.md r1, r7, r8, r9): invariants over
many seeded hands played by strategies in check mode, and a stacked wall dealt as written.
"""
import numpy as np

from sc_scenarios import table
from sim.game import Game
from sim.play import play_chunk
from sim.record import COLUMN_INDEX as CI


def test_r1_r3_r4_every_tile_is_a_suit_kind_and_108_are_conserved():
    # docs/rules/sichuan.md r1: 108 tiles, four of each kind 0..26; r3, r4: 53 dealt, the rest all live; in every
    # one of 12 seeded greedy hands (check mode: tiles conserved after every decision) the hands, melds and
    # rivers hold only those kinds, and a hand that reaches the wall's end has drawn all 56
    for hand in range(12):
        g = Game(rules="sichuan", seats=["greedy"] * 4, seed=41, hand_index=hand, check=True)
        assert np.bincount(g.wall[:108], minlength=27).tolist() == [4] * 27 and (g.wall[108:] == -1).all()
        g.advance()
        held = np.zeros(34, np.int64)
        for s in range(4):
            held += g._hands[s]
        assert not held[27:].any()
        row = g.record()
        assert row["draws"] + row["replacements"] <= 56
        if row["hand_end"] == 2:
            assert row["draws"] + row["replacements"] == 56


def test_r7_the_first_dealer_of_each_session_is_drawn():
    # docs/rules/sichuan.md r7 (random): over 64 sessions of 2 hands, every seat deals a first hand, and the second
    # hand's dealer is the one r82-r84 pass on (not drawn again): seat 0 is not always the first dealer
    rows = play_chunk("sichuan", ["greedy"] * 4, 7, 0, 128, session_length=2)
    first = rows[::2, CI["dealer"]]
    assert sorted(set(first.tolist())) == [0, 1, 2, 3]


def test_r8_r9_without_huan_san_zhang_each_seat_keeps_its_dealt_hand_whatever_the_direction():
    # docs/rules/sichuan.md r8 (false): no tiles pass before 定缺: each seat holds the 13 it was dealt; r9: the
    # direction flag then changes nothing (the same wall plays the same hand under every value)
    hands = {0: "22334455m11p789p", 1: "123456789m88p46p", 2: "12345678977s46p", 3: "123456789m77p46p"}
    records = []
    for direction in ("random", "next", "prev", "opposite"):
        t = table(hands, draws="5p", sc_hsz_direction=direction)
        assert t.game.hands[1:] == ["123456789m4688p", "46p12345677789s", "123456789m4677p"]
        t.finish()
        row = t.record()
        records.append({k: v for k, v in row.items() if k not in ("hand",)})
    assert all(r == records[0] for r in records)
