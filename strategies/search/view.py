"""What the searching seat sees: the unseen tiles and the public part of the state — compiled kernels.

Seen by the seat: its own concealed tiles, its own face-down 上架 tile, every river, every frozen 拾/抢 tile, every
exposed meld (碰, 明杠/补杠, 吃) and its own 暗杠, the tile of an open 补杠/暗杠 window (still in its declarer's
hand), under 金华 the turned 财神 indicator (its wall position fixed), and in a hand that plays on every
winner's hand, its 暗杠 included (revealed at the win, docs/rules/sichuan.md r55). Unseen: the other seats'
concealed tiles, their face-down 上架 tiles, the kinds of their 暗杠, and every wall position not yet drawn.

``public_world`` builds the world arrays from what the seat sees: the tiles here, the scalar state from the list of
public fields of strategies/search/public_state.py; the other seats' private fields keep their nulls there and
are re-derived by the sampler from the sampled tiles.
"""
from numba import njit

from sim.core.state import (
    MELD_ANGANG, MELD_CHOW, PEND_ANGANG, PEND_BUGANG, PHASE_CLAIM, REC_TILE, REC_TYPE, ST_FRONT_DRAWS, ST_N_MELDS,
    ST_PENDING_FROM, ST_PENDING_KIND, ST_PENDING_TILE, ST_PHASE, ST_REPLACEMENTS, ST_RIVER_LEN, ST_SHANGJIA_TILE,
    ST_WILD_KIND, ST_WIN_HOW,
)
from sim.core.flow import next_front_draws
from sim.core.melds import meld_slot
from sim.core.ting import meld_copies_seen, visible_counts
from sim.core.wall import FIRST_FRONT, wall_size
from sim.core.slots import hooks
from strategies.search.public_state import public_st


@njit(cache=True, _nrt=False)
def undrawn_positions(rule_vec, st):
    """Return (first, last) wall positions not drawn yet, inclusive (front from ``first``, kong replacements from
    ``last`` down); empty when first > last."""
    front_drawn = next_front_draws(rule_vec, st)  # the replacements too where they come from the front
    tail_drawn = st[ST_FRONT_DRAWS] + st[ST_REPLACEMENTS] - front_drawn
    return FIRST_FRONT + front_drawn, hooks.first_tail_position(rule_vec) - tail_drawn


@njit(cache=True, inline='always')
def has_won(st, s):
    """Return True when seat ``s`` has won in a hand that plays on: its hand and 暗杠 are then revealed."""
    return st[ST_WIN_HOW + s] != 0


@njit(cache=True, _nrt=False)
def known_kong_tiles(st, s):
    """Return (kind, copies) of the tiles seat ``s`` shows in its hand for an open 补杠 (1) / 暗杠 (4) window it
    declared, (-1, 0) otherwise."""
    if st[ST_PHASE] == PHASE_CLAIM and st[ST_PENDING_FROM] == s:
        if st[ST_PENDING_KIND] == PEND_BUGANG:
            return st[ST_PENDING_TILE], 1
        if st[ST_PENDING_KIND] == PEND_ANGANG:
            return st[ST_PENDING_TILE], 4
    return -1, 0


@njit(cache=True, _nrt=False)
def hidden_count(hands, st, s):
    """Return the number of concealed tiles of seat ``s`` the searching seat cannot see (public: the hand size less
    the tiles of an open kong window it declared; 0 for a seat that has won, whose hand is revealed)."""
    if has_won(st, s):
        return 0
    n = 0
    for k in range(34):
        n += hands[s, k]
    _, shown = known_kong_tiles(st, s)
    return n - shown


@njit(cache=True, _nrt=False)
def unseen_pool(rule_vec, hands, frozen, melds, rivers, st, seat, seen, pool):
    """Fill ``pool`` (int64[34]) with the copies of each kind ``seat`` cannot see (module docstring); ``seen`` is an
    int8[34] scratch row. Returns nothing."""
    visible_counts(hands, frozen, melds, rivers, st, seat, seen)
    n_kinds = 34 if wall_size(rule_vec) == 136 else 27
    for k in range(34):
        pool[k] = (4 if k < n_kinds else 0) - seen[k]
    for s in range(4):  # 吃 melds live in the records only (visible_counts reads the per-kind view)
        for i in range(st[ST_N_MELDS + s]):
            slot = meld_slot(s, i)
            if st[slot + REC_TYPE] == MELD_CHOW:
                for j in range(3):
                    pool[hooks.meld_tile_kind(rule_vec, st, st[slot + REC_TILE] + j)] -= 1
        if s != seat:
            kind, shown = known_kong_tiles(st, s)
            if shown > 0:
                pool[kind] -= shown
            if has_won(st, s):  # a winner's revealed hand, and its 暗杠 (visible_counts saw none of it)
                for k in range(34):
                    pool[k] -= hands[s, k]
                    if melds[s, k] == MELD_ANGANG:
                        pool[k] -= 4 - meld_copies_seen(melds[s, k], False)
    if st[ST_SHANGJIA_TILE + seat] >= 0:
        pool[st[ST_SHANGJIA_TILE + seat]] -= 1
    if st[ST_WILD_KIND] >= 0:  # 金华: the turned indicator
        pool[st[ST_WILD_KIND]] -= 1


@njit(cache=True, _nrt=False)
def public_world(rule_vec, wall, hands, frozen, melds, rivers, st, money, seat, wwall, whands, wfrozen, wmelds,
                 wrivers, wst, wmoney):
    """Fill the world arrays (w*, shapes of sim.core.state) with what ``seat`` sees (module docstring): its own
    concealed row, every frozen tile, river and exposed meld, its own 暗杠, the ledger, and the scalar state built
    from the public fields (strategies/search/public_state.py); the other seats' concealed rows, 暗杠 kinds (record
    kind -1) and 上架 tiles are left for the sampler. The wall keeps only the 金华 indicator (every other position
    -1). Returns nothing."""
    wwall[:] = -1
    if st[ST_WILD_KIND] >= 0:
        wwall[hooks.wild_indicator_position(rule_vec)] = st[ST_WILD_KIND]
    public_st(rule_vec, st, seat, wst)
    for s in range(4):
        for k in range(34):
            wfrozen[s, k] = frozen[s, k]
    for r in range(money.shape[0]):
        for s in range(4):
            wmoney[r, s] = money[r, s]
    for s in range(4):
        for i in range(rivers.shape[1]):
            wrivers[s, i] = rivers[s, i] if i < st[ST_RIVER_LEN + s] else 0
    for s in range(4):
        for k in range(34):
            revealed = s == seat or has_won(st, s)
            whands[s, k] = hands[s, k] if revealed else 0
            wmelds[s, k] = melds[s, k] if (revealed or melds[s, k] != MELD_ANGANG) else 0
