"""Compiled builder of the batch tables behind ``shanten_many`` (derived from the component tables).

The component tables (``sim.core.hand.table_builder``) hold, per pattern, ten distances (one per
class ``sets*2+pair``) and useful masks. Only 126 different distance vectors occur over the
5**9 suit patterns and 55 over the 5**7 honor patterns, and min-plus sums of suit vectors stay
within a small closed set (180 vectors). The batch path therefore works on *distance classes*:

* ``suit_entries`` ``uint32[5**9]`` and ``honor_entries`` ``uint32[5**7]``: per pattern, its
  distance class in bits 0..7 and, from bit 8 on, six 4-bit tallies of the pattern's counts that
  add up over the four components (``TALLY_*`` below: 七对 pairs and singles with and without
  quads, 幺九 kinds held and paired);
* ``class_sums`` ``uint8[n_classes, n_suit_classes]``: the class of (class x) + (suit class y),
  the min-plus combination of ``sim.core.hand.kernel._combine``. Suit classes are numbered first,
  so a suit class is also a class; the other classes are sums met while closing the set;
* ``regular_shanten`` ``int8[5, n_classes, n_honor_classes]``: for ``sets`` = 0..4, the regular
  shanten (distance - 1) of the suits' class with the honors' class, ``sets`` sets and a pair.

A tally is exact for every pattern of at most 14 tiles (all a hand can hold), so the sums over a
hand's four components never carry from one 4-bit field into the next. Only the quad-pairs tally
can pass 15, in patterns of 32 tiles and more, and is clamped there.
"""
import numpy as np
from numba import njit

from sim.core.hand.table_builder import DIST_SHIFT, N_CLASSES as N_CLASS_COLUMNS

N_CLASSES_MAX = 256     # class ids are stored in uint8
CLASS_BITS = 255        # bits 0..7 of an entry: the pattern's distance class
TALLY_SHIFT = 8         # the tallies start at bit 8 of an entry
TALLY_PAIRS = 0         # tally fields, bit offsets after TALLY_SHIFT: kinds held 2+ (七对 pairs, no quads)
TALLY_SINGLES = 4       # kinds held exactly once (七对 singles, no quads)
TALLY_QUAD_PAIRS = 8    # sum of count // 2 (七对 pairs when a quad is two pairs)
TALLY_QUAD_SINGLES = 12  # kinds held an odd number of times (七对 singles when a quad is two pairs)
TALLY_YAOJIU_HELD = 16  # 幺九/字 kinds held
TALLY_YAOJIU_PAIRS = 20  # 幺九/字 kinds held 2+
TALLY_MASK = 15         # each tally field is 4 bits


@njit(cache=True, _nrt=False)
def _distance_key(table, index):
    """Return the ten distances of row ``index`` of a component table packed 4 bits each (column c at bit 4c)."""
    key = np.int64(0)
    for column in range(N_CLASS_COLUMNS):
        key |= np.int64(table[index, column] >> DIST_SHIFT) << (4 * column)
    return key


@njit(cache=True, _nrt=False)
def _key_distance(key, column):
    """Return the distance of column ``column`` of a packed distance key."""
    return (key >> (4 * column)) & 15


@njit(cache=True, _nrt=False)
def _sum_key(a, b):
    """Return the packed distances of two components together: entry k is the least a[i] + b[k-i]
    over splits that never put the pair in both (as ``sim.core.hand.kernel._combine``). Every sum
    is at most 14 (b's empty target costs 0), so it still packs into 4 bits."""
    key = np.int64(0)
    for k in range(N_CLASS_COLUMNS):
        best = 99
        for i in range(k + 1):
            if (i & 1) and ((k - i) & 1):
                continue
            best = min(best, _key_distance(a, i) + _key_distance(b, k - i))
        key |= np.int64(best) << (4 * k)
    return key


@njit(cache=True, _nrt=True)
def _classify(table):
    """Return (int64[n] sorted distinct distance keys, int64[rows] class of each row of ``table``)."""
    rows = table.shape[0]
    keys = np.empty(rows, np.int64)  # [pattern] packed distances
    for index in range(rows):
        keys[index] = _distance_key(table, index)
    distinct = np.unique(keys)
    return distinct, np.searchsorted(distinct, keys)


@njit(cache=True, _nrt=True)
def _close_sums(suit_keys):
    """Return (int64[n_classes] class keys, uint8[n_classes, n_suit] class_sums).

    Starts from the suit classes (ids 0..n_suit-1) and appends every sum of a class and a suit class
    not seen yet, in the order met, until the set is closed. Raises if it outgrows uint8 ids.
    """
    n_suit = suit_keys.shape[0]
    if n_suit > N_CLASSES_MAX:
        raise ValueError("more suit distance classes than a uint8 id can name")
    keys = np.empty(N_CLASSES_MAX, np.int64)  # [class] packed distances
    keys[:n_suit] = suit_keys
    sums = np.empty((N_CLASSES_MAX, n_suit), np.uint8)  # [class, suit class] class of the sum
    n_classes = n_suit
    x = 0
    while x < n_classes:
        for y in range(n_suit):
            key = _sum_key(keys[x], suit_keys[y])
            found = -1
            for c in range(n_classes):
                if keys[c] == key:
                    found = c
                    break
            if found < 0:
                if n_classes == N_CLASSES_MAX:
                    raise ValueError("more distance classes than a uint8 id can name")
                found = n_classes
                keys[n_classes] = key
                n_classes += 1
            sums[x, y] = found
        x += 1
    return keys[:n_classes].copy(), sums[:n_classes].copy()


@njit(cache=True, _nrt=True)
def _regular_shanten(class_keys, honor_keys):
    """Return int8[5, n_classes, n_honor]: least x[i] + z[2*sets+1-i] - 1 for each ``sets``, class x, honor class z."""
    out = np.empty((5, class_keys.shape[0], honor_keys.shape[0]), np.int8)  # [sets, class, honor class] shanten
    for sets in range(5):
        last = 2 * sets + 1
        for x in range(class_keys.shape[0]):
            for z in range(honor_keys.shape[0]):
                best = 99
                for i in range(last + 1):
                    best = min(best, _key_distance(class_keys[x], i) + _key_distance(honor_keys[z], last - i))
                out[sets, x, z] = best - 1
    return out


@njit(cache=True, _nrt=True)
def _entries(n_ranks, yaojiu_ranks, classes):
    """Return uint32[5**n_ranks]: each pattern's class (``classes``) and tallies; ``yaojiu_ranks`` is a
    bitmask of the ranks that are 幺九/字 kinds."""
    n_patterns = 5 ** n_ranks
    entries = np.empty(n_patterns, np.uint32)  # [pattern] class | tallies << TALLY_SHIFT
    for index in range(n_patterns):
        pairs = singles = quad_pairs = quad_singles = yaojiu_held = yaojiu_pairs = 0
        rest = index
        for r in range(n_ranks):
            c = rest % 5
            rest //= 5
            pairs += c >= 2
            singles += c == 1
            quad_pairs += c >> 1
            quad_singles += c & 1
            if (yaojiu_ranks >> r) & 1:
                yaojiu_held += c >= 1
                yaojiu_pairs += c >= 2
        tallies = ((pairs << TALLY_PAIRS) | (singles << TALLY_SINGLES)
                   | (min(quad_pairs, TALLY_MASK) << TALLY_QUAD_PAIRS) | (quad_singles << TALLY_QUAD_SINGLES)
                   | (yaojiu_held << TALLY_YAOJIU_HELD) | (yaojiu_pairs << TALLY_YAOJIU_PAIRS))
        entries[index] = np.uint32(classes[index] | (tallies << TALLY_SHIFT))
    return entries


@njit(cache=True, _nrt=True)
def build_batch_tables(suit_table, honor_table):
    """Return ``(suit_entries, honor_entries, class_sums, regular_shanten)`` (module docstring) built
    from the component tables ``suit_table`` ``int16[5**9, 10]`` and ``honor_table`` ``int16[5**7, 10]``."""
    suit_keys, suit_classes = _classify(suit_table)
    honor_keys, honor_classes = _classify(honor_table)
    if honor_keys.shape[0] > N_CLASSES_MAX:
        raise ValueError("more honor distance classes than a uint8 id can name")
    class_keys, class_sums = _close_sums(suit_keys)
    suit_entries = _entries(9, (1 << 0) | (1 << 8), suit_classes)
    honor_entries = _entries(7, (1 << 7) - 1, honor_classes)
    return suit_entries, honor_entries, class_sums, _regular_shanten(class_keys, honor_keys)
