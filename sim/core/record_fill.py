"""Writing one hand's record row (sim.record KERNEL_COLUMNS) from the final state — kernels.

Every column is written by its named index from sim.core.codes (COL_* hand columns, SCOL_* per-seat
columns), the same constants sim.record derives its column names from.
"""
from numba import njit

from sim.core.codes import (
    COL_DEALER, COL_DRAWS, COL_FEEDER, COL_GENZHUANG, COL_HAND, COL_HAND_IN_SESSION, COL_KONGS, COL_PONGS,
    COL_REPLACEMENTS, COL_SESSION, COL_SHAPE, COL_WIN_KIND, COL_WIN_TILE, COL_WINNER, MONEY_GENZHUANG, MONEY_HUANG,
    MONEY_KONG, MONEY_WIN, N_HAND_COLUMNS, N_SEAT_COLUMNS, SCOL_DELTA, SCOL_FROZEN, SCOL_GENZHUANG, SCOL_HOUBAO,
    SCOL_KONG, SCOL_TING_TURN, SCOL_LIVE_WAITS, SCOL_WIN, SCOL_YAOJIU_START, XCOL_CAISHEN, XCOL_CHENGBAO, XCOL_CHOWS,
    XCOL_DINGQUE, XCOL_MULTIPLIER, XCOL_WINNERS, XCOL_WIN_FEATURES, XCOL_WILDS_DEALT, XCOL_WINNER_WILDS,
)
from sim.core.codes import (
    MONEY_DAJIAO, MONEY_HUAZHU, MONEY_HUJIAO, MONEY_TUISHUI, XCOL_DAJIAO, XCOL_END_CLASS, XCOL_FAN, XCOL_HAND_END,
    XCOL_HUAZHU, XCOL_HUJIAO, XCOL_N_WINNERS, XCOL_TUISHUI, XCOL_VALUE, XCOL_WIN_HOW, XCOL_WIN_ORDER,
)
from sim.core.state import ST_END_CLASS, ST_HAND_END, ST_WIN_FAN, ST_WIN_HOW, ST_WIN_ORDER, ST_WIN_VALUE
from sim.core.state import (
    ST_DEALER, ST_FEEDER, ST_FRONT_DRAWS, ST_GENZHUANG, ST_KONGS, ST_LIVE_WAITS, ST_N_FROZEN, ST_PONGS,
    ST_MULTIPLIER, ST_REPLACEMENTS, ST_SHAPE, ST_TING_TURN, ST_WIN_FEATURES, ST_WIN_KIND, ST_WIN_TILE, ST_WINNER,
    ST_YAOJIU_START, ST_WILD_KIND, ST_CHENGBAO, ST_CHOWS, ST_DINGQUE, ST_WILDS_DEALT, ST_WINNER_WILDS, ST_WINNERS,
)


@njit(cache=True, _nrt=False)
def fill_record(row, st, money, hand_index, session, hand_in_session):
    """Fill ``row`` (int32[N_KERNEL_COLUMNS]) in sim.record.KERNEL_COLUMNS order; money in 底注."""
    row[COL_HAND] = hand_index
    row[COL_SESSION] = session
    row[COL_HAND_IN_SESSION] = hand_in_session
    row[COL_DEALER] = st[ST_DEALER]
    row[COL_WINNER] = st[ST_WINNER]
    row[COL_FEEDER] = st[ST_FEEDER]
    row[COL_WIN_KIND] = st[ST_WIN_KIND]
    row[COL_SHAPE] = st[ST_SHAPE]
    row[COL_WIN_TILE] = st[ST_WIN_TILE]
    row[COL_DRAWS] = st[ST_FRONT_DRAWS]
    row[COL_REPLACEMENTS] = st[ST_REPLACEMENTS]
    row[COL_KONGS] = st[ST_KONGS]
    row[COL_PONGS] = st[ST_PONGS]
    row[COL_GENZHUANG] = st[ST_GENZHUANG]
    for s in range(4):
        base = N_HAND_COLUMNS + N_SEAT_COLUMNS * s
        row[base + SCOL_TING_TURN] = st[ST_TING_TURN + s]
        row[base + SCOL_LIVE_WAITS] = st[ST_LIVE_WAITS + s]
        row[base + SCOL_YAOJIU_START] = st[ST_YAOJIU_START + s]
        row[base + SCOL_FROZEN] = st[ST_N_FROZEN + s]
        win = money[MONEY_WIN, s]
        kong = money[MONEY_KONG, s]
        genzhuang = money[MONEY_GENZHUANG, s]
        houbao = money[MONEY_HUANG, s]
        row[base + SCOL_WIN] = win
        row[base + SCOL_KONG] = kong
        row[base + SCOL_GENZHUANG] = genzhuang
        row[base + SCOL_HOUBAO] = houbao
        # the rule set's own transfers (rows MONEY_HUJIAO .. MONEY_TUISHUI: 血战), zero in every other rule set
        transfers = (money[MONEY_HUJIAO, s] + money[MONEY_HUAZHU, s] + money[MONEY_DAJIAO, s]
                     + money[MONEY_TUISHUI, s])
        row[base + SCOL_DELTA] = win + kong + genzhuang + houbao + transfers
    extra = N_HAND_COLUMNS + 4 * N_SEAT_COLUMNS
    row[extra + XCOL_WIN_FEATURES] = st[ST_WIN_FEATURES]
    row[extra + XCOL_MULTIPLIER] = st[ST_MULTIPLIER]
    row[extra + XCOL_CAISHEN] = st[ST_WILD_KIND]          # -1 outside 金华 (set at the deal)
    row[extra + XCOL_WINNER_WILDS] = st[ST_WINNER_WILDS]
    row[extra + XCOL_CHOWS] = st[ST_CHOWS]
    row[extra + XCOL_WINNERS] = st[ST_WINNERS]    # every seat whose win was settled (bit k = seat k)
    for s in range(4):
        row[extra + XCOL_CHENGBAO + s] = st[ST_CHENGBAO + s]
        row[extra + XCOL_WILDS_DEALT + s] = st[ST_WILDS_DEALT + s]  # -1 outside 金华 (set at the deal)
        row[extra + XCOL_DINGQUE + s] = st[ST_DINGQUE + s] - 1  # the suit 0..2, -1 = none declared
    n_winners = 0
    for s in range(4):
        n_winners += (st[ST_WINNERS] >> s) & 1
        row[extra + XCOL_WIN_ORDER + s] = st[ST_WIN_ORDER + s]
        row[extra + XCOL_WIN_HOW + s] = st[ST_WIN_HOW + s]
        row[extra + XCOL_FAN + s] = st[ST_WIN_FAN + s] - 1        # -1 = no win (or no 番)
        row[extra + XCOL_VALUE + s] = st[ST_WIN_VALUE + s]
        row[extra + XCOL_END_CLASS + s] = st[ST_END_CLASS + s] - 1  # -1 = not classified
        row[extra + XCOL_HUJIAO + s] = money[MONEY_HUJIAO, s]
        row[extra + XCOL_HUAZHU + s] = money[MONEY_HUAZHU, s]
        row[extra + XCOL_DAJIAO + s] = money[MONEY_DAJIAO, s]
        row[extra + XCOL_TUISHUI + s] = money[MONEY_TUISHUI, s]
    row[extra + XCOL_N_WINNERS] = n_winners
    row[extra + XCOL_HAND_END] = st[ST_HAND_END]
