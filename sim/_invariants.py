"""Debug play loop that checks the engine's invariants after every action — compiled kernels.

Used by tests/test_invariants.py. The loop mirrors sim._turn.run_until (same legal,
choose and apply kernels); after each action ``check_state`` compares the state against
what the rules guarantee and returns the first broken invariant (ERR_* code).
"""
import numpy as np
from numba import njit

from sim._apply import apply_self
from sim._claims import apply_claim
from sim._deal import start_hand
from sim._legal import legal_claim, legal_self
from sim._rule_layout import R_DEAD_WALL_MODEL, R_HUANG_STACKS, R_MULTI_RON, R_STACKS_PER_KONG
from sim._state import (
    ACT_SHANGJIA, MELD_MINGGANG, MELD_PONG, N_ACTIONS, PHASE_CLAIM, PHASE_OVER, PHASE_SELF,
    PEND_DISCARD, ST_COMMITTED, ST_CURRENT, ST_PENDING_FROM, ST_PENDING_KIND, ST_FRONT_DRAWS, ST_KONGS, ST_N_FROZEN, ST_N_MELDS, ST_PHASE, ST_PONGS,
    ST_REPLACEMENTS, ST_RIVER_LEN, ST_SHANGJIA_TILE, ST_TING, ST_WAITS, ST_WIN_KIND, ST_WIN_TILE, ST_WINNER,
    new_state,
)
from sim._ting import win_shape_forms
from sim._turn import seat_to_act, seed_seats
from sim.record import WIN_DIANHU
from sim.wall import draw_dealer, fill_wall
from strategies.dispatch import choose_action

ERR_NONE = 0
ERR_TILE_COUNT = 1       # a kind is not accounted for exactly (hands, melds, frozen, rivers, 上架, wall)
ERR_MONEY_SUM = 2        # a ledger row does not sum to zero
ERR_RIVER = 3            # river tiles do not equal face-up discards minus claimed ones
ERR_SHANGJIA_CLAIMED = 4 # a 上架 tile was offered for a claim
ERR_WAITS_CHANGED = 5    # a seat's waits changed after 上架
ERR_WIN_WITHOUT_TING = 6
ERR_FRONT_LIMIT = 7      # a front draw beyond 70 − 2·kongs (physical model)
ERR_TWO_WINNERS = 8
ERR_FROZEN_IN_WIN = 9    # a 十三幺 win used a frozen kind as pair or winning tile
ERR_NOT_COMPLETE = 10    # the winning hand is not complete
ERR_HAND_SIZE = 11       # a seat's tile count is not 13 (14 for the seat in its self phase)
ERR_MELD_IN_TING = 12    # a 上架 seat took a 拾/抢 tile


@njit(cache=True)
def check_state(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, tracks, action, front_before):
    """Return ERR_NONE or the first broken invariant after ``action``.

    ``tracks`` int64[16]: [0] face-up discards so far, [1..4] waits snapshot per seat at 上架,
    [5..8] frozen count at 上架 per seat.
    """
    drawn = np.zeros(34, dtype=np.int64)  # kinds taken out of the wall so far
    upto = 52 + st[ST_FRONT_DRAWS]
    for p in range(upto):
        drawn[wall[p]] += 1
    for p in range(136 - st[ST_REPLACEMENTS], 136):
        drawn[wall[p]] += 1
    placed = np.zeros(34, dtype=np.int64)  # kinds found in play
    claimed = st[ST_PONGS]
    river_total = 0
    for s in range(4):
        size = st[ST_N_FROZEN + s] + 3 * st[ST_N_MELDS + s]
        for k in range(34):
            placed[k] += hands[s, k] + frozen[s, k]
            size += hands[s, k]
            code = melds[s, k]
            if code == MELD_PONG:
                placed[k] += 3
            elif code != 0:
                placed[k] += 4
            if code == MELD_MINGGANG:
                claimed += 1
        for i in range(st[ST_RIVER_LEN + s]):
            placed[rivers[s, i]] += 1
        river_total += st[ST_RIVER_LEN + s]
        if st[ST_SHANGJIA_TILE + s] >= 0:
            placed[st[ST_SHANGJIA_TILE + s]] += 1
        claimed += st[ST_N_FROZEN + s]
        expect = 13
        if st[ST_PHASE] == PHASE_SELF and st[ST_CURRENT] == s:
            expect = 14
        if st[ST_PHASE] == PHASE_CLAIM and st[ST_PENDING_KIND] != PEND_DISCARD and st[ST_PENDING_FROM] == s:
            expect = 14  # a kong offered for 抢杠胡 is still in hand
        if st[ST_PHASE] == PHASE_OVER and st[ST_WINNER] == s:
            expect = 14
        if size != expect:
            return ERR_HAND_SIZE
        if st[ST_TING + s] == 1:
            if st[ST_WAITS + s] != tracks[1 + s]:
                return ERR_WAITS_CHANGED
            if st[ST_N_FROZEN + s] != tracks[5 + s]:
                return ERR_MELD_IN_TING
    for k in range(34):
        if placed[k] != drawn[k]:
            return ERR_TILE_COUNT
    for row in range(money.shape[0]):
        if money[row].sum() != 0:
            return ERR_MONEY_SUM
    if st[ST_PHASE] == PHASE_OVER and st[ST_WINNER] >= 0 and st[ST_WIN_KIND] == WIN_DIANHU:
        claimed += 1
    if river_total != tracks[0] - claimed:
        return ERR_RIVER
    if action >= ACT_SHANGJIA and action < ACT_SHANGJIA + 34 and st[ST_PHASE] == PHASE_CLAIM:
        return ERR_SHANGJIA_CLAIMED
    if st[ST_FRONT_DRAWS] > front_before and rule_vec[R_DEAD_WALL_MODEL] == 0:
        limit = 84 - 2 * rule_vec[R_HUANG_STACKS] - 2 * rule_vec[R_STACKS_PER_KONG] * st[ST_KONGS]
        if st[ST_FRONT_DRAWS] > limit:
            return ERR_FRONT_LIMIT
    winner = st[ST_WINNER]
    if st[ST_PHASE] == PHASE_OVER and winner >= 0:
        if st[ST_TING + winner] == 0:
            return ERR_WIN_WITHOUT_TING
        if rule_vec[R_MULTI_RON] == 0:
            n_paid = 0
            for s in range(4):
                if money[0, s] > 0:
                    n_paid += 1
            if n_paid > 1:
                return ERR_TWO_WINNERS
        forms = win_shape_forms(rule_vec, tables, hands, frozen, st, winner)
        if st[ST_COMMITTED + winner] == 0 and forms == 0:
            return ERR_NOT_COMPLETE
        if st[ST_COMMITTED + winner] == 1:
            if frozen[winner, st[ST_WIN_TILE]] == 1:
                return ERR_FROZEN_IN_WIN
            for k in range(34):
                if frozen[winner, k] == 1 and hands[winner, k] > 0:
                    return ERR_FROZEN_IN_WIN
    return ERR_NONE


@njit(cache=True)
def play_checked(rule_vec, tables, strategy_ids, params, run_seed, first_hand, n_hands, stats):
    """Play hands like sim._turn.play_hands, checking every action; returns int64[n_hands] ERR_* codes.

    ``stats`` int64[8] accumulates: [0] actions checked, [1] wins, [2] 十三幺 wins with frozen
    tiles, [3] 拾/抢 taken, [4] kongs, [5] 荒庄.
    """
    wall, hands, frozen, melds, rivers, st, money = new_state()
    events = np.zeros((1, 4), dtype=np.int32)  # logging off
    rngs = np.zeros((4, 2), dtype=np.uint64)    # per-seat decision generators
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)  # scratch legal-action mask
    seen = np.zeros(34, dtype=np.int8)          # scratch visible-copies row
    tracks = np.zeros(16, dtype=np.int64)       # see check_state
    errors = np.zeros(n_hands, dtype=np.int64)  # ERR_* per hand
    for i in range(n_hands):
        hand_index = first_hand + i
        fill_wall(run_seed, hand_index, wall)
        seed_seats(rngs, run_seed, hand_index)
        start_hand(rule_vec, wall, hands, frozen, melds, rivers, st, money, events,
                   draw_dealer(run_seed, hand_index), run_seed, hand_index)
        tracks[:] = 0
        while st[ST_PHASE] != PHASE_OVER and errors[i] == 0:
            seat = seat_to_act(st)
            front_before = st[ST_FRONT_DRAWS]
            self_phase = st[ST_PHASE] == PHASE_SELF
            if self_phase:
                legal_self(rule_vec, tables, hands, frozen, melds, st, mask)
            else:
                legal_claim(rule_vec, tables, hands, frozen, melds, st, seat, mask)
            action = choose_action(strategy_ids[seat], params[seat], rule_vec, tables, hands, frozen, melds,
                                   rivers, st, mask, seat, rngs[seat], seen)
            if not mask[action]:
                errors[i] = 99
                break
            if self_phase:
                apply_self(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, action)
                if action < ACT_SHANGJIA:
                    tracks[0] += 1
                elif action < ACT_SHANGJIA + 34:
                    tracks[1 + seat] = st[ST_WAITS + seat]
                    tracks[5 + seat] = st[ST_N_FROZEN + seat]
            else:
                apply_claim(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, events, seat, action)
            stats[0] += 1
            errors[i] = check_state(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, tracks,
                                    action if self_phase else -1, front_before)
        if st[ST_WINNER] >= 0:
            stats[1] += 1
            if st[ST_COMMITTED + st[ST_WINNER]] == 1:
                stats[2] += 1
        else:
            stats[5] += 1
        for s in range(4):
            stats[3] += st[ST_N_FROZEN + s]
        stats[4] += st[ST_KONGS]
    return errors
