"""How many hands a clearer answer would need: the sample size that makes a 95 % interval exclude 0.

For an estimate e with standard error se from n hands, the standard error at N hands is
se·sqrt(n/N). If the true effect is e, the interval at N hands is centred on e on average and its
half-width is z·se·sqrt(n/N); it just excludes 0 when that half-width equals |e|:

    N = n · (z · se / |e|)²          (z = 1.96 for 95 %)

At that N the interval excludes 0 about half the time (the estimate scatters around e); with
``power`` = 0.8 the formula uses z + z_power (0.84) and gives the N at which it excludes 0 in
80 % of repetitions, about twice as many hands. For a proportion p the summary's se is the binomial
sqrt(p(1 − p)/n), so the same formula reads N = z²·p(1 − p)/e² (e = the difference of interest);
for a difference of two independent estimates pass se = sqrt(se₁² + se₂²).
"""
from __future__ import annotations

import math

from scipy import stats as scipy_stats

#: Two-sided confidence level of the intervals whose size is planned.
CONFIDENCE = 0.95


def hands_needed(estimate: float, se: float, n: int, power: float = 0.5) -> float:
    """Return the hands N at which a 95 % interval excludes 0 with probability ``power`` if the effect is ``estimate``.

    ``se`` is the standard error of ``estimate`` at ``n`` hands (same units as the estimate). Returns
    a whole number of hands (rounded up), ``inf`` when the estimate is 0, and NaN when ``estimate``
    or ``se`` is missing or n < 1.
    """
    if n is None or n < 1 or any(v is None or not math.isfinite(v) for v in (estimate, se)) or se < 0:
        return math.nan
    if estimate == 0:
        return math.inf
    z = float(scipy_stats.norm.ppf(0.5 + CONFIDENCE / 2)) + float(scipy_stats.norm.ppf(power))
    return float(math.ceil(n * (z * se / abs(estimate)) ** 2))


def round_hands(hands: float) -> str:
    """Return a hand count rounded to two significant digits for prose: '12,000', '1,500,000', '∞'."""
    if math.isnan(hands):
        return "?"
    if math.isinf(hands):
        return "∞"
    digits = max(0, len(str(int(hands))) - 2)
    return f"{int(math.ceil(hands / 10 ** digits) * 10 ** digits):,}"
