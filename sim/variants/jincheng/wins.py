"""Who may win and what a win is worth in 晋城 (RULES §1.4 r22, r26, §1.6, §1.7, A9, A36) — kernels."""
from numba import njit

from sim.core.codes import (
    FEATURE_QIANGGANG, FEATURE_QIDUI, FEATURE_SHISANYAO, GUO_HU_RESTRICTED, NO_WIN_FEATURES, SHAPE_QIDUI,
    SHAPE_REGULAR, SHAPE_SHISANYAO, WIN_QIANGGANG,
)
from sim.core.hand.kernel import FORM_QIDUI, FORM_SHISANYAO
from sim.core.rule_layout import R_GUO_HU
from sim.core.state import (
    MONEY_WIN, PEND_ANGANG, ST_DEALER, ST_GUO_HU, ST_MULTIPLIER, ST_PENDING_KIND, ST_TING, ST_WAITS, ST_WIN_FEATURES,
)
from sim.core.ting import win_shape_forms
from sim.variants.jincheng.settlement import settle_win, shape_multiplier


@njit(cache=True, inline='always')
def can_win_on(rule_vec, tables, hands, frozen, st, seat, tile):
    """Return True when ``seat`` may 胡 the offered ``tile`` (上架 r22, fixed waits r26, 过胡 A36; only
    十三幺 robs a 暗杠, A9)."""
    if st[ST_TING + seat] == 0 or (st[ST_WAITS + seat] >> tile) & 1 == 0:
        return False
    if rule_vec[R_GUO_HU] == GUO_HU_RESTRICTED and (st[ST_GUO_HU + seat] >> tile) & 1 == 1:
        return False
    if st[ST_PENDING_KIND] == PEND_ANGANG:  # only 十三幺 may rob a 暗杠 (A9)
        hands[seat, tile] += 1
        forms = win_shape_forms(rule_vec, tables, hands, frozen, st, seat)
        hands[seat, tile] -= 1
        return forms & FORM_SHISANYAO != 0
    return True


@njit(cache=True, _nrt=False)
def shape_code(forms):
    """Return the sim.core.codes SHAPE_* code of a complete hand's FORM_* bits (十三幺 > 七对 > regular)."""
    if forms & FORM_SHISANYAO:
        return SHAPE_SHISANYAO
    if forms & FORM_QIDUI:
        return SHAPE_QIDUI
    return SHAPE_REGULAR


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, frozen, st, seat):
    """Return the SHAPE_* code of ``seat``'s complete concealed hand (3k+2 tiles, winning tile included)."""
    return shape_code(win_shape_forms(rule_vec, tables, hands, frozen, st, seat))


@njit(cache=True, _nrt=False)
def settle_one_win(rule_vec, st, money, winner, feeder, win_kind, shape):
    """Add one win's §1.7 settlement into ``money[MONEY_WIN]`` (底注); the feeder (-1 for 自摸) pays 炮钱
    unless it has 上架. Returns the winner's gain in 底注."""
    feeder_ting = st[ST_TING + feeder] if feeder >= 0 else 0
    if st[ST_WIN_FEATURES] == NO_WIN_FEATURES:  # the record's win_features and multiplier (first win)
        st[ST_WIN_FEATURES] = win_features(win_kind, shape)
        st[ST_MULTIPLIER] = shape_multiplier(rule_vec, shape)
    return settle_win(rule_vec, st[ST_DEALER], winner, feeder, feeder_ting, win_kind, shape, money[MONEY_WIN])


@njit(cache=True, _nrt=False)
def win_features(win_kind, shape):
    """Return the sim.core.codes FEATURE_* bits a 晋城 win records: 七对, 十三幺 (its shape) and 抢杠胡."""
    features = 0
    if shape == SHAPE_QIDUI:
        features |= FEATURE_QIDUI
    elif shape == SHAPE_SHISANYAO:
        features |= FEATURE_SHISANYAO
    if win_kind == WIN_QIANGGANG:
        features |= FEATURE_QIANGGANG
    return features
