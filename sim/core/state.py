"""Flat state layout of one 晋城 hand and the engine's int constants — compiled kernels.

The state of a hand is a handful of typed arrays (shapes fixed once here):

* ``wall``    int8[136]      tile kinds in physical order (sim.core.wall): deal 0..51, front from 52, tail from 135 down
* ``hands``   int8[4, 34]    concealed tile counts per seat (frozen 拾/抢 tiles and meld tiles excluded)
* ``frozen``  int8[4, 34]    1 where the seat holds a frozen 拾/抢 tile of that kind (十三幺, RULES §1.5)
* ``melds``   int8[4, 34]    per-kind meld view: 碰/杠 code per seat and kind (MELD_*), 0 = none; the meld values
                             (type, tiles, from-seat) are the records in ``st[ST_MELD_RECS...]``
* ``rivers``  int8[4, RIVER_CAP]  face-up discards still in each river, in order; length in ``st[ST_RIVER_LEN + seat]``
* ``st``      int64[N_ST]    every scalar: phase, seats, counters, per-seat flags and fixed wait masks (ST_*)
* ``money``   int32[4, 4]    payment ledger rows MONEY_WIN / MONEY_KONG / MONEY_GENZHUANG / MONEY_HUANG, by seat
* ``events``  int32[EVENT_CAP, 4]  readable action log rows (EV_* code, seat, tile, extra); 1 row disables logging
* ``rngs``    uint64[4, 2]   per-seat decision generators (sim.core.rng state), stream STREAM_SEAT0 + seat

Actions are small ints: ``ACT_DISCARD + t``, ``ACT_SHANGJIA + t``, ``ACT_ANGANG + t``,
``ACT_BUGANG + t`` (t = kind 0..33), ``ACT_ZIMO`` in the self phase; ``ACT_PASS``,
``ACT_PENG``, ``ACT_GANG``, ``ACT_SHI``, ``ACT_QIANG``, ``ACT_HU``, ``ACT_CHI_LOW/MID/HIGH`` (吃: 金华, 晋中 jz_chi) in a claim window.

Per-seat fields stay flat blocks of four, ``st[ST_X + seat]`` (one named block per field, seats adjacent),
rather than a 2-D ``seat_st[FIELD, seat]``: every kernel and strategy indexes ``st`` this way, the Game, the
invariant checker and the record fill read the same offsets, and one int64 vector keeps every kernel
signature unchanged and the golden records byte-identical. A 2-D view would be a rename of every access for
no change in meaning; new per-seat fields follow the same pattern (a block of four, commented where declared).
"""
import numpy as np
from numba import njit

N_SEATS = 4
N_KINDS = 34
# A river holds face-up discards, each a distinct physical tile of the 136-tile wall, so no river can
# ever hold more than 136: the cap is a bound, not a guess, and needs no check on the hot path.
RIVER_CAP = 136
# Decisions applied in one hand before the loop stops with an error (sim.core.turn.run_until raises):
# a real hand makes at most ~100 draws, each followed by one self decision and at most 3 claim answers.
MAX_STEPS = 2000
# Rows of the Game's event log. One decision logs at most 6 events (a passed win, a discard, the next draw, 前包 and
# 荒庄; or a passed win, a robbed kong and three 胡), and no hand runs past MAX_STEPS decisions, so the log cannot fill
# before the step guard stops the hand; ``log_event`` raises should it ever fill (never a silent cut).
EVENT_CAP = 6 * (MAX_STEPS + 2)

# --- phases ---------------------------------------------------------------------------
PHASE_SELF = 0   # st[ST_CURRENT] acts: discard / 上架 / kong / 自摸
PHASE_CLAIM = 1  # seats answer the pending discard (or kong tile) in turn order after the discarder
PHASE_OVER = 2

# --- what a claim window is about -------------------------------------------------------
PEND_DISCARD = 0  # a face-up discard: 胡 / 抢 / 拾 / 杠 / 碰
PEND_BUGANG = 1   # a 补杠 tile: 抢杠胡 only
PEND_ANGANG = 2   # a 暗杠 (flag rob_angang): 十三幺 抢杠胡 only

# --- claim option bits (sim.core.legal.claim_options; variant claims from the variant hook variant_claim_bits) ---
CLAIM_BIT_HU = 1
CLAIM_BIT_QIANG = 2   # 晋城 抢
CLAIM_BIT_SHI = 4     # 晋城 拾
CLAIM_BIT_GANG = 8
CLAIM_BIT_PENG = 16
CLAIM_BIT_CHI_LOW = 32    # 吃 (金华, 晋中 jz_chi) with the claimed tile lowest (ACT_CHI_LOW); MID and HIGH follow, one bit each
CLAIM_BIT_CHI_MID = 64
CLAIM_BIT_CHI_HIGH = 128

# --- kong types (sim.core.flow.complete_kong, hook on_kong) ------------------------------------
KONG_MING = 0
KONG_BU = 1
KONG_AN = 2

# --- actions and ledger rows: defined once in sim.core.codes (re-exported for the kernels) --------
from sim.core.codes import (  # noqa: E402,F401
    ACT_ANGANG, ACT_BUGANG, ACT_CHI_HIGH, ACT_CHI_LOW, ACT_CHI_MID, ACT_DISCARD, ACT_GANG, ACT_HU, ACT_PASS, ACT_PENG,
    ACT_QIANG, ACT_SHANGJIA, ACT_SHI, ACT_ZIMO, MELD_ANGANG, MELD_BUGANG, MELD_CHOW, MELD_MINGGANG, MELD_NONE, MELD_PONG, MONEY_GENZHUANG, MONEY_HUANG,
    MONEY_KONG, MONEY_WIN, N_ACTIONS, N_MONEY,
)

# --- claim answers kept in st[ST_CLAIM + seat] during a window ------------------------------
CLAIM_NOT_ELIGIBLE = -2
CLAIM_WAITING = -1

# --- scalar offsets into ``st`` ----------------------------------------------------------
ST_PHASE = 0
ST_CURRENT = 1          # seat whose self phase it is (or who discarded, during a claim window)
ST_DEALER = 2
ST_FRONT_DRAWS = 3      # front draws made (the dealer's first included)
ST_REPLACEMENTS = 4     # tail replacement draws made
ST_KONGS = 5
ST_PONGS = 6
ST_LAST_DRAWN = 7       # kind the current seat just drew (front or tail), -1 after a call
ST_PENDING_TILE = 8     # kind offered in the open claim window
ST_PENDING_FROM = 9     # discarder / kong declarer of the window
ST_PENDING_KIND = 10    # PEND_*
ST_WINNER = 11          # -1 = none yet / 荒庄
ST_FEEDER = 12          # -1 = 自摸 / none
ST_WIN_KIND = 13        # sim.core.codes WIN_*
ST_SHAPE = 14           # sim.core.codes SHAPE_*
ST_WIN_TILE = 15
# 16..18: free (once 晋城's 前包 tracking, now in the rule set's own region, ST_RULE_STATE)
ST_N_EVENTS = 19
ST_SEED = 20
ST_HAND = 21
ST_GENZHUANG = 22       # 1 when 前包 happened
ST_STEPS = 23           # decisions applied (guards against endless loops)
ST_TING = 24            # + seat: 1 after 上架
ST_TING_TURN = 28       # + seat: own turn number at 上架, -1 = never
ST_TURNS = 32           # + seat: own turns started (draws and calls)
ST_WAITS = 36           # + seat: wait mask (bit k = kind k) fixed at 上架
ST_LIVE_WAITS = 40      # + seat: live wait copies at 上架 (unseen by the seat), -1 = never
ST_COMMITTED = 44       # + seat: 1 after the first 拾/抢 (十三幺 only)
ST_QIANG_USED = 48      # + seat
ST_N_MELDS = 52         # + seat: melds (碰/杠) of the seat
ST_N_FROZEN = 56        # + seat: frozen 拾/抢 tiles
ST_GUO_HU = 60          # + seat: kinds whose win the seat passed this go-around (flag guo_hu)
ST_RIVER_LEN = 64       # + seat
ST_YAOJIU_START = 68    # + seat: distinct 幺九/字 kinds dealt (dealer: 14 tiles)
ST_CLAIM = 72           # + seat: CLAIM_* or the answered action in the open window
ST_SHANGJIA_TILE = 76   # + seat: the face-down 上架 tile, -1 = none
ST_N_SHI = 80           # + seat: 拾 taken
ST_PASSED = 84          # + seat: mask of kinds discarded face-up while the seat was 上架 (public; defensive play)
ST_ERROR = 88           # invariant check mode only: the first broken invariant (sim.core.invariants ERR_*), 0 = none
ST_WIN_FEATURES = 89    # the first win's sim.core.codes FEATURE_* bits (NO_WIN_FEATURES = -1 until a win)
ST_MULTIPLIER = 90      # the first win's total multiplier of the win money (0 until a win)
ST_FROM_TAIL = 91       # 1 when the current seat's last draw was a kong replacement (杠上开花), else 0
# Meld records: st[ST_MELD_RECS:ST_MELD_RECS + 48] read as int64[4 seats, MAX_MELDS, 3] = (MELD_* type, lowest tile
# kind, from-seat; -1 = concealed), in the order declared; slots past st[ST_N_MELDS + seat] stay zero
# (sim.core.melds keeps them and the per-kind view ``melds`` together).
ST_MELD_RECS = 92
MAX_MELDS = 4           # a seat's 14 tiles hold at most 4 sets and a pair; add_meld raises past it
MELD_FIELDS = 3         # REC_TYPE, REC_TILE, REC_FROM
REC_TYPE = 0
REC_TILE = 1
REC_FROM = 2
# Fields of mechanics some rule sets have (wilds, 过碰, 吃张打张, 承包, 定缺), after the meld records: each is a
# record column or a rule any rule set may reuse, and keeps its null (set at the deal) in a rule set without it
ST_WILD_KIND = ST_MELD_RECS + 4 * MAX_MELDS * MELD_FIELDS  # the wild (财神) kind, -1 = no wilds (金华 §3.2 r5)
ST_DECLINED_PONGS = ST_WILD_KIND + 1      # + seat: int64 kind mask of pongs declined until its next turn (过碰)
ST_FORBIDDEN_DISCARDS = ST_WILD_KIND + 5  # kind mask the current seat may not discard after its 吃 (吃张打张)
ST_CHOWS = ST_WILD_KIND + 6               # 吃 melds made in the hand (金华; 晋中 with jz_chi), -1 without 吃
ST_CHENGBAO = ST_WILD_KIND + 7            # + seat: what 承包 changed in the seat's win money (底注; 金华 r20)
ST_WINNER_WILDS = ST_WILD_KIND + 11       # wild tiles in the first winner's hand at the win
ST_WILDS_DEALT = ST_WILD_KIND + 12        # + seat: wild tiles in the seat's initial deal (dealer: 14 tiles), -1 = none
ST_DINGQUE = ST_WILD_KIND + 16            # + seat: 1 + the suit (0 万, 1 饼, 2 条) declared given up at the deal
                                          # (晋中 jz_dingque_upfront, RULES §2.4 r13); 0 = none (a zeroed state)
# Claim windows (sim.core.claims.open_claims): the options each seat had when the window opened; they cannot change
# before the seat answers, so its answer reads them instead of recomputing them. Not part of the record.
ST_CLAIM_BITS = ST_WILD_KIND + 20         # + seat: CLAIM_BIT_* set of the seat in the last window opened (0 = none)
ST_WINNERS = ST_WILD_KIND + 24            # bit k set when seat k's win was settled (every winner of a 一炮多响)
# The playing rule set's own region: N_RULE_STATE slots only its kernels read and write, each rule set naming its
# fields as ST_RULE_STATE + k in its own folder (晋城's 前包 tracking: sim.variants.jincheng.genzhuang). One rule
# set plays a hand, so the rule sets share the region; it is zero at the deal.
ST_RULE_STATE = ST_WILD_KIND + 25
# 176 slots: 血战 (Sichuan) keeps its kong log there (16 kongs x 8 fields) besides a few fields of its own.
N_RULE_STATE = 176
# A hand that plays on after a win (hook ``plays_on_after_win``: 血战到底, docs/rules/sichuan.md r55–r58): what the
# core keeps of every winner, after the rule set's region so that no earlier offset moves. All zero at the deal
# (the record reads fan and class as value - 1, so a zeroed state records -1 = none); untouched in a rule set that
# ends the hand at its first win.
ST_PLAY_ON = ST_RULE_STATE + N_RULE_STATE
ST_WIN_ORDER = ST_PLAY_ON + 0    # + seat: 1 + the win events before the seat's win (co-winners of 一炮多响 share it)
ST_WIN_HOW = ST_PLAY_ON + 4      # + seat: sim.core.codes WIN_* of the seat's win, WIN_NONE (0) = has not won
ST_WIN_FAN = ST_PLAY_ON + 8      # + seat: 1 + the 番 of the seat's win (written by the rule set's settle_win)
ST_WIN_VALUE = ST_PLAY_ON + 12   # + seat: the value of the seat's win in 底 (the rule set's settle_win)
ST_END_CLASS = ST_PLAY_ON + 16   # + seat: 1 + the rule set's wall-end class of a seat that had not won (its
                                 # on_play_end; 血战: sim.variants.sichuan.codes SC_CLASS_*), 0 = not classified
ST_HAND_END = ST_PLAY_ON + 20    # how a play-on hand ended: sim.core.codes HAND_END_* (0 = a hand that does not play on)
ST_TILE_HELD = ST_PLAY_ON + 21   # bit k: winner k holds its winning tile (a co-winner of 一炮多响 does not: one tile)
ST_RON_TAKEN = ST_PLAY_ON + 22   # discards taken out of a river by play-on wins (one per 点炮 event)
N_ST = ST_PLAY_ON + 23

# --- event codes (events[i] = code, seat, tile, extra) ----------------------------------------
EV_DEAL = 0         # extra = dealer
EV_DRAW = 1         # extra = 0 front, 1 tail replacement
EV_DISCARD = 2
EV_SHANGJIA = 3     # extra = live waits
EV_ANGANG = 4
EV_BUGANG = 5
EV_MINGGANG = 6     # extra = discarder
EV_PENG = 7         # extra = discarder
EV_SHI = 8          # extra = discarder
EV_QIANG = 9        # extra = discarder
EV_HU = 10          # extra = discarder
EV_ZIMO = 11
EV_QIANGGANG = 12   # extra = robbed kong declarer
EV_HUANG = 13
EV_GENZHUANG = 14
EV_PASS_HU = 15     # a seat passed a win on tile (a discard, or a kong it could rob)
EV_KONG_ROBBED = 16 # seat declared a kong of tile that was robbed (抢杠胡); extra = PEND_BUGANG / PEND_ANGANG
EV_CHOW = 17        # 金华 吃 of tile; extra = discarder * 8 + the lowest kind's offset (0..2) below the tile
EV_CAISHEN = 18     # 金华: tile = the turned indicator's kind, the 财神 (RULES §3.2 r5)

YAOJIU_BITS = np.int64(
    (1 << 0) | (1 << 8) | (1 << 9) | (1 << 17) | (1 << 18) | (1 << 26)
    | (1 << 27) | (1 << 28) | (1 << 29) | (1 << 30) | (1 << 31) | (1 << 32) | (1 << 33)
)


@njit(cache=True, _nrt=False)
def is_yaojiu(kind):
    """Return True when ``kind`` is a 幺九/字 kind (a 十三幺 kind)."""
    return (YAOJIU_BITS >> kind) & 1 == 1


@njit(cache=True, _nrt=True)
def new_state():
    """Return fresh zeroed state arrays ``(wall, hands, frozen, melds, rivers, st, money)`` (shapes above)."""
    wall = np.zeros(136, dtype=np.int8)
    hands = np.zeros((N_SEATS, N_KINDS), dtype=np.int8)
    frozen = np.zeros((N_SEATS, N_KINDS), dtype=np.int8)
    melds = np.zeros((N_SEATS, N_KINDS), dtype=np.int8)
    rivers = np.zeros((N_SEATS, RIVER_CAP), dtype=np.int8)
    st = np.zeros(N_ST, dtype=np.int64)
    money = np.zeros((N_MONEY, N_SEATS), dtype=np.int32)
    return wall, hands, frozen, melds, rivers, st, money


@njit(cache=True, _nrt=False)
def log_event(events, st, code, seat, tile, extra):
    """Append one event row (a 1-row log means logging is off); raises when the log is full; returns nothing."""
    n = st[ST_N_EVENTS]
    if events.shape[0] > 1:
        if n >= events.shape[0]:
            raise RuntimeError("event log full: the hand logged more events than its log has rows")
        events[n, 0] = code
        events[n, 1] = seat
        events[n, 2] = tile
        events[n, 3] = extra
        st[ST_N_EVENTS] = n + 1
