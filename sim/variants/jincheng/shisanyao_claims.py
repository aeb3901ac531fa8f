"""拾 and 抢 of 晋城 (RULES §1.5 r30–r33): claiming a 幺九 discard toward 十三幺, and claim priority — kernels.

A seat that 拾s or 抢s sets the tile aside frozen (``frozen[seat, kind] = 1``) and is committed to 十三幺
(``ST_COMMITTED``); 抢 may be used once per hand (``ST_QIANG_USED``), 拾 only from the 上家.
"""
from numba import njit

from sim.core.codes import ACT_GANG, ACT_HU, ACT_PENG, ACT_QIANG, ACT_SHI
from sim.variants.jincheng.rule_slots import R_ALLOW_QIANG, R_ALLOW_SHI, R_QIANG_REQUIRES_SHI
from sim.core.state import (
    CLAIM_BIT_QIANG, CLAIM_BIT_SHI, EV_QIANG, EV_SHI, ST_COMMITTED, ST_N_FROZEN, ST_N_MELDS, ST_N_SHI, ST_QIANG_USED, ST_TING, is_yaojiu, log_event,
)


@njit(cache=True, inline='always')
def claim_priority(action):
    """Return the priority of a claim answer: 胡 4 > 抢 3 > 拾 2 > 杠 = 碰 1 > pass 0 (r19–r21)."""
    if action == ACT_HU:
        return 4
    if action == ACT_QIANG:
        return 3
    if action == ACT_SHI:
        return 2
    if action == ACT_GANG or action == ACT_PENG:
        return 1
    return 0


@njit(cache=True, inline='always')
def shi_qiang_bits(rule_vec, hands, frozen, st, seat, tile, source):
    """Return the CLAIM_BIT_SHI / CLAIM_BIT_QIANG bits ``seat`` has on the discard ``tile`` of ``source``
    (r30–r33: not 上架, no meld, a 幺九 kind it does not hold, 抢 not used yet), 0 when none."""
    bits = 0
    if (st[ST_TING + seat] == 0 and st[ST_N_MELDS + seat] == 0 and is_yaojiu(tile) and hands[seat, tile] == 0
            and frozen[seat, tile] == 0 and st[ST_QIANG_USED + seat] == 0):
        if rule_vec[R_ALLOW_SHI] == 1 and source == (seat + 3) % 4:
            bits |= CLAIM_BIT_SHI
        if rule_vec[R_ALLOW_QIANG] == 1 and (rule_vec[R_QIANG_REQUIRES_SHI] == 0 or st[ST_N_SHI + seat] > 0):
            bits |= CLAIM_BIT_QIANG
    return bits


@njit(cache=True, inline='always')
def take_frozen(frozen, st, events, seat, tile, source, action):
    """Apply a winning 拾 or 抢 (``action`` ACT_SHI / ACT_QIANG): freeze ``tile`` for ``seat``, commit it to
    十三幺 and log it; returns nothing."""
    frozen[seat, tile] = 1
    st[ST_N_FROZEN + seat] += 1
    st[ST_COMMITTED + seat] = 1
    if action == ACT_QIANG:
        st[ST_QIANG_USED + seat] = 1
        log_event(events, st, EV_QIANG, seat, tile, source)
    else:
        st[ST_N_SHI + seat] += 1
        log_event(events, st, EV_SHI, seat, tile, source)
