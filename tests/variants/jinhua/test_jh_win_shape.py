"""The 金华 winning hand's classification (sim.variants.jinhua._win_shape): named hands for every shape
and agreement with a slow plain-Python classifier (reference_jh_win) over random complete hands
(RULES §3.2 r6–r7, §3.4 r15, A31).
"""
import numpy as np
import pytest

import reference_jh_win as ref
from sim.core import codes
from sim.hand_tables import get_tables
from sim.hand_wild_tables import get_wild_tables
from sim.tiles import kind, parse
from sim.variants.jinhua._win_shape import classify_win_k

WHITE = 33
F = codes


def mult_table(**overrides):
    values = dict(ref.DEFAULT_MULTIPLIERS, **overrides)
    table = np.zeros(codes.N_JH_MULT, np.int32)
    for name, slot in codes.JH_MULT_CODES.items():
        table[slot] = values[name]
    return table


def classify(held, wild, last, melds=(), self_drawn=True, haidi=False, qianggang=False, allow_quad=True,
             tables=None, **mults):
    """Run the kernel on a hand given in notation (as held) or counts; return (features, multiplier)."""
    counts = parse(held) if isinstance(held, str) else np.asarray(held, np.int8)
    wild = kind(wild) if isinstance(wild, str) else wild
    last = kind(last) if isinstance(last, str) else last
    meld_kinds = np.zeros(4, np.int8)
    for i, m in enumerate(melds):
        meld_kinds[i] = kind(m) if isinstance(m, str) else m
    features, multiplier = classify_win_k(
        counts, meld_kinds, len(melds), wild, self_drawn, last, haidi, qianggang, allow_quad,
        mult_table(**mults), get_wild_tables() if tables is None else tables)
    return int(features), int(multiplier)


# --- named hands ---------------------------------------------------------------------------------

@pytest.mark.parametrize("drawn", range(34))
def test_baotou_is_completed_by_a_self_draw_of_any_kind(drawn):
    # RULES §3.4 r15 爆头: four sets and a lone 财神 (5s); any self-drawn tile completes it, a 财神,
    # a 白板 (the 财神's face) or a fifth copy of a held triplet's kind included. ×2.
    held = parse("123m456p789p111s5s")
    held[drawn] += 1
    features, multiplier = classify(held, "5s", drawn)
    assert features & F.FEATURE_BAOTOU
    assert features & (F.FEATURE_PINGHU | F.FEATURE_QIDUI | F.FEATURE_QIFENG) == 0
    assert multiplier == 2


def test_baotou_on_a_fourth_copy_and_after_melds():
    # RULES §3.4 r15: 111m held, the fourth 1m drawn pairs with the lone 财神; with two melds the
    # concealed part is two sets + the 财神.
    assert classify("111m456p789p234s1m5s", "5s", "1m") == (F.FEATURE_BAOTOU, 2)
    assert classify("456p789p5s3z", "5s", "3z", melds=["1m", "2s"]) == (F.FEATURE_BAOTOU, 2)


def test_baotou_needs_a_self_draw_and_a_real_caishen():
    # RULES §3.4 r15: on a discard the same hand is a plain 平胡 (M 1); a lone 白板 (the face, a
    # natural tile) is not a 财神, so 123m456p789p234s + 白板 + drawn 6s is no win at all.
    assert classify("123m456p789p234s5s9s", "5s", "9s", self_drawn=False) == (F.FEATURE_PINGHU, 1)
    assert classify("123m456p789p234s6s7z", "5s", "6s") == (0, 0)


def test_white_completes_a_sequence_as_the_caishen_face():
    # RULES §3.2 r6: with 财神 = 3m, 2m-白板-4m is a sequence; the hand is a 平胡 won on the 白板.
    assert classify("24m456p789p234s11z7z", "3m", "7z", self_drawn=False) == (F.FEATURE_PINGHU, 1)
    # the 白板 is 3m, not an honor: 白板白板白板 + 万 sets is 清一色 (no 财神 held: ×4)
    assert classify("11145678999m777z", "3m", "9m", self_drawn=False) == (
        F.FEATURE_PINGHU | F.FEATURE_QINGYISE, 4)


def test_qifeng_refuses_a_wild_as_a_wind():
    # RULES §3.2 r7: in 七风 a 财神 (9s) may not stand for a wind: 6 honors + 7 spaced suited + a 财神
    # is no win; the same 财神 standing for a missing suited tile is 七风, ×2.
    assert classify("147m25p36s234567z9s", "9s", "9s") == (0, 0)
    features, multiplier = classify("147m25p3s1234567z9s", "9s", "9s")
    assert features == F.FEATURE_QIFENG and multiplier == 2


def test_qifeng_with_a_wind_caishen_needs_two_whites():
    # RULES §3.4 r15: 财神 = 东 (1z): one 白板 is 白, another must be 东's face.
    assert classify("147m258p3s2345677z", "1z", "7z") == (F.FEATURE_QIFENG, 2)
    assert classify("147m258p3s234567z1z", "1z", "1z") == (0, 0)


def test_qingyise_is_x4_without_caishen_and_x2_with_one():
    # RULES §3.4 r15 清一色: 有财神的是二倍,没财神的是四倍.
    assert classify("11122345678999m", "5s", "2m", self_drawn=False) == (
        F.FEATURE_PINGHU | F.FEATURE_QINGYISE, 4)
    assert classify("1112345678999m5s", "5s", "1m", self_drawn=False) == (
        F.FEATURE_PINGHU | F.FEATURE_QINGYISE | F.FEATURE_QINGYISE_WILD, 2)


def test_hunyise_and_multipliers_multiply():
    # RULES §3.4 r15: several apply → multiply; 混一色 七对 海底 = 2·2·2; 清一色 七对 = 4·2.
    assert classify("1133557799m1122z", "5s", "2z", haidi=True) == (
        F.FEATURE_QIDUI | F.FEATURE_HUNYISE | F.FEATURE_HAIDI, 8)
    assert classify("11223355778899p", "5s", "9p", self_drawn=False) == (
        F.FEATURE_QIDUI | F.FEATURE_QINGYISE, 8)
    # melds count for the suit: a 条 pong breaks 万 清一色
    assert classify("123m456m789m11m", "5s", "1m", melds=["2s"], self_drawn=False) == (F.FEATURE_PINGHU, 1)
    assert classify("123m456m789m11m", "5s", "1m", melds=["2m"], self_drawn=False) == (
        F.FEATURE_PINGHU | F.FEATURE_QINGYISE, 4)


def test_baotou_haidi_is_4_by_default_and_8_with_the_flag():
    # RULES §3.4 r15, A31: 爆头 with 海底 is 2 × 2 by default, 8 with jh_baotou_haidi = 8.
    held = "123m456p789p111s5s9s"
    expected = F.FEATURE_BAOTOU | F.FEATURE_HAIDI
    assert classify(held, "5s", "9s", haidi=True) == (expected, 4)
    assert classify(held, "5s", "9s", haidi=True, baotou_haidi=8) == (expected, 8)
    # 海底 on a plain 平胡 doubles it
    assert classify(held, "5s", "9s", self_drawn=False, haidi=True) == (F.FEATURE_PINGHU | F.FEATURE_HAIDI, 2)


def test_qianggang_is_a_feature_without_a_multiplier():
    # RULES §3.4 r14: 抢杠胡 is a win kind; the table gives it no multiplier.
    assert classify("123m456p789p234s11z", "5s", "1z", self_drawn=False, qianggang=True) == (
        F.FEATURE_PINGHU | F.FEATURE_QIANGGANG, 1)


def test_a_hand_complete_in_two_forms_takes_the_larger_multiplier():
    # RULES §3.4 r15: 112233m445566p77s is 七对 (×2) and 平胡 (×1): 七对 is chosen.
    assert classify("112233m445566p77s", "5s", "7s", self_drawn=False) == (F.FEATURE_QIDUI, 2)
    # with 海底, 爆头 (4 with A31 = 8 → 8) beats 七对 × 海底 (4)
    held = "112233m445566p5s3z"
    assert classify(held, "5s", "3z", haidi=True, baotou_haidi=8)[1] == 8


def test_plain_tables_refuse_a_caishen_as_a_fifth_copy():
    # With the plain tables (wild-as-fifth-copy reading off) 1111m + 财神 cannot be 111m + 1m财神.
    held = "1111m456p789p234s5s"
    assert classify(held, "5s", "1m")[0] & F.FEATURE_BAOTOU
    plain = classify(held, "5s", "1m", tables=get_tables())
    assert not plain[0] & F.FEATURE_BAOTOU


def test_incomplete_hand_is_zero():
    assert classify("123m456p789p234s1z2z", "5s", "2z") == (0, 0)


# --- agreement with the slow classifier --------------------------------------------------------

SUIT_PALETTES = ("one_suit", "one_suit_honors", "any")


def _palette_kinds(rng):
    name = SUIT_PALETTES[rng.integers(3)]
    suit = int(rng.integers(3))
    if name == "one_suit":
        return list(range(9 * suit, 9 * suit + 9))
    if name == "one_suit_honors":
        return list(range(9 * suit, 9 * suit + 9)) + list(range(27, 34))
    return list(range(34))


def _random_set(rng, kinds):
    k = int(rng.choice(kinds))
    if k < 27 and k % 9 <= 6 and rng.integers(2) and k + 2 in kinds:
        return [k, k + 1, k + 2], k
    return [k, k, k], k


def _to_held(shape_kinds, wild):
    """Map natural kinds to tiles as held: the 财神's face is a 白板; a natural 白 (no such tile when
    the 财神 is not 白板) or a natural 财神 kind (when it is 白板) is taken by a wild."""
    held = []
    for k in shape_kinds:
        if k == wild and wild != WHITE:
            held.append(WHITE)
        elif k == wild or k == WHITE:
            held.append(wild)
        else:
            held.append(k)
    return held


def random_win(rng):
    """Return (counts, meld_kinds, wild, self_drawn, last_tile, haidi, qianggang) of a random hand that is
    mostly complete in some 金华 form, with 0–3 wilds; None when the draw broke a physical limit."""
    wild = int(rng.integers(34))
    kinds = _palette_kinds(rng)
    form = rng.integers(8)
    melds = []
    last = None
    if form < 4:  # regular
        n_melds = int(rng.integers(5)) if rng.integers(3) == 0 else 0
        shape = [int(rng.choice(kinds))] * 2
        for _ in range(4 - n_melds):
            shape += _random_set(rng, kinds)[0]
        melds = [_random_set(rng, kinds)[1] for _ in range(n_melds)]
        held = _to_held(shape, wild)
    elif form < 6:  # 七对
        held = _to_held([int(k) for k in rng.choice(kinds, 7) for _ in range(2)], wild)
    elif form < 7:  # 七风
        picks = ref.wild_ref._knitted_picks()
        pick = picks[rng.integers(len(picks))]
        held = _to_held(list(range(27, 34)) + [int(k) for k in np.flatnonzero(pick)], wild)
    else:  # 爆头 shape: sets + a lone 财神 + any drawn tile
        n_melds = int(rng.integers(3))
        shape = []
        for _ in range(4 - n_melds):
            shape += _random_set(rng, kinds)[0]
        melds = [_random_set(rng, kinds)[1] for _ in range(n_melds)]
        last = int(rng.integers(34))
        held = _to_held(shape, wild) + [wild, last]
    for i in rng.choice(len(held), min(len(held), int(rng.integers(4))), replace=False):
        if rng.integers(2):
            held[i] = wild
    if rng.integers(10) == 0:  # a few broken hands
        held[int(rng.integers(len(held)))] = int(rng.integers(34))
    counts = np.bincount(held, minlength=34).astype(np.int8)
    if counts.max() > 4 or counts[wild] > 3:
        return None
    if last is None or counts[last] == 0:
        last = int(rng.choice(held))
    self_drawn = bool(rng.integers(2)) or form == 7
    haidi = self_drawn and rng.integers(4) == 0
    qianggang = not self_drawn and rng.integers(4) == 0
    return counts, melds, wild, self_drawn, last, haidi, qianggang


@pytest.mark.slow
def test_random_wins_match_the_slow_classifier():
    # ≥ 5,000 complete hands (plus the broken ones, which both must refuse) with 0–3 wilds, random
    # 财神 kind, 0–4 melds, every form, both A31 settings and both 七对 quad readings.
    rng = np.random.default_rng(20261201)
    complete = 0
    seen = 0
    while complete < 5_000:
        drawn = random_win(rng)
        if drawn is None:
            continue
        counts, melds, wild, self_drawn, last, haidi, qianggang = drawn
        allow_quad = bool(rng.integers(4))
        mults = dict(ref.DEFAULT_MULTIPLIERS, baotou_haidi=int(rng.choice([4, 8])))
        expected = ref.classify(counts, melds, wild, self_drawn, last, haidi, qianggang, allow_quad, mults)
        got = classify(counts, wild, last, melds=melds, self_drawn=self_drawn, haidi=haidi, qianggang=qianggang,
                       allow_quad=allow_quad, baotou_haidi=mults["baotou_haidi"])
        assert got == expected, (counts.tolist(), melds, wild, self_drawn, last, haidi, qianggang, allow_quad)
        complete += expected[1] > 0
        seen |= expected[0]
    for feature in (F.FEATURE_PINGHU, F.FEATURE_QIDUI, F.FEATURE_QIFENG, F.FEATURE_BAOTOU, F.FEATURE_QINGYISE,
                    F.FEATURE_QINGYISE_WILD, F.FEATURE_HUNYISE, F.FEATURE_HAIDI, F.FEATURE_QIANGGANG):
        assert seen & feature, feature
