"""Structured configs (dataclasses) of the ``mjrules`` app and their validation.

The composed Hydra config (conf/config.yaml + the rules/, seats/ and experiment/ groups) is
checked against these dataclasses by :func:`validate`, which returns a :class:`RunConfig` or
raises :class:`ConfigError` with one line naming the key, the bad value and the valid choices.
The ``rules`` group is checked by ``sim.rules.resolve_rules`` and the seat specs by
``sim.strategy_registry.resolve_seats``, so a bad run stops before any simulation.
"""
from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Optional

from experiments.tournament_design import LINEUPS as TOURNAMENT_LINEUPS
from sim.variant_facts import control_rule_set

#: Studies the app can run, in report order.
STUDIES = ("dealer_edge", "huangzhuang", "thirteen_orphans", "early_ting", "sensitivity", "variants", "shapes",
           "caishen", "xuezhan", "tune", "skill", "tournament", "train")
#: ``greedy`` pong policies (strategies issue).
PONG_POLICIES = ("always", "improves", "never")
#: Parallel backends of ``sim.simulate``.
BACKENDS = ("loky", "dask")
#: Statistics ``experiment=tune`` can aim at (experiments.tune_targets computes them, in this order).
TUNE_STATISTICS = ("dealer_result", "huang_rate", "zimo_share", "deal_in_rate", "hand_draws", "volatility",
                   "mean_multiplier")
#: Goals of a tuning target: hit ``value`` within ``tolerance``, stay at or under / over ``value``, or optimise.
TUNE_GOALS = ("target", "max_bound", "min_bound", "maximize", "minimize")
#: Skill levels of ``experiment=skill`` (four seats of each; ``greedy`` is the reference every level is paired with),
#: weakest first: ``learned`` (the model distilled from the search player) plays fast, ``strong`` (search) slowly.
SKILL_LEVELS = ("random", "greedy", "learned", "strong")
#: Statistics the sensitivity report can rank the one-flag changes by (``any`` = the largest |change| / se over
#: them; ``skill_edge`` needs ``experiment.sensitivity.skill_edge_hands`` > 0).
SENSITIVITY_RANKINGS = ("any", "dealer_result", "huang_rate", "zimo_share", "hand_draws", "volatility", "skill_edge")


class ConfigError(ValueError):
    """A bad key or value in the run config; its message is one line."""


def _range(low: int, high: int) -> dict:
    return {"range": (low, high)}


def _choices(options: tuple[str, ...]) -> dict:
    return {"choices": options}


@dataclass
class DealerEdgeParams:
    """dealer_edge: ``session_length`` hands per session for the tenure measure (0 = skip it)."""

    session_length: int = field(default=16, metadata=_range(0, 1000))


@dataclass
class HuangzhuangParams:
    """huangzhuang: the sweep cells and ``sweep_hands`` per sweep arm (None = hands). 晋城 sweeps the 荒 ``stacks``
    × greedy ``pong_policies``; 晋中 sweeps the ``dead_wall`` (0 = none, 14 tiles) × the ``point_limit`` (on/off).
    None = the run's variant's default; a key of the other variant is refused in one line."""

    stacks: Optional[list[int]] = field(default=None, metadata=_range(0, 20))            # 晋城: default 5..9
    pong_policies: Optional[list[str]] = field(default=None, metadata=_choices(PONG_POLICIES))  # 晋城: all three
    dead_wall: Optional[list[int]] = field(default=None, metadata=_range(0, 14))         # 晋中: default [0, 14]
    point_limit: Optional[list[bool]] = field(default=None)                              # 晋中: default [true, false]
    sweep_hands: Optional[int] = field(default=None, metadata=_range(1, 10**10))


@dataclass
class ThirteenOrphansParams:
    """thirteen_orphans: dealt distinct 幺九/字 counts k studied, the 拾/抢 settings compared (晋城 only; None =
    both on 晋城, none on 晋中, which has no 拾/抢) and the hands played per k on walls conditioned to deal seat 0
    exactly k kinds (``hands_per_k``; 0 = plain walls of ``hands``)."""

    min_distinct: list[int] = field(default_factory=lambda: list(range(7, 14)), metadata=_range(1, 13))
    shi_qiang: Optional[list[bool]] = field(default=None)
    hands_per_k: int = field(default=10_000, metadata=_range(0, 10**9))  # per dealt k and arm; 0 = plain walls only


@dataclass
class EarlyTingParams:
    """early_ting: ``selective_ting`` thresholds compared with ``early_ting`` (``give_up_turn`` None = default)."""

    min_live_waits: list[int] = field(default_factory=lambda: [2, 3, 4, 5], metadata=_range(1, 30))
    give_up_turn: Optional[int] = field(default=None, metadata=_range(1, 40))


@dataclass
class SensitivityParams:
    """sensitivity: the rule flags changed one at a time (empty = every flag); ``hands`` per arm (None = hands)."""

    flags: list[str] = field(default_factory=list, metadata={"empty_means_all": True})
    hands: Optional[int] = field(default=None, metadata=_range(1, 10**10))
    # the skill edge per change: one ``strong`` seat against three greedy, ``skill_edge_hands`` per arm (0 = off)
    skill_edge_hands: int = field(default=0, metadata=_range(0, 10**10))
    strong: str = "search"
    rank_by: str = field(default="any", metadata=_choices(SENSITIVITY_RANKINGS))


@dataclass
class VariantsParams:
    """variants: the rule sets compared, each at its own defaults (empty = every variant); ``hands`` per variant
    (None = hands)."""

    variants: list[str] = field(default_factory=list, metadata={"empty_means_all": True})
    hands: Optional[int] = field(default=None, metadata=_range(1, 10**10))
    # the skill edge per variant: one ``strong`` seat against three greedy, ``skill_edge_hands`` per arm (0 = off)
    skill_edge_hands: int = field(default=0, metadata=_range(0, 10**10))
    strong: str = "search"
    # the control the others are measured against (vs_control_* rows; null = none; checked by study_variants); by
    # default the rule set whose facts say it is the control (推倒胡)
    control: Optional[str] = field(default_factory=control_rule_set)


@dataclass
class ShapesParams:
    """shapes: ``hands`` of the run's rules and seat mix whose winning shapes are counted (None = hands)."""

    hands: Optional[int] = field(default=None, metadata=_range(1, 10**10))


@dataclass
class CaishenParams:
    """caishen (金华 only): seat 0's ``baotou`` strategy gives up plain wins for 爆头 while more than
    ``min_live_tiles`` live tiles are left (its paired arm against greedy)."""

    min_live_tiles: int = field(default=4, metadata=_range(0, 68))


#: The 定缺 choices the xuezhan study pairs with greedy's own (``fewest``): greedy's ``dingque`` parameter's others.
XUEZHAN_DINGQUE = ("middle", "most")


@dataclass
class XuezhanParams:
    """xuezhan (四川 only): seat 0 declares void the suit it holds the ``dingque`` (middle, most) tiles of, each an arm
    paired with greedy's fewest on the same walls."""

    dingque: list[str] = field(default_factory=lambda: list(XUEZHAN_DINGQUE), metadata=_choices(XUEZHAN_DINGQUE))


@dataclass
class TuneTarget:
    """One target of experiment=tune: a statistic (``TUNE_STATISTICS``), a goal (``TUNE_GOALS``), the ``value`` a
    target or bound names (units of the statistic: 底注 per hand, fractions for rates) and a target's ``tolerance``."""

    stat: str = field(default="dealer_result", metadata=_choices(TUNE_STATISTICS))
    goal: str = field(default="target", metadata=_choices(TUNE_GOALS))
    value: Optional[float] = None
    tolerance: Optional[float] = None


def _designer_targets() -> list:
    return [TuneTarget("dealer_result", "target", 0.0, 0.02), TuneTarget("huang_rate", "max_bound", 0.03)]


@dataclass
class TuneParams:
    """tune: search the rule flags (``flags``, empty = every flag of the variant; ``values`` narrows a flag to the
    listed values) for the settings that meet ``targets``: ``trials`` trials of ``hands`` hands each (None = hands)
    on the walls of ``seed`` (None = the run's), then the best ``reeval_top`` re-played on fresh walls
    (``reeval_seed``, None = the search seed + 1) with ``reeval_hands`` hands against the base rules.
    ``seed_with_changes`` starts the search from the base rules and every one-flag change of the sensitivity study."""

    targets: list[TuneTarget] = field(default_factory=_designer_targets)
    flags: list[str] = field(default_factory=list, metadata={"empty_means_all": True})
    values: Any = None  # {flag: [values]} (a mapping; typed Any so an override replaces it whole)
    trials: int = field(default=60, metadata=_range(1, 100_000))
    hands: Optional[int] = field(default=None, metadata=_range(1, 10**9))
    seed: Optional[int] = field(default=None, metadata=_range(0, 2**63 - 2))
    reeval_top: int = field(default=3, metadata=_range(0, 100))
    reeval_hands: int = field(default=100_000, metadata=_range(1, 10**10))
    reeval_seed: Optional[int] = field(default=None, metadata=_range(0, 2**63 - 1))
    seed_with_changes: bool = True


@dataclass
class SkillParams:
    """skill: the headlines at each skill level (four ``random``, four ``greedy``, four ``learned``, four ``strong``
    seats; strategy specs), each paired with the greedy level on the same walls, and the skill edge (one strong seat
    against three greedy, one greedy against three strong). ``hands`` per random/greedy arm (None = hands),
    ``learned_hands`` per arm of the learned level, ``strong_hands`` per arm with a strong seat; ``chase_k`` and
    ``ting_t`` pick the 十三幺 and 上架 headlines' k and t."""

    levels: list[str] = field(default_factory=lambda: list(SKILL_LEVELS), metadata=_choices(SKILL_LEVELS))
    random: str = "random"
    greedy: str = "greedy"
    learned: str = "learned"
    strong: str = "search"
    hands: Optional[int] = field(default=None, metadata=_range(1, 10**10))
    learned_hands: int = field(default=55_000, metadata=_range(1, 10**10))
    strong_hands: int = field(default=600, metadata=_range(1, 10**10))
    chase_k: int = field(default=9, metadata=_range(7, 13))
    ting_t: int = field(default=4, metadata=_range(1, 30))


@dataclass
class TournamentParams:
    """tournament: 2–4 strategy specs (registry strings such as ``defensive{fold_shanten=1}``) played on the same
    walls in every seating of the ``lineup`` design (experiments/tournament_design.py); ``hands`` walls each."""

    strategies: list[Any] = field(default_factory=lambda: ["search", "greedy"])
    lineup: str = field(default="rotation", metadata=_choices(TOURNAMENT_LINEUPS))


@dataclass
class TrainParams:
    """train: label ``hands`` teacher hands of run ``seed`` (``chunk`` hands per Parquet part, every candidate played
    on ``worlds`` sampled worlds), fit a perceptron of ``hidden`` ReLU units for at most ``max_iter`` epochs, write
    the model file and its card into the run folder and, with ``install``, copy them to the shipped models
    (strategies/learned_models/<rule set>.{npz,md}). ``tournament_walls`` > 0 (needs ``install``: the learned seat
    plays the shipped models) then plays one learned seat among three greedy on that many walls of
    ``tournament_seed`` in every seat (experiment=tournament, in the run folder's ``tournament/``)."""

    seed: int = field(default=44, metadata=_range(0, 2**63 - 1))
    hands: int = field(default=400, metadata=_range(5, 10**7))
    worlds: int = field(default=16, metadata=_range(1, 4096))
    chunk: int = field(default=20, metadata=_range(1, 10**6))
    max_iter: int = field(default=100, metadata=_range(1, 100_000))
    hidden: int = field(default=32, metadata=_range(1, 1024))
    install: bool = False
    tournament_walls: int = field(default=0, metadata=_range(0, 10**9))
    tournament_seed: int = field(default=4401, metadata=_range(0, 2**63 - 1))


@dataclass
class ExperimentConfig:
    """The experiment group: a name, the studies it runs, and each study's parameters."""

    name: str = "overview"
    studies: list[str] = field(default_factory=lambda: list(STUDIES), metadata=_choices(STUDIES))
    dealer_edge: DealerEdgeParams = field(default_factory=DealerEdgeParams)
    huangzhuang: HuangzhuangParams = field(default_factory=HuangzhuangParams)
    thirteen_orphans: ThirteenOrphansParams = field(default_factory=ThirteenOrphansParams)
    early_ting: EarlyTingParams = field(default_factory=EarlyTingParams)
    sensitivity: SensitivityParams = field(default_factory=SensitivityParams)
    variants: VariantsParams = field(default_factory=VariantsParams)
    shapes: ShapesParams = field(default_factory=ShapesParams)
    caishen: CaishenParams = field(default_factory=CaishenParams)
    xuezhan: XuezhanParams = field(default_factory=XuezhanParams)
    tune: TuneParams = field(default_factory=TuneParams)
    tournament: TournamentParams = field(default_factory=TournamentParams)
    skill: SkillParams = field(default_factory=SkillParams)
    train: TrainParams = field(default_factory=TrainParams)


@dataclass
class SeatsConfig:
    """The seats group: a mix name and four strategy specs (seat 0 is the studied seat)."""

    name: str = "all_greedy"
    seats: list[Any] = field(default_factory=lambda: ["greedy"] * 4)


@dataclass
class RunConfig:
    """The whole run: sizes, seeding, parallelism, and the three groups.

    ``hands`` is the number of hands of every simulated arm; ``progress`` None = a bar only
    when stderr is a terminal; ``jobs`` -1 = all cores.
    """

    hands: int = field(default=20_000, metadata=_range(1, 10**10))
    seed: int = field(default=0, metadata=_range(0, 2**63 - 1))
    jobs: int = field(default=-1, metadata=_range(-1, 4096))
    backend: str = field(default="loky", metadata=_choices(BACKENDS))
    scheduler: Optional[str] = None
    chunk: Optional[int] = field(default=None, metadata=_range(1, 10**9))
    progress: Optional[bool] = None
    rules: dict = field(default_factory=dict)
    seats: SeatsConfig = field(default_factory=SeatsConfig)
    experiment: ExperimentConfig = field(default_factory=ExperimentConfig)


def _allowed(meta: dict) -> str:
    """Return ", from low..high" or ", from a, b, c" for a field's metadata ("" when unrestricted)."""
    if "range" in meta:
        return f", from {meta['range'][0]}..{meta['range'][1]}"
    if "choices" in meta:
        return f", from {', '.join(meta['choices'])}"
    return ""


def _type_name(hint) -> str:
    return getattr(hint, "__name__", str(hint))


def _check_scalar(value, hint, path: str, meta: dict):
    """Return ``value`` checked against a scalar type ``hint`` and the field metadata."""
    if hint is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"{path}={value!r} must be true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{path}={value!r} must be an integer")
        if "range" in meta:
            low, high = meta["range"]
            if not low <= value <= high:
                raise ConfigError(f"{path}={value!r} is out of range {low}..{high}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ConfigError(f"{path}={value!r} must be a string")
        if "choices" in meta and value not in meta["choices"]:
            raise ConfigError(f"{path}={value!r} is not valid; choose one of {', '.join(meta['choices'])}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{path}={value!r} must be a number")
        return float(value)
    if hint is dict:
        if not isinstance(value, dict):
            raise ConfigError(f"{path} must be a mapping, got {value!r}")
        return value
    return value  # Any


def _check(value, hint, path: str, meta: dict):
    """Return ``value`` checked against the type ``hint`` (scalars, Optional, list, dataclass)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return None if value is None else _check(value, args[0], path, meta)
    if value is None and hint is not Any:
        raise ConfigError(f"{path} must not be null (expected {_type_name(hint)})")
    if origin is list:
        if not isinstance(value, (list, tuple)):
            raise ConfigError(f"{path}={value!r} must be a list")
        if not value and not meta.get("empty_means_all"):
            raise ConfigError(f"{path}=[] is empty; give at least one value{_allowed(meta)}")
        (item,) = typing.get_args(hint) or (Any,)
        return [_check(v, item, f"{path}[{i}]", meta) for i, v in enumerate(value)]
    if dataclasses.is_dataclass(hint):
        return build(hint, value, path)
    return _check_scalar(value, hint, path, meta)


def build(cls, data, path: str = ""):
    """Return an instance of dataclass ``cls`` from mapping ``data``; raise ConfigError on a bad key or value."""
    prefix = f"{path}." if path else ""
    if not isinstance(data, dict):
        raise ConfigError(f"{path or 'config'} must be a mapping, got {data!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = typing.get_type_hints(cls)
    for key in data:
        if key not in fields:
            close = difflib.get_close_matches(str(key), list(fields), n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"valid keys: {', '.join(fields)}"
            raise ConfigError(f"unknown key {prefix}{key}; {hint}")
    values = {name: _check(data[name], hints[name], f"{prefix}{name}", dict(f.metadata))
              for name, f in fields.items() if name in data}
    return cls(**values)


def _validate_rules(rules: dict):
    """Return the resolved rules (a sim.rules VariantRules) of the ``rules`` group; raise ConfigError (one line) on
    an invalid flag or value."""
    from sim.rules import resolve_rules

    try:
        return resolve_rules(dict(rules))
    except ValueError as error:
        message = str(error).splitlines()[0]
        raise ConfigError(message if message.startswith("rules.") else f"rules: {message}") from None


def validate_seats(seats: list, path: str = "seats.seats", variant: str = "jincheng", rules=None) -> None:
    """Raise ConfigError unless ``seats`` holds four strategy specs the registry accepts, each meaningful under
    ``variant`` — and, given the resolved ``rules`` (a VariantRules), under its flags too (e.g. no 十三幺 play on
    晋中's jz_tiles=108 wall)."""
    if len(seats) != 4:
        raise ConfigError(f"{path} must list 4 strategy specs (seat 0 first), got {len(seats)}")
    try:
        from sim.seat_plan import check_seats_for_rules, check_seats_for_variant, resolve_seats
    except ImportError:  # registry not installed yet: the simulator will check the specs
        return
    try:
        if rules is None:
            check_seats_for_variant(resolve_seats(list(seats)), variant)
        else:
            check_seats_for_rules(resolve_seats(list(seats)), rules)
    except ValueError as error:
        raise ConfigError(f"{path}: {str(error).splitlines()[0]}") from None


def validate(data: dict) -> RunConfig:
    """Return the validated :class:`RunConfig` of a composed config (a plain nested dict).

    Raises :class:`ConfigError` (one line) on an unknown key, a bad value, an invalid rule
    or an unknown strategy.
    """
    config = build(RunConfig, data)
    rules = _validate_rules(config.rules)
    validate_seats(config.seats.seats, variant=rules.variant, rules=rules)
    if not config.experiment.studies:
        raise ConfigError(f"experiment.studies is empty; choose from {', '.join(STUDIES)}")
    if config.jobs == 0:
        raise ConfigError("jobs=0 is not valid; use -1 (all cores) or a positive count")
    if config.scheduler is not None and config.backend != "dask":
        raise ConfigError(f"scheduler={config.scheduler!r} needs backend=dask (got backend={config.backend!r})")
    if config.backend == "dask":
        from sim.driver import check_dask_installed, check_scheduler

        try:
            check_dask_installed()
            if config.scheduler is not None:
                check_scheduler(config.scheduler)
        except (ImportError, ValueError) as error:
            raise ConfigError(str(error)) from None
    return config
