"""Whether a Sichuan hand wins (docs/rules/sichuan.md r12–r18, r37–r38): the void-suit checks and the winning
forms — compiled kernels on the core hand tables (``sim.core.hand.kernel``).

Arguments: ``counts`` int8[34], a seat's concealed tiles (the winning tile included for a 3n+2 hand; kinds 0..26
only, 27..33 stay 0); ``meld_row`` int8[34], the seat's per-kind meld view of the core (``sim.core.codes``
MELD_PONG / MELD_MINGGANG / MELD_BUGANG / MELD_ANGANG, 0 = none); ``void`` the declared void suit (0 万, 1 筒,
2 条; -1 = none declared); ``dingque`` a ``codes.SC_DINGQUE_*``; ``tables`` the named tuple
``sim.hand_tables.get_tables()``. A suit is ``kind // 9``.
"""
from numba import njit

from sim.core.codes import MELD_NONE, MELD_PONG
from sim.core.hand.kernel import FORM_QIDUI, FORM_REGULAR, shanten_qidui_k, shanten_regular_k
from sim.variants.sichuan.codes import SC_DINGQUE_IMPLICIT

N_SUIT_KINDS = 27  # 万 0..8, 筒 9..17, 条 18..26 (r1)


@njit(cache=True, _nrt=False)
def meld_tiles_k(meld_row, kind):
    """Return the tiles of ``kind`` in the seat's melds: 3 for a 碰, 4 for any kong, 0 for none."""
    code = meld_row[kind]
    if code == MELD_NONE:
        return 0
    return 3 if code == MELD_PONG else 4


@njit(cache=True, _nrt=False)
def n_melds_k(meld_row):
    """Return the number of the seat's melds (碰 and kongs; one per kind, a kind has four tiles)."""
    n = 0
    for k in range(N_SUIT_KINDS):
        n += 1 if meld_row[k] != MELD_NONE else 0
    return n


@njit(cache=True, _nrt=False)
def suits_held_k(counts, meld_row):
    """Return the bitmask of suits (bit 0 万, 1 筒, 2 条) with a tile in hand or in a meld."""
    mask = 0
    for k in range(N_SUIT_KINDS):
        if counts[k] > 0 or meld_row[k] != MELD_NONE:
            mask |= 1 << (k // 9)
    return mask


@njit(cache=True, _nrt=False)
def holds_void_k(counts, meld_row, void):
    """Return True when hand or melds hold a tile of suit ``void`` (False for ``void`` -1)."""
    if void < 0:
        return False
    return (suits_held_k(counts, meld_row) >> void) & 1 == 1


@njit(cache=True, _nrt=False)
def void_clean_k(counts, meld_row, void, dingque):
    """Return True when the tiles obey the void rule a win needs: no tile of the declared ``void`` suit (r15, r16),
    or under ``implicit`` at most two suits in hand and melds (r18)."""
    if dingque == SC_DINGQUE_IMPLICIT:
        mask = suits_held_k(counts, meld_row)
        return mask != 7
    return not holds_void_k(counts, meld_row, void)


@njit(cache=True, _nrt=False)
def win_forms_k(counts, meld_row, tables):
    """Return the FORM_* bits in which the 3n+2 hand is complete: FORM_REGULAR, four sets (melds included, a kong
    one set) and a pair (r37); FORM_QIDUI, seven pairs in 14 concealed tiles with no meld, a quad as two pairs
    (r38). 0 = not complete; the void rule is not checked here."""
    melds = n_melds_k(meld_row)
    forms = 0
    if shanten_regular_k(counts, melds, tables) == -1:
        forms |= FORM_REGULAR
    if melds == 0 and shanten_qidui_k(counts, True) == -1:
        forms |= FORM_QIDUI
    return forms


@njit(cache=True, _nrt=False)
def is_win_k(counts, meld_row, void, dingque, tables):
    """Return True when the 3n+2 hand with its melds is a legal Sichuan win: complete (r37, r38) and clean of the
    void suit (r15, r18). There is no minimum 番 (r39)."""
    if not void_clean_k(counts, meld_row, void, dingque):
        return False
    return win_forms_k(counts, meld_row, tables) != 0


@njit(cache=True, _nrt=False)
def wins_with_k(counts, meld_row, void, dingque, tables, kind):
    """Return True when the 3n+1 hand ``counts`` wins with one more tile of ``kind`` (a discard, a robbed 补杠 or a
    draw); ``counts`` is restored."""
    counts[kind] += 1
    ok = is_win_k(counts, meld_row, void, dingque, tables)
    counts[kind] -= 1
    return ok
