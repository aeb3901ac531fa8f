"""Sichuan 番 and hand value (sim.variants.sichuan.fan, docs/rules/sichuan.md r40–r54, r60): the kernels against the
independent reference (tests/variants/sichuan/reference_sc.py) on thousands of random winning hands under random
flags and win contexts, and the rules' own examples."""
import random

import numpy as np
import pytest

from sim.hand_tables import get_tables
from sim.variants.sichuan import codes as S
from sim.variants.sichuan import fan as F
from sim.variants.sichuan import win as W
from sim.variants.sichuan.config import SichuanRules

import reference_sc as ref
from sc_hands import arrays, flags_of, gen_of, hand, names, random_winning_hand

TABLES = get_tables()
DEFAULT = SichuanRules().pack()
PONG, MING, BU, AN = ref.PONG, ref.MINGGANG, ref.BUGANG, ref.ANGANG


def score(text, melds=(), ctx=0, rules=None):
    """Return (F, feature names, 根) of the kernel for a winning hand written as text."""
    counts, meld_row = arrays(hand(text), melds)
    vector = DEFAULT if rules is None else rules.pack()
    forms = W.win_forms_k(counts, meld_row, TABLES)
    assert forms, text
    fan, feats = F.win_fan_k(counts, meld_row, forms, ctx, vector)
    return fan, names(feats), gen_of(feats)


def ctx_of(zimo=False, robbed=False, after_kong=False, kong_discard=False, last_tile=False, tianhu=False,
           dihu=False):
    """Return the CTX_* bits of a win context given as the reference's keywords."""
    bits = ((zimo, S.CTX_ZIMO), (robbed, S.CTX_QIANGGANG), (after_kong, S.CTX_AFTER_KONG),
            (kong_discard, S.CTX_KONG_DISCARD), (last_tile, S.CTX_LAST_TILE), (tianhu, S.CTX_TIANHU),
            (dihu, S.CTX_DIHU))
    return sum(bit for on, bit in bits if on)


RULE_CHOICES = {"sc_fan_cap": (3, 4, 5, 6, 8, "none"), "sc_zimo": ("add_base", "add_fan", "none"),
                "sc_zimo_cap_order": ("cap_then_add", "add_then_cap"), "sc_tian_di_hu": ("five", "add", "off", "cap"),
                "sc_yaojiu_jiangdui": (False, True), "sc_jiang_qidui": (False, True),
                "sc_menqing_zhongzhang": (False, True), "sc_longqidui": ("gen", "extra")}


def random_rules(rng):
    """Return a random valid config over the flags the 番 depend on."""
    choice = {key: rng.choice(values) for key, values in RULE_CHOICES.items()}
    if choice["sc_fan_cap"] == "none" and choice["sc_tian_di_hu"] == "cap":
        choice["sc_tian_di_hu"] = "five"
    return SichuanRules(sc_huazhu_amount=16, **choice)


def test_r40_r54_the_kernel_matches_the_reference_on_random_winning_hands():
    """docs/rules/sichuan.md r40 (best division), r42–r47 (structure, 清一色, 将, 根, 龙七对), r48–r53 (situational,
    自摸, 天胡/地胡, 门清/中张), r41 and r60 (V and the 自摸 payment): 4000 random hands, flags and contexts."""
    rng = random.Random(43)
    seen = set()
    for trial in range(4000):
        tiles, melds = random_winning_hand(rng)
        rules = random_rules(rng)
        flags = flags_of(rules)
        zimo = rng.random() < 0.5
        context = dict(zimo=zimo, robbed=not zimo and rng.random() < 0.1, after_kong=rng.random() < 0.2,
                       kong_discard=rng.random() < 0.2, last_tile=rng.random() < 0.2,
                       tianhu=rng.random() < 0.05, dihu=rng.random() < 0.05)
        want_fan, want_names, want_gen = ref.win_fan(tiles, melds, flags, **context)
        counts, meld_row = arrays(tiles, melds)
        vector = rules.pack()
        forms = W.win_forms_k(counts, meld_row, TABLES)
        fan, feats = F.win_fan_k(counts, meld_row, forms, ctx_of(**context), vector)
        assert (fan, names(feats), gen_of(feats)) == (want_fan, want_names, want_gen), (trial, tiles, melds, rules)
        assert F.hand_value_k(fan, vector) == ref.value(fan, flags)
        assert F.discard_payment_k(fan, vector) == ref.value(fan, flags)
        assert F.zimo_payment_k(fan, vector) == ref.zimo_pay(fan, flags)
        seen |= want_names
    assert seen >= {"pinghu", "daduizi", "qidui", "jingou", "daiyaojiu", "qingyise", "jiang", "long_extra",
                    "menqing", "zhongzhang", "gangkai", "gangpao", "qianggang", "haidi", "zimo_fan", "tianhu", "dihu"}


def test_r37_r38_r15_the_win_kernel_matches_the_reference_on_random_hands():
    """docs/rules/sichuan.md r37 (four sets and a pair), r38 (七对, a quad two pairs), r15 (no void tile), r18
    (implicit: at most two suits): winning hands, and the same hands with one tile changed."""
    rng = random.Random(7)
    wins = 0
    for trial in range(3000):
        tiles, melds = random_winning_hand(rng)
        if rng.random() < 0.5:
            gone = rng.choice([k for k, n in tiles.items() if n])
            tiles[gone] -= 1
            tiles[rng.randrange(27)] += 1
        if max(tiles[k] + sum(4 for _, m in melds if m == k) for k in range(27)) > 4:
            continue
        void = rng.randrange(3)
        implicit = rng.random() < 0.2
        counts, meld_row = arrays(tiles, melds)
        dingque = S.SC_DINGQUE_IMPLICIT if implicit else S.SC_DINGQUE_DECLARE
        got = W.is_win_k(counts, meld_row, void, dingque, TABLES)
        assert got == ref.is_win(tiles, melds, void, implicit), (trial, tiles, melds, void, implicit)
        wins += got
    assert 500 < wins < 2500


def test_r37_r15_the_spec_example_wins_with_55s_and_not_with_99p():
    # docs/rules/sichuan.md r37: void p; 123m456m789m234s + 55s wins, + 99p does not (r15)
    for pair, wins in (("55s", True), ("99p", False)):
        counts, meld_row = arrays(hand("123m456m789m234s" + pair))
        assert W.is_win_k(counts, meld_row, 1, S.SC_DINGQUE_DECLARE, TABLES) == wins


@pytest.mark.parametrize("text, melds, want", [
    # docs/rules/sichuan.md r54, the table of named hands under the defaults
    ("123m456m789m234s55s", (), (0, {"pinghu"}, 0)),                                # 平胡 0
    ("111m333m555s777s99s", (), (1, {"daduizi"}, 0)),                               # 大对子 1
    ("123m456m789m123m55m", (), (2, {"pinghu", "qingyise"}, 0)),                     # 清一色 2
    ("11m22m33m44m55s66s77s", (), (2, {"qidui"}, 0)),                               # 七对 2
    ("1111m22m33m44s55s66s", (), (3, {"qidui"}, 1)),                                # 龙七对 3 (r38, r47)
    ("11m22m33m55m66m88m99m", (), (4, {"qidui", "qingyise"}, 0)),                   # 清七对 4
    ("111m333m555m777m99m", (), (3, {"daduizi", "qingyise"}, 0)),                   # 清对 3
])
def test_r54_named_hands_score_their_table_value(text, melds, want):
    assert score(text, melds) == want


def test_r42_r54_jingoudiao_with_a_gen_is_3_and_value_8():
    # docs/rules/sichuan.md r54 example (void p): 碰 222m 555m 777s, 暗杠 9999s, hand 3m, wins on 3m: 金钩钓 2 + 根 1
    melds = ((PONG, 1), (PONG, 4), (PONG, 24), (AN, 26))
    fan, feats, gen = score("33m", melds)
    assert (fan, feats, gen) == (3, {"jingou"}, 1)
    assert F.hand_value_k(fan, DEFAULT) == 8


def test_r54_shibaluohan_and_its_one_suit_form():
    # docs/rules/sichuan.md r54: 十八罗汉 (金钩钓, four kongs) 2 + 4 根 = 6; 清十八罗汉 8; capped to 8 底 (r41)
    melds = ((MING, 0), (AN, 12), (BU, 20), (AN, 26))
    assert score("55m", melds)[:2] == (6, {"jingou"})
    melds = ((MING, 0), (AN, 2), (BU, 4), (AN, 6))
    assert score("99m", melds)[:2] == (8, {"jingou", "qingyise"})
    assert F.hand_value_k(8, DEFAULT) == 8


def test_r46_a_pong_and_the_fourth_tile_in_hand_is_a_gen():
    # docs/rules/sichuan.md r46 example: 碰 555s, hand 345s123m789m1m winning on 1m: 平胡 0 + 根 1 = F 1, V 2
    fan, feats, gen = score("345s123m789m11m", ((PONG, 22),))
    assert (fan, feats, gen) == (1, {"pinghu"}, 1) and F.hand_value_k(fan, DEFAULT) == 2


def test_r40_the_best_division_is_scored():
    # docs/rules/sichuan.md r40: 111222333m reads as three runs or three triplets; with 456s (a run) the hand is
    # 平胡 either way, with 444s it is 大对子 (1) rather than 平胡 (0)
    assert score("111222333m456s55s")[:2] == (0, {"pinghu"})
    assert score("111m222m333m444s55s")[:2] == (1, {"daduizi"})


def test_r47_q1_longqidui_extra_is_the_tencent_table():
    # docs/rules/sichuan.md r47 and q1: under extra, 龙七对 4, 清龙七对 5, each further 根 +1
    extra = SichuanRules(sc_longqidui="extra", sc_fan_cap=8)
    assert score("1111m22m33m44s55s66s", rules=extra)[0] == 4
    assert score("1111m22m33m44m55m66m", rules=extra)[0] == 5
    assert score("1111m2222m33m44s55s", rules=extra)[0] == 5
    assert score("11m22m33m44s55s66s77s", rules=extra)[0] == 2      # no 根: a plain 七对


def test_r43_r45_q12_yaojiu_and_jiang_only_with_the_flag():
    # docs/rules/sichuan.md r43 (带幺九 2 replaces 平胡/大对子), r45 (将 +2 on 大对子/金钩钓), q2 and q12
    on = SichuanRules(sc_yaojiu_jiangdui=True, sc_fan_cap=8)
    assert score("123m789m111s999s11m", rules=on)[:2] == (2, {"daiyaojiu"})
    assert score("123m789m111s999s11m")[:2] == (0, {"pinghu"})
    assert score("222m555m888s222s55s", rules=on)[:2] == (3, {"daduizi", "jiang"})
    assert score("1111m9999m1111s99s", rules=on)[:2] == (5, {"qidui"})            # q12: no 带幺九 on 七对
    assert score("2222m55m88m22s55s88s", rules=on)[:2] == (3, {"qidui"})          # 将 not on 七对 by default
    both = on.replace(sc_jiang_qidui=True)
    assert score("2222m55m88m22s55s88s", rules=both)[:2] == (5, {"qidui", "jiang"})  # 将七对 with a 根
    assert score("2222m55m88m22s55s88s", rules=SichuanRules(sc_jiang_qidui=True))[0] == 3  # q2


def test_r48_r49_q3_situational_fan():
    # docs/rules/sichuan.md r48: +1 each; r49: 杠上开花 and 海底 never both; q3: 杠上炮 and 海底炮 both
    base = "123m456m789m234s55s"
    assert score(base, ctx=ctx_of(zimo=True, after_kong=True))[:2] == (1, {"pinghu", "gangkai"})
    assert score(base, ctx=ctx_of(zimo=True, after_kong=True, last_tile=True))[:2] == (1, {"pinghu", "gangkai"})
    assert score(base, ctx=ctx_of(zimo=True, last_tile=True))[:2] == (1, {"pinghu", "haidi"})
    assert score(base, ctx=ctx_of(kong_discard=True, last_tile=True))[:2] == (2, {"pinghu", "gangpao", "haidi"})
    assert score(base, ctx=ctx_of(robbed=True))[:2] == (1, {"pinghu", "qianggang"})


def test_r50_r60_q9_zimo_bonus_and_cap_order():
    # docs/rules/sichuan.md r60 and the sanity numbers: a capped 自摸 collects 9 from each payer under add_base
    assert F.zimo_payment_k(5, DEFAULT) == 9 and F.discard_payment_k(5, DEFAULT) == 8
    assert F.zimo_payment_k(0, DEFAULT) == 2
    add_then_cap = SichuanRules(sc_zimo_cap_order="add_then_cap").pack()
    assert F.zimo_payment_k(3, add_then_cap) == 8 and F.zimo_payment_k(2, add_then_cap) == 5   # q9
    add_fan = SichuanRules(sc_zimo="add_fan")
    assert score("123m456m789m234s55s", ctx=ctx_of(zimo=True), rules=add_fan)[:2] == (1, {"pinghu", "zimo_fan"})
    assert F.zimo_payment_k(1, add_fan.pack()) == 2
    assert F.zimo_payment_k(1, SichuanRules(sc_zimo="none").pack()) == 2


def test_r52_q11_tianhu_dihu_values():
    # docs/rules/sichuan.md r52: five (max(F, 5)), cap, add (+3 / +2), off; q11: add_fan's +1 is in the normal F
    base = "123m456m789m234s55s"
    assert score(base, ctx=ctx_of(zimo=True, tianhu=True))[:2] == (5, {"pinghu", "tianhu"})
    assert score(base, ctx=ctx_of(zimo=True, dihu=True), rules=SichuanRules(sc_tian_di_hu="cap"))[0] == 3
    add = SichuanRules(sc_tian_di_hu="add", sc_zimo="add_fan", sc_fan_cap=8)
    assert score(base, ctx=ctx_of(zimo=True, tianhu=True), rules=add)[0] == 4
    assert score(base, ctx=ctx_of(zimo=True, dihu=True), rules=add)[0] == 3
    assert score(base, ctx=ctx_of(zimo=True, tianhu=True), rules=SichuanRules(sc_tian_di_hu="off"))[:2] == (
        0, {"pinghu"})


def test_r53_q4_menqing_and_zhongzhang_with_the_flag():
    # docs/rules/sichuan.md r53: 门清 (暗杠 allowed) +1 and 中张 +1 for any win (q4), only with the flag
    on = SichuanRules(sc_menqing_zhongzhang=True)
    assert score("234m456m678m234s55s", rules=on)[:2] == (2, {"pinghu", "menqing", "zhongzhang"})
    assert score("234m456m678m55s", ((AN, 24),), rules=on) == (3, {"pinghu", "menqing", "zhongzhang"}, 1)  # + 根
    assert score("234m456m678m55s", ((PONG, 24),), rules=on)[:2] == (1, {"pinghu", "zhongzhang"})
    assert score("234m456m678m234s55s")[:2] == (0, {"pinghu"})


def test_r41_the_cap_and_no_cap():
    # docs/rules/sichuan.md r41: V = 底 × 2^min(F, cap); sc_fan_cap=none leaves 2^F
    assert [F.hand_value_k(f, DEFAULT) for f in range(6)] == [1, 2, 4, 8, 8, 8]
    free = SichuanRules(sc_fan_cap="none", sc_huazhu_amount=16).pack()
    assert F.hand_value_k(8, free) == 256 and F.zimo_payment_k(8, free) == 257
