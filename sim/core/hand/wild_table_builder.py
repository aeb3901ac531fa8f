"""Compiled builder of the wild-aware ("uncapped") hand-evaluation tables (one suit; the honors).

Same layout and meaning as ``sim.core.hand.table_builder`` (patterns in base 5, ten target classes
``sets * 2 + pair``, packed ``distance << 9 | useful ranks``), with one difference: a *target* may
hold any number of copies of a rank. A hand still holds at most four natural tiles of a kind, so
a target's copies beyond the fourth can only be wilds; this is what lets a 财神 stand for a fifth
copy (金华 爆头, RULES §3.4 r15: a self-draw of any tile completes it, even the fourth copy of a
held triplet). The distance is again the fewest tiles to add (natural or wild) so the pattern is
contained in some target of the class.

Build: a pattern (every count <= 4) is contained in an uncapped target ``T`` exactly when it is
contained in ``min(T, 4)``, so the exact-target step adds each set with counts *saturating* at 4
instead of refusing a fifth copy; the downward closure, coverage and masks are those of the
capped builder.
"""
import numpy as np
from numba import njit

from sim.core.hand.table_builder import _decode, _powers_of_five

N_CLASSES = 10      # target classes, column = sets * 2 + pair
DIST_SHIFT = 9      # packed entry: distance in bits 9.., useful ranks in bits 0..8
MAX_COUNT = 4       # natural copies of each kind


@njit(cache=True, _nrt=False)
def _saturating_add(index, digits, rank, amount, powers):
    """Return the pattern index after adding ``amount`` tiles of ``rank``, counts saturating at 4."""
    room = MAX_COUNT - digits[rank]
    return index + min(amount, room) * powers[rank]


@njit(cache=True, _nrt=True)
def _mark_saturated_targets(n_ranks, with_sequences, powers):
    """Return uint16[5**n_ranks]: bit (sets*2+pair) set when the pattern is ``min(T, 4)`` of a target T."""
    n_patterns = powers[n_ranks - 1] * 5
    is_target = np.zeros(n_patterns, np.uint16)  # [pattern] bit per class: pattern equals a clipped target
    is_target[0] = 1  # class (0, 0): the empty target
    for r in range(n_ranks):
        is_target[2 * powers[r]] |= np.uint16(1 << 1)  # class (0, 1): one pair
    digits = np.empty(n_ranks, np.int64)  # [rank] counts of the current pattern
    for sets in range(1, 5):
        for pair in range(2):
            source_bit = np.uint16(1 << ((sets - 1) * 2 + pair))
            target_bit = np.uint16(1 << (sets * 2 + pair))
            for index in range(n_patterns):
                if (is_target[index] & source_bit) == 0:
                    continue
                _decode(index, n_ranks, digits)
                for r in range(n_ranks):  # add a triplet of rank r
                    is_target[_saturating_add(index, digits, r, 3, powers)] |= target_bit
                if with_sequences:
                    for r in range(n_ranks - 2):  # add the sequence r, r+1, r+2
                        grown = index
                        for step in range(3):
                            grown = _saturating_add(grown, digits, r + step, 1, powers)
                        is_target[grown] |= target_bit
    return is_target


@njit(cache=True, _nrt=True)
def build_uncapped_component_table(n_ranks, with_sequences):
    """Return the packed table int16[5**n_ranks, 10] for targets without a copy limit.

    Entry ``[index, sets*2+pair]`` = ``distance << 9 | useful_mask``: distance in tiles to add,
    bit r of useful_mask set when one more natural tile of rank r (never a fifth) lowers it.
    """
    powers = _powers_of_five(n_ranks)
    n_patterns = powers[n_ranks - 1] * 5
    fits = _mark_saturated_targets(n_ranks, with_sequences, powers)  # [pattern] bit per class
    digits = np.empty(n_ranks, np.int64)  # [rank] counts of the current pattern
    for index in range(n_patterns - 1, -1, -1):  # downward closure
        _decode(index, n_ranks, digits)
        bits = fits[index]
        for r in range(n_ranks):
            if digits[r] < MAX_COUNT:
                bits |= fits[index + powers[r]]
        fits[index] = bits
    coverage = np.empty((n_patterns, N_CLASSES), np.int8)  # [pattern, class] largest fitting sub-multiset size
    for index in range(n_patterns):
        total = _decode(index, n_ranks, digits)
        for cls in range(N_CLASSES):
            if fits[index] & (1 << cls):
                coverage[index, cls] = total
            else:
                best = 0
                for r in range(n_ranks):
                    if digits[r] > 0 and coverage[index - powers[r], cls] > best:
                        best = coverage[index - powers[r], cls]
                coverage[index, cls] = best
    table = np.empty((n_patterns, N_CLASSES), np.int16)  # [pattern, class] packed distance | useful mask
    for index in range(n_patterns):
        _decode(index, n_ranks, digits)
        for cls in range(N_CLASSES):
            size = 3 * (cls >> 1) + 2 * (cls & 1)
            here = coverage[index, cls]
            mask = 0
            for r in range(n_ranks):
                if digits[r] < MAX_COUNT and coverage[index + powers[r], cls] > here:
                    mask |= 1 << r
            table[index, cls] = ((size - here) << DIST_SHIFT) | mask
    return table
