"""Scripted 金华 hands for the rule tests: ``jc_scenarios``' scripted table under ``JinhuaRules``.

``table(hands, draws, replacements, caishen, dealer, **rule_overrides)`` builds a stacked wall whose last
position holds the turned indicator ``caishen`` (its kind is the 财神, RULES §3.2 r5), kong replacements
below it, seats without a hand a pair-free filler, and starts a hand checked after every step
(sim.core.invariants) in which every seat is driven from the test; ``t.play(script)`` applies
``(seat, action)`` entries, auto-playing the other seats (discard the drawn tile, pass every claim).
Seat 0 deals unless told; without calls front draw i goes to seat i mod 4; seat s + 1 is the 下家 of s.
"""
from __future__ import annotations

from jc_scenarios import Scripted, pair_free_fillers, spare_draws  # noqa: F401  (re-exported)
from sim.variants.jinhua.config import JinhuaRules


class JhScripted(Scripted):
    """A 金华 hand driven action by action through the engine's ``Game`` (check mode on)."""

    def __init__(self, hands, draws="", replacements="", caishen="9s", dealer=0, **rule_overrides):
        from sim.game import Game
        from sim.stacked import stacked_wall

        self.rules = JinhuaRules().replace(**rule_overrides)
        tail = caishen + replacements  # position 135 is the indicator, replacements go down from 134
        self.hands = pair_free_fillers(dict(hands), draws, tail)
        self.wall = stacked_wall(self.hands, draws=draws, replacements=tail, dealer=dealer)
        self.game = Game(rules=self.rules, wall=self.wall, dealer=dealer, check=True)

    def win_row(self) -> dict:
        """The record of the finished hand."""
        assert self.phase == "over"
        return self.record()


def table(hands, draws="", replacements="", caishen="9s", dealer=0, **rule_overrides) -> JhScripted:
    """Return a scripted 金华 hand on a stacked wall (see module docstring)."""
    return JhScripted(hands, draws, replacements, caishen, dealer, **rule_overrides)
