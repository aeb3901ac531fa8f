"""The scalar state of a sampled world, built from what the searching seat may see — compiled kernels.

``public_st`` starts from zero and copies only the fields the seat sees (a list of what is public, not a list of
what to blank: a field added to sim.core.state stays out of the worlds until it is named here): the hand's public
counters and outcome so far, every seat's public marks (who declared and when, turns, meld and river lengths,
frozen and 拾/抢 counts, kinds let pass while declared, 定缺 suits, wins of a hand that plays on), the meld records
with the other seats' 暗杠 kinds blanked (a winner's are revealed), the seat's own private fields (its waits, live waits, passed wins, dealt
counts, declined pongs, face-down 上架 tile, claim options and answer), its own drawn tile, and what the rule set
says of its own region (hook ``public_rule_state``). Left at their nulls for the sampler to fill: the other seats'
private fields. Left out altogether: the run seed and the hand index (the true wall can be dealt again from them),
the decision counter (it counts claim answers, i.e. which seats had options) and the event count.
"""
from numba import njit

from sim.core.melds import meld_slot
from sim.core.slots import hooks
from sim.core.state import (
    CLAIM_NOT_ELIGIBLE, MAX_MELDS, MELD_ANGANG, MELD_FIELDS, PHASE_SELF, REC_TILE, REC_TYPE, ST_CHENGBAO, ST_CHOWS,
    ST_CLAIM, ST_CLAIM_BITS, ST_COMMITTED, ST_CURRENT, ST_DEALER, ST_DECLINED_PONGS, ST_DINGQUE,
    ST_FORBIDDEN_DISCARDS, ST_FRONT_DRAWS, ST_FROM_TAIL, ST_GENZHUANG, ST_GUO_HU, ST_KONGS, ST_LAST_DRAWN,
    ST_LIVE_WAITS, ST_MULTIPLIER, ST_N_FROZEN, ST_N_MELDS, ST_N_SHI, ST_PASSED, ST_PENDING_FROM,
    ST_PENDING_KIND, ST_PENDING_TILE, ST_PHASE, ST_PLAY_ON, ST_PONGS, ST_QIANG_USED, ST_REPLACEMENTS, ST_RIVER_LEN,
    ST_SHANGJIA_TILE, ST_SHAPE, ST_TING, ST_TING_TURN, ST_TURNS, ST_WAITS, ST_WILD_KIND, ST_WILDS_DEALT, ST_WIN_FEATURES,
    ST_WIN_HOW, ST_WIN_KIND, ST_WIN_TILE, ST_WINNER, ST_WINNER_WILDS, ST_WINNERS, ST_FEEDER, ST_YAOJIU_START, N_ST,
)

#: scalars every seat sees
PUBLIC_SCALARS = (ST_PHASE, ST_CURRENT, ST_DEALER, ST_FRONT_DRAWS, ST_REPLACEMENTS, ST_KONGS, ST_PONGS,
                  ST_PENDING_TILE, ST_PENDING_FROM, ST_PENDING_KIND, ST_WINNER, ST_FEEDER, ST_WIN_KIND, ST_SHAPE,
                  ST_WIN_TILE, ST_GENZHUANG, ST_WIN_FEATURES, ST_MULTIPLIER, ST_FROM_TAIL, ST_WILD_KIND,
                  ST_FORBIDDEN_DISCARDS, ST_CHOWS, ST_WINNER_WILDS, ST_WINNERS)
#: blocks of four (one per seat) every seat sees
PUBLIC_BLOCKS = (ST_TING, ST_TING_TURN, ST_TURNS, ST_COMMITTED, ST_QIANG_USED, ST_N_MELDS, ST_N_FROZEN, ST_RIVER_LEN,
                 ST_N_SHI, ST_PASSED, ST_CHENGBAO, ST_DINGQUE)
#: blocks of four whose entry only its own seat sees: the seat's own entry is copied
OWN_BLOCKS = (ST_WAITS, ST_LIVE_WAITS, ST_GUO_HU, ST_YAOJIU_START, ST_DECLINED_PONGS, ST_WILDS_DEALT, ST_CLAIM_BITS,
              ST_CLAIM, ST_SHANGJIA_TILE)


@njit(cache=True, _nrt=False)
def public_st(rule_vec, st, seat, wst):
    """Fill ``wst`` (int64[N_ST]) with what ``seat`` sees of ``st`` (module docstring); the other seats' private
    fields get their nulls: waits 0, live waits 0 when declared else -1, 上架 tile -1, dealt wilds 0 under wilds
    else -1, claim answer CLAIM_NOT_ELIGIBLE, the rest 0. Returns nothing."""
    for i in range(N_ST):
        wst[i] = 0
    for f in PUBLIC_SCALARS:
        wst[f] = st[f]
    for f in PUBLIC_BLOCKS:
        for s in range(4):
            wst[f + s] = st[f + s]
    for s in range(4):
        for f in OWN_BLOCKS:
            wst[f + s] = st[f + s] if s == seat else 0
        if s != seat:
            wst[ST_LIVE_WAITS + s] = 0 if st[ST_TING + s] == 1 else -1
            wst[ST_SHANGJIA_TILE + s] = -1
            wst[ST_WILDS_DEALT + s] = 0 if st[ST_WILD_KIND] >= 0 else -1
            wst[ST_CLAIM + s] = CLAIM_NOT_ELIGIBLE
    for s in range(4):
        for i in range(MAX_MELDS):
            slot = meld_slot(s, i)
            for j in range(MELD_FIELDS):
                wst[slot + j] = st[slot + j]
            hidden = s != seat and st[ST_WIN_HOW + s] == 0  # a winner's 暗杠 is revealed
            if hidden and i < st[ST_N_MELDS + s] and st[slot + REC_TYPE] == MELD_ANGANG:
                wst[slot + REC_TILE] = -1
    if st[ST_PHASE] == PHASE_SELF and st[ST_CURRENT] == seat:
        wst[ST_LAST_DRAWN] = st[ST_LAST_DRAWN]
    else:
        wst[ST_LAST_DRAWN] = -1
    for i in range(ST_PLAY_ON, N_ST):  # a hand that plays on: every winner's win and class are public
        wst[i] = st[i]
    hooks.public_rule_state(rule_vec, st, seat, wst)

