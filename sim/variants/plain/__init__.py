"""推倒胡 (plain): the control variant, the smallest honest mahjong (docs/rules/plain.md): 136 tiles, 碰/杠 (吃 by
flag), no ting, any complete regular hand or 七对 wins, 1 底注 per payer — constants shared by its modules.

The package's config is ``sim.variants.plain.config.PlainRules``; its rule kernels are ``draws`` (the wall's
draw limit), ``wins`` (who may 胡 and the shape), ``calls`` (吃 and claim priority), ``settle`` (money),
``dealer`` (the next dealer), wired to the engine's hook names in ``hooks``.

Rule-vector slots. The vector (``sim.core.rule_layout``) has a common block and one 32-slot block per variant
(晋城, 晋中, 金华) and no block for 推倒胡. A plain rule vector never reads another variant's block, so plain's two
flags sit in the two last slots of the vector, the unused tail of the 金华 block (金华's own slots end at
``JINHUA_BLOCK + 17``); ``tests/variants/plain/test_plain_config.py`` checks that no other slot constant and no
field of another variant's config uses them. A block of plain's own would need a new ``PLAIN_BLOCK`` in
``rule_layout`` (and N_RULE_FIELDS = 160).
"""
from sim.core.rule_layout import JINHUA_BLOCK

#: The kernel code of the variant (rule-vector slot R_VARIANT), next after 金华's 2.
VARIANT_PLAIN = 3

#: This rule set's registration, read by sim.rules (nothing central lists the rule sets): its kernel code
#: (the rule sets are ordered by it) and its config class, "module:Class".
CODE = VARIANT_PLAIN
CONFIG_CLASS = "sim.variants.plain.config:PlainRules"

#: 0/1: 吃 by the 下家 of the discarder (flag ``chi``, docs/rules/plain.md r9, A39).
R_PLAIN_CHI = JINHUA_BLOCK + 30
#: 0/1: 七对 is a winning hand (flag ``qidui``, docs/rules/plain.md r13, A40).
R_PLAIN_QIDUI = JINHUA_BLOCK + 31
