"""Conditions on the studied seat's dealt tiles, and their exact probabilities — plain Python.

A *deal condition* restricts the deal of seat 0 (the studied seat) so that rare deals get
many hands: a conditioned run plays, for hand *i* of seed *s*, a wall drawn from the exact
conditional distribution of the uniform wall given the condition (sim.core.conditioned_deal).
The condition is on what the record's ``s0_yaojiu_start`` measures: seat 0's tiles after the
dealer's first draw, so 13 tiles when seat 0 is not the dealer and 14 when it is (positions
of its deal plus the first front draw, sim.core.wall).

Conditions travel as one small integer (``deal_condition``): 0 = none (the plain wall);
``KIND_YAOJIU * CONDITION_BASE + k`` = seat 0 holds exactly ``k`` distinct 幺九/字 kinds
(1 <= k <= 13). Wild-count conditions (金华) will be another kind.

The probabilities are exact (integer combinatorics on the 136 distinguishable tiles): the
13 幺九/字 kinds have 4 copies each (52 tiles), the 21 other kinds 84 tiles.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

#: deal_condition = kind * CONDITION_BASE + value; kind 0 is "no condition".
CONDITION_BASE = 64
KIND_NONE = 0
KIND_YAOJIU = 1  # value = exact number of distinct 幺九/字 kinds in seat 0's start tiles
CONDITION_KINDS = {"yaojiu_kinds": KIND_YAOJIU}

YAOJIU_KINDS = 13   # 1m 9m 1p 9p 1s 9s and the 7 honours
COPIES = 4
OTHER_TILES = (34 - YAOJIU_KINDS) * COPIES  # 84 tiles of the 21 other kinds
WALL_TILES = 34 * COPIES
#: Probability that seat 0 deals (single-hand runs draw the dealer uniformly, sim.core.wall.draw_dealer).
DEALER_SHARE = Fraction(1, 4)


def yaojiu_condition(k: int) -> int:
    """Return the ``deal_condition`` code for "seat 0 starts with exactly ``k`` distinct 幺九/字 kinds"."""
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= YAOJIU_KINDS:
        raise ValueError(f"yaojiu_kinds condition k={k!r} is out of range 1..{YAOJIU_KINDS}")
    return KIND_YAOJIU * CONDITION_BASE + k


def check_condition(code: int) -> int:
    """Return ``code`` when it is a valid ``deal_condition`` (0 or a yaojiu_kinds code); else raise ValueError."""
    if isinstance(code, bool) or not isinstance(code, int) or code < 0:
        raise ValueError(f"deal_condition={code!r} must be 0 (none) or a code of sim.deal_conditions")
    kind, value = divmod(code, CONDITION_BASE)
    if kind == KIND_NONE and value == 0:
        return code
    if kind == KIND_YAOJIU and 1 <= value <= YAOJIU_KINDS:
        return code
    raise ValueError(f"deal_condition={code} is not valid: 0 (none) or yaojiu_kinds k in 1..{YAOJIU_KINDS} "
                     f"(code {KIND_YAOJIU * CONDITION_BASE + 1}..{KIND_YAOJIU * CONDITION_BASE + YAOJIU_KINDS})")


def describe_condition(code: int) -> str:
    """Return a valid ``deal_condition`` code in the report's words (Chinese): '' for 0 (plain walls), else e.g.
    ``0 号位起手恰有 9 种幺九/字``."""
    kind, value = divmod(check_condition(code), CONDITION_BASE)
    return f"0 号位起手恰有 {value} 种幺九/字" if kind == KIND_YAOJIU else ""


@lru_cache(maxsize=None)
def check_condition_for_rules(code: int, rules) -> None:
    """Raise a one-line ValueError when ``deal_condition`` ``code`` cannot be drawn under ``rules`` (a VariantRules):
    a 幺九/字 condition needs honors, which the 晋中 ``jz_tiles=108`` wall has none of (RULES §2.1 r1)."""
    if code != 0 and getattr(rules, "jz_tiles", 136) == 108:
        raise ValueError(f"deal_condition={code} conditions on 幺九/字 kinds, but rules.jz_tiles=108 has no honors; "
                         f"use deal_condition=0 or jz_tiles=136")


@lru_cache(maxsize=None)
def surjective_copies(k: int, m: int) -> int:
    """Return the number of ways to pick ``m`` of the 4·k tiles of ``k`` given kinds with every kind present.

    The coefficient of x^m in ((1 + x)^4 − 1)^k (a count of tile subsets, copies distinguishable).
    """
    if k == 0:
        return 1 if m == 0 else 0
    return sum(comb(COPIES, c) * surjective_copies(k - 1, m - c) for c in range(1, COPIES + 1) if m - c >= 0)


def yaojiu_kind_counts(n_tiles: int) -> list[int]:
    """Return, for k = 0..13, the number of ``n_tiles``-subsets of the 136 tiles with exactly k 幺九/字 kinds."""
    return [comb(YAOJIU_KINDS, k) * sum(surjective_copies(k, m) * comb(OTHER_TILES, n_tiles - m)
                                        for m in range(k, min(COPIES * k, n_tiles) + 1))
            for k in range(YAOJIU_KINDS + 1)]


@lru_cache(maxsize=None)
def yaojiu_kind_probabilities(n_tiles: int) -> tuple[Fraction, ...]:
    """Return the exact P(exactly k distinct 幺九/字 kinds), k = 0..13, for ``n_tiles`` uniform tiles of 136
    (a tuple: it is cached, a summary asks for it once per k and stratum)."""
    counts = yaojiu_kind_counts(n_tiles)
    total = comb(WALL_TILES, n_tiles)
    if sum(counts) != total:
        raise AssertionError("the strata do not partition the deals")  # cannot happen: a self-check
    return tuple(Fraction(c, total) for c in counts)


def start_probabilities() -> list[Fraction]:
    """Return P(``s0_yaojiu_start`` = k), k = 0..13, in single-hand runs (seat 0 deals, 14 tiles, a quarter
    of the time)."""
    p13, p14 = yaojiu_kind_probabilities(13), yaojiu_kind_probabilities(14)
    return [DEALER_SHARE * a + (1 - DEALER_SHARE) * b for a, b in zip(p14, p13)]


def dealer_weight(k: int) -> Fraction:
    """Return P(seat 0 is the dealer | ``s0_yaojiu_start`` = k) in single-hand runs (exact)."""
    p14 = yaojiu_kind_probabilities(14)[k]
    total = start_probabilities()[k]
    return DEALER_SHARE * p14 / total if total else Fraction(0)
