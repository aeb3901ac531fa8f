"""``mjrules --help`` and ``mjrules list``: what the app does, one entry per experiment, rule set, seat group and
strategy with its meaning, counts that agree with the configs, the registry and the README, and where the output
goes, instead of Hydra's generic page; the help checked in a fresh interpreter as a user would run it."""
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from sim.rules import VARIANTS

ROOT = Path(__file__).resolve().parent.parent


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
    for group in ("rules", "seats"):  # every rule set and seat group on a line of its own, with what it is
        for name in options(group):
            assert re.search(rf"^  {re.escape(name)}(\s{{2,}}\S|\n {{20}}\S)", text, re.MULTILINE), name
    output = text[text.index("Output:"):]
    for thing in ("outputs/EXPERIMENT/DATE_TIME/", "hydra.run.dir", "summary.parquet", "report.html", "multirun/"):
        assert thing in output
    assert "$" not in text  # every template field filled


def display_width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def overview_studies() -> list[str]:
    from omegaconf import OmegaConf

    return list(OmegaConf.load(ROOT / "conf" / "experiment" / "overview.yaml").experiment.studies)


def true_counts() -> dict[str, int]:
    """The counts as the config folders and the strategy registry have them (the independent reference)."""
    from sim.strategy_registry import REGISTRY

    return {"rule sets": len(options("rules")), "experiments": len(options("experiment")),
            "seat groups": len(options("seats")), "strategies": len(REGISTRY), "overview": len(overview_studies())}


def test_help_lists_strategies_and_counts_what_exists_within_80_columns(tmp_path):
    from sim.strategy_registry import REGISTRY

    text = help_text(tmp_path)
    want = true_counts()
    for heading, kind in (("Experiments", "experiments"), ("Rule sets", "rule sets"), ("Seat groups", "seat groups"),
                          ("Strategies", "strategies")):
        found = re.findall(rf"^{heading} \((\d+);", text, re.MULTILINE)
        assert found == [str(want[kind])], heading
    assert re.search(rf"^  overview\s+\(default\) {want['overview']} studies in one run", text, re.MULTILINE)
    strategies = text[text.index("Strategies ("):text.index("Other keys:")]
    for name, spec in REGISTRY.items():  # each with the start of its registry meaning
        assert re.search(rf"^  {name}\s+{re.escape(spec.doc.split()[0])}", strategies, re.MULTILINE), name
    wide = [line for line in text.splitlines() if display_width(line) > 80]
    assert wide == []


def readme_counts(text: str) -> dict[str, list[int]]:
    """Every count the README states: ``N rule sets``, ``N experiments``, ``N seat groups``, ``N strategies``
    and ``the overview runs N studies`` (bold or not)."""
    found = {kind: [int(n) for n in re.findall(rf"\b(\d+)\*{{0,2}} {kind}\b", text)]
             for kind in ("rule sets", "experiments", "seat groups", "strategies")}
    found["overview"] = [int(n) for n in re.findall(r"overview runs \*{0,2}(\d+)\*{0,2} studies", text)]
    return found


def test_readme_counts_agree_with_the_configs_and_the_registry():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    want = true_counts()
    found = readme_counts(text)
    assert {kind: sorted(set(counts)) for kind, counts in found.items()} == {k: [v] for k, v in want.items()}
    studies_doc = (ROOT / "docs" / "studies.md").read_text(encoding="utf-8")
    for page in (text, studies_doc):  # no count spelled in words, which no test could follow
        assert not re.search(r"\b(six|seven|eight|nine|ten|eleven|twelve) (studies|experiments|strategies)\b",
                             page, re.IGNORECASE)


def test_readme_count_check_reads_a_stale_count():
    """The README check above fails on the README of issue 45 ("the seven studies") once it is written in digits,
    and on a count that disagrees with the folders."""
    found = readme_counts("The overview runs **7** studies; 3 rule sets, 12 experiments.")
    assert found["overview"] == [7] and found["rule sets"] == [3] and found["experiments"] == [12]
    assert found["overview"] != [true_counts()["overview"]]


def list_output(args, capsys):
    from experiments.app import main

    try:
        main(["list", *args])
        code = 0
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def test_list_strategies_gives_every_registered_strategy_with_its_defaults(capsys):
    from sim.strategy_registry import REGISTRY

    code, out, err = list_output(["strategies"], capsys)
    assert code == 0 and err == ""
    assert re.findall(r"^  (\w+)", out, re.MULTILINE) == list(REGISTRY)
    assert "  selective_ting{pong=improves,kong=true,min_live_waits=5,give_up_turn=10}\n" in out
    assert all(display_width(line) <= 80 for line in out.splitlines())


@pytest.mark.parametrize("variant", VARIANTS)
def test_list_flags_gives_every_field_of_the_variants_config(capsys, variant):
    from sim.rules import field_names

    code, out, err = list_output(["flags", f"rules={variant}"], capsys)
    assert code == 0 and err == ""
    listed = {m.group(1) for m in re.finditer(r"^  ([a-z_0-9]+)[=\s]", out, re.MULTILINE)}
    assert listed == set(field_names(variant)) - {"variant"}


def test_list_experiments_rules_and_seats_name_every_config_file(capsys):
    for kind, group in (("experiments", "experiment"), ("rules", "rules"), ("seats", "seats")):
        code, out, _ = list_output([kind], capsys)
        assert code == 0
        assert re.findall(r"^  (\w+)", out, re.MULTILINE) == options(group)


@pytest.mark.parametrize("args, fragment", [
    (["strategy"], "list 'strategy' is not one of: rules, experiments, seats, strategies, flags"),
    ([], "list needs one of: rules, experiments, seats, strategies, flags"),
    (["flags", "rules=riichi"], f"rules=riichi is not one of: {', '.join(options('rules'))}"),
    (["seats", "rules=jinhua"], "list seats takes no 'rules=jinhua'"),
])
def test_list_with_a_bad_word_gives_one_line_naming_the_choices_and_status_2(capsys, args, fragment):
    code, out, err = list_output(args, capsys)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {fragment}"), err


def test_docs_strategies_has_a_row_for_every_registered_strategy():
    from sim.strategy_registry import REGISTRY

    text = (ROOT / "docs" / "strategies.md").read_text(encoding="utf-8")
    table = text[text.index("## The strategies"):text.index("## How the numbers were measured")]
    assert re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE) == list(REGISTRY)


def stated_overview_hands(text: str) -> list[int]:
    """Every 'N hands' count a page gives for the default overview (the number before ``hands and writes`` /
    ``hands in all``)."""
    return [int(n.replace(",", "")) for n in re.findall(r"\b(\d[\d,]*) hands (?:and writes|in all)\b", text)]


def test_the_stated_overview_hand_count_is_the_default_overviews_plan():
    from experiments.arms import ArmRunner
    from experiments.compose import load_run_config
    from experiments.runner import plan_studies

    config = load_run_config([])
    runner = ArmRunner(config, Path("hands"))
    plan_studies(config, runner)
    assert stated_overview_hands((ROOT / "README.md").read_text(encoding="utf-8")) == [runner.total_hands()]
    for page in ("conf/experiment/overview.yaml", "docs/studies.md"):  # say how it is made up, and no total: the
        # total changes with every rule set added or removed, and the README is the one page that states it
        assert stated_overview_hands((ROOT / page).read_text(encoding="utf-8")) == [], page
    assert stated_overview_hands("plays 376,992 hands and writes") == [376992]  # the count before Sichuan: caught
