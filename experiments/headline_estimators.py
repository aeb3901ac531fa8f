"""The five headline statistics of an arm, from its hand records, and their paired changes between two arms on the
same walls (money in 底注 per hand) — the estimators the sensitivity, tune and skill studies share. Plain Python.
"""
from __future__ import annotations

import numpy as np
import polars as pl

from experiments import paired_delta
from reports import stats


def per_hand(frame: pl.DataFrame) -> dict[str, np.ndarray]:
    """Return per-hand float arrays: ``dealer_result`` (底注), ``huang``, ``win``, ``zimo`` (0/1),
    ``draws`` and ``seat_square`` (mean over the four seats of result², 底注²)."""
    deltas = np.column_stack([frame[f"s{k}_delta"].cast(pl.Float64).to_numpy() for k in range(4)])
    dealer = frame["dealer"].cast(pl.Int64).to_numpy()
    winner = frame["winner"].cast(pl.Int64).to_numpy()
    return {
        "dealer_result": deltas[np.arange(frame.height), dealer],
        "huang": (winner < 0).astype(float),
        "win": (winner >= 0).astype(float),
        "zimo": (frame["win_kind"] == "zimo").to_numpy().astype(float),
        "draws": frame["draws"].cast(pl.Float64).to_numpy(),
        "seat_square": (deltas ** 2).mean(axis=1),
    }


def arm_statistics(hands: dict[str, np.ndarray]) -> dict[str, stats.Estimate]:
    """Return the five statistics of one arm from its ``per_hand`` arrays."""
    return {
        "dealer_result": stats.mean_ci(hands["dealer_result"]),
        "huang_rate": stats.proportion(hands["huang"]),
        "zimo_share": stats.wilson(int(hands["zimo"].sum()), int(hands["win"].sum())),
        "hand_draws": stats.mean_ci(hands["draws"]),
        "volatility": paired_delta.rms(hands["seat_square"]),
    }


def paired_changes(arm: dict[str, np.ndarray], base: dict[str, np.ndarray]) -> dict[str, stats.Estimate]:
    """Return arm − base of the five statistics over paired hands (same walls), with 95 % intervals."""
    return {
        "dealer_result": stats.paired_difference(arm["dealer_result"], base["dealer_result"]),
        "huang_rate": stats.paired_difference(arm["huang"], base["huang"]),
        "zimo_share": paired_delta.ratio_difference(arm["zimo"], arm["win"], base["zimo"], base["win"]),
        "hand_draws": stats.paired_difference(arm["draws"], base["draws"]),
        "volatility": paired_delta.rms_difference(arm["seat_square"], base["seat_square"]),
    }
