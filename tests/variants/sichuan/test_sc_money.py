"""Sichuan kong money and win payments (sim.variants.sichuan.kongs, .payments; docs/rules/sichuan.md r59–r69):
each kernel against the rules' amounts and examples, every money row summing to zero."""
import numpy as np
import pytest

from sim.core.codes import MELD_ANGANG, MELD_BUGANG, MELD_MINGGANG
from sim.variants.sichuan import codes as S
from sim.variants.sichuan import kongs as K
from sim.variants.sichuan import payments as P
from sim.variants.sichuan.config import SichuanRules

DEFAULT = SichuanRules().pack()
ALL = np.ones(4, np.bool_)


def fresh():
    """Return an empty (money int64[N_SC_MONEY, 4], kong log int64[SC_MAX_KONGS, SC_KONG_FIELDS])."""
    return np.zeros((S.N_SC_MONEY, 4), np.int64), np.zeros((S.SC_MAX_KONGS, S.SC_KONG_FIELDS), np.int64)


def active(*won):
    """Return bool[4] with the seats of ``won`` inactive."""
    flags = np.ones(4, np.bool_)
    flags[list(won)] = False
    return flags


@pytest.mark.parametrize("kong_type, feeder, want", [
    (MELD_MINGGANG, 0, [-2, 2, 0, 0]),     # 直杠: the discarder pays 2
    (MELD_ANGANG, -1, [-2, 6, -2, -2]),    # 暗杠: each other active pays 2 (6 with three payers, sanity numbers)
    (MELD_BUGANG, -1, [-1, 3, -1, -1]),    # 补杠: each other active pays 1
])
def test_r63_kong_money_2_2_1(kong_type, feeder, want):
    # docs/rules/sichuan.md r63, default sc_kong_values=2-2-1; seat 1 declares
    money, log = fresh()
    n = K.record_kong_k(DEFAULT, log, 0, 1, kong_type, feeder, ALL, False, money)
    assert n == 1 and money[S.SC_MONEY_KONG].tolist() == want and money.sum() == 0


def test_r63_kong_values_1_1_1():
    # docs/rules/sichuan.md r63: sc_kong_values=1-1-1
    rules = SichuanRules(sc_kong_values="1-1-1").pack()
    assert [K.kong_amount_k(rules, t, False) for t in (MELD_MINGGANG, MELD_ANGANG, MELD_BUGANG)] == [1, 1, 1]


def test_r64_a_postponed_bugang_earns_nothing_by_default():
    # docs/rules/sichuan.md r64: 转手杠 0; 1 each with sc_postponed_bugang_pays
    assert K.kong_amount_k(DEFAULT, MELD_BUGANG, True) == 0
    assert K.kong_amount_k(SichuanRules(sc_postponed_bugang_pays=True).pack(), MELD_BUGANG, True) == 1


def test_r65_r55_players_who_have_won_never_pay_kong_money():
    # docs/rules/sichuan.md r65: the payers are the active players when the kong completes
    money, log = fresh()
    K.record_kong_k(DEFAULT, log, 0, 1, MELD_ANGANG, -1, active(2), False, money)
    assert money[S.SC_MONEY_KONG].tolist() == [-2, 4, 0, -2]


def test_r67_hand_end_timing_books_the_same_totals_later():
    # docs/rules/sichuan.md r67: hand_end books kong money at the settlement; totals equal immediate's
    late = SichuanRules(sc_kong_money_timing="hand_end").pack()
    money, log = fresh()
    n = K.record_kong_k(late, log, 0, 1, MELD_ANGANG, -1, ALL, False, money)
    n = K.record_kong_k(late, log, n, 3, MELD_MINGGANG, 0, ALL, False, money)
    assert not money.any()
    assert K.book_deferred_kongs_k(log, n, money) == 8
    now, log2 = fresh()
    m = K.record_kong_k(DEFAULT, log2, 0, 1, MELD_ANGANG, -1, ALL, False, now)
    K.record_kong_k(DEFAULT, log2, m, 3, MELD_MINGGANG, 0, ALL, False, now)
    assert (money == now).all() and K.book_deferred_kongs_k(log, n, money) == 0


def test_r59_dianpao_the_discarder_pays_each_winner_its_own_value():
    # docs/rules/sichuan.md r59: 一炮多响, seat 0 discards, seat 1 has F 1 (V 2) and seat 3 F 3 (V 8)
    money, _ = fresh()
    assert P.pay_win_k(DEFAULT, money, 1, 0, 1, 0, ALL, -1) == 2
    assert P.pay_win_k(DEFAULT, money, 3, 0, 3, 0, ALL, -1) == 8
    assert money[S.SC_MONEY_WIN].tolist() == [-10, 2, 0, 8]


def test_r60_zimo_every_active_other_pays_value_plus_one():
    # docs/rules/sichuan.md r60 and the sanity numbers: at the cap, 9 each: 27 with three payers, 18 with two
    money, _ = fresh()
    assert P.pay_win_k(DEFAULT, money, 2, -1, 5, S.CTX_ZIMO, ALL, -1) == 27
    money2, _ = fresh()
    assert P.pay_win_k(DEFAULT, money2, 2, -1, 5, S.CTX_ZIMO, active(0), -1) == 18
    assert money2[S.SC_MONEY_WIN].tolist() == [0, -9, 18, -9] and money2.sum() == 0


def test_r61_qianggang_the_robbed_player_pays_as_a_discarder():
    # docs/rules/sichuan.md r61: the 补杠's declarer pays V (F 1 with 抢杠胡's +1)
    money, _ = fresh()
    assert P.pay_win_k(DEFAULT, money, 0, 3, 1, S.CTX_QIANGGANG, ALL, -1) == 2
    assert money[S.SC_MONEY_WIN].tolist() == [2, 0, 0, -2]


def test_r62_q8_dian_gang_hua_paid_as_zimo_or_by_the_feeder():
    # docs/rules/sichuan.md r62: 点杠花 (seat 1's 直杠 fed by seat 0), F 1: as a 自摸 by default, by the feeder alone
    # and without the 自摸 底 under dianpao (q8)
    ctx = S.CTX_ZIMO | S.CTX_AFTER_KONG
    money, _ = fresh()
    assert P.pay_win_k(DEFAULT, money, 1, -1, 1, ctx, ALL, 0) == 9
    money2, _ = fresh()
    assert P.pay_win_k(SichuanRules(sc_dian_gang_hua="dianpao").pack(), money2, 1, -1, 1, ctx, ALL, 0) == 2
    assert money2[S.SC_MONEY_WIN].tolist() == [-2, 2, 0, 0]


def gangshangpao(rules, winners, kong=MELD_MINGGANG):
    """Seat 1 makes a kong (a 直杠 on seat 0's discard by default), then its discard is won by ``winners`` with
    F 1 each (杠上炮); return the money after the wins and 呼叫转移."""
    money, log = fresh()
    n = K.record_kong_k(rules, log, 0, 1, kong, 0, ALL, False, money)
    winners_mask = np.zeros(4, np.bool_)
    winners_mask[list(winners)] = True
    for w in winners:
        P.pay_win_k(rules, money, w, 1, 1, S.CTX_KONG_DISCARD, ALL, -1)
    P.hujiao_zhuanyi_k(rules, money, log, n, n - 1, 1, winners_mask)
    assert (money.sum(axis=1) == 0).all()
    return money, log


def test_r68_hujiao_zhuanyi_last_kong_worked_example():
    # docs/rules/sichuan.md r68 example: seat 0 −2, seat 1 −2, seat 2 +4
    money, log = gangshangpao(DEFAULT, [2])
    assert money.sum(axis=0).tolist() == [-2, -2, 4, 0]
    assert money[S.SC_MONEY_HUJIAO].tolist() == [0, -2, 2, 0] and log[0, S.KL_SETTLED] == 1


def test_r68_hujiao_zhuanyi_cancel_and_off_and_all_kongs():
    # docs/rules/sichuan.md r68: cancel refunds the kong's payers; off moves nothing; all_kongs passes every kong
    money, _ = gangshangpao(SichuanRules(sc_hujiao_zhuanyi="cancel").pack(), [2])
    assert money.sum(axis=0).tolist() == [0, -2, 2, 0]
    money, _ = gangshangpao(SichuanRules(sc_hujiao_zhuanyi="off").pack(), [2])
    assert money.sum(axis=0).tolist() == [-2, 0, 2, 0]
    rules = SichuanRules(sc_hujiao_zhuanyi="all_kongs").pack()
    money, log = fresh()
    n = K.record_kong_k(rules, log, 0, 1, MELD_ANGANG, -1, ALL, False, money)
    n = K.record_kong_k(rules, log, n, 1, MELD_MINGGANG, 3, ALL, False, money)
    assert P.hujiao_zhuanyi_k(rules, money, log, n, n - 1, 1, np.array([False, False, True, False])) == 8


def test_r69_q14_several_winners_each_full_or_split():
    # docs/rules/sichuan.md r69: each_full gives each winner the full 2 (seat 1 pays 2 beyond what it collected);
    # split divides 2 between seats 2 and 3, the remainder to the first in turn order after the discarder (q14)
    money, _ = gangshangpao(DEFAULT, [2, 3], kong=MELD_BUGANG)   # 补杠: collected 3
    assert money[S.SC_MONEY_HUJIAO].tolist() == [0, -6, 3, 3]
    money, _ = gangshangpao(SichuanRules(sc_hjzy_multi="split").pack(), [2, 3], kong=MELD_BUGANG)
    assert money[S.SC_MONEY_HUJIAO].tolist() == [0, -3, 2, 1]


def test_r66_kong_money_is_never_capped():
    # docs/rules/sichuan.md r66: kong money is separate from 番 and the cap
    money, log = fresh()
    n = 0
    for kind_of in (MELD_ANGANG, MELD_ANGANG, MELD_ANGANG, MELD_ANGANG):
        n = K.record_kong_k(DEFAULT, log, n, 1, kind_of, -1, ALL, False, money)
    assert money[S.SC_MONEY_KONG, 1] == 24
