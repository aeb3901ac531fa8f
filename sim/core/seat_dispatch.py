"""The seats' policies as the hand loop calls them: a switch over the table's policy slots — compiled kernels.

``sim.engine`` binds slot k (``policy0`` .. ``policy6``, sim.core.slots) to the k-th distinct policy module of the
table (``strategies/seats/<name>.py``) and gives each seat, in ``strategy_ids`` (int64[4]), the index of its policy's
slot; a seat played from outside the loop (the search player's) holds ``SCRIPTED``. The switch runs over the slots
of one engine, never over the registered strategies, so a strategy no seat plays is never compiled; the slots a
table leaves free hold ``sim.core.no_policy``, which compiles to almost nothing. Four seats play at most four
policies; the two more slots serve an engine shared by every table of a variant (sim.engine, the test suite).

Each policy module provides the protocol below (docs/architecture.md "Adding a strategy"): ``FAST_RANDOM`` and ``SCANS``
(compile-time bools), ``passes_claim``, ``choose_action``, ``self_from_scan``, ``self_rows``, ``random_self``,
``random_claim``, ``choose_dingque`` and ``choose_pass``. The decision entries (``choose_action``, ``self_from_scan``,
``self_rows``) take the seat's view as one bundle, ``view`` (sim.core.seat_view.SeatView: hands, frozen, melds,
rivers, st, seen), which the hand loop builds once per ``run_until`` call.
"""
import numpy as np
from numba import njit

from sim.core.slots import policy0, policy1, policy2, policy3, policy4, policy5, policy6

SCRIPTED = -1  # strategy_ids entry of a seat whose decisions the loop hands back (run_until's ``scripted``)
#: the parameter row a scripted seat's ``choose_dingque`` is asked with: every column 0, the first choice of an
#: enumerated parameter (sim.strategy_registry stores a value's index), so greedy's ``dingque=fewest``
DEFAULT_PARAMS = np.zeros(8, dtype=np.float64)

# The argument names of a policy's own self and claim kernels, as the hand loop passes them: a policy module's
# optional ``LANE_KERNELS`` — ((form, module, kernel, argument names), ...) in the reverse of the order the loop
# compiles them, where ``form`` is the rule facts the kernel is played under, ((hook, value), ...) of hooks that
# return a constant (``(("has_wilds", True),)``), or None for every rule set — lets a cold start's second compile
# lane compile them ahead (sim.compile_lanes), for the rule sets a run plays only.
SELF_ARGS = ("rule_vec", "tables", "hands", "frozen", "melds", "rivers", "st", "mask", "seat", "params", "seen")
CLAIM_ARGS = ("rule_vec", "tables", "hands", "st", "mask", "seat", "params")


@njit(cache=True, inline='always')
def is_random(slot):
    """Return True when the seat's policy draws uniformly from the legal kinds (the loop's no-mask fast path)."""
    if slot == 0:
        return policy0.FAST_RANDOM
    if slot == 1:
        return policy1.FAST_RANDOM
    if slot == 2:
        return policy2.FAST_RANDOM
    if slot == 3:
        return policy3.FAST_RANDOM
    if slot == 4:
        return policy4.FAST_RANDOM
    if slot == 5:
        return policy5.FAST_RANDOM
    return policy6.FAST_RANDOM


@njit(cache=True, inline='always')
def scans(slot):
    """Return True when the seat's self decision reads the loop's discard scan rows (``self_from_scan``/``self_rows``,
    greedy); False when it decides through ``choose_action``."""
    if slot == 0:
        return policy0.SCANS
    if slot == 1:
        return policy1.SCANS
    if slot == 2:
        return policy2.SCANS
    if slot == 3:
        return policy3.SCANS
    if slot == 4:
        return policy4.SCANS
    if slot == 5:
        return policy5.SCANS
    return policy6.SCANS


@njit(cache=True, inline='always')
def passes_claim(slot, rule_vec, bits):
    """Return True when the seat answers ACT_PASS to a claim window with options ``bits`` (CLAIM_BIT_*) unasked."""
    if slot == 0:
        return policy0.passes_claim(rule_vec, bits)
    if slot == 1:
        return policy1.passes_claim(rule_vec, bits)
    if slot == 2:
        return policy2.passes_claim(rule_vec, bits)
    if slot == 3:
        return policy3.passes_claim(rule_vec, bits)
    if slot == 4:
        return policy4.passes_claim(rule_vec, bits)
    if slot == 5:
        return policy5.passes_claim(rule_vec, bits)
    return policy6.passes_claim(rule_vec, bits)


@njit(cache=True, inline='always')
def choose_action(slot, params, rule_vec, tables, view, mask, seat, rng):
    """Return the ACT_* the seat's policy picks among the True entries of ``mask`` (``params`` its float64[8] row,
    ``view`` the seat's view, sim.core.seat_view.SeatView, ``rng`` its uint64[2] decision generator)."""
    if slot == 0:
        return policy0.choose_action(params, rule_vec, tables, view, mask, seat, rng)
    if slot == 1:
        return policy1.choose_action(params, rule_vec, tables, view, mask, seat, rng)
    if slot == 2:
        return policy2.choose_action(params, rule_vec, tables, view, mask, seat, rng)
    if slot == 3:
        return policy3.choose_action(params, rule_vec, tables, view, mask, seat, rng)
    if slot == 4:
        return policy4.choose_action(params, rule_vec, tables, view, mask, seat, rng)
    if slot == 5:
        return policy5.choose_action(params, rule_vec, tables, view, mask, seat, rng)
    return policy6.choose_action(params, rule_vec, tables, view, mask, seat, rng)


@njit(cache=True, inline='always')
def self_from_scan(slot, rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least):
    """Return the self-phase ACT_* of a scanning seat whose legal builder ran its discard scan (``least`` the least
    shanten, ``after_shanten`` int8[34] / ``after_useful`` int64[34] its rows)."""
    if slot == 0:
        return policy0.self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least)
    if slot == 1:
        return policy1.self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least)
    if slot == 2:
        return policy2.self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least)
    if slot == 3:
        return policy3.self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least)
    if slot == 4:
        return policy4.self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least)
    if slot == 5:
        return policy5.self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least)
    return policy6.self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least)


@njit(cache=True, inline='always')
def self_rows(slot, rule_vec, tables, view, mask, seat, params, after_shanten, after_useful):
    """Return the self-phase ACT_* of a scanning seat whose legal builder ran no shared scan, on the loop's scratch
    rows ``after_shanten`` int8[34] / ``after_useful`` int64[34]."""
    if slot == 0:
        return policy0.self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful)
    if slot == 1:
        return policy1.self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful)
    if slot == 2:
        return policy2.self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful)
    if slot == 3:
        return policy3.self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful)
    if slot == 4:
        return policy4.self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful)
    if slot == 5:
        return policy5.self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful)
    return policy6.self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful)


@njit(cache=True, inline='always')
def random_self(slot, discards, marks, angang, bugang, zimo, rng):
    """Return the self-phase ACT_* of a FAST_RANDOM seat drawn from the legal kind sets (sim.core.legal
    legal_self_kinds)."""
    if slot == 0:
        return policy0.random_self(discards, marks, angang, bugang, zimo, rng)
    if slot == 1:
        return policy1.random_self(discards, marks, angang, bugang, zimo, rng)
    if slot == 2:
        return policy2.random_self(discards, marks, angang, bugang, zimo, rng)
    if slot == 3:
        return policy3.random_self(discards, marks, angang, bugang, zimo, rng)
    if slot == 4:
        return policy4.random_self(discards, marks, angang, bugang, zimo, rng)
    if slot == 5:
        return policy5.random_self(discards, marks, angang, bugang, zimo, rng)
    return policy6.random_self(discards, marks, angang, bugang, zimo, rng)


@njit(cache=True, inline='always')
def random_claim(slot, bits, rng):
    """Return the claim ACT_* of a FAST_RANDOM seat drawn from the window's options ``bits``."""
    if slot == 0:
        return policy0.random_claim(bits, rng)
    if slot == 1:
        return policy1.random_claim(bits, rng)
    if slot == 2:
        return policy2.random_claim(bits, rng)
    if slot == 3:
        return policy3.random_claim(bits, rng)
    if slot == 4:
        return policy4.random_claim(bits, rng)
    if slot == 5:
        return policy5.random_claim(bits, rng)
    return policy6.random_claim(bits, rng)


@njit(cache=True, inline='always')
def choose_dingque(slot, params, hands, seat):
    """Return the suit (0 万, 1 饼, 2 条) the seat declares given up at the deal (晋中 jz_dingque_upfront, 四川 定缺); a
    scripted seat declares as ``policy0`` does with its default parameters (``DEFAULT_PARAMS``: its own row holds the
    outside player's parameters, which mean nothing to ``policy0``)."""
    if slot == SCRIPTED:
        return policy0.choose_dingque(DEFAULT_PARAMS, hands, seat)
    if slot == 1:
        return policy1.choose_dingque(params, hands, seat)
    if slot == 2:
        return policy2.choose_dingque(params, hands, seat)
    if slot == 3:
        return policy3.choose_dingque(params, hands, seat)
    if slot == 4:
        return policy4.choose_dingque(params, hands, seat)
    if slot == 5:
        return policy5.choose_dingque(params, hands, seat)
    if slot == 6:
        return policy6.choose_dingque(params, hands, seat)
    return policy0.choose_dingque(params, hands, seat)


@njit(cache=True, inline='always')
def choose_pass(slot, params, rule_vec, hands, seat, rng):
    """Return the three tiles (kinds a, b, c; repeats allowed) of one suit the seat passes after the deal (四川
    换三张, sim.core.tile_pass; ``rng`` its uint64[2] decision generator); a scripted seat passes as ``policy0``
    does with its default parameters (``DEFAULT_PARAMS``, as for 定缺)."""
    if slot == SCRIPTED:
        return policy0.choose_pass(DEFAULT_PARAMS, rule_vec, hands, seat, rng)
    if slot == 1:
        return policy1.choose_pass(params, rule_vec, hands, seat, rng)
    if slot == 2:
        return policy2.choose_pass(params, rule_vec, hands, seat, rng)
    if slot == 3:
        return policy3.choose_pass(params, rule_vec, hands, seat, rng)
    if slot == 4:
        return policy4.choose_pass(params, rule_vec, hands, seat, rng)
    if slot == 5:
        return policy5.choose_pass(params, rule_vec, hands, seat, rng)
    if slot == 6:
        return policy6.choose_pass(params, rule_vec, hands, seat, rng)
    return policy0.choose_pass(params, rule_vec, hands, seat, rng)
