"""Scripted Sichuan hands for the engine tests: ``jc_scenarios``' scripted table under ``SichuanRules`` on a
stacked 108-tile wall.

``table(hands, draws, replacements, dealer, **flags)`` builds the wall (seats without a hand get a pair-free filler
of suit tiles) and starts a hand through the engine's ``Game``, checked after every step (sim.core.invariants), in
which every seat is driven from the test. A scripted seat declares the suit it holds fewest of as its void (the
stand-in policy's choice, lowest suit on a tie). ``t.play(script)`` applies ``(seat, action)`` entries,
auto-playing the other seats (discard the drawn tile when legal, else the first legal discard; pass every claim).
Seat 0 deals unless told; front draw i goes to the i-th seat to draw (``draws`` start with the dealer's 14th tile,
wall position 52), ``replacements`` start at position 107 going down.
"""
from __future__ import annotations

from jc_scenarios import Scripted, pair_free_fillers
from sim.variants.sichuan.config import SichuanRules

SUIT_KINDS = 27


class SichuanScripted(Scripted):
    """A Sichuan hand driven action by action through the engine's ``Game`` (check mode on)."""

    def __init__(self, hands, draws="", replacements="", dealer=0, seats=None, **flags):
        from sim.game import Game
        from sim.stacked import stacked_wall

        self.rules = SichuanRules().replace(**flags)
        self.hands = pair_free_fillers(dict(hands), draws, replacements, n_kinds=SUIT_KINDS)
        self.wall = stacked_wall(self.hands, draws=draws, replacements=replacements, dealer=dealer, tiles=108)
        self.game = Game(rules=self.rules, seats=seats, wall=self.wall, dealer=dealer, check=True)

    def void(self, seat) -> int:
        """The suit ``seat`` declared void (0 万, 1 筒, 2 条)."""
        return int(self.record()[f"s{seat}_dingque"])

    def winners(self) -> list[int]:
        """The seats that have won so far, in seat order."""
        row = self.record()
        return [k for k in range(4) if row["winners"] >> k & 1]

    def column(self, name) -> list[int]:
        """The four values of the record's per-seat column ``s{k}_{name}``."""
        row = self.record()
        return [int(row[f"s{k}_{name}"]) for k in range(4)]


def table(hands, draws="", replacements="", dealer=0, seats=None, **flags) -> SichuanScripted:
    """Return a scripted Sichuan hand on a stacked 108-tile wall (see module docstring)."""
    return SichuanScripted(hands, draws, replacements, dealer, seats, **flags)
