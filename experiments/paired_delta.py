"""Paired intervals for statistics that are not plain means: ratios of means and root mean squares.

Two arms played on the same walls give per-hand pairs. A ratio of means R = mean(num) / mean(den)
(e.g. the 自摸 share, 自摸 wins / wins) and a root mean square S = sqrt(mean(sq)) (e.g. a seat's money
standard deviation) are smooth functions of per-hand means, so their paired difference is linearised
(delta method): each hand gets an influence value u_i whose mean is the difference's first-order error,
and the interval is the Student-t interval of mean(u) (``stats.mean_ci``) moved to the point estimate.
Every function returns a ``stats.Estimate`` in the units of the statistic (fractions for shares).
"""
from __future__ import annotations

import math

import numpy as np

from reports import stats


def _centred_on(point: float, influence) -> stats.Estimate:
    """Return ``point`` with the standard error and t half-width of ``mean(influence)``."""
    spread = stats.mean_ci(influence)
    if not math.isfinite(point):
        return stats.Estimate(math.nan, math.nan, math.nan, math.nan, spread.n)
    half = spread.ci_high - spread.estimate
    return stats.Estimate(point, spread.se, point - half, point + half, spread.n)


def _arrays(*columns) -> list[np.ndarray]:
    arrays = [np.asarray(c, dtype=float) for c in columns]
    if len({a.shape for a in arrays}) != 1:
        raise ValueError(f"paired arrays differ in shape: {[a.shape for a in arrays]}")
    return arrays


def ratio_influence(num, den) -> tuple[float, np.ndarray]:
    """Return R = mean(num) / mean(den) and the per-hand influence (num_i − R·den_i) / mean(den).

    R is NaN (influence NaN) when mean(den) is 0.
    """
    num, den = _arrays(num, den)
    mean_den = den.mean() if den.size else 0.0
    if mean_den == 0:
        return math.nan, np.full(num.shape, math.nan)
    ratio = num.mean() / mean_den
    return float(ratio), (num - ratio * den) / mean_den


def rms_influence(squares) -> tuple[float, np.ndarray]:
    """Return S = sqrt(mean(squares)) and the per-hand influence (squares_i − S²) / (2 S) (0 when S = 0)."""
    (squares,) = _arrays(squares)
    mean_square = squares.mean() if squares.size else math.nan
    rms = math.sqrt(mean_square) if mean_square >= 0 else math.nan
    if not rms > 0:
        return rms, np.zeros(squares.shape)
    return rms, (squares - mean_square) / (2 * rms)


def ratio(num, den) -> stats.Estimate:
    """Return mean(num) / mean(den) with its delta-method 95 % interval (n = hands)."""
    point, influence = ratio_influence(num, den)
    return _centred_on(point, influence)


def ratio_difference(num_a, den_a, num_b, den_b) -> stats.Estimate:
    """Return R_a − R_b (R = mean(num) / mean(den)) over paired hands, with its delta-method 95 % interval.

    Hand i of each array comes from the same wall in both arms.
    """
    _arrays(num_a, den_a, num_b, den_b)
    ratio_a, influence_a = ratio_influence(num_a, den_a)
    ratio_b, influence_b = ratio_influence(num_b, den_b)
    return _centred_on(ratio_a - ratio_b, influence_a - influence_b)


def rms(squares) -> stats.Estimate:
    """Return sqrt(mean(squares)) with its delta-method 95 % interval (n = hands)."""
    point, influence = rms_influence(squares)
    return _centred_on(point, influence)


def rms_difference(squares_a, squares_b) -> stats.Estimate:
    """Return sqrt(mean(squares_a)) − sqrt(mean(squares_b)) over paired hands, with its 95 % interval."""
    _arrays(squares_a, squares_b)
    rms_a, influence_a = rms_influence(squares_a)
    rms_b, influence_b = rms_influence(squares_b)
    return _centred_on(rms_a - rms_b, influence_a - influence_b)
