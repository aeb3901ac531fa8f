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
capped builder. Both are one compiled body, ``table_builder.build_component_table``, whose
``uncapped`` argument selects the exact-target step.
"""
from numba import njit

from sim.core.hand.table_builder import build_component_table


@njit(cache=True, _nrt=True)
def build_uncapped_component_table(n_ranks, with_sequences):
    """Return the packed table int16[5**n_ranks, 10] for targets without a copy limit.

    Entry ``[index, sets*2+pair]`` = ``distance << 9 | useful_mask``: distance in tiles to add,
    bit r of useful_mask set when one more natural tile of rank r (never a fifth) lowers it.
    """
    return build_component_table(n_ranks, with_sequences, True)
