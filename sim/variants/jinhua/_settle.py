"""金华 money (RULES §3.5 r16–r22): one win into the ledger, with 承包 (三摊); kong money — compiled.

Units are X = 底注 (1). A win of multiplier M is paid by the three others (r16–r18):

* 放铳 (a discard win): the discarder 2·M, each other 1·M;
* 自摸: each 2·M;
* 抢杠胡: as 放铳, the kong maker in the discarder's place;
* with ``jh_dealer_double`` (A35) a payment is doubled when the dealer pays it or receives it (r19).

T is the sum of these three payments. **承包** (r20): ``tan[a, b]`` counts a's exposed melds (吃/碰, and
明杠 with ``jh_kong_counts_tan``) taken from b's discards. When the winner W holds ≥ 3 from some b, b
alone owes T; for every a holding ≥ 3 from W, a alone owes 2·T. If any such pair applies, the seats
liable under it pay and nobody else does; when several apply, each is paid in full ("如果多者发生这种
情况都要算", our reading: each pair counts; a seat liable twice pays both). With ``jh_chengbao_scope`` =
自摸 only, 承包 applies to self-drawn wins only. A winner holds at most four melds, so at most one b.

``chengbao`` records, per seat, what 承包 changed: the money it paid or received minus what it would
have without 承包 (zero-sum; all zero when no pair applies). Kongs earn nothing by default (r21);
荒庄 pays nothing (r22), so it needs no kernel.
"""
from numba import njit

from sim.core.codes import JH_CHENGBAO_ZIMO, WIN_ZIMO

TAN_NEEDED = 3    # exposed melds from one seat that make it liable (三摊)


@njit(cache=True, _nrt=False)
def tan_counts_k(meld_type, meld_from, n_melds, tan_type_mask, tan):
    """Fill ``tan`` (int8[4, 4]; [a, b] = a's melds taken from b that count as 摊) and return nothing.

    ``meld_type``/``meld_from`` int8[4, 4] ([seat, slot]: meld type code, seat it was taken from or -1),
    ``n_melds`` int8[4]; a meld counts when bit ``meld_type`` of ``tan_type_mask`` is set.
    """
    for a in range(4):
        for b in range(4):
            tan[a, b] = 0
        for i in range(n_melds[a]):
            source = meld_from[a, i]
            if source >= 0 and source != a and (tan_type_mask >> meld_type[a, i]) & 1:
                tan[a, source] += 1


@njit(cache=True, _nrt=False)
def base_payment_k(payer, winner, feeder, win_kind, multiplier, dealer, dealer_double):
    """Return what ``payer`` owes ``winner`` before 承包, in 底注 (r16–r19)."""
    if win_kind == WIN_ZIMO or payer == feeder:
        amount = 2 * multiplier
    else:
        amount = multiplier
    if dealer_double and (payer == dealer or winner == dealer):
        amount *= 2
    return amount


@njit(cache=True, _nrt=False)
def settle_win_k(winner, feeder, win_kind, multiplier, dealer, tan, dealer_double, chengbao_scope,
                 win_money, chengbao):
    """Add one win's payments to ``win_money`` (int32[4], 底注 per seat, + received) and what 承包 changed
    to ``chengbao`` (int32[4]); return the total the winner receives.

    ``feeder`` is the discarder (放铳) or the kong maker (抢杠胡), ignored for 自摸; ``tan`` int8[4, 4]
    from ``tan_counts_k``; ``chengbao_scope`` a ``JH_CHENGBAO_*`` code.
    """
    normal_total = 0
    for s in range(4):
        if s != winner:
            normal_total += base_payment_k(s, winner, feeder, win_kind, multiplier, dealer, dealer_double)
    liable_any = False
    if chengbao_scope != JH_CHENGBAO_ZIMO or win_kind == WIN_ZIMO:
        for s in range(4):
            if s != winner and (tan[winner, s] >= TAN_NEEDED or tan[s, winner] >= TAN_NEEDED):
                liable_any = True
    received = 0
    for s in range(4):
        if s == winner:
            continue
        normal = base_payment_k(s, winner, feeder, win_kind, multiplier, dealer, dealer_double)
        pay = normal
        if liable_any:
            pay = 0
            if tan[winner, s] >= TAN_NEEDED:
                pay += normal_total
            if tan[s, winner] >= TAN_NEEDED:
                pay += 2 * normal_total
        win_money[s] -= pay
        chengbao[s] += normal - pay
        received += pay
    win_money[winner] += received
    chengbao[winner] += received - normal_total
    return received


@njit(cache=True, _nrt=False)
def pay_kong_k(kong_seat, units, kong_enabled, kong_money):
    """Add a kong's money to ``kong_money`` (int32[4], 底注 per seat) and return what ``kong_seat`` receives:
    0 unless ``kong_enabled`` (``jh_kong_money``, A35, default off, r21), else ``units`` from each other seat
    (the caller passes the 明杠/补杠 or 暗杠 units; our choice, as 晋城 r44 pays them)."""
    if not kong_enabled:
        return 0
    for s in range(4):
        if s != kong_seat:
            kong_money[s] -= units
    kong_money[kong_seat] += 3 * units
    return 3 * units
