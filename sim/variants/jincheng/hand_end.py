"""How a 晋城 hand runs out and who deals next (RULES §1.2 r8–r12, §1.8 r45, §1.9 r50–r51, §1.10 r52–r53) — kernels."""
from numba import njit

from sim.core.codes import HUANG_DEALER_STAY
from sim.core.rule_layout import R_DEAD_WALL_MODEL, R_HUANG_DEALER, R_HUANG_STACKS, R_STACKS_PER_KONG
from sim.variants.jincheng.rule_slots import R_GENZHUANG_VOID_ON_HUANG
from sim.core.state import (
    MONEY_GENZHUANG, MONEY_HUANG, MONEY_KONG, ST_DEALER, ST_FRONT_DRAWS, ST_KONGS, ST_REPLACEMENTS, ST_WINNER,
)
from sim.core.wall import front_draw_allowed
from sim.variants.jincheng.settlement import houbao_payment


@njit(cache=True, inline='always')
def may_draw_front(rule_vec, st):
    """Return True while a front draw is allowed: the 荒 zone of ``huang_stacks`` stacks plus
    ``stacks_per_kong`` per kong is left at the tail under the dead-wall model (r8, r9, r11, A3)."""
    return front_draw_allowed(
        st[ST_FRONT_DRAWS], st[ST_REPLACEMENTS], st[ST_KONGS],
        rule_vec[R_DEAD_WALL_MODEL], rule_vec[R_HUANG_STACKS], rule_vec[R_STACKS_PER_KONG],
    )


@njit(cache=True, _nrt=False)
def kept_back_tiles(rule_vec, st):
    """Return the tiles of the 荒 zone no front draw may take (the invariant checker's statement of r8, r9): 2 per
    荒 stack plus 2 per ``stacks_per_kong`` stack for each kong declared so far."""
    return 2 * rule_vec[R_HUANG_STACKS] + 2 * rule_vec[R_STACKS_PER_KONG] * st[ST_KONGS]


@njit(cache=True, _nrt=False)
def huang_money(rule_vec, st, money):
    """荒庄 money: 后包 into ``money[MONEY_HUANG]`` (r51), kong money void (r45), 前包 void when flagged (r50)."""
    houbao_payment(rule_vec, st[ST_DEALER], money[MONEY_HUANG])
    for s in range(4):
        money[MONEY_KONG, s] = 0
        if rule_vec[R_GENZHUANG_VOID_ON_HUANG] == 1:
            money[MONEY_GENZHUANG, s] = 0


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the dealer of the next hand of a session (r52: 闲 win → 下家; r53/A2: 荒庄 per huang_dealer)."""
    dealer = st[ST_DEALER]
    winner = st[ST_WINNER]
    if winner == dealer:
        return dealer
    if winner < 0 and rule_vec[R_HUANG_DEALER] == HUANG_DEALER_STAY:
        return dealer
    return (dealer + 1) % 4
