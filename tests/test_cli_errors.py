"""The mjrules command line: every bad input gives exactly one ``error: ...`` line on stderr and exit
status 2 (no traceback), checked in a fresh interpreter as a user would run it."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SMALL = ["hands=200", "chunk=100", "jobs=1", "experiment=dealer_edge", "experiment.dealer_edge.session_length=0"]


def mjrules(args: list[str], cwd: Path, prelude: str = "") -> subprocess.CompletedProcess:
    """Run ``python -m experiments ARGS`` (after ``prelude``) in ``cwd``; return the finished process."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    code = f"{prelude}\nfrom experiments.app import main\nmain({args!r})"
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def assert_one_error_line(process: subprocess.CompletedProcess, *fragments: str) -> str:
    lines = process.stderr.strip().splitlines()
    assert process.returncode == 2, process.stderr
    assert len(lines) == 1 and lines[0].startswith("error: "), process.stderr
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]


@pytest.mark.parametrize("args, fragments", [
    (["hydra.run.dir=/proc/no_such_folder/x"], ["hydra.run.dir=/proc/no_such_folder/x cannot be created"]),
    (["experiment.huangzhuang.stacks=[]"], ["experiment.huangzhuang.stacks=[] is empty", "0..20"]),
    (["experiment.huangzhuang.pong_policies=[]"], ["pong_policies=[] is empty", "always, improves, never"]),
    (["experiment.early_ting.min_live_waits=[]"], ["min_live_waits=[] is empty"]),
    (["seats.seats=[greedy,selective_ting{min_live_waits=3},greedy,greedy]"],
     ["cannot parse override seats.seats=[greedy,selective_ting{min_live_waits=3},greedy,greedy]:",
      "a parametrised seat must be quoted inside the list",
      """'seats.seats=[greedy,"selective_ting{min_live_waits=3}",greedy,greedy]'"""]),
    (["hands=100", "experiment=skill", "experiment.skill.strong=greedy{pong=always}"],
     ["cannot parse override experiment.skill.strong=greedy{pong=always}:",
      """must be quoted: "experiment.skill.strong='greedy{pong=always}'\"""", "double quotes for the shell"]),
])
def test_bad_command_lines_give_one_line_and_status_2(tmp_path, args, fragments):
    assert_one_error_line(mjrules(args, tmp_path), *fragments)


def test_a_seat_refused_by_a_rule_flag_is_one_line_before_the_run_starts(tmp_path):
    """RULES §2.1 r1: no honors on the jz_tiles=108 wall, so 十三幺 play is refused at config validation (one line, no
    run folder), listing the strategies valid under those rules (baotou is 金华's only)."""
    process = mjrules(["rules=jinzhong", "rules.jz_tiles=108", "seats.seats=[thirteen_orphans,greedy,greedy,greedy]",
                       *SMALL], tmp_path)
    line = assert_one_error_line(process, "seats.seats", "thirteen_orphans", "jz_tiles=108")
    assert "baotou" not in line.split("(valid:")[1]
    assert not (tmp_path / "outputs").exists()


def test_dask_backend_without_the_extra_gives_one_line(tmp_path):
    process = mjrules(["backend=dask", *SMALL], tmp_path,
                      prelude="import sys\nsys.modules['distributed'] = None\nsys.modules['dask'] = None")
    assert_one_error_line(process, 'pip install "mahjong-rules-lab[dask]"')


def test_the_quoted_seat_of_the_readme_example_is_accepted():
    from experiments.compose import SEAT_EXAMPLE, check_overrides

    (config,) = check_overrides([SEAT_EXAMPLE.strip("'")])
    assert config.seats.seats[1] == "selective_ting{min_live_waits=3}"
    assert SEAT_EXAMPLE.strip("'") in (ROOT / "README.md").read_text(encoding="utf-8")


def test_rerun_into_a_folder_of_other_settings_and_a_held_folder_give_one_line(tmp_path):
    run_dir = tmp_path / "run"
    first = mjrules([*SMALL, f"hydra.run.dir={run_dir}"], tmp_path)
    assert first.returncode == 0, first.stderr
    assert "200 hands simulated in" in first.stdout
    arm = run_dir / "hands" / "dealer_edge_seats"
    part = arm / "part-000000000100.parquet"
    part.write_bytes(part.read_bytes()[:100])   # a damaged finished part: recomputed, named in one line
    again = mjrules([*SMALL, f"hydra.run.dir={run_dir}"], tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[-2].startswith("100 hands simulated in ")
    assert again.stdout.splitlines()[-2].endswith("; 100 more reused from parts an earlier run finished")
    assert again.stderr.splitlines() == [
        f"part part-000000000100.parquet in {arm} is damaged (its checksum does not match parts.sha256); "
        "recomputing it", f"resuming {arm}: 1 of 2 parts done (100 hands)"]
    other = mjrules([*SMALL, "seed=5", f"hydra.run.dir={run_dir}"], tmp_path)
    assert_one_error_line(other, "holds a run with different settings: seed is 0 there, 5 now")
    held = mjrules([*SMALL, f"hydra.run.dir={run_dir}"], tmp_path, prelude=(
        "from sim.parts import folder_lock\n"
        f"held = folder_lock({str(run_dir)!r})\nheld.__enter__()"))   # this process holds the folder as another run would
    assert_one_error_line(held, "another run (pid", "is writing into")


def test_fewer_hands_into_a_run_folder_are_refused_as_fewer_hands(tmp_path):
    """No chunk set: the default chunk follows the hands, yet the refusal names what changed, the hands."""
    run_dir = tmp_path / "run"
    small = [arg for arg in SMALL if not arg.startswith(("hands=", "chunk="))]
    first = mjrules([*small, "hands=200", f"hydra.run.dir={run_dir}"], tmp_path)
    assert first.returncode == 0, first.stderr
    fewer = mjrules([*small, "hands=100", f"hydra.run.dir={run_dir}"], tmp_path)
    assert assert_one_error_line(fewer) == (f"error: the run folder {str(run_dir)!r} holds a run of 200 hands per "
                                            f"arm; hands=100 asks for fewer: use a new folder or hands>=200")
