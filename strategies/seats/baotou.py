"""``baotou``: 金华 greedy that gives up plain wins for 爆头 (strategies/jinhua_baotou.py) — the seat protocol (sim.core.seat_dispatch)."""
from numba import njit

from sim.core.no_policy import random_claim, random_self, self_from_scan, self_rows  # noqa: F401
from sim.core.seat_dispatch import CLAIM_ARGS, SELF_ARGS
from sim.core.state import PHASE_SELF, ST_PHASE
from strategies.jinhua_baotou import jh_baotou_claim, jh_baotou_self
from strategies.dingque import fewest_tiles_suit

FAST_RANDOM = False
SCANS = False
#: the second compile lane's kernels of this policy (sim.core.seat_dispatch)
LANE_KERNELS = ((("jinhua",), "strategies.jinhua_baotou", "jh_baotou_claim", CLAIM_ARGS),
                (("jinhua",), "strategies.jinhua_baotou", "jh_baotou_self", SELF_ARGS))


@njit(cache=True, inline='always')
def passes_claim(rule_vec, bits):
    """Return False: it is asked at every claim window."""
    return False


@njit(cache=True, inline='always')
def choose_action(params, rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, rng, seen):
    """Return the ACT_* the baotou player picks among the True entries of ``mask``."""
    if st[ST_PHASE] == PHASE_SELF:
        return jh_baotou_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
    return jh_baotou_claim(rule_vec, tables, hands, st, mask, seat, params)


@njit(cache=True, inline='always')
def choose_dingque(params, hands, seat):
    """Return the suit with the fewest tiles of the seat's start hand (strategies/dingque.py)."""
    return fewest_tiles_suit(hands[seat])
