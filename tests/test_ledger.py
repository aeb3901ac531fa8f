"""The core ledger moves (sim.core.ledger) against a plain-Python statement of what they pay."""
import itertools

import numpy as np

from sim.core.ledger import each_other_pays, pays_every_other


def test_each_other_pays_or_one_pays_for_all():
    """Every other seat pays ``amount``, or the sole payer (包) pays all three shares; zero-sum."""
    for receiver, sole_payer, amount in itertools.product(range(4), range(-1, 4), (0, 1, 5)):
        if sole_payer == receiver:
            continue
        out = np.array([3, -1, 0, 2], np.int32)
        gain = each_other_pays(receiver, amount, sole_payer, out)
        expected = np.array([3, -1, 0, 2], np.int32)
        for seat in range(4):
            if seat == receiver:
                expected[seat] += 3 * amount
            elif sole_payer < 0:
                expected[seat] -= amount
            elif seat == sole_payer:
                expected[seat] -= 3 * amount
        assert gain == 3 * amount
        assert out.tolist() == expected.tolist(), (receiver, sole_payer, amount)


def test_pays_every_other_moves_money_from_one_seat_to_the_three_others():
    for payer, amount in itertools.product(range(4), (0, 2)):
        out = np.zeros(4, np.int32)
        assert pays_every_other(payer, amount, out) == 3 * amount
        assert out.tolist() == [-3 * amount if seat == payer else amount for seat in range(4)]
