"""Engine invariants checked after every action in check mode of the one play loop — compiled kernels.

``sim.core.turn.run_until`` calls ``check_state`` after each decision when its ``check`` switch is on
(and ``sim.game.Game(check=True)`` after each step): the checks recompute what they assert from
the state itself (waits from the hand, tiles from the wall, money from the ledger) instead of
comparing stored values with copies of themselves. The first broken invariant is returned as an
ERR_* code; the loop stores it in ``st[ST_ERROR]`` and ends the hand.

``tracks`` is the checker's own memory of the hand (int64[N_TRACKS], zeroed at each hand start by
the loop): the T_* slots below.
"""
import numpy as np
from numba import njit

from sim.core.codes import (
    FEATURE_DIHU, FEATURE_TIANHU, MONEY_WIN, MULTI_RON_HEADBUMP, NO_WIN_FEATURES, WIN_DIANHU,
)
from sim.core.rule_layout import R_MULTI_RON, R_TING_ALLOW_PONG
from sim.core.state import (
    MAX_MELDS, MELD_ANGANG, MELD_BUGANG, MELD_CHOW, MELD_FIELDS, MELD_MINGGANG, MELD_NONE, MELD_PONG, REC_FROM,
    REC_TILE, REC_TYPE, ST_MELD_RECS, PEND_DISCARD, PHASE_CLAIM, PHASE_OVER, PHASE_SELF, ST_COMMITTED,
    ST_CURRENT, ST_FRONT_DRAWS, ST_N_FROZEN, ST_N_MELDS, ST_PENDING_FROM, ST_PENDING_KIND,
    ST_PENDING_TILE, ST_PHASE, ST_PONGS, ST_REPLACEMENTS, ST_RIVER_LEN, ST_SHANGJIA_TILE, ST_TING, ST_WAITS,
    ST_WIN_FEATURES, ST_WIN_KIND, ST_WIN_TILE, ST_WINNER,
)
from sim.core.state import CLAIM_WAITING, ST_CLAIM, ST_RON_TAKEN, ST_TILE_HELD, ST_WINNERS
from sim.core.flow import next_front_draws
from sim.core.wall import DEAL_SIZE, wall_size
from sim.core.hook_defaults import LIMIT_EVERY_DRAW, LIMIT_FRONT_DRAWS
from sim.core.slots import hooks

ERR_NONE = 0
ERR_TILE_COUNT = 1        # a kind is not accounted for exactly (hands, melds, frozen, rivers, 上架 tiles vs the wall drawn)
ERR_MONEY_SUM = 2         # a ledger row does not sum to zero
ERR_RIVER = 3             # river tiles do not equal face-up discards minus the claimed ones
ERR_SHANGJIA_CLAIMED = 4  # an open discard window offers a tile that is not the discarder's last face-up
                          # river tile (a face-down 上架 tile must never be claimable, RULES §1.4 r24)
ERR_WAITS_CHANGED = 5     # a 上架 seat's waits recomputed from its hand differ from the mask fixed at 上架 (r26)
ERR_WIN_WITHOUT_TING = 6  # a winner that never 上架 (r22)
ERR_FRONT_LIMIT = 7       # a draw into the tiles the variant's draw limit keeps back (hook draw_limit, every wall
                          # model: 晋城 r8–r11, 晋中 §2.1 r4, 金华 §3.1 r4), or the front and the tail crossed
ERR_TWO_WINNERS = 8       # more than one seat won money under multi_ron=headbump (r20)
ERR_FROZEN_IN_WIN = 9     # a 十三幺 win used a frozen kind as pair or winning tile (r35)
ERR_NOT_COMPLETE = 10     # the winning hand is not complete
ERR_HAND_SIZE = 11        # a seat's tile count is not 13 (14 for a seat holding its draw or offered kong)
ERR_MELD_IN_TING = 12     # a 上架 seat 碰-ed without ting_allow_pong, or took a 拾/抢 tile (r15, r26)
ERR_MELD_RECORDS = 13     # the meld records (sim.core.melds) disagree with the per-kind view ``melds`` or the meld count
ERR_VARIANT_RULE = 14     # a rule of the variant's own state broke (hook variant_state_ok; 金华: a 财神 in a meld)
ERR_NOT_IN_WALL = 15      # a tile taken from the wall is no tile of it: past its end, or an honor from a wall of the
                          # 108 suit tiles (RULES §2.1 r1)
ERR_WINNER_ACTS = 16      # in a hand that plays on after a win, a seat that has won is to act: its turn, or an
                          # answer awaited in a claim window (docs/rules/sichuan.md r55)

# --- tracks: the checker's memory of one hand --------------------------------------------------
T_DISCARDS = 0          # face-up discards so far (counted by the loop)
T_FRONT_SEEN = 1        # front draws at the previous check
T_TING_SEEN = 2         # + seat: 1 once the checker has seen the seat 上架
T_PONGS_AT_TING = 6     # + seat: mask of kinds the seat had 碰-ed (碰 or 补杠) when it 上架
T_FROZEN_AT_TING = 10   # + seat: frozen 拾/抢 tiles of the seat when it 上架
T_TAIL_SEEN = 14        # replacement draws at the previous check
N_TRACKS = 15


@njit(cache=True, _nrt=False)
def pong_kinds(melds, seat):
    """Return the int64 mask of kinds the seat has 碰-ed (a 碰, or a 碰 grown into a 补杠)."""
    mask = np.int64(0)
    for k in range(34):
        if melds[seat, k] == MELD_PONG or melds[seat, k] == MELD_BUGANG:
            mask |= np.int64(1) << k
    return mask


@njit(cache=True, _nrt=True)
def meld_records_agree(melds, st):
    """Return True when every seat's meld records (sim.core.melds) and its per-kind view ``melds`` say the same:
    ``st[ST_N_MELDS + seat]`` records in 0..MAX_MELDS, each a real type and kind (a 吃 starts a run of one suit;
    concealed exactly when a 暗杠; otherwise fed by another seat), each 碰/杠 record matching ``melds`` at its kind,
    every non-zero ``melds`` entry recorded exactly once, and the slots past the count zero."""
    for s in range(4):
        n = st[ST_N_MELDS + s]
        if n < 0 or n > MAX_MELDS:
            return False
        recorded = np.zeros(34, dtype=np.int8)  # int8[34]: 碰/杠 records of the seat per kind
        for i in range(MAX_MELDS):
            slot = ST_MELD_RECS + (s * MAX_MELDS + i) * MELD_FIELDS
            kind = st[slot + REC_TYPE]
            tile = st[slot + REC_TILE]
            source = st[slot + REC_FROM]
            if i >= n:
                if kind != MELD_NONE or tile != 0 or source != 0:
                    return False
                continue
            if kind < MELD_PONG or kind > MELD_CHOW or tile < 0 or tile >= 34:
                return False
            if kind == MELD_ANGANG:
                if source != -1:
                    return False
            elif source < 0 or source > 3 or source == s:
                return False
            if kind == MELD_CHOW:
                if tile >= 27 or tile % 9 > 6:
                    return False
                continue
            if melds[s, tile] != kind or recorded[tile] != 0:
                return False
            recorded[tile] = 1
        for k in range(34):
            if melds[s, k] != MELD_NONE and recorded[k] == 0:
                return False
    return True


@njit(cache=True, _nrt=True)
def check_state(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, tracks):
    """Return ERR_NONE or the first broken invariant of the state after an action (order as below)."""
    # --- a hand that plays on after a win: a seat that has won never acts again ----------------------------
    if hooks.plays_on_after_win(rule_vec):
        for s in range(4):
            if (st[ST_WINNERS] >> s) & 1 == 1:
                if st[ST_PHASE] == PHASE_SELF and st[ST_CURRENT] == s:
                    return ERR_WINNER_ACTS
                if st[ST_PHASE] == PHASE_CLAIM and st[ST_CLAIM + s] == CLAIM_WAITING:
                    return ERR_WINNER_ACTS
    # --- hand sizes -------------------------------------------------------------------------
    for s in range(4):
        size = st[ST_N_FROZEN + s] + 3 * st[ST_N_MELDS + s]
        for k in range(34):
            size += hands[s, k]
        expect = 13
        if st[ST_PHASE] == PHASE_SELF and st[ST_CURRENT] == s:
            expect = 14
        if st[ST_PHASE] == PHASE_CLAIM and st[ST_PENDING_KIND] != PEND_DISCARD and st[ST_PENDING_FROM] == s:
            expect = 14  # a kong offered for 抢杠胡 is still in hand
        if st[ST_PHASE] == PHASE_OVER and st[ST_WINNER] == s:
            expect = 14
        if hooks.plays_on_after_win(rule_vec) and (st[ST_WINNERS] >> s) & 1 == 1:
            expect = 13 + ((st[ST_TILE_HELD] >> s) & 1)  # a winner keeps its hand, the winning tile if it holds it
        if size != expect:
            return ERR_HAND_SIZE
    # --- every tile taken from the wall is somewhere, exactly once ------------------------------
    drawn = np.zeros(34, dtype=np.int64)  # int64[34]: copies of each kind taken out of the wall so far
    n_tiles = wall_size(rule_vec)
    n_kinds = 34 if n_tiles == 136 else 27  # the kinds the wall holds: honors only in the full wall
    front_drawn = next_front_draws(rule_vec, st)  # the replacements too where they come from the front
    tail_drawn = st[ST_FRONT_DRAWS] + st[ST_REPLACEMENTS] - front_drawn
    for p in range(DEAL_SIZE + front_drawn):
        if p >= n_tiles or wall[p] < 0 or wall[p] >= n_kinds:
            return ERR_NOT_IN_WALL
        drawn[wall[p]] += 1
    first_tail = hooks.first_tail_position(rule_vec)  # replacements go down from here (金华: below the indicator)
    for p in range(first_tail + 1 - tail_drawn, first_tail + 1):
        if p >= n_tiles or wall[p] < 0 or wall[p] >= n_kinds:
            return ERR_NOT_IN_WALL
        drawn[wall[p]] += 1
    for s in range(4):
        for k in range(34):
            drawn[k] -= hands[s, k] + frozen[s, k]
            code = melds[s, k]
            if code == MELD_PONG:
                drawn[k] -= 3
            elif code != 0:
                drawn[k] -= 4
        for i in range(st[ST_N_MELDS + s]):  # a 吃 lives in the records only: its three shown kinds
            slot = ST_MELD_RECS + (s * MAX_MELDS + i) * MELD_FIELDS
            if st[slot + REC_TYPE] == MELD_CHOW:
                for j in range(3):
                    drawn[hooks.meld_tile_kind(rule_vec, st, st[slot + REC_TILE] + j)] -= 1
        for i in range(st[ST_RIVER_LEN + s]):
            drawn[rivers[s, i]] -= 1
        if st[ST_SHANGJIA_TILE + s] >= 0:
            drawn[st[ST_SHANGJIA_TILE + s]] -= 1
    for k in range(34):
        if drawn[k] != 0:
            return ERR_TILE_COUNT
    # --- the ledger is zero-sum, row by row -------------------------------------------------------
    for row in range(money.shape[0]):
        total = 0
        for s in range(4):
            total += money[row, s]
        if total != 0:
            return ERR_MONEY_SUM
    # --- a finished hand's win ------------------------------------------------------------------
    winner = st[ST_WINNER]
    if hooks.plays_on_after_win(rule_vec):  # every winner holding its winning tile holds a winning hand
        for s in range(4):
            if (st[ST_TILE_HELD] >> s) & 1 == 1 and not hooks.hand_complete(rule_vec, tables, hands, frozen, st, s):
                return ERR_NOT_COMPLETE
    elif st[ST_PHASE] == PHASE_OVER and winner >= 0:
        features = st[ST_WIN_FEATURES]  # NO_WIN_FEATURES (-1) holds no feature, not every one
        before_any_ting = features != NO_WIN_FEATURES and features & (FEATURE_TIANHU | FEATURE_DIHU) != 0
        if hooks.ting_exists(rule_vec) and st[ST_TING + winner] == 0 and not before_any_ting:
            return ERR_WIN_WITHOUT_TING
        if rule_vec[R_MULTI_RON] == MULTI_RON_HEADBUMP:
            n_paid = 0
            for s in range(4):
                if money[MONEY_WIN, s] > 0:
                    n_paid += 1
            if n_paid > 1:
                return ERR_TWO_WINNERS
        if st[ST_COMMITTED + winner] == 0:
            if not hooks.hand_complete(rule_vec, tables, hands, frozen, st, winner):
                return ERR_NOT_COMPLETE
        else:
            if frozen[winner, st[ST_WIN_TILE]] == 1:
                return ERR_FROZEN_IN_WIN
            for k in range(34):
                if frozen[winner, k] == 1 and hands[winner, k] > 0:
                    return ERR_FROZEN_IN_WIN
    # --- rivers: face-up discards minus the tiles claimed from them --------------------------------
    claimed = st[ST_PONGS]
    river_total = 0
    for s in range(4):
        river_total += st[ST_RIVER_LEN + s]
        claimed += st[ST_N_FROZEN + s]
        for i in range(st[ST_N_MELDS + s]):  # a 吃 took one discard
            if st[ST_MELD_RECS + (s * MAX_MELDS + i) * MELD_FIELDS + REC_TYPE] == MELD_CHOW:
                claimed += 1
        for k in range(34):
            if melds[s, k] == MELD_MINGGANG:
                claimed += 1
    if hooks.plays_on_after_win(rule_vec):
        claimed += st[ST_RON_TAKEN]  # one discard per 点炮 event of a hand that plays on
    elif st[ST_PHASE] == PHASE_OVER and winner >= 0 and st[ST_WIN_KIND] == WIN_DIANHU:
        claimed += 1
    if river_total != tracks[T_DISCARDS] - claimed:
        return ERR_RIVER
    # --- an open discard window offers the discarder's face-up tile, never a 上架 tile ---------------
    if st[ST_PHASE] == PHASE_CLAIM and st[ST_PENDING_KIND] == PEND_DISCARD:
        source = st[ST_PENDING_FROM]
        n = st[ST_RIVER_LEN + source]
        if n == 0 or rivers[source, n - 1] != st[ST_PENDING_TILE]:
            return ERR_SHANGJIA_CLAIMED
    # --- 上架 seats: no 碰 (unless allowed) or 拾/抢, waits recomputed from the hand unchanged -----------
    for s in range(4):
        if st[ST_TING + s] == 0:
            continue
        if tracks[T_TING_SEEN + s] == 0:  # first check after this seat's 上架: remember its melds
            tracks[T_TING_SEEN + s] = 1
            tracks[T_PONGS_AT_TING + s] = pong_kinds(melds, s)
            tracks[T_FROZEN_AT_TING + s] = st[ST_N_FROZEN + s]
        if st[ST_N_FROZEN + s] != tracks[T_FROZEN_AT_TING + s]:
            return ERR_MELD_IN_TING
        if rule_vec[R_TING_ALLOW_PONG] == 0 and pong_kinds(melds, s) != tracks[T_PONGS_AT_TING + s]:
            return ERR_MELD_IN_TING
        holds_extra = ((st[ST_PHASE] == PHASE_SELF and st[ST_CURRENT] == s)
                       or (st[ST_PHASE] == PHASE_CLAIM and st[ST_PENDING_KIND] != PEND_DISCARD
                           and st[ST_PENDING_FROM] == s)
                       or (st[ST_PHASE] == PHASE_OVER and winner == s))
        # a kong allowed by still_tenpai may change the waits: the engine then stores the new ones
        if not holds_extra and hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, s) != st[ST_WAITS + s]:
            return ERR_WAITS_CHANGED
    # --- the draw limit, under every wall model: no draw takes a tile the limit keeps back ------------------
    # undrawn tiles between the front (after the deal and the front draws) and the tail (below the replacements)
    undrawn = first_tail + 1 - tail_drawn - DEAL_SIZE - front_drawn
    if undrawn < 0:
        return ERR_FRONT_LIMIT
    mode, kept = hooks.draw_limit(rule_vec, st)
    drew_front = st[ST_FRONT_DRAWS] > tracks[T_FRONT_SEEN]
    drew_tail = st[ST_REPLACEMENTS] > tracks[T_TAIL_SEEN]
    if mode == LIMIT_FRONT_DRAWS:
        if drew_front and st[ST_FRONT_DRAWS] > n_tiles - DEAL_SIZE - kept:
            return ERR_FRONT_LIMIT
    elif drew_front or (drew_tail and mode == LIMIT_EVERY_DRAW):
        if undrawn < kept:
            return ERR_FRONT_LIMIT
    tracks[T_FRONT_SEEN] = st[ST_FRONT_DRAWS]
    tracks[T_TAIL_SEEN] = st[ST_REPLACEMENTS]
    # --- meld records agree with the per-kind view and the meld counts -------------------------------
    if not meld_records_agree(melds, st):
        return ERR_MELD_RECORDS
    if not hooks.variant_state_ok(rule_vec, st):
        return ERR_VARIANT_RULE
    return ERR_NONE
