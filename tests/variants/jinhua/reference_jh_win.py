"""Slow plain-Python reference of the 金华 winning hand's classification (tests only; RULES §3.4 r15).

Independent of the compiled tables: every form is found by search (``tests/reference_hand_wild.py``:
recursive set decomposition with wilds filling gaps, pairing for 七对, every spaced pick for 七风), 爆头
by splitting the hand before the draw into sets after taking out one 财神, and the multiplier by
trying every form the hand is complete in. The readings are the ones written in
``sim.variants.jinhua._win_shape``.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from sim.core import codes

WHITE = 33


def _load_wild_reference():
    path = Path(__file__).resolve().parents[2] / "reference_hand_wild.py"
    spec = importlib.util.spec_from_file_location("reference_hand_wild", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


wild_ref = _load_wild_reference()

DEFAULT_MULTIPLIERS = {"qidui": 2, "qifeng": 2, "qingyise": 4, "qingyise_wild": 2, "hunyise": 2, "baotou": 2,
                       "haidi": 2, "baotou_haidi": 4}


def shown_kind(k: int, wild: int) -> int:
    """The kind a natural tile shows: 白板 is the 财神's face unless the 财神 is 白板."""
    return wild if (k == WHITE and wild != WHITE) else k


def is_baotou(counts, melds: int, wild: int, last_tile: int) -> bool:
    """The hand before the draw of ``last_tile`` is 4 - melds sets and one lone wild."""
    before = [int(x) for x in counts]
    if before[last_tile] == 0:
        return False
    before[last_tile] -= 1
    if before[wild] == 0:
        return False
    before[wild] -= 1
    naturals, wilds = wild_ref.natural_counts(before, wild)
    return wild_ref._sets_with_wilds(naturals, wilds, 4 - melds)


def classify(counts, meld_kinds, wild, self_drawn, last_tile, haidi, qianggang, allow_quad=True,
             multipliers=None):
    """Return (features, multiplier); (0, 0) when the hand is not complete."""
    mult = dict(DEFAULT_MULTIPLIERS if multipliers is None else multipliers)
    melds = len(meld_kinds)
    regular = wild_ref.complete_regular(counts, wild, melds)
    qidui = melds == 0 and wild_ref.complete_qidui(counts, wild, allow_quad)
    qifeng = melds == 0 and wild_ref.complete_knitted(counts, wild)
    if not (regular or qidui or qifeng):
        return 0, 0
    shown = [shown_kind(k, wild) for k in range(34) if k != wild and counts[k] > 0]
    shown += [shown_kind(int(k), wild) for k in meld_kinds]
    suits = {k // 9 for k in shown if k < 27}
    honors = any(k >= 27 for k in shown)
    features = 0
    suit_mult = 1
    if len(suits) == 1 and not honors:
        features |= codes.FEATURE_QINGYISE
        if counts[wild] > 0:
            features |= codes.FEATURE_QINGYISE_WILD
            suit_mult = mult["qingyise_wild"]
        else:
            suit_mult = mult["qingyise"]
    elif len(suits) == 1:
        features |= codes.FEATURE_HUNYISE
        suit_mult = mult["hunyise"]
    haidi_mult = mult["haidi"] if haidi else 1
    candidates = []  # (multiplier, tie rank, feature) of every form the hand is complete in
    if self_drawn and is_baotou(counts, melds, wild, last_tile):
        candidates.append((mult["baotou_haidi"] if haidi else mult["baotou"], 0, codes.FEATURE_BAOTOU))
    if qidui:
        candidates.append((mult["qidui"] * haidi_mult, 1, codes.FEATURE_QIDUI))
    if qifeng:
        candidates.append((mult["qifeng"] * haidi_mult, 2, codes.FEATURE_QIFENG))
    if regular:
        candidates.append((haidi_mult, 3, codes.FEATURE_PINGHU))
    best = max(candidates, key=lambda c: (c[0], -c[1]))
    features |= best[2]
    if haidi:
        features |= codes.FEATURE_HAIDI
    if qianggang:
        features |= codes.FEATURE_QIANGGANG
    return features, best[0] * suit_mult
