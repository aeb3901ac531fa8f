"""Strategy dispatch by integer id — compiled kernel.

To add a strategy: write its kernel module, give it the next ``STRATEGY_*`` id here,
add a branch to ``choose_action``, and register its name and parameters in
strategies/registry.py. Every strategy receives the seat's legal-action mask and reads
only that seat's view of the state (its own hand, rivers, exposed melds, frozen tiles,
who has 上架); never the wall or other concealed hands.
"""
from numba import njit

from sim.core.codes import VARIANT_JINCHENG, VARIANT_JINHUA, VARIANT_JINZHONG
from sim.core.legal import NOT_SCANNED
from sim.core.rule_layout import R_VARIANT
from sim.core.state import CLAIM_BIT_GANG, CLAIM_BIT_HU, CLAIM_BIT_PENG, PHASE_SELF, ST_PENDING_TILE, ST_PHASE
from strategies.dingque import fewest_tiles_suit
from strategies.greedy import greedy_claim, greedy_self, greedy_self_scanned
from strategies.jinhua_baotou import jh_baotou_claim, jh_baotou_self
from strategies.jinhua_play import jh_greedy_claim, jh_greedy_self, jh_greedy_self_rows
from strategies.jinzhong_play import jz_greedy_claim, jz_greedy_self_rows
from strategies.random_policy import random_action
# --- strategies of the strategies issue (selective_ting, thirteen_orphans, defensive) ---
from strategies.defensive import defensive_claim, defensive_self
from strategies.selective_ting import selective_self
from strategies.thirteen_orphans import thirteen_orphans_claim, thirteen_orphans_self

STRATEGY_RANDOM = 0
STRATEGY_GREEDY = 1          # also ``early_ting`` (the same policy under its study name)
STRATEGY_SELECTIVE_TING = 2
STRATEGY_THIRTEEN_ORPHANS = 3
STRATEGY_DEFENSIVE = 4
STRATEGY_BAOTOU = 5          # 金华 only (the registry refuses it under another variant)
STRATEGY_SEARCH = 6          # never dispatched here: its seats are scripted and decided by strategies/search (sim.play)


@njit(cache=True, inline="always")
def shares_discard_scan(strategy_id):
    """Return True when the strategy's self decision can take the discard scan of the legal builder
    (sim.core.legal.legal_self_scanned) through ``greedy_self_from_scan`` whenever that builder ran one."""
    return strategy_id == STRATEGY_GREEDY


@njit(cache=True, inline="always")
def passes_claim(strategy_id, rule_vec, bits):
    """Return True when the seat's strategy answers ACT_PASS to a claim window whose options are the CLAIM_BIT_*
    set ``bits``, without being asked: under 晋城 greedy, selective_ting and defensive answer only 胡, 杠 or 碰
    (``greedy_claim``, ``defensive_claim``), so with none of them they pass (拾 and 抢 left unused)."""
    return ((strategy_id == STRATEGY_GREEDY or strategy_id == STRATEGY_SELECTIVE_TING
             or strategy_id == STRATEGY_DEFENSIVE)
            and rule_vec[R_VARIANT] == VARIANT_JINCHENG
            and bits & (CLAIM_BIT_HU | CLAIM_BIT_GANG | CLAIM_BIT_PENG) == 0)


@njit(cache=True, inline="always")
def _greedy_claim(rule_vec, tables, hands, melds, st, mask, seat, params):
    """Return greedy's claim answer: its 晋中 form under the 晋中 rules (strategies/jinzhong_play.py)."""
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_greedy_claim(rule_vec, tables, hands, melds, st, mask, seat, st[ST_PENDING_TILE], params)
    return greedy_claim(rule_vec, tables, hands, st, mask, seat, st[ST_PENDING_TILE], params)


@njit(cache=True, inline="always")
def choose_action(strategy_id, params, rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, rng, seen):
    """Return the ACT_* the seat's strategy picks among the True entries of ``mask``.

    ``params`` is the seat's float64[8] parameter row, ``rng`` its uint64[2] decision
    generator, ``seen`` an int8[34] scratch row.
    """
    if strategy_id == STRATEGY_GREEDY and rule_vec[R_VARIANT] == VARIANT_JINHUA:  # wilds, 吃 (jinhua_play.py)
        if st[ST_PHASE] == PHASE_SELF:
            return jh_greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
        return jh_greedy_claim(rule_vec, tables, hands, st, mask, seat, params)
    if strategy_id == STRATEGY_BAOTOU:  # gives up plain wins for 爆头 (jinhua_baotou.py)
        if st[ST_PHASE] == PHASE_SELF:
            return jh_baotou_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
        return jh_baotou_claim(rule_vec, tables, hands, st, mask, seat, params)
    if strategy_id == STRATEGY_GREEDY:
        if st[ST_PHASE] == PHASE_SELF:
            return greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
        return _greedy_claim(rule_vec, tables, hands, melds, st, mask, seat, params)
    # --- strategies of the strategies issue ---
    if strategy_id == STRATEGY_SELECTIVE_TING:
        if st[ST_PHASE] == PHASE_SELF:
            return selective_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
        return _greedy_claim(rule_vec, tables, hands, melds, st, mask, seat, params)
    if strategy_id == STRATEGY_THIRTEEN_ORPHANS:
        if st[ST_PHASE] == PHASE_SELF:
            return thirteen_orphans_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
        return thirteen_orphans_claim(rule_vec, tables, hands, frozen, st, mask, seat, params)
    if strategy_id == STRATEGY_DEFENSIVE:
        if st[ST_PHASE] == PHASE_SELF:
            return defensive_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)
        return defensive_claim(rule_vec, tables, hands, st, mask, seat, params)
    return random_action(mask, rng)


@njit(cache=True, inline="always")
def greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after_shanten,
                     after_useful):
    """Return ``choose_action``'s self-phase ACT_* for a ``greedy`` seat whose legal builder ran no shared discard
    scan, on the caller's scratch rows ``after_shanten`` int8[34] / ``after_useful`` int64[34]: 金华's and 晋中's
    greedy then allocate nothing (the hand loop's rows); any other seat gets ``greedy_self``."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                                   after_shanten, after_useful)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                                   after_shanten, after_useful, NOT_SCANNED)
    return greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)


@njit(cache=True, inline="always")
def greedy_self_from_scan(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after_shanten,
                          after_useful, least):
    """Return ``choose_action``'s self-phase ACT_* for a ``greedy`` seat whose legal builder ran the discard scan
    greedy needs (sim.core.legal.legal_self_scanned: ``least`` its least shanten, ``after_shanten`` int8[34] /
    ``after_useful`` int64[34] its rows): 晋中's greedy or the core greedy read the rows instead of scanning."""
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                                   after_shanten, after_useful, least)
    return greedy_self_scanned(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen,
                               after_shanten, after_useful, least)


@njit(cache=True, inline="always")
def choose_dingque(strategy_id, params, hands, seat):
    """Return the suit (0 万, 1 饼, 2 条) the seat's strategy declares given up at the deal (晋中
    jz_dingque_upfront, RULES §2.4 r13): every strategy declares the suit with the fewest tiles of its initial
    hand, ties to the lower suit (strategies/dingque.py)."""
    return fewest_tiles_suit(hands[seat])
