"""The lists of ``mjrules --help`` and ``mjrules list KIND``: rule sets, experiments, seat groups and strategies, each
entry with a one-line meaning, and a rule set's flags. Registered as OmegaConf resolvers, which
``hydra.help.template`` in ``conf/config.yaml`` calls, so a new config file or strategy shows up without editing
the help. Every line fits an 80-column terminal. Plain Python; reads the config files and the strategy registry,
imports no study."""
from __future__ import annotations

import ast
import unicodedata
from pathlib import Path

from omegaconf import OmegaConf

from sim.strategy_registry import REGISTRY

CONF_DIR = Path(__file__).resolve().parent.parent / "conf"
EXPERIMENTS_DIR = Path(__file__).resolve().parent
DEFAULT_EXPERIMENT = "overview"
NAME_WIDTH = 18  # the names' column
HELP_WIDTH = 80  # the terminal's columns: every line of the help and of the lists fits
INDENT = " " * (NAME_WIDTH + 2)  # where a wrapped meaning goes on


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


def experiment_line(name: str) -> str:
    """Return the help entry of one experiment: its name and what it answers (from its study's docstring; for
    several studies, how many and their names; else the first comment of its YAML file), wrapped to 80 columns."""
    studies = experiment_studies(name)
    if len(studies) == 1 and study_summary(studies[0]):
        text = study_summary(studies[0])
    elif len(studies) > 1:
        text = (f"{len(studies)} studies in one run, each at a modest size (one the rules leave out is skipped "
                f"with its reason): {', '.join(studies)}")
    else:
        text = first_comment(CONF_DIR / "experiment" / f"{name}.yaml")
    if name == DEFAULT_EXPERIMENT:
        text = "(default) " + text
    return entry(name, text)


def experiment_lines() -> str:
    """Return one entry per experiment of ``conf/experiment`` (the help's list)."""
    return "\n".join(experiment_line(name) for name in group_options("experiment"))


def options_text(group: str) -> str:
    """Return the options of ``group`` separated by ``, ``."""
    return ", ".join(group_options(group))


def display_width(text: str) -> int:
    """Return the terminal columns ``text`` takes (a CJK character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int) -> list[str]:
    """Return ``text`` broken at spaces into lines of at most ``width`` terminal columns (a longer word stands
    alone on its line)."""
    lines, line = [], ""
    for word in text.split():
        if line and display_width(line) + 1 + display_width(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def entry(name: str, meaning: str) -> str:
    """Return ``  name  meaning``, the meaning wrapped at 80 columns under the meanings' column (on the next
    line when the name is wider than its column)."""
    lines = wrap(meaning, HELP_WIDTH - len(INDENT))
    head = f"  {name}"
    if len(head) + 2 <= len(INDENT):
        first = f"{head:<{len(INDENT)}}{lines[0] if lines else ''}".rstrip()
        return "\n".join([first] + [INDENT + line for line in lines[1:]])
    return "\n".join([head] + [INDENT + line for line in lines])


def first_comment(path: Path) -> str:
    """Return the first comment line of a YAML file (other than ``@package``), without its ``#``, or ""."""
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text.startswith("#") and "@package" not in text:
            return text.lstrip("# ").strip()
    return ""


def rules_meaning(name: str) -> str:
    """Return what rule set ``name`` is: the name its config file gives it (``晋城麻将``; 推倒胡's with "the
    control") and where its rules are stated."""
    comment = first_comment(CONF_DIR / "rules" / f"{name}.yaml")
    title, _, rest = comment.partition(" rule config")
    control = ", the control" if "control" in rest.split(":")[0] else ""
    return f"{title}{control} (docs/rules/{name}.md)"


def strategy_meaning(name: str) -> str:
    """Return the strategy's registry description up to its first gloss (``:`` or ``(``): one short meaning."""
    doc = REGISTRY[name].doc
    cut = min((i for i in (doc.find(": "), doc.find(" (")) if i > 0), default=len(doc))
    return doc[:cut].strip()


def strategy_names() -> list[str]:
    """Return the registered strategies in registry order."""
    return list(REGISTRY)


def strategy_call(name: str) -> str:
    """Return ``name{key=default,...}`` (just ``name`` without parameters), as a seat is written."""
    params = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in REGISTRY[name].defaults)
    return f"{name}{{{params}}}" if params else name


def rules_lines() -> str:
    """Return one entry per rule set of ``conf/rules`` (the help's list)."""
    return "\n".join(entry(name, rules_meaning(name)) for name in group_options("rules"))


def seats_lines() -> str:
    """Return one entry per seat group of ``conf/seats``: its name and its file's first comment."""
    return "\n".join(entry(name, first_comment(CONF_DIR / "seats" / f"{name}.yaml")) for name in group_options("seats"))


def strategy_lines() -> str:
    """Return one entry per registered strategy with its short meaning (the help's list)."""
    return "\n".join(entry(name, strategy_meaning(name)) for name in strategy_names())


def strategy_details() -> str:
    """Return, per strategy, its call with every parameter at its default and its whole registry description."""
    return "\n".join(entry(strategy_call(name), REGISTRY[name].doc) for name in strategy_names())


def flag_lines(variant: str) -> str:
    """Return one entry per flag of ``conf/rules/<variant>.yaml``: ``flag=default`` and its comment (a table's
    entries as ``flag.entry=value``)."""
    lines, table = [], None
    for line in (CONF_DIR / "rules" / f"{variant}.yaml").read_text(encoding="utf-8").splitlines():
        body, _, comment = line.partition("#")
        if not body.strip() or body.strip() == f"variant: {variant}":
            continue
        key, _, value = body.strip().partition(":")
        if not body.startswith(" "):
            table = key if not value.strip() else None
        name = f"{table}.{key}" if body.startswith(" ") and table else key
        lines.append(entry(f"{name}={value.strip()}" if value.strip() else name, comment.strip()))
    return "\n".join(lines)


def counts() -> dict[str, int]:
    """Return how many rule sets, experiments, seat groups and strategies there are, and the overview's studies."""
    return {"rules": len(group_options("rules")), "experiments": len(group_options("experiment")),
            "seats": len(group_options("seats")), "strategies": len(strategy_names()),
            "overview": len(experiment_studies(DEFAULT_EXPERIMENT))}


def count_text(kind: str) -> str:
    """Return the count of ``kind`` (a key of :func:`counts`) as text, for the help template."""
    return str(counts()[kind])


#: ``mjrules list KIND``: what each kind prints (the flags take an optional ``rules=NAME``).
LIST_KINDS = ("rules", "experiments", "seats", "strategies", "flags")


def list_text(kind: str, variant: str = "jincheng") -> str:
    """Return what ``mjrules list KIND`` prints; raise ValueError (one line naming the valid choices) for an
    unknown kind or rule set."""
    if kind not in LIST_KINDS:
        raise ValueError(f"list {kind!r} is not one of: {', '.join(LIST_KINDS)}")
    if variant not in group_options("rules"):
        raise ValueError(f"rules={variant} is not one of: {options_text('rules')}")
    return {"rules": rules_lines, "experiments": experiment_lines, "seats": seats_lines,
            "strategies": strategy_details, "flags": lambda: flag_lines(variant)}[kind]()


def register_resolvers() -> None:
    """Register the ``mjrules_*`` OmegaConf resolvers the help template calls."""
    OmegaConf.register_new_resolver("mjrules_experiments", experiment_lines, replace=True)
    OmegaConf.register_new_resolver("mjrules_options", options_text, replace=True)
    OmegaConf.register_new_resolver("mjrules_rules", rules_lines, replace=True)
    OmegaConf.register_new_resolver("mjrules_seats", seats_lines, replace=True)
    OmegaConf.register_new_resolver("mjrules_strategies", strategy_lines, replace=True)
    OmegaConf.register_new_resolver("mjrules_count", count_text, replace=True)
