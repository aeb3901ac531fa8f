"""The rule-vector slots of 晋城 (RULES §1; its config: sim.rules.RulesConfig) — constants only.

The rule set's 32-slot block of the packed rule vector is the one its registered code gives it
(``sim.core.rule_layout.variant_block``); its kernels index the vector with these constants.
"""
from sim.core.rule_layout import variant_block
from sim.variants.jincheng import CODE

JINCHENG_BLOCK = variant_block(CODE)  # first slot of the block; slots JINCHENG_BLOCK + 0 .. + 31

R_HOUBAO_UNITS = JINCHENG_BLOCK + 0              # 后包: dealer pays each 闲 this many units on 荒庄 (A1)
R_QIANG_REQUIRES_SHI = JINCHENG_BLOCK + 1        # 0/1 (A10)
R_GENZHUANG_ENABLED = JINCHENG_BLOCK + 2         # 0/1: 前包 exists at all
R_GENZHUANG_UNITS = JINCHENG_BLOCK + 3           # 前包: dealer pays each 闲 this many units (r47)
R_GENZHUANG_ANGANG_BREAKS = JINCHENG_BLOCK + 4   # 0/1: a non-dealer 暗杠 before its first discard breaks 前包 (A12)
R_GENZHUANG_SHANGJIA_BREAKS = JINCHENG_BLOCK + 5 # 0/1: a follower's 上架 on its first turn breaks 前包 (r49)
R_GENZHUANG_VOID_ON_HUANG = JINCHENG_BLOCK + 6   # 0/1: 荒庄 voids 前包 money (r50)
R_DIANGANG_BAO = JINCHENG_BLOCK + 7              # 0/1 (A13)
R_JC_SHAPE_MULTIPLIERS = JINCHENG_BLOCK + 8      # 0/1 (A14)
R_QIDUI_MULTIPLIER = JINCHENG_BLOCK + 9          # 七对 win multiplier when shape multipliers are on (default 2)
R_SHISANYAO_MULTIPLIER = JINCHENG_BLOCK + 10     # 十三幺 win multiplier when shape multipliers are on (default 4)
R_ALLOW_SHI = JINCHENG_BLOCK + 11                # 0/1: 拾 exists (r30)
R_ALLOW_QIANG = JINCHENG_BLOCK + 12              # 0/1: 抢 exists (r33)
