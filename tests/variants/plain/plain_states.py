"""Kernel-level 推倒胡 situations for the tests: a rule vector, zeroed state arrays and hands from tile notation."""
import numpy as np

from sim.core.state import new_state
from sim.hand_tables import get_tables
from sim.tiles import kind, parse  # noqa: F401  (kind: one tile's kind, e.g. kind("5m") == 4)
from sim.variants.plain.config import PlainRules


def rule_vec(**flags):
    """Return the packed 推倒胡 rule vector with ``flags`` (``chi``, ``qidui``) over the defaults."""
    return PlainRules().replace(**flags).pack() if flags else PlainRules().pack()


def tables():
    """Return the hand-table tuple the kernels take."""
    return get_tables()


class Table:
    """Zeroed state arrays of one hand (sim.core.state.new_state) with helpers to seat tiles and melds."""

    def __init__(self):
        self.wall, self.hands, self.frozen, self.melds, self.rivers, self.st, self.money = new_state()
        self.events = np.zeros((1, 4), np.int32)  # logging off

    def give(self, seat, notation):
        """Set ``seat``'s concealed tiles to ``notation`` (e.g. ``"123m456p"``)."""
        self.hands[seat] = parse(notation)
        return self

    def meld(self, seat, meld_type, tile, from_seat=-1):
        """Record a meld of ``seat`` (MELD_* ``meld_type``, lowest kind ``tile``) as the core does."""
        from sim.core.melds import add_meld

        add_meld(self.melds, self.st, seat, meld_type, tile, from_seat)
        return self

