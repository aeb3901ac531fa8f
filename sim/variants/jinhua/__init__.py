"""金华麻将 (RULES §3): 财神 wilds and the 白板 stand-in, 吃/过碰/吃张打张, shapes and multipliers, 承包 settlement."""

#: This rule set's registration, read by sim.rules (nothing central lists the rule sets): its kernel code
#: (rule-vector slot R_VARIANT; the rule sets are ordered by it) and its config class, "module:Class".
CODE = 2
CONFIG_CLASS = "sim.variants.jinhua.config:JinhuaRules"
