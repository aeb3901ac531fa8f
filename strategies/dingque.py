"""The suit a seat declares it gives up at the deal (晋中 ``jz_dingque_upfront``, RULES §2.4 r13, A18) — compiled.

Every strategy declares the same way (every policy's ``choose_dingque``, strategies/seats/): the suit with the fewest
tiles in its initial hand (the dealer's 14, the others' 13), ties to the lower suit (万 0 < 饼 1 < 条 2).
"""
from numba import njit


@njit(cache=True, _nrt=False)
def fewest_tiles_suit(hand):
    """Return the suit (0 万, 1 饼, 2 条) holding the fewest tiles of ``hand`` (int8[34]); ties → the lower suit."""
    best = 0
    best_count = 99
    for suit in range(3):
        count = 0
        for k in range(9 * suit, 9 * suit + 9):
            count += hand[k]
        if count < best_count:
            best, best_count = suit, count
    return best
