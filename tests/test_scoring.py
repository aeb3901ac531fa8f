"""Tests of the payment kernels (sim.variants.jincheng.settlement): RULES §1.7 seed cases, §1.8 kong money, §1.9 前包/后包."""
import itertools

import numpy as np
import pytest

from sim.variants.jincheng import settlement as S
from sim.record import SHAPE_QIDUI, SHAPE_REGULAR, SHAPE_SHISANYAO, WIN_DIANHU, WIN_QIANGGANG, WIN_ZIMO
from sim.rules import resolve_rules

DEFAULT = resolve_rules().pack()


def settle(rule_vec, dealer, winner, feeder, feeder_ting, win_kind, shape=SHAPE_REGULAR):
    """Return (per-seat money int32[4], winner gain) of one settle_win call on a zeroed ledger."""
    out = np.zeros(4, dtype=np.int32)  # int32[4]: per-seat win money, 底注
    gain = S.settle_win(rule_vec, dealer, winner, feeder, feeder_ting, win_kind, shape, out)
    return out, gain


def reference_win(dealer, winner, feeder, feeder_ting, as_zimo, multiplier=1):
    """Plain-Python RULES §1.7: per-seat money of one win (a slow, obviously-correct reference)."""
    money = [0, 0, 0, 0]
    for payer in range(4):
        if payer == winner:
            continue
        weight = 2 if dealer in (payer, winner) else 1
        amount = 2 * weight if as_zimo else weight + (weight if payer == feeder and not feeder_ting else 0)
        money[payer] -= amount * multiplier
        money[winner] += amount * multiplier
    return money


# RULES §1.7 seed cases 1–8, dealer = seat 0; 闲 feeder/winner seats chosen per the table.
# (case, winner, feeder, feeder 上架?, win kind, expected per-seat money, winner receives)
SEED_CASES = [
    (1, 0, 1, 0, WIN_DIANHU, [8, -4, -2, -2], 8),
    (2, 0, 1, 1, WIN_DIANHU, [6, -2, -2, -2], 6),
    (3, 1, 2, 0, WIN_DIANHU, [-2, 5, -2, -1], 5),
    (4, 1, 2, 1, WIN_DIANHU, [-2, 4, -1, -1], 4),
    (5, 1, 0, 0, WIN_DIANHU, [-4, 6, -1, -1], 6),
    (6, 1, 0, 1, WIN_DIANHU, [-2, 4, -1, -1], 4),
    (7, 0, -1, 0, WIN_ZIMO, [12, -4, -4, -4], 12),
    (8, 1, -1, 0, WIN_ZIMO, [-4, 8, -2, -2], 8),
]


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("case, winner, feeder, ting, kind, expected, total", SEED_CASES)
def test_rules_1_7_seed_cases(dealer, case, winner, feeder, ting, kind, expected, total):
    """RULES §1.7 cases 1–8 (winner totals 8/6/5/4/6/4/12/8), with the table rotated to every dealer seat."""
    seat = lambda s: (s + dealer) % 4  # noqa: E731 - relabel the dealer-0 table
    out, gain = settle(DEFAULT, dealer, seat(winner), seat(feeder) if feeder >= 0 else -1, ting, kind)
    rotated = [0] * 4
    for s in range(4):
        rotated[seat(s)] = expected[s]
    assert out.tolist() == rotated
    assert gain == total


def test_every_dealer_winner_feeder_combination_matches_reference_and_is_zero_sum():
    for dealer, winner, feeder, ting in itertools.product(range(4), range(4), range(-1, 4), (0, 1)):
        if feeder == winner:
            continue
        kind = WIN_ZIMO if feeder < 0 else WIN_DIANHU
        out, gain = settle(DEFAULT, dealer, winner, feeder, ting, kind)
        assert out.sum() == 0
        assert out[winner] == gain > 0
        assert out.tolist() == reference_win(dealer, winner, feeder, ting, feeder < 0)


def test_settle_adds_into_existing_ledger():
    out = np.array([1, 2, 3, -6], dtype=np.int32)  # int32[4]: money already booked
    S.settle_win(DEFAULT, 0, 0, -1, 0, WIN_ZIMO, SHAPE_REGULAR, out)
    assert out.tolist() == [13, -2, -1, -10]


def test_qianggang_paid_like_dianhu_with_kong_declarer_as_feeder():
    """RULES §1.6 r41: 抢杠胡 pays like 点胡 with the robbed declarer as discarder (A8 default)."""
    for dealer, winner, declarer, ting in itertools.product(range(4), range(4), range(4), (0, 1)):
        if declarer == winner:
            continue
        rob, _ = settle(DEFAULT, dealer, winner, declarer, ting, WIN_QIANGGANG)
        ron, _ = settle(DEFAULT, dealer, winner, declarer, ting, WIN_DIANHU)
        assert rob.tolist() == ron.tolist()


def test_flag_qianggang_mode_zimo_pays_as_self_draw():
    """RULES A8 qianggang_mode=zimo: 闲 robs a non-上架 闲: 8 as 自摸 instead of 5."""
    as_zimo = resolve_rules(qianggang_mode="zimo").pack()
    default, _ = settle(DEFAULT, 0, 1, 2, 0, WIN_QIANGGANG)
    flipped, gain = settle(as_zimo, 0, 1, 2, 0, WIN_QIANGGANG)
    assert default.tolist() == [-2, 5, -2, -1]
    assert flipped.tolist() == [-4, 8, -2, -2] and gain == 8
    # an ordinary 点胡 is unaffected by the flag
    assert settle(as_zimo, 0, 1, 2, 0, WIN_DIANHU)[0].tolist() == [-2, 5, -2, -1]


@pytest.mark.parametrize("shape, multiplier", [(SHAPE_REGULAR, 1), (SHAPE_QIDUI, 2), (SHAPE_SHISANYAO, 4)])
def test_flag_jc_shape_multipliers(shape, multiplier):
    """RULES §1.6 r42 / A14: off, every shape pays alike; on, 七对 ×2 and 十三幺 ×4 on the whole win money."""
    on = resolve_rules(jc_shape_multipliers=True).pack()
    plain, _ = settle(DEFAULT, 0, 1, 2, 0, WIN_DIANHU, shape)
    assert plain.tolist() == [-2, 5, -2, -1]
    scaled, gain = settle(on, 0, 1, 2, 0, WIN_DIANHU, shape)
    assert scaled.tolist() == [multiplier * v for v in plain.tolist()]
    assert gain == 5 * multiplier


def test_shape_multiplier_values_come_from_the_config():
    custom = resolve_rules(jc_shape_multipliers=True, qidui_multiplier=3, shisanyao_multiplier=8).pack()
    assert S.shape_multiplier(custom, SHAPE_QIDUI) == 3
    assert S.shape_multiplier(custom, SHAPE_SHISANYAO) == 8
    assert S.shape_multiplier(custom, SHAPE_REGULAR) == 1
    assert S.shape_multiplier(DEFAULT, SHAPE_SHISANYAO) == 1


def kong(rule_vec, declarer, kong_type, feeder=-1, feeder_ting=0):
    """Return (per-seat kong money int32[4], declarer gain) of one kong on a zeroed ledger."""
    out = np.zeros(4, dtype=np.int32)  # int32[4]: per-seat kong money, 底注
    gain = S.kong_payment(rule_vec, declarer, kong_type, feeder, feeder_ting, out)
    return out, gain


@pytest.mark.parametrize("declarer", range(4))
def test_rules_1_8_r44_kong_money(declarer):
    """RULES §1.8 r44: 明杠/补杠 each other pays 1 (+3), 暗杠 each other pays 2 (+6); no dealer doubling."""
    for kong_type, units in ((S.KONG_DIRECT, 1), (S.KONG_ADDED, 1), (S.KONG_CONCEALED, 2)):
        feeder = (declarer + 2) % 4 if kong_type == S.KONG_DIRECT else -1
        out, gain = kong(DEFAULT, declarer, kong_type, feeder)
        expected = [-units] * 4
        expected[declarer] = 3 * units
        assert out.tolist() == expected and gain == 3 * units


def test_kong_units_come_from_the_config():
    custom = resolve_rules(minggang_units=2, angang_units=3).pack()
    assert kong(custom, 1, S.KONG_ADDED)[0].tolist() == [-2, 6, -2, -2]
    assert kong(custom, 1, S.KONG_CONCEALED)[0].tolist() == [-3, 9, -3, -3]


def test_flag_diangang_bao():
    """RULES §1.8 r46 / A13: with diangang_bao a non-上架 discarder pays all three shares of a direct 明杠."""
    bao = resolve_rules(diangang_bao=True).pack()
    assert kong(DEFAULT, 0, S.KONG_DIRECT, 2, 0)[0].tolist() == [3, -1, -1, -1]
    assert kong(bao, 0, S.KONG_DIRECT, 2, 0)[0].tolist() == [3, 0, -3, 0]
    # a 上架 discarder, a 补杠 or a 暗杠 is not 包
    assert kong(bao, 0, S.KONG_DIRECT, 2, 1)[0].tolist() == [3, -1, -1, -1]
    assert kong(bao, 0, S.KONG_ADDED, -1, 0)[0].tolist() == [3, -1, -1, -1]
    assert kong(bao, 0, S.KONG_CONCEALED, -1, 0)[0].tolist() == [6, -2, -2, -2]


def test_every_kong_is_zero_sum():
    for rules in (DEFAULT, resolve_rules(diangang_bao=True).pack()):
        for declarer, kong_type, feeder, ting in itertools.product(range(4), range(3), range(-1, 4), (0, 1)):
            if feeder == declarer:
                continue
            out, gain = kong(rules, declarer, kong_type, feeder, ting)
            assert out.sum() == 0 and out[declarer] == gain


@pytest.mark.parametrize("dealer", range(4))
def test_rules_1_9_r47_genzhuang_payment(dealer):
    """RULES §1.9 r47: 前包 — the dealer pays each 闲 1 (dealer −3)."""
    out = np.zeros(4, dtype=np.int32)  # int32[4]: per-seat 前包 money
    assert S.genzhuang_payment(DEFAULT, dealer, out) == 3
    expected = [1] * 4
    expected[dealer] = -3
    assert out.tolist() == expected


def test_genzhuang_units_and_off_switch():
    out = np.zeros(4, dtype=np.int32)  # int32[4]: per-seat 前包 money
    S.genzhuang_payment(resolve_rules(genzhuang_units=2).pack(), 3, out)
    assert out.tolist() == [2, 2, 2, -6]
    off = np.zeros(4, dtype=np.int32)  # int32[4]: per-seat 前包 money with 前包 disabled
    assert S.genzhuang_payment(resolve_rules(genzhuang=False).pack(), 3, off) == 0
    assert off.tolist() == [0, 0, 0, 0]


@pytest.mark.parametrize("units", [1, 2])
def test_rules_1_9_r51_houbao_and_flag_houbao_units(units):
    """RULES §1.9 r51 / A1: 后包 on 荒庄 — dealer pays each 闲 houbao_units (default 2: dealer −6)."""
    rules = DEFAULT if units == 2 else resolve_rules(houbao_units=1).pack()
    out = np.zeros(4, dtype=np.int32)  # int32[4]: per-seat 后包 money
    assert S.houbao_payment(rules, 2, out) == 3 * units
    assert out.tolist() == [units, units, -3 * units, units]


def test_pair_weight():
    """RULES §1.7: w(P) = 2 iff the dealer is P or the winner."""
    for dealer, winner, payer in itertools.product(range(4), repeat=3):
        assert S.pair_weight(dealer, winner, payer) == (2 if dealer in (payer, winner) else 1)


@pytest.mark.parametrize("seats, rules", [
    (["greedy"] * 4, {}),
    (["random"] * 4, {}),
    (["greedy", "random", "greedy", "random"], {"jc_shape_multipliers": True, "diangang_bao": True,
                                                 "qianggang_mode": "zimo", "houbao_units": 1}),
])
def test_engine_records_agree_with_the_plain_python_payment_reference(seats, rules):
    """Every played hand's money columns follow RULES §1.7–§1.9 as recomputed here from its record."""
    from sim.play import play_chunk
    from sim.record import COLUMN_INDEX as C

    config = resolve_rules(rules)
    out = play_chunk(config, seats, seed=13, first_hand=0, n_hands=1500)
    multipliers = {SHAPE_QIDUI: config.qidui_multiplier, SHAPE_SHISANYAO: config.shisanyao_multiplier}
    wins = 0
    for row in out:
        dealer, winner, feeder = int(row[C["dealer"]]), int(row[C["winner"]]), int(row[C["feeder"]])
        money = {name: [int(row[C[f"s{k}_{name}"]]) for k in range(4)]
                 for name in ("win", "kong", "genzhuang", "houbao", "delta")}
        assert sum(money["delta"]) == 0
        assert [sum(v[k] for n, v in money.items() if n != "delta") for k in range(4)] == money["delta"]
        assert sum(money["kong"]) == 0 and sum(money["genzhuang"]) == 0
        expected_gz = [config.genzhuang_units] * 4
        expected_gz[dealer] = -3 * config.genzhuang_units
        if row[C["genzhuang"]] and not (winner < 0 and config.genzhuang_void_on_huang):
            assert money["genzhuang"] == expected_gz
        else:
            assert money["genzhuang"] == [0, 0, 0, 0]
        if winner < 0:
            expected_huang = [config.houbao_units] * 4
            expected_huang[dealer] = -3 * config.houbao_units
            assert money["houbao"] == expected_huang
            assert money["win"] == [0, 0, 0, 0] and money["kong"] == [0, 0, 0, 0]
            continue
        wins += 1
        assert money["houbao"] == [0, 0, 0, 0]
        assert row[C[f"s{winner}_ting_turn"]] >= 1  # RULES §1.4 r22: no win without 上架
        kind = int(row[C["win_kind"]])
        as_zimo = kind == WIN_ZIMO or (kind == WIN_QIANGGANG and config.qianggang_mode == "zimo")
        feeder_ting = feeder >= 0 and row[C[f"s{feeder}_ting_turn"]] >= 1
        multiplier = multipliers.get(int(row[C["shape"]]), 1) if config.jc_shape_multipliers else 1
        assert money["win"] == reference_win(dealer, winner, feeder, feeder_ting, as_zimo, multiplier)
    assert wins > 10
