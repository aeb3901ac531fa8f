"""The rule-vector slots of 推倒胡 (docs/rules/plain.md; its config: sim.variants.plain.config.PlainRules) — constants
only.

The rule set's 32-slot block of the packed rule vector is the one its registered code gives it
(``sim.core.rule_layout.variant_block``); its kernels index the vector with these constants.
"""
from sim.core.rule_layout import variant_block
from sim.variants.plain import CODE

PLAIN_BLOCK = variant_block(CODE)  # first slot of the block; slots PLAIN_BLOCK + 0 .. + 31

R_PLAIN_CHI = PLAIN_BLOCK + 0    # 0/1: 吃 by the 下家 of the discarder (flag ``chi``, docs/rules/plain.md r9, A39)
R_PLAIN_QIDUI = PLAIN_BLOCK + 1  # 0/1: 七对 is a winning hand (flag ``qidui``, docs/rules/plain.md r13, A40)
