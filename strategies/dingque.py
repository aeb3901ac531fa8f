"""The suit a seat declares it gives up at the deal (晋中 ``jz_dingque_upfront``, RULES §2.4 r13, A18; 四川
定缺, docs/rules/sichuan.md r10) — compiled.

Every strategy declares the suit with the fewest tiles in its initial hand (the dealer's 14, the others' 13), ties to
the lower suit (万 0 < 饼 1 < 条 2) — every policy's ``choose_dingque``, strategies/seats/. ``greedy`` alone takes a
``dingque`` parameter (``fewest``, ``middle``, ``most``: the suit of that rank by tile count) so that a study can
price the choice on the same walls.
"""
from numba import njit

from sim.core.hand.suit_counts import suit_tiles


@njit(cache=True, _nrt=False)
def fewest_tiles_suit(hand):
    """Return the suit (0 万, 1 饼, 2 条) holding the fewest tiles of ``hand`` (int8[34]); ties → the lower suit."""
    return ranked_suit(hand, 0)


@njit(cache=True, _nrt=False)
def ranked_suit(hand, rank):
    """Return the suit (0 万, 1 饼, 2 条) of ``rank`` (0 fewest, 1 middle, 2 most) when the three suits are ordered by
    their tile count in ``hand`` (int8[34]), a tie ordered by the lower suit first."""
    counts = (suit_tiles(hand, 0), suit_tiles(hand, 1), suit_tiles(hand, 2))
    for suit in range(3):
        below = 0  # suits ordered before this one: fewer tiles, or as many and a lower suit
        for other in range(3):
            if counts[other] < counts[suit] or (counts[other] == counts[suit] and other < suit):
                below += 1
        if below == rank:
            return suit
    return 0
