"""Realistic concealed hands for the seats that have not declared — compiled kernels.

Uniform hands given the public facts alone are far weaker than what a player holds after a few turns of keeping
useful tiles (its discards are what it did not need): rollouts from such worlds see too little danger and too
much time to win, and the search learned to pass wins and discard into ready hands. The other seats' hands are
therefore drawn from the tempered law ∝ exp(−OPPONENT_BETA · shanten) (each seat's shanten under its variant's
own forms: 晋中 缺一门, 金华 wilds; a 血战 void tile held counts one step more), by Metropolis swaps between each hand and the undealt tiles (symmetric
proposal, accepted with probability min(1, exp(−β·Δshanten))); β = 0 would be the uniform law. A swap that would
give a seat a kind it is publicly known not to hold (hook ``kinds_never_held``) is refused.
"""
import math

from numba import njit

from sim.core.hand.kernel import shanten_k
from sim.core.hand.wild_kernel import shanten_wild_k
from sim.core.rng import bounded, uniform
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.slots import hooks
from sim.core.state import ST_N_MELDS
from strategies.missing_suit_play import shanten_after

OPPONENT_BETA = 1.0          # weight of one shanten step in the tempered law
OPPONENT_STEPS_PER_TILE = 2  # Metropolis swaps per concealed tile of the other seats


@njit(cache=True, _nrt=False)
def seat_shanten(rule_vec, tables, hands, melds, st, s):
    """Return seat ``s``'s shanten under its variant's forms (-1 = complete), plus one for each tile it holds that no
    win of it may hold and that it must discard first (hook ``preferred_discards``: a 血战 void tile), each costing
    it a turn."""
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] == 1
    if hooks.has_wilds(rule_vec):
        return shanten_wild_k(hands[s], st[ST_N_MELDS + s], allow_quad, hooks.wild_kind(rule_vec, st), tables)
    if hooks.misses_a_suit(rule_vec):
        return shanten_after(rule_vec, tables, hands, melds, st, s, 0, 0)
    shanten = shanten_k(hands[s], st[ST_N_MELDS + s], allow_quad, hooks.win_forms(rule_vec, st, s), tables)
    dead = hooks.preferred_discards(rule_vec, hands, st, s)
    if dead != 0:
        for k in range(34):
            if (dead >> k) & 1 == 1:
                shanten += hands[s, k]
    return shanten


@njit(cache=True, _nrt=False)
def tempered_swaps(rule_vec, tables, tiles, seg_start, seg_len, seg_seat, n_seats, free_start, end, hands, melds, st,
                   steps, shanten, rng):
    """Run ``steps`` Metropolis swaps between the hands ``tiles[seg_start[r]:+seg_len[r]]`` of seats ``seg_seat[r]``
    (r < n_seats, kept in step in ``hands``) and the undealt tiles ``tiles[free_start:end]``, towards the tempered
    law of the module docstring; ``shanten`` (int64[4]) is scratch. Returns the number of accepted swaps."""
    accepted = 0
    if n_seats == 0 or free_start >= end:
        return accepted
    for r in range(n_seats):
        shanten[seg_seat[r]] = seat_shanten(rule_vec, tables, hands, melds, st, seg_seat[r])
    for _ in range(steps):
        r = bounded(rng, n_seats)
        if seg_len[r] == 0:
            continue
        s = seg_seat[r]
        i = seg_start[r] + bounded(rng, seg_len[r])
        j = free_start + bounded(rng, end - free_start)
        a = tiles[i]
        b = tiles[j]
        if a == b:
            continue
        if (hooks.kinds_never_held(rule_vec, st, s) >> b) & 1 == 1:  # a kind the seat is known not to hold
            continue
        hands[s, a] -= 1
        hands[s, b] += 1
        new = seat_shanten(rule_vec, tables, hands, melds, st, s)
        if new <= shanten[s] or uniform(rng) < math.exp(-OPPONENT_BETA * (new - shanten[s])):
            tiles[i] = b
            tiles[j] = a
            shanten[s] = new
            accepted += 1
        else:
            hands[s, a] += 1
            hands[s, b] -= 1
    return accepted
