"""The regular form (sets and a pair) after each discard: the one body the plain and the 财神 discard scans share.

Both scans (``sim.core.hand.discard_scan``, ``sim.core.hand.wild_scan``) look up the four components' packed
table rows (m, p, s, honors; the 财神 scan on the relabelled hand) and their min-plus combinations once per
hand (``component_rows``); a discard changes one component, so its regular distance is that component's new
row recombined with the precomputed other three (``regular_distance_after``), and its regular useful kinds are
the useful ranks of the new row's tight columns plus the useful kinds of the other three at what they are then
left (``regular_useful_after``, which builds each component's "rest" once per run of its discards).

All are ``inline='always'``: each scan compiles them into its own loops, as when they were written out there.
"""
import numpy as np
from numba import njit

from sim.core.hand.kernel import DIST_SHIFT, RANK_BITS, _combine, _row_distances, _whole_distance

POWERS_OF_5 = (1, 5, 25, 125, 625, 3125, 15625, 78125, 390625)  # table-index step of one tile of rank r
ZERO_MASKS = (np.int64(0),) * 10  # 10 empty useful-kind masks (indexed sets*2+pair)


@njit(cache=True, inline='always')
def _pick(dist_a, useful_a, dist_b, useful_b, target):
    """Return ``useful_a | useful_b`` when ``dist_a + dist_b`` reaches ``target``, else 0."""
    return (useful_a | useful_b) if dist_a + dist_b == target else np.int64(0)


@njit(cache=True, _nrt=False)
def _row_useful(table, index, base):
    """Return the 10 useful-kind masks (int64, kind bits from ``base``) of row ``index`` of a packed table."""
    return ((np.int64(table[index, 0] & RANK_BITS) << base), (np.int64(table[index, 1] & RANK_BITS) << base),
            (np.int64(table[index, 2] & RANK_BITS) << base), (np.int64(table[index, 3] & RANK_BITS) << base),
            (np.int64(table[index, 4] & RANK_BITS) << base), (np.int64(table[index, 5] & RANK_BITS) << base),
            (np.int64(table[index, 6] & RANK_BITS) << base), (np.int64(table[index, 7] & RANK_BITS) << base),
            (np.int64(table[index, 8] & RANK_BITS) << base), (np.int64(table[index, 9] & RANK_BITS) << base))


@njit(cache=True, _nrt=False)
def _combine_useful(a, au, b, bu, c):
    """Return the 10 useful-kind masks of two parts together (tuples indexed sets*2+pair).

    ``a``/``b`` are the parts' distances, ``au``/``bu`` their useful masks, ``c`` = ``_combine(a, b)``.
    Entry k ORs ``au[i] | bu[k - i]`` over the splits of ``_combine`` (no pair in both) that reach
    ``c[k]``. Nested, it gives the useful kinds of three components: a kind of one of them is in
    entry k exactly when some split of k among the three that reaches the optimum uses a tight
    column of it (the min-plus combination is associative).
    """
    return (
        _pick(a[0], au[0], b[0], bu[0], c[0]),
        _pick(a[0], au[0], b[1], bu[1], c[1]) | _pick(a[1], au[1], b[0], bu[0], c[1]),
        _pick(a[0], au[0], b[2], bu[2], c[2]) | _pick(a[2], au[2], b[0], bu[0], c[2]),
        (_pick(a[0], au[0], b[3], bu[3], c[3]) | _pick(a[1], au[1], b[2], bu[2], c[3]) |
         _pick(a[2], au[2], b[1], bu[1], c[3]) | _pick(a[3], au[3], b[0], bu[0], c[3])),
        (_pick(a[0], au[0], b[4], bu[4], c[4]) | _pick(a[2], au[2], b[2], bu[2], c[4]) |
         _pick(a[4], au[4], b[0], bu[0], c[4])),
        (_pick(a[0], au[0], b[5], bu[5], c[5]) | _pick(a[1], au[1], b[4], bu[4], c[5]) |
         _pick(a[2], au[2], b[3], bu[3], c[5]) | _pick(a[3], au[3], b[2], bu[2], c[5]) |
         _pick(a[4], au[4], b[1], bu[1], c[5]) | _pick(a[5], au[5], b[0], bu[0], c[5])),
        (_pick(a[0], au[0], b[6], bu[6], c[6]) | _pick(a[2], au[2], b[4], bu[4], c[6]) |
         _pick(a[4], au[4], b[2], bu[2], c[6]) | _pick(a[6], au[6], b[0], bu[0], c[6])),
        (_pick(a[0], au[0], b[7], bu[7], c[7]) | _pick(a[1], au[1], b[6], bu[6], c[7]) |
         _pick(a[2], au[2], b[5], bu[5], c[7]) | _pick(a[3], au[3], b[4], bu[4], c[7]) |
         _pick(a[4], au[4], b[3], bu[3], c[7]) | _pick(a[5], au[5], b[2], bu[2], c[7]) |
         _pick(a[6], au[6], b[1], bu[1], c[7]) | _pick(a[7], au[7], b[0], bu[0], c[7])),
        (_pick(a[0], au[0], b[8], bu[8], c[8]) | _pick(a[2], au[2], b[6], bu[6], c[8]) |
         _pick(a[4], au[4], b[4], bu[4], c[8]) | _pick(a[6], au[6], b[2], bu[2], c[8]) |
         _pick(a[8], au[8], b[0], bu[0], c[8])),
        (_pick(a[0], au[0], b[9], bu[9], c[9]) | _pick(a[1], au[1], b[8], bu[8], c[9]) |
         _pick(a[2], au[2], b[7], bu[7], c[9]) | _pick(a[3], au[3], b[6], bu[6], c[9]) |
         _pick(a[4], au[4], b[5], bu[5], c[9]) | _pick(a[5], au[5], b[4], bu[4], c[9]) |
         _pick(a[6], au[6], b[3], bu[3], c[9]) | _pick(a[7], au[7], b[2], bu[2], c[9]) |
         _pick(a[8], au[8], b[1], bu[1], c[9]) | _pick(a[9], au[9], b[0], bu[0], c[9])),
    )


@njit(cache=True, inline='always')
def component_rows(suits, honors, i_m, i_p, i_s, i_z):
    """Return a hand's regular-form rows, given its four component patterns (``i_m``..``i_s`` in ``suits``,
    ``i_z`` in ``honors``): the tuple ``(suits, honors, i_m, i_p, i_s, i_z, dm, dp, ds, dz, mp, sz, others_m,
    others_p, others_s, others_z)`` of the patterns' distance rows (``d*``), the pairs m+p and s+honors combined
    and, per component, the other three combined (``others_*``, indexed sets*2+pair)."""
    dm, dp = _row_distances(suits, i_m), _row_distances(suits, i_p)
    ds, dz = _row_distances(suits, i_s), _row_distances(honors, i_z)
    mp, sz = _combine(dm, dp), _combine(ds, dz)
    others_m, others_p = _combine(dp, sz), _combine(dm, sz)
    others_s, others_z = _combine(mp, dz), _combine(mp, ds)
    return suits, honors, i_m, i_p, i_s, i_z, dm, dp, ds, dz, mp, sz, others_m, others_p, others_s, others_z


@njit(cache=True, inline='always')
def regular_distance_after(rows, kind, sets):
    """Return the regular table distance (``sets`` sets and a pair) once one tile of ``kind`` leaves the hand of
    ``rows`` (``component_rows``): the changed component's new row with the other three combined."""
    suits, honors, i_m, i_p, i_s, i_z = rows[0], rows[1], rows[2], rows[3], rows[4], rows[5]
    if kind < 9:
        return _whole_distance(_row_distances(suits, i_m - POWERS_OF_5[kind]), rows[12], sets)
    if kind < 18:
        return _whole_distance(_row_distances(suits, i_p - POWERS_OF_5[kind - 9]), rows[13], sets)
    if kind < 27:
        return _whole_distance(_row_distances(suits, i_s - POWERS_OF_5[kind - 18]), rows[14], sets)
    return _whole_distance(_row_distances(honors, i_z - POWERS_OF_5[kind - 27]), rows[15], sets)


@njit(cache=True, inline='always')
def empty_rest_memo():
    """Return the ``regular_useful_after`` memo before any discard: (component of ``rest`` (-1: none), rest,
    rest_sz, rest_mp, have_sz, have_mp)."""
    return -1, ZERO_MASKS, ZERO_MASKS, ZERO_MASKS, False, False


@njit(cache=True, inline='always')
def regular_useful_after(rows, kind, last, total, memo):
    """Return ``(mask, memo)``: the regular useful kinds (bit per kind) once one tile of ``kind`` leaves the hand
    of ``rows``, whose regular distance is then ``total`` (``regular_distance_after``) with ``last`` =
    2*sets + 1, and the updated memo (``empty_rest_memo``).

    The mask is the useful ranks of the tight columns i of the changed component's new row, plus the useful
    kinds of the other three components at what they are then left, m = last - i; those depend only on the
    component and m, so they are built once per run of its discards (``rest``; s+honors and m+p once per hand).
    """
    suits, honors, i_m, i_p, i_s, i_z = rows[0], rows[1], rows[2], rows[3], rows[4], rows[5]
    dm, dp, ds, dz, mp, sz = rows[6], rows[7], rows[8], rows[9], rows[10], rows[11]
    others_m, others_p, others_s, others_z = rows[12], rows[13], rows[14], rows[15]
    component, rest, rest_sz, rest_mp, have_sz, have_mp = memo
    if kind < 9:
        c, table, base, row, others = 0, suits, 0, i_m - POWERS_OF_5[kind], others_m
    elif kind < 18:
        c, table, base, row, others = 1, suits, 9, i_p - POWERS_OF_5[kind - 9], others_p
    elif kind < 27:
        c, table, base, row, others = 2, suits, 18, i_s - POWERS_OF_5[kind - 18], others_s
    else:
        c, table, base, row, others = 3, honors, 27, i_z - POWERS_OF_5[kind - 27], others_z
    if c != component:  # each component's rest is built once per run of its discards
        component = c
        if c <= 1:
            if not have_sz:
                rest_sz = _combine_useful(ds, _row_useful(suits, i_s, 18), dz, _row_useful(honors, i_z, 27), sz)
                have_sz = True
            if c == 0:
                rest = _combine_useful(dp, _row_useful(suits, i_p, 9), sz, rest_sz, others_m)
            else:
                rest = _combine_useful(dm, _row_useful(suits, i_m, 0), sz, rest_sz, others_p)
        else:
            if not have_mp:
                rest_mp = _combine_useful(dm, _row_useful(suits, i_m, 0), dp, _row_useful(suits, i_p, 9), mp)
                have_mp = True
            if c == 2:
                rest = _combine_useful(mp, rest_mp, dz, _row_useful(honors, i_z, 27), others_s)
            else:
                rest = _combine_useful(mp, rest_mp, ds, _row_useful(suits, i_s, 18), others_z)
    mask = np.int64(0)
    for i in range(last + 1):
        entry = table[row, i]
        m = last - i
        if (entry >> DIST_SHIFT) + others[m] == total:
            mask |= (np.int64(entry & RANK_BITS) << base) | rest[m]
    return mask, (component, rest, rest_sz, rest_mp, have_sz, have_mp)
