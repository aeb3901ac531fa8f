"""The 金华麻将 rule config: every 金华 (JH) flag of RULES §4 (A27–A35, A36) with its default — plain Python.

``JinhuaRules`` is the frozen, validated dataclass of the variant (machinery shared through
``sim.rules.VariantRules``). Its own flags pack into the 金华 block of the rule vector
(``sim._rule_layout`` R_JH_*); ``guo_hu`` keeps its common slot; the common slots of rules 金华 does
not have are packed at the value that makes the core behave as 金华 requires (``_fixed_slots``).
Money is in 底注 (X).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core import codes as C
from sim.core import rule_layout as L
from sim.variants.jinhua import rule_slots as JH
from sim.rules import RuleTable, VariantRules, _choice, _enum, _flag, _table, _variant_field

#: ``jh_multipliers`` entries: {entry: rule-vector slot} (R_JH_MULT + sim._codes JH_MULT_*); 爆头 with 海底
#: is the field ``jh_baotou_haidi`` (A31), packed into its own slot of the table.
MULTIPLIER_SLOTS = {name: JH.R_JH_MULT + code for name, code in C.JH_MULT_CODES.items() if name != "baotou_haidi"}
#: The multipliers of RULES §3.4 r15: 七对 ×2, 七风/十四不靠 ×2, 清一色 ×4 without 财神 and ×2 with, 混一色 ×2,
#: 爆头 ×2, 海底捞月 ×2.
DEFAULT_MULTIPLIERS = RuleTable({
    "qidui": 2, "qifeng": 2, "qingyise": 4, "qingyise_wild": 2, "hunyise": 2, "baotou": 2, "haidi": 2,
})


@dataclass(frozen=True)
class JinhuaRules(VariantRules):
    """Every rule a 金华 study may change, with the default of docs/rules/jinhua.md §4 (money in 底注)."""

    variant: str = field(default="jinhua", metadata=_variant_field("jinhua", "RULES §3"))
    # who deals next: the dealer stays only on its own win | always rotate | the winner deals (RULES §3.1 r2, A27).
    jh_dealer: str = field(default="stay", metadata=_enum(JH.R_JH_DEALER, C.JH_DEALER_CODES, "RULES §3.1 r2, A27"))
    # tiles kept in the reserve for kong replacements: 14 | none (RULES §3.1 r4, A32).
    jh_dead_wall: object = field(default=14, metadata=_choice(JH.R_JH_DEAD_WALL, {14: 14, "none": 0},
                                                              "RULES §3.1 r4, A32"))
    # the turned 财神 indicator counts as one of the 14 reserve tiles: 69 draws instead of 68 (RULES §3.1 r4).
    jh_indicator_in_reserve: bool = field(default=False, metadata=_flag(JH.R_JH_INDICATOR_IN_RESERVE,
                                                                        "RULES §3.1 r4"))
    # a discarded 财神 may be won on (RULES §3.2 r8, A29).
    jh_ron_on_caishen: bool = field(default=False, metadata=_flag(JH.R_JH_RON_ON_CAISHEN, "RULES §3.2 r8, A29"))
    # a 财神 may sit inside a 吃/碰/杠 (RULES §3.2 r9, A34).
    jh_wild_in_melds: bool = field(default=False, metadata=_flag(JH.R_JH_WILD_IN_MELDS, "RULES §3.2 r9, A34"))
    # a 财神 may stand for a fifth copy of a kind. Default on: 爆头 is completed by a self-draw of *any* tile
    # (「抓到任意一张则为敲响」), the fourth copy of a held triplet included, which needs the 财神 as a fifth
    # copy (RULES §3.2 r7, §3.4 r15).
    jh_wild_fifth_copy: bool = field(default=True, metadata=_flag(JH.R_JH_WILD_FIFTH_COPY, "RULES §3.2 r7, §3.4 r15"))
    # 过胡: a passed win blocks that kind until the seat's next turn when restricted (RULES A36).
    guo_hu: str = field(default="unrestricted", metadata=_enum(L.R_GUO_HU, C.GUO_HU_CODES, "RULES A36"))
    # the multiplier of each hand; several multiply (RULES §3.4 r15).
    jh_multipliers: RuleTable = field(default=DEFAULT_MULTIPLIERS, metadata=_table(MULTIPLIER_SLOTS, 1, 64,
                                                                                   "RULES §3.4 r15"))
    # 爆头 with 海底捞月: 4 (2 × 2, the multiplicative rule) or 8 (「爆头的海捞是八倍」) (RULES §3.4 r15, A31).
    jh_baotou_haidi: int = field(default=4, metadata=_choice(JH.R_JH_MULT + C.JH_MULT_BAOTOU_HAIDI, {4: 4, 8: 8},
                                                             "RULES §3.4 r15, A31"))
    # 承包 applies to every win | self-drawn wins only (RULES §3.5 r20, A30).
    jh_chengbao_scope: str = field(default="all", metadata=_enum(JH.R_JH_CHENGBAO_SCOPE, C.JH_CHENGBAO_SCOPE_CODES,
                                                                 "RULES §3.5 r20, A30"))
    # a 明杠 counts as a 摊 for 承包; 吃, 碰 and a 碰 grown into a 补杠 always count (RULES §3.5 r20, A30).
    jh_kong_counts_tan: bool = field(default=True, metadata=_flag(JH.R_JH_KONG_COUNTS_TAN, "RULES §3.5 r20, A30"))
    # payments the dealer makes or receives double (RULES §3.5 r19, A35).
    jh_dealer_double: bool = field(default=False, metadata=_flag(JH.R_JH_DEALER_DOUBLE, "RULES §3.5 r19, A35"))
    # kongs are paid: 明杠/补杠 1, 暗杠 2 from each other player (RULES §3.5 r21, A35).
    jh_kong_money: bool = field(default=False, metadata=_flag(JH.R_JH_KONG_MONEY, "RULES §3.5 r21, A35"))

    def _check_combination(self) -> None:
        """A 财神 inside a meld is not played by the engine yet: refuse it in one line."""
        if self.jh_wild_in_melds:
            raise ValueError("rules.jh_wild_in_melds=True is not supported by the engine yet; valid choices: false")

    def hand_tables(self):
        """Return the hand-evaluation tables the kernels take for this config: the uncapped ones, where a 财神 may
        stand for a fifth copy (``jh_wild_fifth_copy``), else the plain ones."""
        from sim.hand_tables import get_tables
        from sim.hand_wild_tables import get_wild_tables

        return get_wild_tables() if self.jh_wild_fifth_copy else get_tables()

    def _fixed_slots(self) -> dict[int, int]:
        """Common slots of rules 金华 fixes, packed so that the shared core plays 金华."""
        return {
            L.R_MULTI_RON: C.MULTI_RON_HEADBUMP,   # one winner, the first in turn order (RULES §3.3 r13)
            L.R_QIDUI_ALLOW_QUAD: 1,                # a quad is two pairs in 七对 (the text is silent; as 晋城's A7)
            L.R_QIANGGANG_MODE: C.QIANGGANG_DISCARDER,  # 抢杠胡 paid like 放铳 by the kong maker (RULES §3.5 r18)
            L.R_MINGGANG_UNITS: 1,                  # kong money with jh_kong_money (RULES §3.5 r21)
            L.R_ANGANG_UNITS: 2,
        }

    def dead_wall_tiles(self) -> int:
        """Return the reserve in tiles (14 or 0)."""
        return self.__dataclass_fields__["jh_dead_wall"].metadata["packed"][self.jh_dead_wall]
