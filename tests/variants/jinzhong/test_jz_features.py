"""晋中 win classification: the shape features of named hands (RULES §2.4 r13–r16), the multipliers (§2.5 r19)
and the point limit of one win (§2.4 r15)."""
import numpy as np
import pytest

from sim.core import codes as C
from sim import tiles
from sim.hand_tables import get_tables
from sim.variants.jinzhong._win_features import hand_features_k, total_multiplier_k, win_allowed_k
from sim.variants.jinzhong.config import JinzhongRules

F = C.FEATURE_CODES
RULE_VEC = JinzhongRules().pack()


def features(concealed: str, meld_kinds=(), has_chi=False, situation=0, rule_vec=RULE_VEC) -> set[str]:
    kinds = np.zeros(4, np.int64)
    kinds[:len(meld_kinds)] = [tiles.parse(k).argmax() for k in meld_kinds]
    mask = hand_features_k(tiles.parse(concealed), kinds, len(meld_kinds), has_chi, situation, -1, rule_vec,
                           get_tables())  # -1: no winning tile (the default reading of 九莲宝灯 needs none)
    if mask == C.NO_WIN_FEATURES:
        return set()
    return {name for name, bit in F.items() if mask & bit} | {"complete"}


@pytest.mark.parametrize("concealed, melds, expected", [
    ("123m456m789p11p555z", (), set()),                               # plain 33332 in two suits
    ("11m22m33p44p55p66z77z", (), {"qidui"}),                         # 七对 (r16)
    ("1111m22m33p44p55p66z", (), {"haohua_qidui"}),                   # a quad = two pairs: 豪华七对, not also 七对
    ("111m222m333p444p55z", (), {"pengpenghu"}),                      # 碰碰胡, concealed
    ("333p444p55z", ("1m", "2m"), {"pengpenghu"}),                    # 碰碰胡 with two 碰 melds
    ("123m456m789m11m555m", (), {"qingyise"}),                        # 清一色
    ("11223344556677m", (), {"qidui", "qingyise"}),                   # 清一色 七对 (×4) beats regular 清一色 (×2)
    ("111222333444m55m", (), {"pengpenghu", "qingyise"}),             # 碰碰胡 清一色 (×4) beats 清一色 sequences
    ("11123456789999m", (), {"jiulian"}),                             # 九莲宝灯, not also 清一色
    ("11123456789995p", (), {"jiulian"}),
    ("19m19p19s12345677z", (), {"shisanyao"}),                        # 十三幺, exempt from 缺一门 (r14)
    ("123m456m789m11m", ("5m",), {"qingyise"}),                       # 清一色 with a meld
    ("12345678999m", ("1m",), {"qingyise"}),                          # melded: never 九莲宝灯
])
def test_shape_features_of_named_hands(concealed, melds, expected):
    """RULES §2.4 r16: each shape feature on a hand that has it (and only it)."""
    assert features(concealed, melds) == expected | {"complete"}


def test_a_chi_meld_is_never_pengpenghu():
    """RULES §2.4 r16: 碰碰胡 is triplets only; a 吃 sequence among the melds breaks it."""
    assert features("333p444p55z", ("1m", "2m")) == {"pengpenghu", "complete"}
    assert features("333p444p55z", ("1m", "2m"), has_chi=True) == {"complete"}


def test_three_suits_never_win_except_shisanyao():
    """RULES §2.4 r13–r14: a hand holding 万, 饼 and 条 (tiles or melds) is no win (0) unless it is 十三幺."""
    assert features("123m456p789s11z555z") == set()
    assert features("456p789p11z555z", ("1s",)) | features("123m456m11z555z", ("7p",)) == {"complete"}
    assert features("456p789p11z555z", ("1s", "1m")) == set()
    assert features("19m19p19s11234567z") == {"shisanyao", "complete"}


def test_situational_features_are_added():
    """RULES §2.4 r18 / §2.5 r19: 天胡, 地胡, 杠上开花, 海底捞月, 抢杠胡 come from the caller, OR-ed with the shape."""
    for name in ("tianhu", "dihu", "gangkai", "haidi", "qianggang"):
        assert features("11m22m33p44p55p66z77z", situation=F[name]) == {"qidui", name, "complete"}


def test_total_multiplier_multiplies_the_table_values():
    """RULES §2.5 r19: several features multiply; 抢杠胡 itself has no factor; the table is configurable."""
    assert total_multiplier_k(RULE_VEC, 0) == 1
    assert total_multiplier_k(RULE_VEC, F["qidui"]) == 2
    assert total_multiplier_k(RULE_VEC, F["haohua_qidui"] | F["qingyise"]) == 8
    assert total_multiplier_k(RULE_VEC, F["shisanyao"] | F["tianhu"]) == 8
    assert total_multiplier_k(RULE_VEC, F["jiulian"] | F["haidi"] | F["qianggang"]) == 8
    assert total_multiplier_k(RULE_VEC, F["gangkai"] | F["dihu"] | F["pengpenghu"]) == 8
    custom = JinzhongRules().replace(jz_multipliers={"pengpenghu": 3, "gangkai": 5}).pack()
    assert total_multiplier_k(custom, F["pengpenghu"] | F["gangkai"]) == 15


def test_the_best_scoring_form_follows_the_table():
    """A 清一色 hand complete as 七对 and as 33332 scores as the form with the larger product (RULES §2.5 r19);
    with 七对 worth ×1 both give ×3 and the documented tie order keeps 七对."""
    assert features("11223344556677m") == {"qidui", "qingyise", "complete"}                  # 2·2 > 2
    flat = JinzhongRules().replace(jz_multipliers={"qidui": 1, "qingyise": 3}).pack()
    assert features("11223344556677m", rule_vec=flat) == {"qidui", "qingyise", "complete"}   # 1·3 = 3: tie
    assert total_multiplier_k(flat, F["qidui"] | F["qingyise"]) == total_multiplier_k(flat, F["qingyise"]) == 3


@pytest.mark.parametrize("tile, self_drawn, allowed", [
    ("1m", True, False), ("2p", False, False), ("2s", True, False),     # rank 1–2 never
    ("3m", True, True), ("5p", False, False), ("4s", True, True),       # rank 3–5 自摸 only
    ("6m", False, True), ("9p", True, True), ("7s", False, True),       # rank 6–9 either way
    ("1z", False, True), ("7z", True, True),                            # honours either way
])
def test_point_limit_of_one_win(tile, self_drawn, allowed):
    """RULES §2.4 r15, A17: rank 1–2 never, 3–5 自摸 only, 6–9 and honours either way; off: anything wins."""
    kind = int(tiles.parse(tile).argmax())
    assert win_allowed_k(RULE_VEC, kind, self_drawn) == allowed
    assert win_allowed_k(JinzhongRules().replace(jz_point_limit=False).pack(), kind, self_drawn)
