"""金华麻将 (RULES §3): 财神 wilds and the 白板 stand-in, 吃/过碰/吃张打张, shapes and multipliers, 承包 settlement."""
