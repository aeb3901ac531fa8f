"""Scripted 推倒胡 hands for the engine tests: ``jc_scenarios``' scripted table under ``PlainRules``.

``table(hands, draws, replacements, dealer, **flags)`` builds a stacked wall (seats without a hand get a pair-free
filler) and starts a hand through the engine's ``Game``, checked after every step (sim.core.invariants), in which
every seat is driven from the test; ``t.play(script)`` applies ``(seat, action)`` entries, auto-playing the other
seats (discard the drawn tile, pass every claim). ``answer(t, {seat: action})`` answers one open claim window
seat by seat (the others pass), whatever order the engine asks the seats in.
Seat 0 deals unless told; without calls front draw i goes to seat (dealer + i) mod 4; seat s + 1 is the 下家 of s;
``draws`` start with the dealer's 14th tile (wall position 52), ``replacements`` at position 135 going down.
"""
from __future__ import annotations

from jc_scenarios import Scripted, pair_free_fillers, spare_draws  # noqa: F401  (re-exported)
from sim.variants.plain.config import PlainRules


class PlainScripted(Scripted):
    """A 推倒胡 hand driven action by action through the engine's ``Game`` (check mode on)."""

    def __init__(self, hands, draws="", replacements="", dealer=0, seats=None, **flags):
        from sim.game import Game
        from sim.stacked import stacked_wall

        self.rules = PlainRules().replace(**flags)
        self.hands = pair_free_fillers(dict(hands), draws, replacements)
        self.wall = stacked_wall(self.hands, draws=draws, replacements=replacements, dealer=dealer)
        self.game = Game(rules=self.rules, seats=seats, wall=self.wall, dealer=dealer, check=True)

    def win(self) -> tuple[int, int, int]:
        """Return (winner, feeder, win_kind) of the record (-1, -1, WIN_NONE on a 荒庄)."""
        row = self.record()
        return row["winner"], row["feeder"], row["win_kind"]

    def next_dealer(self) -> int:
        """The dealer of the next hand of a session after this (finished) hand: 推倒胡's rotation hook on the
        engine's end-of-hand state (docs/rules/plain.md r5)."""
        from sim.variants.plain import hooks

        assert self.phase == "over"
        return int(hooks.next_dealer(self.game._rule_vec, self.game._st))


def table(hands, draws="", replacements="", dealer=0, seats=None, **flags) -> PlainScripted:
    """Return a scripted 推倒胡 hand on a stacked wall (see module docstring)."""
    return PlainScripted(hands, draws, replacements, dealer, seats, **flags)


def answer(t: Scripted, answers: dict[int, str]) -> dict[int, list[str]]:
    """Answer the open claim window: each seat of ``answers`` plays its action when asked, every other seat asked
    passes. Returns {seat: its legal answers} of every seat asked (the window must be open)."""
    assert t.phase == "claim", f"no claim window is open (phase {t.phase})"
    asked: dict[int, list[str]] = {}
    while t.phase == "claim":
        seat = t.to_act
        if seat in asked:  # the window resolved and a new one opened for a later discard
            break
        asked[seat] = sorted(t.legal())
        t.step(seat, answers.get(seat, "pass"))
    missing = set(answers) - set(asked)
    assert not missing, f"seats {sorted(missing)} were never asked (asked: {asked})"
    return asked


def auto_until_claim(t: Scripted, tile: str) -> Scripted:
    """Auto-play until a claim window offers ``tile`` (any seat asked first)."""
    while not (t.phase == "claim" and t.offered == tile):
        if t.phase == "over":
            raise AssertionError(f"hand ended before {tile} was offered")
        t.auto()
    return t
