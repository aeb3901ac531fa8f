"""Payment kernels of 晋城麻将 (RULES §1.7 win money, §1.8 kong money, §1.9 前包/后包) — compiled.

Every kernel *adds* into an ``int32[4]`` per-seat money array (units of 底注) and
keeps it zero-sum: what the payers lose, the receiver gains. The rule vector is the
packed ``int32[N_RULE_FIELDS]`` of ``sim.rules.RulesConfig.pack()``.
"""
from numba import njit

from sim.core.ledger import each_other_pays, pays_every_other
from sim.core.rule_layout import R_ANGANG_UNITS, R_MINGGANG_UNITS, R_QIANGGANG_MODE
from sim.variants.jincheng.rule_slots import (
    R_DIANGANG_BAO, R_GENZHUANG_ENABLED, R_GENZHUANG_UNITS, R_HOUBAO_UNITS, R_JC_SHAPE_MULTIPLIERS,
    R_QIDUI_MULTIPLIER, R_SHISANYAO_MULTIPLIER,
)
from sim.core.codes import QIANGGANG_ZIMO, SHAPE_QIDUI, SHAPE_SHISANYAO, WIN_QIANGGANG, WIN_ZIMO
from sim.core.state import N_SEATS

KONG_DIRECT = 0   # 明杠 from a discard (three in hand + the discard)
KONG_ADDED = 1    # 补杠: the 4th tile added to one's own 碰
KONG_CONCEALED = 2  # 暗杠: four concealed tiles


@njit(cache=True, _nrt=False)
def pair_weight(dealer, winner, payer):
    """Return the pair weight w(P) of RULES §1.7: 2 when the dealer is the payer or the winner, else 1."""
    if dealer == payer or dealer == winner:
        return 2
    return 1


@njit(cache=True, _nrt=False)
def shape_multiplier(rule_vec, shape):
    """Return the win-money multiplier of ``shape`` (1 unless ``jc_shape_multipliers`` is on, RULES r42)."""
    if rule_vec[R_JC_SHAPE_MULTIPLIERS] == 0:
        return 1
    if shape == SHAPE_QIDUI:
        return rule_vec[R_QIDUI_MULTIPLIER]
    if shape == SHAPE_SHISANYAO:
        return rule_vec[R_SHISANYAO_MULTIPLIER]
    return 1


@njit(cache=True, _nrt=False)
def settle_win(rule_vec, dealer, winner, feeder, feeder_ting, win_kind, shape, out_win):
    """Add the win settlement of RULES §1.7 into ``out_win`` (int32[4], 底注); return the winner's gain.

    自摸 (and 抢杠胡 when ``qianggang_mode`` = zimo): each non-winner pays 2·w(P).
    点胡 and 抢杠胡 (``feeder`` = discarder / robbed kong declarer): each non-winner pays
    w(P), and the feeder pays w(feeder) more when ``feeder_ting`` is 0 (not 上架, 炮钱).
    Every payment is multiplied by the shape multiplier (RULES r42, off by default).
    """
    multiplier = shape_multiplier(rule_vec, shape)
    as_zimo = win_kind == WIN_ZIMO or (
        win_kind == WIN_QIANGGANG and rule_vec[R_QIANGGANG_MODE] == QIANGGANG_ZIMO
    )
    gain = 0
    for payer in range(N_SEATS):
        if payer == winner:
            continue
        weight = pair_weight(dealer, winner, payer)
        if as_zimo:
            amount = 2 * weight
        else:
            amount = weight
            if payer == feeder and feeder_ting == 0:
                amount += weight
        amount *= multiplier
        out_win[payer] -= amount
        gain += amount
    out_win[winner] += gain
    return gain


@njit(cache=True, _nrt=False)
def kong_payment(rule_vec, declarer, kong_type, feeder, feeder_ting, out_kong):
    """Add the money of one kong (RULES §1.8 r44, r46) into ``out_kong`` (int32[4], 底注); return the declarer's gain.

    ``kong_type``: 0 = 明杠 from a discard, 1 = 补杠, 2 = 暗杠. Each other player pays
    ``minggang_units`` (明/补) or ``angang_units`` (暗). With ``diangang_bao`` a direct
    明杠 fed by a non-上架 discarder (``feeder`` >= 0, ``feeder_ting`` = 0) is paid
    wholly by that discarder. Kong money is settled only when the hand has a winner (r45).
    """
    if kong_type == KONG_CONCEALED:
        units = rule_vec[R_ANGANG_UNITS]
    else:
        units = rule_vec[R_MINGGANG_UNITS]
    bao = (rule_vec[R_DIANGANG_BAO] != 0 and kong_type == KONG_DIRECT
           and feeder >= 0 and feeder != declarer and feeder_ting == 0)
    return each_other_pays(declarer, units, feeder if bao else -1, out_kong)


@njit(cache=True, _nrt=False)
def genzhuang_payment(rule_vec, dealer, out):
    """Add 前包 (RULES §1.9 r47) into ``out`` (int32[4], 底注): the dealer pays each 闲 ``genzhuang_units``.

    Returns the dealer's loss (0 when ``genzhuang`` is off).
    """
    if rule_vec[R_GENZHUANG_ENABLED] == 0:
        return 0
    return pays_every_other(dealer, rule_vec[R_GENZHUANG_UNITS], out)


@njit(cache=True, _nrt=False)
def houbao_payment(rule_vec, dealer, out):
    """Add 后包 (荒庄, RULES §1.9 r51) into ``out`` (int32[4], 底注): the dealer pays each 闲 ``houbao_units``.

    Returns the dealer's loss.
    """
    return pays_every_other(dealer, rule_vec[R_HOUBAO_UNITS], out)

