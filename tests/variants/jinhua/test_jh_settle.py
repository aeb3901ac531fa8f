"""金华 money (sim.variants.jinhua._settle): the payment table against hand-computed totals, 承包 in each
direction and with several pairs, the flags, and zero-sum over random settlements (RULES §3.5 r16–r22).
"""
import numpy as np
import pytest

from sim.core.codes import JH_CHENGBAO_ALL, JH_CHENGBAO_ZIMO, WIN_DIANHU, WIN_QIANGGANG, WIN_ZIMO
from sim.variants.jinhua._settle import pay_kong_k, settle_win_k, tan_counts_k


def settle(winner, feeder, win_kind, multiplier, dealer=0, tan_pairs=(), dealer_double=False,
           scope=JH_CHENGBAO_ALL):
    """Return (money per seat, 承包 change per seat, total received) of one win; ``tan_pairs`` lists
    (a, b) pairs where a holds three melds taken from b."""
    tan = np.zeros((4, 4), np.int8)
    for a, b in tan_pairs:
        tan[a, b] = 3
    money = np.zeros(4, np.int32)
    chengbao = np.zeros(4, np.int32)
    received = settle_win_k(winner, feeder, win_kind, multiplier, dealer, tan, dealer_double, scope, money,
                            chengbao)
    return money.tolist(), chengbao.tolist(), int(received)


def test_fangchong_discarder_pays_double():
    # RULES §3.5 r16: seat 1 wins on seat 2's discard, M 1: discarder 2X, the other two X each.
    assert settle(1, 2, WIN_DIANHU, 1) == ([-1, 4, -2, -1], [0, 0, 0, 0], 4)


def test_zimo_each_pays_2x():
    # RULES §3.5 r17: 自摸 with M 2 (e.g. 爆头): each of the three pays 2X·2.
    assert settle(3, -1, WIN_ZIMO, 2)[0] == [-4, -4, -4, 12]


def test_qianggang_is_paid_like_fangchong_by_the_kong_maker():
    # RULES §3.5 r18: seat 0 robs seat 3's 补杠, M 1: the kong maker pays 2X, the others X.
    assert settle(0, 3, WIN_QIANGGANG, 1, dealer=2)[0] == [4, -1, -1, -2]


def test_multipliers_multiply_into_the_payment():
    # RULES §3.4 r15 + r16: 清一色 (4) × 七对 (2) = 8; discarder pays 16, the others 8 each.
    assert settle(2, 0, WIN_DIANHU, 4 * 2, dealer=1)[0] == [-16, -8, 32, -8]


def test_dealer_double_only_with_the_flag():
    # RULES §3.5 r19: no dealer premium by default; with jh_dealer_double every payment the dealer
    # makes or receives doubles.
    assert settle(0, 1, WIN_DIANHU, 1, dealer=0)[0] == [4, -2, -1, -1]
    assert settle(0, 1, WIN_DIANHU, 1, dealer=0, dealer_double=True)[0] == [8, -4, -2, -2]
    assert settle(1, -1, WIN_ZIMO, 1, dealer=0, dealer_double=True)[0] == [-4, 8, -2, -2]


def test_chengbao_the_fed_seat_pays_the_winners_whole_win():
    # RULES §3.5 r20: winner 1 holds three melds from seat 2; on seat 3's discard (M 2) the three would
    # pay 4 + 2 + 2 = 8; seat 2 alone pays 8.
    money, chengbao, received = settle(1, 3, WIN_DIANHU, 2, tan_pairs=[(1, 2)])
    assert money == [0, 8, -8, 0]
    assert chengbao == [2, 0, -6, 4]
    assert received == 8


def test_chengbao_the_feeder_pays_double_when_the_fed_seat_wins():
    # RULES §3.5 r20: seat 3 holds three melds from seat 1; seat 1 self-draws (M 1): the three would pay
    # 6; seat 3 alone pays 2 × 6.
    money, chengbao, _ = settle(1, -1, WIN_ZIMO, 1, tan_pairs=[(3, 1)])
    assert money == [0, 12, 0, -12]
    assert chengbao == [2, 6, 2, -10]


def test_chengbao_several_pairs_each_count():
    # RULES §3.5 r20 「如果多者发生这种情况都要算」: winner 1 holds three from seat 2 and seat 3 holds three
    # from seat 1: seat 2 owes T and seat 3 owes 2T (自摸 M 1: T = 6).
    assert settle(1, -1, WIN_ZIMO, 1, tan_pairs=[(1, 2), (3, 1)])[0] == [0, 18, -6, -12]
    # the same seat on both sides of the winner (1 from 2 and 2 from 1) pays T + 2T
    assert settle(1, -1, WIN_ZIMO, 1, tan_pairs=[(1, 2), (2, 1)])[0] == [0, 18, -18, 0]
    # a pair that does not involve the winner changes nothing
    assert settle(1, 0, WIN_DIANHU, 1, tan_pairs=[(2, 3)]) == ([-2, 4, -1, -1], [0, 0, 0, 0], 4)


def test_chengbao_scope_zimo_only():
    # RULES §3.5 r20, A30: with jh_chengbao_scope = zimo a discard win is paid normally, a 自摸 by 承包.
    assert settle(1, 3, WIN_DIANHU, 1, tan_pairs=[(1, 2)], scope=JH_CHENGBAO_ZIMO)[0] == [-1, 4, -1, -2]
    assert settle(1, -1, WIN_ZIMO, 1, tan_pairs=[(1, 2)], scope=JH_CHENGBAO_ZIMO)[0] == [0, 6, -6, 0]


def test_chengbao_needs_three_melds():
    tan = np.zeros((4, 4), np.int8)
    tan[1, 2] = 2
    money = np.zeros(4, np.int32)
    chengbao = np.zeros(4, np.int32)
    settle_win_k(1, -1, WIN_ZIMO, 1, 0, tan, False, JH_CHENGBAO_ALL, money, chengbao)
    assert money.tolist() == [-2, 6, -2, -2]


def test_tan_counts_only_the_meld_types_of_the_mask():
    # RULES §3.5 r20, A30: seat 0 holds a 吃 (type 1) and a 碰 (type 2) from seat 3, a 明杠 (type 3) from
    # seat 3 and a 暗杠 (type 4, from itself); seat 2 a 碰 from seat 0.
    meld_type = np.array([[1, 2, 3, 4], [0, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]], np.int8)
    meld_from = np.array([[3, 3, 3, -1], [-1, -1, -1, -1], [0, -1, -1, -1], [-1, -1, -1, -1]], np.int8)
    n_melds = np.array([4, 0, 1, 0], np.int8)
    tan = np.zeros((4, 4), np.int8)
    tan_counts_k(meld_type, meld_from, n_melds, (1 << 1) | (1 << 2) | (1 << 3), tan)
    assert tan[0, 3] == 3 and tan[2, 0] == 1 and tan.sum() == 4
    tan_counts_k(meld_type, meld_from, n_melds, (1 << 1) | (1 << 2), tan)  # jh_kong_counts_tan off
    assert tan[0, 3] == 2 and tan.sum() == 3


def test_kong_money_only_with_the_flag():
    # RULES §3.5 r21, A35: kongs earn nothing by default.
    money = np.zeros(4, np.int32)
    assert pay_kong_k(2, 1, False, money) == 0 and money.tolist() == [0, 0, 0, 0]
    assert pay_kong_k(2, 2, True, money) == 6 and money.tolist() == [-2, -2, 6, -2]


@pytest.mark.parametrize("seed", range(3))
def test_random_settlements_are_zero_sum(seed):
    # every win's money and 承包 changes sum to zero; 承包 changes nothing when no pair touches the winner
    rng = np.random.default_rng(seed)
    for _ in range(2_000):
        winner = int(rng.integers(4))
        win_kind = int(rng.choice([WIN_ZIMO, WIN_DIANHU, WIN_QIANGGANG]))
        feeder = -1 if win_kind == WIN_ZIMO else int(rng.choice([s for s in range(4) if s != winner]))
        tan = rng.integers(0, 5, (4, 4)).astype(np.int8)
        np.fill_diagonal(tan, 0)
        money = np.zeros(4, np.int32)
        chengbao = np.zeros(4, np.int32)
        multiplier = int(rng.choice([1, 2, 4, 8, 16]))
        received = settle_win_k(winner, feeder, win_kind, multiplier, int(rng.integers(4)), tan,
                                bool(rng.integers(2)), int(rng.integers(2)), money, chengbao)
        assert money.sum() == 0 and chengbao.sum() == 0
        assert money[winner] == received > 0
        touched = (tan[winner] >= 3).any() or (tan[:, winner] >= 3).any()
        if not touched:
            assert not chengbao.any()
