"""Stratified estimators: recombine per-stratum estimates with known (exact) stratum probabilities.

A conditioned run samples each stratum (e.g. a dealt count of 幺九/字 kinds, seat 0 dealer or not)
on its own; the value over all hands is Σ_s P(s) · E[value | s] with the exact P(s), so rare
strata need not be sampled at their natural rate. Units are those of the inputs.
"""
from __future__ import annotations

import math

from reports import stats


def combine(parts: list[tuple[float, stats.Estimate]], bounds: tuple[float, float] | None = None) -> stats.Estimate:
    """Return Σ w·estimate over ``parts`` (``(weight, Estimate)`` pairs) with se = sqrt(Σ w²·se²) and a normal
    95 % interval (clipped to ``bounds`` when given); n = the hands of all strata.

    A part of weight 0 is ignored; any other part without data (n = 0 or a NaN estimate or se) makes the
    result NaN with n = the hands that were there, since its stratum cannot be left out without bias.
    """
    used = [(float(w), e) for w, e in parts if w > 0]
    n = sum(int(e.n) for _, e in used)
    if not used or any(e.n == 0 or not math.isfinite(e.estimate) or not math.isfinite(e.se) for _, e in used):
        return stats.Estimate(math.nan, math.nan, math.nan, math.nan, n)
    estimate = sum(w * e.estimate for w, e in used)
    se = math.sqrt(sum((w * e.se) ** 2 for w, e in used))
    half = stats._z() * se
    low, high = estimate - half, estimate + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return stats.Estimate(estimate, se, low, high, n)


def proportion_part(flags) -> stats.Estimate:
    """Return a stratum's proportion whose se is the Wilson interval's half-width / z (non-zero at 0 or 1 hits),
    so a stratum with no successes still carries its uncertainty into the combination."""
    wilson = stats.proportion(flags)
    if wilson.n == 0:
        return wilson
    se = (wilson.ci_high - wilson.ci_low) / (2 * stats._z())
    return stats.Estimate(wilson.estimate, se, wilson.ci_low, wilson.ci_high, wilson.n)
