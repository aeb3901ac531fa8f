"""Scripted 晋城 hands for the rule tests: stacked walls, a scripted table, and auto-play.

``table(hands, draws, replacements, dealer, **rule_overrides)`` builds a stacked wall
(seats without a hand get a pair-free filler) and starts a hand in which every seat is
driven from the test. ``t.play(script)`` applies the entries ``(seat, action)`` in order;
until an entry's seat is due, the other seats act automatically (discard the tile just
drawn — or the first legal discard after a call — and pass every claim). The seat of the
next entry must have every self-phase decision scripted; its claim windows pass.
"""
from __future__ import annotations

import numpy as np

from sim import tiles
from sim.rules import resolve_rules
from sim.stacked import tile_sequence


def tile_list(text: str) -> list[int]:
    """Return the kinds of notation ``text`` in written order (``"5z1m"`` -> [31, 0])."""
    return tile_sequence(text) if text else []


def kinds(text: str) -> list[int]:
    """Return the sorted kinds of ``text`` (helper for comparing wait sets)."""
    return sorted(tile_list(text))


def pair_free_fillers(hands: dict, draws: str, replacements: str, n_kinds: int = 34) -> dict:
    """Return ``hands`` with every missing seat given 13 distinct kinds from the unused tiles.

    A filler hand has no pair, so it can never 碰 or 杠 a discard; auto-play never 上架s it.
    Kinds are taken spread out (stride 3 through the suits, then honors) to keep it far from tenpai;
    ``n_kinds`` 27 takes suit kinds only (a wall without honors).
    """
    left = np.full(34, 4, dtype=np.int64)  # int64[34]: copies not yet placed
    for text in list(hands.values()) + [draws, replacements]:
        for k in tile_list(text):
            left[k] -= 1
    order = [s * 9 + r for start in (0, 1, 2) for s in range(3) for r in range(start, 9, 3)] + list(range(27, n_kinds))
    full = dict(hands)
    for seat in range(4):
        if seat in full:
            continue
        chosen = sorted(order, key=lambda k: -left[k])[:13]
        if left[chosen[-1]] <= 0:
            raise ValueError("not enough spare tiles for a pair-free filler hand")
        for k in chosen:
            left[k] -= 1
        full[seat] = "".join(tiles.name(k) for k in chosen)
    return full


def spare_draws(hands: dict, fixed: str, count: int, avoid: str = "", replacements: str = "") -> str:
    """Return ``count`` front draws (notation) from the tiles unused by ``hands``, ``fixed``
    and ``replacements``, never of a kind in ``avoid``, spread over kinds (one of each in turn)."""
    left = np.full(34, 4, dtype=np.int64)  # int64[34]: copies not yet placed
    for text in list(hands.values()) + [fixed, replacements]:
        for k in tile_list(text):
            left[k] -= 1
    banned = set(tile_list(avoid))
    out: list[str] = []
    while len(out) < count:
        progress = False
        for k in range(34):
            if k not in banned and left[k] > 0 and len(out) < count:
                left[k] -= 1
                out.append(tiles.name(k))
                progress = True
        if not progress:
            raise ValueError("not enough spare tiles for the requested draws")
    return "".join(out)


class Scripted:
    """A hand driven action by action through the engine's Python ``Game`` wrapper."""

    def __init__(self, hands, draws="", replacements="", dealer=0, **rule_overrides):
        from sim.game import Game
        from sim.stacked import stacked_wall

        self.rules = resolve_rules("jincheng", **rule_overrides)
        self.hands = pair_free_fillers(dict(hands), draws, replacements)
        self.wall = stacked_wall(self.hands, draws=draws, replacements=replacements, dealer=dealer)
        self.game = Game(rules=self.rules, wall=self.wall, dealer=dealer)

    # --- thin views -------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def to_act(self) -> int:
        return self.game.to_act

    def legal(self, seat=None) -> list[str]:
        return list(self.game.legal_actions(self.to_act if seat is None else seat))

    def step(self, seat, action) -> None:
        legal = self.legal(seat)
        if action not in legal:
            raise AssertionError(f"seat {seat} cannot {action!r} now; legal: {legal}")
        self.game.step(seat, action)

    def counts(self, seat) -> np.ndarray:
        """Concealed tile counts (int8[34]) of ``seat``."""
        return tiles.parse(self.game.hands[seat])

    def river(self, seat) -> list[str]:
        """Face-up discards in ``seat``'s river, as tile names."""
        return list(self.game.rivers[seat])

    def waits(self, seat) -> list[int]:
        """Sorted wait kinds of ``seat`` fixed at 上架 (empty before)."""
        return sorted(tiles.kind(w) for w in self.game.waits[seat])

    @property
    def offered(self):
        """The tile offered in the open claim window (None outside one)."""
        return self.game.observation(0)["offered"]

    def record(self) -> dict:
        return self.game.record()

    def money(self, column="delta") -> list[int]:
        row = self.record()
        return [int(row[f"s{k}_{column}"]) for k in range(4)]

    # --- automatic play ----------------------------------------------------------------
    def auto_action(self) -> str:
        """The default action of the seat to act: discard the drawn tile, or pass a claim."""
        legal = self.legal()
        if self.phase == "claim":
            return "pass"
        drawn = self.game.last_drawn
        if drawn is not None and f"discard {drawn}" in legal:
            return f"discard {drawn}"
        return next(a for a in legal if a.startswith("discard"))

    def auto(self) -> None:
        self.step(self.to_act, self.auto_action())

    def play(self, script=(), finish=False) -> "Scripted":
        """Apply ``script`` entries ``(seat, action)``; when the last entry answered a claim window,
        the seats still to answer it pass (so the window resolves).

        With ``finish`` the hand is auto-played to its end.
        """
        answered_claim = False
        for seat, action in script:
            while True:
                if self.phase == "over":
                    raise AssertionError(f"hand ended before seat {seat} could {action!r}")
                if self.to_act == seat:
                    legal = self.legal()
                    if action in legal:
                        answered_claim = self.phase == "claim"
                        self.step(seat, action)
                        break
                    if self.phase != "claim":
                        raise AssertionError(f"seat {seat} cannot {action!r}; legal: {legal}")
                self.auto()
        while self.phase == "claim" and answered_claim:
            self.auto()  # the seats still to answer the last scripted window pass
        if finish:
            self.finish()
        return self

    def run_until(self, seat, phase="self") -> "Scripted":
        """Auto-play until ``seat`` must act in ``phase`` (``"self"`` or ``"claim"``)."""
        while not (self.to_act == seat and self.phase == phase):
            if self.phase == "over":
                raise AssertionError(f"hand ended before seat {seat} reached its {phase} phase")
            self.auto()
        return self

    def run_until_drawn(self, seat, tile) -> "Scripted":
        """Auto-play until ``seat`` starts a self phase having just drawn ``tile``."""
        while not (self.phase == "self" and self.to_act == seat and self.game.last_drawn == tile):
            if self.phase == "over":
                raise AssertionError(f"hand ended before seat {seat} drew {tile}")
            self.auto()
        return self

    def run_until_offered(self, seat, tile) -> "Scripted":
        """Auto-play until ``seat`` is asked to answer a window offering ``tile``."""
        while not (self.phase == "claim" and self.to_act == seat and self.offered == tile):
            if self.phase == "over":
                raise AssertionError(f"hand ended before seat {seat} was offered {tile}")
            self.auto()
        return self

    def window(self) -> dict[int, list[str]]:
        """Pass every answer of the open claim window; return {seat: its legal answers} as asked."""
        asked: dict[int, list[str]] = {}
        while self.phase == "claim":
            asked[self.to_act] = sorted(self.legal())
            self.step(self.to_act, "pass")
        return asked

    def finish(self) -> "Scripted":
        """Auto-play to the end of the hand."""
        while self.phase != "over":
            self.auto()
        return self


def table(hands, draws="", replacements="", dealer=0, **rule_overrides) -> Scripted:
    """Return a scripted hand on a stacked wall (see module docstring)."""
    return Scripted(hands, draws, replacements, dealer, **rule_overrides)
