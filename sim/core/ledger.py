"""Ledger moves shared by every variant's settlement (the core's money primitives) — compiled.

Each kernel *adds* into one ``int32[4]`` ledger row (money per seat, in the variant's unit: 底注 or 底分) and
keeps it zero-sum: what the payers lose, the receiver gains.
"""
from numba import njit

from sim.core.state import N_SEATS


@njit(cache=True, _nrt=False)
def each_other_pays(receiver, amount, sole_payer, out):
    """Make every seat but ``receiver`` pay it ``amount`` in ``out``; with ``sole_payer`` >= 0 (a seat other than
    ``receiver``) that seat alone pays all three shares (包: a kong fed by a discarder, 包三家). Returns the
    receiver's gain, 3 × ``amount`` either way."""
    gain = 0
    for payer in range(N_SEATS):
        if payer == receiver:
            continue
        if sole_payer >= 0:
            share = amount * (N_SEATS - 1) if payer == sole_payer else 0
        else:
            share = amount
        out[payer] -= share
        gain += share
    out[receiver] += gain
    return gain


@njit(cache=True, _nrt=False)
def pays_every_other(payer, amount, out):
    """Move ``amount`` from ``payer`` to each of the three other seats in ``out``; return the payer's loss
    (3 × ``amount``)."""
    for seat in range(N_SEATS):
        if seat != payer:
            out[seat] += amount
    out[payer] -= amount * (N_SEATS - 1)
    return amount * (N_SEATS - 1)
