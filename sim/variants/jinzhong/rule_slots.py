"""The rule-vector slots of 晋中 (RULES §2; its config: sim.variants.jinzhong.config.JinzhongRules) — constants only.

The rule set's 32-slot block of the packed rule vector is the one its registered code gives it
(``sim.core.rule_layout.variant_block``); its kernels index the vector with these constants.
"""
from sim.core.rule_layout import variant_block
from sim.variants.jinzhong import CODE

JINZHONG_BLOCK = variant_block(CODE)  # first slot of the block; slots JINZHONG_BLOCK + 0 .. + 31

R_JZ_TILES = JINZHONG_BLOCK + 0                # 136 or 108 (r1)
R_JZ_CHI = JINZHONG_BLOCK + 1                  # 0/1: 吃 from the 上家 (r7, A21)
R_JZ_POINT_LIMIT = JINZHONG_BLOCK + 2          # 0/1: rank 1-2 never win, 3-5 自摸 only (r15, A17)
R_JZ_DINGQUE_UPFRONT = JINZHONG_BLOCK + 3      # 0/1: the suit given up is chosen at the deal (r13, A18)
R_JZ_QIANGGANG_AS_ZIMO = JINZHONG_BLOCK + 4    # 0/1: 抢杠胡 paid as 自摸 (r17, A19)
R_JZ_MULT_ON_EXTRA = JINZHONG_BLOCK + 5        # 0/1: the multiplier applies to the +1 点炮 extra (r19, A23)
R_JZ_DEAD_WALL = JINZHONG_BLOCK + 6            # tiles left unplayed at the tail: 0 or 14 (r4, A24)
R_JZ_CAP = JINZHONG_BLOCK + 7                  # 0/1: the 腊子 cap of 100 on a win's hu money (r22, A26)
R_JZ_HUANG_WITH_KONG_ROTATES = JINZHONG_BLOCK + 8  # 0/1: a 荒庄 with a kong passes the deal (r23)
# jz_multipliers (r19, A22): one slot per entry, the multiplier of that feature (1 = none); slot
# R_JZ_MULT_QIDUI + b holds the multiplier of sim.core.codes feature bit b (b = 0..9)
R_JZ_MULT_QIDUI = JINZHONG_BLOCK + 9
R_JZ_MULT_HAOHUA_QIDUI = JINZHONG_BLOCK + 10
R_JZ_MULT_PENGPENGHU = JINZHONG_BLOCK + 11
R_JZ_MULT_QINGYISE = JINZHONG_BLOCK + 12
R_JZ_MULT_JIULIAN = JINZHONG_BLOCK + 13
R_JZ_MULT_SHISANYAO = JINZHONG_BLOCK + 14
R_JZ_MULT_TIANHU = JINZHONG_BLOCK + 15
R_JZ_MULT_DIHU = JINZHONG_BLOCK + 16
R_JZ_MULT_GANGKAI = JINZHONG_BLOCK + 17
R_JZ_MULT_HAIDI = JINZHONG_BLOCK + 18
R_JZ_JIULIAN_NINE_WAIT = JINZHONG_BLOCK + 19   # 0/1: 九莲宝灯 only on the nine-sided wait (r16, A37)
R_JZ_DIHU_AFTER_ANGANG = JINZHONG_BLOCK + 20   # 0/1: 地胡 still counts after the dealer's 暗杠 (r18, A38)
