"""A chunk played in this process under a bar plays in pieces, so the bar moves during a run of one chunk, and its
records are byte for byte those of the chunk played whole (sim.chunk_pieces, real engine)."""
import hashlib

import numpy as np
import pytest

import sim
from sim import progress
from sim.arm_stream import simulate_arms
from sim.chunk_pieces import PIECES, piece_size, play_in_pieces


@pytest.mark.parametrize("n, session_length, size", [
    (200, 0, 13),    # ceil(200 / 16) hands
    (120, 8, 8),     # 15 sessions: one session, never a part of one
    (160, 4, 12),    # 40 sessions: 3
    (5, 0, 1),       # fewer hands than pieces: one hand
])
def test_the_first_piece_is_a_sixteenth_of_the_chunk_in_whole_sessions(n, session_length, size):
    assert PIECES == 16 and piece_size(n, session_length) == size


class FakeTable:
    """Plays hand i as the row [i, i]; each call costs ``setup`` seconds and ``seconds`` a hand on a fake clock."""

    def __init__(self, seconds: float, setup: float = 0.0):
        self.now, self.seconds, self.setup, self.calls = 0.0, seconds, setup, []

    def clock(self) -> float:
        return self.now

    def play(self, first: int, n: int) -> np.ndarray:
        self.calls.append((first, n))
        self.now += self.setup + n * self.seconds
        return np.repeat(np.arange(first, first + n, dtype=np.int32)[:, None], 2, axis=1)


@pytest.mark.parametrize("seconds, session_length, sizes", [
    (0.05, 0, [13] * 15 + [5]),               # dear hands (0.65 s a piece): 16 pieces of a sixteenth
    (0.05, 8, [8] + [16] * 7),                # session mode: 0.5 s is 10 hands, so 2 whole sessions
    (0.01, 0, [13, 50, 50, 50, 37]),          # 100 hands/s: pieces of 0.5 s after the first
    (1e-5, 4, [16, 184]),                     # cheap hands (4 sessions first): the rest in one call
])
def test_pieces_cover_the_chunk_in_order_and_grow_for_cheap_hands(seconds, session_length, sizes):
    n = 120 if session_length == 8 else 200
    table, reported = FakeTable(seconds), []
    matrix = play_in_pieces(table.play, 40, n, session_length, reported.append, clock=table.clock)
    assert [size for _, size in table.calls] == reported == sizes
    assert [first for first, _ in table.calls] == [40 + sum(sizes[:k]) for k in range(len(sizes))]
    assert matrix[:, 0].tolist() == list(range(40, 40 + n))  # every hand once, in order
    assert all(size % max(1, session_length) == 0 for size in sizes)


def digests(folder) -> dict[str, str]:
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.glob("*.parquet"))}


@pytest.fixture()
def advances(monkeypatch):
    """Return the list of hands each ``RunBar.advance`` of a bar shown in the test counts."""
    seen = []
    original = progress.RunBar.advance

    def advance(bar, work, hands, notes=None):
        if not bar.disable:
            seen.append(hands)
        return original(bar, work, hands, notes)

    monkeypatch.setattr(progress.RunBar, "advance", advance)
    return seen


def moved_in_pieces(advances: list[int], hands: int, first_piece: int, session_length: int = 0) -> None:
    """The bar of a run of one chunk of ``hands`` hands moved during it: first by a sixteenth of them (its first
    piece), then by the rest in one or more pieces (of whole sessions in session mode)."""
    assert len(advances) >= 2 and advances[0] == first_piece and sum(advances) == hands
    assert all(size % max(1, session_length) == 0 for size in advances)


RUN = dict(hands=120, seed=5, seats=["random", "greedy", "greedy", "greedy"], session_length=8, deal_condition=0)


def test_a_one_chunk_run_moves_its_bar_piece_by_piece_with_the_same_records(tmp_path, advances):
    whole = sim.simulate(**RUN, out=tmp_path / "whole", progress=False)
    assert advances == []
    pieces = sim.simulate(**RUN, out=tmp_path / "pieces", progress=True)
    moved_in_pieces(advances, 120, 8, 8)
    assert digests(tmp_path / "pieces") == digests(tmp_path / "whole") and len(digests(tmp_path / "whole")) == 1
    assert pieces.load().equals(whole.load())
    advances.clear()
    assert sim.simulate(**RUN, progress=True).equals(whole.load())  # in memory too
    moved_in_pieces(advances, 120, 8, 8)


def test_a_stream_of_one_chunk_moves_its_bar_piece_by_piece_with_the_same_records(tmp_path, advances):
    run = dict(hands=90, seed=11, rules="jinhua", seats=["greedy"] * 4, chunk=90)
    sim.simulate(**run, out=tmp_path / "whole", progress=False)
    simulate_arms([dict(run, out=tmp_path / "pieces")], jobs=2, progress=True)
    moved_in_pieces(advances, 90, 6)
    assert digests(tmp_path / "pieces") == digests(tmp_path / "whole")
