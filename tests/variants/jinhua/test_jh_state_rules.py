"""金华 rules over the engine's state arrays (sim.variants.jinhua.state_rules): 吃 recorded as a meld value fed
by the 上家, 吃张打张 after two earlier chows, and 承包 settled from the meld records (RULES §3.3 r10, r12,
§3.5 r16, r17, r20).
"""
import numpy as np

from sim.core import codes
from sim.core.melds import add_meld, meld_slot
from sim.core.state import REC_FROM, REC_TILE, REC_TYPE, ST_DEALER, ST_FRONT_DRAWS, ST_N_MELDS, new_state
from sim.hand_wild_tables import get_wild_tables
from sim.tiles import kind, parse
from sim.variants.jinhua import state_rules

MULTS = np.array([2, 2, 4, 2, 2, 2, 2, 4], np.int32)
WILD = kind("5s")


def test_chow_is_a_meld_record_fed_by_the_left_and_chi_zhang_da_zhang_follows_it():
    # RULES §3.3 r10: seat 1 chows seat 0's discards; r12: after two earlier chows from the 上家 the claimed kind
    # and the other end are forbidden on the next discard.
    _, hands, _, melds, _, st, _ = new_state()
    hands[1] = parse("235689m4567p113z")
    forbidden = state_rules.apply_chow_k(hands, melds, st, 1, kind("1m"), 0, 0, WILD)   # 1m + 23m
    assert forbidden == 0
    forbidden = state_rules.apply_chow_k(hands, melds, st, 1, kind("4m"), 0, 0, WILD)   # 4m + 56m
    assert forbidden == 0
    forbidden = state_rules.apply_chow_k(hands, melds, st, 1, kind("7m"), 0, 0, WILD)   # 7m + 89m
    assert forbidden == 1 << kind("7m")  # 7m as the lowest of 789m: no kind above 9m completes 89m
    assert hands[1].tolist() == parse("4567p113z").tolist()
    assert st[ST_N_MELDS + 1] == 3
    records = [(st[meld_slot(1, i) + REC_TYPE], st[meld_slot(1, i) + REC_TILE], st[meld_slot(1, i) + REC_FROM])
               for i in range(3)]
    assert records == [(codes.MELD_CHOW, kind("1m"), 0), (codes.MELD_CHOW, kind("4m"), 0),
                       (codes.MELD_CHOW, kind("7m"), 0)]
    assert melds[1].sum() == 0  # a 吃 lives in the records only
    assert state_rules.chows_from_k(st, 1, 0) == 3


def test_chow_as_the_highest_forbids_the_lower_end():
    # RULES §3.3 r12: hold 45s (and two earlier chows from the 上家), 吃 6s as the highest: 6s and 3s forbidden
    _, hands, _, melds, _, st, _ = new_state()
    add_meld(melds, st, 2, codes.MELD_CHOW, kind("1m"), 1)
    add_meld(melds, st, 2, codes.MELD_CHOW, kind("1p"), 1)
    hands[2] = parse("3456s11z")
    forbidden = state_rules.apply_chow_k(hands, melds, st, 2, kind("6s"), 1, 2, kind("9m"))
    assert forbidden == (1 << kind("6s")) | (1 << kind("3s"))
    assert hands[2].tolist() == parse("36s11z").tolist()


def settle(st, hands, winner, feeder, win_kind, tile):
    money = np.zeros((codes.N_MONEY, 4), np.int32)
    chengbao = np.zeros(4, np.int32)
    features, multiplier = state_rules.settle_win_from_state_k(
        hands, st, money, chengbao, winner, feeder, win_kind, tile, WILD, True, get_wild_tables(), MULTS, 14, False,
        True, False, codes.JH_CHENGBAO_ALL)
    assert money.sum() == 0 and chengbao.sum() == 0
    return int(features), int(multiplier), money[codes.MONEY_WIN].tolist(), chengbao.tolist()


def three_chows_from_seat_0():
    _, hands, _, melds, _, st, _ = new_state()
    st[ST_DEALER] = 2
    st[ST_FRONT_DRAWS] = 10
    for low in ("1m", "4m", "7m"):
        add_meld(melds, st, 1, codes.MELD_CHOW, kind(low), 0)
    return hands, st


def test_chengbao_from_the_records_the_fed_seat_pays_the_whole_win():
    # RULES §3.5 r20 + r17: seat 1 holds three 吃 from seat 0 and self-draws a 平胡 (M 1): the three would
    # pay 2 each (T = 6); seat 0 alone pays 6.
    hands, st = three_chows_from_seat_0()
    hands[1] = parse("456p11z")
    features, multiplier, money, chengbao = settle(st, hands, 1, -1, codes.WIN_ZIMO, kind("1z"))
    assert (features, multiplier) == (codes.FEATURE_PINGHU, 1)
    assert money == [-6, 6, 0, 0]
    assert chengbao == [-4, 0, 2, 2]


def test_chengbao_from_the_records_the_feeder_pays_double_when_the_fed_seat_wins():
    # RULES §3.5 r20 + r16: seat 0 wins on seat 3's discard (M 1: T = 2 + 1 + 1 = 4); seat 1, holding three
    # melds taken from seat 0, alone pays 2T = 8.
    hands, st = three_chows_from_seat_0()
    hands[0] = parse("123m456p789p234s11z")
    features, multiplier, money, _ = settle(st, hands, 0, 3, codes.WIN_DIANHU, kind("1z"))
    assert multiplier == 1
    assert money == [8, -8, 0, 0]


def test_tan_from_records_counts_a_minggang_only_with_the_flag():
    # RULES §3.5 r20, A30: two 碰 and a 明杠 taken from seat 3
    _, hands, _, melds, _, st, _ = new_state()
    add_meld(melds, st, 0, codes.MELD_PONG, kind("1m"), 3)
    add_meld(melds, st, 0, codes.MELD_PONG, kind("2m"), 3)
    add_meld(melds, st, 0, codes.MELD_MINGGANG, kind("3m"), 3)
    tan = np.zeros((4, 4), np.int8)
    state_rules.tan_from_records_k(st, True, tan)
    assert tan[0, 3] == 3
    state_rules.tan_from_records_k(st, False, tan)
    assert tan[0, 3] == 2
    assert state_rules.pong_kinds_k(st, 0) == (1 << kind("1m")) | (1 << kind("2m"))
