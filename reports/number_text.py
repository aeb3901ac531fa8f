"""How a report writes a number: a missing value, and a fixed format without a negative zero — plain Python."""
from __future__ import annotations

import math


def missing(value) -> bool:
    """Return True when ``value`` is None or NaN (no estimate / no interval)."""
    return value is None or (isinstance(value, float) and math.isnan(value))


def fixed(value: float, spec: str) -> str:
    """Return ``format(value, spec)`` with a negative zero ("-0.000", "+0.00" of −0.0001) written unsigned."""
    text = format(value, spec)
    if text.lstrip("+-").strip("0.") == "" and text[0] in "+-":
        return text[1:]
    return text
