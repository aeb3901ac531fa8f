"""``greedy`` (and ``early_ting``): the shanten-greedy player — the seat protocol (sim.core.seat_dispatch).

Its kernels are strategies/greedy.py, with the 缺一门/报听 form (strategies/missing_suit_play.py) and the 财神/吃 form
(strategies/wild_play.py) chosen by the rule set's facts (hooks ``misses_a_suit``, ``has_wilds``), constants pruned
at compile time in an engine of one rule set.
"""
from numba import njit

from sim.core.legal import NOT_SCANNED
from sim.core.no_policy import random_claim, random_self  # noqa: F401  (protocol)
from sim.core.seat_dispatch import CLAIM_ARGS, SELF_ARGS
from sim.core.slots import hooks
from sim.core.state import CLAIM_BIT_GANG, CLAIM_BIT_HU, CLAIM_BIT_PENG, PHASE_SELF, ST_PENDING_TILE, ST_PHASE
from strategies.dingque import ranked_suit
from strategies.tile_pass import weakest_suit_three
from strategies.greedy import greedy_claim, greedy_self, greedy_self_scanned
from strategies.missing_suit_play import missing_suit_greedy_claim, missing_suit_greedy_self_rows
from strategies.wild_play import wild_greedy_claim, wild_greedy_self, wild_greedy_self_rows

FAST_RANDOM = False
P_DINGQUE = 2  # greedy's ``dingque`` parameter (strategies/specs.py), its choice's index
SCANS = True  # its self decision reads the loop's discard scan rows
#: the rule facts (hook, value) under which greedy plays each form (sim.core.seat_dispatch, ``LANE_KERNELS``)
CORE_FORM = (("misses_a_suit", False), ("has_wilds", False))
MISSING_SUIT_FORM = (("misses_a_suit", True),)
WILD_FORM = (("has_wilds", True),)
#: the second compile lane's kernels of this policy (sim.core.seat_dispatch): each form's own
LANE_KERNELS = (
    (CORE_FORM, "strategies.greedy", "greedy_claim",
     ("rule_vec", "tables", "hands", "st", "mask", "seat", "tile", "params")),
    (MISSING_SUIT_FORM, "strategies.missing_suit_play", "missing_suit_greedy_claim",
     ("rule_vec", "tables", "hands", "melds", "st", "mask", "seat", "tile", "params")),
    (CORE_FORM, "strategies.greedy", "greedy_self", SELF_ARGS),
    (WILD_FORM, "strategies.wild_play", "wild_greedy_claim", CLAIM_ARGS),
    (WILD_FORM, "strategies.wild_play", "wild_greedy_self", SELF_ARGS),
)


@njit(cache=True, inline='always')
def passes_claim(rule_vec, bits):
    """Return True when greedy passes a claim window unasked: where the rules offer 拾/抢 (hook ``has_grab_claims``,
    晋城) it answers only 胡, 杠 or 碰, so with none of them it passes (拾 and 抢 left unused)."""
    if hooks.has_grab_claims(rule_vec):
        return bits & (CLAIM_BIT_HU | CLAIM_BIT_GANG | CLAIM_BIT_PENG) == 0
    return False


@njit(cache=True, inline='always')
def claim(rule_vec, tables, hands, melds, st, mask, seat, params):
    """Return greedy's claim answer (its 缺一门 form where a win misses a suit; the wild form is in
    ``choose_action``)."""
    if hooks.misses_a_suit(rule_vec):
        return missing_suit_greedy_claim(rule_vec, tables, hands, melds, st, mask, seat, st[ST_PENDING_TILE], params)
    return greedy_claim(rule_vec, tables, hands, st, mask, seat, st[ST_PENDING_TILE], params)


@njit(cache=True, inline='always')
def choose_action(params, rule_vec, tables, view, mask, seat, rng):
    """Return the greedy ACT_* among the True entries of ``mask`` (``view`` the seat's view, sim.core.seat_view)."""
    hands, frozen, melds, rivers, st, seen = view.hands, view.frozen, view.melds, view.rivers, view.st, view.seen
    # wilds, 吃 (wild_play.py)
    if hooks.has_wilds(rule_vec):
        if st[ST_PHASE] == PHASE_SELF:
            return wild_greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
        return wild_greedy_claim(rule_vec, tables, hands, st, mask, seat, params)
    if st[ST_PHASE] == PHASE_SELF:
        return greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
    return claim(rule_vec, tables, hands, melds, st, mask, seat, params)


@njit(cache=True, inline='always')
def self_rows(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful):
    """Return the greedy self-phase ACT_* on the loop's scratch rows when the legal builder ran no shared scan:
    the wild and the 缺一门 forms then allocate nothing."""
    hands, frozen, melds, rivers, st, seen = view.hands, view.frozen, view.melds, view.rivers, view.st, view.seen
    if hooks.has_wilds(rule_vec):
        return wild_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                                   after_shanten, after_useful)
    if hooks.misses_a_suit(rule_vec):
        return missing_suit_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params,
                                             seen, after_shanten, after_useful, NOT_SCANNED)
    return greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)


@njit(cache=True, inline='always')
def self_from_scan(rule_vec, tables, view, mask, seat, params, after_shanten, after_useful, least):
    """Return the greedy self-phase ACT_* reading the legal builder's discard scan (``least`` its least shanten)."""
    hands, frozen, melds, rivers, st, seen = view.hands, view.frozen, view.melds, view.rivers, view.st, view.seen
    if hooks.misses_a_suit(rule_vec):
        return missing_suit_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params,
                                             seen, after_shanten, after_useful, least)
    return greedy_self_scanned(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                               after_shanten, after_useful, least)


@njit(cache=True, inline='always')
def choose_dingque(params, hands, seat):
    """Return the suit the ``dingque`` parameter (params[2]: 0 fewest, 1 middle, 2 most) ranks by its tile count in
    the seat's start hand, fewest by default (strategies/dingque.py)."""
    return ranked_suit(hands[seat], int(params[P_DINGQUE]))


@njit(cache=True, inline='always')
def choose_pass(params, rule_vec, hands, seat, rng):
    """Return greedy's three tiles to pass after the deal (换三张): from its weakest suit (strategies/tile_pass.py)."""
    return weakest_suit_three(hands[seat])
