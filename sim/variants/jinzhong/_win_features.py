"""晋中 win classification (RULES §2.4 r13–r18, §2.5 r19) — compiled.

``hand_features_k`` returns the winning hand's features as a bitmask of ``sim.core.codes`` FEATURE_*
(bits 0–10): the shape features read from the tiles, OR the situational ones the caller passes
(天胡, 地胡, 杠上开花, 海底捞月, 抢杠胡). A bit means the hand is *scored* with that feature: a 豪华七对
sets FEATURE_HAOHUA_QIDUI and not FEATURE_QIDUI; a 九莲宝灯 does not set FEATURE_QINGYISE (r16).
When the tiles complete in several forms (a 清一色 七对 is also a regular hand), the form with the
largest total multiplier is taken; on a tie 十三幺, then 七对, then the regular form.
``total_multiplier_k`` multiplies the ``jz_multipliers`` of the set bits (r19: several multiply).
``win_allowed_k`` is the point limit of one win (r15).

Inputs: ``counts`` (int8[34], the concealed hand with the winning tile), ``meld_kinds``
(int64[>= n_melds], the kind of each fixed meld's first tile: a meld's tiles share its suit),
``n_melds`` (0..4), ``has_chi`` (a fixed meld is a 吃 sequence), ``win_tile`` (the kind that completed the hand,
-1 when unknown), ``rule_vec`` (the packed
``int32[N_RULE_FIELDS]`` of ``JinzhongRules.pack()``) and ``tables`` (``sim.hand_tables.get_tables()``).
"""
import numpy as np
from numba import njit

from sim.core.codes import (
    FEATURE_HAOHUA_QIDUI, FEATURE_JIULIAN, NO_WIN_FEATURES, FEATURE_PENGPENGHU, FEATURE_QIDUI, FEATURE_QINGYISE, FEATURE_SHISANYAO,
)
from sim.core.hand.queyimen_kernel import (
    FORM_QIDUI, FORM_REGULAR, FORM_SHISANYAO, complete_forms_qym_k, point_limit_mask_k,
)
from sim.variants.jinzhong.rule_slots import R_JZ_JIULIAN_NINE_WAIT, R_JZ_MULT_QIDUI, R_JZ_POINT_LIMIT

N_MULTIPLIED_FEATURES = 10  # feature bits 0..9 carry a multiplier (slot R_JZ_MULT_QIDUI + bit); bit 10 (抢杠胡) none
NO_SUIT = -1
MIXED_SUITS = -2
JIULIAN_PATTERN = np.array([3, 1, 1, 1, 1, 1, 1, 1, 3], np.int8)  # [rank] least count of 1112345678999


@njit(cache=True, _nrt=False)
def total_multiplier_k(rule_vec, features):
    """Return the product of the ``jz_multipliers`` of the feature bits set in ``features`` (1 when none)."""
    total = 1
    for bit in range(N_MULTIPLIED_FEATURES):
        if features & (1 << bit):
            total *= rule_vec[R_JZ_MULT_QIDUI + bit]
    return total


@njit(cache=True, _nrt=False)
def win_allowed_k(rule_vec, win_tile, self_drawn):
    """Return True when ``win_tile`` may win under the point limit (RULES §2.4 r15, A17): rank 1–2 never,
    rank 3–5 only when ``self_drawn`` (a win scored as 自摸), rank 6–9 and honours always; always when off."""
    if rule_vec[R_JZ_POINT_LIMIT] == 0:
        return True
    return point_limit_mask_k(np.int64(1) << win_tile, self_drawn) != 0


@njit(cache=True, _nrt=False)
def single_suit(counts, meld_kinds, n_melds):
    """Return the one suit (0 万, 1 饼, 2 条) of every tile and meld, NO_SUIT for none, MIXED_SUITS when honours
    or two suits appear."""
    suit = NO_SUIT
    for k in range(34):
        if counts[k] > 0:
            if k >= 27:
                return MIXED_SUITS
            if suit == NO_SUIT:
                suit = k // 9
            elif suit != k // 9:
                return MIXED_SUITS
    for i in range(n_melds):
        k = meld_kinds[i]
        if k >= 27:
            return MIXED_SUITS
        if suit == NO_SUIT:
            suit = k // 9
        elif suit != k // 9:
            return MIXED_SUITS
    return suit


@njit(cache=True, _nrt=False)
def _blocked_suits(meld_kinds, n_melds):
    """Return the 3-bit mask of the suits the fixed melds occupy (they cannot be the suit given up)."""
    blocked = 0
    for i in range(n_melds):
        if meld_kinds[i] < 27:
            blocked |= 1 << (meld_kinds[i] // 9)
    return blocked


@njit(cache=True, _nrt=False)
def is_jiulian(counts, n_melds, suit, win_tile, nine_wait_only):
    """Return True for a concealed 九莲宝灯: 1112345678999 of ``suit`` plus one more tile of it. With
    ``nine_wait_only`` (jz_jiulian_nine_wait, A37) only when ``win_tile`` is that one more tile: the 13 tiles
    before it were exactly 1112345678999 (the nine-sided wait)."""
    if n_melds != 0 or suit < 0:
        return False
    for rank in range(9):
        if counts[9 * suit + rank] < JIULIAN_PATTERN[rank]:
            return False
    if not nine_wait_only:
        return True
    if win_tile < 9 * suit or win_tile >= 9 * suit + 9:
        return False
    for rank in range(9):
        before = counts[9 * suit + rank] - (1 if win_tile == 9 * suit + rank else 0)
        if before != JIULIAN_PATTERN[rank]:
            return False
    return True


@njit(cache=True, _nrt=False)
def is_all_triplets(counts, n_melds, has_chi):
    """Return True when the concealed tiles are triplets and one pair and no fixed meld is a 吃 (碰碰胡)."""
    if has_chi:
        return False
    pairs = 0
    triplets = 0
    for k in range(34):
        c = counts[k]
        if c == 2:
            pairs += 1
        elif c == 3:
            triplets += 1
        elif c != 0:
            return False
    return pairs == 1 and triplets + n_melds == 4


@njit(cache=True, _nrt=False)
def hand_features_k(counts, meld_kinds, n_melds, has_chi, situation, win_tile, rule_vec, tables):
    """Return the FEATURE_* bitmask of a winning hand (0: a plain win; NO_WIN_FEATURES when the hand is not
    complete under 缺一门).

    ``situation``: the situational FEATURE_* bits of the win (天胡, 地胡, 杠上开花, 海底捞月, 抢杠胡), OR-ed
    into the result. 十三幺 is exempt from 缺一门 (r14); 七对 and 九莲宝灯 are concealed (r16).
    """
    forms = complete_forms_qym_k(counts, n_melds, _blocked_suits(meld_kinds, n_melds), True, tables)
    if forms == 0:
        return NO_WIN_FEATURES
    suit = single_suit(counts, meld_kinds, n_melds)
    best = -1
    best_multiplier = 0
    if forms & FORM_SHISANYAO:
        best = FEATURE_SHISANYAO
        best_multiplier = total_multiplier_k(rule_vec, best)
    if forms & FORM_QIDUI:
        shape = FEATURE_QIDUI
        for k in range(34):
            if counts[k] == 4:
                shape = FEATURE_HAOHUA_QIDUI
        if suit >= 0:
            shape |= FEATURE_QINGYISE
        multiplier = total_multiplier_k(rule_vec, shape)
        if multiplier > best_multiplier:
            best, best_multiplier = shape, multiplier
    if forms & FORM_REGULAR:
        shape = 0
        if is_all_triplets(counts, n_melds, has_chi):
            shape |= FEATURE_PENGPENGHU
        if is_jiulian(counts, n_melds, suit, win_tile, rule_vec[R_JZ_JIULIAN_NINE_WAIT] != 0):
            shape |= FEATURE_JIULIAN
        elif suit >= 0:
            shape |= FEATURE_QINGYISE
        multiplier = total_multiplier_k(rule_vec, shape)
        if multiplier > best_multiplier:
            best, best_multiplier = shape, multiplier
    return best | situation
