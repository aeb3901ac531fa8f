"""晋城麻将 (RULES §1): 上架 extras, 拾/抢 十三幺, 前包/后包 and the §1.7 settlement over the shared core."""

#: This rule set's registration, read by sim.rules (nothing central lists the rule sets): its kernel code
#: (rule-vector slot R_VARIANT; the rule sets are ordered by it) and its config class, "module:Class".
CODE = 0
CONFIG_CLASS = "sim.rules:RulesConfig"
