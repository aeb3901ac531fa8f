"""The search space of ``experiment=tune``: the variant's rule flags with their values, read from its config class.

One source of truth: the field metadata of ``sim.rules.RulesConfig`` / ``sim.variants.<v>.config`` — an enum's
options, both values of a bool, every value of a choice, an int's whole range. A table field (a variant's
multiplier table) is a set of numbers, not one flag, and is left out. A value the config refuses whatever the
other flags are (it answers without naming another flag it ``needs``, e.g. ``jh_wild_in_melds=true``, which the
engine does not play yet) is left out too; a value refused only in some combinations stays in the space and
those combinations are pruned when the sampler proposes them. ``experiment.tune.flags`` limits the flags and
``experiment.tune.values`` narrows a flag to a list of its values.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from experiments.config import ConfigError

#: Field kinds the search can change (a table is several numbers; the variant is not a flag).
SEARCHED_KINDS = ("enum", "bool", "int", "choice")


@dataclass(frozen=True)
class SearchSpace:
    """The flags searched and the values each may take, in config field order, with the base rules."""

    base: object                         # the run's rules (a sim.rules VariantRules)
    values: dict                         # flag -> tuple of values (each valid for the flag alone)

    @property
    def flags(self) -> tuple[str, ...]:
        """Return the searched flags in config field order."""
        return tuple(self.values)

    def size(self) -> int:
        """Return the number of settings in the space (combinations of every flag's values)."""
        return math.prod(len(v) for v in self.values.values())

    def distributions(self) -> dict:
        """Return ``{flag: optuna distribution}``: an int range as an IntDistribution, else a categorical."""
        from optuna.distributions import CategoricalDistribution, IntDistribution

        out = {}
        for flag, values in self.values.items():
            kind = _field(self.base, flag).metadata["kind"]
            if kind == "int" and list(values) == list(range(values[0], values[-1] + 1)):
                out[flag] = IntDistribution(values[0], values[-1])
            else:
                out[flag] = CategoricalDistribution(list(values))
        return out

    def all_settings(self) -> list[dict]:
        """Return every setting of the space (flag -> value), in the order of the flags' values."""
        import itertools

        return [dict(zip(self.values, combo)) for combo in itertools.product(*self.values.values())]

    def effective(self, setting: dict) -> dict:
        """Return ``setting`` with every flag that cannot act under it (its prerequisite of
        ``study_sensitivity.PREREQUISITES`` is off, e.g. ``qidui_multiplier`` without ``jc_shape_multipliers``) set
        back to its base value: the rules actually played, so settings that differ only in such flags are one."""
        from experiments.study_sensitivity import PREREQUISITES

        out = dict(setting)
        for flag, (other, needed) in PREREQUISITES.items():
            if flag in out and out.get(other, getattr(self.base, other, needed)) != needed:
                out[flag] = getattr(self.base, flag)
        return out

    def base_setting(self) -> dict:
        """Return the base rules' value of every searched flag."""
        return {flag: getattr(self.base, flag) for flag in self.values}


def _field(rules, name: str) -> dataclasses.Field:
    return next(f for f in dataclasses.fields(rules) if f.name == name)


def flag_values(f: dataclasses.Field) -> tuple:
    """Return every value a flag may take by its metadata (empty for a field the search does not change)."""
    meta = f.metadata
    if meta["kind"] in ("enum", "choice"):
        return tuple(meta["options"])
    if meta["kind"] == "bool":
        return (False, True)
    if meta["kind"] == "int":
        low, high = meta["range"]
        return tuple(range(low, high + 1))
    return ()


def _refused_always(rules, flag: str, value) -> bool:
    """Return True when the config refuses ``flag=value`` from ``rules`` without naming a flag it needs."""
    try:
        rules.replace(**{flag: value})
    except ValueError as error:
        return " needs " not in str(error).splitlines()[0]
    return False


def _same(a, b) -> bool:
    return type(a) is type(b) and a == b


def build_space(base, flags=(), narrowed: dict | None = None) -> SearchSpace:
    """Return the search space from the base rules ``base``: ``flags`` (empty = every searchable flag) and
    ``narrowed`` ({flag: [values]}); ConfigError (one line) for an unknown flag or a value the flag cannot take."""
    fields = {f.name: f for f in dataclasses.fields(base) if f.metadata["kind"] in SEARCHED_KINDS}
    for i, flag in enumerate(flags):
        if flag not in fields:
            raise ConfigError(f"experiment.tune.flags[{i}]={flag!r} is not a rule flag the search can change; "
                              f"choose from {', '.join(fields)} (the flags of {base.variant})")
    chosen = [name for name in fields if not flags or name in flags]
    if narrowed is not None and not isinstance(narrowed, dict):
        raise ConfigError(f"experiment.tune.values={narrowed!r} must be a mapping {{flag: [values]}}, e.g. "
                          "{huang_stacks: [6, 7, 8]}")
    narrowed = dict(narrowed or {})
    for flag, wanted in narrowed.items():
        if flag not in chosen:
            raise ConfigError(f"experiment.tune.values.{flag} names a flag the search does not change; "
                              f"choose from {', '.join(chosen)}")
        if not isinstance(wanted, (list, tuple)) or not wanted:
            raise ConfigError(f"experiment.tune.values.{flag}={wanted!r} must be a non-empty list of its values")
        valid = flag_values(fields[flag])
        for value in wanted:
            if not any(_same(value, v) for v in valid):
                raise ConfigError(f"experiment.tune.values.{flag}: {value!r} is not valid; choose from "
                                  f"{', '.join(str(v) for v in valid)}")
    values = {}
    for flag in chosen:
        candidates = narrowed.get(flag) or flag_values(fields[flag])
        kept = tuple(dict.fromkeys(v for v in candidates if not _refused_always(base, flag, v)))
        if kept:
            values[flag] = kept
    if not values:
        raise ConfigError("experiment.tune: the search space is empty (no flag with a value the engine plays)")
    return SearchSpace(base, values)


def seeding_settings(space: SearchSpace) -> list[dict]:
    """Return the settings the search starts from: the base rules, then every one-flag change of the sensitivity
    study (``study_sensitivity.changes``) that lies in the space and that the config accepts alone."""
    from experiments.study_sensitivity import changes

    base = space.base_setting()
    inside = all(any(_same(value, v) for v in space.values[flag]) for flag, value in base.items())
    out = [base] if inside else []
    for change in changes(space.base, list(space.flags)):
        if inside and change.blocked is None and any(_same(change.value, v) for v in space.values[change.flag]):
            out.append({**base, change.flag: change.value})
    return out
