"""The seat's view a policy decides on, as one named bundle (plain Python, no kernels).

``SeatView`` is a ``typing.NamedTuple`` of the state arrays a seat's policy reads (sim.core.seat_dispatch): numba
types it as a named tuple, so a kernel reads a field by name (``view.hands``) at no cost over a positional index,
and a tuple of arrays is passed by reference (nothing is copied). The hand loop (``sim.core.turn.run_until``) builds
it once per call from its ``board`` and ``scratch`` tuples (the search player's rollouts included), the search's
candidate kernels once per call (``strategies.search.candidates``); a policy never builds one.

The bundle holds whole arrays, the other seats' rows of ``hands`` and ``frozen`` included: what the type does not
stop, the tests do. A policy reads only its seat's row of ``hands`` and ``frozen`` and the public fields (every
river, every exposed meld, who has declared); ``tests/test_twins.py`` proves that boundary for every strategy, on
twin states a seat sees identically with every hidden fact drawn again.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np


class SeatView(NamedTuple):
    """What a seat's policy is handed at a decision (layouts in ``sim.core.state`` and ``sim.core.melds``)."""

    #: int8[4, 34]: each seat's concealed tile counts per kind; a policy reads its own seat's row only
    hands: np.ndarray
    #: int8[4, 34]: each seat's frozen concealed tiles (上架 shown tiles, 十三幺 commitments) per kind; own row only
    frozen: np.ndarray
    #: int8[4, 34]: each seat's exposed melds per kind, as their 碰/杠 codes (public; ``sim.core.melds``)
    melds: np.ndarray
    #: int8[4, RIVER_CAP]: each seat's discards in order (public)
    rivers: np.ndarray
    #: int64[]: the hand's scalar state (offsets in ``sim.core.state``); a policy reads the public fields
    st: np.ndarray
    #: int8[34]: scratch row a policy may overwrite (visible copies per kind), not part of the state
    seen: np.ndarray
