"""The strategy registry: names, validated parameters, read from the strategies' entry points — plain Python.

A strategy registers itself: a distribution (this one, or any other installed package) lists an entry point in the
group ``mahjong_rules_lab.strategies`` whose object is a ``StrategySpec`` or an iterable of them; every process reads
the group on first use (``REGISTRY``), so a strategy from outside the package plays with any number of workers.
Nothing here names a strategy module: each spec names its own policy module, by its dotted path.

A seat is given as a name (``"greedy"``), a ``"name{key=value,...}"`` string, a dict
(``{"name": "greedy", "pong": "always"}``) or a ``StrategyConfig``. Each spec names its policy module (the protocol
of sim.core.seat_dispatch; none for a player that decides outside the hand loop, which names its driver kernels
instead) and an ordered parameter table; parameter *i* is stored in column *i* of the seat's float64[8] parameter
row. Enumerated parameters are stored as the index of their value. A ``StrategyConfig`` carries its spec, so a
worker process that receives one never reads the registry again.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, MutableMapping
from importlib import metadata
from typing import Any, Mapping

import numpy as np

ENTRY_POINT_GROUP = "mahjong_rules_lab.strategies"  # the entry-point group strategies register in


class RegistryError(RuntimeError):
    """A registered strategy cannot be read (an entry point that fails to load, or none at all): one line."""


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
    #: mechanics it plays on (sim.mechanics: "ting", "shisanyao", "baotou"): refused under a rule set without one
    needs: tuple[str, ...] = ()
    #: "module:function" called with a rule set's name: one line saying why the strategy cannot play under it (the
    #: learned player without a usable model file for it), None when it can; refused then as for ``needs``
    requires: str | None = None
    #: "module:function" called with a rule set's name: a short string of what decides its play there besides its
    #: code and parameters (the learned player's model file digest), kept in a run folder's manifest so that a rerun after
    #: it changed is refused instead of resuming the old player's parts; None when nothing does
    fingerprint: str | None = None
    #: a player deciding outside the hand loop (``policy`` None): the strategy whose policy plays its rollouts
    #: (bound to policy slot 0; a parameter named ``rollout``, where the spec has one, names another per seat:
    #: ``StrategyConfig.rollout``), and its driver kernels as "module:name" paths — ``batch`` plays a chunk of hands
    #: (sim.core.turn.play_hands' arguments), ``step`` decides one seat's turn in a Game, ``scratch`` makes the
    #: step's scratch arrays
    rollout: str | None = None
    drivers: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: modules whose kernels an engine hands out by name for this strategy (sim.engine.Engine)
    kernel_modules: tuple[str, ...] = ()


class _Registry(MutableMapping):
    """{strategy name: StrategySpec}, filled from the entry points of ``ENTRY_POINT_GROUP`` on first use."""

    def __init__(self):
        self._specs: dict[str, StrategySpec] = {}
        self._loaded = False

    def _load(self) -> dict[str, StrategySpec]:
        if not self._loaded:
            self._loaded = True
            for point in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda p: (p.value, p.name)):
                try:
                    found = point.load()
                except Exception as error:  # an outside package's fault, named in one line
                    self._loaded = False
                    raise RegistryError(f"strategy entry point {point.name} = {point.value} ({ENTRY_POINT_GROUP}) "
                                       f"failed to load: {type(error).__name__}: {error}") from None
                for spec in ((found,) if isinstance(found, StrategySpec) else tuple(found)):
                    _add(self._specs, spec, f"entry point {point.value}")
            if not self._specs:
                raise RegistryError(f"no strategy is registered (entry-point group {ENTRY_POINT_GROUP}): install the "
                                   "project with pip install -e . so that its entry points are found")
        return self._specs

    def __getitem__(self, name: str) -> StrategySpec:
        return self._load()[name]

    def __setitem__(self, name: str, spec: StrategySpec) -> None:
        self._load()[name] = spec

    def __delitem__(self, name: str) -> None:
        del self._load()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


def _add(specs: dict, spec: StrategySpec, source: str) -> None:
    if not isinstance(spec, StrategySpec):
        raise RegistryError(f"{source} registers {spec!r}, not a StrategySpec")
    if spec.name in specs:
        raise ValueError(f"strategy {spec.name!r} is already registered ({source})")
    if len(spec.defaults) > N_PARAMS:
        raise ValueError(f"strategy {spec.name!r} has more than {N_PARAMS} parameters ({source})")
    specs[spec.name] = spec


#: every registered strategy by name (read from the entry points on first use)
REGISTRY: MutableMapping[str, StrategySpec] = _Registry()


def register(spec: StrategySpec) -> None:
    """Add ``spec`` to this process's registry (names are unique). A strategy that must play in worker processes or
    from ``mjrules`` registers by entry point instead (module docstring)."""
    _add(REGISTRY._load(), spec, "register()")


@dataclasses.dataclass(frozen=True)
class StrategyConfig:
    """One seat's strategy: a registered ``name`` and its parameter values (defaults filled in)."""

    name: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    #: the registered spec of ``name`` (filled in): the seat's policy travels with it to worker processes
    spec: StrategySpec | None = dataclasses.field(default=None, repr=False)

    def __post_init__(self):
        spec = self.spec if self.spec is not None else _spec(self.name)
        object.__setattr__(self, "spec", spec)
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
        return self.spec.policy

    @property
    def rollout(self) -> str | None:
        """Return the strategy whose policy plays this seat's rollouts: for a player deciding outside the hand loop,
        its ``rollout`` parameter's value where its spec has one (``search{rollout=learned}``), else its spec's
        ``rollout``; None for a player in the loop."""
        if self.spec.policy is not None:
            return None
        return self.params.get("rollout", self.spec.rollout)

    def param_row(self) -> np.ndarray:
        """Return the float64[8] parameter row the compiled strategy reads (enums as value indices)."""
        spec = self.spec
        row = np.zeros(N_PARAMS, dtype=np.float64)
        for i, (key, _) in enumerate(spec.defaults):
            value = self.params[key]
            row[i] = spec.choices[key].index(value) if key in spec.choices else float(value)
        return row

    def label(self) -> str:
        """Return the record label: the name, plus ``{key=value,...}`` for non-default parameters."""
        spec = self.spec
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


#: the strategy of every seat a run does not name (``resolve_seats(None)``)
DEFAULT_STRATEGY = "greedy"


def resolve_seats(seats=None) -> list[StrategyConfig]:
    """Return four ``StrategyConfig`` from ``seats`` (None = four of DEFAULT_STRATEGY; one item = used for all four)."""
    if seats is None:
        seats = [DEFAULT_STRATEGY] * 4
    if isinstance(seats, (str, Mapping, StrategyConfig)):
        seats = [seats] * 4
    seats = list(seats)
    if len(seats) != 4:
        raise ValueError(f"seats must list 4 strategies, got {len(seats)}")
    return [parse_seat(s) for s in seats]


def strategy_packages() -> tuple[str, ...]:
    """Return the sorted top-level packages of every module the registered strategies name (policies, driver kernels,
    kernel modules): where the kernels of the strategies a run may play live."""
    names = set()
    for spec in REGISTRY.values():
        names.update(m for m in (spec.policy, *spec.kernel_modules) if m)
        names.update(path.partition(":")[0] for path in spec.drivers.values())
    return tuple(sorted({name.partition(".")[0] for name in names}))
