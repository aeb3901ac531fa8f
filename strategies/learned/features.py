"""The learned player's features of one candidate action, from what its seat can see — compiled kernels.

A decision's candidates are the legal actions of the seat's mask except 拾/抢 (十三幺 commitments the greedy
rollouts of the teacher cannot play; ``is_candidate``). Each candidate is described by N_FEATURES float64 values:
the kind of action, the seat's hand after it (shanten, tenpai, live useful copies, through the rule set's own forms:
hooks ``win_forms``, ``has_wilds``, and under 缺一门 the shanten with one suit given up, hooks ``misses_a_suit``,
``blocked_suits``, the suit of a candidate's meld blocked too, as greedy counts it; a held tile no win may hold,
血战's void tile, hook ``preferred_discards``, one step more, and no draw of its suit useful), the tile it gives
up (suit position, copies seen, whether a declared seat can win on it — public, ``ST_PASSED``), and the state of the
hand as the seat sees it (draws made, own turns, dealer, declared seats, melds), and whether it is the candidate
greedy would play (``mark_greedy_pick``): greedy's choice is a function of the same view, and with it the model
learns where the teacher departs from greedy instead of greedy's rule itself. Nothing of another seat's concealed
hand or of the wall is read.

The hands after the discards and 上架 of a decision come from one discard scan of the rule set's form
(``discard_rows``), any other candidate's from one shanten-and-useful-kinds evaluation (``hand_shanten_useful``):
the values of a shanten and a useful-kinds evaluation per candidate (the first implementation, kept as the
reference of tests/test_learned_features.py), at a fraction of the cost.
"""
import numpy as np
from numba import njit

from sim.core.codes import (
    ACT_ANGANG, ACT_BUGANG, ACT_CHI_LOW, ACT_DISCARD, ACT_GANG, ACT_HU, ACT_PASS, ACT_PENG, ACT_QIANG, ACT_SHANGJIA,
    ACT_SHI, ACT_ZIMO, N_ACTIONS,
)
from sim.core.hand.discard_scan import shanten_mask_after_discards_k
from sim.core.hand.kernel import NO_DISTANCE, shanten_k, shanten_mask_k
from sim.core.hand.queyimen_kernel import shanten_mask_qym_k, shanten_qym_k, useful_mask_qym_k
from sim.core.hand.queyimen_scan import least_discards_qym_k
from sim.core.hand.wild_kernel import shanten_wild_k
from sim.core.hand.wild_scan import wild_least_discards_k
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.slots import hooks
from sim.core.state import (
    PHASE_CLAIM, ST_DEALER, ST_FRONT_DRAWS, ST_LAST_DRAWN, ST_N_MELDS, ST_PASSED, ST_PENDING_TILE, ST_PHASE, ST_TING,
    ST_TURNS,
)
from sim.core.ting import live_copies_in, live_planes, visible_counts

#: action kinds (one-hot columns 0 .. N_KINDS - 1)
KIND_DISCARD, KIND_SHANGJIA, KIND_ANGANG, KIND_BUGANG, KIND_ZIMO, KIND_HU, KIND_GANG, KIND_PENG, KIND_CHI, KIND_PASS = \
    range(10)
N_KINDS = 10
#: the columns after the kinds
F_WIN = 10
F_SHANTEN_AFTER = 11
F_TENPAI_AFTER = 12
F_SHANTEN_DELTA = 13
F_LIVE_USEFUL = 14
F_HONOR = 15
F_TERMINAL = 16
F_MIDDLE = 17
F_SEEN = 18
F_OWN = 19
F_LAST_DRAWN = 20
F_DANGER = 21
F_WILD_TILE = 22
F_DRAWS = 23
F_TURNS = 24
F_DEALER = 25
F_DECLARED = 26
F_OWN_TING = 27
F_MELDS = 28
F_SHANTEN_BEFORE = 29
F_WILDS_HELD = 30
F_CLAIM_PHASE = 31
F_GREEDY_PICK = 32  # 1 for the candidate greedy would play (``mark_greedy_pick``, after ``candidate_features``)
N_FEATURES = 33
#: the most candidates a decision can have (the legal actions but 拾/抢)
MAX_CANDIDATES = N_ACTIONS


@njit(cache=True, inline='always')
def is_candidate(action):
    """Return True when a legal ``action`` is one of the learned player's candidates (every one but 拾/抢)."""
    return action != ACT_SHI and action != ACT_QIANG


@njit(cache=True, _nrt=False)
def candidates_of(mask, cands):
    """Fill ``cands`` (int64[>= MAX_CANDIDATES]) with the candidates among the True entries of ``mask``, in action
    order; returns how many."""
    n = 0
    for a in range(N_ACTIONS):
        if mask[a] and is_candidate(a):
            cands[n] = a
            n += 1
    return n


@njit(cache=True, _nrt=False)
def hand_shanten(rule_vec, tables, hand, n_melds, blocked, st, seat):
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
def hand_shanten_useful(rule_vec, tables, hand, n_melds, blocked, st, seat):
    """Return (hand_shanten, the int64 kinds whose draw lowers it) of ``hand`` from one evaluation of its forms (the
    useful kinds 0 in the wild form, not computed there)."""
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    if hooks.misses_a_suit(rule_vec):
        return shanten_mask_qym_k(hand, n_melds, blocked, allow_quad, tables)
    if hooks.has_wilds(rule_vec):
        return shanten_wild_k(hand, n_melds, allow_quad, hooks.wild_kind(rule_vec, st), tables), np.int64(0)
    return shanten_mask_k(hand, n_melds, allow_quad, hooks.win_forms(rule_vec, st, seat), tables)


@njit(cache=True, _nrt=False)
def discard_rows(rule_vec, tables, hand, n_melds, blocked, st, seat, kinds, after_shanten, after_useful):
    """Fill ``after_shanten[k]`` (int8[34]) and ``after_useful[k]`` (int64[34]) with ``hand_shanten_useful`` of
    ``hand`` (int8[34], a 3n+2 hand, restored on return) less one tile of k, for each kind k of the int64 bit set
    ``kinds`` (all held), from one discard scan: the rule set's own (sim.core.hand discard_scan, queyimen_scan,
    wild_scan), which shares the work of the hand's unchanged components between the discards. Where the 缺一门 scan
    gives the useful kinds of the least-shanten discards only, the others' come from one evaluation each. Other
    entries are left undefined."""
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    if hooks.misses_a_suit(rule_vec):
        least = least_discards_qym_k(hand, n_melds, blocked, allow_quad, tables, kinds, after_shanten, after_useful)
        for k in range(34):
            if (kinds >> k) & 1 == 1 and (after_shanten[k] != least or least >= NO_DISTANCE - 1):
                hand[k] -= 1
                after_useful[k] = useful_mask_qym_k(hand, n_melds, blocked, allow_quad, tables)
                hand[k] += 1
    elif hooks.has_wilds(rule_vec):
        wild_least_discards_k(hand, n_melds, allow_quad, hooks.wild_kind(rule_vec, st), tables, kinds, after_shanten,
                              after_useful)
        for k in range(34):
            after_useful[k] = 0
    else:
        shanten_mask_after_discards_k(hand, n_melds, allow_quad, hooks.win_forms(rule_vec, st, seat), tables,
                                      after_shanten, after_useful)


@njit(cache=True, _nrt=False)
def action_kind(action):
    """Return the KIND_* of ``action``."""
    if action < ACT_SHANGJIA:
        return KIND_DISCARD
    if action < ACT_ANGANG:
        return KIND_SHANGJIA
    if action < ACT_BUGANG:
        return KIND_ANGANG
    if action < ACT_ZIMO:
        return KIND_BUGANG
    if action == ACT_ZIMO:
        return KIND_ZIMO
    if action == ACT_HU:
        return KIND_HU
    if action == ACT_GANG:
        return KIND_GANG
    if action == ACT_PENG:
        return KIND_PENG
    if action >= ACT_CHI_LOW:
        return KIND_CHI
    return KIND_PASS


@njit(cache=True, inline='always')
def _held(hand, kinds):
    """Return the tiles of ``hand`` (int8[34]) of the kinds in the int64 mask ``kinds``."""
    n = 0
    if kinds != 0:
        for k in range(34):
            if (kinds >> k) & 1 == 1:
                n += hand[k]
    return n


@njit(cache=True, _nrt=False)
def candidate_features(rule_vec, tables, hands, frozen, melds, rivers, st, seat, cands, n, seen, work, after_shanten,
                       after_useful, out):
    """Fill ``out[:n]`` (float64[>= n, N_FEATURES]) with the features of the candidates ``cands[:n]`` of ``seat``,
    whose decision is due; ``seen`` int8[34], ``work`` int8[34], ``after_shanten`` int8[34] and ``after_useful``
    int64[34] are scratch. The state is not changed (the seat's hand is changed and restored during the call).

    The hand after a discard or a 上架 comes from one discard scan over their tiles (``discard_rows``), after any
    other candidate from one evaluation (``hand_shanten_useful``): the same values as a shanten and a useful-kinds
    evaluation of each candidate's hand (tests/reference_learned_features.py, the first implementation)."""
    visible_counts(hands, frozen, melds, rivers, st, seat, seen)
    planes = live_planes(seen)
    n_melds = st[ST_N_MELDS + seat]
    claim = st[ST_PHASE] == PHASE_CLAIM
    pending = st[ST_PENDING_TILE] if claim else -1
    wild = hooks.wild_kind(rule_vec, st) if hooks.has_wilds(rule_vec) else -1
    blocked = hooks.blocked_suits(rule_vec, melds, st, seat)
    # kinds the seat holds that no win of it may hold (血战's void tiles, hook preferred_discards): each held one
    # counts as one more shanten step, and no draw of their suits is useful
    dead = hooks.preferred_discards(rule_vec, hands, st, seat)
    dead_suits = np.int64(0)
    for k in range(27):
        if (dead >> k) & 1 == 1:
            dead_suits |= np.int64(0x1FF) << (9 * (k // 9))
    before = hand_shanten(rule_vec, tables, hands[seat], n_melds, blocked, st, seat) + _held(hands[seat], dead)
    declared = 0
    for s in range(4):
        if s != seat and st[ST_TING + s] == 1:
            declared += 1
    wilds_held = hands[seat, wild] if wild >= 0 else 0
    discarded = np.int64(0)  # the tiles a discard or a 上架 candidate gives up, bit per kind
    for c in range(n):
        kind = action_kind(cands[c])
        if kind == KIND_DISCARD:
            discarded |= np.int64(1) << (cands[c] - ACT_DISCARD)
        elif kind == KIND_SHANGJIA:
            discarded |= np.int64(1) << (cands[c] - ACT_SHANGJIA)
    if discarded != 0:
        discard_rows(rule_vec, tables, hands[seat], n_melds, blocked, st, seat, discarded, after_shanten, after_useful)
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
            if kind == KIND_DISCARD or kind == KIND_SHANGJIA:
                after = np.int64(after_shanten[tile])
                useful = after_useful[tile]
            else:
                after, useful = hand_shanten_useful(rule_vec, tables, work, after_melds, after_blocked, st, seat)
            if dead != 0:
                after += _held(work, dead)
                useful &= ~dead_suits
            row[F_SHANTEN_AFTER] = min(after, 8)
            row[F_TENPAI_AFTER] = 1.0 if after == 0 else 0.0
            row[F_SHANTEN_DELTA] = min(after, 8) - min(before, 8)
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


@njit(cache=True, _nrt=False)
def mark_greedy_pick(cands, n, greedy_action, out):
    """Set ``out[c, F_GREEDY_PICK]`` to 1.0 for the candidate ``cands[c]`` (of ``cands[:n]``) equal to
    ``greedy_action`` (the ACT_* greedy plays from the same view) and 0.0 for the others; no row is marked when
    greedy's action is not a candidate."""
    for c in range(n):
        out[c, F_GREEDY_PICK] = 1.0 if cands[c] == greedy_action else 0.0
