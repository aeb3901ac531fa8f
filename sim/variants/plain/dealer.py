"""推倒胡 next dealer (docs/rules/plain.md r5) — compiled kernel.

The dealer keeps the deal when it wins and on a 荒庄; when another seat wins, the deal passes to the dealer's 下家
(the next seat in turn order), not to the winner.
"""
from numba import njit


@njit(cache=True, _nrt=False)
def next_dealer_k(dealer, winner):
    """Return the seat (0..3) that deals the next hand after a hand dealt by ``dealer`` and won by ``winner``
    (-1 = 荒庄)."""
    if winner < 0 or winner == dealer:
        return dealer
    return (dealer + 1) % 4
