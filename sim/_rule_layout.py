"""Layout of the packed rule vector the kernels read (RULES §4 flags and plain numbers).

``sim.rules.RulesConfig.pack()`` returns an ``int32[N_RULE_FIELDS]`` vector; kernels
index it with these constants. Enumerated flags are stored as the index of their value
in the option tuple named beside them in ``sim.rules``.
"""

R_VARIANT = 0                 # 0 = jincheng (later variants get other codes)
R_HOUBAO_UNITS = 1            # 后包: dealer pays each 闲 this many units on 荒庄 (A1, default 2)
R_HUANG_DEALER = 2            # 0 = stay, 1 = rotate (A2)
R_DEAD_WALL_MODEL = 3         # 0 = physical, 1 = count (A3)
R_MULTI_RON = 4               # 0 = head-bump, 1 = all win (A4)
R_TING_KONG_POLICY = 5        # 0 same_waits, 1 still_tenpai, 2 concealed_only, 3 none (A5)
R_TING_ALLOW_PONG = 6         # 0/1 (A6)
R_QIDUI_ALLOW_QUAD = 7        # 0/1 (A7)
R_QIANGGANG_MODE = 8          # 0 = kong maker pays as discarder, 1 = paid as 自摸 (A8)
R_ROB_ANGANG = 9              # 0/1: 十三幺 may rob a 暗杠 (A9)
R_QIANG_REQUIRES_SHI = 10     # 0/1 (A10)
R_GENZHUANG_ENABLED = 11      # 0/1: 前包 exists at all
R_GENZHUANG_UNITS = 12        # 前包: dealer pays each 闲 this many units (r47, default 1)
R_GENZHUANG_ANGANG_BREAKS = 13   # 0/1: a non-dealer 暗杠 before its first discard breaks 前包 (A12, default 0)
R_GENZHUANG_SHANGJIA_BREAKS = 14 # 0/1: a follower's 上架 on its first turn breaks 前包 (r49, default 1)
R_GENZHUANG_VOID_ON_HUANG = 15   # 0/1: 荒庄 voids 前包 money (r50, default 0)
R_DIANGANG_BAO = 16           # 0/1 (A13)
R_JC_SHAPE_MULTIPLIERS = 17   # 0/1 (A14)
R_QIDUI_MULTIPLIER = 18       # win money multiplier for 七对 when shape multipliers are on (default 2)
R_SHISANYAO_MULTIPLIER = 19   # win money multiplier for 十三幺 when shape multipliers are on (default 4)
R_BUGANG_ONLY_ON_DRAW = 20    # 0/1 (A15)
R_ALLOW_EMPTY_TING = 21       # 0/1 (A16)
R_HUANG_STACKS = 22           # 荒 stacks at the tail (r8, default 7)
R_STACKS_PER_KONG = 23        # 荒 stacks added per kong (r9, default 1)
R_MINGGANG_UNITS = 24         # 明杠/补杠: each other player pays (r44, default 1)
R_ANGANG_UNITS = 25           # 暗杠: each other player pays (r44, default 2)
R_ALLOW_SHI = 26              # 0/1: 拾 exists (r30; off for "without 拾/抢" studies)
R_ALLOW_QIANG = 27            # 0/1: 抢 exists (r33)
R_GUO_HU = 28                 # 0 = unrestricted, 1 = a passed win blocks winning on that kind until own next turn (A36)
N_RULE_FIELDS = 29
