"""晋中 money of one win (RULES §2.5 r19–r22), in 底分 — compiled.

``settle_jz_win`` adds the hu money into one ledger row and the winner's kong money into another
(``int32[4]`` per seat each) and keeps both zero-sum. A 荒庄 moves no money (r21): there is no kernel
for it. The rule vector is the packed ``int32[N_RULE_FIELDS]`` of ``JinzhongRules.pack()``.

Pair weight w(P) = 2 when the dealer is the payer P or the winner W, else 1 (as 晋城, RULES §1.7).

* 点炮 by a 报听 discarder: each non-winner pays w(P)·M, the discarder 1 more (×M with
  ``jz_mult_on_extra``): 闲 wins 2+1+1+1 = 5, 庄 wins 2+2+2+1 = 7 (times M).
* 点炮 by a discarder **not** 报听 (包三家): the same total, all paid by the discarder.
* 自摸, and 抢杠胡 with ``jz_qianggang_as_zimo``: each non-winner pays 2·w(P)·M: 闲 8, 庄 12.
  Without it, 抢杠胡 is paid as 点炮 with the kong maker as the discarder.
* M = the product of the winning features' multipliers (r19), on the hu money only.
* ``jz_cap`` (r22): the hu money of one win is at most ``CAP_POINTS``; **[our choice]**: each payer's
  share is cut in proportion (rounded down), the units left over go to the payers in turn order
  after the winner, so the winner gets exactly the cap.
* Kong money (r20): for each of the winner's 明杠/补杠 each other player pays ``minggang_units``, for each
  暗杠 ``angang_units``; not multiplied; a win paid as 点炮 by a feeder not 报听 makes that feeder pay it all.
"""
import numpy as np
from numba import njit

from sim.core.codes import QIANGGANG_ZIMO, WIN_QIANGGANG, WIN_ZIMO
from sim.core.ledger import each_other_pays
from sim.core.rule_layout import R_ANGANG_UNITS, R_MINGGANG_UNITS, R_QIANGGANG_MODE
from sim.variants.jinzhong.rule_slots import R_JZ_CAP, R_JZ_MULT_ON_EXTRA
from sim.core.state import N_SEATS

CAP_POINTS = 100  # the 腊子 cap of RULES §2.5 r22 (「得分超过100胡有“腊子”上限」), in 底分


@njit(cache=True, _nrt=False)
def pair_weight(dealer, winner, payer):
    """Return w(P): 2 when the dealer is the payer or the winner, else 1."""
    if dealer == payer or dealer == winner:
        return 2
    return 1


@njit(cache=True, _nrt=False)
def paid_as_zimo(rule_vec, win_kind):
    """Return True when the win is paid as 自摸: a 自摸, or a 抢杠胡 under ``jz_qianggang_as_zimo`` (r17)."""
    return win_kind == WIN_ZIMO or (win_kind == WIN_QIANGGANG and rule_vec[R_QIANGGANG_MODE] == QIANGGANG_ZIMO)


@njit(cache=True, _nrt=False)
def hu_shares(rule_vec, dealer, winner, feeder, feeder_ting, win_kind, multiplier, shares):
    """Fill ``shares`` (int32[4], 底分, >= 0) with what each seat pays for the hu money (r19, r22 cap)."""
    zimo = paid_as_zimo(rule_vec, win_kind)
    for payer in range(N_SEATS):
        shares[payer] = 0
        if payer == winner:
            continue
        weight = pair_weight(dealer, winner, payer)
        if zimo:
            shares[payer] = 2 * weight * multiplier
        else:
            shares[payer] = weight * multiplier
            if payer == feeder:
                shares[payer] += multiplier if rule_vec[R_JZ_MULT_ON_EXTRA] != 0 else 1
    if not zimo and feeder_ting == 0:  # 包三家: the discarder pays the whole amount
        total = shares[0] + shares[1] + shares[2] + shares[3]
        for payer in range(N_SEATS):
            shares[payer] = total if payer == feeder else 0
    if rule_vec[R_JZ_CAP] != 0:
        _cap_shares(shares, winner, CAP_POINTS)


@njit(cache=True, _nrt=False)
def _cap_shares(shares, winner, cap):
    """Cut ``shares`` so that they total at most ``cap``: each in proportion (rounded down), the remainder one
    unit each to the payers in turn order after ``winner``."""
    total = shares[0] + shares[1] + shares[2] + shares[3]
    if total <= cap:
        return
    left = cap
    for payer in range(N_SEATS):
        shares[payer] = shares[payer] * cap // total
        left -= shares[payer]
    seat = winner
    while left > 0:
        seat = (seat + 1) % N_SEATS
        if seat != winner and shares[seat] > 0:
            shares[seat] += 1
            left -= 1


@njit(cache=True, _nrt=True)
def settle_jz_win(rule_vec, dealer, winner, feeder, feeder_ting, win_kind, multiplier, winner_minggangs,
                  winner_angangs, out_win, out_kong):
    """Add one win's money into ``out_win`` (hu money) and ``out_kong`` (the winner's kongs), int32[4] each, in
    底分; return the winner's total gain.

    ``feeder``: the discarder (点炮) or the robbed kong's maker (抢杠胡), -1 for 自摸; ``feeder_ting``: 1 when
    the feeder had 报听; ``multiplier``: ``total_multiplier_k`` of the win's features;
    ``winner_minggangs`` / ``winner_angangs``: the winner's 明杠+补杠 and 暗杠 counts.
    """
    shares = np.zeros(N_SEATS, np.int32)  # [seat] 底分 the seat pays for the hu money
    hu_shares(rule_vec, dealer, winner, feeder, feeder_ting, win_kind, multiplier, shares)
    gain = 0
    for payer in range(N_SEATS):
        out_win[payer] -= shares[payer]
        gain += shares[payer]
    out_win[winner] += gain
    per_opponent = winner_minggangs * rule_vec[R_MINGGANG_UNITS] + winner_angangs * rule_vec[R_ANGANG_UNITS]
    bao = not paid_as_zimo(rule_vec, win_kind) and feeder_ting == 0 and feeder >= 0
    kong_gain = each_other_pays(winner, per_opponent, feeder if bao else -1, out_kong)
    return gain + kong_gain
