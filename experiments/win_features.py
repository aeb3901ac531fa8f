"""The winning shapes and features of a hand's record, as per-hand indicator arrays (plain Python).

Two sources: the ``shape`` column (every variant: regular / 七对 / 十三幺) and, when the engine records
it, the ``win_features`` column, an int32 bitmask of the kernel's ``FEATURE_*`` codes (bit k set = the win
has feature k). Bits 0–10 are shared by every variant; bits from 11 on are named by the kernel codes
module (``FEATURE_<NAME> = k``, or the one-bit mask ``1 << k``) when it defines them, else ``bit<k>``.
"""
from __future__ import annotations

import numpy as np
import polars as pl

from sim.rules import VARIANTS
from sim.variant_facts import facts

#: Bit index -> feature name (summary label) of the bits every variant shares.
FEATURE_BITS = {
    0: "qidui", 1: "haohua_qidui", 2: "pengpeng", 3: "qingyise", 4: "jiulian", 5: "shisanyao",
    6: "tianhu", 7: "dihu", 8: "gangshang_kaihua", 9: "haidi_laoyue", 10: "qianggang_hu",
}
#: Optional record columns: the features bitmask and the win's total multiplier (null/0 without a win).
FEATURES_COLUMN = "win_features"
MULTIPLIER_COLUMN = "multiplier"


def feature_names() -> dict[int, str]:
    """Return {bit: name} for bits 0–10 and any higher ``FEATURE_*`` bit the kernel codes module defines."""
    from sim.core import codes

    names = dict(FEATURE_BITS)
    for attribute, value in vars(codes).items():
        if not (attribute.startswith("FEATURE_") and isinstance(value, int)):
            continue
        if 11 <= value < 32:  # a bit index
            bit = value
        elif value >= 1 << 11 and value & (value - 1) == 0:  # a one-bit mask
            bit = value.bit_length() - 1
        else:
            continue
        if bit < 32:
            names.setdefault(bit, attribute.removeprefix("FEATURE_").lower())
    return names


def recorded_columns() -> list[str]:
    """Return which of ``win_features`` / ``multiplier`` the engine's record schema holds (maybe none)."""
    from sim.record import schema

    return [c for c in (FEATURES_COLUMN, MULTIPLIER_COLUMN) if c in schema()]


def shape_indicators(frame: pl.DataFrame, variant: str | None = None) -> dict[str, np.ndarray]:
    """Return {shape name: 0/1 float per hand} from the ``shape`` column (won hands only; 'none' left out).
    With ``variant``, only the shapes that variant has (its facts' ``WIN_SHAPES``, sim.variant_facts), plus any
    other shape a win shows."""
    from sim.record import SHAPES

    shape = frame["shape"].cast(pl.Utf8).to_numpy()
    won = frame["winner"].cast(pl.Int64).to_numpy() >= 0
    seen = set(shape[won].tolist())
    kept = [name for name in SHAPES if name != "none"
            and (variant not in VARIANTS or name in facts(variant).WIN_SHAPES or name in seen)]
    return {name: ((shape == name) & won).astype(float) for name in kept}


def feature_indicators(frame: pl.DataFrame, variant: str | None = None) -> dict[str, np.ndarray] | None:
    """Return {feature name: 0/1 float per hand} from ``win_features`` (won hands only), or None when the
    frame has no such column. Every named bit gets an entry, also when no hand has it (with ``variant``: every
    bit that variant can record, its facts' ``WIN_FEATURES``); a bit set on a won hand always gets one, an unnamed
    bit as ``bit<k>``. Hands without a win (``win_features`` -1) set no bit."""
    if FEATURES_COLUMN not in frame.columns:
        return None
    mask = frame[FEATURES_COLUMN].fill_null(0).cast(pl.Int64).to_numpy()
    won = frame["winner"].cast(pl.Int64).to_numpy() >= 0
    names = feature_names()
    won_mask = mask[won]
    present = int(np.bitwise_or.reduce(won_mask)) if won_mask.size else 0
    named = {k for k, name in names.items() if variant not in VARIANTS or name in facts(variant).WIN_FEATURES}
    bits = sorted(named | {k for k in range(32) if present >> k & 1})
    return {names.get(k, f"bit{k}"): (((mask >> k) & 1).astype(bool) & won).astype(float) for k in bits}


def multipliers(frame: pl.DataFrame) -> np.ndarray | None:
    """Return the win's total multiplier per hand (NaN where no win), or None without the column."""
    if MULTIPLIER_COLUMN not in frame.columns:
        return None
    value = frame[MULTIPLIER_COLUMN].cast(pl.Float64).fill_null(np.nan).to_numpy()
    won = frame["winner"].cast(pl.Int64).to_numpy() >= 0
    return np.where(won, value, np.nan)
