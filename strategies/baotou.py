"""The ``baotou`` strategy: greedy play with wilds that gives up plain wins to self-draw 爆头 — compiled kernels.

It plays where the rule set has the mechanic ``baotou`` (its spec's ``needs``; 金华), and reads 爆头 through the
rule set's hooks (``is_baotou``, ``baotou_ready``, ``live_tiles_left``, ``wild_kind``), naming no rule set.

爆头 (RULES §3.4 r15) is four sets and a lone 财神 completed by a self-draw of any tile: M = 2, and a self-draw
pays 2X·M from each of the three others (r17), so 12 X against 6 X for a plain 自摸 or 4 X for a plain 捉冲
(r16). A hand one tile from 爆头 (13 tiles: four sets and the lone 财神, "爆头-ready") waits on every kind.

Greedy never holds such a hand: the 14 tiles a discard would turn into it (four sets, the 财神 and one more tile)
are already complete — the 财神 pairs with the extra tile — and greedy takes that plain win. So ``baotou`` declines
two plain wins while more than ``min_live_tiles`` live tiles are left (params[2]):

* a self-drawn plain win whose hand becomes 爆头-ready by discarding one tile: it discards that tile instead;
* a win on a discard or a robbed kong (捉冲, 抢杠胡) while 爆头-ready: it passes (a 明杠 that keeps the hand
  爆头-ready is taken, its replacement draw being a self-draw), and waits for its own draw.

A self-drawn 爆头 is always taken; every other decision is greedy's (strategies/wild_play.py). Parameters:
params[0] ``pong`` and params[1] ``kong`` as greedy's, params[2] ``min_live_tiles``.
"""
import numpy as np
from numba import njit

from sim.core.codes import ACT_DISCARD, ACT_GANG, ACT_HU, ACT_PASS, ACT_ZIMO
from sim.core.slots import hooks
from sim.core.state import ST_LAST_DRAWN, ST_N_MELDS, ST_PENDING_TILE
from strategies.wild_play import baotou_ready_k, declines_plain_win_k, wild_greedy_claim, wild_greedy_self


@njit(cache=True, _nrt=False)
def baotou_discard_k(rule_vec, hand, n_melds, wild, tables, mask):
    """Return the legal discard (kind) that leaves the complete 14-tile ``hand`` 爆头-ready, -1 when none (a 财神 only
    when no other tile does)."""
    found = -1
    for t in range(34):
        if not mask[ACT_DISCARD + t] or hand[t] == 0:
            continue
        hand[t] -= 1
        ready = baotou_ready_k(rule_vec, hand, n_melds, wild, tables)
        hand[t] += 1
        if ready and (found < 0 or found == wild):
            found = t
    return found


@njit(cache=True, _nrt=False)
def baotou_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen):
    """Return ``baotou``'s self-phase ACT_*: a self-drawn 爆头 always; a plain self-drawn win declined for the
    discard that leaves the hand 爆头-ready while more than params[2] live tiles are left; else greedy's choice."""
    if mask[ACT_ZIMO]:
        wild = hooks.wild_kind(rule_vec, st)
        hand = hands[seat]
        n_melds = st[ST_N_MELDS + seat]
        drawn = st[ST_LAST_DRAWN]
        if drawn >= 0 and hooks.is_baotou(rule_vec, tables, hand, n_melds, wild, drawn):
            return ACT_ZIMO
        if hooks.live_tiles_left(rule_vec, st) > int(params[2]):
            tile = baotou_discard_k(rule_vec, hand, n_melds, wild, tables, mask)
            if tile >= 0:
                return ACT_DISCARD + tile
        return ACT_ZIMO
    return wild_greedy_self(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, params, seen)


@njit(cache=True, _nrt=False)
def baotou_claim(rule_vec, tables, hands, st, mask, seat, params):
    """Return ``baotou``'s claim answer: while 爆头-ready with more than params[2] live tiles left, pass a win on the
    discard (or robbed kong) and every call but a 明杠 (params[1] > 0) that leaves the hand 爆头-ready; else
    greedy's answer."""
    if mask[ACT_HU]:
        wild = hooks.wild_kind(rule_vec, st)
        hand = hands[seat]
        n_melds = st[ST_N_MELDS + seat]
        if declines_plain_win_k(rule_vec, hand, n_melds, wild, tables, hooks.live_tiles_left(rule_vec, st),
                                int(params[2])):
            tile = st[ST_PENDING_TILE]
            if mask[ACT_GANG] and params[1] > 0 and hand[tile] >= 3:
                hand[tile] -= 3
                ready = baotou_ready_k(rule_vec, hand, n_melds + 1, wild, tables)
                hand[tile] += 3
                if ready:
                    return ACT_GANG
            return ACT_PASS
    return wild_greedy_claim(rule_vec, tables, hands, st, mask, seat, params)
