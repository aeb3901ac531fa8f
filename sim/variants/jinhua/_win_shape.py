"""The winning hand's classification in 金华 (RULES §3.4 r15): shape features and multiplier — compiled.

``classify_win_k`` runs once per win, after the engine knows the hand is complete. It takes the
concealed hand *as held* (``int8[34]``, the winning tile included: its kind-``wild`` tiles are the
财神, its 白板 the stand-ins for the 财神's face, RULES §3.2 r5–r6), the kinds of the fixed melds
(lowest tile of each 吃/碰/杠; only their suit matters here), the 财神 kind, the win context and the
multiplier table (``int32[N_JH_MULT]``, slots ``sim.core.codes.JH_MULT_*``), and the evaluation tables of
``sim.hand_wild_tables`` (uncapped: a 财神 may stand for a fifth copy) or the plain tables (it may not).

Readings:

* **Forms** (one is chosen): 平胡 (4 sets + a pair), 七对, 七风/十四不靠, 爆头. 爆头 is a self-drawn win
  whose hand *before the draw* is ``4 - melds`` complete sets plus one lone 财神 (a wild tile, not
  a 白板); the drawn tile, of any kind (a 财神 too), pairs with it. A hand complete in several forms
  takes the one with the largest total multiplier; ties go 爆头, 七对, 七风, 平胡.
* **Suit features**, judged on the natural tiles (concealed tiles without the wilds, a 白板 counted as
  the 财神's face, and the melds): 清一色 = all in one suit, no honor; 混一色 = one suit and at least
  one honor (an all-honor hand is neither: such hands are among the unknown items, A33). A wild can
  always be taken inside the suit, so it never breaks either. 清一色 is ×4 without any 财神 in the
  hand, ×2 with one (``FEATURE_QINGYISE_WILD`` is then set too).
* **Context**: 海底捞月 (``haidi``: the winning tile was the last drawable one, decided by the
  caller under RULES §3.1 r4) ×2; 抢杠胡 is a feature without a multiplier.
* **Multipliers multiply** (r15): M = form × suit × 海底, except that 爆头 together with 海底 is
  ``JH_MULT_BAOTOU_HAIDI`` instead of their product (A31: 4 by default, 8 with the flag).
"""
import numpy as np
from numba import njit

from sim.core.codes import (
    FEATURE_BAOTOU, FEATURE_HAIDI, FEATURE_HUNYISE, FEATURE_PINGHU, FEATURE_QIANGGANG, FEATURE_QIDUI,
    FEATURE_QIFENG, FEATURE_QINGYISE, FEATURE_QINGYISE_WILD, JH_MULT_BAOTOU, JH_MULT_BAOTOU_HAIDI,
    JH_MULT_HAIDI, JH_MULT_HUNYISE, JH_MULT_QIDUI, JH_MULT_QIFENG, JH_MULT_QINGYISE, JH_MULT_QINGYISE_WILD,
)
from sim.core.hand.kernel import _combine, _row_distances
from sim.core.hand.wild_kernel import (
    FORM_KNITTED, FORM_QIDUI, FORM_REGULAR, _relabelled_index, _stand_in_count, complete_forms_wild_k,
)
from sim.variants.jinhua._calls import shown_kind_k

SUIT_MAN = 1      # 3-bit suit mask: 万
SUIT_PIN = 2      # 饼
SUIT_SOU = 4      # 条


@njit(cache=True, _nrt=False)
def sets_distance_wild_k(counts, sets, wild, tables):
    """Return the tiles to add (wilds count as added) for ``counts`` to be ``sets`` sets and no pair.

    On a hand of exactly ``3 * sets`` tiles, 0 means it splits into ``sets`` sets, its wilds filling gaps.
    """
    stand_in = _stand_in_count(counts, wild)
    suit_table = tables.suit_rows
    mp = _combine(_row_distances(suit_table, _relabelled_index(counts, 0, 9, wild, stand_in)),
                  _row_distances(suit_table, _relabelled_index(counts, 9, 9, wild, stand_in)))
    sz = _combine(_row_distances(suit_table, _relabelled_index(counts, 18, 9, wild, stand_in)),
                  _row_distances(tables.honor_rows, _relabelled_index(counts, 27, 7, wild, stand_in)))
    whole = _combine(mp, sz)
    return max(0, whole[2 * sets] - counts[wild])


@njit(cache=True, _nrt=True)
def is_baotou_k(counts, melds, wild, last_tile, tables):
    """Return True when the complete hand minus ``last_tile`` is ``4 - melds`` sets plus one lone 财神.

    The caller checks that the win was self-drawn (爆头 is completed only by a self-draw).
    """
    if counts[last_tile] == 0:
        return False
    before = counts.copy()  # int8[34]: the hand before the winning draw, then without its lone 财神
    before[last_tile] -= 1
    if before[wild] == 0:
        return False
    before[wild] -= 1
    return sets_distance_wild_k(before, 4 - melds, wild, tables) == 0


@njit(cache=True, _nrt=False)
def natural_suits_k(counts, meld_kinds, n_melds, wild):
    """Return (3-bit mask of the suits of the natural tiles and melds, True when an honor is among them)."""
    suits = 0
    honors = False
    for k in range(34):
        if k == wild or counts[k] == 0:
            continue
        shown = shown_kind_k(k, wild)
        if shown >= 27:
            honors = True
        else:
            suits |= 1 << (shown // 9)
    for i in range(n_melds):
        shown = shown_kind_k(meld_kinds[i], wild)
        if shown >= 27:
            honors = True
        else:
            suits |= 1 << (shown // 9)
    return suits, honors


@njit(cache=True, _nrt=False)
def classify_win_k(counts, meld_kinds, n_melds, wild, self_drawn, last_tile, haidi, qianggang,
                   allow_quad, mult_table, tables):
    """Return (features, multiplier) of a 金华 win: the ``FEATURE_*`` bitmask of the chosen form,
    suit and context, and the total multiplier M (an integer, units of the base payment).

    ``counts`` int8[34] is the concealed hand as held, winning tile included (``3 * (4 - n_melds) + 2``
    tiles); ``meld_kinds`` int8[>= n_melds] the lowest kind of each fixed meld. Returns (0, 0) when the
    hand is not complete.
    """
    forms = complete_forms_wild_k(counts, n_melds, allow_quad, wild, tables)
    if forms == 0:
        return np.int64(0), np.int64(0)
    suits, honors = natural_suits_k(counts, meld_kinds, n_melds, wild)
    one_suit = suits == SUIT_MAN or suits == SUIT_PIN or suits == SUIT_SOU
    suit_features = 0
    suit_mult = 1
    if one_suit and not honors:
        suit_features = FEATURE_QINGYISE
        if counts[wild] > 0:
            suit_features |= FEATURE_QINGYISE_WILD
            suit_mult = mult_table[JH_MULT_QINGYISE_WILD]
        else:
            suit_mult = mult_table[JH_MULT_QINGYISE]
    elif one_suit and honors:
        suit_features = FEATURE_HUNYISE
        suit_mult = mult_table[JH_MULT_HUNYISE]
    haidi_mult = mult_table[JH_MULT_HAIDI] if haidi else 1
    # candidate forms in tie order: 爆头, 七对, 七风, 平胡
    best_feature = 0
    best_mult = 0
    if self_drawn and is_baotou_k(counts, n_melds, wild, last_tile, tables):
        best_feature = FEATURE_BAOTOU
        best_mult = mult_table[JH_MULT_BAOTOU_HAIDI] if haidi else mult_table[JH_MULT_BAOTOU]
    if (forms & FORM_QIDUI) != 0 and mult_table[JH_MULT_QIDUI] * haidi_mult > best_mult:
        best_feature = FEATURE_QIDUI
        best_mult = mult_table[JH_MULT_QIDUI] * haidi_mult
    if (forms & FORM_KNITTED) != 0 and mult_table[JH_MULT_QIFENG] * haidi_mult > best_mult:
        best_feature = FEATURE_QIFENG
        best_mult = mult_table[JH_MULT_QIFENG] * haidi_mult
    if (forms & FORM_REGULAR) != 0 and haidi_mult > best_mult:
        best_feature = FEATURE_PINGHU
        best_mult = haidi_mult
    features = best_feature | suit_features
    if haidi:
        features |= FEATURE_HAIDI
    if qianggang:
        features |= FEATURE_QIANGGANG
    return np.int64(features), np.int64(best_mult * suit_mult)
