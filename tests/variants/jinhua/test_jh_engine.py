"""金华 played by the batch engine: record columns (one schema for every variant, documented nulls), money and wall
invariants over many random and greedy hands, and the strategies refused under rules=jinhua.

Money in 底注; RULES §3.1 r4 (the 68-draw budget), §3.5 r16–r20 (payments and 承包).
"""
import numpy as np
import pytest

import sim
from jh_scenarios import table
from sim.core.wall import deal_position, fill_wall
from sim.play import play_chunk
from sim.record import COLUMN_INDEX as C
from sim.record import KERNEL_COLUMNS, WIN_DIANHU, WIN_QIANGGANG, WIN_ZIMO

JH_COLUMNS = ("caishen", "winner_wilds", "chows", "s0_chengbao", "s1_chengbao", "s2_chengbao", "s3_chengbao",
              "s0_wilds_dealt", "s1_wilds_dealt", "s2_wilds_dealt", "s3_wilds_dealt")


@pytest.fixture(scope="module")
def jinhua_rows():
    """Records of 3,000 greedy and 1,000 random 金华 hands (default rules)."""
    greedy = play_chunk("jinhua", ["greedy"] * 4, 31, 0, 3_000)
    random = play_chunk("jinhua", ["random"] * 4, 32, 0, 1_000)
    return greedy, random


def column(rows, name):
    return rows[:, C[name]]


def test_other_variants_hold_the_documented_nulls_in_the_jinhua_columns():
    """One schema for every variant: 晋城 and 晋中 records carry caishen/winner_wilds/chows = -1 and 承包 money 0."""
    assert all(name in KERNEL_COLUMNS for name in JH_COLUMNS)
    for variant in ("jincheng", "jinzhong"):
        rows = play_chunk(variant, ["greedy"] * 4, 5, 0, 50)
        for name in ("caishen", "winner_wilds", "chows"):
            assert (column(rows, name) == -1).all(), (variant, name)
        for k in range(4):
            assert (column(rows, f"s{k}_chengbao") == 0).all()
            assert (column(rows, f"s{k}_wilds_dealt") == -1).all(), (variant, k)


def test_jinhua_columns_mean_what_they_say(jinhua_rows):
    """RULES §3.2 r5: a 财神 kind per hand; winner_wilds 0..3 exactly when someone won; 吃 counted; 承包 zero-sum."""
    for rows in jinhua_rows:
        won = column(rows, "winner") >= 0
        assert ((column(rows, "caishen") >= 0) & (column(rows, "caishen") <= 33)).all()
        assert len(set(column(rows, "caishen").tolist())) > 20
        wilds = column(rows, "winner_wilds")
        assert ((wilds[won] >= 0) & (wilds[won] <= 3)).all() and (wilds[~won] == -1).all()
        assert (column(rows, "chows") >= 0).all() and column(rows, "chows").sum() > 0
        chengbao = np.stack([column(rows, f"s{k}_chengbao") for k in range(4)], axis=1)
        assert not chengbao.sum(axis=1).any()
    greedy, _ = jinhua_rows
    assert (column(greedy, "s0_chengbao") != 0).any()  # the runs exercised 承包


ONE_WILD, NO_WILD = "5m123p456p789s123z", "1m123p456p789s123z"       # 5m is the 财神 below
TWO_WILDS, THREE_WILDS = "55m234p567p89s456z", "555m234p567p8s456z"


@pytest.mark.parametrize("seat0, seat1, dealer, draw, expected", [
    (ONE_WILD, TWO_WILDS, 0, "1p", [1, 2, 0, 0]),
    (NO_WILD, TWO_WILDS, 0, "5m", [1, 2, 0, 0]),     # the dealer's first draw is its 14th dealt tile
    (NO_WILD, TWO_WILDS, 2, "5m", [0, 2, 1, 0]),     # ... whoever deals
    (ONE_WILD, TWO_WILDS, 3, "1p", [1, 2, 0, 0]),
    (NO_WILD, THREE_WILDS, 1, "1p", [0, 3, 0, 0]),   # all three live copies in one hand
])
def test_wilds_dealt_counts_each_seats_caishen_tiles_in_its_initial_deal(seat0, seat1, dealer, draw, expected):
    """RULES §3.2 r5: 5m turned, the 5m are the 财神; s{k}_wilds_dealt counts them in seat k's 13 dealt tiles, the
    dealer's first front draw included (its 14)."""
    hands = {0: seat0, 1: seat1, 2: "12346789m123s17z", 3: "12346789m456s77z"}
    row = table(hands, draws=draw, caishen="5m", dealer=dealer).record()
    assert [row[f"s{k}_wilds_dealt"] for k in range(4)] == expected


def test_wilds_dealt_match_the_initial_hands_of_the_shuffled_walls(jinhua_rows):
    """RULES §3.2 r5: over the random and greedy runs, each seat's wilds_dealt is the count of the indicator's kind
    among its 13 dealt tiles (the dealer's first front draw added), rebuilt from the hand's wall in plain Python;
    the four seats hold at most the three live copies."""
    for seed, rows in zip((31, 32), jinhua_rows):
        dealt = np.stack([column(rows, f"s{k}_wilds_dealt") for k in range(4)], axis=1)
        assert (dealt >= 0).all() and (dealt.sum(axis=1) <= 3).all()
        assert (dealt.sum(axis=1) == 3).any() and (dealt == 3).any()  # the runs reach the bound
        wall = np.zeros(136, np.int8)
        for i in range(0, len(rows), 7):
            fill_wall(seed, int(column(rows, "hand")[i]), wall)
            dealer, wild = int(column(rows, "dealer")[i]), int(wall[135])
            assert wild == column(rows, "caishen")[i]
            for seat in range(4):
                own = [int(wall[deal_position(dealer, seat, j)]) for j in range(13)] + ([int(wall[52])]
                                                                                         if seat == dealer else [])
                assert own.count(wild) == dealt[i, seat], (seed, i, seat)


def test_win_money_without_chengbao_is_the_base_payment_times_the_multiplier(jinhua_rows):
    """RULES §3.5 r16–r18, r20: removing what 承包 changed, a discard win or 抢杠胡 pays the winner 4·M (2M + M + M),
    a 自摸 6·M; the feeder pays 2·M."""
    for rows in jinhua_rows:
        for i in np.flatnonzero(column(rows, "winner") >= 0):
            row = rows[i]
            winner, feeder, kind, mult = (int(row[C[n]]) for n in ("winner", "feeder", "win_kind", "multiplier"))
            base = [int(row[C[f"s{k}_win"]]) - int(row[C[f"s{k}_chengbao"]]) for k in range(4)]
            assert mult >= 1
            if kind == WIN_ZIMO:
                assert base == [6 * mult if k == winner else -2 * mult for k in range(4)]
            else:
                assert kind in (WIN_DIANHU, WIN_QIANGGANG)
                assert base == [4 * mult if k == winner else (-2 * mult if k == feeder else -mult) for k in range(4)]


def test_every_hand_stays_inside_the_live_wall_and_huang_uses_all_of_it(jinhua_rows):
    """RULES §3.1 r4: draws + replacements never pass 69 (68 after the deal, the dealer's 14th counted); a 荒庄
    ends exactly there; 荒庄 pays nothing (r22)."""
    for rows in jinhua_rows:
        used = column(rows, "draws") + column(rows, "replacements")
        huang = column(rows, "winner") < 0
        assert (used <= 69).all() and (used[huang] == 69).all() and huang.any()
        for k in range(4):
            assert not column(rows, f"s{k}_delta")[huang].any()


@pytest.mark.parametrize("seat", ["early_ting", "selective_ting", "thirteen_orphans", "defensive"])
def test_strategies_meaningless_in_jinhua_are_refused_in_one_line(seat):
    with pytest.raises(ValueError, match=rf"^strategy '{seat}' means nothing under rules=jinhua: .*\(valid: baotou, "
                                        r"greedy, learned, random, search\)$"):
        sim.simulate(hands=4, seed=1, rules="jinhua", seats=[seat, "greedy", "greedy", "greedy"])


def test_the_frame_of_a_jinhua_run_has_the_new_columns():
    frame = sim.simulate(hands=20, seed=3, rules="jinhua", seats=["greedy", "random", "greedy", "random"])
    assert set(JH_COLUMNS) <= set(frame.columns)
    assert frame["caishen"].min() >= 0 and set(frame["shape"].cast(str).unique()) <= {"none", "regular", "qidui",
                                                                                          "qifeng"}
