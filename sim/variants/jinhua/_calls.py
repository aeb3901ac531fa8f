"""金华 claim rules (RULES §3.2 r8–r9, §3.3 r10–r12): what a seat may claim on a discard — compiled.

Hands are physical counts (``int8[34]``): the 财神 kind's tiles are wilds, and a 白板 is a natural tile
of the 财神's face (r6), so a meld needing the face takes a 白板. The engine's claim hooks map onto
these helpers:

* **claim options** (who may do what with discard ``t`` from ``discarder``): nobody claims a discarded
  财神 (r8: no 吃, no 碰, and no 胡 unless ``jh_ron_on_caishen``); 碰 from anyone (``pong_allowed_k``),
  吃 only by the 下家 of the discarder (``chow_shapes_k``), never with a 财神 inside the meld (r9)
  unless ``jh_wild_in_melds``; priority 胡 > 杠/碰 > 吃, and one winner, the first in turn order (r13),
  as the core's headbump does.
* **过碰** (r11): a seat that declines a pong of kind t may not pong t again until its own next turn:
  the claim hook adds t to the seat's ``declined_pongs`` mask (``decline_pong_k``); the draw hook clears
  it at that seat's turn.
* **吃张打张** (r12): after a 吃 the discard hook forbids the kinds ``chow_discard_forbidden_k`` returns:
  none while the seat holds fewer than two earlier chows from its 上家, else the claimed kind and the
  kind that completes the two used tiles at the other end (hold 3456, 吃 6 with 45: 3 and 6).
* **No ting** (r14): 金华 offers no 上架 action; a win needs only a complete hand.
"""
import numpy as np
from numba import njit

from sim.core.chows import CHOW_HIGH, CHOW_LOW, CHOW_MID, is_next_seat  # noqa: F401  (the shared shape bits)

WHITE = 33


@njit(cache=True, _nrt=False)
def shown_kind_k(tile, wild):
    """Return the kind a natural tile shows in a meld (a 白板 is the 财神's face unless the 财神 is 白板)."""
    if tile == WHITE and wild != WHITE:
        return wild
    return tile


@njit(cache=True, _nrt=False)
def holder_kind_k(shown, wild):
    """Return the physical kind that supplies a natural tile showing ``shown`` (the face: a 白板)."""
    if shown == wild and wild != WHITE:
        return WHITE
    return shown


@njit(cache=True, _nrt=False)
def is_next_seat_k(claimer, discarder):
    """Return True when ``claimer`` is the 下家 of ``discarder`` (the only seat that may 吃, r10; the core's test)."""
    return is_next_seat(claimer, discarder)


@njit(cache=True, _nrt=False)
def pong_allowed_k(counts, tile, wild, wild_in_melds, declined_pongs):
    """Return True when a seat holding ``counts`` may 碰 the discard ``tile`` (physical kind).

    Refused for a discarded 财神 (r8) and for a kind in the seat's ``declined_pongs`` (int64 mask, 过碰
    r11); otherwise two tiles showing the same kind must be held (the face as 白板), a 财神 counting
    among them only with ``jh_wild_in_melds`` (r9).
    """
    if tile == wild or (declined_pongs >> tile) & 1:
        return False
    natural = counts[holder_kind_k(shown_kind_k(tile, wild), wild)]
    wilds = counts[wild] if wild_in_melds else 0
    return natural + wilds >= 2


@njit(cache=True, _nrt=False)
def chow_shapes_k(counts, tile, wild, wild_in_melds):
    """Return the bitmask of ``CHOW_*`` shapes a seat holding ``counts`` may 吃 with the discard ``tile``.

    The caller checks the seat is the discarder's 下家. A discarded 财神 or an honor gives 0 (r8); each of
    the two other tiles of the sequence must be held as a natural tile (the face as a 白板), or, with
    ``jh_wild_in_melds``, one of them may be a 财神 (r9).
    """
    if tile == wild:
        return 0
    shown = shown_kind_k(tile, wild)
    if shown >= 27:
        return 0
    rank = shown % 9
    base = shown - rank
    wilds = counts[wild] if wild_in_melds else 0
    shapes = 0
    for shape in range(3):  # bit 0: (t, t+1, t+2), bit 1: (t-1, t, t+1), bit 2: (t-2, t-1, t)
        low = rank - shape
        if low < 0 or low + 2 > 8:
            continue
        missing = 0
        for r in range(low, low + 3):
            if r != rank and counts[holder_kind_k(base + r, wild)] == 0:
                missing += 1
        if missing == 0 or (missing == 1 and wilds >= 1):
            shapes |= 1 << shape
    return shapes


@njit(cache=True, _nrt=False)
def decline_pong_k(declined_pongs, tile):
    """Return the seat's 过碰 mask after it declines a pong of ``tile`` (r11): cleared at its next turn."""
    return declined_pongs | (np.int64(1) << tile)


@njit(cache=True, _nrt=False)
def chow_discard_forbidden_k(tile, shape, chows_from_left_before, wild):
    """Return the int64 mask of physical kinds the seat may not discard right after a 吃 (吃张打张, r12).

    ``tile`` is the claimed discard (physical kind), ``shape`` the ``CHOW_*`` bit it was chowed as, and
    ``chows_from_left_before`` the chows from its 上家 the seat held before this one. Fewer than two:
    nothing is forbidden. Otherwise the claimed kind, and the kind completing the two used tiles at their
    other end (吃 t as the highest of (t-2, t-1, t): t-3; as the lowest of (t, t+1, t+2): t+3; as the
    middle: none); a kind showing the 财神's face is a 白板.
    """
    if chows_from_left_before < 2:
        return np.int64(0)
    shown = shown_kind_k(tile, wild)
    mask = np.int64(1) << tile
    rank = shown % 9
    if shape == CHOW_HIGH and rank >= 3:
        mask |= np.int64(1) << holder_kind_k(shown - 3, wild)
    elif shape == CHOW_LOW and rank <= 5:
        mask |= np.int64(1) << holder_kind_k(shown + 3, wild)
    return mask
