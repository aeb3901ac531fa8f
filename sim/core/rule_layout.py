"""Layout of the packed rule vector the kernels read (RULES §4 flags and plain numbers) — constants only.

``sim.rules.RulesConfig.pack()`` returns an ``int32[N_RULE_FIELDS]`` vector; kernels index
it with these constants. The vector is cut into fixed blocks of ``BLOCK_SIZE`` slots: the
rules every variant shares, then one block per variant, so adding a flag to one block never
moves a slot of another. Enumerated flags are stored as their code in ``sim.core.codes``
(``*_CODES`` mappings), which is also what the kernels compare against.
"""

BLOCK_SIZE = 32
COMMON_BLOCK = 0            # slots 0..31: rules the shared core reads


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
R_ROB_ANGANG = COMMON_BLOCK + 16            # 0/1: 十三幺 may rob a 暗杠 (A9; the core's claim window reads it)
