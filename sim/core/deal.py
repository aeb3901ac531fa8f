"""Starting a hand (RULES §1.1 r1–r5) — kernels. The next dealer of a session is the variant hook
``next_dealer``."""
from numba import njit

from sim.core.flow import seat_draws
from sim.core.state import (
    CLAIM_NOT_ELIGIBLE, EV_DEAL, PHASE_SELF, ST_CLAIM, ST_DEALER, ST_FEEDER, ST_HAND,
    ST_LIVE_WAITS, ST_PHASE, ST_SEED, ST_SHANGJIA_TILE, ST_TING_TURN, ST_WIN_FEATURES, ST_WIN_TILE, ST_WINNER,
    ST_YAOJIU_START, YAOJIU_BITS, ST_WILD_KIND, ST_CHOWS, ST_WILDS_DEALT, ST_WINNER_WILDS, log_event,
)
from sim.core.codes import NO_WIN_FEATURES, VARIANT_ANY
from sim.core.wall import deal_position
from sim.core.rule_layout import R_VARIANT
from sim.core.slots import VARIANT, hooks


@njit(cache=True, _nrt=False)
def distinct_yaojiu(counts):
    """Return the number of distinct 幺九/字 kinds present in ``counts`` (int8[34])."""
    n = 0
    for k in range(34):
        if (YAOJIU_BITS >> k) & 1 == 1 and counts[k] > 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def start_hand(rule_vec, wall, hands, frozen, melds, rivers, st, money, events, dealer, run_seed, hand_index):
    """Reset the state for a filled ``wall``, deal 13 to each seat (r4) and let the dealer draw first; keeps each
    seat's distinct 幺九/字 kinds and (金华) 财神 tiles of the dealt hand (dealer: 14 tiles). Returns nothing.
    Raises ValueError when ``rule_vec`` is another variant's than the engine's (its kernels bind one variant's
    hooks, or a switch over a run's variants: another variant's rules would play silently wrong)."""
    if VARIANT == VARIANT_ANY:  # the switch engine of a run of several variants (sim.core.variant_switch)
        if not hooks.plays_variant(rule_vec[R_VARIANT]):
            raise ValueError("rule_vec is another variant's than the engine's: the engine switches over its run's "
                             "variants only (sim.table_engines.run_plays)")
    elif rule_vec[R_VARIANT] != VARIANT:
        raise ValueError("rule_vec is another variant's than the engine's: take the engine of rules.variant")
    hands[:] = 0
    frozen[:] = 0
    melds[:] = 0
    rivers[:] = 0
    st[:] = 0
    money[:] = 0
    st[ST_SEED] = run_seed
    st[ST_HAND] = hand_index
    st[ST_DEALER] = dealer
    st[ST_PHASE] = PHASE_SELF
    st[ST_WINNER] = -1
    st[ST_FEEDER] = -1
    st[ST_WIN_TILE] = -1
    st[ST_WIN_FEATURES] = NO_WIN_FEATURES
    st[ST_WILD_KIND] = -1        # record nulls of the 金华 columns; 金华's deal_extras sets its own
    st[ST_CHOWS] = -1             # no 吃 in the rules: the variants with 吃 set 0 in deal_extras
    st[ST_WINNER_WILDS] = -1
    hooks.deal_extras(rule_vec, wall, st, events)
    for s in range(4):
        st[ST_TING_TURN + s] = -1
        st[ST_LIVE_WAITS + s] = -1
        st[ST_SHANGJIA_TILE + s] = -1
        st[ST_CLAIM + s] = CLAIM_NOT_ELIGIBLE
        for j in range(13):
            hands[s, wall[deal_position(dealer, s, j)]] += 1
    log_event(events, st, EV_DEAL, dealer, -1, dealer)
    seat_draws(rule_vec, wall, hands, st, money, events, dealer)
    wild = st[ST_WILD_KIND]  # the 财神 kind, -1 in a variant without wilds
    for s in range(4):
        st[ST_YAOJIU_START + s] = distinct_yaojiu(hands[s])
        st[ST_WILDS_DEALT + s] = hands[s, wild] if wild >= 0 else -1
