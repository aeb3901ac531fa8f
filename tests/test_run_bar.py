"""The run's bar fits the terminal and guesses no time left before it has measured a rate (sim.progress.RunBar).

Widths are measured in display columns (a CJK character takes two: unicodedata.east_asian_width), on a fake clock.
"""
import io
import unicodedata

import pytest

from sim.progress import hand_bar, shorten_label
from sim.work_bar import work_bar

class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def drawn(bar) -> str:
    return str(bar)


@pytest.mark.parametrize("label", ["85 arms", "sensitivity/allow_shi=false", "thirteen_orphans/chase k=9, shi_qiang=on",
                                   "庄家优势/座位：一个强手对三个贪心", "variants/jinzhong, 报听之后不能换牌的那一臂"])
def test_every_line_fits_80_columns_with_count_rate_and_time_left_and_whole_notes(label):
    """A stream bar at 80 columns from the first chunk to the last: every line is at most 80 display columns, shows
    the hands, the rate and the time left, and ends with the time left or a whole note (none cut mid-word)."""
    clock = FakeClock()
    bar = work_bar(85.0, 0.0, 85_000, 0, True, label, warmup=2, clock=clock, file=io.StringIO(), ncols=80)
    lines = [drawn(bar)]
    for k in range(85):
        clock.now += 37.0 if k < 2 else 0.7
        bar.advance(1.0, 1000, [f"{k + 1}/85 runs done", f"last: {label}"])
        lines.append(drawn(bar))
    bar.close()
    for line in lines:
        assert columns(line) <= 80, line
        assert " hands, " in line and " hands/s, " in line and " left" in line, line
        after = line.split(" left", 1)[1]
        notes = [note for note in after.split(", ")[1:]]
        assert after == "".join(", " + note for note in notes), line
        assert all(note.endswith(" runs done") or note == f"last: {label}" for note in notes), line
    assert "85,000/85,000 hands" in lines[-1] or "85.0k/85.0k hands" in lines[-1]


def test_a_short_label_keeps_the_bar_and_a_wider_terminal_shows_the_notes_whole():
    clock = FakeClock()
    bar = work_bar(10.0, 0.0, 10_000, 0, True, "3 arms", warmup=1, clock=clock, file=io.StringIO(), ncols=80)
    clock.now += 10
    bar.advance(1.0, 1000, ["1/3 runs done", "last: arm 0"])
    clock.now += 10
    bar.advance(1.0, 1000, ["1/3 runs done", "last: arm 1"])
    line = drawn(bar)
    assert line.startswith("3 arms:  20%|") and line.endswith("| 2,000/10,000 hands, 100 hands/s, 01:20 left")
    assert columns(line) == 80  # the bar takes the rest
    bar.ncols = 110
    assert drawn(bar).endswith("| 2,000/10,000 hands, 100 hands/s, 01:20 left, 1/3 runs done, last: arm 1")
    assert columns(drawn(bar)) == 110
    bar.close()


def test_the_bar_follows_the_terminals_width():
    clock = FakeClock()
    bar = hand_bar(2000, 0, True, "dealer_edge/seats", clock=clock, file=io.StringIO())
    for width in (120, 80, 60, 44):
        bar.dynamic_ncols = lambda fp, width=width: (width, 24)
        line = drawn(bar)
        assert columns(line) <= width and line.endswith(" hands, ? hands/s, ? left"), line
        assert ("|" in line) == (width >= 80) and (columns(line) == width or width < 80)  # a bar fills the line
    bar.close()


@pytest.mark.parametrize("warmup", [1, 2])
def test_no_time_left_before_a_chunk_after_the_warm_up_has_finished(warmup):
    """The first chunks (one per worker) pay for loading the kernels: 60 s each, then 2 s a chunk of 100 hands.
    Until a chunk after them has finished the bar says ``? left``; then the rate counts only the later chunks."""
    clock = FakeClock()
    bar = hand_bar(2000, 0, True, "simulate", warmup=warmup, clock=clock, file=io.StringIO(), ncols=80)
    assert drawn(bar).endswith(" 0/2,000 hands, ? hands/s, ? left")
    for k in range(warmup):
        clock.now += 60
        bar.advance(100, 100)
        assert drawn(bar).endswith(f" {100 * (k + 1)}/2,000 hands, ? hands/s, ? left")
    clock.now += 2
    bar.advance(100, 100)
    done = 100 * (warmup + 1)
    left = (2000 - done) / 50  # seconds: 50 hands/s after the warm-up
    assert drawn(bar).endswith(f" {done:,}/2,000 hands, 50 hands/s, {int(left) // 60:02d}:{int(left) % 60:02d} left")
    bar.close()


def test_resumed_hands_do_not_count_as_a_rate():
    """1,500 hands finished by an earlier run: the rate and time left come from the hands played now only."""
    clock = FakeClock()
    bar = hand_bar(2000, 1500, True, "simulate", clock=clock, file=io.StringIO(), ncols=80)
    clock.now += 30
    bar.advance(100, 100)
    clock.now += 4
    bar.advance(100, 100)
    assert drawn(bar).endswith(" 1,700/2,000 hands, 25 hands/s, 00:12 left")
    bar.close()


def test_a_label_is_shortened_at_a_boundary_and_marked():
    assert shorten_label("thirteen_orphans/chase k=9, shi_qiang=on", 30) == "thirteen_orphans/chase k=9,…"
    assert shorten_label("thirteen_orphans/chase", 30) == "thirteen_orphans/chase"
    assert shorten_label("庄家优势座位", 7) == "庄家优…"


def test_the_layout_holds_when_the_rate_is_measured():
    """A stream of 4 arms at 80 columns: the hand counts keep one form and the bar stays, from the first line
    (``? hands/s, ? left``) to the last (a real run flipped from ``2,000/16,000`` to ``6.00k/16.0k`` there)."""
    clock = FakeClock()
    bar = work_bar(16.0, 0.0, 16_000, 0, True, "4 arms, 0/4 done", warmup=2, clock=clock, file=io.StringIO(),
                   ncols=79)
    lines = [drawn(bar)]
    for k in range(8):
        clock.now += 3.0 if k < 2 else 0.7
        bar.advance(2.0, 2000)
        lines.append(drawn(bar))
    bar.close()
    assert lines[0].endswith("| 0/16.0k hands, ? hands/s, ? left") and "? left" not in lines[3]
    assert all("|" in line and "k/16.0k hands, " in line and columns(line) == 79 for line in lines[1:]), lines
    assert lines[-1].endswith("| 16.0k/16.0k hands, 2.86k hands/s, 00:00 left")


def test_work_past_its_total_by_a_rounding_error_draws_a_full_bar_without_a_warning():
    import warnings

    bar = work_bar(0.3, 0.0, 3, 0, True, "3 arms", file=io.StringIO(), ncols=80)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # tqdm warns "clamping frac to range [0, 1]" past the total
        for _ in range(3):
            bar.advance(0.1, 1)  # 0.1 + 0.1 + 0.1 > 0.3 in floating point
        assert bar.n > bar.total and drawn(bar).startswith("3 arms: 100%|")
    bar.close()
