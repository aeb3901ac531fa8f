"""``greedy`` (and ``early_ting``): the shanten-greedy player — the seat protocol (sim.core.seat_dispatch).

Its kernels are strategies/greedy.py, with the 晋中 form (缺一门, 报听: strategies/jinzhong_play.py) and the 金华 form
(财神, 吃: strategies/jinhua_play.py) chosen by the bound variant code at compile time.
"""
from numba import njit

from sim.core.codes import VARIANT_ANY
from sim.variants.jincheng import CODE as VARIANT_JINCHENG
from sim.variants.jinhua import CODE as VARIANT_JINHUA
from sim.variants.jinzhong import CODE as VARIANT_JINZHONG
from sim.core.legal import NOT_SCANNED
from sim.core.no_policy import random_claim, random_self  # noqa: F401  (protocol)
from sim.core.rule_layout import R_VARIANT
from sim.core.seat_dispatch import CLAIM_ARGS, SELF_ARGS
from sim.core.slots import VARIANT
from sim.core.state import CLAIM_BIT_GANG, CLAIM_BIT_HU, CLAIM_BIT_PENG, PHASE_SELF, ST_PENDING_TILE, ST_PHASE
from strategies.dingque import fewest_tiles_suit
from strategies.greedy import greedy_claim, greedy_self, greedy_self_scanned
from strategies.jinhua_play import jh_greedy_claim, jh_greedy_self, jh_greedy_self_rows
from strategies.jinzhong_play import jz_greedy_claim, jz_greedy_self_rows

FAST_RANDOM = False
SCANS = True  # its self decision reads the loop's discard scan rows
#: the second compile lane's kernels of this policy (sim.core.seat_dispatch): each variant form's own
LANE_KERNELS = (
    (("jincheng",), "strategies.greedy", "greedy_claim",
     ("rule_vec", "tables", "hands", "st", "mask", "seat", "tile", "params")),
    (("jinzhong",), "strategies.jinzhong_play", "jz_greedy_claim",
     ("rule_vec", "tables", "hands", "melds", "st", "mask", "seat", "tile", "params")),
    (("jincheng",), "strategies.greedy", "greedy_self", SELF_ARGS),
    (("jinhua",), "strategies.jinhua_play", "jh_greedy_claim", CLAIM_ARGS),
    (("jinhua",), "strategies.jinhua_play", "jh_greedy_self", SELF_ARGS),
)


@njit(cache=True, inline='always')
def passes_claim(rule_vec, bits):
    """Return True when greedy passes a claim window unasked: under 晋城 it answers only 胡, 杠 or 碰, so with none of
    them it passes (拾 and 抢 left unused)."""
    if VARIANT == VARIANT_JINCHENG or (VARIANT == VARIANT_ANY and rule_vec[R_VARIANT] == VARIANT_JINCHENG):
        return bits & (CLAIM_BIT_HU | CLAIM_BIT_GANG | CLAIM_BIT_PENG) == 0
    return False


@njit(cache=True, inline='always')
def claim(rule_vec, tables, hands, melds, st, mask, seat, params):
    """Return greedy's claim answer (its 晋中 form under 晋中; 金华's is in ``choose_action``)."""
    if VARIANT == VARIANT_JINZHONG or (VARIANT == VARIANT_ANY and rule_vec[R_VARIANT] == VARIANT_JINZHONG):
        return jz_greedy_claim(rule_vec, tables, hands, melds, st, mask, seat, st[ST_PENDING_TILE], params)
    return greedy_claim(rule_vec, tables, hands, st, mask, seat, st[ST_PENDING_TILE], params)


@njit(cache=True, inline='always')
def choose_action(params, rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, rng, seen):
    """Return the greedy ACT_* among the True entries of ``mask``."""
    # wilds, 吃 (jinhua_play.py)
    if VARIANT == VARIANT_JINHUA or (VARIANT == VARIANT_ANY and rule_vec[R_VARIANT] == VARIANT_JINHUA):
        if st[ST_PHASE] == PHASE_SELF:
            return jh_greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
        return jh_greedy_claim(rule_vec, tables, hands, st, mask, seat, params)
    if st[ST_PHASE] == PHASE_SELF:
        return greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
    return claim(rule_vec, tables, hands, melds, st, mask, seat, params)


@njit(cache=True, inline='always')
def self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after_shanten,
              after_useful):
    """Return the greedy self-phase ACT_* on the loop's scratch rows when the legal builder ran no shared scan:
    金华's and 晋中's greedy then allocate nothing."""
    if VARIANT == VARIANT_JINHUA or (VARIANT == VARIANT_ANY and rule_vec[R_VARIANT] == VARIANT_JINHUA):
        return jh_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                                   after_shanten, after_useful)
    if VARIANT == VARIANT_JINZHONG or (VARIANT == VARIANT_ANY and rule_vec[R_VARIANT] == VARIANT_JINZHONG):
        return jz_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                                   after_shanten, after_useful, NOT_SCANNED)
    return greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)


@njit(cache=True, inline='always')
def self_from_scan(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after_shanten,
                   after_useful, least):
    """Return the greedy self-phase ACT_* reading the legal builder's discard scan (``least`` its least shanten)."""
    if VARIANT == VARIANT_JINZHONG or (VARIANT == VARIANT_ANY and rule_vec[R_VARIANT] == VARIANT_JINZHONG):
        return jz_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                                   after_shanten, after_useful, least)
    return greedy_self_scanned(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                               after_shanten, after_useful, least)


@njit(cache=True, inline='always')
def choose_dingque(params, hands, seat):
    """Return the suit with the fewest tiles of the seat's start hand (strategies/dingque.py)."""
    return fewest_tiles_suit(hands[seat])
