"""``random``: uniform over the legal actions, but 上架 whenever allowed — compiled kernel.

Reads only the legal-action mask of its own seat and its own decision generator.
"""
from numba import njit

from sim.core.state import ACT_ANGANG, ACT_SHANGJIA, N_ACTIONS
from sim.core.rng import bounded


@njit(cache=True)
def nth_set(mask, start, stop, n):
    """Return the index of the ``n``-th (0-based) True entry of ``mask[start:stop]``, -1 if none."""
    for a in range(start, stop):
        if mask[a]:
            if n == 0:
                return a
            n -= 1
    return -1


@njit(cache=True)
def random_action(mask, rng):
    """Return an ACT_* code: a uniform 上架 when any is legal, else uniform over all legal actions."""
    n_legal = 0
    for a in range(N_ACTIONS):
        if mask[a]:
            n_legal += 1
    return random_action_counted(mask, rng, n_legal)


@njit(cache=True)
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
