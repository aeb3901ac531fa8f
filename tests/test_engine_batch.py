"""sim.play.play_chunk: chunking, common walls, single-hand dealers and session rotation."""
import numpy as np
import pytest

from sim.play import play_chunk
from sim.record import COLUMN_INDEX as C

SEATS = ["greedy", "random", "greedy", "random"]


def column(rows, name):
    return rows[:, C[name]]


def test_results_do_not_depend_on_chunking():
    whole = play_chunk("jincheng", SEATS, 3, 0, 90)
    parts = np.vstack([play_chunk("jincheng", SEATS, 3, 0, 25), play_chunk("jincheng", SEATS, 3, 25, 65)])
    assert np.array_equal(whole, parts)


def test_one_seat_changed_plays_the_same_walls():
    """Common random numbers: the deal (dealer, dealt 幺九 counts) is identical when seat 0 changes."""
    a = play_chunk("jincheng", ["greedy"] * 4, 9, 0, 200)
    b = play_chunk("jincheng", ["random"] + ["greedy"] * 3, 9, 0, 200)
    for name in ["dealer", "s0_yaojiu_start", "s1_yaojiu_start", "s2_yaojiu_start", "s3_yaojiu_start"]:
        assert np.array_equal(column(a, name), column(b, name))
    assert not np.array_equal(a, b)


def test_single_hand_dealer_is_uniform_and_every_delta_sums_to_zero():
    rows = play_chunk("jincheng", ["greedy"] * 4, 2, 0, 2000)
    counts = np.bincount(column(rows, "dealer"), minlength=4)
    assert counts.min() > 430 and counts.max() < 570  # 500 ± 3 sd
    deltas = rows[:, [C[f"s{k}_delta"] for k in range(4)]]
    assert (deltas.sum(axis=1) == 0).all()
    parts = sum(rows[:, [C[f"s{k}_{p}"] for k in range(4)]] for p in ("win", "kong", "genzhuang", "houbao"))
    assert np.array_equal(parts, deltas)
    assert np.array_equal(column(rows, "session"), column(rows, "hand"))


@pytest.mark.parametrize("huang_dealer", ["stay", "rotate"])
def test_session_dealer_rotation(huang_dealer):
    """RULES §1.10 r52–r53: dealer stays on a dealer win (and on 荒庄 unless rotate), else the 下家 deals."""
    rows = play_chunk({"huang_dealer": huang_dealer}, ["greedy"] * 4, 4, 0, 240, session_length=8)
    assert np.array_equal(column(rows, "hand_in_session"), np.arange(240) % 8)
    assert np.array_equal(column(rows, "session"), np.arange(240) // 8)
    dealer, winner = column(rows, "dealer"), column(rows, "winner")
    for i in range(239):
        if (i + 1) % 8 == 0:
            continue
        stays = winner[i] == dealer[i] or (winner[i] < 0 and huang_dealer == "stay")
        assert dealer[i + 1] == (dealer[i] if stays else (dealer[i] + 1) % 4)
    # a session's first dealer comes from its first hand's key alone
    again = play_chunk({"huang_dealer": huang_dealer}, ["greedy"] * 4, 4, 80, 16, session_length=8)
    assert np.array_equal(again, rows[80:96])


def test_session_chunks_must_align():
    with pytest.raises(ValueError, match="multiples of session_length"):
        play_chunk("jincheng", SEATS, 1, 3, 8, session_length=8)
