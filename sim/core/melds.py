"""Melds as values: per-seat meld records kept with the per-kind view ``melds`` — kernels.

A seat's melds are recorded in ``st`` as int64[4 seats, MAX_MELDS, 3] rows (MELD_* type, lowest tile kind,
from-seat; -1 = concealed) starting at ``ST_MELD_RECS``, in the order declared; ``st[ST_N_MELDS + seat]``
counts them. Hand evaluation and visibility read the per-kind view ``melds[seat, kind]`` (碰/杠 codes);
``add_meld`` and ``upgrade_meld`` are the only writers of both, so they cannot disagree (check mode verifies
it: sim.core.invariants ERR_MELD_RECORDS). A 吃 (MELD_CHOW: 金华, 晋中 jz_chi) lives in the records only.
"""
from numba import njit

from sim.core.state import (
    MAX_MELDS, MELD_CHOW, MELD_FIELDS, MELD_PONG, REC_FROM, REC_TILE, REC_TYPE, ST_MELD_RECS,
    ST_N_MELDS,
)


@njit(cache=True, inline='always')
def meld_slot(seat, index):
    """Return the ``st`` offset of meld record ``index`` (0..MAX_MELDS-1) of ``seat``; fields follow at +REC_*."""
    return ST_MELD_RECS + (seat * MAX_MELDS + index) * MELD_FIELDS


@njit(cache=True, _nrt=False)
def add_meld(melds, st, seat, meld_type, tile, from_seat):
    """Declare a meld of ``seat``: append the record (``meld_type`` MELD_*, lowest ``tile`` kind, ``from_seat``;
    -1 = concealed), set the per-kind view (not for a 吃) and count it in ``st[ST_N_MELDS + seat]``.
    Raises RuntimeError past MAX_MELDS (a fifth meld cannot happen in a legal hand); returns nothing."""
    n = st[ST_N_MELDS + seat]
    if n >= MAX_MELDS:
        raise RuntimeError("meld records full: a seat declared a fifth meld")
    slot = meld_slot(seat, n)
    st[slot + REC_TYPE] = meld_type
    st[slot + REC_TILE] = tile
    st[slot + REC_FROM] = from_seat
    if meld_type != MELD_CHOW:
        melds[seat, tile] = meld_type
    st[ST_N_MELDS + seat] = n + 1


@njit(cache=True, _nrt=False)
def upgrade_meld(melds, st, seat, tile, meld_type):
    """Grow ``seat``'s 碰 of ``tile`` into ``meld_type`` (MELD_BUGANG) in its record and the per-kind view; the
    meld count and from-seat stay. Raises RuntimeError when the seat has no 碰 of ``tile``; returns nothing."""
    for i in range(st[ST_N_MELDS + seat]):
        slot = meld_slot(seat, i)
        if st[slot + REC_TYPE] == MELD_PONG and st[slot + REC_TILE] == tile:
            st[slot + REC_TYPE] = meld_type
            melds[seat, tile] = meld_type
            return
    raise RuntimeError("upgrade_meld: the seat has no 碰 of that kind")

