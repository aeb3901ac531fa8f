"""Study tournament: a duplicate tournament of 2–4 strategies on the same walls.

Every wall is played once per seating of a balanced design (experiments/tournament_design.py: ``rotation``, the
default — N seatings, each strategy in each seat exactly once — or ``one_vs_three``). Every seating is an arm of
``hands`` hands on the run's seed, so hand i is the same wall, dealt to the same seats with the same dealer, in
every seating: a strategy's luck in seat s of wall i is the luck every other strategy gets there too.

**A strategy's result** on a wall is its money per seat-hand: the mean, over every (seating, seat) the design
gives it, of that seat's ``s{k}_delta`` (底注). A strategy that holds two seats of a table counts both seats, each
as one seat-hand, so "每手" below means per seat and hand. Every design gives each strategy the same number of
seat-hands per wall and a table's money sums to 0, so the strategies' results sum to 0. Walls are the independent
units: every statistic is first totalled per wall over the seatings, and its interval is over walls (Student-t
of per-wall means; ratios by the delta method over per-wall totals, ``paired_delta.ratio``), so the seat-hands
of one wall, which share its tiles, are never counted as independent.

Summary rows (study ``tournament``; group = the strategy's spec, or ``A − B`` for a pair; money in 底注, rates as
fractions, turns in the seat's own turns):

* ``seat_result``: mean money per seat-hand; ``seat_win_rate``: share of seat-hands it won (every winner of a
  一炮多响 counts); ``seat_deal_in_rate``: share of seat-hands whose discard (or added kong tile, 抢杠) was won on;
  ``seat_zimo_share``: 自摸 wins / wins; ``seat_win_value``: win money (``s{k}_win``) per win, 底注 per win;
  under a variant with 上架/报听 also ``seat_ting_rate`` (share of seat-hands that 上架) and ``seat_ting_turn``
  (mean own turn of the 上架, over the seat-hands that 上架).
* ``diff_seat_result``, ``diff_seat_win_rate``, ``diff_seat_deal_in_rate`` and the three money parts
  (``diff_seat_win_income`` …) for every pair A − B (A listed first): the mean over walls of the per-wall
  difference (paired by wall).
* ``seatings``, group = the design's name: the number of seatings (``n`` = walls).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from experiments import paired_delta
from experiments.arms import ArmSpec
from experiments.config import ConfigError, TournamentParams
from experiments.tournament_design import seatings
from reports import stats
from sim.variant_facts import facts

STUDY = "tournament"
#: ``win_kind`` values a seat feeds: its discard (点胡) or its added kong tile (抢杠胡).
FED_KINDS = ("dianhu", "qianggang")


@dataclass(frozen=True)
class TournamentPlan:
    """The tournament bound to the run's rules: its parameters, variant, the strategies' canonical specs (seat
    strings the registry parses) and their names in the summary (a repeated spec gets ``#2``, ``#3``)."""

    params: TournamentParams
    variant: str
    specs: tuple[str, ...]
    names: tuple[str, ...]

    @property
    def design(self) -> list[tuple[int, int, int, int]]:
        """Return the seatings (strategy index per seat)."""
        return seatings(len(self.specs), self.params.lineup)


def bind_rules(params: TournamentParams, rules: dict) -> TournamentPlan:
    """Return the plan; ConfigError (one line) for a list of other than 2–4 specs, a spec the registry does not
    parse, a strategy that means nothing under the run's rules (the registry's reason), or search seats whose
    rollouts play different strategies (they would share tables)."""
    from sim.rules import resolve_rules
    from sim.seat_plan import check_seats_for_rules, parse_seat

    key = "experiment.tournament.strategies"
    if not 2 <= len(params.strategies) <= 4:
        count = len(params.strategies)
        raise ConfigError(f"{key} lists {count} strateg{'y' if count == 1 else 'ies'}; give 2–4 strategy specs, "
                          f"e.g. [search,greedy]")
    resolved = resolve_rules(dict(rules))
    specs = []
    for i, spec in enumerate(params.strategies):
        try:
            config = parse_seat(spec)
            check_seats_for_rules([config], resolved)
        except ValueError as error:
            raise ConfigError(f"{key}[{i}]={spec!r}: {str(error).splitlines()[0]}") from None
        specs.append(config.label())
    try:  # the strategies share tables: their search seats must share one rollout strategy
        check_seats_for_rules([parse_seat(spec) for spec in specs], resolved)
    except ValueError as error:
        raise ConfigError(f"{key}: {str(error).splitlines()[0]} (the strategies share tables)") from None
    names = []
    for spec in specs:
        repeat = specs[:len(names)].count(spec)
        names.append(spec if repeat == 0 else f"{spec}#{repeat + 1}")
    return TournamentPlan(params, resolved.variant, tuple(specs), tuple(names))


def plan(tournament: TournamentPlan, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return one arm per seating, ``seating=r``: the lineup's specs in seats 0–3, the run's rules, single hands
    (the run's seat mix is not used)."""
    return {f"seating={r}": ArmSpec(tuple(tournament.specs[i] for i in lineup))
            for r, lineup in enumerate(tournament.design)}


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from every seating."""
    per_seat = [f"s{k}_{c}" for k in range(4) for c in ("delta", "win", "ting_turn")]
    return ["dealer", "winners", "feeder", "win_kind", *per_seat]


def seat_outcomes(frame: pl.DataFrame, seat: int) -> dict[str, np.ndarray]:
    """Return per hand, for ``seat``: ``result`` (底注), ``won``, ``dealt_in``, ``zimo`` (0/1), ``win_money``
    (its win settlement ``s{k}_win`` when it won, else 0; 底注), ``deal_in_money`` (its ``s{k}_win`` when its
    discard was won on, ≤ 0, else 0), ``ting`` (0/1) and ``ting_turn`` (its own turn of the 上架, 0 without one)."""
    kind = frame["win_kind"].cast(pl.String).to_numpy()
    won = (frame["winners"].cast(pl.Int64).to_numpy() >> seat) & 1
    turn = frame[f"s{seat}_ting_turn"].cast(pl.Int64).to_numpy()
    fed = (frame["feeder"].cast(pl.Int64).to_numpy() == seat) & np.isin(kind, FED_KINDS)
    money = frame[f"s{seat}_win"].cast(pl.Float64).to_numpy()
    return {"result": frame[f"s{seat}_delta"].cast(pl.Float64).to_numpy(),
            "won": won.astype(float),
            "dealt_in": fed.astype(float),
            "zimo": (won.astype(bool) & (kind == "zimo")).astype(float),
            "win_money": np.where(won.astype(bool), money, 0.0),
            "deal_in_money": np.where(fed & ~won.astype(bool), money, 0.0),
            "ting": (turn >= 0).astype(float),
            "ting_turn": np.where(turn >= 0, turn, 0).astype(float)}


def wall_totals(frames: dict[str, pl.DataFrame], design: list[tuple[int, ...]],
                n_strategies: int) -> tuple[list[dict[str, np.ndarray]], np.ndarray]:
    """Return (per strategy {outcome: float[walls] total over its seat-hands of each wall}, int[n_strategies]
    seat-hands per wall); ValueError when the seatings do not hold the same hands with the same dealers."""
    first = frames["seating=0"]
    totals: list[dict[str, np.ndarray]] = [{} for _ in range(n_strategies)]
    slots = np.zeros(n_strategies, dtype=np.int64)
    for r, lineup in enumerate(design):
        frame = frames[f"seating={r}"]
        if not (frame["hand"].equals(first["hand"]) and frame["dealer"].equals(first["dealer"])):
            raise ValueError(f"seating {r} and seating 0 do not hold the same walls (hands and dealers differ)")
        for seat, strategy in enumerate(lineup):
            slots[strategy] += 1
            for name, values in seat_outcomes(frame, seat).items():
                totals[strategy][name] = totals[strategy].get(name, 0.0) + values
    return totals, slots


def strategy_rows(name: str, total: dict[str, np.ndarray], slots: int, ting: bool) -> list[dict]:
    """Return one strategy's rows (see the module docstring) from its per-wall totals over ``slots`` seat-hands."""
    rows = [stats.mean_ci(total["result"] / slots).row(STUDY, "seat_result", name),
            stats.mean_ci(total["won"] / slots).row(STUDY, "seat_win_rate", name),
            stats.mean_ci(total["dealt_in"] / slots).row(STUDY, "seat_deal_in_rate", name),
            paired_delta.ratio(total["zimo"], total["won"]).row(STUDY, "seat_zimo_share", name),
            paired_delta.ratio(total["win_money"], total["won"]).row(STUDY, "seat_win_value", name)]
    rows += [stats.mean_ci(values / slots).row(STUDY, row_name, name) for row_name, values in money_parts(total)]
    if ting:
        rows += [stats.mean_ci(total["ting"] / slots).row(STUDY, "seat_ting_rate", name),
                 paired_delta.ratio(total["ting_turn"], total["ting"]).row(STUDY, "seat_ting_turn", name)]
    return rows


def money_parts(total: dict[str, np.ndarray]) -> list[tuple[str, np.ndarray]]:
    """Return [(row name, float[walls] total)] of the three parts of the result: ``seat_win_income`` (win money),
    ``seat_deal_in_loss`` (what its deal-ins cost it, ≤ 0) and ``seat_other_money`` (the rest: others' 自摸, others'
    点胡 it pays a share of, kong money, 前包/后包)."""
    other = total["result"] - total["win_money"] - total["deal_in_money"]
    return [("seat_win_income", total["win_money"]), ("seat_deal_in_loss", total["deal_in_money"]),
            ("seat_other_money", other)]


def summarize(frames: dict[str, pl.DataFrame], tournament: TournamentPlan) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    design = tournament.design
    n = len(tournament.names)
    totals, slots = wall_totals(frames, design, n)
    ting = "ting" in facts(tournament.variant).MECHANICS  # no seat_ting rows without 上架/报听 (金华, 推倒胡)
    rows = []
    for i, name in enumerate(tournament.names):
        rows += strategy_rows(name, totals[i], int(slots[i]), ting)
    for i in range(n):
        for j in range(i + 1, n):
            group = f"{tournament.names[i]} − {tournament.names[j]}"
            for outcome, row_name in (("result", "diff_seat_result"), ("won", "diff_seat_win_rate"),
                                      ("dealt_in", "diff_seat_deal_in_rate")):
                rows.append(stats.paired_difference(totals[i][outcome] / slots[i], totals[j][outcome] / slots[j])
                            .row(STUDY, row_name, group))
            for (row_name, first), (_, second) in zip(money_parts(totals[i]), money_parts(totals[j])):
                rows.append(stats.paired_difference(first / slots[i], second / slots[j])
                            .row(STUDY, "diff_" + row_name, group))
    walls = frames["seating=0"].height
    rows.append(stats.Estimate(float(len(design)), math.nan, math.nan, math.nan, walls)
                .row(STUDY, "seatings", tournament.params.lineup))
    return rows
