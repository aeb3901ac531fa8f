"""Compiled builder of the hand-evaluation lookup tables (one suit's 9 counts; the 7 honors).

A *component* is one suit (9 ranks, sequences allowed) or the honors (7 ranks, triplets and
pairs only). A component pattern is its counts ``c`` (each 0..4), indexed in base 5:
``index = sum(c[r] * 5**r)``. A *target* of class ``(sets, pair)`` (sets 0..4, pair 0/1) is a
multiset of ``sets`` sets plus ``pair`` pairs inside the component with every count <= 4 (a
target never needs a fifth copy). For each pattern and class the table stores

* the distance: the fewest tiles to add so the pattern contains some target of the class
  (tiles of the pattern left out of the target are simply unused), and
* the useful mask: bit ``r`` set when adding one tile of rank ``r`` lowers that distance.

Packed entry (int16): ``distance << DIST_SHIFT | useful_mask`` (distance <= 14, mask 9 bits).
Column ``sets * 2 + pair``. The build uses distance = 3*sets + 2*pair - M(c), where M(c) is the
largest sub-multiset of ``c`` that fits inside some target ("coverage").

The same body builds the wild-aware tables (``sim.core.hand.wild_table_builder``), whose targets
have no four-copy limit: ``build_component_table(..., uncapped=True)``.
"""
import numpy as np
from numba import njit

N_CLASSES = 10      # target classes, column = sets * 2 + pair
DIST_SHIFT = 9      # packed entry: distance in bits 9.., useful ranks in bits 0..8
MAX_COUNT = 4       # copies of each kind


@njit(cache=True, _nrt=True)
def _powers_of_five(n_ranks):
    """Return int64[n_ranks]: 5**r, the index step of one tile of rank r."""
    powers = np.empty(n_ranks, np.int64)  # [n_ranks] index step per rank
    step = 1
    for r in range(n_ranks):
        powers[r] = step
        step *= 5
    return powers


@njit(cache=True, _nrt=False)
def _decode(index, n_ranks, digits):
    """Write the counts of pattern ``index`` into ``digits`` (int64[n_ranks]); returns the tile total."""
    total = 0
    for r in range(n_ranks):
        digits[r] = index % 5
        total += digits[r]
        index //= 5
    return total


@njit(cache=True, _nrt=False)
def _grown_index(index, digits, rank, amount, powers, uncapped):
    """Return the pattern index after adding ``amount`` tiles of ``rank`` to pattern ``index`` (counts
    ``digits``), or -1 when that passes four copies. With ``uncapped`` the count saturates at four instead
    (a target's copies beyond the fourth can only be wilds, see ``wild_table_builder``)."""
    room = MAX_COUNT - digits[rank]
    if amount > room:
        if not uncapped:
            return -1
        amount = room
    return index + amount * powers[rank]


@njit(cache=True, _nrt=True)
def _mark_exact_targets(n_ranks, with_sequences, powers, uncapped):
    """Return uint16[5**n_ranks]: bit (sets*2+pair) set when the pattern is exactly a target of that class
    (with ``uncapped``: exactly ``min(T, 4)`` of a target T without a copy limit)."""
    n_patterns = powers[n_ranks - 1] * 5
    is_target = np.zeros(n_patterns, np.uint16)  # [pattern] bit per class: pattern equals a target
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
                    grown = _grown_index(index, digits, r, 3, powers, uncapped)
                    if grown >= 0:
                        is_target[grown] |= target_bit
                if with_sequences:
                    for r in range(n_ranks - 2):  # add the sequence r, r+1, r+2 (three distinct ranks)
                        grown = index
                        for step in range(3):
                            if grown >= 0:
                                grown = _grown_index(grown, digits, r + step, 1, powers, uncapped)
                        if grown >= 0:
                            is_target[grown] |= target_bit
    return is_target


@njit(cache=True, _nrt=True)
def build_component_table(n_ranks, with_sequences, uncapped=False):
    """Return the packed table int16[5**n_ranks, 10] for a component of ``n_ranks`` ranks.

    Entry ``[index, sets*2+pair]`` = ``distance << 9 | useful_mask`` where distance is in tiles
    to add and bit r of useful_mask means one more tile of rank r (never a fifth) lowers the distance.
    With ``uncapped`` the targets have no four-copy limit (``wild_table_builder``); the build differs
    only in how a set is added to a target (``_grown_index``).
    """
    powers = _powers_of_five(n_ranks)
    n_patterns = powers[n_ranks - 1] * 5
    fits = _mark_exact_targets(n_ranks, with_sequences, powers, uncapped)  # [pattern] bit per class
    digits = np.empty(n_ranks, np.int64)  # [rank] counts of the current pattern
    # Downward closure: a pattern fits a class when one more tile of some rank still fits it.
    for index in range(n_patterns - 1, -1, -1):
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
