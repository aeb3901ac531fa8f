"""The Sichuan fields of a hand's state: slots of the rule set's own region ``ST_RULE_STATE + k`` (sim.core.state,
zero at the deal; only this rule set's kernels read and write them) — constants only.

A seat field is a block of four (``+ seat``). Seat numbers are stored plus one where 0 must mean "none".
"""
from sim.core.state import N_RULE_STATE, ST_RULE_STATE
from sim.variants.sichuan.codes import SC_KONG_FIELDS, SC_MAX_KONGS

SC_N_KONGS = ST_RULE_STATE + 0          # rows of the kong log (completed kongs; a robbed 补杠 never completes, r30)
SC_LAST_KONG_SEAT = ST_RULE_STATE + 1   # 1 + the declarer of the last completed kong, 0 = none (杠上开花/杠上炮, r48)
SC_LAST_KONG_TYPE = ST_RULE_STATE + 2   # its MELD_* type
SC_LAST_KONG_FEEDER = ST_RULE_STATE + 3  # 1 + the discarder that fed it (a 直杠), 0 = none (点杠花, r62)
SC_LAST_KONG_ROW = ST_RULE_STATE + 4    # its row of the kong log (呼叫转移, r68)
SC_FIRST_MULTI = ST_RULE_STATE + 5      # 1 when the hand's first win was 一炮多响 (r83)
SC_FIRST_SOURCE = ST_RULE_STATE + 6     # 1 + the source of the first win event (its discarder, r83), 0 = no win yet
SC_EMPTY_DRAWER = ST_RULE_STATE + 7     # 1 + the seat whose draw found the wall empty (r84), 0 = none
SC_OFFER_FAN = ST_RULE_STATE + 8        # + seat: 1 + the tiles' 番 of the win offered in the open window (r32)
SC_LOCK_FAN = ST_RULE_STATE + 12        # + seat: 1 + the largest 番 declined since its last draw, 0 = no 过胡 lock
SC_ACTIVE = ST_RULE_STATE + 16          # + seat: 1 while the seat has not won (r55), set at the deal
SC_EVENT_WINNERS = ST_RULE_STATE + 20   # + seat: 1 for a winner of the win event being settled (呼叫转移, r69)
SC_VOIDS = ST_RULE_STATE + 24           # + seat: the void suit (0..2, -1 none) at the wall's end
SC_CLASSES = ST_RULE_STATE + 28         # + seat: the wall-end class (codes.SC_CLASS_*, r71)
SC_TMVS = ST_RULE_STATE + 32            # + seat: its TMV in 底 (r76)
SC_KONG_LOG = ST_RULE_STATE + 36        # the kong log, int64[SC_MAX_KONGS, SC_KONG_FIELDS] row by row (codes.KL_*)
SC_PLACED = SC_KONG_LOG + SC_MAX_KONGS * SC_KONG_FIELDS  # + seat: 1 + the void tile placed face down, its
#                                                             first discard to come (first_discard, r17), 0 = none
SC_CLAIM_TURN = SC_PLACED + 4           # 1 + the draws (front and tail) made when a claim last took a tile,
#                                         0 = none; a turn starting with no draw since is the claim's (r32, r34)
SC_VOID_CLEAR = SC_CLAIM_TURN + 1      # + seat: 1 when its last discard was not of its void suit under strict
#                                         (r12: it then holds no void tile; public), 0 = not known
SC_STATE_END = SC_VOID_CLEAR + 4

if SC_STATE_END > ST_RULE_STATE + N_RULE_STATE:
    raise ImportError("the Sichuan fields overrun the state's rule-set region (sim.core.state N_RULE_STATE)")
