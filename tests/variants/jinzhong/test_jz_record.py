"""The record columns every variant shares for the win's features and multiplier (sim.record EXTRA_COLUMNS).

``win_features`` holds the FEATURE_* bits of the hand's (first) win, -1 without a win; ``multiplier`` the total
multiplier of the win money, 0 without a win. 晋中 fills every feature of RULES §2.4 r16–r18 and §2.5 r19; 晋城
records its shape (七对, 十三幺) and 抢杠胡, with its shape multiplier (RULES §1.6 r42).
"""
import numpy as np
import polars as pl

from jc_scenarios import table as jc_table
from sim import record
from sim.core import codes as C
from sim.play import play_chunk
from sim.variants.jinzhong.config import JinzhongRules

COL = record.COLUMN_INDEX


def test_jincheng_records_its_shape_features_and_multiplier():
    """RULES §1.6 r38, r42: a 晋城 七对 records FEATURE_QIDUI with multiplier 1, or 2 with jc_shape_multipliers;
    a 荒庄 records -1 and 0."""
    for flags, multiplier in (({}, 1), ({"jc_shape_multipliers": True}, 2)):
        t = jc_table({1: "1111m55p77s99s22z7z"}, draws="6z5z6m6p6s" + "7z", **flags)
        t.play([(1, "shangjia 5z"), (1, "zimo")])
        row = t.record()
        assert row["win_features"] == C.FEATURE_QIDUI and row["multiplier"] == multiplier
    quiet = jc_table({0: "147m258p369s1234z", 1: "259m369p147s1234z", 2: "369m147p258s1234z",
                      3: "147m258p369s1234z"}).finish().record()
    assert quiet["winner"] == -1 and quiet["win_features"] == C.NO_WIN_FEATURES and quiet["multiplier"] == 0


def test_jinzhong_win_money_agrees_with_the_recorded_features_over_many_hands():
    """Invariant over 3,000 seeded 晋中 hands: a row has features iff it has a winner; the multiplier is the
    product of the table values of its feature bits; the winner's hu money is what RULES §2.5 gives for the
    recorded dealer, feeder (its 报听 from s{k}_ting_turn), win kind and multiplier (no cap by default)."""
    rules = JinzhongRules()
    table = dict(rules.jz_multipliers)
    rows = play_chunk(rules, ["greedy", "random", "greedy{pong=always}", "early_ting"], 31, 0, 3000)
    won = rows[:, COL["winner"]] >= 0
    assert ((rows[:, COL["win_features"]] == C.NO_WIN_FEATURES) == ~won).all()
    assert (rows[~won, COL["multiplier"]] == 0).all()
    seen = 0
    for row in rows[won]:
        features = int(row[COL["win_features"]])
        product = int(np.prod([table[name] for name, bit in C.FEATURE_CODES.items() if features & bit and name in table]))
        assert row[COL["multiplier"]] == product
        dealer, winner, feeder = (int(row[COL[c]]) for c in ("dealer", "winner", "feeder"))
        weights = [0 if p == winner else (2 if dealer in (p, winner) else 1) for p in range(4)]
        if row[COL["win_kind"]] in (C.WIN_ZIMO, C.WIN_QIANGGANG):
            expected = 2 * sum(weights) * product
        else:
            expected = (sum(weights) + 1) * product
            if row[COL[f"s{feeder}_ting_turn"]] < 0:  # 包三家: the un-报听 discarder pays everything
                assert row[COL[f"s{feeder}_win"]] == -expected
        assert row[COL[f"s{winner}_win"]] == expected
        seen += features > 0
    assert won.sum() > 2000 and seen > 50


def test_the_frame_types_the_new_columns():
    rows = play_chunk(JinzhongRules(), ["greedy"] * 4, 3, 0, 50)
    frame = record.to_frame(rows, 3, "jinzhong", ["greedy"] * 4)
    assert frame.schema["win_features"] == pl.Int32 and frame.schema["multiplier"] == pl.Int32
    assert frame["multiplier"].to_list() == rows[:, COL["multiplier"]].tolist()
