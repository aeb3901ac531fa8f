"""Writing one hand's record row (sim.record KERNEL_COLUMNS) from the final state — kernels."""
from numba import njit

from sim._state import (
    MONEY_GENZHUANG, MONEY_HUANG, MONEY_KONG, MONEY_WIN, ST_DEALER, ST_FEEDER, ST_FRONT_DRAWS,
    ST_GENZHUANG, ST_KONGS, ST_LIVE_WAITS, ST_N_FROZEN, ST_PONGS, ST_REPLACEMENTS, ST_SHAPE,
    ST_TING_TURN, ST_WIN_KIND, ST_WIN_TILE, ST_WINNER, ST_YAOJIU_START,
)

N_HAND_FIELDS = 14  # hand-level columns before the per-seat blocks (sim.record.HAND_COLUMNS)
N_SEAT_FIELDS = 9   # per-seat columns (sim.record.SEAT_COLUMNS)


@njit(cache=True)
def fill_record(row, st, money, hand_index, session, hand_in_session):
    """Fill ``row`` (int32[N_KERNEL_COLUMNS]) in sim.record.KERNEL_COLUMNS order; money in 底注."""
    row[0] = hand_index
    row[1] = session
    row[2] = hand_in_session
    row[3] = st[ST_DEALER]
    row[4] = st[ST_WINNER]
    row[5] = st[ST_FEEDER]
    row[6] = st[ST_WIN_KIND]
    row[7] = st[ST_SHAPE]
    row[8] = st[ST_WIN_TILE]
    row[9] = st[ST_FRONT_DRAWS]
    row[10] = st[ST_REPLACEMENTS]
    row[11] = st[ST_KONGS]
    row[12] = st[ST_PONGS]
    row[13] = st[ST_GENZHUANG]
    for s in range(4):
        base = N_HAND_FIELDS + N_SEAT_FIELDS * s
        row[base + 0] = st[ST_TING_TURN + s]
        row[base + 1] = st[ST_LIVE_WAITS + s]
        row[base + 2] = st[ST_YAOJIU_START + s]
        row[base + 3] = st[ST_N_FROZEN + s]
        win = money[MONEY_WIN, s]
        kong = money[MONEY_KONG, s]
        genzhuang = money[MONEY_GENZHUANG, s]
        huang = money[MONEY_HUANG, s]
        row[base + 4] = win
        row[base + 5] = kong
        row[base + 6] = genzhuang
        row[base + 7] = huang
        row[base + 8] = win + kong + genzhuang + huang
