"""A strategy from outside the package (tests/outside_strategy: ``edge_legal``, its own compiled policy, registered
by its own entry point) plays like one of ours: in worker processes (``jobs=2``), through ``mjrules`` in a
tournament, and an edit of its source is compiled by the next run, never run stale (sim.strategy_registry,
sim.outside_sources).

The package is installed with pip into a folder put on the subprocesses' path. ``edge_legal`` with ``END = 0`` takes
the legal action of the lowest code — always a discard in its own turn, so under 晋城 it never 上架s and never wins
(RULES §1.4 r22: no win without 上架); with ``END = 1`` it takes the highest — 自摸/胡 whenever legal, else 上架
whenever legal — so it wins hands.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(__file__).resolve().parent / "outside_strategy"

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("outside-strategy")]

_PLAY = r"""
import hashlib, json
from sim import simulate
frame = simulate(hands=240, seed=5, rules="jincheng", seats=["edge_legal", "greedy", "greedy", "greedy"], jobs=2,
                 chunk=60)
print(json.dumps({"strategy": sorted(set(frame["s0_strategy"].cast(str))), "hands": frame.height,
                  "seat0_wins": int((frame["winner"] == 0).sum()),
                  "digest": hashlib.sha256(frame.write_ipc(None).getvalue()).hexdigest()}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict]:
    """(the installed package's folder, the environment that sees it): pip installs a copy of tests/outside_strategy."""
    work = tmp_path_factory.mktemp("outside")
    source, site = work / "source", work / "site"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--target", str(site), str(source)], check=True, capture_output=True, timeout=300)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
    env.pop("MJRULES_SHARED_ENGINES", None)  # a user's run: the table's own engine, (greedy, edge_legal)
    return site / "mjr_outside_demo", env


def _play(env: dict) -> dict:
    result = subprocess.run([sys.executable, "-c", _PLAY], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_an_outside_strategy_plays_in_workers_in_a_tournament_and_recompiles_when_edited(installed, tmp_path):
    package, env = installed
    first = _play(env)
    assert first["strategy"] == ["edge_legal"] and first["hands"] == 240
    assert first["seat0_wins"] == 0  # END = 0: it never 上架s, so it never wins (RULES §1.4 r22)

    run = tmp_path / "tournament"
    result = subprocess.run(
        [sys.executable, "-m", "experiments", "experiment=tournament", "experiment.tournament.strategies=[greedy,edge_legal]",
         "hands=40", "jobs=2", "progress=false", f"hydra.run.dir={run}"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    report = (run / "report.md").read_text(encoding="utf-8")
    assert "edge_legal" in report

    edge = package / "edge.py"
    edge.write_text(edge.read_text().replace("END = 0", "END = 1"))
    second = _play(env)
    assert second["seat0_wins"] > 0  # the edited kernel ran: it 上架s and wins
    assert second["digest"] != first["digest"]


def test_a_broken_entry_point_is_named_in_one_line(installed, tmp_path):
    """An outside package whose entry point fails to load stops a run with one line naming it: the registry raises
    it, and ``mjrules`` prints it alone with exit status 2."""
    package, env = installed
    broken = tmp_path / "site"
    shutil.copytree(package.parent, broken, ignore=shutil.ignore_patterns("__pycache__"))
    (broken / "mjr_outside_demo" / "specs.py").write_text("raise ImportError('no such thing')\n")
    env = dict(env, PYTHONPATH=os.pathsep.join([str(broken), str(ROOT)]))
    code = "from sim.strategy_registry import REGISTRY\nprint(len(REGISTRY))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode != 0
    last = result.stderr.strip().splitlines()[-1]
    assert "strategy entry point demo = mjr_outside_demo.specs:SPECS" in last and "no such thing" in last
    result = subprocess.run([sys.executable, "-m", "experiments", "hands=10", "progress=false",
                             f"hydra.run.dir={tmp_path / 'run'}"], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr[-2000:]
    assert result.stderr.startswith("error: strategy entry point demo = mjr_outside_demo.specs:SPECS")
