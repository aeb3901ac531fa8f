"""The lines of ``mjrules --help`` that follow the config folder: one line per experiment and the options of a
config group. Registered as OmegaConf resolvers, which ``hydra.help.template`` in ``conf/config.yaml`` calls, so
a new experiment file shows up in the help without editing it. Plain Python; reads files, imports no study."""
from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from omegaconf import OmegaConf

CONF_DIR = Path(__file__).resolve().parent.parent / "conf"
EXPERIMENTS_DIR = Path(__file__).resolve().parent
DEFAULT_EXPERIMENT = "overview"
NAME_WIDTH = 18  # the experiment names' column
HELP_WIDTH = 100  # where a list of study names wraps


def group_options(group: str) -> list[str]:
    """Return the options of config group ``group`` (its YAML files, without suffix), sorted."""
    return sorted(p.stem for p in (CONF_DIR / group).glob("*.yaml"))


def experiment_studies(name: str) -> list[str]:
    """Return the studies ``experiment=name`` runs (its ``studies`` list, at the top or under ``experiment``)."""
    document = OmegaConf.to_container(OmegaConf.load(CONF_DIR / "experiment" / f"{name}.yaml"))
    node = document.get("experiment", document) if isinstance(document, dict) else {}
    return [str(s) for s in (node.get("studies") or [])] if isinstance(node, dict) else []


def study_summary(study: str) -> str | None:
    """Return the first line of ``experiments/study_<study>.py``'s docstring without its ``Study <name>:`` lead,
    or None when there is no such module."""
    path = EXPERIMENTS_DIR / f"study_{study}.py"
    if not path.is_file():
        return None
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    first = " ".join(docstring.split("\n\n", 1)[0].split())
    head, _, rest = first.partition(":")
    if not (head.lower().startswith("study") and rest.strip()):
        return first or None
    scope = head[head.find("(") + 1:head.rfind(")")] if "(" in head else ""
    return f"{scope}: {rest.strip()}" if scope else rest.strip()


def yaml_comment(name: str) -> str:
    """Return the first comment line of ``conf/experiment/<name>.yaml`` (other than ``@package``), or ""."""
    for line in (CONF_DIR / "experiment" / f"{name}.yaml").read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text.startswith("#") and "@package" not in text:
            return text.lstrip("# ").strip()
    return ""


def experiment_line(name: str) -> str:
    """Return the help line of one experiment: its name and what it answers (from its study's docstring; for
    several studies, how many or their names; else the first comment of its YAML file)."""
    studies = experiment_studies(name)
    if len(studies) == 1 and study_summary(studies[0]):
        text = study_summary(studies[0])
    elif len(studies) > 1:
        listed = textwrap.wrap(", ".join(studies), HELP_WIDTH - NAME_WIDTH - 2)
        text = f"{len(studies)} studies in one run, each at a modest size:\n" + "\n".join(
            " " * (NAME_WIDTH + 2) + line for line in listed)
    else:
        text = yaml_comment(name)
    if name == DEFAULT_EXPERIMENT:
        text = text.replace(":\n", " (default):\n", 1) if ":\n" in text else text + " (default)"
    return f"  {name:<{NAME_WIDTH}}{text}"


def experiment_lines() -> str:
    """Return one line per experiment of ``conf/experiment`` (the help's list)."""
    return "\n".join(experiment_line(name) for name in group_options("experiment"))


def options_text(group: str) -> str:
    """Return the options of ``group`` separated by ``, ``."""
    return ", ".join(group_options(group))


def register_resolvers() -> None:
    """Register ``mjrules_experiments`` and ``mjrules_options`` (OmegaConf resolvers the help template calls)."""
    OmegaConf.register_new_resolver("mjrules_experiments", experiment_lines, replace=True)
    OmegaConf.register_new_resolver("mjrules_options", options_text, replace=True)
