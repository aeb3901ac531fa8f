"""The wall's end with fewer than three winners (docs/rules/sichuan.md r70–r80): 查花猪, 查大叫 and 退税, each in its
own money row — compiled kernels.

``classes`` int64[4] and ``tmvs`` int64[4] come from ``ting.classify_table_k`` (TMV in 底; winners
``SC_CLASS_WON``); ``money`` int64[N_SC_MONEY, 4] in 底 per seat (+ received), rows ``SC_MONEY_HUAZHU``,
``SC_MONEY_DAJIAO``, ``SC_MONEY_TUISHUI``; ``kong_log`` / ``n_kongs`` as in ``sichuan.kongs``. Each step moves
money between seats only, so each row sums to zero.
"""
from numba import njit

from sim.variants.sichuan.codes import (
    KL_PAID, KL_SEAT, SC_CLASS_HUAZHU, SC_CLASS_TING, SC_CLASS_WEITING, SC_CLASS_WON, SC_HUAZHU_CAP,
    SC_HUAZHU_MAX_TMV, SC_HUAZHU_PAYEES_ALL, SC_HUAZHU_PLUS_TMV, SC_MONEY_DAJIAO, SC_MONEY_HUAZHU,
    SC_MONEY_TUISHUI,
)
from sim.variants.sichuan.fan import cap_of_k
from sim.variants.sichuan.kongs import unsettled_k
from sim.variants.sichuan.rule_slots import (
    R_SC_CHADAJIAO, R_SC_HUAZHU_AMOUNT, R_SC_HUAZHU_PAYEES, R_SC_HUAZHU_VS_READY, R_SC_TUISHUI,
)


@njit(cache=True, _nrt=False)
def huazhu_amount_k(rule_vec):
    """Return what a 花猪 pays each payee, in 底 (r73): 底 × 2^cap under ``cap``, else 16 or 8 (not capped, q7)."""
    packed = rule_vec[R_SC_HUAZHU_AMOUNT]
    if packed == SC_HUAZHU_CAP:
        return 1 << cap_of_k(rule_vec)
    return packed


@njit(cache=True, _nrt=False)
def chahuazhu_k(rule_vec, money, classes, tmvs):
    """查花猪 (r73, r74): each 花猪 pays each payee that is no 花猪 — the active ones, or winners too under ``all`` —
    the r73 amount; a ready payee gets the amount plus its TMV (``plus_tmv``) or the larger of the two
    (``max_tmv``), and the amount only without 查大叫 (q10). Returns the 底 moved."""
    amount = huazhu_amount_k(rule_vec)
    with_winners = rule_vec[R_SC_HUAZHU_PAYEES] == SC_HUAZHU_PAYEES_ALL
    vs_ready = rule_vec[R_SC_HUAZHU_VS_READY] if rule_vec[R_SC_CHADAJIAO] != 0 else 0
    moved = 0
    for pig in range(4):
        if classes[pig] != SC_CLASS_HUAZHU:
            continue
        for s in range(4):
            if s == pig or classes[s] == SC_CLASS_HUAZHU or (classes[s] == SC_CLASS_WON and not with_winners):
                continue
            pay = amount
            if classes[s] == SC_CLASS_TING:
                if vs_ready == SC_HUAZHU_PLUS_TMV:
                    pay = amount + tmvs[s]
                elif vs_ready == SC_HUAZHU_MAX_TMV:
                    pay = max(amount, tmvs[s])
            money[SC_MONEY_HUAZHU, pig] -= pay
            money[SC_MONEY_HUAZHU, s] += pay
            moved += pay
    return moved


@njit(cache=True, _nrt=False)
def chadajiao_k(rule_vec, money, classes, tmvs):
    """查大叫 (r75): with ``sc_chadajiao``, each 未听 player pays each 听牌 player that player's TMV; nothing moves
    when all or none are ready (r79). Returns the 底 moved."""
    if rule_vec[R_SC_CHADAJIAO] == 0:
        return 0
    moved = 0
    for payer in range(4):
        if classes[payer] != SC_CLASS_WEITING:
            continue
        for s in range(4):
            if classes[s] == SC_CLASS_TING:
                money[SC_MONEY_DAJIAO, payer] -= tmvs[s]
                money[SC_MONEY_DAJIAO, s] += tmvs[s]
                moved += tmvs[s]
    return moved


@njit(cache=True, _nrt=False)
def tuishui_k(rule_vec, money, kong_log, n_kongs, classes):
    """退税 (r77): with ``sc_tuishui``, every 未听 player or 花猪 hands each kong's money back to whoever paid it,
    payers who have won since included; a kong settled under 呼叫转移 is never refunded (q13). Returns the 底
    moved."""
    if rule_vec[R_SC_TUISHUI] == 0:
        return 0
    moved = 0
    for row in range(n_kongs):
        declarer = kong_log[row, KL_SEAT]
        if classes[declarer] != SC_CLASS_WEITING and classes[declarer] != SC_CLASS_HUAZHU:
            continue
        if not unsettled_k(kong_log, row):
            continue
        for s in range(4):
            back = kong_log[row, KL_PAID + s]
            money[SC_MONEY_TUISHUI, s] += back
            money[SC_MONEY_TUISHUI, declarer] -= back
            moved += back
    return moved


@njit(cache=True, _nrt=False)
def wall_end_k(rule_vec, money, classes, tmvs, kong_log, n_kongs):
    """Run the wall's end in its order, 查花猪, 查大叫, 退税 (r78; the steps are independent, so the order changes no
    total), among the active players (r70); nothing when three have won (r80). Returns the 底 moved."""
    winners = 0
    for s in range(4):
        winners += 1 if classes[s] == SC_CLASS_WON else 0
    if winners >= 3:
        return 0
    moved = chahuazhu_k(rule_vec, money, classes, tmvs)
    moved += chadajiao_k(rule_vec, money, classes, tmvs)
    moved += tuishui_k(rule_vec, money, kong_log, n_kongs, classes)
    return moved
