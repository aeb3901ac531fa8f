"""Compose the Hydra config for command-line overrides and check it before Hydra runs anything.

``check_overrides`` turns every way a user can mistype a run into one ``ConfigError`` line:
an unknown group option (``experiment=nope``), an unknown key (``rules.houbao=1``), a bad value
(``hands=ten``), an invalid rule or strategy. Sweeps (``a=1,2``) are expanded and each
combination is checked, so a multirun fails before its first job.
"""
from __future__ import annotations

import difflib
import itertools
from pathlib import Path

from omegaconf import OmegaConf

from experiments.config import ConfigError, RunConfig, build, validate

SCHEMA_NAME = "run_schema"
CONF_DIR = Path(__file__).resolve().parent.parent / "conf"
CONFIG_NAME = "config"
GROUPS = ("rules", "seats", "experiment")
MAX_COMBINATIONS = 64
#: A command-line override with a parametrised seat, quoted as Hydra's parser needs it.
SEAT_EXAMPLE = """'seats.seats=[greedy,"selective_ting{min_live_waits=3}",greedy,greedy]'"""


def register_schema() -> None:
    """Store the RunConfig dataclass as ``run_schema`` (first in config.yaml's defaults) for Hydra."""
    from hydra.core.config_store import ConfigStore

    ConfigStore.instance().store(name=SCHEMA_NAME, node=RunConfig)


register_schema()


def group_options(group: str) -> list[str]:
    """Return the option names of config group ``group`` (its YAML files, without suffix)."""
    return sorted(p.stem for p in (CONF_DIR / group).glob("*.yaml"))


def _parse(overrides: list[str]):
    from hydra.core.override_parser.overrides_parser import OverridesParser

    parser = OverridesParser.create()
    try:
        return parser.parse_overrides(list(overrides))
    except Exception as error:  # hydra's OverrideParseException and friends
        raise ConfigError(_parse_error(parser, overrides, error)) from None


def _parse_error(parser, overrides: list[str], error: Exception) -> str:
    """Return the one-line message of a command line Hydra cannot parse: the first override that fails alone, why,
    and how to quote a strategy spec with parameters (its braces)."""
    def fails(override: str) -> bool:
        try:
            parser.parse_overrides([override])
        except Exception:  # the same exceptions as above
            return True
        return False

    bad = next((o for o in overrides if fails(o)), None)
    message = f"cannot parse override{f' {bad}' if bad else ''}: {str(error).splitlines()[0]}"
    if bad is not None and "{" in bad and "[" in bad:
        message += (f"; a parametrised seat must be quoted inside the list, e.g. {SEAT_EXAMPLE}"
                    " (and the whole override in single quotes for the shell)")
    elif bad is not None and "{" in bad and "=" in bad:
        key, value = bad.split("=", 1)
        message += (f"; a strategy spec with parameters must be quoted: \"{key}='{value}'\""
                    " (as written here, double quotes for the shell included)")
    return message


def _combinations(overrides: list[str]) -> list[list[str]]:
    """Return the concrete override lists of a (possibly sweeping) command line."""
    choices = []
    for override in _parse(overrides):
        key = override.get_key_element()
        if override.is_sweep_override():
            choices.append([f"{key}={value}" for value in override.sweep_string_iterator()])
        else:
            choices.append([override.input_line])
    combos = [list(c) for c in itertools.islice(itertools.product(*choices), MAX_COMBINATIONS)]
    return combos or [[]]


def _check_group_choice(key: str, value: str) -> None:
    options = group_options(key)
    if value not in options:
        raise ConfigError(f"{key}={value!r} is not valid; choose one of {', '.join(options)}")


def _check_key_exists(config, dotted: str) -> None:
    node, walked = config, []
    for part in dotted.split("."):
        if not OmegaConf.is_dict(node) or part not in node:
            keys = list(node.keys()) if OmegaConf.is_dict(node) else []
            where = ".".join(walked) or "the top level"
            close = difflib.get_close_matches(part, [str(k) for k in keys], n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"valid keys under {where}: {', '.join(map(str, keys))}"
            raise ConfigError(f"unknown key {dotted}; {hint}")
        walked.append(part)
        node = node[part]


def _precheck_values(base, values: list) -> None:
    """Apply value overrides to an untyped copy of ``base`` and type-check it (clear one-line messages)."""
    plain = OmegaConf.create(OmegaConf.to_container(base, resolve=False))
    for key, override in values:
        _check_key_exists(base, key)
        value = override.value()
        if OmegaConf.is_config(value):
            value = OmegaConf.to_container(value)
        OmegaConf.update(plain, key, value, merge=False)
    build(RunConfig, OmegaConf.to_container(plain, resolve=True))


def compose_config(overrides: list[str]):
    """Return the composed config (OmegaConf) for concrete overrides; ConfigError (one line) if it fails."""
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    groups, values = [], []
    for override, line in zip(_parse(overrides), overrides):
        key = override.get_key_element()
        if key in GROUPS:
            _check_group_choice(key, str(override.value()))
            groups.append(line)
        elif not key.startswith(("hydra.", "hydra/", "+", "~")):
            values.append((key, override))
    GlobalHydra.instance().clear()
    try:
        with initialize_config_dir(config_dir=str(CONF_DIR), version_base="1.3"):
            base = compose(config_name=CONFIG_NAME, overrides=groups)
            _precheck_values(base, values)
            if len(groups) == len(overrides):  # group choices only: the base is the config (a compose is ~0.1 s)
                return base
            return compose(config_name=CONFIG_NAME, overrides=list(overrides))
    except ConfigError:
        raise
    except Exception as error:  # any other composition failure: keep its first line (and its cause's)
        message = str(error).strip().splitlines()[0]
        if error.__cause__ is not None and str(error.__cause__).strip():
            message += ": " + str(error.__cause__).strip().splitlines()[0]
        raise ConfigError(message) from None
    finally:
        GlobalHydra.instance().clear()


def load_run_config(overrides: list[str] = ()) -> RunConfig:
    """Return the validated RunConfig for concrete overrides (no sweeps), its study arms checked too."""
    from experiments.arms import ArmRunner
    from experiments.runner import plan_studies

    config = validate(OmegaConf.to_container(compose_config(list(overrides)), resolve=True))
    plan_studies(config, ArmRunner(config, Path("hands")))
    return config


def check_overrides(overrides: list[str]) -> list[RunConfig]:
    """Return the validated RunConfig of every combination of a command line's overrides (sweeps expanded)."""
    return [load_run_config(combo) for combo in _combinations(overrides)]
