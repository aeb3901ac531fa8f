"""The 推倒胡 (plain) rule config: its two flags with their defaults (docs/rules/plain.md, flag table A39–A40) —
plain Python.

``PlainRules`` is the frozen, validated dataclass of the variant (machinery shared through
``sim.rules.VariantRules``): ``chi`` (吃 by the 下家, default off, r9) and ``qidui`` (七对 wins, default on, r13),
each packed into its slot of the rule vector (``sim.variants.plain.rule_slots``). The
common slots of rules 推倒胡 fixes are packed at the value that makes the shared core play them
(``_fixed_slots``). Money is in 底注.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core import codes as C
from sim.core import rule_layout as L
from sim.rules import VariantRules, _flag
from sim.variants.plain import VARIANT_PLAIN
from sim.variants.plain.rule_slots import R_PLAIN_CHI, R_PLAIN_QIDUI


@dataclass(frozen=True)
class PlainRules(VariantRules):
    """Every rule a 推倒胡 study may change, with the default of docs/rules/plain.md (flag table, money in 底注)."""

    variant: str = field(default="plain", metadata={"kind": "variant", "slot": L.R_VARIANT, "options": ("plain",),
                                                     "codes": {"plain": VARIANT_PLAIN},
                                                     "cite": "docs/rules/plain.md"})
    # 吃: the 下家 of the discarder may complete a run with the discard (docs/rules/plain.md r9, A39).
    chi: bool = field(default=False, metadata=_flag(R_PLAIN_CHI, "docs/rules/plain.md r9, A39"))
    # 七对: seven pairs without melds win, a concealed quad as two pairs (docs/rules/plain.md r13, A40).
    qidui: bool = field(default=True, metadata=_flag(R_PLAIN_QIDUI, "docs/rules/plain.md r13, A40"))

    def _fixed_slots(self) -> dict[int, int]:
        """Common slots of rules 推倒胡 fixes, packed so that the shared core plays 推倒胡."""
        return {
            L.R_MULTI_RON: C.MULTI_RON_HEADBUMP,         # one winner: the first 胡 after the discarder (r8)
            L.R_GUO_HU: C.GUO_HU_UNRESTRICTED,           # a passed win restricts nothing (r15)
            L.R_QIDUI_ALLOW_QUAD: 1,                      # a concealed quad is two pairs of a 七对 (r13)
            L.R_QIANGGANG_MODE: C.QIANGGANG_DISCARDER,   # 抢杠胡 paid like 点炮 by the kong's declarer (r14, r17)
            L.R_ROB_ANGANG: 0,                            # a 暗杠 is never robbed (r14)
            L.R_BUGANG_ONLY_ON_DRAW: 0,                   # 补杠 with a fourth tile drawn now or held (r7)
            L.R_HUANG_DEALER: C.HUANG_DEALER_STAY,        # 荒庄: the dealer stays (r5)
            # the wall is drawn to its last tile, replacements counted (r3): the count model with nothing kept back
            L.R_DEAD_WALL_MODEL: C.WALL_MODEL_COUNT,
            L.R_HUANG_STACKS: 0,
            L.R_STACKS_PER_KONG: 0,
            L.R_MINGGANG_UNITS: 0,                        # kongs are not paid (r20)
            L.R_ANGANG_UNITS: 0,
            L.R_SUITED_WALL: 0,                           # all 136 tiles, honours included (r1)
        }
