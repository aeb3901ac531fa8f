"""Strategy registry: names, validated parameters, and the arrays the compiled seat switch reads.

A seat is given as a name (``"greedy"``), a ``"name{key=value,...}"`` string, a dict
(``{"name": "greedy", "pong": "always"}``) or a ``StrategyConfig``. Each registered
strategy names its policy module (``strategies/seats/<name>.py``, the protocol of sim.core.seat_dispatch;
none for a player that decides outside the hand loop, as ``search``) and an ordered parameter table;
parameter *i* is stored in column *i* of the seat's float64[8] parameter row. Enumerated
parameters are stored as the index of their value.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Mapping

import numpy as np


N_PARAMS = 8  # columns of the per-seat parameter block


@dataclasses.dataclass(frozen=True)
class StrategySpec:
    """A registered strategy: its policy module (None: decided outside the hand loop), parameter defaults
    (ordered), enum choices per parameter."""

    name: str
    policy: str | None
    defaults: tuple[tuple[str, Any], ...] = ()
    choices: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    ranges: Mapping[str, tuple[int, int]] = dataclasses.field(default_factory=dict)  # inclusive bounds of numbers
    doc: str = ""
    #: mechanics it plays on ("ting": 上架/报听, "shisanyao": 十三幺): refused under a variant whose config LACKS one
    needs: tuple[str, ...] = ()


REGISTRY: dict[str, StrategySpec] = {}


def register(spec: StrategySpec) -> None:
    """Add ``spec`` to the registry (names are unique)."""
    if spec.name in REGISTRY:
        raise ValueError(f"strategy {spec.name!r} is already registered")
    if len(spec.defaults) > N_PARAMS:
        raise ValueError(f"strategy {spec.name!r} has more than {N_PARAMS} parameters")
    REGISTRY[spec.name] = spec


register(StrategySpec("random", "strategies.seats.random", doc="uniform over legal actions; 上架 whenever allowed"))
register(StrategySpec(
    "greedy", "strategies.seats.greedy",
    defaults=(("pong", "improves"), ("kong", True)),
    choices={"pong": ("improves", "always", "never")},
    doc="minimise shanten, ties by live useful tiles; 上架 at first tenpai on the most live waits",
))

# --- strategies of the strategies issue: greedy's pong/kong first, so they share its parameter columns ---
_GREEDY_PARAMS = (("pong", "improves"), ("kong", True))
register(StrategySpec(
    "early_ting", "strategies.seats.greedy", defaults=_GREEDY_PARAMS, choices={"pong": ("improves", "always", "never")},
    needs=("ting",),
    doc="上架 at the first tenpai (the greedy policy, named for the early-ting study)",
))
register(StrategySpec(
    "selective_ting", "strategies.seats.selective_ting",
    defaults=_GREEDY_PARAMS + (("min_live_waits", 5), ("give_up_turn", 10)),
    choices={"pong": ("improves", "always", "never")},
    ranges={"min_live_waits": (1, 136), "give_up_turn": (0, 136)}, needs=("ting",),
    doc="greedy, but 上架 only with >= min_live_waits live wait copies or from own turn give_up_turn",
))
register(StrategySpec(
    "thirteen_orphans", "strategies.seats.thirteen_orphans",
    defaults=_GREEDY_PARAMS + (("min_distinct", 9),),
    choices={"pong": ("improves", "always", "never")},
    ranges={"min_distinct": (0, 13)}, needs=("shisanyao",),
    doc="chase 十三幺 with 拾 and one 抢 when dealt >= min_distinct distinct 幺九/字 kinds, else greedy",
))
register(StrategySpec(
    "defensive", "strategies.seats.defensive",
    defaults=_GREEDY_PARAMS + (("fold_shanten", 2),),
    choices={"pong": ("improves", "always", "never")},
    ranges={"fold_shanten": (0, 8)}, needs=("ting",),
    doc="greedy, but once an opponent has 上架 and own shanten >= fold_shanten, discard the safest tile",
))
register(StrategySpec(
    "baotou", "strategies.seats.baotou",
    defaults=_GREEDY_PARAMS + (("min_live_tiles", 4),),
    choices={"pong": ("improves", "always", "never")},
    ranges={"min_live_tiles": (0, 68)},
    doc="金华 greedy, but while more than min_live_tiles live tiles are left it declines plain wins to self-draw "
        "爆头: a 捉冲 when 爆头-ready, a plain 自摸 one discard from 爆头-ready",
))

register(StrategySpec(
    "search", None,
    defaults=(("worlds", 0), ("candidates", 4), ("extend", 1)),
    ranges={"worlds": (0, 256), "candidates": (1, 16), "extend": (1, 16)},
    doc="at each real choice, greedy's best `candidates` actions played out by greedy rollouts on `worlds` samples of "
        "what the seat cannot see (0: the variant's default, 64 under 晋城 and 金华, 32 under 晋中, 16 under 推倒胡), "
        "up to `extend` times as many for a close call (strategies/search); candidates=1 plays as greedy",
))

#: Strategies that play under some variants only: {strategy name: (variants it plays, why)} (refused in one line).
ONLY_IN_VARIANTS: dict[str, tuple[tuple[str, ...], str]] = {
    "baotou": (("jinhua",), "爆头 is a 金华 hand (RULES §3.4 r15)"),
}

#: Strategies that mean nothing under a variant: {variant: {strategy name: why}} (refused in one line).
#: 金华 has no ting (RULES §3.4 r14: no 上架/报听) and no 十三幺 with 拾/抢.
MEANINGLESS_IN_VARIANT: dict[str, dict[str, str]] = {
    "jinhua": {
        "early_ting": "金华 has no 上架 (RULES §3.4 r14)",
        "selective_ting": "金华 has no 上架 (RULES §3.4 r14)",
        "thirteen_orphans": "金华 has no 十三幺 nor 拾/抢",
        "defensive": "it folds against a 上架 seat, and 金华 has no 上架 (RULES §3.4 r14)",
    },
}


def _lacks(variant: str) -> dict[str, str]:
    """Return {mechanic: why} of what the variant's config class says it lacks (its ``LACKS``; none if unknown)."""
    from sim.rules import CONFIG_CLASSES, config_class

    return dict(getattr(config_class(variant), "LACKS", {})) if variant in CONFIG_CLASSES else {}


def variant_refusals(variant: str) -> dict[str, str]:
    """Return {strategy name: why} of the strategies that mean nothing under ``variant`` whatever its flags: those
    of MEANINGLESS_IN_VARIANT and those that play only under other variants (ONLY_IN_VARIANTS)."""
    refused = dict(MEANINGLESS_IN_VARIANT.get(variant, {}))
    lacks = _lacks(variant)
    for name, spec in REGISTRY.items():
        missing = [what for what in spec.needs if what in lacks]
        if missing and name not in refused:
            refused[name] = "; ".join(lacks[what] for what in missing)
    for name, (variants, why) in ONLY_IN_VARIANTS.items():
        if variant not in variants:
            refused[name] = f"it plays only under rules={'/'.join(variants)}: {why}"
    return refused


def rule_refusals(rules) -> dict[str, str]:
    """Return {strategy name: why} of the strategies that mean nothing under ``rules`` (a VariantRules): those of
    its variant (``variant_refusals``), and 十三幺 play on a wall without honors (晋中 ``jz_tiles=108``, RULES §2.1 r1)."""
    refused = variant_refusals(rules.variant)
    if getattr(rules, "jz_tiles", 136) == 108:
        refused["thirteen_orphans"] = "十三幺 needs honors and the jz_tiles=108 wall has none (RULES §2.1 r1)"
    return refused


def _refuse_seats(configs, refused: dict[str, str], variant: str) -> None:
    """Raise a one-line ValueError naming the first seat config whose strategy is in ``refused`` ({name: why}),
    with the strategies that remain valid."""
    for config in configs:
        if config.name in refused:
            valid = ", ".join(n for n in sorted(REGISTRY) if n not in refused)
            raise ValueError(f"strategy {config.name!r} means nothing under rules={variant}: {refused[config.name]} "
                             f"(valid: {valid})")


def check_seats_for_rules(configs, rules) -> None:
    """Raise a one-line ValueError naming the first seat whose strategy means nothing under ``rules`` (a
    VariantRules; ``rule_refusals``)."""
    _refuse_seats(configs, rule_refusals(rules), rules.variant)


def check_seats_for_variant(configs, variant: str) -> None:
    """Raise a one-line ValueError naming the first seat whose strategy means nothing under ``variant``
    (``variant_refusals``; flags not known, so a refusal that depends on a flag is not made here)."""
    _refuse_seats(configs, variant_refusals(variant), variant)


@dataclasses.dataclass(frozen=True)
class StrategyConfig:
    """One seat's strategy: a registered ``name`` and its parameter values (defaults filled in)."""

    name: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self):
        spec = _spec(self.name)
        merged = dict(spec.defaults)
        for key, value in dict(self.params).items():
            if key not in merged:
                valid = ", ".join(merged) or "none"
                raise ValueError(f"unknown parameter {key!r} for strategy {self.name!r} (valid: {valid})")
            merged[key] = _check_value(spec, key, value)
        object.__setattr__(self, "params", merged)

    @property
    def policy(self) -> str | None:
        """Return the policy module of this strategy (None: it decides outside the hand loop, as ``search``)."""
        return _spec(self.name).policy

    def param_row(self) -> np.ndarray:
        """Return the float64[8] parameter row the compiled strategy reads (enums as value indices)."""
        spec = _spec(self.name)
        row = np.zeros(N_PARAMS, dtype=np.float64)
        for i, (key, _) in enumerate(spec.defaults):
            value = self.params[key]
            row[i] = spec.choices[key].index(value) if key in spec.choices else float(value)
        return row

    def label(self) -> str:
        """Return the record label: the name, plus ``{key=value,...}`` for non-default parameters."""
        spec = _spec(self.name)
        changed = [f"{k}={_show(self.params[k])}" for k, default in spec.defaults if self.params[k] != default]
        return self.name + ("{" + ",".join(changed) + "}" if changed else "")


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _spec(name: str) -> StrategySpec:
    if name not in REGISTRY:
        raise ValueError(f"unknown strategy {name!r} (valid: {', '.join(sorted(REGISTRY))})")
    return REGISTRY[name]


def _check_value(spec: StrategySpec, key: str, value):
    default = dict(spec.defaults)[key]
    if key in spec.choices:
        if value not in spec.choices[key]:
            raise ValueError(f"bad value {value!r} for {spec.name}.{key} (valid: {', '.join(spec.choices[key])})")
        return value
    if isinstance(default, bool):
        if isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
            return value.lower() in ("true", "1")
        if isinstance(value, (bool, int)) and value in (0, 1):
            return bool(value)
        raise ValueError(f"bad value {value!r} for {spec.name}.{key} (valid: true, false)")
    try:
        number = type(default)(value)
    except (TypeError, ValueError):
        raise ValueError(f"bad value {value!r} for {spec.name}.{key} (valid: a number)") from None
    if isinstance(value, float) and not float(value).is_integer() and isinstance(default, int):
        raise ValueError(f"bad value {value!r} for {spec.name}.{key} (valid: a whole number)")
    low, high = spec.ranges.get(key, (None, None))
    if low is not None and not low <= number <= high:
        raise ValueError(f"bad value {value!r} for {spec.name}.{key} (valid: {low}..{high})")
    return number


_CALL = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\{(.*)\})?\s*$")


def parse_seat(seat) -> StrategyConfig:
    """Return the ``StrategyConfig`` of one seat given as a name, ``name{k=v,...}``, dict or config."""
    if isinstance(seat, StrategyConfig):
        return seat
    if isinstance(seat, Mapping):
        items = dict(seat)
        if "name" not in items:
            raise ValueError(f"a strategy dict needs a 'name' key (valid names: {', '.join(sorted(REGISTRY))})")
        name = items.pop("name")
        params = dict(items.pop("params", {}) or {})
        params.update(items)
        return StrategyConfig(str(name), params)
    if isinstance(seat, str):
        match = _CALL.match(seat)
        if not match:
            raise ValueError(f"bad strategy text {seat!r} (expected name or name{{key=value,...}})")
        params = {}
        body = match.group(2)
        if body and body.strip():
            for item in body.split(","):
                if "=" not in item:
                    raise ValueError(f"bad parameter {item.strip()!r} in {seat!r} (expected key=value)")
                key, value = item.split("=", 1)
                params[key.strip()] = value.strip()
        return StrategyConfig(match.group(1), params)
    raise ValueError(f"bad seat {seat!r} (expected a strategy name, dict or StrategyConfig)")


def resolve_seats(seats=None) -> list[StrategyConfig]:
    """Return four ``StrategyConfig`` from ``seats`` (None = four greedy; one item = used for all four)."""
    if seats is None:
        seats = ["greedy"] * 4
    if isinstance(seats, (str, Mapping, StrategyConfig)):
        seats = [seats] * 4
    seats = list(seats)
    if len(seats) != 4:
        raise ValueError(f"seats must list 4 strategies, got {len(seats)}")
    return [parse_seat(s) for s in seats]


GREEDY_POLICY = "strategies.seats.greedy"  # the rollout policy of the search player
RANDOM_POLICY = "strategies.seats.random"  # the policy of a table whose seats are all scripted


def table_policies(configs) -> tuple[str, ...]:
    """Return the distinct policy modules of a table's seats in slot order (sim.core.seat_dispatch): greedy's first
    when the table plays it or a seat decides outside the loop (the search player's rollouts play greedy from slot
    0), the others by name — so tables of the same policies in any seat order share one compiled engine."""
    played = {c.policy for c in configs if c.policy is not None}
    first = [GREEDY_POLICY] if GREEDY_POLICY in played or any(c.policy is None for c in configs) else []
    return tuple(first + sorted(played - {GREEDY_POLICY}))


def seat_arrays(configs) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(strategy_ids int64[4], params float64[4, 8])`` for the compiled seat switch: each seat's slot in
    ``table_policies(configs)``, or sim.core.seat_dispatch.SCRIPTED for a seat decided outside the loop."""
    from sim.core.seat_dispatch import SCRIPTED

    policies = table_policies(configs)
    ids = np.array([SCRIPTED if c.policy is None else policies.index(c.policy) for c in configs], dtype=np.int64)
    params = np.stack([c.param_row() for c in configs]).astype(np.float64)
    return ids, params
