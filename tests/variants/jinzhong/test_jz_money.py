"""晋中 payments of one win (RULES §2.5 r19–r22) against totals computed by hand from docs/rules/jinzhong.md §2.5.

Seats 0..3; ``win`` and ``kong`` are the two ledger rows (int32[4], 底分) after one call of ``settle_jz_win``.
"""
import numpy as np
import pytest

from sim.core import codes as C
from sim.variants.jinzhong._money import settle_jz_win
from sim.variants.jinzhong.config import JinzhongRules

ZIMO, DIANPAO, QIANGGANG = C.WIN_ZIMO, C.WIN_DIANHU, C.WIN_QIANGGANG


def settle(rules, dealer, winner, feeder, feeder_ting, kind, multiplier=1, minggangs=0, angangs=0):
    win = np.zeros(4, np.int32)
    kong = np.zeros(4, np.int32)
    gain = settle_jz_win(rules.pack(), dealer, winner, feeder, feeder_ting, kind, multiplier, minggangs, angangs,
                         win, kong)
    assert win.sum() == 0 and kong.sum() == 0  # zero-sum rows
    assert gain == win[winner] + kong[winner]
    return win.tolist(), kong.tolist()


# (case, dealer, winner, feeder, feeder 报听, kind, multiplier, expected win row) — computed by hand.
PAYMENT_TABLE = [
    # 点炮 by a 报听 discarder: each pays w(P), the discarder +1 (RULES §2.5 table row 1)
    ("闲 wins, 报听 discarder 2", 0, 1, 2, 1, DIANPAO, 1, [-2, 5, -2, -1]),            # 2+1+1 (+1) = 5
    ("闲 wins, 报听 discarder is the dealer", 0, 1, 0, 1, DIANPAO, 1, [-3, 5, -1, -1]),
    ("庄 wins, 报听 discarder 3", 0, 0, 3, 1, DIANPAO, 1, [7, -2, -2, -3]),            # 2+2+2 (+1) = 7
    # 点炮 by a discarder without 报听: 包三家, the discarder pays the whole amount (row 2)
    ("闲 wins, un-报听 discarder 2", 0, 1, 2, 0, DIANPAO, 1, [0, 5, -5, 0]),
    ("庄 wins, un-报听 discarder 3", 0, 0, 3, 0, DIANPAO, 1, [7, 0, 0, -7]),
    ("闲 wins, un-报听 dealer discards", 2, 1, 2, 0, DIANPAO, 1, [0, 5, -5, 0]),
    # 自摸: each pays 2·w(P) (row 3)
    ("闲 自摸", 0, 1, -1, 0, ZIMO, 1, [-4, 8, -2, -2]),
    ("庄 自摸", 3, 3, -1, 0, ZIMO, 1, [-4, -4, -4, 12]),
    # 抢杠胡 paid as 自摸 (RULES §2.4 r17, A19): the robbed kong maker (never 报听 at a 补杠) pays no 包
    ("闲 抢杠胡 of seat 2's 补杠", 0, 1, 2, 0, QIANGGANG, 1, [-4, 8, -2, -2]),
    ("庄 抢杠胡 of seat 1's 补杠", 0, 0, 1, 0, QIANGGANG, 1, [12, -4, -4, -4]),
    # multipliers on the hu money, including the +1 (RULES §2.5 r19, A23 on)
    ("闲 wins ×4, 报听 discarder 2", 0, 1, 2, 1, DIANPAO, 4, [-8, 20, -8, -4]),
    ("庄 wins ×2, un-报听 discarder 1", 0, 0, 1, 0, DIANPAO, 2, [14, -14, 0, 0]),
    ("闲 自摸 ×8", 2, 3, -1, 0, ZIMO, 8, [-16, -16, -32, 64]),
    ("庄 抢杠胡 ×4", 1, 1, 3, 0, QIANGGANG, 4, [-16, 48, -16, -16]),
]


@pytest.mark.parametrize("case, dealer, winner, feeder, ting, kind, multiplier, expected", PAYMENT_TABLE,
                         ids=[row[0] for row in PAYMENT_TABLE])
def test_payment_table(case, dealer, winner, feeder, ting, kind, multiplier, expected):
    """RULES §2.5: 闲 点炮 5, 庄 点炮 7, 闲 自摸 8, 庄 自摸 12 (× M), 包三家 by a discarder not 报听."""
    win, kong = settle(JinzhongRules(), dealer, winner, feeder, ting, kind, multiplier)
    assert win == expected and kong == [0, 0, 0, 0]


def test_the_extra_point_is_not_multiplied_without_jz_mult_on_extra():
    """RULES §2.5 r19, A23 off: the discarder's +1 stays 1 under a multiplier."""
    rules = JinzhongRules().replace(jz_mult_on_extra=False)
    assert settle(rules, 0, 1, 2, 1, DIANPAO, 4)[0] == [-8, 17, -5, -4]      # 8 + (4+1) + 4
    assert settle(rules, 0, 0, 3, 0, DIANPAO, 2)[0] == [13, 0, 0, -13]       # 包三家 of 4+4+(4+1)
    assert settle(rules, 0, 1, -1, 0, ZIMO, 4)[0] == [-16, 32, -8, -8]       # no extra on 自摸


def test_qianggang_as_dianpao_when_the_flag_is_off():
    """RULES §2.4 r17, A19 off: 抢杠胡 is paid as 点炮 by the kong maker, who (not 报听) pays it all."""
    rules = JinzhongRules().replace(jz_qianggang_as_zimo=False)
    assert settle(rules, 0, 1, 2, 0, QIANGGANG, 1) == ([0, 5, -5, 0], [0, 0, 0, 0])
    assert settle(rules, 0, 0, 2, 0, QIANGGANG, 1, minggangs=1) == ([7, 0, -7, 0], [3, 0, -3, 0])


def test_kong_money_of_the_winner_is_not_multiplied():
    """RULES §2.5 r20: each other player pays 1 per 明杠/补杠 and 2 per 暗杠 of the winner; ×M does not apply."""
    win, kong = settle(JinzhongRules(), 0, 1, 2, 1, DIANPAO, 4, minggangs=1, angangs=1)
    assert win == [-8, 20, -8, -4] and kong == [-3, 9, -3, -3]
    win, kong = settle(JinzhongRules(), 3, 3, -1, 0, ZIMO, 2, minggangs=2, angangs=0)
    assert win == [-8, -8, -8, 24] and kong == [-2, -2, -2, 6]


def test_kong_money_is_paid_entirely_by_an_un_baoting_discarder():
    """RULES §2.5 r20: a win on the discard of a player without 报听: that discarder pays all the kong money."""
    win, kong = settle(JinzhongRules(), 0, 1, 3, 0, DIANPAO, 1, minggangs=1, angangs=1)
    assert win == [0, 5, 0, -5] and kong == [0, 9, 0, -9]


def test_kong_units_are_configurable():
    rules = JinzhongRules().replace(minggang_units=2, angang_units=3)
    assert settle(rules, 0, 1, -1, 0, ZIMO, 1, minggangs=1, angangs=1)[1] == [-5, 15, -5, -5]


def test_the_cap_limits_the_hu_money_to_100():
    """RULES §2.5 r22, A26: with jz_cap a win's hu money is at most 100; shares cut in proportion, the left-over
    units to the payers after the winner; kong money is not capped."""
    capped = JinzhongRules().replace(jz_cap=True)
    assert settle(JinzhongRules(), 0, 0, -1, 0, ZIMO, 16)[0] == [192, -64, -64, -64]
    assert settle(capped, 0, 0, -1, 0, ZIMO, 16, angangs=1) == ([100, -34, -33, -33], [6, -2, -2, -2])
    assert settle(capped, 0, 1, 2, 0, DIANPAO, 32)[0] == [0, 100, -100, 0]   # 包三家 of 160
    assert settle(capped, 0, 1, -1, 0, ZIMO, 8)[0] == [-32, 64, -16, -16]    # under the cap: unchanged


def test_every_win_is_zero_sum_and_matches_the_formula():
    """Invariant over random wins: rows are zero-sum, each payer pays w(P)·M (+extra) or 2·w(P)·M, 包 moves it all."""
    rng = np.random.default_rng(9)
    rules = JinzhongRules()
    for _ in range(2000):
        dealer, winner = rng.integers(0, 4, 2)
        kind = [ZIMO, DIANPAO, QIANGGANG][rng.integers(0, 3)]
        feeder = -1 if kind == ZIMO else int(rng.choice([s for s in range(4) if s != winner]))
        ting = int(rng.integers(0, 2)) if kind == DIANPAO else 0
        multiplier = int(2 ** rng.integers(0, 5))
        ming, an = rng.integers(0, 3, 2)
        win, kong = settle(rules, dealer, winner, feeder, ting, kind, multiplier, ming, an)
        weights = [0 if p == winner else (2 if dealer in (p, winner) else 1) for p in range(4)]
        if kind == DIANPAO:
            total = (sum(weights) + 1) * multiplier
        else:
            total = 2 * sum(weights) * multiplier
        assert win[winner] == total
        assert kong[winner] == 3 * (ming + 2 * an)
        if kind == DIANPAO and ting == 0:
            assert win[feeder] == -total and kong[feeder] == -kong[winner]
