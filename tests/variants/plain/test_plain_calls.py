"""推倒胡 claims (sim.variants.plain.calls and the claim hooks): the priority 胡 > 杠 = 碰 > 吃 with one winner, the
first in turn order; 吃 only for the discarder's 下家 and only with the flag ``chi``; what a 吃 does to the state
(docs/rules/plain.md r6–r9).
"""
import numpy as np
import pytest

from plain_states import Table, kind, rule_vec
from sim.core.codes import (
    ACT_CHI_HIGH, ACT_CHI_LOW, ACT_CHI_MID, ACT_GANG, ACT_HU, ACT_PASS, ACT_PENG, MULTI_RON_HEADBUMP,
)
from sim.core.melds import meld_slot
from sim.core.rule_layout import R_MULTI_RON
from sim.core.state import (
    CLAIM_BIT_CHI_HIGH, CLAIM_BIT_CHI_LOW, CLAIM_BIT_CHI_MID, MELD_CHOW, N_ST, REC_FROM, REC_TILE, REC_TYPE,
    ST_CHOWS, ST_N_MELDS,
)
from sim.variants.plain import hooks


def test_r8_hu_beats_kong_and_pong_which_beat_chi():
    # docs/rules/plain.md r8: 胡 3 > 杠 = 碰 2 > 吃 1 > pass 0
    vec = rule_vec()
    priority = {a: hooks.claim_priority(vec, a) for a in (ACT_HU, ACT_GANG, ACT_PENG, ACT_CHI_LOW, ACT_CHI_MID,
                                                         ACT_CHI_HIGH, ACT_PASS)}
    assert priority == {ACT_HU: 3, ACT_GANG: 2, ACT_PENG: 2, ACT_CHI_LOW: 1, ACT_CHI_MID: 1, ACT_CHI_HIGH: 1,
                        ACT_PASS: 0}


def resolve(answers, source):
    """Return the seat whose answer the core's resolution takes (sim.core.claims.resolve_claims): the strictly
    highest priority, scanning the seats in turn order after ``source``; -1 when all passed."""
    vec = rule_vec(chi=True)
    best_seat, best = -1, 0
    for i in range(1, 4):
        s = (source + i) % 4
        p = hooks.claim_priority(vec, answers.get(s, ACT_PASS))
        if p > best:
            best_seat, best = s, p
    return best_seat


def test_r8_several_hu_on_one_discard_the_first_after_the_discarder_wins_alone():
    # docs/rules/plain.md r8: 截胡 — seats 3 and 1 both 胡 seat 2's discard: seat 3 (next after 2) wins alone
    assert rule_vec()[R_MULTI_RON] == MULTI_RON_HEADBUMP
    assert resolve({3: ACT_HU, 1: ACT_HU}, source=2) == 3
    assert resolve({0: ACT_HU, 1: ACT_HU}, source=2) == 0
    # a 胡 later in turn order still beats an earlier 碰 or 吃
    assert resolve({3: ACT_CHI_LOW, 0: ACT_PENG, 1: ACT_HU}, source=2) == 1
    assert resolve({3: ACT_CHI_LOW, 0: ACT_PENG}, source=2) == 0
    assert resolve({3: ACT_CHI_MID}, source=2) == 3
    assert resolve({}, source=2) == -1


def chi_bits(hand, seat, tile, source, **flags):
    table = Table().give(seat, hand)
    return hooks.variant_claim_bits(rule_vec(**flags), table.hands, table.frozen, table.st, seat, kind(tile), source)


def test_r9_chi_bits_only_with_the_flag():
    # docs/rules/plain.md r9: flag chi (A39), default off — no 吃 bits at all
    assert chi_bits("2345m", 1, "3m", 0) == 0
    assert chi_bits("2345m", 1, "3m", 0, chi=True) == CLAIM_BIT_CHI_LOW | CLAIM_BIT_CHI_MID  # 345m, 234m (no 1m)


@pytest.mark.parametrize("seat, expected", [(1, CLAIM_BIT_CHI_MID), (2, 0), (3, 0)])
def test_r9_chi_only_for_the_next_seat(seat, expected):
    # docs/rules/plain.md r9: seat 0 discards 5p; 46p held: only seat 1 (its 下家) may 吃
    assert chi_bits("46p", seat, "5p", 0, chi=True) == expected


def test_r9_chi_shapes_suit_tiles_only():
    # docs/rules/plain.md r9: 7s with 89s: only the lowest shape; with 56s89s: lowest and highest; never an honour
    assert chi_bits("89s", 2, "7s", 1, chi=True) == CLAIM_BIT_CHI_LOW
    assert chi_bits("5689s", 2, "7s", 1, chi=True) == CLAIM_BIT_CHI_LOW | CLAIM_BIT_CHI_MID | CLAIM_BIT_CHI_HIGH
    assert chi_bits("56s", 2, "7s", 1, chi=True) == CLAIM_BIT_CHI_HIGH
    assert chi_bits("23z", 2, "1z", 1, chi=True) == 0
    assert chi_bits("89m", 2, "1p", 1, chi=True) == 0  # no run across suits


def test_r9_a_chi_takes_two_tiles_and_records_a_meld_from_the_discarder():
    # docs/rules/plain.md r9: seat 3 chows 4m from seat 2 as the middle of 345m
    vec = rule_vec(chi=True)
    table = Table().give(3, "35m99p")
    table.st[ST_CHOWS] = -1
    hooks.deal_extras(vec, table.wall, table.st, table.events)
    assert table.st[ST_CHOWS] == 0
    hooks.apply_variant_claim(vec, table.hands, table.frozen, table.melds, table.st, table.events, 3, kind("4m"), 2,
                              ACT_CHI_MID)
    assert table.hands[3].sum() == 2 and table.hands[3, kind("9p")] == 2
    slot = meld_slot(3, 0)
    assert table.st[ST_N_MELDS + 3] == 1
    record = (table.st[slot + REC_TYPE], table.st[slot + REC_TILE], table.st[slot + REC_FROM])
    assert record == (MELD_CHOW, kind("3m"), 2)
    assert table.st[ST_CHOWS] == 1
    assert not table.melds.any()  # a 吃 is not in the per-kind 碰/杠 view
    # nothing is forbidden to discard after it (no 吃张打张)
    assert hooks.discard_forbidden(vec, table.st, 3) == 0


def test_r9_without_chi_the_chow_count_stays_minus_one():
    # docs/rules/plain.md r9: the record's chows column is -1 for rules without 吃
    st = np.zeros(N_ST, np.int64)
    st[ST_CHOWS] = -1
    table = Table()
    hooks.deal_extras(rule_vec(), table.wall, st, table.events)
    assert st[ST_CHOWS] == -1


def test_r6_r7_no_claim_of_pong_or_kong_is_blocked():
    # docs/rules/plain.md r6, r7: 碰 and 明杠 are limited only by the tiles held (and a tile left for a kong)
    table = Table()
    vec = rule_vec()
    assert all(hooks.blocked_claim_bits(vec, table.st, s, t) == 0 for s in range(4) for t in range(34))
    assert all(hooks.self_kong_forbidden(vec, table.st, s) == 0 for s in range(4))
