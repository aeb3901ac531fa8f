"""The ``mjrules`` entry point: check the command line, then run the studies as a Hydra app.

``mjrules`` runs the overview; ``mjrules experiment=X rules=Y seats=Z hands=N`` one study;
``mjrules -m rules.houbao_units=1,2`` a sweep (ending with a comparison report); ``mjrules list KIND`` prints the
rule sets, experiments, seat groups, strategies or a rule set's flags. A bad key or value prints one
``error: ...`` line on stderr and exits with status 2, before any simulation. Ctrl-C prints one line with the
command that resumes the run (``experiments.interrupted``) and exits with status 130.
"""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import hydra
from hydra.types import RunMode
from omegaconf import DictConfig, OmegaConf

from experiments.compose import CONF_DIR, CONFIG_NAME, check_overrides
from experiments.config import ConfigError, validate
from experiments.help_text import LIST_KINDS, list_text, register_resolvers
from experiments.interrupted import EXIT_INTERRUPTED, program_name, stopped_line
from sim.strategy_registry import RegistryError

register_resolvers()  # hydra.help.template (conf/config.yaml) lists the experiments and groups through them

EXIT_BAD_INPUT = 2
_RUN_FOLDER: list[tuple[str, str]] = []  # (Hydra key, folder) of the run this process started, once it has one


def fail(message: str) -> None:
    """Print ``error: message`` (one line) on stderr and exit with status 2."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(EXIT_BAD_INPUT)


@hydra.main(version_base="1.3", config_path=str(CONF_DIR), config_name=CONFIG_NAME)
def run_app(cfg: DictConfig) -> None:
    """Hydra task: validate the composed config, run its studies, print the headline and report path."""
    from hydra.core.hydra_config import HydraConfig

    from experiments.runner import run
    from reports.summary_io import read_summary
    from reports import terms
    from reports.tables import text_table

    from sim.parts import RunFolderError

    logging.getLogger("matplotlib").setLevel(logging.WARNING)  # no font-manager chatter in the run log
    hydra_config = HydraConfig.get()
    _RUN_FOLDER[:] = [run_folder(hydra_config)]
    try:
        config = validate(OmegaConf.to_container(cfg, resolve=True))
        report = run(config, hydra_config.runtime.output_dir, list(hydra_config.overrides.task))
    except (ConfigError, RunFolderError, RegistryError) as error:
        fail(str(error))
    summary, meta = read_summary(report.parent / "summary.parquet")
    with terms.using(meta.get("rules", {}).get("variant", "jincheng")):
        print(terms.say(text_table(summary)))  # the report's headline, in the run variant's words
    print(hands_line(meta))
    print(f"report: {report}")


def run_folder(hydra_config) -> tuple[str, str]:
    """Return ``(key, folder)`` of the run's output folder as the command line sets it: ``hydra.run.dir`` and the
    run's folder, or for a sweep (``-m``) ``hydra.sweep.dir`` and the folder holding its runs' folders."""
    folder = Path(hydra_config.runtime.output_dir)
    if hydra_config.mode == RunMode.MULTIRUN:
        return "hydra.sweep.dir", str(folder.parent)  # a sweep's run folder is sweep.dir/subdir (one level)
    return "hydra.run.dir", str(folder)


def hands_line(meta: dict) -> str:
    """Return the run's closing line: hands played now (and reused from finished parts), the run time, and the
    studies (or a study's groups) not run under these rules, which played no hands (their reasons were printed
    when the run started)."""
    played = meta.get("hands_played", meta["simulated_hands"])
    reused = meta.get("hands_reused", 0)
    searched = meta.get("searched") or {}
    if played or reused or not searched:
        line = f"{played:,} hands simulated in {meta['run_seconds']:.1f} s"
    else:  # a run of searching studies only (tune): no arm hands, its trials say what it played
        line = f"run finished in {meta['run_seconds']:.1f} s"
    line += "".join(f"; {study}: {text}" for study, text in searched.items())
    if reused:
        line += f"; {reused:,} more reused from parts an earlier run finished"
    not_run = list(meta.get("skipped") or {}) + [f"{study}/{group}" for study, groups in
                                                 (meta.get("skipped_groups") or {}).items() for group in groups]
    if not_run:
        line += f"; not run under these rules: {', '.join(not_run)}"
    return line


def _output_dir_override(overrides: list[str], argv: list[str]) -> tuple[str, str]:
    """Return ``(key, value)`` of the folder Hydra will create: hydra.run.dir, or hydra.sweep.dir with -m."""
    key = "hydra.sweep.dir" if any(a in ("-m", "--multirun") for a in argv) else "hydra.run.dir"
    for override in overrides:
        name, _, value = override.partition("=")
        if name.lstrip("+") == key:
            return key, value
    return key, "outputs/" if key == "hydra.run.dir" else "multirun/"


def check_output_dir(key: str, value: str) -> None:
    """Raise ConfigError (one line) unless the folder ``value`` (its part before any ``${...}``) can be created."""
    static = value.split("${", 1)[0]
    target = static if "${" not in value else (static if static.endswith("/") else os.path.dirname(static))
    if not target:
        target = "."
    try:
        Path(target).mkdir(parents=True, exist_ok=True)
        if not os.access(target, os.W_OK):
            raise PermissionError(13, "Permission denied")
    except OSError as error:
        raise ConfigError(f"{key}={value} cannot be created: {error.strerror or error}") from None


def _overrides(argv: list[str]) -> list[str]:
    from hydra._internal.utils import get_args_parser

    return list(get_args_parser().parse_known_args(argv)[0].overrides)


def list_command(args: list[str]) -> None:
    """``mjrules list KIND [rules=NAME]``: print the entries of KIND (one of ``LIST_KINDS``; ``rules=`` chooses
    the rule set whose flags ``flags`` lists, default jincheng). A bad word exits 2 with one line naming the valid
    choices."""
    if not args:
        fail(f"list needs one of: {', '.join(LIST_KINDS)}")
    kind, rest = args[0], args[1:]
    variant = "jincheng"
    for arg in rest:
        key, _, value = arg.partition("=")
        if key != "rules" or kind != "flags":
            fail(f"list {kind} takes no {arg!r} (only 'list flags rules=NAME' takes an argument)")
        variant = value
    try:
        print(list_text(kind, variant))
    except ValueError as error:
        fail(str(error))


def main(argv: list[str] | None = None) -> None:
    """Console script ``mjrules``: ``list KIND`` prints a list; otherwise check every override (sweeps
    expanded), then hand over to Hydra. Ctrl-C prints one line saying how to resume (``experiments.interrupted``)
    and exits with status 130."""
    program = program_name(sys.argv[0])
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["list"]:
        list_command(argv[1:])
        return
    try:
        _main(argv)
    except KeyboardInterrupt:  # the run's workers are gone (sim.driver closes its pool on the way out)
        print(stopped_line(program, argv, _RUN_FOLDER[0] if _RUN_FOLDER else None), file=sys.stderr, flush=True)
        raise SystemExit(EXIT_INTERRUPTED) from None


def _main(argv: list[str]) -> None:
    """``main`` without its Ctrl-C line: check the overrides of ``argv``, then run the Hydra app on them."""
    if not any(a in ("-h", "--help", "--hydra-help", "--info", "-i") for a in argv):
        try:
            overrides = _overrides(argv)
            check_overrides(overrides)
            check_output_dir(*_output_dir_override(overrides, argv))
        except (ConfigError, RegistryError) as error:
            fail(str(error))
    sys.argv = [sys.argv[0]] + argv
    run_app()


if __name__ == "__main__":
    main()
