"""``mjrules --help``: what the app does, one line per experiment and per config group, and where the output goes,
instead of Hydra's generic page; checked in a fresh interpreter as a user would run it."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUPS = ("rules", "seats", "experiment")


def options(group: str) -> list[str]:
    return sorted(p.stem for p in (ROOT / "conf" / group).glob("*.yaml"))


def help_text(tmp_path) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "experiments", "--help"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_help_says_what_the_app_does_lists_experiments_groups_and_output(tmp_path):
    text = help_text(tmp_path)
    lines = text.splitlines()
    assert lines[0].startswith("mjrules: Monte Carlo studies of regional Chinese mahjong rules")
    assert "Powered by Hydra" not in text and "== Config ==" not in text  # not Hydra's generic page
    for name in options("experiment"):  # every experiment on a line of its own, with what it does
        line = next((line for line in lines if re.match(rf"^  {re.escape(name)}\s{{2,}}\S", line)), None)
        assert line is not None, f"experiment {name} is not listed"
        assert len(line.split(None, 1)[1]) > 10
    assert re.search(r"^  overview\s+.*\(default\)", text, re.MULTILINE)
    for group in GROUPS:  # the three groups, one line each
        group_lines = [line for line in lines if line.startswith(f"  {group}=NAME ")]
        assert len(group_lines) == 1, group
    for group in ("rules", "seats"):
        assert ", ".join(options(group)) in text
    output = text[text.index("Output:"):]
    for thing in ("outputs/EXPERIMENT/DATE_TIME/", "hydra.run.dir", "summary.parquet", "report.html", "multirun/"):
        assert thing in output
    assert "$" not in text  # every template field filled
