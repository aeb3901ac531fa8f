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
  1111m can never wait on 1m, and drawing a fifth copy is never counted as progress.
* **Useful tiles**: the kinds whose draw lowers the shanten (for a 3n+1 tenpai hand, exactly its
  waits); the kinds the hand already holds four of are never useful. For a 3n+2 hand (drawing
  "before the discard") they are the kinds useful after some discard that keeps the shanten.
* **Waits** of a 3n+1 hand: the kinds whose draw completes it in some form (empty if not tenpai).

Lookup tables per suit and for the honors, combined by a small DP over (sets, pair), do the
work (``sim.hand_tables``, ``sim._hand_kernel``); the compiled kernels are callable from other
kernels.
"""
from __future__ import annotations

import numpy as np

from sim import _hand_kernel as kernel
from sim.hand_tables import get_tables
from sim.tiles import N_KINDS, as_counts

__all__ = [
    "shanten", "shanten_regular", "shanten_qidui", "shanten_shisanyao", "is_complete",
    "waits", "useful_tiles", "shanten_many",
]


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


def shanten(h, melds=0, qidui_allow_quad=True) -> int:
    """Return the least shanten over regular, 七对 and 十三幺 (-1 = complete, 0 = tenpai)."""
    melds = _check_melds(melds)
    counts = _hand(h, melds)
    return int(kernel.shanten_k(counts, melds, bool(qidui_allow_quad), kernel.FORM_ALL, get_tables()))


def shanten_regular(h, melds=0) -> int:
    """Return the regular-form (4 sets + pair) shanten with ``melds`` fixed melds (-1 = complete)."""
    melds = _check_melds(melds)
    counts = _hand(h, melds)
    return int(kernel.shanten_regular_k(counts, melds, get_tables()))


def shanten_qidui(h, allow_quad=True) -> int:
    """Return the 七对 shanten of a concealed 13/14-tile hand (-1 = complete)."""
    counts = _hand(h, 0)
    return int(kernel.shanten_qidui_k(counts, bool(allow_quad)))


def shanten_shisanyao(h) -> int:
    """Return the 十三幺 shanten of a concealed 13/14-tile hand (-1 = complete)."""
    counts = _hand(h, 0)
    return int(kernel.shanten_shisanyao_k(counts))


def is_complete(h, melds=0, qidui_allow_quad=True) -> bool:
    """Return True when the ``3*(4-melds)+2``-tile hand is complete in some form."""
    melds = _check_melds(melds)
    counts = _hand(h, melds, sizes=("complete",))
    return kernel.complete_forms_k(counts, melds, bool(qidui_allow_quad), get_tables()) != 0


def _kinds(mask) -> list[int]:
    mask = int(mask)
    return [k for k in range(N_KINDS) if mask >> k & 1]


def waits(h, melds=0, qidui_allow_quad=True, drop_exhausted=False, exposed=None) -> list[int]:
    """Return the sorted kinds (0..33) that complete the ``3*(4-melds)+1``-tile hand ([] if not tenpai).

    With ``drop_exhausted`` a wait is dropped when all four copies are already the player's own
    (RULES r27): in ``h`` plus ``exposed`` (optional 34 counts of the player's melded tiles).
    Four copies in ``h`` alone never wait anyway (fifth-copy rule).
    """
    melds = _check_melds(melds)
    counts = _hand(h, melds, sizes=("waiting",))
    mask = kernel.waits_mask_k(counts, melds, bool(qidui_allow_quad), kernel.FORM_ALL, get_tables())
    kinds = _kinds(mask)
    if drop_exhausted:
        owned = counts.astype(np.int64)
        if exposed is not None:
            owned = owned + as_counts(exposed)
        kinds = [k for k in kinds if owned[k] < 4]
    return kinds


def useful_tiles(h, melds=0, qidui_allow_quad=True) -> list[int]:
    """Return the sorted kinds whose draw lowers ``shanten`` (for a tenpai 3n+1 hand: its waits)."""
    melds = _check_melds(melds)
    counts = _hand(h, melds)
    mask = kernel.useful_mask_k(counts, melds, bool(qidui_allow_quad), kernel.FORM_ALL, get_tables())
    return _kinds(mask)


def shanten_many(H, melds=0, qidui_allow_quad=True) -> np.ndarray:
    """Return int8[N]: ``shanten`` of each row of ``H`` (int8[N, 34] counts), -1 = complete."""
    melds = _check_melds(melds)
    _check_integer_counts(H, "H")
    hands = np.asarray(H)
    if hands.ndim != 2 or hands.shape[1] != N_KINDS:
        raise ValueError(f"H must have shape (N, 34), got {hands.shape}")
    if hands.size and (hands.min() < 0 or hands.max() > 4):
        raise ValueError("tile counts in H must be between 0 and 4")
    hands = np.ascontiguousarray(hands, dtype=np.int8)
    sizes = hands.sum(axis=1, dtype=np.int64)
    valid = (3 * (4 - melds) + 1, 3 * (4 - melds) + 2)
    bad = np.flatnonzero((sizes != valid[0]) & (sizes != valid[1]))
    if bad.size:
        raise ValueError(
            f"row {bad[0]} of H has {sizes[bad[0]]} tiles; with melds={melds} rows must have {valid[0]} or {valid[1]}"
        )
    return kernel.shanten_many_k(hands, melds, bool(qidui_allow_quad), get_tables())
