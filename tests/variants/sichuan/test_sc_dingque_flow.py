"""Sichuan 定缺 helpers and the flow kernels (sim.variants.sichuan.dingque, .flow; docs/rules/sichuan.md r7, r10–r17,
r57, r58, r82–r84)."""
import numpy as np

from sim.variants.sichuan import dingque as D
from sim.variants.sichuan import flow as FL
from sim.variants.sichuan.config import SichuanRules
from sim.variants.sichuan import codes as S
from sim.variants.sichuan import rule_slots as SL

from sc_hands import arrays, hand

DEFAULT = SichuanRules().pack()


def counts_of(text):
    """Return the int8[34] counts of a hand written as text."""
    return arrays(hand(text))[0]


def test_r10_r11_choose_and_validate_a_void_suit():
    # docs/rules/sichuan.md r10: one of m, p, s; r11: a suit with no tile may be chosen
    assert D.choose_void_k(counts_of("123m456m789m2p55s")) == 1
    assert D.choose_void_k(counts_of("123m456m789m55s77s")) == 1     # no 筒 at all (r11)
    assert [D.void_valid_k(s) for s in (-1, 0, 1, 2, 3)] == [False, True, True, True, False]


def test_r12_strict_void_tiles_go_first_and_lenient_allows_all():
    # docs/rules/sichuan.md r12 example: void p, hand 123m456m789m23s55s7p must discard 7p
    counts = counts_of("123m456m789m23s55s7p")
    assert D.legal_discards_k(counts, 1, DEFAULT) == 1 << 15
    assert D.discard_legal_k(counts, 1, DEFAULT, 15) and not D.discard_legal_k(counts, 1, DEFAULT, 0)
    lenient = SichuanRules(sc_void_discard="lenient").pack()
    assert bin(D.legal_discards_k(counts, 1, lenient)).count("1") == 13
    clean = counts_of("123m456m789m23s55s9s")
    assert D.legal_discards_k(clean, 1, DEFAULT) == D.legal_discards_k(clean, 1, lenient)


def test_r13_r14_void_tiles_never_melded_other_suits_are():
    # docs/rules/sichuan.md r13: no 碰 or kong of the void suit; r14: other suits while void tiles are held
    assert not D.meld_allowed_k(1, DEFAULT, 13) and D.meld_allowed_k(1, DEFAULT, 4)


def test_r18_implicit_declares_nothing_and_restricts_nothing():
    # docs/rules/sichuan.md r18: under implicit r12–r14 do not apply
    implicit = SichuanRules(sc_dingque="implicit").pack()
    counts = counts_of("123m456m789m23s55s7p")
    assert not D.declares_k(implicit) and D.meld_allowed_k(1, implicit, 13)
    assert not D.must_discard_void_k(counts, 1, implicit)


def test_r17_first_discard_places_a_void_tile_or_none():
    # docs/rules/sichuan.md r17: the declaration tile is a void-suit tile, or none when the seat holds none
    counts = counts_of("123m456m789m23s55s7p9p")
    assert D.first_discard_tile_k(counts, 1) == 15 and D.first_discard_tile_k(counts, 0) == 0
    assert D.first_discard_tile_k(counts_of("123m456m789m23s55s"), 1) == -1


def mask(*seats):
    """Return bool[4] with ``seats`` True."""
    flags = np.zeros(4, np.bool_)
    flags[list(seats)] = True
    return flags


def test_r57_the_next_turn_after_one_or_several_winners():
    # docs/rules/sichuan.md r57 examples: seat 0 discards, seats 1 and 3 win -> seat 0; seats 1 and 2 win -> seat 3
    assert FL.next_turn_after_win_k(mask(0, 2), mask(1, 3), 0) == 0
    assert FL.next_turn_after_win_k(mask(0, 3), mask(1, 2), 0) == 3
    assert FL.next_turn_after_win_k(mask(0, 1, 3), mask(2), 2) == 3          # a 自摸 by seat 2
    assert FL.next_turn_after_win_k(mask(0, 2, 3), mask(3), 0) == 0          # 抢杠胡 of seat 0's 补杠 by seat 3


def test_r2_r58_won_seats_are_skipped_and_three_winners_end_the_hand():
    # docs/rules/sichuan.md r2 (won seats skipped), r58 (three winners end the hand)
    assert FL.next_active_k(mask(0, 3), 0) == 3
    assert not FL.hand_over_k(mask(0, 3)) and FL.hand_over_k(mask(2)) and FL.hand_over_k(mask())


def test_r82_r83_r84_the_next_dealer():
    # docs/rules/sichuan.md r82 (first winner), r83 (一炮多响: the discarder, or the first winner), r84 (no winner)
    assert FL.next_dealer_k(DEFAULT, 0, 2, False, -1, -1) == 2
    assert FL.next_dealer_k(DEFAULT, 0, 2, True, 1, -1) == 1
    assert FL.next_dealer_k(SichuanRules(sc_dealer_multi_ron="first_winner").pack(), 0, 2, True, 1, -1) == 2
    assert FL.next_dealer_k(DEFAULT, 3, -1, False, -1, 1) == 3
    assert FL.next_dealer_k(SichuanRules(sc_dealer_no_winner="next").pack(), 3, -1, False, -1, 1) == 2


def test_r7_the_first_dealer_is_seat0_or_drawn():
    # docs/rules/sichuan.md r7
    assert FL.first_dealer_k(DEFAULT, 2) == 2  # drawn (the default, what the core plays)
    seat0 = SichuanRules(sc_first_dealer="seat0").pack()
    assert seat0[SL.R_SC_FIRST_DEALER] == S.SC_FIRST_DEALER_SEAT0
    assert FL.first_dealer_k(seat0, 2) == 0
