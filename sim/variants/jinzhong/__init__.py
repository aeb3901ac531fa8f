"""晋中胡乐麻将 (RULES §2): config, win classification and money kernels."""

#: This rule set's registration, read by sim.rules (nothing central lists the rule sets): its kernel code
#: (rule-vector slot R_VARIANT; the rule sets are ordered by it) and its config class, "module:Class".
CODE = 1
CONFIG_CLASS = "sim.variants.jinzhong.config:JinzhongRules"
