"""The 晋中胡乐麻将 rule config: every 晋中 (JZ) flag of RULES §4 (A17–A26, A36–A38) with its default — plain Python.

``JinzhongRules`` is the frozen, validated dataclass of the variant (machinery shared with 晋城's
``RulesConfig`` through ``sim.rules.VariantRules``). Its own flags pack into the 晋中 block of the rule
vector (``sim.core.rule_layout`` R_JZ_*); the shared flags it has (``ting_kong_policy``, ``guo_hu``, kong
units) keep their common slots; the common slots of rules 晋中 does not have are packed at the value that
makes the core behave as 晋中 requires (``_fixed_slots``). Money is in 底分.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core import codes as C
from sim.core import rule_layout as L
from sim.variants.jinzhong import rule_slots as JZ
from sim.rules import RuleTable, VariantRules, _choice, _enum, _flag, _number, _table, _variant_field

#: ``jz_multipliers`` entries: {entry: rule-vector slot}; slot R_JZ_MULT_QIDUI + b is feature bit b of sim.core.codes.
MULTIPLIER_SLOTS = {
    "qidui": JZ.R_JZ_MULT_QIDUI, "haohua_qidui": JZ.R_JZ_MULT_HAOHUA_QIDUI, "pengpenghu": JZ.R_JZ_MULT_PENGPENGHU,
    "qingyise": JZ.R_JZ_MULT_QINGYISE, "jiulian": JZ.R_JZ_MULT_JIULIAN, "shisanyao": JZ.R_JZ_MULT_SHISANYAO,
    "tianhu": JZ.R_JZ_MULT_TIANHU, "dihu": JZ.R_JZ_MULT_DIHU, "gangkai": JZ.R_JZ_MULT_GANGKAI,
    "haidi": JZ.R_JZ_MULT_HAIDI,
}
#: The multipliers of RULES §2.5 r19 (A22): 七对 ×2, 豪华七对 ×4, 碰碰胡 ×2, 清一色 ×2, 九莲宝灯 ×4, 十三幺 ×4,
#: 天胡/地胡 ×2, 杠上开花 ×2, 海底捞月 ×2.
DEFAULT_MULTIPLIERS = RuleTable({
    "qidui": 2, "haohua_qidui": 4, "pengpenghu": 2, "qingyise": 2, "jiulian": 4, "shisanyao": 4,
    "tianhu": 2, "dihu": 2, "gangkai": 2, "haidi": 2,
})
#: ``ting_kong_policy`` options of 晋中 (RULES §2.3 r11, A20), in the order of the flag table.
JZ_TING_KONG_POLICIES = ("concealed_same_waits", "none", "same_waits")


@dataclass(frozen=True)
class JinzhongRules(VariantRules):
    """Every rule a 晋中 study may change, with the default of docs/rules/jinzhong.md §4 (money in 底分)."""

    variant: str = field(default="jinzhong", metadata=_variant_field("jinzhong", "RULES §2"))
    # 136 tiles, or the 108 suited tiles only (RULES §2.1 r1).
    jz_tiles: int = field(default=136, metadata=_choice(JZ.R_JZ_TILES, {136: 136, 108: 108}, "RULES §2.1 r1"))
    # tiles left unplayed at the tail: none (play to the last tile) or 14 (RULES §2.1 r4, A24); packed as the count.
    jz_dead_wall: object = field(default="none", metadata=_choice(JZ.R_JZ_DEAD_WALL, {"none": 0, 14: 14},
                                                                  "RULES §2.1 r4, A24"))
    # 吃 from the 上家, sequences only (RULES §2.2 r7, A21).
    jz_chi: bool = field(default=False, metadata=_flag(JZ.R_JZ_CHI, "RULES §2.2 r7, A21"))
    # which kongs are legal after 报听 (RULES §2.3 r11, A20).
    ting_kong_policy: str = field(default="concealed_same_waits", metadata=_enum(
        L.R_TING_KONG_POLICY, C.JZ_TING_KONG_POLICY_CODES, "RULES §2.3 r11, A20", JZ_TING_KONG_POLICIES))
    # 过胡: a passed win blocks that kind until the seat's next turn when restricted (RULES A36).
    guo_hu: str = field(default="unrestricted", metadata=_enum(L.R_GUO_HU, C.GUO_HU_CODES, "RULES A36"))
    # the suit given up is chosen at the deal instead of only checked at 胡 (RULES §2.4 r13, A18).
    jz_dingque_upfront: bool = field(default=False, metadata=_flag(JZ.R_JZ_DINGQUE_UPFRONT, "RULES §2.4 r13, A18"))
    # winning tile rank 1-2 never, 3-5 自摸 only (RULES §2.4 r15, A17).
    jz_point_limit: bool = field(default=True, metadata=_flag(JZ.R_JZ_POINT_LIMIT, "RULES §2.4 r15, A17"))
    # 抢杠胡 on a 补杠 is paid as 自摸; off: as 点炮 by the kong maker (RULES §2.4 r17, A19).
    jz_qianggang_as_zimo: bool = field(default=True, metadata=_flag(JZ.R_JZ_QIANGGANG_AS_ZIMO,
                                                                     "RULES §2.4 r17, A19"))
    # the multiplier of each winning feature; several multiply (RULES §2.5 r19, A22).
    jz_multipliers: RuleTable = field(default=DEFAULT_MULTIPLIERS, metadata=_table(MULTIPLIER_SLOTS, 1, 64,
                                                                                   "RULES §2.5 r19, A22"))
    # the multiplier also applies to the +1 a 点炮 discarder pays (RULES §2.5 r19, A23).
    jz_mult_on_extra: bool = field(default=True, metadata=_flag(JZ.R_JZ_MULT_ON_EXTRA, "RULES §2.5 r19, A23"))
    # 明杠/补杠 of the winner: each other player pays this many 底分 (RULES §2.5 r20).
    minggang_units: int = field(default=1, metadata=_number(L.R_MINGGANG_UNITS, 0, 8, "RULES §2.5 r20"))
    # 暗杠 of the winner: each other player pays this many 底分 (RULES §2.5 r20).
    angang_units: int = field(default=2, metadata=_number(L.R_ANGANG_UNITS, 0, 8, "RULES §2.5 r20"))
    # the 腊子 cap: a win's hu money is at most 100 底分 (RULES §2.5 r22, A26).
    jz_cap: bool = field(default=False, metadata=_flag(JZ.R_JZ_CAP, "RULES §2.5 r22, A26"))
    # a 荒庄 in which a kong was made passes the deal (RULES §2.6 r23).
    jz_huang_with_kong_rotates: bool = field(default=False, metadata=_flag(JZ.R_JZ_HUANG_WITH_KONG_ROTATES,
                                                                           "RULES §2.6 r23"))
    # 九莲宝灯 only on the nine-sided wait: the 13 tiles before the winning tile are 1112345678999; off: any
    # concealed 14 of the shape (RULES §2.4 r16, A37).
    jz_jiulian_nine_wait: bool = field(default=False, metadata=_flag(JZ.R_JZ_JIULIAN_NINE_WAIT, "RULES §2.4 r16, A37"))
    # 地胡 still counts when the dealer 暗杠s before its first discard; off: any kong ends it (RULES §2.4 r18, A38).
    jz_dihu_after_angang: bool = field(default=False, metadata=_flag(JZ.R_JZ_DIHU_AFTER_ANGANG, "RULES §2.4 r18, A38"))

    def _fixed_slots(self) -> dict[int, int]:
        """Common slots of rules 晋中 fixes, packed so that the shared core plays 晋中."""
        return {
            L.R_MULTI_RON: C.MULTI_RON_HEADBUMP,        # one winner, nearest the discarder (RULES §2.2 r8)
            L.R_TING_ALLOW_PONG: 0,                      # no 碰 after 报听 (RULES §2.3 r11)
            L.R_QIDUI_ALLOW_QUAD: 1,                     # a quad is two pairs: 豪华七对 (RULES §2.4 r16)
            L.R_QIANGGANG_MODE: C.QIANGGANG_ZIMO if self.jz_qianggang_as_zimo else C.QIANGGANG_DISCARDER,
            L.R_BUGANG_ONLY_ON_DRAW: 0,                  # 补杠 onto one's own 碰 (RULES §2.2 r6)
            L.R_ALLOW_EMPTY_TING: 0,                     # a wait held four times cannot win (RULES §2.3 r12)
            L.R_HUANG_DEALER: C.HUANG_DEALER_STAY,       # 荒庄: the dealer stays (RULES §2.6 r23)
            # no 荒 stacks: the hand ends when the tiles left reach the dead wall (0 or 14), counting
            # tail replacements (RULES §2.1 r4)
            L.R_DEAD_WALL_MODEL: C.WALL_MODEL_COUNT,
            L.R_HUANG_STACKS: self.pack_dead_wall() // 2,
            L.R_STACKS_PER_KONG: 0,
            L.R_SUITED_WALL: 1 if self.jz_tiles == 108 else 0,  # the 108 suit tiles only (RULES §2.1 r1)
        }

    def pack_dead_wall(self) -> int:
        """Return the dead wall in tiles (0 or 14)."""
        return self.__dataclass_fields__["jz_dead_wall"].metadata["packed"][self.jz_dead_wall]
