"""The stream's bar counts work, not hands (sim.work_bar, sim.arm_stream): each hand weighs its table's cost."""
import pytest

from sim import arm_stream
from sim.arm_stream import simulate_arms
from sim.work_bar import MAX_TIMING_HANDS, seconds_per_hand, work_bar
from test_arm_stream import RUNS  # 150 greedy hands of 晋城, 120 with a random seat, 90 greedy of 金华


class FakeClock:
    """A clock that moves only when a fake table plays: ``setup`` seconds a call, ``seconds`` a hand."""

    def __init__(self, seconds: float, setup: float = 0.013):
        self.now, self.seconds, self.setup, self.calls = 0.0, seconds, setup, []

    def __call__(self) -> float:
        return self.now

    def play(self, n: int) -> None:
        self.calls.append(n)
        self.now += self.setup + n * self.seconds


@pytest.mark.parametrize("seconds, calls, expected", [
    (0.2, [1], 0.213),                     # a search table: its first hand is the timing, setup and all
    (0.03, [1, 8], 0.03),                  # 7 more hands add 0.21 s: the setup drops out of the difference
    (45e-6, [1, 8, 64, 512], 45e-6),       # greedy: 511 more hands add 23 ms, the first call past 10 ms
    (1e-7, [1, 8, 64, 512, 4096], 1e-7),   # a cheap table stops at MAX_TIMING_HANDS
])
def test_a_tables_seconds_per_hand_drop_the_calls_setup(seconds, calls, expected):
    clock = FakeClock(seconds)
    assert seconds_per_hand(clock.play, clock=clock) == pytest.approx(expected)
    assert clock.calls == calls and calls[-1] <= MAX_TIMING_HANDS


def test_the_work_bar_shows_the_share_of_work_and_the_hands_beside_it(capsys):
    """1,000 cheap hands and 10 dear ones of the same total cost: the cheap ones done are half the work, not 99 %."""
    with work_bar(1000 * 1e-4 + 10 * 1e-2, 0.0, 1010, 0, True, "2 arms") as bar:
        bar.advance(1000 * 1e-4, 1000)
        bar.refresh()
        assert bar.n / bar.total == pytest.approx(0.5) and bar.hands == 1000
    drawn = capsys.readouterr().err
    assert " 50%|" in drawn and "1,000/1,010 hands" in drawn and "99%" not in drawn


def test_the_stream_bar_weighs_each_runs_hands_by_its_tables_timing(tmp_path, capsys, monkeypatch):
    """Run 0 complete from an earlier run; runs 1 and 2 timed at 10 and 1 ms a hand: the bar opens at run 0's share
    of the work, run 0 weighed at the mean of the timed tables (5.5 ms), and ends with every hand in its note."""
    runs = [dict(run, out=tmp_path / f"arm{k}", label=f"arm {k}") for k, run in enumerate(RUNS)]
    simulate_arms(runs[:1], jobs=2, progress=False)
    timed = []

    def fake_timing(plan):
        timed.append((plan.variant, tuple(plan.labels)))
        return 0.01 if "random" in plan.labels else 0.001

    monkeypatch.setattr(arm_stream, "table_seconds_per_hand", fake_timing)
    capsys.readouterr()
    simulate_arms(runs, jobs=2, progress=True)
    lines = capsys.readouterr().err.replace("\r", "\n").splitlines()
    assert sorted(timed) == [("jincheng", ("random", "greedy", "greedy", "greedy")),
                             ("jinhua", ("greedy",) * 4)]  # once per table that still plays
    work = [150 * 0.0055, 120 * 0.01, 90 * 0.001]
    share = round(100 * work[0] / sum(work))
    assert share == 39  # by hands it would be 42 %
    opening = next(line for line in lines if line.startswith("3 arms, 1/3 done: "))
    assert f" {share}%|" in opening and "150/360 hands" in opening
    assert any(line.startswith("3 arms, 3/3 done: 100%|") and "360/360 hands" in line for line in lines)


def test_without_a_bar_no_table_is_timed(tmp_path, monkeypatch):
    def no_timing(plan):
        raise AssertionError("timed a table without a bar")

    monkeypatch.setattr(arm_stream, "table_seconds_per_hand", no_timing)
    runs = [dict(run, out=tmp_path / f"arm{k}") for k, run in enumerate(RUNS)]
    assert [r.simulated_hands for r in simulate_arms(runs, jobs=2, progress=False)] == [150, 120, 90]
