"""Many runs as one stream of chunks through one pool of workers — plain Python (no kernels).

``sim.simulate`` plays one run's chunks and waits for the last of them before the caller starts the next run, so a
study of many small arms leaves a core idle at the end of every arm, and an arm of a single chunk plays on one
core. ``simulate_arms`` plans every run first (each folder locked, resumed and checked exactly as ``simulate``
does it), then hands all their remaining chunks to one pool, in order, so the workers stay busy across the arms.
The records are the same: hand *i* of a run depends only on its seed and *i*, never on who plays it when.
"""
from __future__ import annotations

import os
from contextlib import ExitStack, closing

from sim import parts, run_folder
from sim.chunk_pieces import PieceFeed
from sim.compile_progress import table_label
from sim.driver import (check_backend, check_complete, parallel_unordered, play_matrix, play_writing, prepare_kernels,
                        simulate)
from sim.progress import progress_enabled
from sim.run_plan import plan_run, worker_count
from sim.work_bar import seconds_per_hand, work_bar


def simulate_arms(runs: list[dict], jobs=1, backend="loky", scheduler=None, progress=None,
                  label=None) -> list[parts.StreamedRun]:
    """Play every run of ``runs`` into its own folder; return their ``sim.parts.StreamedRun``s in the same order,
    each with ``simulated_hands`` (played now) and ``reused_hands`` (from parts an earlier run finished).

    A run is a dict of ``sim.simulate``'s keyword arguments: ``hands`` and ``out`` (a folder, one per run), and
    any of ``seed``, ``rules``, ``seats``, ``chunk``, ``session_length``, ``deal_condition``, rule overrides and
    ``label`` (its bar's name when it plays alone). Every run is checked before any plays (one-line ``ValueError``
    or ``sim.parts.RunFolderError``). On several local workers the runs' chunks share one pool and one bar named
    ``label`` (default "N arms") and the runs done: its percentage and time left are of the work, each hand weighed
    by its table's cost (``sim.work_bar``), beside the hands and hands/s; with one worker or ``backend="dask"``
    each run is a ``simulate`` call of its own, one after another."""
    n_workers = worker_count(jobs)
    check_backend(backend, scheduler)
    show = progress_enabled(progress)
    settings = [{k: v for k, v in run.items() if k != "label"} for run in runs]
    plans = [plan_run(**run) for run in settings]
    folders = [os.path.realpath(plan.out) if plan.out is not None else None for plan in plans]
    if None in folders:
        raise ValueError(f"run {folders.index(None)} of simulate_arms has no out folder; every run needs out=DIR")
    if len(set(folders)) < len(folders):
        raise ValueError("two runs of simulate_arms write into the same out folder; give each run its own")
    if backend == "dask" or n_workers == 1:
        return [simulate(**run, jobs=jobs, backend=backend, scheduler=scheduler, progress=progress)
                for run in runs]
    with ExitStack() as locks:
        remaining = []
        for plan in plans:
            plan.out.mkdir(parents=True, exist_ok=True)
            locks.enter_context(parts.folder_lock(plan.out))
            remaining.append(run_folder.chunks_to_play(plan.out, plan.settings(), plan.chunks))
        tasks = [(index, plan.task(first, n)) for index, (plan, chunks) in enumerate(zip(plans, remaining))
                 for first, n in chunks]
        costs = _prepare(plans, remaining, n_workers, len(tasks), show)  # [run] seconds per hand of its table
        total = sum(plan.hands for plan in plans)
        done = total - sum(task[4] for _, task in tasks)  # hands finished, by this stream or an earlier run
        names = [run.get("label") or f"run {k}" for k, run in enumerate(runs)]
        left = [sum(n for _, n in chunks) for chunks in remaining]  # hands each run still plays
        total_work = sum(plan.hands * cost for plan, cost in zip(plans, costs))
        left_work = sum(hands * cost for hands, cost in zip(left, costs))
        warmup = min(n_workers, len(tasks))  # each worker's first chunk pays for loading the kernels
        name = label or f"{len(plans)} arms"
        feed = PieceFeed()  # a single chunk plays here, piece by piece under the bar
        # closed on any exit, so an interrupted stream stops its workers
        results = _results(tasks, plans, n_workers, feed if show else None)
        with closing(results), work_bar(total_work, total_work - left_work, total, done, show,
                                        runs_label(name, left), warmup) as bar:
            feed.advance = lambda hands: bar.advance(hands * costs[tasks[0][0]], hands)
            for index, first, (n, digest) in results:
                parts.record_part(plans[index].out, first, n, digest)
                left[index] -= n
                bar.desc, bar.notes = runs_label(name, left), [f"last: {names[index]}"]
                rest = feed.finish(n)  # the hands of a chunk played elsewhere, whole
                if not (rest and bar.advance(rest * costs[index], rest)) and left[index] == 0:
                    bar.refresh()  # draws when it is time; a run's end always
        for plan in plans:
            check_complete(plan.out, plan.chunks)
    streamed = []
    for plan, chunks in zip(plans, remaining):
        run = parts.StreamedRun(plan.out)
        run.simulated_hands = sum(n for _, n in chunks)
        run.reused_hands = plan.hands - run.simulated_hands
        streamed.append(run)
    return streamed


def runs_label(name: str, left: list[int]) -> str:
    """Return the stream bar's label: its ``name`` and how many runs are done (``left``: hands each still plays),
    e.g. ``85 arms, 12/85 done`` (the bar's note names the run whose chunk finished last, where it fits)."""
    return f"{name}, {sum(1 for hands in left if hands == 0)}/{len(left)} done"


def _prepare(plans, remaining, n_workers: int, n_tasks: int, show: bool) -> list[float]:
    """Compile (or load) in this process the kernels of every distinct table the runs still play (``n_tasks``
    chunks in all), before the workers start (``sim.driver.prepare_kernels``). Return each run's weight per hand
    on the bar: with a bar (``show``), the seconds a hand of its table takes here (``table_seconds_per_hand``, once
    per distinct table, on the deal condition of its first run; a run already complete weighs the mean of those
    timed, 1.0 when none was); without one, 1.0 for every run (nothing timed)."""
    prepared, seconds = set(), {}
    n_tables = len({_table_key(plan) for plan, chunks in zip(plans, remaining) if chunks})
    for plan, chunks in zip(plans, remaining):
        key = _table_key(plan)
        if chunks and key not in prepared:
            prepared.add(key)
            prepare_kernels(plan.rules_config, plan.seat_configs, plan.seed, n_workers, "loky", n_tasks, show,
                            label=table_label(len(prepared), n_tables))
        if chunks and show and key not in seconds:
            seconds[key] = table_seconds_per_hand(plan)
    fallback = sum(seconds.values()) / len(seconds) if seconds else 1.0
    return [seconds.get(_table_key(plan), fallback) for plan in plans]


def _table_key(plan) -> tuple:
    """Return what tells a run's table apart from the others of a stream: its variant and its seats' labels."""
    return plan.variant, tuple(plan.labels)


def table_seconds_per_hand(plan) -> float:
    """Return the seconds one hand of ``plan``'s table takes in this process, its kernels compiled (hands 0, 1, ...
    of its seed and deal condition, independent hands: ``sim.work_bar.seconds_per_hand``)."""
    return seconds_per_hand(lambda n: play_matrix(plan.rules_config, plan.seat_configs, plan.seed, 0, n, 0,
                                                  plan.deal_condition))


def _play_arm_chunk(index: int, task: tuple, out: str, variant: str, labels: list[str], owner: int,
                    engines: dict | None, on_hands=None) -> tuple:
    """Worker: play one chunk of run ``index`` into its folder ``out``; return ``(index, first_hand, (n_hands,
    sha256))`` (``sim.driver``'s writing worker, tagged with its run; in pieces reported to ``on_hands``)."""
    return (index, *play_writing(task, out, variant, labels, owner, engines, on_hands))


def _results(tasks: list[tuple], plans, n_workers: int, on_hands=None):
    """Yield ``(run index, first hand, (n_hands, sha256))`` of every chunk in ``tasks`` ([(run index, task)]) as the
    workers finish them (a single chunk plays in this process, in pieces reported to ``on_hands`` when given)."""
    from joblib import delayed

    from sim.engine_setting import run_setting

    parent, engines = os.getpid(), run_setting()
    calls = [(index, task, os.fspath(plans[index].out), plans[index].variant, plans[index].labels, parent, engines)
             for index, task in tasks]
    if len(calls) == 1:
        yield _play_arm_chunk(*calls[0], on_hands)
        return
    yield from parallel_unordered((delayed(_play_arm_chunk)(*call) for call in calls), n_workers)
