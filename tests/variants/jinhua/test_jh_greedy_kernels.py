"""Greedy 金华 decision kernels (strategies.wild_play, bound to 金华's hooks): the discard keeps the least wild-aware shanten and
never gives up a 财神 while another discard exists; calls are taken when they lower the shanten, 碰 before
吃 on a tie (RULES §3.2 r7, §3.3 r10).
"""
import numpy as np

from sim import hand
from sim.hand_wild_tables import get_wild_tables
from sim.tiles import kind, parse
from sim.binding import bound_module
from sim.engine import hooks_module
from sim.rules import resolve_rules
from strategies import wild_play

#: the module with its kernels bound to 金华's hooks (the 财神's face, 爆头), as a 金华 engine plays them
play = bound_module(wild_play, {"hooks": hooks_module("jinhua")})
RULE_VEC = resolve_rules("jinhua").pack()


def discard(held, wild, candidates=None):
    counts = parse(held)
    mask = 0
    for k in (np.flatnonzero(counts) if candidates is None else candidates):
        mask |= 1 << int(k)
    seen = counts.copy()
    return int(play.best_discard_k(counts, 0, True, wild, get_wild_tables(), np.int64(mask), seen))


def test_never_discards_a_caishen_while_another_discard_exists():
    wild = kind("5s")
    tile = discard("123m456p789s23s1z9m5s", wild)
    assert tile in (kind("1z"), kind("9m"))
    assert discard("123m456p789s23s1z9m5s", wild, candidates=[wild]) == wild


def test_discard_reaches_the_least_shanten_over_random_hands():
    # invariant: the chosen discard's shanten is the least over the legal non-财神 discards
    rng = np.random.default_rng(5)
    tables = get_wild_tables()
    for _ in range(300):
        wild = int(rng.integers(34))
        pool = np.repeat(np.arange(34), 4)
        counts = np.bincount(rng.choice(pool, 14, replace=False), minlength=34).astype(np.int8)
        if counts[wild] > 3:
            continue
        mask = 0
        for k in np.flatnonzero(counts):
            mask |= 1 << int(k)
        tile = int(play.best_discard_k(counts.copy(), 0, True, wild, tables, np.int64(mask), counts.copy()))
        options = {}
        for k in np.flatnonzero(counts):
            if k == wild:
                continue
            after = counts.copy()
            after[k] -= 1
            options[int(k)] = hand.shanten(after, wild=wild)
        if not options:
            assert tile == wild
            continue
        assert tile != wild and options[tile] == min(options.values())


def test_calls_lower_the_shanten_and_pong_wins_a_tie():
    tables = get_wild_tables()
    wild = kind("5s")
    held = parse("13m456p789s1122z9p")
    # 吃 2m as the middle (1m, 3m) makes the hand tenpai after a discard: taken
    assert play.choose_call_k(RULE_VEC, held, 0, True, wild, tables, kind("2m"), False, 1 << 1) == 1
    # 碰 1z also reaches tenpai, and 碰 is preferred to an equal 吃
    assert play.choose_call_k(RULE_VEC, held, 0, True, wild, tables, kind("1z"), True, 0) == 3
    # a call that does not lower the shanten is declined
    complete_ish = parse("123m456p789s11z23s")
    assert play.choose_call_k(RULE_VEC, complete_ish, 0, True, wild, tables, kind("1z"), True, 0) == -1


def test_chow_tiles_take_the_white_as_the_caishen_face():
    wild = kind("3m")
    assert play.chow_tiles_k(RULE_VEC, kind("4m"), 2, wild) == (kind("2m"), 33)
    assert play.chow_tiles_k(RULE_VEC, 33, 1, wild) == (kind("2m"), kind("4m"))


def test_baotou_ready_hands_decline_a_plain_discard_win_while_the_wall_lasts():
    # RULES §3.4 r15 爆头: four sets + a lone 财神 wins ×2 on any self-draw; the baotou strategy passes a
    # ×1 discard win while more than its threshold of live tiles is left.
    tables = get_wild_tables()
    wild = kind("5s")
    ready = parse("123m456p789p111s5s")
    assert play.baotou_ready_k(RULE_VEC, ready, 0, wild, tables)
    assert play.declines_plain_win_k(RULE_VEC, ready, 0, wild, tables, 20, 10)
    assert not play.declines_plain_win_k(RULE_VEC, ready, 0, wild, tables, 10, 10)
    # a plain wait (no lone 财神) is not 爆头-ready, nor is a lone 白板 (the face, not a wild)
    assert not play.baotou_ready_k(RULE_VEC, parse("123m456p789p111s9s"), 0, wild, tables)
    assert not play.baotou_ready_k(RULE_VEC, parse("123m456p789p111s7z"), 0, wild, tables)
    assert play.baotou_ready_k(RULE_VEC, parse("456p789p5s"), 2, wild, tables)
