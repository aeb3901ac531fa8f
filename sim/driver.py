"""The batch driver: ``simulate`` splits hand indices into chunks and plays them in the compiled kernel.

Hand *i* depends only on ``(seed, i)``, so the records are identical whatever the number of
workers, the chunk size or the backend. Chunks run in-process (``jobs=1``), on local worker
processes (joblib ``loky``) or on a Dask cluster (``backend="dask"``); the result is one polars
frame sorted by ``hand``, or, with ``out=DIR``, one Parquet part per chunk streamed into ``DIR``
(see ``sim.parts``: atomic parts, a manifest; ``sim.run_folder``: resume and extension). Plain Python (no kernels).
"""
from __future__ import annotations

import os
import re
import socket
import threading
import warnings
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import numpy as np

from sim import kernel_cache, parts, run_folder
from sim.parts import load, scan  # noqa: F401  (public: sim.driver.load / scan)
from sim.run_plan import (MAX_DEFAULT_CHUNK, default_chunk, plan_run, resolve,  # noqa: F401  (public names)
                          worker_count)
from sim.chunk_pieces import PieceFeed, play_in_pieces
from sim.compile_lanes import start_lane, stop_lane
from sim.compile_progress import BAR_LABEL, compile_bar
from sim.parent_watch import children_ignore_sigint, watch_parent, worker_start
from sim.progress import hand_bar, progress_enabled
from sim.record import to_frame
from sim.strategy_registry import resolve_seats

BACKENDS = ("loky", "dask")
IN_FLIGHT_PER_WORKER = 2     # chunks queued or running per worker (bounds streaming memory)
DASK_HINT = 'backend="dask" needs the optional Dask extra: pip install "mahjong-rules-lab[dask]"'
#: A Dask scheduler address: ``tcp://HOST:PORT`` (or ``tls://``; the scheme may be left out, tcp is meant).
SCHEDULER_ADDRESS = re.compile(r"(?:(?:tcp|tls)://)?(\[[0-9a-fA-F:.]+\]|[\w.-]+):(\d{1,5})")
CONNECT_SECONDS = 10  # how long a run waits for a Dask scheduler to answer


# --------------------------------------------------------------------------- validation

def check_backend(backend: str, scheduler) -> None:
    """Raise a one-line ValueError for an unknown backend or a scheduler without Dask, and a one-line
    ImportError naming the extra when ``backend="dask"`` but Dask is not installed."""
    if backend not in BACKENDS:
        raise ValueError(f"backend={backend!r} is not one of {', '.join(BACKENDS)}")
    if scheduler is not None and backend != "dask":
        raise ValueError(f"scheduler={scheduler!r} needs backend='dask' (got backend={backend!r})")
    if backend == "dask":
        check_dask_installed()
    if scheduler is not None:
        check_scheduler(scheduler)


def check_scheduler(address, timeout: float = CONNECT_SECONDS) -> None:
    """Raise a one-line ValueError unless ``address`` reads ``tcp://HOST:PORT`` and something listens there (a TCP
    connection opens within ``timeout`` seconds); returns nothing."""
    match = SCHEDULER_ADDRESS.fullmatch(address) if isinstance(address, str) else None
    if match is None or not 0 < int(match[2]) < 65536:
        raise ValueError(f"scheduler={address!r} is not a Dask scheduler address; write tcp://HOST:PORT "
                         "(as `dask scheduler` prints it)")
    host, port = match[1].strip("[]"), int(match[2])
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as error:
        raise ValueError(f"scheduler={address!r}: no Dask scheduler answers at {host}:{port} "
                         f"({error.strerror or error}); start one with `dask scheduler`") from None


def check_dask_installed() -> None:
    """Raise a one-line ImportError naming the ``[dask]`` extra unless Dask's distributed scheduler imports."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ImportError(DASK_HINT) from None


# --------------------------------------------------------------------------- chunk workers

def play_matrix(rules_config, seat_configs, seed: int, first_hand: int, n_hands: int,
                session_length: int, deal_condition: int = 0) -> np.ndarray:
    """Return the kernel record matrix ``int32[n_hands, N_KERNEL_COLUMNS]`` of one chunk."""
    from sim.play import play_resolved

    return play_resolved(rules_config, seat_configs, seed, first_hand, n_hands, session_length, False,
                         deal_condition)[0]


def _play_returning(task: tuple, parent: int | None = None, engines: dict | None = None,
                    on_hands=None) -> tuple[int, np.ndarray]:
    """Worker: play one chunk and return ``(first_hand, record matrix)``. With ``parent`` (the pid of the run that
    started this worker) the worker ends itself when that process dies (``sim.parent_watch``). ``engines`` is the
    parent's engine setting (``sim.engine_setting.run_setting``: the variants of the run), so that a reused worker plays
    the engine the parent compiled. With ``on_hands`` (in this process, under a bar) the chunk plays in pieces,
    the same records, and ``on_hands(hands)`` is called as each ends (``sim.chunk_pieces``)."""
    from sim.engine_setting import applied_setting

    if parent is not None:
        watch_parent(parent)
    rules_config, seat_configs, seed, first, n, session_length, deal_condition = task

    def play(start: int, size: int) -> np.ndarray:
        return play_matrix(rules_config, seat_configs, seed, start, size, session_length, deal_condition)

    with applied_setting(engines):
        if on_hands is None:
            return first, play(first, n)
        return first, play_in_pieces(play, first, n, session_length, on_hands)


def play_writing(task: tuple, out: str, variant: str, labels: list[str], owner: int,
                 engines: dict | None = None, on_hands=None) -> tuple[int, tuple[int, str]]:
    """Worker: play one chunk, write its Parquet part into ``out``; return ``(first_hand, (n_hands, sha256))``.

    ``owner`` is the pid of the run holding ``out``'s lock: the worker ends with it, and the part is renamed into
    place only while it still holds the lock (``sim.parts.write_part``). ``on_hands``: see ``_play_returning``."""
    first, matrix = _play_returning(task, owner, engines, on_hands)
    digest = parts.write_part(to_frame(matrix, task[2], variant, labels), out, first, owner=owner)
    return first, (task[4], digest)


def _run_sequential(tasks: list[tuple], out, variant, labels, on_hands=None) -> Iterator[tuple]:
    """Yield chunk results in order, in this process (each in pieces when ``on_hands`` follows them)."""
    for task in tasks:
        if out is not None:
            yield play_writing(task, out, variant, labels, os.getpid(), on_hands=on_hands)
        else:
            yield _play_returning(task, on_hands=on_hands)


def _run_loky(tasks: list[tuple], n_workers: int, out, variant, labels) -> Iterator[tuple]:
    """Yield chunk results as local worker processes finish them (at most a few chunks in flight); each worker
    ends with this process (``sim.parent_watch``)."""
    from joblib import delayed

    from sim.engine_setting import run_setting

    parent, engines = os.getpid(), run_setting()
    if out is not None:
        calls = (delayed(play_writing)(task, out, variant, labels, parent, engines) for task in tasks)
    else:
        calls = (delayed(_play_returning)(task, parent, engines) for task in tasks)
    yield from parallel_unordered(calls, n_workers)


def parallel_unordered(calls: Iterator, n_workers: int) -> Iterator:
    """Yield the results of joblib ``calls`` (``delayed`` functions) as ``n_workers`` local worker processes
    (loky, reused between runs) finish them, at most ``IN_FLIGHT_PER_WORKER`` per worker queued or running.

    Each worker starts with ``sim.parent_watch.worker_start``: it dies with this process and ignores Ctrl-C's
    SIGINT. Closing this generator before its end (an exception in the caller, KeyboardInterrupt included; see
    ``closing`` in ``simulate``) kills the workers and waits until they are gone; the parts they finished stay."""
    from joblib import Parallel, parallel_config

    main_thread = threading.current_thread() is threading.main_thread()  # the thread that forks the workers
    with parallel_config(backend="loky", initializer=worker_start, initargs=(os.getpid(), main_thread)):
        parallel = Parallel(n_jobs=n_workers, return_as="generator_unordered",
                            pre_dispatch=f"{IN_FLIGHT_PER_WORKER}*n_jobs", batch_size=1)
    results = None
    try:
        with children_ignore_sigint():  # the workers forked now ignore Ctrl-C from their start (sim.parent_watch)
            results = parallel(calls)
        for result in results:
            yield result
    finally:
        if results is not None:
            with warnings.catch_warnings():  # joblib's note that the tasks in flight were cancelled: meant
                warnings.simplefilter("ignore")
                threading.excepthook = quiet_cancelled_queueing(threading.excepthook)
                results.close()  # an unfinished stream: joblib kills its workers (SIGKILL) and waits for them


def quiet_cancelled_queueing(previous):
    """Return a ``threading.excepthook`` that drops the KeyError loky's ``ExecutorManagerThread`` raises when it
    queues a work item that the close of an interrupted stream has just cancelled (a race seen once in a loaded test
    run: a traceback after Ctrl-C's one line) and passes every other exception to ``previous``, the hook it replaces
    (a user's own, or the default). It stays installed (the manager thread may raise after the close returns);
    installing it again returns ``previous`` itself when that already drops the race, so repeated runs do not stack."""
    if getattr(previous, "drops_loky_queueing_race", False):
        return previous

    def hook(args) -> None:
        if (args.exc_type is KeyError and args.thread is not None
                and type(args.thread).__name__ == "_ExecutorManagerThread"):
            return
        previous(args)

    hook.drops_loky_queueing_race = True
    return hook


def _run_dask(tasks: list[tuple], n_workers: int, scheduler, out, variant, labels) -> Iterator[tuple]:
    """Yield chunk results from a Dask cluster (``scheduler`` address, else a LocalCluster).

    Workers return record matrices and this process writes the parts, so a remote cluster needs
    no shared filesystem.
    """
    from distributed import Client, LocalCluster, as_completed
    cluster = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                               dashboard_address=":0")
        client = Client(cluster)
    else:
        client = Client(scheduler, timeout=CONNECT_SECONDS)
    try:
        pending = iter(tasks)
        cluster_workers = len(client.scheduler_info().get("workers", {})) if scheduler is not None else 0
        window = IN_FLIGHT_PER_WORKER * max(1, n_workers, cluster_workers)
        from sim.engine_setting import run_setting

        engines = run_setting()
        futures = as_completed([client.submit(_play_returning, t, None, engines, pure=False)
                                for t in _take(pending, window)])
        for future in futures:
            first, matrix = future.result()
            future.release()
            for task in _take(pending, 1):
                futures.add(client.submit(_play_returning, task, None, engines, pure=False))
            if out is not None:
                digest = parts.write_part(to_frame(matrix, tasks[0][2], variant, labels), out, first)
                yield first, (matrix.shape[0], digest)
            else:
                yield first, matrix
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _take(iterator: Iterator, n: int) -> list:
    """Return up to ``n`` next items of ``iterator``."""
    taken = []
    for item in iterator:
        taken.append(item)
        if len(taken) == n:
            break
    return taken


# --------------------------------------------------------------------------- public entry point

def simulate(hands, seed=0, rules="jincheng", seats=("greedy",) * 4, jobs=1, out=None, chunk=None,
             backend="loky", scheduler=None, progress=None, session_length=0, label=None, deal_condition=0,
             **rule_overrides):
    """Play ``hands`` seeded hands and return their records.

    Returns a polars DataFrame with one row per hand (columns: sim.record), sorted by ``hand``;
    money columns are in units of 底注. With ``out=DIR`` the records are streamed as Parquet parts
    into ``DIR`` instead and a ``sim.parts.StreamedRun`` is returned: the ``pathlib.Path`` of
    ``DIR`` whose ``.load()`` gives the frame (also ``sim.load(DIR)``, lazily ``.scan()``), with
    ``simulated_hands`` and ``reused_hands``. A rerun with the same settings verifies the finished
    parts (row count, checksum), recomputes damaged ones and plays only the rest; a run into a
    directory that another live run is writing stops with ``sim.parts.RunFolderError``. Interrupted (Ctrl-C:
    KeyboardInterrupt), it stops its worker processes before the exception leaves it; the parts finished stay, and
    the same call resumes from them.

    ``rules`` is a variant name, a ``RulesConfig`` or a mapping, ``rule_overrides`` change single
    fields; ``seats`` holds four strategy names or configs; ``jobs`` is the number of worker processes
    (-1 = all cores); ``chunk`` the hands per chunk (default from ``hands``); ``backend`` is ``"loky"``
    or ``"dask"`` (``scheduler`` = a Dask scheduler address, else a local cluster); ``progress`` shows
    a bar of hands done and hands/s (None = only when stderr is a terminal); ``session_length`` > 0
    plays sessions of that many hands with dealer rotation; ``label`` names the bar (default "simulate");
    ``deal_condition`` (a sim.deal_conditions code, 0 = none) draws every wall given that condition on
    seat 0's start tiles (hand *i* is then a function of seed, *i* and the condition).
    """
    n_workers = worker_count(jobs)
    check_backend(backend, scheduler)
    show = progress_enabled(progress)
    plan = plan_run(hands, seed, rules, seats, out, chunk, session_length, deal_condition, **rule_overrides)
    if out is None:
        prepare_kernels(plan.rules_config, plan.seat_configs, plan.seed, n_workers, backend, len(plan.chunks), show)
        return _simulate_in_memory(plan, n_workers, backend, scheduler, show, label)
    out_dir = plan.out
    out_dir.mkdir(parents=True, exist_ok=True)
    with parts.folder_lock(out_dir):
        remaining = run_folder.chunks_to_play(out_dir, plan.settings(), plan.chunks)
        reused = plan.hands - sum(n for _, n in remaining)
        if remaining:
            prepare_kernels(plan.rules_config, plan.seat_configs, plan.seed, n_workers, backend, len(remaining), show)
        tasks = [plan.task(first, n) for first, n in remaining]
        feed = PieceFeed()  # a chunk played here, under a bar, moves it piece by piece
        results = _results(tasks, n_workers, backend, scheduler, os.fspath(out_dir), plan.variant, plan.labels,
                           feed if show else None)  # closed on any exit: an interrupted run stops its workers
        with closing(results), hand_bar(plan.hands, reused, show, label, warmup_updates(tasks, n_workers)) as bar:
            feed.advance = lambda hands: bar.advance(hands, hands)
            for first, (n, digest) in results:
                parts.record_part(out_dir, first, n, digest)
                rest = feed.finish(n)
                if rest:
                    bar.advance(rest, rest)
        check_complete(out_dir, plan.chunks)
    run = parts.StreamedRun(out_dir)
    run.simulated_hands, run.reused_hands = plan.hands - reused, reused
    return run


def check_complete(out_dir: Path, chunks: list[tuple[int, int]]) -> None:
    """Raise ``sim.parts.RunFolderError`` (one line) unless every part of ``chunks`` in ``out_dir`` is there and
    intact: a run never reports success over a damaged or removed part."""
    _, bad = parts.check_parts(out_dir, chunks)
    if bad or parts.missing_parts(out_dir):
        raise parts.RunFolderError(f"run in {os.fspath(out_dir)!r} did not complete: a part was damaged "
                                   f"or removed while it ran; rerun to recompute it")


def check_out(out, hands, seed=0, rules="jincheng", seats=("greedy",) * 4, chunk=None, session_length=0,
              deal_condition=0, **rule_overrides) -> None:
    """Raise ``sim.parts.RunFolderError`` (one line) when ``simulate(..., out=out)`` with these settings
    could not run: ``out`` holds a run with other settings, or another live run is writing it.
    Creates nothing; lets a caller check every directory before simulating any."""
    out_dir = Path(out)
    if not out_dir.is_dir():
        return
    plan = plan_run(hands, seed, rules, seats, out_dir, chunk, session_length, deal_condition, **rule_overrides)
    parts.check_manifest(out_dir, plan.settings())
    if (out_dir / parts.LOCK_NAME).exists():
        with parts.folder_lock(out_dir):
            pass


#: The engines this process has prepared kernels for, in order, by name (see ``compile_situation``).
_PREPARED: list[str] = []
#: [whether the kernel cache held no table engine when this process first prepared one], once set
_STARTED_COLD: list[bool] = []


def engine_name(variants: tuple[str, ...], policies: tuple[str, ...], outside: tuple[str, ...] = ()) -> str:
    """Return the short name of what a table compiles: its engine's variant (``sim.engine.Engine``'s ``variants``;
    a run's switch engine joined by ``+``), then ``/`` and its seat policies' module names and the strategies of
    its seats that decide outside the loop (``outside``, e.g. ``search``), joined by ``+``:
    ``jincheng/greedy+search``."""
    return "+".join(variants) + "/" + "+".join([policy.rsplit(".", 1)[-1] for policy in policies] + list(outside))


def named_table_engine(variant: str, seat_configs) -> tuple[object, str]:
    """Return the engine a table of ``variant`` with ``seat_configs`` plays here (``sim.table_engines.table_engine``: a run
    of several variants gets their switch engine) and the name of what the table compiles (``engine_name``, with
    the seats that decide outside the loop)."""
    from sim.table_engines import table_engine

    seats = resolve_seats(seat_configs)
    eng = table_engine(variant, seats)
    return eng, engine_name(eng.variants, eng.policies, tuple(sorted({s.name for s in seats if s.policy is None})))


def compile_situation(engine: str, before: list[str]) -> str:
    """Return the name of a kernel preparation for the compile bar's recorded counts (``sim.compile_progress``):
    the table's ``engine`` (``engine_name``) after the engines this process prepared ``before`` (joined by
    `` > ``), which decide what is left to compile (session mode and deal conditions are run-time arguments of the
    same kernels). The table's seat strategies are part of it: a table with a search seat compiles other kernels
    than four greedy seats of the same variant."""
    return " > ".join([s for s in before if s != engine] + [engine])


def prepare_kernels(rules_config, seat_configs, seed: int, n_workers: int, backend: str, n_tasks: int,
                    show: bool, label: str = BAR_LABEL) -> None:
    """Compile (or load from the cache) the engine's kernels in this process before the run, under a bar when
    they really compile (``sim.compile_progress``); returns nothing.

    A cold first run then shows what it is doing instead of a bar stuck at 0 for minutes, and local worker
    processes load the kernels compiled here instead of each compiling them again. Skipped with Dask (its
    workers may be other machines) and for an in-process run without a bar (its first chunk compiles them).
    A cold start also runs ``sim.compile_lanes``' second lane on another core meanwhile; the bar counts its
    kernels through the lane's report pipe.
    """
    if backend == "dask" or ((n_workers == 1 or n_tasks <= 1) and not show):
        return
    eng, prepared = named_table_engine(rules_config.variant, seat_configs)
    if not _STARTED_COLD:
        _STARTED_COLD.append(not kernel_cache.holds_an_engine())
    # The bar's estimate and the record it leaves describe a preparation in a process that started from an empty
    # cache. In one that found an engine cached, or for an engine prepared before (new argument types only), what
    # compiles depends on what earlier runs left, so the bar counts without a total and records nothing.
    estimated = _STARTED_COLD[0] and prepared not in _PREPARED
    situation = compile_situation(prepared, _PREPARED) if estimated else None
    first_in_process = not _PREPARED
    lanes = []  # the second compile lane, started at the first real compile (sim.compile_lanes)

    def start_second_lane():
        lane = start_lane(eng.variant, eng.policies)
        lanes.append(lane)
        return getattr(lane, "stdout", None)

    try:
        with compile_bar(show, on_first_compile=start_second_lane, situation=situation,
                         first_in_process=first_in_process, label=label):
            play_matrix(rules_config, seat_configs, seed, 0, 1, 0, 0)
        if prepared not in _PREPARED:
            _PREPARED.append(prepared)
    finally:
        for lane in lanes:
            stop_lane(lane)


def _results(tasks, n_workers, backend, scheduler, out_arg, variant, labels, on_hands=None) -> Iterator[tuple]:
    """Return the iterator of chunk results for the chosen backend (in-process when one worker suffices, each chunk
    in pieces reported to ``on_hands`` when given)."""
    if backend == "dask":
        return _run_dask(tasks, n_workers, scheduler, out_arg, variant, labels)
    if n_workers == 1 or len(tasks) <= 1:
        return _run_sequential(tasks, out_arg, variant, labels, on_hands)
    return _run_loky(tasks, n_workers, out_arg, variant, labels)


def warmup_updates(tasks: list, n_workers: int) -> int:
    """Return how many chunks finish before a bar measures its rate: one per worker that plays (the first chunk of
    each pays for loading the kernels)."""
    return max(1, min(n_workers, len(tasks)))


def _simulate_in_memory(plan, n_workers, backend, scheduler, show, label) -> "pl.DataFrame":
    """Play every chunk of ``plan`` (a ``sim.run_plan.RunPlan``) and return the records as one polars frame
    sorted by ``hand``."""
    tasks = [plan.task(first, n) for first, n in plan.chunks]
    matrices: dict[int, np.ndarray] = {}
    feed = PieceFeed()  # a chunk played here, under a bar, moves it piece by piece
    results = _results(tasks, n_workers, backend, scheduler, None, plan.variant, plan.labels, feed if show else None)
    with closing(results), hand_bar(plan.hands, 0, show, label, warmup_updates(tasks, n_workers)) as bar:
        feed.advance = lambda hands: bar.advance(hands, hands)
        for first, matrix in results:
            matrices[first] = matrix
            rest = feed.finish(matrix.shape[0])
            if rest:
                bar.advance(rest, rest)
    matrix = np.concatenate([matrices[first] for first in sorted(matrices)], axis=0)
    return to_frame(matrix, plan.seed, plan.variant, plan.labels)
