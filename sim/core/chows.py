"""吃: a run completed with the 上家's discard, on natural tiles (RULES §2.2 r7; §3.3 r10) — compiled kernels.

Shared by the variants that have 吃: 晋中 (``jz_chi``) uses these as they are; 金华 keeps its wild-aware shapes
(sim.variants.jinhua._calls) and takes the shape bits and the 下家 test from here. A shape is the position of
the claimed tile in the run: shape s (0 lowest, 1 middle, 2 highest) is answered with ``ACT_CHI_LOW + s``, is
offered as claim bit ``CLAIM_BIT_CHI_LOW << s``, and the run's lowest kind is ``tile - s``. ``hands`` and
``melds`` are int8[4, 34], ``st`` int64[N_ST] (sim.core.state).
"""
from numba import njit

from sim.core.melds import add_meld
from sim.core.state import (
    ACT_CHI_HIGH, ACT_CHI_LOW, ACT_GANG, ACT_HU, ACT_PENG, CLAIM_BIT_CHI_LOW, EV_CHOW, MELD_CHOW, ST_CHOWS, log_event,
)

CHOW_LOW = 1     # chow shape bits: the claimed tile is the lowest of the sequence (t, t+1, t+2)
CHOW_MID = 2     # ... the middle (t-1, t, t+1)
CHOW_HIGH = 4    # ... the highest (t-2, t-1, t)


@njit(cache=True, _nrt=False)
def is_next_seat(claimer, discarder):
    """Return True when ``claimer`` is the 下家 of ``discarder`` (the discarder is its 上家: the only seat it may
    吃 from)."""
    return claimer == (discarder + 1) % 4


@njit(cache=True, _nrt=False)
def chow_shapes(counts, tile):
    """Return the bitmask of CHOW_* shapes a seat holding ``counts`` (int8[34]) may 吃 with the discard ``tile``:
    the two other tiles of the run held, suit tiles only (an honour gives 0)."""
    if tile >= 27:
        return 0
    rank = tile % 9
    shapes = 0
    for shape in range(3):
        low = rank - shape
        if low < 0 or low + 2 > 8:
            continue
        held = True
        for r in range(low, low + 3):
            if r != rank and counts[tile - rank + r] == 0:
                held = False
        if held:
            shapes |= 1 << shape
    return shapes


@njit(cache=True, _nrt=False)
def chow_claim_bits(counts, tile, seat, source):
    """Return the CLAIM_BIT_CHI_* bits of ``seat`` holding ``counts`` on the discard ``tile`` of ``source``: only
    the 下家 of the discarder, natural tiles (0 when none)."""
    if not is_next_seat(seat, source):
        return 0
    return chow_shapes(counts, tile) * CLAIM_BIT_CHI_LOW


@njit(cache=True, _nrt=False)
def take_chow(hands, melds, st, events, seat, tile, source, shape):
    """吃 the discard ``tile`` of ``source`` (already out of the river) in ``shape`` (0..2): take the two other
    tiles from ``seat``'s hand, record the meld (lowest kind, fed by ``source``), count it in ``st[ST_CHOWS]``
    and log it; returns nothing."""
    low = tile - shape
    for k in range(low, low + 3):
        if k != tile:
            hands[seat, k] -= 1
    add_meld(melds, st, seat, MELD_CHOW, low, source)
    st[ST_CHOWS] += 1
    log_event(events, st, EV_CHOW, seat, tile, source * 8 + shape)


@njit(cache=True, _nrt=False)
def pong_equals_kong_priority(action):
    """Return the priority of a claim answer ``action`` (ACT_*) where 杠 and 碰 rank alike: 胡 3 > 杠 = 碰 2 > 吃 1 >
    pass 0 (金华 RULES §3.3 r10, 推倒胡 docs/rules/plain.md r8)."""
    if action == ACT_HU:
        return 3
    if action == ACT_GANG or action == ACT_PENG:
        return 2
    if action >= ACT_CHI_LOW and action <= ACT_CHI_HIGH:
        return 1
    return 0
