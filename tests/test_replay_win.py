"""A replay ends with the win: each winner's final hand and melds, what each 财神 stood for (金华), the features and
the multiplier (issue 26 item 6). Seeded greedy hands whose wins were read by hand, one or more per variant, are
checked line by line; the 财神 readings are checked against the hand's tiles in each docstring."""
import pytest

import sim
from sim.core import codes as C
from sim.play import play_chunk
from sim.record import COLUMN_INDEX
from sim.tiles import kind, parse
from sim.win_reading import ANY, wild_reading


def tail_from_result(text: str) -> list[str]:
    """Return the replay's lines from its ``result:`` line on."""
    lines = text.splitlines()
    return lines[next(i for i, line in enumerate(lines) if line.startswith("result:")):]


def win_block(text: str) -> list[str]:
    """Return the lines after the four settlement lines (the 胡牌 block)."""
    return tail_from_result(text)[5:]


def test_jincheng_win_with_an_exposed_kong():
    assert win_block(sim.replay(seed=7, hand=0, rules="jincheng")) == [
        "胡牌 seat 1：手牌 12344m12223p，胡 4m(四万)",
        "  副露：明杠 4z(北)（seat 2 打出）",
        "  番种：无；倍数 ×1",
    ]


def test_jincheng_multi_ron_shows_both_winners_first_the_recorded_one():
    """Seat 0's 2m is won by seat 1 and seat 2 (multi_ron=all); the record's winner is seat 1, the nearest."""
    rules = {"multi_ron": "all"}
    row = play_chunk(rules, ["greedy"] * 4, 7, 51, 1)[0]
    assert row[COLUMN_INDEX["winner"]] == 1 and row[COLUMN_INDEX["winners"]] == 0b110
    text = sim.replay(seed=7, hand=51, rules=rules)
    assert tail_from_result(text)[0] == "result: seat 1 wins by dianhu (regular), fed by seat 0"
    assert win_block(text) == [
        "胡牌 seat 1：手牌 22m111p789s22z，胡 2m(二万)",
        "  副露：碰 3s(三条)（seat 2 打出）",
        "  番种：无；倍数 ×1",
        "胡牌 seat 2：手牌 13789m789p77s，胡 2m(二万)",
        "  副露：碰 5m(五万)（seat 3 打出）",
        "  番种与倍数只记录 seat 1（第一位胡牌者）的",
    ]


def test_jinzhong_seven_pairs_with_its_multiplier():
    assert win_block(sim.replay(seed=7, hand=2, rules="jinzhong")) == [
        "胡牌 seat 1：手牌 22445599p33668s，胡 8s(八条)",
        "  副露：无",
        "  番种：七对；倍数 ×2",
    ]


def test_jinhua_wilds_and_the_white_stand_in():
    """财神 5p: 456m 123p 4p白板(=5p)6p, 7p+财神 as the pair, 5s+财神+7s — the two 财神 are 7p and 6s."""
    assert win_block(sim.replay(seed=7, hand=1, rules="jinhua")) == [
        "胡牌 seat 3：手牌 456m1245567p57s7z，胡 3p(三饼)",
        "  副露：无",
        "  财神 5p(五饼) ×2：作 7p(七饼)、作 6s(六条)；白板 ×1 作 5p(五饼) 本身",
        "  番种：平胡；倍数 ×1",
    ]


def test_jinhua_white_as_the_caishen():
    """财神 白 (7z): 222p 456p 89p+财神 11z-pair 12s+财神 — the 财神 are 7p and 3s."""
    assert win_block(sim.replay(seed=7, hand=7, rules="jinhua")) == [
        "胡牌 seat 3：手牌 2245689p12s1177z，胡 2p(二饼)",
        "  副露：无",
        "  财神 7z(白) ×2：作 7p(七饼)、作 3s(三条)",
        "  番种：平胡；倍数 ×1",
    ]


def test_jinhua_baotou_the_lone_caishen_pairs_the_drawn_tile():
    """123s 567s and two 吃 before the draw, the lone 财神 4s; the drawn 北 completes 爆头 (×2)."""
    assert win_block(sim.replay(seed=7, hand=5, rules="jinhua", seats=["baotou"] * 4)) == [
        "胡牌 seat 1：手牌 1234567s，胡 4z(北)",
        "  副露：吃 2m3m4m（seat 0 打出）、吃 7m8m9m（seat 0 打出）",
        "  财神 4s(四条) ×1：作 4z(北)",
        "  番种：爆头；倍数 ×2",
    ]


def test_a_huang_replay_has_no_win_block():
    rows = play_chunk("jincheng", ["greedy"] * 4, 7, 0, 200)
    hand = next(i for i, row in enumerate(rows) if row[COLUMN_INDEX["winner"]] < 0)
    tail = tail_from_result(sim.replay(seed=7, hand=hand, rules="jincheng"))
    assert tail[0] == "result: 荒庄 (no winner)" and len(tail) == 5


@pytest.mark.parametrize("held, wild, shape, features, won_on, expected", [
    ("123m456m789m77z5p5p5p", "5p", C.SHAPE_REGULAR, 0, "1m", [ANY, ANY, ANY]),  # 白板 pair; 3 财神 a set
    ("1133m77p99s11z5p5p5p5p", "5p", C.SHAPE_QIDUI, 0, "1z", [ANY] * 4),  # four 财神: two pairs of their own
    ("1133m7p99s1122z5p5p5p", "5p", C.SHAPE_QIDUI, 0, "1z", [kind("7p"), ANY, ANY]),  # one pairs the lone 7p
    ("147m25p3s1234567z5s", "5s", C.SHAPE_QIFENG, 0, "1z", [kind("6s")]),  # 147m 25p 36s: the 财神 is 6s
    ("123m456m789m123s9p5p", "5p", C.SHAPE_REGULAR, C.FEATURE_BAOTOU, "9p", [kind("9p")]),  # lone 财神 + drawn 9p
    ("123m456m789m123s9p5p", "5p", C.SHAPE_QIDUI, 0, "9p", None),  # no 七对 reading: not that form
])
def test_wild_reading_of_small_hands(held, wild, shape, features, won_on, expected):
    assert wild_reading(parse(held), 0, [0] * 34, kind(wild), shape, features, kind(won_on)) == expected
