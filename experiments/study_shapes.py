"""Study shapes: how often each winning shape and feature occurs, what it multiplies, and the money it moves.

One arm: the run's rules (any variant, ``rules=<variant>``) and seat mix. Shapes come from the record's
``shape`` column (regular / 七对 / 十三幺, every variant); features from its ``win_features`` bitmask and the
multiplier from ``multiplier`` when the engine records them (``experiments.win_features``).

Summary rows, group ``shape:<name>`` or ``feature:<name>``:

* ``hand_rate``: share of all hands won with it (Wilson over hands);
* ``win_share``: share of wins with it (Wilson over wins);
* ``money_share``: its share of all money moved — Σ over hands won with it of the money moved in the hand /
  Σ over all hands of the money moved, where the money moved in a hand is the sum of the winners' (positive)
  results in 底注, 荒庄 后包 included; a ratio of means, delta-method interval (``paired_delta.ratio``);
* ``extra_money_per_win``: mean money moved in a hand won with it − mean money moved in any won hand (底注;
  above 0 = it pays more than an average win); a difference of two ratios of means over the same hands,
  delta-method interval (``paired_delta.ratio_difference``);
* ``mean_multiplier``: mean total multiplier over the wins with it (Student-t; only with ``multiplier``).

Group ``all``: ``win_rate`` (share of hands with a win) and ``mean_multiplier`` over every win (with the column).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from experiments import paired_delta, win_features
from experiments.arms import ArmSpec
from experiments.config import ShapesParams
from experiments.variant_params import DEFAULT_VARIANT, run_variant
from reports import stats

STUDY = "shapes"
ROLE = "hands"


@dataclass
class ShapesPlan(ShapesParams):
    """The study's parameters bound to the run's variant (which shapes and features it has)."""

    variant: str = DEFAULT_VARIANT


def bind_rules(params: ShapesParams, rules: dict) -> ShapesPlan:
    """Return ``params`` bound to the run's variant."""
    return ShapesPlan(params.hands, variant=run_variant(rules))


def plan(params: ShapesParams, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the study's one arm: the run's seats and rules, ``params.hands`` hands (None = the run's)."""
    return {ROLE: ArmSpec(base.seats, base.rules, 0, params.hands)}


def columns(role: str) -> list[str]:
    """Return the record columns the study reads (the optional shape columns when the engine records them)."""
    return ["winner", "shape"] + [f"s{k}_delta" for k in range(4)] + win_features.recorded_columns()


def money_moved(frame: pl.DataFrame) -> np.ndarray:
    """Return the money moved in each hand: the sum of the seats' positive results (底注)."""
    deltas = np.column_stack([frame[f"s{k}_delta"].cast(pl.Float64).to_numpy() for k in range(4)])
    return np.clip(deltas, 0, None).sum(axis=1)


def kind_statistics(flags: np.ndarray, won: np.ndarray, moved: np.ndarray,
                    multiplier: np.ndarray | None) -> dict[str, stats.Estimate]:
    """Return hand_rate, win_share, money_share, extra_money_per_win (and mean_multiplier) of one shape/feature's
    0/1 per-hand ``flags``; ``won`` is 0/1 per hand, ``moved`` the money moved per hand (底注)."""
    out = {"hand_rate": stats.proportion(flags),
           "win_share": stats.wilson(int(flags.sum()), int(won.sum())),
           "money_share": paired_delta.ratio(moved * flags, moved),
           "extra_money_per_win": paired_delta.ratio_difference(moved * flags, flags, moved * won, won)}
    if multiplier is not None:
        chosen = multiplier[(flags > 0) & ~np.isnan(multiplier)]
        out["mean_multiplier"] = stats.mean_ci(chosen)
    return out


def summarize(frames: dict[str, pl.DataFrame], params: ShapesParams) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    frame = frames[ROLE]
    variant = getattr(params, "variant", None)
    won = (frame["winner"].cast(pl.Int64).to_numpy() >= 0).astype(float)
    moved = money_moved(frame)
    multiplier = win_features.multipliers(frame)
    rows = [stats.proportion(won).row(STUDY, "win_rate", "all")]
    if multiplier is not None:
        rows.append(stats.mean_ci(multiplier[~np.isnan(multiplier)]).row(STUDY, "mean_multiplier", "all"))
    kinds = {f"shape:{name}": flags for name, flags in win_features.shape_indicators(frame, variant).items()}
    kinds |= {f"feature:{name}": flags for name, flags in (win_features.feature_indicators(frame, variant) or {}).items()}
    for group, flags in kinds.items():
        rows += [e.row(STUDY, name, group) for name, e in kind_statistics(flags, won, moved, multiplier).items()]
    return rows
