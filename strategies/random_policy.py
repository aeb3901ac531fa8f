"""``random``: uniform over the legal actions, but 上架 whenever allowed — compiled kernel.

Reads only the legal-action mask of its own seat and its own decision generator.
"""
from numba import njit

from sim.core.state import (
    ACT_ANGANG, ACT_BUGANG, ACT_CHI_HIGH, ACT_CHI_LOW, ACT_CHI_MID, ACT_DISCARD, ACT_GANG, ACT_HU, ACT_PASS, ACT_PENG,
    ACT_QIANG, ACT_SHANGJIA, ACT_SHI, ACT_ZIMO, CLAIM_BIT_CHI_HIGH, CLAIM_BIT_CHI_LOW, CLAIM_BIT_CHI_MID,
    CLAIM_BIT_GANG, CLAIM_BIT_HU, CLAIM_BIT_PENG, CLAIM_BIT_QIANG, CLAIM_BIT_SHI, N_ACTIONS,
)
from sim.core.rng import bounded
from sim.core.ting import count_bits


@njit(cache=True, _nrt=False)
def nth_set(mask, start, stop, n):
    """Return the index of the ``n``-th (0-based) True entry of ``mask[start:stop]``, -1 if none."""
    for a in range(start, stop):
        if mask[a]:
            if n == 0:
                return a
            n -= 1
    return -1


@njit(cache=True, _nrt=False)
def random_action(mask, rng):
    """Return an ACT_* code: a uniform 上架 when any is legal, else uniform over all legal actions."""
    n_legal = 0
    for a in range(N_ACTIONS):
        if mask[a]:
            n_legal += 1
    return random_action_counted(mask, rng, n_legal)


@njit(cache=True, _nrt=False)
def random_action_counted(mask, rng, n_legal):
    """Return ``random_action(mask, rng)`` given ``n_legal``, the number of True entries of ``mask`` (the hand
    loop has it from the legal builder: its count, plus ACT_PASS in a claim window), so the mask is not
    counted again."""
    n_shangjia = 0
    for a in range(ACT_SHANGJIA, ACT_ANGANG):
        if mask[a]:
            n_shangjia += 1
    if n_shangjia > 0:
        return nth_set(mask, ACT_SHANGJIA, ACT_ANGANG, bounded(rng, n_shangjia))
    return nth_set(mask, 0, N_ACTIONS, bounded(rng, n_legal))


@njit(cache=True, inline='always')
def nth_kind(kinds, n):
    """Return the ``n``-th (0-based, from kind 0 up) kind of the int64 bit set ``kinds`` (n < its size)."""
    for _ in range(n):
        kinds &= kinds - 1  # drop the lowest kind
    return count_bits((kinds & -kinds) - 1)  # the lowest kind left: the number of bits below it


@njit(cache=True, inline='always')
def random_self_action(discards, marks, angang, bugang, zimo, rng):
    """Return ``random_action(mask, rng)`` for the self-phase mask whose actions are these (the tuple
    sim.core.legal.legal_self_kinds returns: ACT_DISCARD + t for each kind t of ``discards``, ACT_SHANGJIA + t
    of ``marks``, ACT_ANGANG + t of ``angang``, ACT_BUGANG + t of ``bugang``, ACT_ZIMO when ``zimo`` is 1),
    drawing the same numbers: the n-th True entry of the mask in index order is the n-th action in that
    order."""
    if marks != 0:
        return ACT_SHANGJIA + nth_kind(marks, bounded(rng, count_bits(marks)))
    n_discards = count_bits(discards)
    n_angang = count_bits(angang)
    n_bugang = count_bits(bugang)
    n = bounded(rng, n_discards + n_angang + n_bugang + zimo)
    if n < n_discards:
        return ACT_DISCARD + nth_kind(discards, n)
    n -= n_discards
    if n < n_angang:
        return ACT_ANGANG + nth_kind(angang, n)
    n -= n_angang
    if n < n_bugang:
        return ACT_BUGANG + nth_kind(bugang, n)
    return ACT_ZIMO


@njit(cache=True, inline='always')
def random_claim_action(bits, rng):
    """Return ``random_action(mask, rng)`` for the claim-window mask of the CLAIM_BIT_* set ``bits`` (the mask
    sim.core.legal.claim_mask fills: ACT_PASS and one action per bit), drawing the same numbers: the claim
    actions in index order are ACT_PASS, 碰, 杠, 拾, 抢, 胡, then the three 吃."""
    n = bounded(rng, 1 + count_bits(bits))
    if n == 0:
        return ACT_PASS
    for action, bit in ((ACT_PENG, CLAIM_BIT_PENG), (ACT_GANG, CLAIM_BIT_GANG), (ACT_SHI, CLAIM_BIT_SHI),
                        (ACT_QIANG, CLAIM_BIT_QIANG), (ACT_HU, CLAIM_BIT_HU), (ACT_CHI_LOW, CLAIM_BIT_CHI_LOW),
                        (ACT_CHI_MID, CLAIM_BIT_CHI_MID), (ACT_CHI_HIGH, CLAIM_BIT_CHI_HIGH)):
        if bits & bit:
            n -= 1
            if n == 0:
                return action
    return -1  # not reached: n is below 1 + the number of bits
