"""Layout of the packed rule vector the kernels read (RULES §4 flags and plain numbers) — constants only.

``sim.rules.RulesConfig.pack()`` returns an ``int32[N_RULE_FIELDS]`` vector; kernels index
it with these constants. The vector is cut into fixed blocks of ``BLOCK_SIZE`` slots: the
rules every variant shares, then one block per variant, so adding a flag to one block never
moves a slot of another. Enumerated flags are stored as their code in ``sim.core.codes``
(``*_CODES`` mappings), which is also what the kernels compare against.
"""

BLOCK_SIZE = 32
COMMON_BLOCK = 0            # slots 0..31: rules the shared core reads
JINCHENG_BLOCK = 32         # slots 32..63: 晋城 rules (RULES §1)
JINZHONG_BLOCK = 64         # slots 64..95: 晋中 rules (RULES §2), filled by the 晋中 issue
JINHUA_BLOCK = 96           # slots 96..127: 金华 rules (RULES §3), filled by the 金华 issue
N_RULE_FIELDS = 128


def variant_block(code: int) -> int:
    """Return the first slot of the 32-slot block of the rule set whose kernel code is ``code``: the block after the
    common one, in code order (a rule set's slots are ``variant_block(CODE) + k``, k < BLOCK_SIZE)."""
    return BLOCK_SIZE * (1 + code)

# --- common block ------------------------------------------------------------------------
R_VARIANT = COMMON_BLOCK + 0              # sim.core.codes VARIANT_* (dispatch switch of the variant rules)
R_HUANG_DEALER = COMMON_BLOCK + 1         # sim.core.codes HUANG_DEALER_* (A2)
R_DEAD_WALL_MODEL = COMMON_BLOCK + 2      # sim.core.codes WALL_MODEL_* (A3)
R_MULTI_RON = COMMON_BLOCK + 3            # sim.core.codes MULTI_RON_* (A4)
R_TING_KONG_POLICY = COMMON_BLOCK + 4     # sim.core.codes TING_KONG_* (A5)
R_TING_ALLOW_PONG = COMMON_BLOCK + 5      # 0/1 (A6)
R_QIDUI_ALLOW_QUAD = COMMON_BLOCK + 6     # 0/1 (A7)
R_QIANGGANG_MODE = COMMON_BLOCK + 7       # sim.core.codes QIANGGANG_* (A8)
R_BUGANG_ONLY_ON_DRAW = COMMON_BLOCK + 8  # 0/1 (A15)
R_ALLOW_EMPTY_TING = COMMON_BLOCK + 9     # 0/1 (A16)
R_HUANG_STACKS = COMMON_BLOCK + 10        # 荒 stacks at the tail (r8, default 7)
R_STACKS_PER_KONG = COMMON_BLOCK + 11     # 荒 stacks added per kong (r9, default 1)
R_MINGGANG_UNITS = COMMON_BLOCK + 12      # 明杠/补杠: each other player pays (r44, default 1)
R_ANGANG_UNITS = COMMON_BLOCK + 13        # 暗杠: each other player pays (r44, default 2)
R_GUO_HU = COMMON_BLOCK + 14              # sim.core.codes GUO_HU_* (A36)
R_SUITED_WALL = COMMON_BLOCK + 15         # 0/1: the wall holds the 108 suit tiles only, no honors (晋中 jz_tiles=108)

# --- 晋城 block ----------------------------------------------------------------------------
R_HOUBAO_UNITS = JINCHENG_BLOCK + 0              # 后包: dealer pays each 闲 this many units on 荒庄 (A1)
R_ROB_ANGANG = JINCHENG_BLOCK + 1                # 0/1: 十三幺 may rob a 暗杠 (A9)
R_QIANG_REQUIRES_SHI = JINCHENG_BLOCK + 2        # 0/1 (A10)
R_GENZHUANG_ENABLED = JINCHENG_BLOCK + 3         # 0/1: 前包 exists at all
R_GENZHUANG_UNITS = JINCHENG_BLOCK + 4           # 前包: dealer pays each 闲 this many units (r47)
R_GENZHUANG_ANGANG_BREAKS = JINCHENG_BLOCK + 5   # 0/1: a non-dealer 暗杠 before its first discard breaks 前包 (A12)
R_GENZHUANG_SHANGJIA_BREAKS = JINCHENG_BLOCK + 6 # 0/1: a follower's 上架 on its first turn breaks 前包 (r49)
R_GENZHUANG_VOID_ON_HUANG = JINCHENG_BLOCK + 7   # 0/1: 荒庄 voids 前包 money (r50)
R_DIANGANG_BAO = JINCHENG_BLOCK + 8              # 0/1 (A13)
R_JC_SHAPE_MULTIPLIERS = JINCHENG_BLOCK + 9      # 0/1 (A14)
R_QIDUI_MULTIPLIER = JINCHENG_BLOCK + 10         # 七对 win multiplier when shape multipliers are on (default 2)
R_SHISANYAO_MULTIPLIER = JINCHENG_BLOCK + 11     # 十三幺 win multiplier when shape multipliers are on (default 4)
R_ALLOW_SHI = JINCHENG_BLOCK + 12                # 0/1: 拾 exists (r30)
R_ALLOW_QIANG = JINCHENG_BLOCK + 13              # 0/1: 抢 exists (r33)

# --- 晋中 block (RULES §2; its config: sim.variants.jinzhong.config.JinzhongRules) --------------------
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

# --- 金华 block (RULES §3; its config: sim.variants.jinhua.config.JinhuaRules) ----------------------
R_JH_DEALER = JINHUA_BLOCK + 0                 # sim.core.codes JH_DEALER_* (r2, A27)
R_JH_INDICATOR_IN_RESERVE = JINHUA_BLOCK + 1   # 0/1: the turned 财神 indicator is one of the reserve tiles (r4)
R_JH_RON_ON_CAISHEN = JINHUA_BLOCK + 2         # 0/1: a discarded 财神 may be won on (r8, A29)
R_JH_CHENGBAO_SCOPE = JINHUA_BLOCK + 3         # sim.core.codes JH_CHENGBAO_* (r20, A30)
R_JH_KONG_COUNTS_TAN = JINHUA_BLOCK + 4        # 0/1: a 明杠 counts as a 摊 for 承包 (r20, A30)
R_JH_DEAD_WALL = JINHUA_BLOCK + 5              # reserve tiles kept for replacements: 14, or 0 = none (r4, A32)
R_JH_WILD_IN_MELDS = JINHUA_BLOCK + 6          # 0/1: a 财神 may sit in a 吃/碰/杠 (r9, A34)
R_JH_DEALER_DOUBLE = JINHUA_BLOCK + 7          # 0/1: payments to or from the dealer double (r19, A35)
R_JH_KONG_MONEY = JINHUA_BLOCK + 8             # 0/1: kongs are paid (r21, A35)
R_JH_WILD_FIFTH_COPY = JINHUA_BLOCK + 9        # 0/1: a 财神 may stand for a fifth copy of a kind (r7, r15)
# the multiplier table (r15, A31): slot R_JH_MULT + sim.core.codes JH_MULT_* holds that multiplier
R_JH_MULT = JINHUA_BLOCK + 10                  # .. JINHUA_BLOCK + 17 (N_JH_MULT slots)
