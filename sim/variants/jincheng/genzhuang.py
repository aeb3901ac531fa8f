"""前包 tracking of 晋城 (RULES §1.9 r47–r50) — kernels.

The first go-around is followed in ``st``: ``ST_GZ_STATE`` (0 = still possible, 1 = settled or impossible),
``ST_GZ_COUNT`` (matching first discards so far, 0..4) and ``ST_GZ_TILE`` (the dealer's first discard kind).
Money goes to the ``MONEY_GENZHUANG`` ledger row (units of 底注) through ``genzhuang_payment``.
"""
from numba import njit

from sim.variants.jincheng.rule_slots import R_GENZHUANG_ANGANG_BREAKS, R_GENZHUANG_ENABLED, R_GENZHUANG_SHANGJIA_BREAKS
from sim.core.state import (
    EV_GENZHUANG, KONG_AN, MONEY_GENZHUANG, N_RULE_STATE, ST_DEALER, ST_GENZHUANG, ST_RULE_STATE, ST_TING,
    ST_TING_TURN, log_event,
)
from sim.variants.jincheng.settlement import genzhuang_payment

# 晋城's fields in the rule set's own region of the state (sim.core.state ST_RULE_STATE), zero at the deal
ST_GZ_STATE = ST_RULE_STATE + 0  # 前包 tracking: 0 = still possible, 1 = broken or done
ST_GZ_TILE = ST_RULE_STATE + 1   # the dealer's first discard
ST_GZ_COUNT = ST_RULE_STATE + 2  # first discards matching so far (4 = 前包)


@njit(cache=True, inline='always')
def gz_start(rule_vec, st):
    """Arm 前包 at the deal (ST_GZ_STATE 0) when the flag ``genzhuang`` is on, else mark it impossible (1)."""
    st[ST_GZ_STATE] = 0 if rule_vec[R_GENZHUANG_ENABLED] == 1 else 1


@njit(cache=True, inline='always')
def gz_break(st):
    """Mark 前包 impossible for this hand (r48)."""
    if st[ST_GZ_STATE] == 0:
        st[ST_GZ_STATE] = 1


@njit(cache=True, inline='always')
def gz_follow(st, seat, tile):
    """Count a first-go-around tile put out by ``seat`` for 前包 (r47); breaks on any mismatch."""
    if st[ST_GZ_STATE] != 0:
        return
    count = st[ST_GZ_COUNT]
    if count == 0:
        if seat != st[ST_DEALER]:
            gz_break(st)
            return
        st[ST_GZ_TILE] = tile
        st[ST_GZ_COUNT] = 1
    elif count < 4 and seat == (st[ST_DEALER] + count) % 4 and tile == st[ST_GZ_TILE]:
        st[ST_GZ_COUNT] = count + 1
    else:
        gz_break(st)


@njit(cache=True, inline='always')
def gz_settle_if_complete(rule_vec, st, money, events):
    """Pay 前包 once the fourth matching first discard went unclaimed (r47, r50)."""
    if st[ST_GZ_STATE] == 0 and st[ST_GZ_COUNT] == 4:
        st[ST_GZ_STATE] = 1
        st[ST_GENZHUANG] = 1
        genzhuang_payment(rule_vec, st[ST_DEALER], money[MONEY_GENZHUANG])
        log_event(events, st, EV_GENZHUANG, st[ST_DEALER], st[ST_GZ_TILE], 0)


@njit(cache=True, inline='always')
def gz_after_shangjia(rule_vec, st, money, events, seat, tile):
    """A 上架 of ``tile`` by ``seat``: breaks 前包 under ``genzhuang_shangjia_breaks`` (r49: the face-down
    tile is not 打出), else counts as a first-go-around tile and may complete 前包."""
    if rule_vec[R_GENZHUANG_SHANGJIA_BREAKS] == 1:
        gz_break(st)
    else:
        gz_follow(st, seat, tile)
        gz_settle_if_complete(rule_vec, st, money, events)


@njit(cache=True, inline='always')
def gz_after_kong(rule_vec, st, seat, kong_type):
    """A kong breaks 前包 (r48), except a dealer's 暗杠, or any 暗杠 when ``genzhuang_angang_breaks`` is off (A12)."""
    if kong_type == KONG_AN:
        if seat != st[ST_DEALER] and rule_vec[R_GENZHUANG_ANGANG_BREAKS] == 1:
            gz_break(st)
    else:
        gz_break(st)


@njit(cache=True, _nrt=False)
def gz_public(rule_vec, st, seat, wst):
    """Copy into ``wst`` what ``seat`` sees of 晋城's region of ``st``: the 前包 tracking, unless another seat put a
    face-down 上架 tile out on its first turn while ``genzhuang_shangjia_breaks`` is off (r49: the tile then counts,
    and whether it matched the dealer's first discard is that seat's to know). Then the seat cannot tell whether
    前包 is still on, and the world plays it as no longer possible (ST_GZ_STATE 1, the tile and count 0): an
    approximation from the view alone (a world does not draw the match). Returns nothing."""
    for i in range(ST_RULE_STATE, ST_RULE_STATE + N_RULE_STATE):
        wst[i] = st[i]
    if rule_vec[R_GENZHUANG_SHANGJIA_BREAKS] == 1 or st[ST_GENZHUANG] == 1:
        return
    for s in range(4):
        if s != seat and st[ST_TING + s] == 1 and 0 <= st[ST_TING_TURN + s] <= 1:
            wst[ST_GZ_STATE] = 1
            wst[ST_GZ_TILE] = 0
            wst[ST_GZ_COUNT] = 0
            return
