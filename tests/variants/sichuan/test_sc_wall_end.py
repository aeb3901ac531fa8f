"""Sichuan wall's end (sim.variants.sichuan.ting, .wall_end; docs/rules/sichuan.md r70–r81): the classification 花猪 /
听牌 with its TMV / 未听 against the reference, each step's money, and the worked example r81 to the point."""
import random

import numpy as np
import pytest

from sim.core.codes import MELD_ANGANG
from sim.hand_tables import get_tables
from sim.variants.sichuan import codes as S
from sim.variants.sichuan import kongs as K
from sim.variants.sichuan import payments as P
from sim.variants.sichuan import ting as T
from sim.variants.sichuan import wall_end as E
from sim.variants.sichuan.config import SichuanRules

import reference_sc as ref
from sc_hands import arrays, flags_of, hand, random_winning_hand

TABLES = get_tables()
DEFAULT = SichuanRules().pack()
HZ, TING, WEI, WON = S.SC_CLASS_HUAZHU, S.SC_CLASS_TING, S.SC_CLASS_WEITING, S.SC_CLASS_WON


def classify(text, melds=(), void=1, rules=None):
    """Return the kernel's (class, TMV) of a 3n+1 hand written as text."""
    counts, meld_row = arrays(hand(text), melds)
    return T.classify_k(counts, meld_row, void, DEFAULT if rules is None else rules.pack(), TABLES)


def reference_class(tiles, melds, void, rules):
    """Return the reference's (class, TMV) (r71, r72, r76)."""
    flags = flags_of(rules)
    implicit = rules.sc_dingque == "implicit"
    suits = {ref.suit(k) for k in ref.all_tiles(tiles, melds)}
    if (len(suits) == 3) if implicit else (void in suits):
        return HZ, 0
    best = None
    held = ref.all_tiles(tiles, melds)
    for k in range(27):
        if held.count(k) >= 4:
            continue
        grown = tiles.copy()
        grown[k] += 1
        if ref.is_win(grown, melds, void, implicit):
            fan = ref.best_tile_fan(grown, melds, flags)[0]
            best = fan if best is None else max(best, fan)
    return (WEI, 0) if best is None else (TING, ref.value(best, flags))


def test_r71_r72_r76_the_classification_matches_the_reference():
    """docs/rules/sichuan.md r71 (花猪 / 听牌 / 未听), r72 (shape only; no wait on a kind held four times), r76 (TMV:
    the best wait's tile 番 as a discard win), r16 (a void tile: never ready): 1500 hands one tile short of a win."""
    rng = random.Random(11)
    counted = {HZ: 0, TING: 0, WEI: 0}
    for trial in range(1500):
        tiles, melds = random_winning_hand(rng)
        gone = rng.choice([k for k, n in tiles.items() if n])
        tiles[gone] -= 1
        if rng.random() < 0.3:
            tiles[rng.choice([k for k, n in tiles.items() if n])] -= 1
            tiles[rng.randrange(27)] += 1
        if max(ref.all_tiles(tiles, melds).count(k) for k in range(27)) > 4:
            continue
        rules = SichuanRules(sc_yaojiu_jiangdui=rng.random() < 0.5, sc_longqidui=rng.choice(("gen", "extra")),
                             sc_fan_cap=rng.choice((3, 4, 8)), sc_dingque=rng.choice(("declare", "implicit")))
        void = rng.randrange(3)
        counts, meld_row = arrays(tiles, melds)
        got = T.classify_k(counts, meld_row, void, rules.pack(), TABLES)
        assert got == reference_class(tiles, melds, void, rules), (trial, tiles, melds, void, rules)
        counted[got[0]] += 1
    assert min(counted.values()) > 100


def test_r16_r71_a_void_tile_makes_a_huazhu_whatever_the_shape():
    # docs/rules/sichuan.md r16, r71: void p; ready in shape but holding 7p
    assert classify("123m456m789m23s7p", void=1)[0] == HZ
    assert classify("123m456m789m23s55s", void=1) == (TING, 1)


def test_r72_a_wait_on_a_kind_held_four_times_does_not_count():
    # docs/rules/sichuan.md r72: 碰 111m and 1m in hand, 456m 789m 555s: the only wait is the fourth 1m, not a wait
    assert classify("1m456m789m555s", melds=((ref.PONG, 0),), void=1) == (WEI, 0)
    assert classify("2m456m789m555s", melds=((ref.PONG, 0),), void=1) == (TING, 1)


@pytest.mark.parametrize("amount, payees, want", [
    ("cap", "active", [8, 8, 0, -16]),
    (16, "active", [16, 16, 0, -32]),
    (8, "all", [8, 8, 8, -24]),
])
def test_r73_q7_chahuazhu_amount_and_payees(amount, payees, want):
    # docs/rules/sichuan.md r73: a 花猪 (seat 3) pays each non-pig payee; seat 2 has won
    rules = SichuanRules(sc_huazhu_amount=amount, sc_huazhu_payees=payees).pack()
    money = np.zeros((S.N_SC_MONEY, 4), np.int64)
    E.chahuazhu_k(rules, money, np.array([TING, WEI, WON, HZ]), np.array([4, 0, 0, 0]))
    assert money[S.SC_MONEY_HUAZHU].tolist() == want


@pytest.mark.parametrize("mode, chadajiao, amount, tmv, to_ready", [
    ("none", True, "cap", 8, 16), ("plus_tmv", True, "cap", 8, 24), ("max_tmv", True, "cap", 8, 16),
    ("max_tmv", True, 8, 16, 16), ("plus_tmv", False, "cap", 8, 16),
])
def test_r74_q10_huazhu_against_a_ready_player(mode, chadajiao, amount, tmv, to_ready):
    # docs/rules/sichuan.md r74 at cap 4 (amount 16 under cap); q10: without 查大叫 the r73 amount only
    rules = SichuanRules(sc_huazhu_vs_ready=mode, sc_chadajiao=chadajiao, sc_fan_cap=4, sc_huazhu_amount=amount)
    money = np.zeros((S.N_SC_MONEY, 4), np.int64)
    E.chahuazhu_k(rules.pack(), money, np.array([TING, WEI, WON, HZ]), np.array([tmv, 0, 0, 0]))
    plain = 16 if amount == "cap" else amount
    assert money[S.SC_MONEY_HUAZHU].tolist() == [to_ready, plain, 0, -to_ready - plain]


def test_r75_r79_chadajiao_weiting_pays_each_ready_its_tmv():
    # docs/rules/sichuan.md r75; r79: nothing moves when all or none are ready
    money = np.zeros((S.N_SC_MONEY, 4), np.int64)
    assert E.chadajiao_k(DEFAULT, money, np.array([TING, WEI, WEI, TING]), np.array([4, 0, 0, 2])) == 12
    assert money[S.SC_MONEY_DAJIAO].tolist() == [8, -6, -6, 4]
    assert E.chadajiao_k(DEFAULT, money, np.array([TING, TING, TING, TING]), np.array([4, 1, 2, 2])) == 0
    assert E.chadajiao_k(SichuanRules(sc_chadajiao=False).pack(), money, np.array([TING, WEI, WEI, WEI]),
                         np.array([4, 0, 0, 0])) == 0


def test_r80_three_winners_no_wall_end_steps():
    # docs/rules/sichuan.md r80
    money = np.zeros((S.N_SC_MONEY, 4), np.int64)
    log = np.zeros((S.SC_MAX_KONGS, S.SC_KONG_FIELDS), np.int64)
    assert E.wall_end_k(DEFAULT, money, np.array([WON, WON, WON, HZ]), np.zeros(4, np.int64), log, 0) == 0


def test_r81_the_worked_example_ends_at_plus10_plus2_plus6_minus18():
    """docs/rules/sichuan.md r81, played through the kernels with real hands: seat 1 暗杠s while all are active
    (collects 2 each), seat 2 wins 平胡 by 自摸 (2 each from 0, 1, 3), the wall runs out with seat 0 ready on 清一色
    (TMV 4), seat 1 未听, seat 3 a 花猪; then 查花猪, 查大叫, 退税 (r78). Zero-sum in every row."""
    money = np.zeros((S.N_SC_MONEY, 4), np.int64)
    log = np.zeros((S.SC_MAX_KONGS, S.SC_KONG_FIELDS), np.int64)
    active = np.ones(4, np.bool_)
    n = K.record_kong_k(DEFAULT, log, 0, 1, MELD_ANGANG, -1, active, False, money)      # step 1
    assert money[S.SC_MONEY_KONG].tolist() == [-2, 6, -2, -2]
    P.pay_win_k(DEFAULT, money, 2, -1, 0, S.CTX_ZIMO, active, -1)                       # step 2: 平胡 自摸
    active[2] = False
    hands = np.zeros((4, 34), np.int8)
    meld_rows = np.zeros((4, 34), np.int8)
    hands[0], _ = arrays(hand("123m456m789m234m5m"))                            # void s: waits 2m / 5m, 清一色 F 2
    hands[1], meld_rows[1] = arrays(hand("2468p3579s25p"), ((ref.ANGANG, 18),))  # void m, 暗杠 1111s: 未听
    hands[3], _ = arrays(hand("1m23p456p789p23s5s9s"))                          # void m, holds 1m: 花猪
    voids = np.array([2, 0, 0, 0], np.int64)
    classes, tmvs = np.zeros(4, np.int64), np.zeros(4, np.int64)
    T.classify_table_k(hands, meld_rows, voids, active, DEFAULT, TABLES, classes, tmvs)   # step 3
    assert classes.tolist() == [TING, WEI, WON, HZ] and tmvs.tolist() == [4, 0, 0, 0]
    E.wall_end_k(DEFAULT, money, classes, tmvs, log, n)                                  # steps 4–6
    assert money[S.SC_MONEY_HUAZHU].tolist() == [8, 8, 0, -16]
    assert money[S.SC_MONEY_DAJIAO].tolist() == [4, -4, 0, 0]
    assert money[S.SC_MONEY_TUISHUI].tolist() == [2, -6, 2, 2]
    assert (money.sum(axis=1) == 0).all()
    assert money.sum(axis=0).tolist() == [10, 2, 6, -18]


def test_r77_q13_tuishui_skips_winners_kongs_and_settled_kongs():
    # docs/rules/sichuan.md r77: a ready declarer keeps its kong money; q13: a kong passed on is never refunded
    money = np.zeros((S.N_SC_MONEY, 4), np.int64)
    log = np.zeros((S.SC_MAX_KONGS, S.SC_KONG_FIELDS), np.int64)
    n = K.record_kong_k(DEFAULT, log, 0, 1, MELD_ANGANG, -1, np.ones(4, np.bool_), False, money)
    classes = np.array([TING, TING, WEI, WEI])
    assert E.tuishui_k(DEFAULT, money, log, n, classes) == 0
    log[0, S.KL_SETTLED] = 1
    assert E.tuishui_k(DEFAULT, money, log, n, np.array([TING, WEI, WEI, WEI])) == 0
    log[0, S.KL_SETTLED] = 0
    assert E.tuishui_k(SichuanRules(sc_tuishui=False).pack(), money, log, n, np.array([TING, WEI, WEI, WEI])) == 0
