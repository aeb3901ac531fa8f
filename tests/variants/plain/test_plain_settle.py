"""推倒胡 money (sim.variants.plain.settle and the money hooks) in the ledger rows MONEY_*: 点炮 1 from the discarder,
自摸 1 from each other seat, 抢杠胡 1 from the robbed seat, the same for the dealer and for every hand, no kong money,
nothing on 荒庄 (docs/rules/plain.md r12, r14, r16–r21).
"""
import numpy as np
import pytest

from plain_states import Table, rule_vec, tables
from sim.core.codes import (
    FEATURE_QIANGGANG, FEATURE_QIDUI, MONEY_GENZHUANG, MONEY_HUANG, MONEY_KONG, MONEY_WIN, NO_WIN_FEATURES,
    SHAPE_QIDUI, SHAPE_REGULAR, WIN_DIANHU, WIN_QIANGGANG, WIN_ZIMO,
)
from sim.core.state import KONG_AN, KONG_BU, KONG_MING, ST_DEALER, ST_MULTIPLIER, ST_WIN_FEATURES
from sim.variants.plain import hooks
from sim.variants.plain.settle import pay_win_k


def settle(winner, feeder, win_kind, shape=SHAPE_REGULAR, dealer=0, hand="123m456p789s234s11z"):
    """Settle one win through the hook on a fresh table; return (the table, the winner's gain)."""
    table = Table().give(winner, hand)
    table.st[ST_DEALER] = dealer
    table.st[ST_WIN_FEATURES] = NO_WIN_FEATURES  # as the deal leaves it
    gain = hooks.settle_win(rule_vec(), tables(), table.hands, table.melds, table.st, table.money, winner, feeder,
                            win_kind, shape)
    return table, int(gain)


def only_win_row(money):
    """Return the MONEY_WIN row as a list after checking every other ledger row is zero."""
    for row in (MONEY_KONG, MONEY_GENZHUANG, MONEY_HUANG):
        assert not money[row].any()
    return money[MONEY_WIN].tolist()


def test_r17_dianpao_the_discarder_alone_pays_one():
    # docs/rules/plain.md r17: seat 2 wins on seat 0's discard
    table, gain = settle(2, 0, WIN_DIANHU)
    assert only_win_row(table.money) == [-1, 0, 1, 0] and gain == 1


def test_r18_zimo_each_other_seat_pays_one():
    # docs/rules/plain.md r18: seat 1 self-draws
    table, gain = settle(1, -1, WIN_ZIMO)
    assert only_win_row(table.money) == [-1, 3, -1, -1] and gain == 3


def test_r12_r18_tianhu_is_paid_as_zimo():
    # docs/rules/plain.md r12, r18: the dealer's 天胡 is a 自摸: 1 from each, no premium
    table, gain = settle(3, -1, WIN_ZIMO, dealer=3)
    assert only_win_row(table.money) == [-1, -1, -1, 3] and gain == 3


def test_r14_r17_qianggang_is_paid_by_the_robbed_seat_as_a_dianpao():
    # docs/rules/plain.md r14, r17: seat 0 robs seat 3's 补杠
    table, gain = settle(0, 3, WIN_QIANGGANG)
    assert only_win_row(table.money) == [1, 0, 0, -1] and gain == 1
    assert table.st[ST_WIN_FEATURES] == FEATURE_QIANGGANG


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r19_no_dealer_premium(dealer):
    # docs/rules/plain.md r19: whoever deals, the amounts are the same
    assert only_win_row(settle(1, 2, WIN_DIANHU, dealer=dealer)[0].money) == [0, 1, -1, 0]
    assert only_win_row(settle(1, -1, WIN_ZIMO, dealer=dealer)[0].money) == [-1, 3, -1, -1]


def test_r16_every_hand_is_worth_the_same_and_features_are_recorded_once():
    # docs/rules/plain.md r16, r17: a 七对 pays 1 like any hand; the first win stores its features, multiplier 1
    table, gain = settle(2, 1, WIN_DIANHU, shape=SHAPE_QIDUI, hand="1122m3344p5566s77z")
    assert only_win_row(table.money) == [0, -1, 1, 0] and gain == 1
    assert table.st[ST_WIN_FEATURES] == FEATURE_QIDUI and table.st[ST_MULTIPLIER] == 1
    hooks.settle_win(rule_vec(), tables(), table.hands, table.melds, table.st, table.money, 2, -1, WIN_ZIMO,
                     SHAPE_REGULAR)
    assert table.st[ST_WIN_FEATURES] == FEATURE_QIDUI  # kept from the first win


@pytest.mark.parametrize("kong_type, feeder", [(KONG_MING, 2), (KONG_BU, -1), (KONG_AN, -1)])
def test_r20_kongs_are_not_paid(kong_type, feeder):
    # docs/rules/plain.md r20: no money row moves when seat 1 declares any kong
    table = Table()
    hooks.on_kong(rule_vec(), table.st, table.money, 1, kong_type, feeder, 0)
    assert not table.money.any()


def test_r21_huangzhuang_pays_nothing():
    # docs/rules/plain.md r21: the 荒庄 hook leaves the ledger as it is (all zero: no kong money, no win)
    table = Table()
    hooks.on_huang(rule_vec(), table.st, table.money)
    assert not table.money.any()
    table.money[MONEY_KONG] = [5, -1, -2, -2]  # whatever is there stays (nothing is voided or added)
    hooks.on_huang(rule_vec(), table.st, table.money)
    assert table.money[MONEY_KONG].tolist() == [5, -1, -2, -2] and not table.money[MONEY_HUANG].any()


def test_r17_r18_every_settlement_is_zero_sum_and_one_per_payer():
    # docs/rules/plain.md r17, r18: over every winner, feeder and kind
    for winner in range(4):
        for feeder in [-1] + [s for s in range(4) if s != winner]:
            win_kind = WIN_ZIMO if feeder < 0 else WIN_DIANHU
            row = np.zeros(4, np.int32)
            gain = pay_win_k(winner, feeder, win_kind, row)
            assert row.sum() == 0 and row[winner] == gain == (3 if feeder < 0 else 1)
            assert all(row[s] in (0, -1) for s in range(4) if s != winner)
