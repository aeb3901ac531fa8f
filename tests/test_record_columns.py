"""The record's columns on a 荒庄 hand and on a multi-胡 hand, exactly (issue 26 item 5).

``win_features`` is null in the frame without a win (the kernel's -1 sentinel stays in the matrix), ``winners``
and ``s{k}_won`` name every winner under ``multi_ron=all`` while ``winner`` stays the claimant nearest after the
discarder, and the renamed ``s{k}_live_waits`` / ``s{k}_houbao`` hold what their names say. Stacked walls as in
tests/jc_scenarios.py; seat 0 deals, turn order 0 → 1 → 2 → 3.
"""
import numpy as np
import polars as pl
import pytest

from jc_scenarios import table
from sim.core import codes as C
from sim.play import play_chunk
from sim.record import COLUMN_INDEX, KERNEL_COLUMNS, RENAMED_COLUMNS, WIN_FEATURES, schema, to_frame

TANKI_5Z = "123m456p789s111z5z"


def frame_of(record: dict) -> pl.DataFrame:
    """Return the one-row frame of a ``Game.record()`` row."""
    matrix = np.array([[record[c] for c in KERNEL_COLUMNS]], dtype=np.int32)
    return to_frame(matrix, 0, "jincheng", ["scripted"] * 4)


def quiet_huang():
    """A hand nobody can win (pair-free fillers), played to 荒庄."""
    return table({}).finish()


def double_ron(**rules):
    """Seats 1 and 3 are 上架 on 5z; seat 2 (not 上架) discards 5z and both answer 胡."""
    t = table({1: TANKI_5Z, 3: "123p456s789m222z5z"}, draws="6m6p6s7m7p7s5z", **rules)
    return t.play([(1, "shangjia 6p"), (2, "discard 6s"), (3, "shangjia 7m"), (2, "discard 5z"),
                   (3, "hu"), (1, "hu")])


def test_huang_hand_columns():
    record = quiet_huang().record()
    assert record["winner"] == -1 and record["winners"] == 0
    assert record["win_features"] == C.NO_WIN_FEATURES and record["multiplier"] == 0  # the kernel's sentinel
    assert [record[f"s{k}_houbao"] for k in range(4)] == [-6, 2, 2, 2]  # 后包: the dealer pays 2 per 闲
    assert [record[f"s{k}_live_waits"] for k in range(4)] == [-1, -1, -1, -1]  # nobody went 上架
    row = frame_of(record).row(0, named=True)
    assert row["win_features"] is None and row["winners"] == 0 and row["multiplier"] == 0
    assert [row[f"s{k}_won"] for k in range(4)] == [False] * 4
    assert [row[f"s{k}_houbao"] for k in range(4)] == [-6, 2, 2, 2]
    bit_test = frame_of(record).select((pl.col("win_features") & WIN_FEATURES["qidui"]) != 0).item()
    assert bit_test is None  # never true on a 荒庄 (with -1 every bit was set)


def test_multi_ron_all_records_every_winner():
    t = double_ron(multi_ron="all")
    record = t.record()
    assert t.money("win") == [-4, 4, -4, 4]
    assert record["winner"] == 3  # the claimant nearest after the discarder (seat 2)
    assert record["winners"] == (1 << 1) | (1 << 3)
    assert record["win_features"] == 0 and record["multiplier"] == 1  # a plain 点胡: a win without features
    # live copies of 5z at 上架: seat 1 sees one 5z of its own; seat 3 one of its own and none face-up
    assert [record[f"s{k}_live_waits"] for k in range(4)] == [-1, 3, -1, 3]
    row = frame_of(record).row(0, named=True)
    assert [row[f"s{k}_won"] for k in range(4)] == [False, True, False, True]
    assert row["winner"] == 3 and row["winners"] == 10 and row["win_features"] == 0
    assert [row[f"s{k}_houbao"] for k in range(4)] == [0, 0, 0, 0]


def test_head_bump_records_one_winner():
    record = double_ron().record()
    assert record["winner"] == 3 and record["winners"] == 1 << 3
    assert [frame_of(record).row(0, named=True)[f"s{k}_won"] for k in range(4)] == [False, False, False, True]


@pytest.mark.parametrize("rules, seats", [
    ({"multi_ron": "all"}, ["random", "greedy", "random", "greedy"]),
    ({}, ["greedy"] * 4),
    ({"variant": "jinzhong"}, ["greedy"] * 4),
    ({"variant": "jinhua"}, ["greedy"] * 4),
])
def test_winners_agree_with_winner_and_the_win_money(rules, seats):
    """Over many hands: ``winner``'s bit is set, the bits are the seats paid for a win (晋城, no 承包) and only
    ``multi_ron=all`` sets more than one; the frame's null ``win_features`` are exactly the 荒庄 hands."""
    rows = play_chunk(rules, seats, 11, 0, 400)
    winner = rows[:, COLUMN_INDEX["winner"]]
    winners = rows[:, COLUMN_INDEX["winners"]]
    won = winner >= 0
    assert (winners[~won] == 0).all() and ((winners[won] >> winner[won]) & 1 == 1).all()
    several = np.array([bin(int(w)).count("1") > 1 for w in winners])
    if rules.get("multi_ron") == "all":
        assert several.sum() >= 1
    else:
        assert not several.any()
    if rules.get("variant", "jincheng") == "jincheng":
        for k in range(4):
            assert (((winners >> k) & 1 == 1) == (rows[:, COLUMN_INDEX[f"s{k}_win"]] > 0)).all()
    frame = to_frame(rows, 11, rules.get("variant", "jincheng"), seats)
    assert (frame["win_features"].is_null().to_numpy() == ~won).all()
    assert frame.filter(pl.col("win_features").is_not_null())["win_features"].min() >= 0


def test_renamed_columns_are_gone_and_mapped():
    names = schema()
    for old, new in RENAMED_COLUMNS.items():
        assert old not in names and new in names
    assert RENAMED_COLUMNS["s2_waits"] == "s2_live_waits" and RENAMED_COLUMNS["s0_huang"] == "s0_houbao"
    assert names["winners"] == pl.UInt8 and names["s3_won"] == pl.Boolean


def test_a_folder_written_under_another_record_schema_is_not_resumed(tmp_path):
    """A streamed run's manifest holds the record schema's digest: a folder from before a column was renamed or
    added (its manifest has no digest, or another one) is refused in one line instead of mixing part schemas."""
    import json

    import sim
    from sim import parts
    from sim.record import schema_digest

    settings = {"hands": 40, "seed": 11, "seats": ["greedy"] * 4, "chunk": 20, "progress": False}
    sim.simulate(**settings, out=tmp_path)
    manifest = json.loads((tmp_path / parts.MANIFEST_NAME).read_text(encoding="utf-8"))
    assert manifest["record_schema"] == schema_digest()
    del manifest["record_schema"]  # as a release before the digest wrote it
    (tmp_path / parts.MANIFEST_NAME).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(ValueError, match=r" record_schema is '<absent>' there") as error:
        sim.simulate(**settings, out=tmp_path)
    assert "\n" not in str(error.value)
