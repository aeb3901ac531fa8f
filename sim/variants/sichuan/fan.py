"""番 and the hand value of a Sichuan win (docs/rules/sichuan.md r40–r54, r60) — compiled kernels.

``hand_fan_k`` scores what the tiles alone give (structure, 清一色, 将, 根, 龙七对 under ``extra``): the part the
wall's-end TMV also counts (r76). ``win_fan_k`` adds what the win adds (门清/中张, the situational 番, 自摸 under
``add_fan``, 天胡/地胡). Both return ``(F, features)``: F the 番 total, features the ``codes.FEAT_*`` bits of the
reading scored, with the 根 count in bits ``GEN_SHIFT``. ``hand_value_k`` and the payment kernels return 底.

Arguments: ``counts`` int8[34] the winner's concealed tiles with the winning tile, ``meld_row`` int8[34] its meld
view (``sichuan.win``), ``forms`` the FORM_* bits of ``win.win_forms_k`` (the hand must be complete),
``ctx`` the ``codes.CTX_*`` bits of the winning moment, ``rule_vec`` the packed ``SichuanRules`` vector.
"""
from numba import njit

from sim.core.codes import MELD_BUGANG, MELD_MINGGANG, MELD_PONG
from sim.core.hand.kernel import FORM_QIDUI, FORM_REGULAR
from sim.variants.sichuan import codes as S
from sim.variants.sichuan.rule_slots import (
    R_SC_FAN_CAP, R_SC_JIANG_QIDUI, R_SC_LONGQIDUI, R_SC_MENQING_ZHONGZHANG, R_SC_TIAN_DI_HU, R_SC_YAOJIU_JIANGDUI,
    R_SC_ZIMO, R_SC_ZIMO_CAP_ORDER,
)
from sim.variants.sichuan.win import N_SUIT_KINDS, meld_tiles_k, n_melds_k, suits_held_k


@njit(cache=True, _nrt=False)
def gen_count_k(counts, meld_row):
    """Return the number of 根: kinds of which hand and melds hold all four copies (r46)."""
    n = 0
    for k in range(N_SUIT_KINDS):
        n += 1 if counts[k] + meld_tiles_k(meld_row, k) == 4 else 0
    return n


@njit(cache=True, _nrt=False)
def _all_in_ranks_k(counts, meld_row, rank_bits):
    """Return True when every tile of hand and melds has a rank (0..8) whose bit is set in ``rank_bits``."""
    for k in range(N_SUIT_KINDS):
        if (counts[k] > 0 or meld_row[k] != 0) and (rank_bits >> (k % 9)) & 1 == 0:
            return False
    return True


@njit(cache=True, _nrt=False)
def is_daduizi_k(counts):
    """Return True when the concealed tiles are triplets and one pair (each count 0, 2 or 3, one 2): with the
    melds, all four sets are 刻子 or kongs (大对子, r42)."""
    pairs = 0
    for k in range(N_SUIT_KINDS):
        c = counts[k]
        if c == 2:
            pairs += 1
        elif c != 0 and c != 3:
            return False
    return pairs == 1


@njit(cache=True, _nrt=False)
def is_daiyaojiu_k(counts, meld_row):
    """Return True when every set and the pair hold a 1 or a 9 (带幺九, r43): melds of 1s or 9s, and per suit the
    concealed 2s and 3s only in 123 runs, the 7s and 8s only in 789 runs, the rest 1s or 9s as triplets and one
    pair in all."""
    for k in range(N_SUIT_KINDS):
        if meld_row[k] != 0 and k % 9 != 0 and k % 9 != 8:
            return False
    pairs = 0
    for base in range(0, N_SUIT_KINDS, 9):
        if counts[base + 3] + counts[base + 4] + counts[base + 5] > 0:
            return False
        low, high = counts[base + 1], counts[base + 7]
        if counts[base + 2] != low or counts[base + 6] != high:
            return False
        for rest in (counts[base] - low, counts[base + 8] - high):
            if rest == 2:
                pairs += 1
            elif rest != 0 and rest != 3:
                return False
    return pairs == 1


@njit(cache=True, _nrt=False)
def hand_fan_k(counts, meld_row, forms, rule_vec):
    """Return (F, features) of the tiles alone: the best reading (r40) of structure (平胡 0, 大对子 1, 七对 2,
    金钩钓 2, 带幺九 2 with the flag; r42, r43), 清一色 +2 (r44), 将 +2 with the flag (r45), one per 根 (r46) and
    龙七对 under ``extra`` (r47, q1: the table 龙七对 4, 清龙七对 5, so +1 over 七对 + 根 unless 清一色). A 七对
    reading wins a tie. F is in 番."""
    yaojiu_jiang = rule_vec[R_SC_YAOJIU_JIANGDUI] != 0
    gen = gen_count_k(counts, meld_row)
    common = gen
    common_feats = gen << S.GEN_SHIFT
    suits = suits_held_k(counts, meld_row)
    one_suit = suits == 1 or suits == 2 or suits == 4
    if one_suit:
        common += 2
        common_feats |= S.FEAT_QINGYISE
    jiang_tiles = yaojiu_jiang and _all_in_ranks_k(counts, meld_row, (1 << 1) | (1 << 4) | (1 << 7))
    best, best_feats = -1, 0
    if forms & FORM_QIDUI:
        best, best_feats = 2, S.FEAT_QIDUI
        if gen > 0 and not one_suit and rule_vec[R_SC_LONGQIDUI] == S.SC_LONGQIDUI_EXTRA:
            best, best_feats = best + 1, best_feats | S.FEAT_LONG_EXTRA
        if jiang_tiles and rule_vec[R_SC_JIANG_QIDUI] != 0:
            best, best_feats = best + 2, best_feats | S.FEAT_JIANG
    if forms & FORM_REGULAR:
        if n_melds_k(meld_row) == 4:
            fan, feats = 2, S.FEAT_JINGOU
        elif yaojiu_jiang and is_daiyaojiu_k(counts, meld_row):
            fan, feats = 2, S.FEAT_DAIYAOJIU
        elif is_daduizi_k(counts):
            fan, feats = 1, S.FEAT_DADUIZI
        else:
            fan, feats = 0, S.FEAT_PINGHU
        if jiang_tiles and feats & (S.FEAT_JINGOU | S.FEAT_DADUIZI):
            fan, feats = fan + 2, feats | S.FEAT_JIANG
        if fan > best:
            best, best_feats = fan, feats
    return best + common, best_feats | common_feats


@njit(cache=True, _nrt=False)
def cap_of_k(rule_vec):
    """Return the cap of F (r41), or ``codes.SC_CAP_NONE`` (-1) for none."""
    return rule_vec[R_SC_FAN_CAP]


@njit(cache=True, _nrt=False)
def _tian_di_hu_k(fan, feats, ctx, rule_vec):
    """Return (F, features) after 天胡/地胡 (r52): ``five`` F = max(F, 5), ``cap`` F = cap, ``add`` +3 / +2,
    ``off`` a plain win (no bit set)."""
    tian = ctx & S.CTX_TIANHU != 0
    if not tian and ctx & S.CTX_DIHU == 0:
        return fan, feats
    mode = rule_vec[R_SC_TIAN_DI_HU]
    if mode == S.SC_TDH_OFF:
        return fan, feats
    feats |= S.FEAT_TIANHU if tian else S.FEAT_DIHU
    if mode == S.SC_TDH_FIVE:
        return max(fan, 5), feats
    if mode == S.SC_TDH_CAP:
        return cap_of_k(rule_vec), feats
    return fan + (3 if tian else 2), feats


@njit(cache=True, _nrt=False)
def win_fan_k(counts, meld_row, forms, ctx, rule_vec):
    """Return (F, features) of a win: ``hand_fan_k``, then 门清 +1 (no 碰, 直杠 or 补杠) and 中张 +1 (no 1 or 9)
    with the flag (r53), +1 each for 杠上开花, 杠上炮, 抢杠胡 and 海底 (r48; 杠上开花 and 海底 never both, r49; 杠上炮
    and 海底炮 both, q3), +1 for 自摸 under ``add_fan`` (r50), then 天胡/地胡 (r52). F is in 番."""
    fan, feats = hand_fan_k(counts, meld_row, forms, rule_vec)
    if rule_vec[R_SC_MENQING_ZHONGZHANG] != 0:
        open_meld = False
        for k in range(N_SUIT_KINDS):
            code = meld_row[k]
            open_meld |= code == MELD_PONG or code == MELD_MINGGANG or code == MELD_BUGANG
        if not open_meld:
            fan, feats = fan + 1, feats | S.FEAT_MENQING
        if _no_terminal_k(counts, meld_row):
            fan, feats = fan + 1, feats | S.FEAT_ZHONGZHANG
    zimo = ctx & S.CTX_ZIMO != 0
    gangkai = zimo and ctx & S.CTX_AFTER_KONG != 0
    if gangkai:
        fan, feats = fan + 1, feats | S.FEAT_GANGKAI
    if not zimo and ctx & S.CTX_KONG_DISCARD != 0:
        fan, feats = fan + 1, feats | S.FEAT_GANGPAO
    if ctx & S.CTX_QIANGGANG != 0:
        fan, feats = fan + 1, feats | S.FEAT_QIANGGANG
    if ctx & S.CTX_LAST_TILE != 0 and not gangkai:
        fan, feats = fan + 1, feats | S.FEAT_HAIDI
    if zimo and rule_vec[R_SC_ZIMO] == S.SC_ZIMO_ADD_FAN:
        fan, feats = fan + 1, feats | S.FEAT_ZIMO_FAN
    return _tian_di_hu_k(fan, feats, ctx, rule_vec)


@njit(cache=True, _nrt=False)
def _no_terminal_k(counts, meld_row):
    """Return True when no tile of hand or melds is a 1 or a 9 (中张, r53)."""
    return _all_in_ranks_k(counts, meld_row, 0b011111110)


@njit(cache=True, _nrt=False)
def hand_value_k(fan, rule_vec):
    """Return V = 2^min(F, cap) in 底 (r41); no cap under ``none``."""
    cap = cap_of_k(rule_vec)
    if cap != S.SC_CAP_NONE and fan > cap:
        fan = cap
    return 1 << fan


@njit(cache=True, _nrt=False)
def discard_payment_k(fan, rule_vec):
    """Return what the discarder (or the robbed 补杠's declarer) pays a winner of F 番: V in 底 (r59, r61)."""
    return hand_value_k(fan, rule_vec)


@njit(cache=True, _nrt=False)
def zimo_payment_k(fan, rule_vec):
    """Return what each payer of a 自摸 pays, in 底 (r60): V + 1 under ``add_base`` (``cap_then_add``; under
    ``add_then_cap`` min(2^F + 1, 2^cap), q9), V under ``add_fan`` (its +1 is already in F) and ``none``."""
    if rule_vec[R_SC_ZIMO] != S.SC_ZIMO_ADD_BASE:
        return hand_value_k(fan, rule_vec)
    if rule_vec[R_SC_ZIMO_CAP_ORDER] == S.SC_ZIMO_CAP_THEN_ADD:
        return hand_value_k(fan, rule_vec) + 1
    cap = cap_of_k(rule_vec)
    raw = (1 << fan) + 1
    if cap != S.SC_CAP_NONE and raw > (1 << cap):
        return 1 << cap
    return raw
