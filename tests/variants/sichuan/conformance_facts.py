"""What the conformance suite (tests/test_conformance.py) holds 四川血战 to: its draw budget and the calibration
bands of its greedy outcome rates — this rule set's own numbers, kept in its tests folder."""
import numpy as np

#: Which draws a 流局 hand is held to the budget by: "front" draws only, or "both" front and replacement draws.
HUANG_DRAWS = "both"


def draw_budget(kongs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (the most front draws, the most front and replacement draws together, the fewest ``HUANG_DRAWS`` a
    流局 hand can have made) per hand, given each hand's kongs, with the default rules; the dealer's 14th tile
    counts as its first front draw.

    四川血战 (docs/rules/sichuan.md r3, r70): the 108 tiles to the last one, 56 draws of both kinds; a hand nobody
    won has used exactly its budget.
    """
    ones = np.ones(len(kongs), np.int64)
    return 56 * ones, 56 * ones, 56 * ones


# 四川血战 (default rules) from 100,000 greedy hands (seed 7): 流局 (nobody won) 1.18 %, the dealer the hand's first
# winner 28.30 %, 自摸 share of first wins 22.71 % (the record's winner and win_kind are the first win's). At 20,000
# hands each band is the reference ± 5 standard errors (at least 0.35 %); seed 2024 read 1.12 %, 28.22 %, 22.53 %.
REF = {"huang": 0.0118, "dealer_win": 0.2830, "zimo_share": 0.2271}
CALIBRATION = {name: (max(0.0, p - 5 * np.sqrt(max(p * (1 - p), 1e-4) / 20_000)),
                      p + 5 * np.sqrt(max(p * (1 - p), 1e-4) / 20_000)) for name, p in REF.items()}
