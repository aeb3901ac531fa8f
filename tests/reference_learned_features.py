"""The learned player's candidate features as first written (issue 44), kept as the slow reference of the compiled
kernel that replaced it (strategies.learned.features ``candidate_features``): two table evaluations per candidate
(``hand_shanten_reference``, ``hand_useful_reference``) and no discard scan. tests/test_learned_features.py checks the
two agree on every decision of many random hands; the golden records of the learned player
(tests/test_golden_learned.py) were taken with this code.
"""
import numpy as np
from numba import njit

from sim.core.hand.kernel import shanten_k, useful_mask_k
from sim.core.hand.queyimen_kernel import shanten_qym_k, useful_mask_qym_k
from sim.core.hand.wild_kernel import shanten_wild_k
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.slots import hooks
from sim.core.state import (
    PHASE_CLAIM, ST_DEALER, ST_FRONT_DRAWS, ST_LAST_DRAWN, ST_N_MELDS, ST_PASSED, ST_PENDING_TILE, ST_PHASE, ST_TING,
    ST_TURNS,
)
from sim.core.ting import live_copies_in, live_planes, visible_counts
from strategies.learned.features import (  # noqa: F401  (the column constants)
    F_CLAIM_PHASE, F_DANGER, F_DEALER, F_DECLARED, F_DRAWS, F_HONOR, F_LAST_DRAWN, F_LIVE_USEFUL, F_MELDS, F_MIDDLE,
    F_OWN, F_OWN_TING, F_SEEN, F_SHANTEN_AFTER, F_SHANTEN_BEFORE, F_SHANTEN_DELTA, F_TENPAI_AFTER, F_TERMINAL,
    F_TURNS, F_WILD_TILE, F_WILDS_HELD, F_WIN, KIND_ANGANG, KIND_BUGANG, KIND_CHI, KIND_DISCARD, KIND_GANG,
    KIND_HU, KIND_PENG, KIND_SHANGJIA, KIND_ZIMO, action_kind,
)
from sim.core.codes import ACT_ANGANG, ACT_BUGANG, ACT_CHI_LOW, ACT_DISCARD, ACT_SHANGJIA


@njit(cache=True, _nrt=False)
def hand_shanten_reference(rule_vec, tables, hand, n_melds, blocked, st, seat):
    """Return the shanten of ``hand`` (int8[34]) with ``n_melds`` melds under the rule set's forms (its wild form
    where a kind is wild, hook ``has_wilds``; where a win needs a suit missing, hook ``misses_a_suit``, the least
    over the suits not in ``blocked``, the 3-bit mask of suits it may no longer give up)."""
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    if hooks.misses_a_suit(rule_vec):
        return shanten_qym_k(hand, n_melds, blocked, allow_quad, tables)
    if hooks.has_wilds(rule_vec):
        return shanten_wild_k(hand, n_melds, allow_quad, hooks.wild_kind(rule_vec, st), tables)
    return shanten_k(hand, n_melds, allow_quad, hooks.win_forms(rule_vec, st, seat), tables)


@njit(cache=True, _nrt=False)
def hand_useful_reference(rule_vec, tables, hand, n_melds, blocked, st, seat):
    """Return the int64 kinds whose draw lowers the shanten of ``hand`` (hand_shanten_reference's; 0 in the wild
    form, not computed there)."""
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    if hooks.misses_a_suit(rule_vec):
        return useful_mask_qym_k(hand, n_melds, blocked, allow_quad, tables)
    if hooks.has_wilds(rule_vec):
        return np.int64(0)
    return useful_mask_k(hand, n_melds, allow_quad, hooks.win_forms(rule_vec, st, seat), tables)


@njit(cache=True, _nrt=False)
def candidate_features_reference(rule_vec, tables, hands, frozen, melds, rivers, st, seat, cands, n, seen, work, out):
    """Fill ``out[:n]`` (float64[>= n, N_FEATURES]) with the features of the candidates ``cands[:n]`` of ``seat``,
    whose decision is due; ``seen`` int8[34] and ``work`` int8[34] are scratch. The state is not changed."""
    visible_counts(hands, frozen, melds, rivers, st, seat, seen)
    planes = live_planes(seen)
    n_melds = st[ST_N_MELDS + seat]
    claim = st[ST_PHASE] == PHASE_CLAIM
    pending = st[ST_PENDING_TILE] if claim else -1
    wild = hooks.wild_kind(rule_vec, st) if hooks.has_wilds(rule_vec) else -1
    blocked = hooks.blocked_suits(rule_vec, melds, st, seat)
    before = hand_shanten_reference(rule_vec, tables, hands[seat], n_melds, blocked, st, seat)
    declared = 0
    for s in range(4):
        if s != seat and st[ST_TING + s] == 1:
            declared += 1
    wilds_held = hands[seat, wild] if wild >= 0 else 0
    for c in range(n):
        a = cands[c]
        row = out[c]
        row[:] = 0.0
        kind = action_kind(a)
        row[kind] = 1.0
        for k in range(34):
            work[k] = hands[seat, k]
        tile = -1
        after_melds = n_melds
        win = False
        if kind == KIND_DISCARD or kind == KIND_SHANGJIA:
            tile = a - ACT_DISCARD if kind == KIND_DISCARD else a - ACT_SHANGJIA
            work[tile] -= 1
        elif kind == KIND_ANGANG:
            tile = a - ACT_ANGANG
            work[tile] -= 4
            after_melds += 1
        elif kind == KIND_BUGANG:
            tile = a - ACT_BUGANG
            work[tile] -= 1
        elif kind == KIND_ZIMO or kind == KIND_HU:
            win = True
            tile = pending
        elif kind == KIND_GANG:
            tile = pending
            work[tile] -= 3
            after_melds += 1
        elif kind == KIND_PENG:
            tile = pending
            work[tile] -= 2
            after_melds += 1
        elif kind == KIND_CHI:
            tile = pending
            low = pending - (a - ACT_CHI_LOW)
            for k in range(low, low + 3):
                if k != pending:
                    work[k] -= 1
            after_melds += 1
        if win:
            row[F_WIN] = 1.0
            row[F_SHANTEN_AFTER] = -1.0
            row[F_SHANTEN_DELTA] = -1.0 - before
        else:
            # a new meld's suit can no longer be given up (greedy's 缺一门 shanten of a call)
            after_blocked = blocked
            if after_melds > n_melds and 0 <= tile < 27:
                after_blocked |= 1 << (tile // 9)
            after = hand_shanten_reference(rule_vec, tables, work, after_melds, after_blocked, st, seat)
            row[F_SHANTEN_AFTER] = min(after, 8)
            row[F_TENPAI_AFTER] = 1.0 if after == 0 else 0.0
            row[F_SHANTEN_DELTA] = min(after, 8) - min(before, 8)
            useful = hand_useful_reference(rule_vec, tables, work, after_melds, after_blocked, st, seat)
            row[F_LIVE_USEFUL] = live_copies_in(useful, planes) / 10.0
        if tile >= 0:
            if tile >= 27:
                row[F_HONOR] = 1.0
            else:
                rank = tile % 9
                row[F_TERMINAL] = 1.0 if rank == 0 or rank == 8 else 0.0
                row[F_MIDDLE] = min(rank, 8 - rank) / 4.0
            row[F_SEEN] = seen[tile] / 4.0
            row[F_OWN] = hands[seat, tile] / 4.0
            row[F_LAST_DRAWN] = 1.0 if (not claim and st[ST_LAST_DRAWN] == tile) else 0.0
            row[F_WILD_TILE] = 1.0 if tile == wild else 0.0
            if kind == KIND_DISCARD or kind == KIND_SHANGJIA:
                danger = 0
                for s in range(4):
                    if s != seat and st[ST_TING + s] == 1 and (st[ST_PASSED + s] >> tile) & 1 == 0:
                        danger += 1
                row[F_DANGER] = danger
        row[F_DRAWS] = st[ST_FRONT_DRAWS] / 136.0
        row[F_TURNS] = st[ST_TURNS + seat] / 20.0
        row[F_DEALER] = 1.0 if st[ST_DEALER] == seat else 0.0
        row[F_DECLARED] = declared
        row[F_OWN_TING] = st[ST_TING + seat]
        row[F_MELDS] = n_melds
        row[F_SHANTEN_BEFORE] = min(before, 8)
        row[F_WILDS_HELD] = wilds_held
        row[F_CLAIM_PHASE] = 1.0 if claim else 0.0
