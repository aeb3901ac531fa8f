"""推倒胡 money (docs/rules/plain.md r17–r21): one win into the ledger — compiled kernel.

Money is in 底注. A win is worth 1 from each payer, whatever the hand (no 番, no multiplier):

* 点炮 (r17): the discarder pays the winner 1; nobody else pays. A 抢杠胡 is paid the same way by the seat whose
  补杠 was robbed (r14, r17).
* 自摸 (r18): each of the other three pays 1 (the winner gains 3), 天胡 included.
* The dealer pays and receives like anyone else (r19); kongs are not paid (r20) and a 荒庄 moves no money (r21),
  so neither needs a kernel.
"""
from numba import njit

from sim.core.codes import WIN_ZIMO

#: 底注 each payer owes the winner (r17, r18).
UNIT = 1


@njit(cache=True, _nrt=False)
def pay_win_k(winner, feeder, win_kind, win_money):
    """Add one win to ``win_money`` (int32[4], 底注 per seat, + received): 自摸 (``win_kind`` WIN_ZIMO) 1 from each
    other seat, else 1 from ``feeder`` (the discarder, or the robbed kong's declarer); return the winner's gain."""
    gain = 0
    for s in range(4):
        if s == winner:
            continue
        if win_kind == WIN_ZIMO or s == feeder:
            win_money[s] -= UNIT
            gain += UNIT
    win_money[winner] += gain
    return gain
