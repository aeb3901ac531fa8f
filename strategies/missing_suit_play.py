"""``greedy`` where a win needs a missing suit (缺一门) and a ting locks the hand (报听) — compiled kernels.

Called by ``greedy`` (and the strategies built on it) when the rule set's hook ``misses_a_suit`` says so (晋中, RULES
§2); the rule facts it reads are hooks too (``blocked_suits``, ``declared_suit_kinds``, ``never_winning_kinds``,
``self_draw_only_kinds``), so it names no rule set. Behaviour:
always win when it can; discard the tile that minimises the shanten under 缺一门 (the least over
the suit given up, so the seat drifts out of its weakest suit by itself), ties broken by the most live
useful tiles; 报听 as soon as a discard leaves a legal 报听, on the discard whose waits have the most
live *winnable* copies — a wait that wins only by 自摸 (晋中's rank 3–5 under its point limit) has its copies count
half (about a third of a seat's winning tiles are drawn by itself); 碰/杠 when the 缺一门 shanten falls
(pong mode as greedy) or, for a kong, does not rise; a 吃 (jz_chi) is weighed like a 碰: taken, in the
shape that lowers the shanten most, only when it lowers the 缺一门 shanten (never with pong mode ``never``).

View: own concealed hand and melds, and what the seat can see (sim.core.ting.visible_counts).
Parameters: greedy's row ([0] pong mode, [1] kong).
"""
import numpy as np
from numba import njit

from sim.core.hand.queyimen_kernel import shanten_qym_k
from sim.core.hand.queyimen_scan import least_discards_qym_k
from sim.core.legal import NOT_SCANNED
from sim.core.slots import hooks
from sim.core.state import (
    ACT_ANGANG, ACT_BUGANG, ACT_CHI_LOW, ACT_DISCARD, ACT_GANG, ACT_HU, ACT_PASS, ACT_PENG, ACT_SHANGJIA, ACT_ZIMO,
    ST_LAST_DRAWN, ST_N_MELDS, ST_TING,
)
from sim.core.ting import drop_owned_waits, live_copies_in, live_planes, visible_counts

PONG_IMPROVES = 0  # greedy's pong modes (params[0])
PONG_ALWAYS = 1
PONG_NEVER = 2


@njit(cache=True, _nrt=False)
def shanten_after(rule_vec, tables, hands, melds, st, seat, extra_melds, extra_blocked):
    """Return the seat's shanten under 缺一门 with ``extra_melds`` more melds and suits ``extra_blocked`` more
    blocked (for a call being weighed); -1 = complete."""
    return shanten_qym_k(hands[seat], st[ST_N_MELDS + seat] + extra_melds,
                         hooks.blocked_suits(rule_vec, melds, st, seat) | extra_blocked, True, tables)


@njit(cache=True, _nrt=False)
def winnable_score(rule_vec, waits, planes):
    """Return twice the live copies of the waits that win either way plus the live copies of the waits that win
    only by 自摸 (hook ``self_draw_only_kinds``): the 报听 choice's score."""
    slow = waits & hooks.self_draw_only_kinds(rule_vec)
    return 2 * live_copies_in(waits & ~slow, planes) + live_copies_in(slow, planes)


@njit(cache=True, _nrt=True)
def missing_suit_greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen):
    """Return the self-phase ACT_* of greedy under 缺一门 and 报听; ``seen`` is an int8[34] scratch row
    (``missing_suit_greedy_self_rows`` on two rows of its own)."""
    after = np.empty(34, np.int8)     # [kind] shanten under 缺一门 once it is discarded (NOT_HELD = not a candidate)
    useful = np.empty(34, np.int64)   # [kind] its useful kinds (its waits at tenpai); 0 unless least shanten
    return missing_suit_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after,
                               useful, NOT_SCANNED)


@njit(cache=True, _nrt=False)
def missing_suit_greedy_self_rows(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen, after, useful,
                        least):
    """Return ``missing_suit_greedy_self``'s ACT_* with its scan rows given: ``after`` int8[34] and ``useful`` int64[34] are
    scratch (the hand loop's), so the decision allocates nothing.

    ``least`` is the least shanten of the 缺一门 discard scan over the legal discards when the legal builder
    already ran it into ``after`` / ``useful`` (the hand loop's ``legal_self_scanned``, on the class tables), else
    NOT_SCANNED: the scan then runs here, on ``tables`` (the same outputs). In the hand loop only a locked seat
    comes without the scan, and it never reaches it."""
    if mask[ACT_ZIMO]:
        return ACT_ZIMO
    if st[ST_TING + seat] == 1:  # locked hand: a same-waits 暗杠 if legal, else the drawn tile goes out
        for t in range(34):
            if params[1] > 0 and mask[ACT_ANGANG + t]:
                return ACT_ANGANG + t
        last = st[ST_LAST_DRAWN]
        if last >= 0 and mask[ACT_DISCARD + last]:
            return ACT_DISCARD + last
        for t in range(34):
            if mask[ACT_DISCARD + t]:
                return ACT_DISCARD + t
    n_melds = st[ST_N_MELDS + seat]
    blocked = hooks.blocked_suits(rule_vec, melds, st, seat)
    if params[1] > 0:
        base = 99  # the seat's shanten under 缺一门, found at the first legal kong
        for t in range(34):
            if mask[ACT_ANGANG + t] or mask[ACT_BUGANG + t]:
                if base == 99:
                    base = shanten_after(rule_vec, tables, hands, melds, st, seat, 0, 0)
                taken = 4 if mask[ACT_ANGANG + t] else 1
                added = 1 if mask[ACT_ANGANG + t] else 0
                suit_bit = 1 << (t // 9) if t < 27 else 0
                hands[seat, t] -= taken
                s = shanten_after(rule_vec, tables, hands, melds, st, seat, added, suit_bit)
                hands[seat, t] += taken
                if s <= base:
                    return ACT_ANGANG + t if mask[ACT_ANGANG + t] else ACT_BUGANG + t
    candidates = np.int64(0)  # legal discards, bit per kind
    options = 0  # legal 报听 discards
    for t in range(34):
        if mask[ACT_DISCARD + t]:
            candidates |= np.int64(1) << t
        options += 1 if mask[ACT_SHANGJIA + t] else 0
    best_shanten = least
    if least == NOT_SCANNED:
        best_shanten = least_discards_qym_k(hands[seat], n_melds, blocked, True, tables, candidates, after, useful)
    # The live counts (what the seat sees) are found only once two choices must be compared.
    planes_ready = False
    planes = (np.int64(0), np.int64(0), np.int64(0))  # live_planes(seen) once planes_ready
    if options > 0:
        if options > 1:
            visible_counts(hands, frozen, melds, rivers, st, seat, seen)
            planes = live_planes(seen)
        best_ting_score = -1
        best_ting = -1
        for t in range(34):
            if mask[ACT_SHANGJIA + t]:
                if options == 1:  # nothing to compare
                    return ACT_SHANGJIA + t
                waits = useful[t] if after[t] == 0 else np.int64(0)
                hands[seat, t] -= 1
                waits &= ~hooks.never_winning_kinds(rule_vec) & ~hooks.declared_suit_kinds(rule_vec, st, seat)
                waits = drop_owned_waits(rule_vec, hands, frozen, melds, seat, waits)
                hands[seat, t] += 1
                score = winnable_score(rule_vec, waits, planes)
                if score > best_ting_score:
                    best_ting_score, best_ting = score, t
        return ACT_SHANGJIA + best_ting
    best_live = -1
    best_tile = -1
    for t in range(34):  # among the least-shanten discards, the first with the most live useful copies
        if (candidates >> t) & 1 == 1 and after[t] == best_shanten:
            if best_tile < 0:
                best_tile = t
                continue
            if not planes_ready:
                if useful[t] == useful[best_tile]:
                    continue  # same live count as the leader, which stays (first wins ties)
                visible_counts(hands, frozen, melds, rivers, st, seat, seen)
                planes = live_planes(seen)
                planes_ready = True
                best_live = live_copies_in(useful[best_tile], planes)
            live = live_copies_in(useful[t], planes)
            if live > best_live:
                best_live, best_tile = live, t
    return ACT_DISCARD + best_tile


@njit(cache=True, _nrt=False)
def missing_suit_greedy_claim(rule_vec, tables, hands, melds, st, mask, seat, tile, params):
    """Return greedy's answer under 缺一门 (ACT_HU / ACT_GANG / ACT_PENG / ACT_CHI_* / ACT_PASS) to
    ``tile``."""
    if mask[ACT_HU]:
        return ACT_HU
    chi = mask[ACT_CHI_LOW] or mask[ACT_CHI_LOW + 1] or mask[ACT_CHI_LOW + 2]
    if not (mask[ACT_GANG] or mask[ACT_PENG] or chi):
        return ACT_PASS
    base = shanten_after(rule_vec, tables, hands, melds, st, seat, 0, 0)
    suit_bit = 1 << (tile // 9) if tile < 27 else 0
    if mask[ACT_GANG] and params[1] > 0:
        hands[seat, tile] -= 3
        s = shanten_after(rule_vec, tables, hands, melds, st, seat, 1, suit_bit)
        hands[seat, tile] += 3
        if s <= base:
            return ACT_GANG
    if mask[ACT_PENG]:
        mode = int(params[0])
        if mode == PONG_ALWAYS:
            return ACT_PENG
        if mode == PONG_IMPROVES:
            hands[seat, tile] -= 2
            s = shanten_after(rule_vec, tables, hands, melds, st, seat, 1, suit_bit)
            hands[seat, tile] += 2
            if s < base:
                return ACT_PENG
    if chi and int(params[0]) != PONG_NEVER:
        best = ACT_PASS
        best_shanten = base
        for shape in range(3):  # the run (tile - shape .. tile - shape + 2); the claimed tile comes from the river
            if mask[ACT_CHI_LOW + shape]:
                low = tile - shape
                for k in range(low, low + 3):
                    if k != tile:
                        hands[seat, k] -= 1
                s = shanten_after(rule_vec, tables, hands, melds, st, seat, 1, suit_bit)
                for k in range(low, low + 3):
                    if k != tile:
                        hands[seat, k] += 1
                if s < best_shanten:
                    best, best_shanten = ACT_CHI_LOW + shape, s
        return best
    return ACT_PASS
