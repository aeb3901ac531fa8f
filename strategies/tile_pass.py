"""The three tiles a seat passes after the deal where the rules pass tiles (四川 换三张, docs/rules/sichuan.md r8) —
compiled kernels.

Every policy's ``choose_pass`` (strategies/seats/) returns one of these: ``weakest_suit_three`` (greedy, and every
strategy built on its choices: search, learned, defensive, ...) or ``random_three`` (random). A hand (int8[34], the
dealer's 14 or another seat's 13 tiles) always holds three tiles of some suit: 13 tiles in three suits put five in
one. Each returns the three kinds (a, b, c), repeats allowed, all of one suit the hand holds that many of.
"""
from numba import njit

from sim.core.hand.suit_counts import suit_tiles  # the tiles of a suit in a hand, counted once
from sim.core.rng import bounded

N_SUITS = 3


@njit(cache=True, _nrt=False)
def weakest_suit(hand):
    """Return the suit with the fewest tiles among those holding three or more, the lower suit on a tie."""
    best, fewest = -1, 99
    for suit in range(N_SUITS):
        n = suit_tiles(hand, suit)
        if 3 <= n < fewest:
            best, fewest = suit, n
    return best


@njit(cache=True, _nrt=False)
def neighbours(hand, kind):
    """Return the tiles of ``kind``'s suit within two ranks of it in ``hand``, the tile itself not counted."""
    suit = kind // 9
    n = -1
    for k in range(max(9 * suit, kind - 2), min(9 * suit + 9, kind + 3)):
        n += hand[k]
    return n


@njit(cache=True, _nrt=False)
def least_connected(hand, suit):
    """Return the kind of ``suit`` held in ``hand`` with the fewest neighbours (``neighbours``), the lower on a tie."""
    best, fewest = -1, 99
    for k in range(9 * suit, 9 * suit + 9):
        if hand[k] > 0:
            n = neighbours(hand, k)
            if n < fewest:
                best, fewest = k, n
    return best


@njit(cache=True, _nrt=False)
def weakest_suit_three(hand):
    """Return greedy's three tiles: from its weakest suit (``weakest_suit``, the one it will likely give up), one
    at a time the least connected tile (``least_connected``, on the hand less the tiles picked so far). The hand is
    unchanged."""
    suit = weakest_suit(hand)
    a = least_connected(hand, suit)
    hand[a] -= 1
    b = least_connected(hand, suit)
    hand[b] -= 1
    c = least_connected(hand, suit)
    hand[a] += 1
    hand[b] += 1
    return a, b, c


@njit(cache=True, _nrt=False)
def random_tile_of(hand, suit, rng):
    """Return the kind of a tile of ``suit`` drawn uniformly from the copies ``hand`` holds (it holds one)."""
    r = bounded(rng, suit_tiles(hand, suit))
    for k in range(9 * suit, 9 * suit + 9):
        if r < hand[k]:
            return k
        r -= hand[k]
    return -1


@njit(cache=True, _nrt=False)
def random_three(hand, rng):
    """Return random's three tiles: a suit drawn uniformly among those holding three or more, then three of its
    tiles drawn uniformly without replacement (``rng`` the seat's uint64[2] decision generator). The hand is
    unchanged."""
    eligible = 0
    for suit in range(N_SUITS):
        eligible += 1 if suit_tiles(hand, suit) >= 3 else 0
    r = bounded(rng, eligible)
    suit = -1
    for s in range(N_SUITS):
        if suit_tiles(hand, s) >= 3:
            if r == 0:
                suit = s
                break
            r -= 1
    a = random_tile_of(hand, suit, rng)
    hand[a] -= 1
    b = random_tile_of(hand, suit, rng)
    hand[b] -= 1
    c = random_tile_of(hand, suit, rng)
    hand[a] += 1
    hand[b] += 1
    return a, b, c
