"""Statistics with intervals: means, proportions (Wilson) and paired differences.

Every function returns an :class:`Estimate` (estimate, standard error, 95 % interval, sample
size). Units are those of the input values (money in 底注 per hand, rates as fractions 0..1).
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np
import polars as pl
from scipy import stats as scipy_stats

#: Two-sided confidence level of every interval.
CONFIDENCE = 0.95

#: Columns of one summary row (``summary.parquet``), in order.
SUMMARY_COLUMNS = ("study", "name", "group", "estimate", "se", "ci_low", "ci_high", "n")

SUMMARY_SCHEMA = {
    "study": pl.String,
    "name": pl.String,
    "group": pl.String,
    "estimate": pl.Float64,
    "se": pl.Float64,
    "ci_low": pl.Float64,
    "ci_high": pl.Float64,
    "n": pl.Int64,
}


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its standard error, 95 % interval and sample size.

    ``se``, ``ci_low`` and ``ci_high`` are NaN when they cannot be computed (n < 2 for a mean).
    """

    estimate: float
    se: float
    ci_low: float
    ci_high: float
    n: int

    def row(self, study: str, name: str, group: str) -> dict:
        """Return this estimate as one summary row (a dict keyed by SUMMARY_COLUMNS)."""
        return {"study": study, "name": name, "group": group, **asdict(self)}


def _z() -> float:
    return float(scipy_stats.norm.ppf(0.5 + CONFIDENCE / 2))


def mean_from_moments(mean: float, sd: float, n: int) -> Estimate:
    """Return the mean with se = sd/sqrt(n) and a Student-t 95 % interval (units of the data).

    ``sd`` is the sample standard deviation (ddof=1). With n < 2 only the estimate is given.
    """
    n = int(n)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, math.nan, 0)
    if n < 2 or sd is None or not math.isfinite(sd):
        return Estimate(float(mean), math.nan, math.nan, math.nan, n)
    se = float(sd) / math.sqrt(n)
    half = float(scipy_stats.t.ppf(0.5 + CONFIDENCE / 2, n - 1)) * se
    return Estimate(float(mean), se, float(mean) - half, float(mean) + half, n)


def mean_ci(values) -> Estimate:
    """Return the sample mean of ``values`` with its standard error and 95 % t interval."""
    x = np.asarray(values, dtype=float)
    n = x.size
    if n == 0:
        return mean_from_moments(math.nan, math.nan, 0)
    sd = float(np.std(x, ddof=1)) if n > 1 else math.nan
    return mean_from_moments(float(np.mean(x)), sd, n)


def wilson(successes: int, n: int) -> Estimate:
    """Return a proportion (fraction 0..1) with the Wilson score 95 % interval.

    ``se`` is the plain binomial standard error sqrt(p(1-p)/n); the interval is Wilson's,
    which stays inside [0, 1] and behaves at p = 0 or 1.
    """
    successes, n = int(successes), int(n)
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, math.nan, 0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie in 0..n, got {successes} of {n}")
    p = successes / n
    z = _z()
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # rounding can put a bound a hair past p at p = 0 or 1; the interval always contains p
    return Estimate(p, math.sqrt(p * (1 - p) / n), min(p, low), max(p, high), n)


def proportion(flags) -> Estimate:
    """Return the share of true values in ``flags`` (fraction 0..1) with its Wilson interval."""
    x = np.asarray(flags, dtype=bool)
    return wilson(int(x.sum()), int(x.size))


def paired_difference(treatment, control) -> Estimate:
    """Return mean(treatment − control) over paired observations (same walls) with its 95 % interval.

    Both inputs are aligned arrays (observation i of each comes from the same hand).
    """
    a = np.asarray(treatment, dtype=float)
    b = np.asarray(control, dtype=float)
    if a.shape != b.shape:
        raise ValueError(f"paired arrays differ in shape: {a.shape} vs {b.shape}")
    return mean_ci(a - b)


def independent_difference(first: Estimate, second: Estimate) -> Estimate:
    """Return ``first − second`` of two estimates over different (independent, unpaired) samples, with se =
    sqrt(se₁² + se₂²) and a normal 95 % interval; ``n`` = n₁ + n₂. NaN interval when either has no se."""
    estimate = first.estimate - second.estimate
    se = math.hypot(first.se, second.se)
    if not math.isfinite(se):
        return Estimate(estimate, math.nan, math.nan, math.nan, first.n + second.n)
    half = _z() * se
    return Estimate(estimate, se, estimate - half, estimate + half, first.n + second.n)


def newcombe_difference(first: Estimate, second: Estimate) -> Estimate:
    """Return ``first − second`` of two independent proportions, each a ``wilson`` estimate, with Newcombe's hybrid
    score 95 % interval (built from the two Wilson intervals; it stays honest at 0 or all events, where the normal
    interval of ``independent_difference`` collapses to a point). ``se`` is the normal one, sqrt(se₁² + se₂²)."""
    estimate = first.estimate - second.estimate
    if not (math.isfinite(first.ci_low) and math.isfinite(second.ci_low)):
        return Estimate(estimate, math.nan, math.nan, math.nan, first.n + second.n)
    low = estimate - math.hypot(first.estimate - first.ci_low, second.ci_high - second.estimate)
    high = estimate + math.hypot(first.ci_high - first.estimate, second.estimate - second.ci_low)
    return Estimate(estimate, math.hypot(first.se, second.se), low, high, first.n + second.n)


def ratio_product(numerator_a, denominator_a, numerator_b, denominator_b) -> Estimate:
    """Return (Σa₁/Σa₂) × (Σb₁/Σb₂) over independent units, with a delta-method 95 % interval.

    The four inputs are aligned per-unit totals (unit i = one independent cluster, e.g. one
    session); hands inside a unit may depend on each other, units may not. The variance is the
    delta method on the four unit means (their sample covariance matrix), the interval normal.
    Units are those of the ratio; ``n`` is the number of units.
    """
    columns = [np.asarray(v, dtype=float) for v in (numerator_a, denominator_a, numerator_b, denominator_b)]
    if len({c.shape for c in columns}) != 1 or columns[0].ndim != 1:
        raise ValueError("ratio_product needs four aligned 1-d arrays of per-unit totals")
    units = columns[0].size
    means = np.array([c.mean() for c in columns]) if units else np.full(4, math.nan)
    if units == 0 or means[1] == 0 or means[3] == 0:
        return Estimate(math.nan, math.nan, math.nan, math.nan, units)
    value = float(means[0] / means[1] * means[2] / means[3])
    if units < 2:
        return Estimate(value, math.nan, math.nan, math.nan, units)
    # gradient of f(a1, a2, b1, b2) = a1/a2 · b1/b2 at the means
    gradient = np.array([value / means[0] if means[0] else means[2] / (means[1] * means[3]),
                         -value / means[1],
                         value / means[2] if means[2] else means[0] / (means[1] * means[3]),
                         -value / means[3]])
    covariance = np.cov(np.vstack(columns), ddof=1) / units
    se = float(math.sqrt(max(0.0, gradient @ covariance @ gradient)))
    half = _z() * se
    return Estimate(value, se, value - half, value + half, units)


def grouped_means(frame: pl.DataFrame, value: str, by: str) -> dict:
    """Return {group value: Estimate of the mean of column ``value``} for each value of column ``by``."""
    moments = (
        frame.group_by(by)
        .agg(
            pl.col(value).cast(pl.Float64).mean().alias("mean"),
            pl.col(value).cast(pl.Float64).std(ddof=1).alias("sd"),
            pl.len().alias("n"),
        )
        .sort(by)
    )
    return {
        row[by]: mean_from_moments(row["mean"], row["sd"] if row["sd"] is not None else math.nan, row["n"])
        for row in moments.iter_rows(named=True)
    }


def column_mean(frame: pl.DataFrame, value: str) -> Estimate:
    """Return the Estimate of the mean of column ``value`` of ``frame`` (computed in polars)."""
    m = frame.select(
        pl.col(value).cast(pl.Float64).mean().alias("mean"),
        pl.col(value).cast(pl.Float64).std(ddof=1).alias("sd"),
        pl.len().alias("n"),
    ).row(0, named=True)
    sd = m["sd"] if m["sd"] is not None else math.nan
    return mean_from_moments(m["mean"] if m["mean"] is not None else math.nan, sd, m["n"])


def summary_frame(rows: list[dict]) -> pl.DataFrame:
    """Return summary rows as a frame with exactly SUMMARY_COLUMNS and their types."""
    if not rows:
        return pl.DataFrame(schema=SUMMARY_SCHEMA)
    return pl.DataFrame(rows, schema=SUMMARY_SCHEMA).select(list(SUMMARY_COLUMNS))
