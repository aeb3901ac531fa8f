"""Scripted 晋中 hands for the rule tests: ``jc_scenarios``' scripted table under ``JinzhongRules``.

``table(hands, draws, replacements, dealer, **rule_overrides)`` builds a stacked wall (seats without a hand
get a pair-free filler; suit tiles only under ``jz_tiles=108``) and starts a hand, checked after every step (sim._invariants), in which every seat is
driven from the test; ``t.play(script)`` applies ``(seat, action)`` entries, auto-playing the other seats
(discard the drawn tile, pass every claim). A 报听 is the engine's ``shangjia`` action (the same mechanics).
Seat 0 deals unless told; without calls front draw i goes to seat i mod 4.
"""
from __future__ import annotations

from jc_scenarios import Scripted, pair_free_fillers, spare_draws  # noqa: F401  (re-exported)
from sim.variants.jinzhong.config import JinzhongRules


class JzScripted(Scripted):
    """A 晋中 hand driven action by action through the engine's ``Game`` (check mode on)."""

    def __init__(self, hands, draws="", replacements="", dealer=0, **rule_overrides):
        from sim.game import Game
        from sim.stacked import stacked_wall

        self.rules = JinzhongRules().replace(**rule_overrides)
        n_tiles = self.rules.jz_tiles  # 136, or 108 suit tiles without honors (RULES §2.1 r1)
        self.hands = pair_free_fillers(dict(hands), draws, replacements, n_kinds=n_tiles // 4)
        self.wall = stacked_wall(self.hands, draws=draws, replacements=replacements, dealer=dealer, tiles=n_tiles)
        self.game = Game(rules=self.rules, wall=self.wall, dealer=dealer, check=True)


def table(hands, draws="", replacements="", dealer=0, **rule_overrides) -> JzScripted:
    """Return a scripted 晋中 hand on a stacked wall (see module docstring)."""
    return JzScripted(hands, draws, replacements, dealer, **rule_overrides)
