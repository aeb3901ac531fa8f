"""A real Dask cluster (sim/driver.py, backend="dask" with scheduler=ADDRESS): `dask scheduler` and two `dask worker`
processes on 127.0.0.1, each in its own working directory, play a streamed run while one worker is killed; the records
equal the loky run's hand for hand. The ``scheduler`` key of ``mjrules`` is checked against the same cluster."""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import polars as pl
import pytest

import sim
from experiments import runner
from experiments.compose import load_run_config
from experiments.config import ConfigError
from sim import parts

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.xdist_group("dask_cluster")  # one cluster for the module's tests

SEATS = ["greedy"] * 4
HANDS, CHUNK, SEED = 2000, 100, 45
START_SECONDS = 60   # bound on the cluster's start (each worker imports numpy, numba and the engine)
RUN_SECONDS = 180    # bound on one run (the kernels load from the cache in each worker)


def dask_command(*args: str) -> list[str]:
    """Return the `dask` command line of this interpreter's environment (where the workers import the project)."""
    return [sys.executable, "-m", "dask", *args]


def start(args: list[str], folder: Path, env: dict) -> subprocess.Popen:
    """Start a `dask` process in ``folder`` (its working directory, holding its log), in its own process group."""
    folder.mkdir(parents=True, exist_ok=True)
    log = open(folder / "log.txt", "wb")
    try:
        return subprocess.Popen(dask_command(*args), cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    finally:
        log.close()


def stop(process: subprocess.Popen) -> None:
    """End a started `dask` process group (SIGTERM, then SIGKILL after 10 s); returns nothing."""
    if process.poll() is None:
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                break
            try:
                process.wait(wait)
                break
            except subprocess.TimeoutExpired:
                continue


def read_address(scheduler_file: Path, process: subprocess.Popen) -> str:
    """Return the scheduler's address from its scheduler file, waiting at most START_SECONDS."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"dask scheduler exited with {process.returncode}")
        try:
            return json.loads(scheduler_file.read_text())["address"]
        except (OSError, ValueError, KeyError):
            time.sleep(0.2)
    raise TimeoutError(f"dask scheduler wrote no address within {START_SECONDS} s")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """Yield ``(address, client, {name: (worker process, its address)})`` of a scheduler and two workers started as
    `dask scheduler` / `dask worker` processes (free ports chosen by each, one thread each, no nanny, so a killed
    worker stays dead); every process is ended afterwards."""
    root = tmp_path_factory.mktemp("cluster")
    env = dict(os.environ)
    processes, client = [], None
    try:
        scheduler_file = root / "scheduler.json"
        processes.append(start(["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                "--idle-timeout", "600s",  # a scheduler no test uses ends itself
                                "--scheduler-file", str(scheduler_file)], root / "scheduler", env))
        address = read_address(scheduler_file, processes[0])
        names = ("w0", "w1")
        for name in names:
            processes.append(start(["worker", address, "--name", name, "--host", "127.0.0.1", "--nthreads", "1",
                                    "--no-nanny", "--no-dashboard", "--death-timeout", "60",
                                    "--local-directory", str(root / name / "dask")], root / name, env))
        client = distributed.Client(address, timeout=START_SECONDS)
        client.wait_for_workers(len(names), timeout=START_SECONDS)
        by_name = {info["name"]: addr for addr, info in client.scheduler_info()["workers"].items()}
        yield address, client, {name: (process, by_name[name]) for name, process in zip(names, processes[1:])}
    finally:
        if client is not None:
            client.close()
        for process in reversed(processes):
            stop(process)


def parts_done(folder: Path) -> int:
    """Return the number of finished parts in a run folder."""
    return len(list(folder.glob(f"{parts.PART_PREFIX}*{parts.PART_SUFFIX}")))


def kill_mid_run(client, victim: tuple, out: Path, done: threading.Event, killed: list) -> None:
    """Kill ``victim`` (its process and address) once the run into ``out`` has finished a part and the victim holds
    a chunk in hand; append to ``killed`` the parts done then. Gives up when ``done`` is set (the run ended)."""
    process, address = victim
    deadline = time.monotonic() + RUN_SECONDS
    while not done.is_set() and time.monotonic() < deadline:
        if parts_done(out) >= 1 and client.processing(workers=[address]).get(address):
            os.killpg(process.pid, signal.SIGKILL)
            killed.append(parts_done(out))
            return
        time.sleep(0.02)


def test_mjrules_runs_on_the_cluster_its_scheduler_key_points_at(cluster, tmp_path):
    address, _, _ = cluster
    overrides = ["experiment=dealer_edge", "hands=600", "experiment.dealer_edge.session_length=0",
                 "backend=dask", f"scheduler={address}", "chunk=200", "progress=false"]
    config = load_run_config(overrides)
    assert (config.backend, config.scheduler) == ("dask", address)
    runner.run(config, tmp_path, overrides)
    (arm,) = [p for p in (tmp_path / "hands").iterdir() if p.is_dir()]
    assert sim.load(arm).equals(sim.simulate(600, seed=0, seats=SEATS, chunk=200, progress=False))
    win_rates = pl.read_parquet(tmp_path / "summary.parquet").filter(pl.col("name") == "win_rate")
    assert win_rates["n"].to_list() == [600] * 4


def test_a_worker_killed_mid_run_loses_and_doubles_no_hand(cluster, tmp_path):
    address, client, workers = cluster
    out = tmp_path / "run"
    out.mkdir()
    done, killed = threading.Event(), []
    killer = threading.Thread(target=kill_mid_run, args=(client, workers["w0"], out, done, killed), daemon=True)
    killer.start()
    try:
        run = sim.simulate(HANDS, seed=SEED, seats=SEATS, chunk=CHUNK, backend="dask", scheduler=address, out=out,
                           progress=False)
    finally:
        done.set()
        killer.join(RUN_SECONDS)
    assert killed and killed[0] < HANDS // CHUNK, "the worker was not killed while the run was under way"
    assert workers["w0"][0].wait(10) == -signal.SIGKILL
    assert list(client.scheduler_info()["workers"]) == [workers["w1"][1]]  # the rest ran on the other worker
    records = sim.load(run)
    assert records["hand"].to_list() == list(range(HANDS))  # nothing lost, nothing doubled
    assert parts_done(out) == HANDS // CHUNK
    loky = sim.simulate(HANDS, seed=SEED, seats=SEATS, jobs=2, chunk=CHUNK, backend="loky", progress=False)
    assert records.equals(loky)


def free_port() -> int:
    """Return a TCP port of 127.0.0.1 that nothing listened on a moment ago."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("overrides, message", [
    (["scheduler=tcp://127.0.0.1:8786"], "scheduler='tcp://127.0.0.1:8786' needs backend=dask (got backend='loky')"),
    (["backend=dask", "scheduler=127.0.0.1"], "scheduler='127.0.0.1' is not a Dask scheduler address; write "
                                              "tcp://HOST:PORT"),
    (["backend=dask", "scheduler=tcp://127.0.0.1:{port}"], "scheduler='tcp://127.0.0.1:{port}': no Dask scheduler "
                                                           "answers at 127.0.0.1:{port}"),
])
def test_a_bad_scheduler_key_stops_in_one_line(overrides, message):
    port = free_port()
    with pytest.raises(ConfigError) as error:
        load_run_config(["experiment=dealer_edge", *(o.format(port=port) for o in overrides)])
    assert message.format(port=port) in str(error.value) and "\n" not in str(error.value)
