"""金华 legal actions (RULES §3.2 r8–r9, §3.3 r10–r12, §3.4 r14): the self phase and the claim options — compiled.

Kernels on one seat's view: ``hand`` int8[34] (its concealed tiles as held: kind ``wild`` = 财神, 白板 =
the 财神's face), ``n_melds`` (its melds), ``tables`` the wild-aware hand tables. The engine's hooks call
them with the seat's row and its state fields:

* **self phase** (``self_actions_k``): no 上架 exists (r14); 自摸 after a draw whenever the hand is
  complete in a 金华 form; every held kind may be discarded except those 吃张打张 forbids right after a
  吃 (r12, ``forbidden`` from ``sim.variants.jinhua._calls.chow_discard_forbidden_k``; if every held kind
  were forbidden, all are allowed); after a draw, while a live tile remains for the replacement, 暗杠 of
  four held and 补杠 of a ponged kind — never of the 财神 kind (r9).
* **claims** (``claim_bits_k``): 胡 on a discard when the hand plus the tile is complete, except on a
  discarded 财神 (r8, unless ``jh_ron_on_caishen``) and on a kind passed this go-around under 过胡 (A36);
  抢杠胡 on a 补杠 tile (r14); 碰 (``_calls.pong_allowed_k``: not a 财神, not a kind declined this
  go-around, r11), 明杠 of three held, 吃 by the 下家 only in the shapes ``_calls.chow_shapes_k`` allows.
"""
from numba import njit

from sim.core.codes import ACT_ANGANG, ACT_BUGANG, ACT_DISCARD, ACT_ZIMO
from sim.core.hand.wild_kernel import is_complete_wild_k
from sim.variants.jinhua._calls import chow_shapes_k, holder_kind_k, is_next_seat_k, pong_allowed_k, shown_kind_k

CLAIM_HU = 1            # claim option bits of claim_bits_k
CLAIM_GANG = 8
CLAIM_PENG = 16
CLAIM_CHOW_SHIFT = 5    # bits 5..7: 吃 with the claimed tile lowest / middle / highest (_calls.CHOW_* << 5)
PENDING_DISCARD = 0     # what the claim window offers: a discard ...
PENDING_BUGANG = 1      # ... or a tile added to a 补杠 (抢杠胡 only)


@njit(cache=True, _nrt=False)
def is_complete_k(hand, n_melds, wild, allow_quad, tables):
    """Return True when the 3n+2-tile ``hand`` is complete in a 金华 form (regular, 七对, 七风/十四不靠): every claim
    window asks it of each seat, so it stops at the first complete form and skips the regular form's table
    lookups when the counts already rule it out (``is_complete_wild_k``)."""
    return is_complete_wild_k(hand, n_melds, allow_quad, wild, tables)


@njit(cache=True, _nrt=False)
def self_actions_k(hand, n_melds, pong_kinds, wild, allow_quad, tables, drawn, forbidden, kong_allowed, mask):
    """Set the seat's self-phase actions in ``mask`` (bool[N_ACTIONS], cleared first); returns how many.

    ``pong_kinds`` int64 mask of the physical kinds of its pongs (for 补杠), ``drawn`` the kind just drawn
    (-1 after a call: no 自摸, no kong), ``forbidden`` int64 mask of kinds 吃张打张 forbids, ``kong_allowed``
    False when no live tile is left for a replacement (RULES §3.1 r4).
    """
    mask[:] = False
    n = 0
    if drawn >= 0 and is_complete_k(hand, n_melds, wild, allow_quad, tables):
        mask[ACT_ZIMO] = True
        n += 1
    discards = 0
    for t in range(34):
        if hand[t] > 0 and (forbidden >> t) & 1 == 0:
            mask[ACT_DISCARD + t] = True
            discards += 1
    if discards == 0:
        for t in range(34):
            if hand[t] > 0:
                mask[ACT_DISCARD + t] = True
                discards += 1
    n += discards
    if drawn >= 0 and kong_allowed:
        for t in range(34):
            if t == wild:
                continue
            if hand[t] == 4:
                mask[ACT_ANGANG + t] = True
                n += 1
            if (pong_kinds >> t) & 1 and hand[t] >= 1:
                mask[ACT_BUGANG + t] = True
                n += 1
    return n


@njit(cache=True, _nrt=False)
def claim_bits_k(hand, n_melds, wild, allow_quad, tables, tile, pending, seat, source, declined_pongs,
                 passed_wins, ron_on_caishen, wild_in_melds, kong_allowed):
    """Return the claim option bits (CLAIM_*) of ``seat`` on ``tile`` put out by ``source``; 0 = pass only.

    ``pending`` PENDING_DISCARD or PENDING_BUGANG; ``declined_pongs`` / ``passed_wins`` int64 kind masks of
    the seat's 过碰 (r11) and 过胡 (A36) this go-around; ``kong_allowed`` False when no live tile is left.
    """
    if seat == source:
        return 0
    bits = 0
    if pending == PENDING_BUGANG:
        may_win = True
    else:
        may_win = (tile != wild or ron_on_caishen) and (passed_wins >> tile) & 1 == 0
    if may_win:
        hand[tile] += 1
        if is_complete_k(hand, n_melds, wild, allow_quad, tables):
            bits |= CLAIM_HU
        hand[tile] -= 1
    if pending != PENDING_DISCARD or tile == wild:
        return bits
    if pong_allowed_k(hand, tile, wild, wild_in_melds, declined_pongs):
        bits |= CLAIM_PENG
    if kong_allowed and hand[holder_kind_k(shown_kind_k(tile, wild), wild)] == 3:
        bits |= CLAIM_GANG
    if is_next_seat_k(seat, source):
        bits |= chow_shapes_k(hand, tile, wild, wild_in_melds) << CLAIM_CHOW_SHIFT
    return bits
