"""Win payments and 呼叫转移 (docs/rules/sichuan.md r59–r62, r68–r69) — compiled kernels.

Money is in 底: ``money`` int64[N_SC_MONEY, 4] (+ received), rows ``SC_MONEY_WIN`` and ``SC_MONEY_HUJIAO``.
``active`` bool[4] marks the players who had not won before this win (r55: winners never pay); ``fan`` is the
winner's F (``fan.win_fan_k``), ``ctx`` the win's ``codes.CTX_*`` bits; ``kong_log`` / ``n_kongs`` as in
``sichuan.kongs``.
"""
from numba import njit

from sim.variants.sichuan.codes import (
    CTX_AFTER_KONG, CTX_ZIMO, KL_PAID, KL_SEAT, KL_SETTLED, SC_DGH_DIANPAO, SC_HJZY_ALL_KONGS, SC_HJZY_CANCEL,
    SC_HJZY_LAST_KONG, SC_HJZY_MULTI_SPLIT, SC_MONEY_HUJIAO, SC_MONEY_WIN,
)
from sim.variants.sichuan.fan import discard_payment_k, zimo_payment_k
from sim.variants.sichuan.kongs import kong_income_k, unsettled_k
from sim.variants.sichuan.rule_slots import R_SC_DIAN_GANG_HUA, R_SC_HJZY_MULTI, R_SC_HUJIAO_ZHUANYI


@njit(cache=True, _nrt=False)
def pay_win_k(rule_vec, money, winner, feeder, fan, ctx, active, kong_feeder):
    """Book one winner's payment in ``money[SC_MONEY_WIN]``; return the winner's gain in 底.

    * 自摸 (``ctx`` CTX_ZIMO): every active player but the winner pays ``zimo_payment_k`` (r60); a 点杠花 (a
      杠上开花 after a 直杠 fed by ``kong_feeder`` >= 0) under ``sc_dian_gang_hua=dianpao`` is paid by the feeder
      alone, V with no 自摸 底 (r62, q8).
    * On a discard or a robbed 补杠: ``feeder`` (the discarder, or the robbed kong's declarer) pays V (r59, r61);
      each winner of 一炮多响 is booked by its own call.
    """
    gain = 0
    if ctx & CTX_ZIMO:
        dian_gang_hua = ctx & CTX_AFTER_KONG != 0 and kong_feeder >= 0
        if dian_gang_hua and rule_vec[R_SC_DIAN_GANG_HUA] == SC_DGH_DIANPAO:
            gain = discard_payment_k(fan, rule_vec)
            money[SC_MONEY_WIN, kong_feeder] -= gain
        else:
            each = zimo_payment_k(fan, rule_vec)
            for s in range(4):
                if s != winner and active[s]:
                    money[SC_MONEY_WIN, s] -= each
                    gain += each
    else:
        gain = discard_payment_k(fan, rule_vec)
        money[SC_MONEY_WIN, feeder] -= gain
    money[SC_MONEY_WIN, winner] += gain
    return gain


@njit(cache=True, _nrt=False)
def _settle_rows_k(kong_log, n_kongs, discarder, last_kong, all_kongs):
    """Mark settled and return the unsettled income of the discarder's kong ``last_kong`` (or of all its kongs)."""
    amount = 0
    for row in range(n_kongs):
        if kong_log[row, KL_SEAT] != discarder or not unsettled_k(kong_log, row):
            continue
        if all_kongs or row == last_kong:
            amount += kong_income_k(kong_log, row)
            kong_log[row, KL_SETTLED] = 1
    return amount


@njit(cache=True, _nrt=False)
def hujiao_zhuanyi_k(rule_vec, money, kong_log, n_kongs, last_kong, discarder, winners):
    """Apply 呼叫转移 to a 杠上炮 won by the seats of ``winners`` (bool[4]) on ``discarder``'s discard after its kong
    ``last_kong`` (a row of the log), in ``money[SC_MONEY_HUJIAO]`` (r68, r69); return the 底 moved.

    ``last_kong``: that kong's income goes to the winner; ``all_kongs``: all the discarder's kong income this hand;
    ``cancel``: that kong's payers get their money back; ``off``: nothing. Several winners: each gets the full
    amount and the discarder pays what it did not collect (``each_full``), or the amount is split equally with the
    remainder to the first winner in turn order after the discarder (``split``, q14). A kong passed on or cancelled
    is settled and 退税 never refunds it (q13)."""
    mode = rule_vec[R_SC_HUJIAO_ZHUANYI]
    if mode != SC_HJZY_LAST_KONG and mode != SC_HJZY_ALL_KONGS and mode != SC_HJZY_CANCEL:
        return 0
    if mode == SC_HJZY_CANCEL:
        if kong_log[last_kong, KL_SEAT] != discarder or not unsettled_k(kong_log, last_kong):
            return 0
        moved = 0
        for s in range(4):
            back = kong_log[last_kong, KL_PAID + s]
            money[SC_MONEY_HUJIAO, s] += back
            moved += back
        money[SC_MONEY_HUJIAO, discarder] -= moved
        kong_log[last_kong, KL_SETTLED] = 1
        return moved
    amount = _settle_rows_k(kong_log, n_kongs, discarder, last_kong, mode == SC_HJZY_ALL_KONGS)
    n_winners = 0
    for s in range(4):
        n_winners += 1 if winners[s] else 0
    if amount == 0 or n_winners == 0:
        return 0
    split = rule_vec[R_SC_HJZY_MULTI] == SC_HJZY_MULTI_SPLIT
    share = amount // n_winners if split else amount
    remainder = amount - share * n_winners if split else 0
    moved = 0
    for d in range(1, 4):
        s = (discarder + d) % 4
        if winners[s]:
            give = share + remainder
            remainder = 0
            money[SC_MONEY_HUJIAO, s] += give
            moved += give
    money[SC_MONEY_HUJIAO, discarder] -= moved
    return moved
