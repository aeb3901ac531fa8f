"""The bar of many runs at once: progress and time left in estimated work, not in hands — plain Python (no kernels).

The arms of one study can differ a thousandfold in the cost of a hand: a table with a search seat plays about 20
hands a second on one core where four greedy seats play about 20,000. A bar that counts hands then races through
the greedy arms, shows 95 % and a time left of seconds, and stays there for half an hour while the search arms
play. So the stream's bar counts *work*: each hand weighs what a hand of its table costs, measured in this process
before the stream starts (``seconds_per_hand``: about 0.1 s per distinct table, after its kernels are compiled).
Its percentage and time left are then those of the work; the bar's rate of work done per second takes in the number
of workers and the speed of the machine, so only the tables' relative costs need to be right. The bar also counts the
hands (done, per second); a stream's bar says the runs done in its label (``sim.arm_stream.runs_label``).
"""
from __future__ import annotations

import time
from collections.abc import Callable

from sim.progress import RunBar

#: a first hand that alone takes this long (seconds) is a table's timing by itself: a table with a search seat
FIRST_HAND_SECONDS = 0.05
#: otherwise the hands beyond the first must add this long (seconds) to a call before its timing counts; a call's
#: fixed cost (some ten milliseconds of setting up the table in Python) drops out in the difference
TIMING_SECONDS = 0.01
#: the most hands a table's timing plays (a table that plays them faster is cheap anyway)
MAX_TIMING_HANDS = 4096


def seconds_per_hand(play: Callable[[int], object], clock: Callable[[], float] = time.perf_counter) -> float:
    """Return the seconds one hand of a table takes, timing ``play(n)`` (plays ``n`` hands; its kernels compiled
    already): one hand, the answer when it lasts FIRST_HAND_SECONDS; else n = 8, 64, ... hands until they last
    TIMING_SECONDS longer than the one hand or n reaches MAX_TIMING_HANDS, and the extra seconds over the n - 1
    extra hands. About 0.1 s for a greedy table, one hand for a search table."""
    started = clock()
    play(1)
    first = clock() - started
    if first >= FIRST_HAND_SECONDS:
        return first
    n = 1
    while True:
        n *= 8
        started = clock()
        play(n)
        extra = clock() - started - first
        if extra >= TIMING_SECONDS or n >= MAX_TIMING_HANDS:
            return max(extra, 1e-9) / (n - 1)


def work_bar(total_work: float, done_work: float, hands_total: int, hands_done: int, enabled: bool, label: str,
             warmup: int = 1, **tqdm_args) -> RunBar:
    """Return a ``sim.progress.RunBar`` named ``label`` whose counter is work (any unit: its ``total_work``, of which
    ``done_work`` is done already) and which counts the hands beside it (``hands_done`` of ``hands_total``): its
    percentage, rate of work and time left are those of the work, its hands/s those of the hands; ``warmup`` is the
    updates before its rate is measured (one per worker). Removed when it closes; a disabled bar costs nothing."""
    return RunBar(total_work, done_work, hands_total, hands_done, label, enabled, warmup, **tqdm_args)
