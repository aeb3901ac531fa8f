"""推倒胡 (plain): the control variant, the smallest honest mahjong (docs/rules/plain.md): 136 tiles, 碰/杠 (吃 by
flag), no ting, any complete regular hand or 七对 wins, 1 底注 per payer — constants shared by its modules.

The package's config is ``sim.variants.plain.config.PlainRules``; its rule kernels are ``draws`` (the wall's
draw limit), ``wins`` (who may 胡 and the shape), ``calls`` (吃 and claim priority), ``settle`` (money),
``dealer`` (the next dealer), wired to the engine's hook names in ``hooks``.

Its flags sit in its own block of the rule vector, the one its code gives it (``rule_slots``).
"""
#: The kernel code of the variant (rule-vector slot R_VARIANT), next after 金华's 2.
VARIANT_PLAIN = 3

#: This rule set's registration, read by sim.rules (nothing central lists the rule sets): its kernel code
#: (the rule sets are ordered by it) and its config class, "module:Class".
CODE = VARIANT_PLAIN
CONFIG_CLASS = "sim.variants.plain.config:PlainRules"
