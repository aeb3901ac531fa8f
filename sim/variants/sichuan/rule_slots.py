"""Where the Sichuan rules sit in the packed rule vector: the 32 slots of the rule set's block — constants only
(numba freezes them into the kernels).

The rule set's block is ``variant_block(CODE)`` (its registered kernel code, ``sim.variants.sichuan.CODE``), slots
160..191, one flag per slot, in the order of the flag table of docs/rules/sichuan.md. ``sc_multi_ron`` is not in the
block: it is the core's own 一炮多响 switch, the common slot ``R_MULTI_RON``.
"""
from sim.core.rule_layout import variant_block
from sim.variants.sichuan import CODE

#: The kernel code the rule set registers (rule-vector slot R_VARIANT), next after 推倒胡's 3.
SICHUAN_CODE = CODE
#: The first slot of the block.
SC_BLOCK = variant_block(CODE)

R_SC_HUAN_SAN_ZHANG = SC_BLOCK + 0         # 0/1: 换三张 before 定缺 (r8)
R_SC_HSZ_DIRECTION = SC_BLOCK + 1          # codes.SC_HSZ_* (r9)
R_SC_DINGQUE = SC_BLOCK + 2                # codes.SC_DINGQUE_* (r10, r17, r18)
R_SC_VOID_DISCARD = SC_BLOCK + 3           # codes.SC_VOID_DISCARD_* (r12)
R_SC_QIANG_GANG = SC_BLOCK + 4             # 0/1: a 补杠 may be robbed (r30)
R_SC_GUO_HU = SC_BLOCK + 5                 # codes.SC_GUO_HU_* (r32, r33)
R_SC_GUO_PENG = SC_BLOCK + 6               # 0/1: a declined 碰 locks that kind (r34)
R_SC_KONG_DRAW = SC_BLOCK + 7              # codes.SC_KONG_DRAW_* (r5, r28)
R_SC_LAST_DISCARD_PONG = SC_BLOCK + 8      # 0/1: 碰 on the discard after the last tile (r35)
R_SC_FAN_CAP = SC_BLOCK + 9                # the cap of F, or codes.SC_CAP_NONE (r41)
R_SC_ZIMO = SC_BLOCK + 10                  # codes.SC_ZIMO_* (r50, r60)
R_SC_ZIMO_CAP_ORDER = SC_BLOCK + 11        # codes.SC_ZIMO_CAP_* (r60)
R_SC_DIAN_GANG_HUA = SC_BLOCK + 12         # codes.SC_DGH_* (r62)
R_SC_TIAN_DI_HU = SC_BLOCK + 13            # codes.SC_TDH_* (r52)
R_SC_DIHU_DEF = SC_BLOCK + 14              # codes.SC_DIHU_* (r51)
R_SC_YAOJIU_JIANGDUI = SC_BLOCK + 15       # 0/1: 带幺九 and 将 (r43, r45)
R_SC_JIANG_QIDUI = SC_BLOCK + 16           # 0/1: 将 also on 七对 (r45)
R_SC_MENQING_ZHONGZHANG = SC_BLOCK + 17    # 0/1: 门清 +1, 中张 +1 (r53)
R_SC_LONGQIDUI = SC_BLOCK + 18             # codes.SC_LONGQIDUI_* (r47)
R_SC_KONG_VALUES = SC_BLOCK + 19           # codes.SC_KONG_VALUES_* (r63)
R_SC_POSTPONED_BUGANG_PAYS = SC_BLOCK + 20  # 0/1: a 转手杠 earns 1 from each payer (r64)
R_SC_KONG_MONEY_TIMING = SC_BLOCK + 21     # codes.SC_KONG_TIMING_* (r67)
R_SC_HUJIAO_ZHUANYI = SC_BLOCK + 22        # codes.SC_HJZY_* (r68)
R_SC_HJZY_MULTI = SC_BLOCK + 23            # codes.SC_HJZY_MULTI_* (r69)
R_SC_HUAZHU_AMOUNT = SC_BLOCK + 24         # 底 a 花猪 pays each payee, or codes.SC_HUAZHU_CAP (r73)
R_SC_HUAZHU_PAYEES = SC_BLOCK + 25         # codes.SC_HUAZHU_PAYEES_* (r73)
R_SC_HUAZHU_VS_READY = SC_BLOCK + 26       # codes.SC_HUAZHU_VS_READY_* (r74)
R_SC_CHADAJIAO = SC_BLOCK + 27             # 0/1: 查大叫 (r75)
R_SC_TUISHUI = SC_BLOCK + 28               # 0/1: 退税 (r77)
R_SC_DEALER_MULTI_RON = SC_BLOCK + 29      # codes.SC_DEALER_MULTI_* (r83)
R_SC_DEALER_NO_WINNER = SC_BLOCK + 30      # codes.SC_DEALER_NO_WINNER_* (r84)
R_SC_FIRST_DEALER = SC_BLOCK + 31          # codes.SC_FIRST_DEALER_* (r7)
