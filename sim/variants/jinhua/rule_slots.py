"""The rule-vector slots of 金华 (RULES §3; its config: sim.variants.jinhua.config.JinhuaRules) — constants only.

The rule set's 32-slot block of the packed rule vector is the one its registered code gives it
(``sim.core.rule_layout.variant_block``); its kernels index the vector with these constants.
"""
from sim.core.rule_layout import variant_block
from sim.variants.jinhua import CODE

JINHUA_BLOCK = variant_block(CODE)  # first slot of the block; slots JINHUA_BLOCK + 0 .. + 31

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
