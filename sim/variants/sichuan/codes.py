"""Every integer code of the Sichuan kernels, defined once in the rule set's folder — constants only.

Enumerated flags: ``{option: code}`` mappings (``*_CODES``, codes 0..n-1 in the order of the flag table of
docs/rules/sichuan.md, default first), packed by ``sichuan.config`` and compared by the kernels. Then the bits of a
win's context (what the hand loop tells the 番 kernel), the 番 feature bits, the money rows, the kong log's
columns and the wall-end classes.
"""

# --- enumerated flags ------------------------------------------------------------------------------------
SC_HSZ_RANDOM, SC_HSZ_NEXT, SC_HSZ_PREV, SC_HSZ_OPPOSITE = 0, 1, 2, 3        # r9
SC_HSZ_DIRECTION_CODES = {"random": SC_HSZ_RANDOM, "next": SC_HSZ_NEXT, "prev": SC_HSZ_PREV,
                          "opposite": SC_HSZ_OPPOSITE}
SC_HSZ_OFFSETS = (1, 3, 2)  # the seat offset of next (s+1), prev (s−1), opposite (s+2): r9's uniform draw
SC_STREAM_HSZ = 7  # the rng stream of the hand's 换三张 direction: after sim.core's wall, table, seat, deal streams
SC_DINGQUE_DECLARE, SC_DINGQUE_FIRST_DISCARD, SC_DINGQUE_IMPLICIT = 0, 1, 2   # r10, r17, r18
SC_DINGQUE_CODES = {"declare": SC_DINGQUE_DECLARE, "first_discard": SC_DINGQUE_FIRST_DISCARD,
                    "implicit": SC_DINGQUE_IMPLICIT}
SC_VOID_DISCARD_STRICT, SC_VOID_DISCARD_LENIENT = 0, 1                         # r12
SC_VOID_DISCARD_CODES = {"strict": SC_VOID_DISCARD_STRICT, "lenient": SC_VOID_DISCARD_LENIENT}
SC_GUO_HU_UNTIL_DRAW, SC_GUO_HU_UNTIL_DRAW_STRICT, SC_GUO_HU_NONE = 0, 1, 2    # r32, r33
SC_GUO_HU_CODES = {"until_draw": SC_GUO_HU_UNTIL_DRAW, "until_draw_strict": SC_GUO_HU_UNTIL_DRAW_STRICT,
                   "none": SC_GUO_HU_NONE}
SC_KONG_DRAW_TAIL, SC_KONG_DRAW_FRONT = 0, 1                                   # r5, r28
SC_KONG_DRAW_CODES = {"tail": SC_KONG_DRAW_TAIL, "front": SC_KONG_DRAW_FRONT}
SC_CAP_NONE = -1                                                               # r41: sc_fan_cap=none
SC_FAN_CAP_PACKED = {3: 3, 4: 4, 5: 5, 6: 6, 8: 8, "none": SC_CAP_NONE}
SC_ZIMO_ADD_BASE, SC_ZIMO_ADD_FAN, SC_ZIMO_NONE = 0, 1, 2                      # r50, r60
SC_ZIMO_CODES = {"add_base": SC_ZIMO_ADD_BASE, "add_fan": SC_ZIMO_ADD_FAN, "none": SC_ZIMO_NONE}
SC_ZIMO_CAP_THEN_ADD, SC_ZIMO_ADD_THEN_CAP = 0, 1                              # r60, q9
SC_ZIMO_CAP_ORDER_CODES = {"cap_then_add": SC_ZIMO_CAP_THEN_ADD, "add_then_cap": SC_ZIMO_ADD_THEN_CAP}
SC_DGH_ZIMO, SC_DGH_DIANPAO = 0, 1                                             # r62
SC_DIAN_GANG_HUA_CODES = {"zimo": SC_DGH_ZIMO, "dianpao": SC_DGH_DIANPAO}
SC_TDH_FIVE, SC_TDH_CAP, SC_TDH_ADD, SC_TDH_OFF = 0, 1, 2, 3                   # r52
SC_TIAN_DI_HU_CODES = {"five": SC_TDH_FIVE, "cap": SC_TDH_CAP, "add": SC_TDH_ADD, "off": SC_TDH_OFF}
SC_DIHU_FIRST_DRAW, SC_DIHU_DEALER_FIRST_DISCARD = 0, 1                        # r51
SC_DIHU_DEF_CODES = {"first_draw": SC_DIHU_FIRST_DRAW, "dealer_first_discard": SC_DIHU_DEALER_FIRST_DISCARD}
SC_LONGQIDUI_GEN, SC_LONGQIDUI_EXTRA = 0, 1                                    # r47, q1
SC_LONGQIDUI_CODES = {"gen": SC_LONGQIDUI_GEN, "extra": SC_LONGQIDUI_EXTRA}
SC_KONG_VALUES_221, SC_KONG_VALUES_111 = 0, 1                                  # r63
SC_KONG_VALUES_CODES = {"2-2-1": SC_KONG_VALUES_221, "1-1-1": SC_KONG_VALUES_111}
SC_KONG_TIMING_IMMEDIATE, SC_KONG_TIMING_HAND_END = 0, 1                       # r67
SC_KONG_MONEY_TIMING_CODES = {"immediate": SC_KONG_TIMING_IMMEDIATE, "hand_end": SC_KONG_TIMING_HAND_END}
SC_HJZY_LAST_KONG, SC_HJZY_ALL_KONGS, SC_HJZY_CANCEL, SC_HJZY_OFF = 0, 1, 2, 3  # r68
SC_HUJIAO_ZHUANYI_CODES = {"last_kong": SC_HJZY_LAST_KONG, "all_kongs": SC_HJZY_ALL_KONGS,
                           "cancel": SC_HJZY_CANCEL, "off": SC_HJZY_OFF}
SC_HJZY_MULTI_EACH_FULL, SC_HJZY_MULTI_SPLIT = 0, 1                            # r69
SC_HJZY_MULTI_CODES = {"each_full": SC_HJZY_MULTI_EACH_FULL, "split": SC_HJZY_MULTI_SPLIT}
SC_HUAZHU_CAP = 0                                                              # r73: 底 × 2^cap (0 is no amount)
SC_HUAZHU_AMOUNT_PACKED = {"cap": SC_HUAZHU_CAP, 16: 16, 8: 8}
SC_HUAZHU_PAYEES_ACTIVE, SC_HUAZHU_PAYEES_ALL = 0, 1                           # r73
SC_HUAZHU_PAYEES_CODES = {"active": SC_HUAZHU_PAYEES_ACTIVE, "all": SC_HUAZHU_PAYEES_ALL}
SC_HUAZHU_VS_READY_NONE, SC_HUAZHU_PLUS_TMV, SC_HUAZHU_MAX_TMV = 0, 1, 2       # r74
SC_HUAZHU_VS_READY_CODES = {"none": SC_HUAZHU_VS_READY_NONE, "plus_tmv": SC_HUAZHU_PLUS_TMV,
                            "max_tmv": SC_HUAZHU_MAX_TMV}
SC_DEALER_MULTI_DISCARDER, SC_DEALER_MULTI_FIRST_WINNER = 0, 1                 # r83
SC_DEALER_MULTI_RON_CODES = {"discarder": SC_DEALER_MULTI_DISCARDER, "first_winner": SC_DEALER_MULTI_FIRST_WINNER}
SC_DEALER_NO_WINNER_STAY, SC_DEALER_NO_WINNER_NEXT = 0, 1                      # r84
SC_DEALER_NO_WINNER_CODES = {"stay": SC_DEALER_NO_WINNER_STAY, "next": SC_DEALER_NO_WINNER_NEXT}
SC_FIRST_DEALER_SEAT0, SC_FIRST_DEALER_RANDOM = 0, 1                           # r7
SC_FIRST_DEALER_CODES = {"seat0": SC_FIRST_DEALER_SEAT0, "random": SC_FIRST_DEALER_RANDOM}

# --- a win's context: what the hand loop knows of the winning moment (bits, the 番 kernel's ``ctx``) ---------
CTX_ZIMO = 1 << 0          # won on the winner's own draw (r19); else on a discard or a robbed 补杠
CTX_QIANGGANG = 1 << 1     # won on a robbed 补杠 (r30, r48)
CTX_AFTER_KONG = 1 << 2    # 自摸 on a kong replacement tile: 杠上开花 (r48)
CTX_KONG_DISCARD = 1 << 3  # won on the discard made right after a replacement draw: 杠上炮 (r48)
CTX_LAST_TILE = 1 << 4     # 自摸 on the last live tile, or won on the discard that followed it: 海底 (r48, q3)
CTX_TIANHU = 1 << 5        # 天胡 (r51)
CTX_DIHU = 1 << 6          # 地胡 under the flag's reading (r51)

# --- 番 feature bits of a win (the 番 kernel's mask); the 根 count sits in bits GEN_SHIFT.. -----------------
FEAT_PINGHU = 1 << 0       # 平胡 0 (r42)
FEAT_DADUIZI = 1 << 1      # 大对子 1 (r42)
FEAT_QIDUI = 1 << 2        # 七对 2 (r42)
FEAT_JINGOU = 1 << 3       # 金钩钓 2 (r42)
FEAT_DAIYAOJIU = 1 << 4    # 带幺九 2 (r43)
FEAT_QINGYISE = 1 << 5     # 清一色 +2 (r44)
FEAT_JIANG = 1 << 6        # 将 +2 (r45)
FEAT_LONG_EXTRA = 1 << 7   # 龙七对 under sc_longqidui=extra: +1 over 七对 + 根, not on 清一色 (r47, q1)
FEAT_MENQING = 1 << 8      # 门清 +1 (r53)
FEAT_ZHONGZHANG = 1 << 9   # 中张 +1 (r53)
FEAT_GANGKAI = 1 << 10     # 杠上开花 +1 (r48)
FEAT_GANGPAO = 1 << 11     # 杠上炮 +1 (r48)
FEAT_QIANGGANG = 1 << 12   # 抢杠胡 +1 (r48)
FEAT_HAIDI = 1 << 13       # 海底 +1 (r48)
FEAT_ZIMO_FAN = 1 << 14    # 自摸 +1 under sc_zimo=add_fan (r50)
FEAT_TIANHU = 1 << 15      # 天胡 (r51, r52)
FEAT_DIHU = 1 << 16        # 地胡 (r51, r52)
GEN_SHIFT = 24             # bits 24..26: the number of 根 (r46), 0..4
GEN_MASK = 7

# --- money rows: the core's ledger ``money`` int32[N_MONEY, 4] (sim.core.codes MONEY_*), 底 per seat, + received;
# each row sums to zero and has its own record column (win and kong the core's s{k}_win / s{k}_kong, the transfers
# s{k}_hujiao, s{k}_huazhu, s{k}_dajiao, s{k}_tuishui); rows 2 and 3 (前包, 后包) stay zero
from sim.core.codes import (  # noqa: E402
    MONEY_DAJIAO, MONEY_HUAZHU, MONEY_HUJIAO, MONEY_KONG, MONEY_TUISHUI, MONEY_WIN, N_MONEY,
)
SC_MONEY_KONG = MONEY_KONG        # 刮风下雨 (r63–r67)
SC_MONEY_WIN = MONEY_WIN          # win payments (r59–r62)
SC_MONEY_HUJIAO = MONEY_HUJIAO    # 呼叫转移 (r68–r69)
SC_MONEY_HUAZHU = MONEY_HUAZHU    # 查花猪 (r73–r74)
SC_MONEY_DAJIAO = MONEY_DAJIAO    # 查大叫 (r75)
SC_MONEY_TUISHUI = MONEY_TUISHUI  # 退税 (r77)
N_SC_MONEY = N_MONEY
SC_MONEY_ROW_CODES = {"kong": SC_MONEY_KONG, "win": SC_MONEY_WIN, "hujiao": SC_MONEY_HUJIAO,
                      "huazhu": SC_MONEY_HUAZHU, "dajiao": SC_MONEY_DAJIAO, "tuishui": SC_MONEY_TUISHUI}

# --- the kong log (int64[SC_MAX_KONGS, SC_KONG_FIELDS]): one row per completed kong, in order -----------------
SC_MAX_KONGS = 16          # four seats, at most four kongs each
KL_SEAT = 0                # the declarer
KL_TYPE = 1                # sim.core.codes MELD_MINGGANG / MELD_ANGANG / MELD_BUGANG
KL_PAID = 2                # + seat (4 columns): 底 that seat paid for the kong (0 = not a payer)
KL_BOOKED = 6              # 1 once the kong's money is in the money rows (r67)
KL_SETTLED = 7             # 1 once passed on or cancelled under 呼叫转移: 退税 never refunds it (q13)
SC_KONG_FIELDS = 8

# --- the wall-end classes (r71) ----------------------------------------------------------------------------
SC_CLASS_WON = 0           # a winner: not classified (r70)
SC_CLASS_HUAZHU = 1        # 花猪: holds a void-suit tile (all three suits under implicit)
SC_CLASS_TING = 2          # 听牌: some kind completes a legal win
SC_CLASS_WEITING = 3       # 未听
