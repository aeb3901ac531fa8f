"""Draw orders for whole Sichuan hands on a stacked wall (docs/rules/sichuan.md r5): the front draws of a whole hand
written seat by seat, so that a stacked wall forces a hand to its last tile — plain Python.

``draws_for(hands, turns, fixed, suits, replacements)`` returns the front draws (tile notation) of the seats
``turns`` lists in drawing order: front draw i (i = 0 the dealer's 14th tile, wall position 52) is ``fixed[i]``
when given, else a tile of one of the suits ``suits[seat]`` names (a seat that must keep its hand: the drawn
tile is its void's, so the scripted seat discards it), else a tile of a suit no seat reserves (any suit once those
run out); among the choices always the kind with the most copies left, lowest kind first. ``turns_after`` spells a
turn order: the seats listed, then the cycle of the seats still playing until the wall holds no front tile.
"""
from __future__ import annotations

import numpy as np

from sc_hands import kinds

SUITS = "mps"
LIVE = 108 - 52  # the dealer's 14th tile and every later draw, front or replacement (r3, r4)


def name(kind: int) -> str:
    """Return the notation of a suit kind 0..26 (``"5p"``)."""
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def turns_after(first, cycle, replacements=0) -> list[int]:
    """Return the seats of every front draw: ``first`` in order, then ``cycle`` repeated, cut where the live wall
    (56 tiles less ``replacements``) runs out."""
    n = LIVE - replacements
    out = list(first)
    while len(out) < n:
        out += list(cycle)
    return out[:n]


def draws_for(hands: dict, turns, fixed=None, suits=None, replacements="") -> str:
    """Return the front draws (notation) of the seats ``turns`` lists (see the module docstring). Raises ValueError
    when a suit runs out."""
    fixed = dict(fixed or {})
    suits = dict(suits or {})
    left = np.full(27, 4, dtype=np.int64)  # int64[27]: copies not yet placed
    for text in list(hands.values()) + list(fixed.values()) + [replacements]:
        for k in kinds(text):
            left[k] -= 1
    reserved = {SUITS.index(c) for letters in suits.values() for c in letters}
    free = [k for k in range(27) if k // 9 not in reserved] or list(range(27))
    out = []
    for i, seat in enumerate(turns):
        if i in fixed:
            out.append(fixed[i])
            continue
        pool = [k for k in range(27) if SUITS[k // 9] in suits[seat]] if seat in suits else free
        k = max(pool, key=lambda j: (left[j], -j))
        if left[k] <= 0 and seat not in suits:
            k = max(range(27), key=lambda j: (left[j], -j))  # the free suits ran out: any tile
        if left[k] <= 0:
            raise ValueError(f"no tile left for front draw {i} of seat {seat}")
        left[k] -= 1
        out.append(name(k))
    return "".join(out)


# --- the worked example of docs/rules/sichuan.md r81 ------------------------------------------------------------
#: Seat 0 deals, ready on 3m/6m in 万 only (清一色, TMV 4); seat 1 holds 2222s for a 暗杠 and stays 未听 (void 筒);
#: seat 2 waits 5s/8s for a 平胡 (void 万); seat 3 holds 1s 3s of its void 条 and draws only 条, so it ends a 花猪.
R81_HANDS = {0: "1112344556789m", 1: "2222s13579m4678s", 2: "123456789p67s99s", 3: "13s2468m1246789p"}
R81_REPLACEMENTS = "9m"
#: Seat 2 draws its 5s on its second turn (front draw 6); after it wins, seats 3, 0, 1 draw in turn.
R81_DRAWS = draws_for(R81_HANDS, turns_after([0, 1, 2, 3, 0, 1, 2], [3, 0, 1], replacements=1), fixed={6: "5s"},
                      suits={3: "s"}, replacements=R81_REPLACEMENTS)


def r81_table(**flags):
    """Return the r81 hand (``sc_scenarios.table``) played up to seat 1's 暗杠 of 2s on its first turn."""
    from sc_scenarios import table

    return table(R81_HANDS, draws=R81_DRAWS, replacements=R81_REPLACEMENTS, **flags).play([(1, "angang 2s")])


def r81_finish(t):
    """Play the r81 hand on from the 暗杠: seat 2's 自摸 of 5s on its second turn, then the rest to the empty wall."""
    t.run_until_drawn(2, "5s")
    t.step(2, "zimo")
    return t.finish()


def two_suit_hand(hands: dict, draws: str = "", replacements: str = "", suits: str = "mp") -> str:
    """Return 13 tiles (notation) of the two ``suits`` from the tiles ``hands``, ``draws`` and ``replacements``
    leave: a seat holding it declares the third suit void and holds no void tile, so it discards what it draws."""
    left = np.full(27, 4, dtype=np.int64)  # int64[27]: copies not yet placed
    for text in list(hands.values()) + [draws, replacements]:
        for k in kinds(text):
            left[k] -= 1
    pool = [k for k in range(27) if SUITS[k // 9] in suits]
    out = []
    while len(out) < 13:
        k = max(pool, key=lambda j: (left[j], -j))
        if left[k] <= 0:
            raise ValueError(f"not enough tiles of {suits} for a hand")
        left[k] -= 1
        out.append(name(k))
    return "".join(out)


def ron_table(hand: str, tile: str, seat: int = 1, **flags):
    """Return a hand (``sc_scenarios.table``) in which the dealer, seat 0, draws ``tile`` as its 14th and discards
    it into the claim window, ``seat`` holding ``hand``; the dealer holds two suits other than ``tile``'s when
    possible (no void tile), the other seats pair-free fillers."""
    from sc_scenarios import table

    others = "".join(c for c in SUITS if c != tile[-1])
    hands = {seat: hand}
    try:
        hands[0] = two_suit_hand(hands, tile, suits=others[:2])
    except ValueError:
        hands[0] = two_suit_hand(hands, tile, suits=SUITS.replace(hand[-1], "")[:2])
    t = table(hands, draws=tile, **flags)
    t.step(0, f"discard {tile}")
    return t
