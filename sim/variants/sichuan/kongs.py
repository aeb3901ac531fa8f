"""Kong money, 刮风下雨 (docs/rules/sichuan.md r63–r67): what each kong earns, its row in the kong log, and its
booking into the money rows — compiled kernels.

``kong_log`` int64[SC_MAX_KONGS, SC_KONG_FIELDS] holds one row per completed kong (columns ``codes.KL_*``: the
declarer, the MELD_* type, what each seat paid, booked, settled by 呼叫转移); ``n_kongs`` counts its rows.
``money`` int64[N_SC_MONEY, 4] is the hand's money in 底 per seat (+ received), row ``SC_MONEY_KONG`` here.
``active`` bool[4] marks the players who have not won (r55). Every row of the log sums to what its declarer earns.
"""
from numba import njit

from sim.core.codes import MELD_ANGANG, MELD_BUGANG, MELD_MINGGANG
from sim.variants.sichuan.codes import (
    KL_BOOKED, KL_PAID, KL_SEAT, KL_SETTLED, KL_TYPE, SC_KONG_TIMING_IMMEDIATE, SC_KONG_VALUES_111, SC_MAX_KONGS,
    SC_MONEY_KONG,
)
from sim.variants.sichuan.rule_slots import R_SC_KONG_MONEY_TIMING, R_SC_KONG_VALUES, R_SC_POSTPONED_BUGANG_PAYS


@njit(cache=True, _nrt=False)
def kong_amount_k(rule_vec, kong_type, postponed):
    """Return what each payer pays for a kong, in 底 (r63): 直杠 2 (the feeder), 暗杠 2 and 补杠 1 (each active
    other player) under ``2-2-1``, 1 each under ``1-1-1``; a 转手杠 (``postponed``: a 补杠 with a tile held from
    before this turn's draw) 0, or 1 with ``sc_postponed_bugang_pays`` (r64)."""
    if kong_type == MELD_BUGANG and postponed:
        return 1 if rule_vec[R_SC_POSTPONED_BUGANG_PAYS] != 0 else 0
    if rule_vec[R_SC_KONG_VALUES] == SC_KONG_VALUES_111:
        return 1
    return 1 if kong_type == MELD_BUGANG else 2


@njit(cache=True, _nrt=False)
def book_kong_k(kong_log, row, money):
    """Book kong ``row`` of the log into ``money[SC_MONEY_KONG]`` (each payer pays, the declarer receives) once;
    returns the declarer's gain in 底."""
    if kong_log[row, KL_BOOKED] != 0:
        return 0
    declarer = kong_log[row, KL_SEAT]
    gain = 0
    for s in range(4):
        paid = kong_log[row, KL_PAID + s]
        money[SC_MONEY_KONG, s] -= paid
        gain += paid
    money[SC_MONEY_KONG, declarer] += gain
    kong_log[row, KL_BOOKED] = 1
    return gain


@njit(cache=True, _nrt=False)
def record_kong_k(rule_vec, kong_log, n_kongs, declarer, kong_type, feeder, active, postponed, money):
    """Log a completed kong (a robbed 补杠 never completes, r30, r65) and, under ``immediate``, book it (r67);
    return the new ``n_kongs``. The payers are fixed now (r65): the ``feeder`` (the discarder) of a 直杠, else every
    active player but the declarer; players who have won never pay. Raises past SC_MAX_KONGS."""
    if n_kongs >= SC_MAX_KONGS:
        raise RuntimeError("kong log full: more kongs than four seats can make")
    amount = kong_amount_k(rule_vec, kong_type, postponed)
    for f in range(kong_log.shape[1]):
        kong_log[n_kongs, f] = 0
    kong_log[n_kongs, KL_SEAT] = declarer
    kong_log[n_kongs, KL_TYPE] = kong_type
    for s in range(4):
        if s == declarer or not active[s]:
            continue
        if kong_type == MELD_MINGGANG and s != feeder:
            continue
        kong_log[n_kongs, KL_PAID + s] = amount
    if rule_vec[R_SC_KONG_MONEY_TIMING] == SC_KONG_TIMING_IMMEDIATE:
        book_kong_k(kong_log, n_kongs, money)
    return n_kongs + 1


@njit(cache=True, _nrt=False)
def book_deferred_kongs_k(kong_log, n_kongs, money):
    """Book every kong not booked yet (``hand_end`` timing, r67: the totals are the same as ``immediate``); returns
    the 底 booked."""
    total = 0
    for row in range(n_kongs):
        total += book_kong_k(kong_log, row, money)
    return total


@njit(cache=True, _nrt=False)
def kong_income_k(kong_log, row):
    """Return what the declarer of kong ``row`` collected for it, in 底 (booked or not)."""
    total = 0
    for s in range(4):
        total += kong_log[row, KL_PAID + s]
    return total


@njit(cache=True, _nrt=False)
def is_kong_type_k(code):
    """Return True for a kong's MELD_* code (直杠, 补杠, 暗杠)."""
    return code == MELD_MINGGANG or code == MELD_BUGANG or code == MELD_ANGANG


@njit(cache=True, _nrt=False)
def unsettled_k(kong_log, row):
    """Return True while kong ``row`` has not been passed on or cancelled under 呼叫转移 (q13)."""
    return kong_log[row, KL_SETTLED] == 0
