"""Hand evaluation: shanten, completeness, waits and useful tiles (table-driven; Python API).

Every function takes a hand as notation (``"123m456p789s11z"``) or as 34 counts, and ``melds``,
the number of fixed melds (碰/杠, 0..4) not included in the hand. A hand has ``3*(4-melds) + 1``
tiles (waiting) or ``3*(4-melds) + 2`` tiles (a complete hand or one about to discard).

Definitions
-----------
* **Forms.** Regular: ``4 - melds`` sets (a sequence inside one suit or a triplet; honors form only
  triplets) plus one pair, any pair allowed (RULES §1.6 r37). 七对: seven pairs, concealed only
  (melds == 0); with ``qidui_allow_quad`` four identical tiles count as two pairs (r38, A7).
  十三幺: one of each 幺九/字 kind plus one duplicate, concealed only (r29).
* **Shanten** (standard convention): the fewest tiles to draw, discarding freely, until the hand
  is complete, minus one. -1 = complete, 0 = tenpai (one tile away). ``shanten`` is the least over
  the forms.
* **Fifth-copy rule.** A target hand never uses more than four copies of a kind: a hand holding
  1111m can never wait on 1m, and drawing a fifth copy is never counted as progress. ``shanten`` and
  ``shanten_regular`` take ``exposed`` (34 counts of the tiles in the seat's own melds): a kind's copies
  there count too, so with a 碰 of 5m the hand ``5m123456789p`` is 1-shanten, not tenpai (its only
  wait has no copy left; ``waits(..., drop_exhausted=True, exposed=...)`` drops it alike). Without
  ``exposed`` the melds' kinds are not known and every kind may have four copies in the hand.
* **Useful tiles**: the kinds whose draw lowers the shanten (for a 3n+1 tenpai hand, exactly its
  waits); the kinds the hand already holds four of are never useful. For a 3n+2 hand (drawing
  "before the discard") they are the kinds useful after some discard that keeps the shanten.
* **Waits** of a 3n+1 hand: the kinds whose draw completes it in some form (empty if not tenpai).

Lookup tables per suit and for the honors, combined by a small DP over (sets, pair), do the
work (``sim.hand_tables``, ``sim.core.hand.kernel``); the compiled kernels are callable from other
kernels. ``shanten_many`` without a variant runs a batch path with the same answers over
distance-class tables (``sim.core.hand.batch_kernel``).

Variant evaluation
------------------
* ``que_yi_men=True`` (晋中 缺一门, RULES §2.4 r13–r14): the complete hand, concealed tiles and
  melds together, holds at most two of 万/饼/条 (honors do not count); 十三幺 is exempt. Shanten is
  the least over the suit given up; waits are the kinds that complete the hand legally under
  缺一门, the point limit aside (``point_limit_waits`` applies r15). ``melds`` may then be a list
  of meld kinds, one per fixed meld (ints 0..33 or notation such as ``"5p"``): a meld in a suit
  makes giving that suit up impossible. Definitions in ``sim.core.hand.queyimen_kernel``.
* ``wild=c`` (金华 财神, RULES §3.2 r5–r7, §3.4 r15): ``h`` is the hand as held, its kind-``c``
  tiles are the wilds and its 白板 the stand-ins for kind ``c``'s face; the forms are regular,
  七对 and 七风/十四不靠 (no 十三幺). A wild may stand for a fifth copy of a kind. Definitions and
  readings in ``sim.core.hand.wild_kernel``.
* A hand that can never complete (melds in all three suits under 缺一门) has shanten
  ``NEVER_SHANTEN``.
"""
from __future__ import annotations

import numpy as np

from sim.core.hand import batch_kernel as batch_kernel
from sim.core.hand import kernel as kernel
from sim.core.hand import queyimen_kernel as qym_kernel
from sim.core.hand import wild_kernel as wild_kernel
from sim.hand_capped import regular_distance as capped_regular_distance
from sim.hand_tables import get_batch_tables, get_tables
from sim.hand_wild_tables import get_wild_tables
from sim.tiles import N_KINDS, as_counts, kind, name

__all__ = [
    "shanten", "shanten_regular", "shanten_qidui", "shanten_shisanyao", "is_complete",
    "waits", "useful_tiles", "shanten_many", "point_limit_waits", "NEVER_SHANTEN",
]

NEVER_SHANTEN = kernel.NO_DISTANCE - 1  # shanten of a hand that can never complete


def _check_melds(melds) -> int:
    if isinstance(melds, bool) or not isinstance(melds, (int, np.integer)) or not 0 <= melds <= 4:
        raise ValueError(f"melds={melds!r} is invalid; valid choices: 0, 1, 2, 3, 4")
    return int(melds)


def _check_integer_counts(h, name: str = "hand") -> None:
    """Raise a one-line TypeError unless ``h`` is notation or integer tile counts (not floats, bools, ...)."""
    if isinstance(h, str):
        return
    dtype = np.asarray(h).dtype
    if dtype.kind not in "iu":
        what = "tile notation or integer tile counts" if name == "hand" else "integer tile counts"
        raise TypeError(f"{name} must be {what}, got an array of dtype {dtype}")


def _variant(que_yi_men, wild) -> tuple[bool, int | None]:
    """Validate the variant parameters; return (que_yi_men, wild kind or None)."""
    if not isinstance(que_yi_men, (bool, np.bool_)):
        raise ValueError(f"que_yi_men={que_yi_men!r} is invalid; valid choices: True, False")
    if wild is not None:
        if isinstance(wild, (bool, np.bool_)) or not isinstance(wild, (int, np.integer)) or not 0 <= wild <= 33:
            raise ValueError(f"wild={wild!r} is invalid; valid choices: None or a tile kind 0..33")
        if que_yi_men:
            raise ValueError(f"que_yi_men=True and wild={wild} cannot be combined; valid choices: one or neither")
        wild = int(wild)
    return bool(que_yi_men), wild


def _melds_and_blocked(melds, que_yi_men) -> tuple[int, int]:
    """Return (number of fixed melds, 3-bit mask of the suits they occupy) from an int or meld kinds."""
    if not que_yi_men or isinstance(melds, (int, np.integer)):
        return _check_melds(melds), 0
    if not isinstance(melds, (list, tuple)) or len(melds) > 4:
        raise ValueError(f"melds={melds!r} is invalid; valid choices: 0..4 or a list of up to 4 meld kinds")
    blocked = 0
    for meld_kind in melds:
        if isinstance(meld_kind, str):
            meld_kind = kind(meld_kind)
        if isinstance(meld_kind, (bool, np.bool_)) or not isinstance(meld_kind, (int, np.integer)) \
                or not 0 <= meld_kind <= 33:
            raise ValueError(
                f"meld kind {meld_kind!r} is invalid; valid choices: a tile kind 0..33 or notation like '5p'")
        if meld_kind < 27:
            blocked |= 1 << (int(meld_kind) // 9)
    return len(melds), blocked


def _hand(h, melds, sizes=("waiting", "complete")) -> np.ndarray:
    """Validate a hand; return its int8[34] counts. ``sizes`` names the allowed tile totals."""
    _check_integer_counts(h)
    counts = np.ascontiguousarray(as_counts(h))
    allowed = {"waiting": 3 * (4 - melds) + 1, "complete": 3 * (4 - melds) + 2}
    valid = sorted(allowed[name] for name in sizes)
    total = int(counts.sum())
    if total not in valid:
        choices = " or ".join(str(v) for v in valid)
        raise ValueError(f"hand has {total} tiles; with melds={melds} it must have {choices}")
    return counts


def _exposed(exposed, counts: np.ndarray, melds: int) -> np.ndarray | None:
    """Validate ``exposed`` (the tiles of the seat's ``melds`` melds, notation or 34 counts) against the hand;
    return its int64[34] counts, or None when it holds no tile."""
    if exposed is None:
        return None
    _check_integer_counts(exposed, "exposed")
    tiles = np.asarray(as_counts(exposed), dtype=np.int64)
    total = int(tiles.sum())
    if not 3 * melds <= total <= 4 * melds:
        raise ValueError(f"exposed holds {total} tiles; with melds={melds} it must hold {3 * melds}..{4 * melds} "
                         "(3 per 碰/吃, 4 per 杠)")
    over = np.flatnonzero(tiles + counts > 4)
    if over.size:
        k = int(over[0])
        raise ValueError(f"exposed and the hand hold {int(tiles[k] + counts[k])} copies of {name(k)}; at most 4 exist")
    return tiles if total else None


def _exposed_suits(tiles: np.ndarray) -> int:
    """Return the 3-bit mask of the suits (万, 饼, 条) the exposed tiles occupy."""
    return sum(1 << s for s in range(3) if tiles[9 * s:9 * s + 9].any())


def shanten(h, melds=0, qidui_allow_quad=True, que_yi_men=False, wild=None, exposed=None) -> int:
    """Return the least shanten over regular, 七对 and 十三幺 (-1 = complete, 0 = tenpai).

    Under ``que_yi_men`` the forms obey 缺一门; with ``wild=c`` the forms are those of 金华
    (regular, 七对, 七风/十四不靠) with the hand's kind-``c`` tiles as wilds (module docstring).
    ``exposed`` (notation or 34 counts: the tiles of the seat's melds) caps each kind's copies in the
    hand at four minus those (fifth-copy rule); under ``que_yi_men`` its suits also cannot be given
    up. Not with ``wild`` (a 财神 may stand for a fifth copy).
    """
    que_yi_men, wild = _variant(que_yi_men, wild)
    melds, blocked = _melds_and_blocked(melds, que_yi_men)
    counts = _hand(h, melds)
    tiles = _exposed(exposed, counts, melds)
    if tiles is not None:
        if wild is not None:
            raise ValueError(f"exposed and wild={wild} cannot be combined; valid choices: one or neither")
        blocked |= _exposed_suits(tiles) if que_yi_men else 0
        distance = capped_regular_distance(counts, melds, tiles, que_yi_men, blocked)
        return NEVER_SHANTEN if distance >= kernel.NO_DISTANCE else distance - 1
    if que_yi_men:
        return int(qym_kernel.shanten_qym_k(counts, melds, blocked, bool(qidui_allow_quad), get_tables()))
    if wild is not None:
        return int(wild_kernel.shanten_wild_k(counts, melds, bool(qidui_allow_quad), wild, get_wild_tables()))
    return int(kernel.shanten_k(counts, melds, bool(qidui_allow_quad), kernel.FORM_ALL, get_tables()))


def shanten_regular(h, melds=0, exposed=None) -> int:
    """Return the regular-form (4 sets + pair) shanten with ``melds`` fixed melds (-1 = complete); ``exposed``
    as in ``shanten``."""
    melds = _check_melds(melds)
    counts = _hand(h, melds)
    tiles = _exposed(exposed, counts, melds)
    if tiles is not None:
        distance = capped_regular_distance(counts, melds, tiles)
        return NEVER_SHANTEN if distance >= kernel.NO_DISTANCE else distance - 1
    return int(kernel.shanten_regular_k(counts, melds, get_tables()))


def shanten_qidui(h, allow_quad=True) -> int:
    """Return the 七对 shanten of a concealed 13/14-tile hand (-1 = complete)."""
    counts = _hand(h, 0)
    return int(kernel.shanten_qidui_k(counts, bool(allow_quad)))


def shanten_shisanyao(h) -> int:
    """Return the 十三幺 shanten of a concealed 13/14-tile hand (-1 = complete)."""
    counts = _hand(h, 0)
    return int(kernel.shanten_shisanyao_k(counts))


def is_complete(h, melds=0, qidui_allow_quad=True, que_yi_men=False, wild=None) -> bool:
    """Return True when the ``3*(4-melds)+2``-tile hand is complete in some form (legally under
    ``que_yi_men``; with ``wild=c``, in a 金华 form with its wilds)."""
    que_yi_men, wild = _variant(que_yi_men, wild)
    melds, blocked = _melds_and_blocked(melds, que_yi_men)
    counts = _hand(h, melds, sizes=("complete",))
    if que_yi_men:
        return qym_kernel.complete_forms_qym_k(counts, melds, blocked, bool(qidui_allow_quad), get_tables()) != 0
    if wild is not None:
        return wild_kernel.complete_forms_wild_k(counts, melds, bool(qidui_allow_quad), wild, get_wild_tables()) != 0
    return kernel.complete_forms_k(counts, melds, bool(qidui_allow_quad), get_tables()) != 0


def _kinds(mask) -> list[int]:
    mask = int(mask)
    return [k for k in range(N_KINDS) if mask >> k & 1]


def waits(h, melds=0, qidui_allow_quad=True, drop_exhausted=False, exposed=None, que_yi_men=False,
          wild=None) -> list[int]:
    """Return the sorted kinds (0..33) that complete the ``3*(4-melds)+1``-tile hand ([] if not tenpai).

    Under ``que_yi_men``: the kinds completing it legally under 缺一门 (the point limit aside). With
    ``wild=c``: the kinds completing it in a 金华 form (kind ``c`` = drawing a 财神 when tenpai).

    With ``drop_exhausted`` a wait is dropped when all four copies are already the player's own
    (RULES r27): in ``h`` plus ``exposed`` (optional 34 counts of the player's melded tiles).
    Four copies in ``h`` alone never wait anyway (fifth-copy rule).
    """
    que_yi_men, wild = _variant(que_yi_men, wild)
    melds, blocked = _melds_and_blocked(melds, que_yi_men)
    counts = _hand(h, melds, sizes=("waiting",))
    if que_yi_men:
        mask = qym_kernel.waits_mask_qym_k(counts, melds, blocked, bool(qidui_allow_quad), get_tables())
    elif wild is not None:
        mask = wild_kernel.waits_mask_wild_k(counts, melds, bool(qidui_allow_quad), wild, get_wild_tables())
    else:
        mask = kernel.waits_mask_k(counts, melds, bool(qidui_allow_quad), kernel.FORM_ALL, get_tables())
    kinds = _kinds(mask)
    if drop_exhausted:
        owned = counts.astype(np.int64)
        if exposed is not None:
            owned = owned + as_counts(exposed)
        kinds = [k for k in kinds if owned[k] < 4]
    return kinds


def useful_tiles(h, melds=0, qidui_allow_quad=True, que_yi_men=False, wild=None) -> list[int]:
    """Return the sorted kinds whose draw lowers ``shanten`` (for a tenpai 3n+1 hand: its waits)."""
    que_yi_men, wild = _variant(que_yi_men, wild)
    melds, blocked = _melds_and_blocked(melds, que_yi_men)
    counts = _hand(h, melds)
    if que_yi_men:
        mask = qym_kernel.useful_mask_qym_k(counts, melds, blocked, bool(qidui_allow_quad), get_tables())
    elif wild is not None:
        mask = wild_kernel.useful_mask_wild_k(counts, melds, bool(qidui_allow_quad), wild, get_wild_tables())
    else:
        mask = kernel.useful_mask_k(counts, melds, bool(qidui_allow_quad), kernel.FORM_ALL, get_tables())
    return _kinds(mask)


def point_limit_waits(kinds, self_drawn) -> list[int]:
    """Return the sorted kinds of ``kinds`` that may win under the 晋中 point limit (RULES §2.4 r15):
    suited rank 1-2 never, rank 3-5 only when ``self_drawn`` (自摸), rank 6-9 and honors always."""
    if not isinstance(self_drawn, (bool, np.bool_)):
        raise ValueError(f"self_drawn={self_drawn!r} is invalid; valid choices: True, False")
    mask = 0
    for k in kinds:
        if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer)) or not 0 <= k <= 33:
            raise ValueError(f"kind {k!r} is invalid; valid choices: a tile kind 0..33")
        mask |= 1 << int(k)
    return _kinds(qym_kernel.point_limit_mask_k(np.int64(mask), bool(self_drawn)))


def shanten_many(H, melds=0, qidui_allow_quad=True, que_yi_men=False, wild=None) -> np.ndarray:
    """Return int8[N]: ``shanten`` of each row of ``H`` (int8[N, 34] counts), -1 = complete."""
    que_yi_men, wild = _variant(que_yi_men, wild)
    melds, blocked = _melds_and_blocked(melds, que_yi_men)
    _check_integer_counts(H, "H")
    hands = np.asarray(H)
    if hands.ndim != 2 or hands.shape[1] != N_KINDS:
        raise ValueError(f"H must have shape (N, 34), got {hands.shape}")
    if hands.dtype != np.int8:  # wider counts could wrap into 0..4 in the conversion: check them first
        _check_count_range(hands)
    hands = np.ascontiguousarray(hands, dtype=np.int8)
    if not que_yi_men and wild is None:
        # the batch kernel checks every row itself (one pass) and reports the first invalid one
        out, first_invalid = batch_kernel.shanten_many_k(hands, melds, bool(qidui_allow_quad), get_batch_tables())
        if first_invalid >= 0:
            _check_count_range(hands)
            _raise_wrong_size(hands, first_invalid, melds)
        return out
    _check_count_range(hands)
    sizes = hands.sum(axis=1, dtype=np.int64)
    valid = (3 * (4 - melds) + 1, 3 * (4 - melds) + 2)
    bad = np.flatnonzero((sizes != valid[0]) & (sizes != valid[1]))
    if bad.size:
        _raise_wrong_size(hands, int(bad[0]), melds)
    if que_yi_men:
        return qym_kernel.shanten_many_qym_k(hands, melds, blocked, bool(qidui_allow_quad), get_tables())
    return wild_kernel.shanten_many_wild_k(hands, melds, bool(qidui_allow_quad), wild, get_wild_tables())


def _check_count_range(hands: np.ndarray) -> None:
    """Raise a ValueError unless every count of ``hands`` is 0..4."""
    if hands.size and (hands.min() < 0 or hands.max() > 4):
        raise ValueError("tile counts in H must be between 0 and 4")


def _raise_wrong_size(hands: np.ndarray, row: int, melds: int) -> None:
    """Raise the ValueError naming row ``row`` of ``hands``, whose tile total is not allowed with ``melds``."""
    valid = (3 * (4 - melds) + 1, 3 * (4 - melds) + 2)
    raise ValueError(
        f"row {row} of H has {int(hands[row].sum())} tiles; with melds={melds} rows must have {valid[0]} or {valid[1]}"
    )
