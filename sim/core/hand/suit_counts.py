"""How many tiles of one suit a hand holds — compiled kernels.

``hand`` is a seat's concealed hand as counts per kind (int8[34], kinds ``9 * suit`` .. ``9 * suit + 8`` the suit's
ranks 1..9), ``suit`` one of the three suits (0 万, 1 饼/筒, 2 条). The one count that a rule set's 定缺 (its void
suit) and a strategy's choices of a suit (the suit it declares void, the tiles it passes) share.
"""
from numba import njit


@njit(cache=True, _nrt=False)
def suit_tiles(hand, suit):
    """Return the number of tiles (copies, an int) of ``suit`` (0 万, 1 饼, 2 条) in ``hand`` (int8[34])."""
    count = 0
    for k in range(9 * suit, 9 * suit + 9):
        count += hand[k]
    return count
