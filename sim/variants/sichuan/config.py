"""The Sichuan 血战到底 rule config: every flag of the flag table of docs/rules/sichuan.md with its default — plain
Python.

``SichuanRules`` is the frozen, validated dataclass of the rule set (machinery shared through
``sim.rules.VariantRules``): each flag packs into its slot of the rule set's block (``sichuan.rule_slots``), an
enumerated flag as its code (``sichuan.codes``); ``sc_multi_ron`` is the core's 一炮多响 switch and packs into the
common slot ``R_MULTI_RON``. The common slots of rules Sichuan fixes are packed by ``_fixed_slots``. Money is in 底.
Registered with ``sim.rules`` by the folder's ``CODE`` and ``CONFIG_CLASS``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core import codes as C
from sim.core import rule_layout as L
from sim.rules import VariantRules, _choice, _enum, _flag
from sim.variants.sichuan import codes as S
from sim.variants.sichuan import rule_slots as SL

DOC = "docs/rules/sichuan.md"


def _cite(rules: str) -> str:
    """Return the citation of ``rules`` ("r8" or "r10, r17") in the rule set's document."""
    return f"{DOC} {rules}"


@dataclass(frozen=True)
class SichuanRules(VariantRules):
    """Every rule a Sichuan study may change, with the default of docs/rules/sichuan.md (flag table, money in 底)."""

    variant: str = field(default="sichuan", metadata={"kind": "variant", "slot": L.R_VARIANT, "options": ("sichuan",),
                                                       "codes": {"sichuan": SL.SICHUAN_CODE}, "cite": DOC})
    # 换三张: three tiles of one suit passed before 定缺 (r8).
    sc_huan_san_zhang: bool = field(default=False, metadata=_flag(SL.R_SC_HUAN_SAN_ZHANG, _cite("r8")))
    # the direction of the pass (r9).
    sc_hsz_direction: str = field(default="random", metadata=_enum(SL.R_SC_HSZ_DIRECTION, S.SC_HSZ_DIRECTION_CODES,
                                                                   _cite("r9")))
    # how the void suit is fixed: declared, the first discard face down, or implicit 缺一门 (r10, r17, r18).
    sc_dingque: str = field(default="declare", metadata=_enum(SL.R_SC_DINGQUE, S.SC_DINGQUE_CODES,
                                                              _cite("r10, r17, r18")))
    # whether a player holding void tiles must discard them first (r12).
    sc_void_discard: str = field(default="strict", metadata=_enum(SL.R_SC_VOID_DISCARD, S.SC_VOID_DISCARD_CODES,
                                                                  _cite("r12")))
    # 一炮多响 (every 胡 on a discard wins) or 截胡 (the first after the discarder): the core's switch (r21).
    sc_multi_ron: str = field(default="all", metadata=_enum(
        L.R_MULTI_RON, {"all": C.MULTI_RON_ALL, "first_only": C.MULTI_RON_HEADBUMP}, _cite("r21"),
        ("all", "first_only")))
    # 抢杠胡 on a 补杠 (r30).
    sc_qiang_gang: bool = field(default=True, metadata=_flag(SL.R_SC_QIANG_GANG, _cite("r30")))
    # the lock after declining a win (r32, r33).
    sc_guo_hu: str = field(default="until_draw", metadata=_enum(SL.R_SC_GUO_HU, S.SC_GUO_HU_CODES,
                                                                _cite("r32, r33")))
    # the lock after declining a 碰 (r34).
    sc_guo_peng: bool = field(default=False, metadata=_flag(SL.R_SC_GUO_PENG, _cite("r34")))
    # where replacement tiles come from (r5, r28).
    sc_kong_draw: str = field(default="tail", metadata=_enum(SL.R_SC_KONG_DRAW, S.SC_KONG_DRAW_CODES,
                                                             _cite("r5, r28")))
    # 碰 on the discard after the last live tile (r35).
    sc_last_discard_pong: bool = field(default=True, metadata=_flag(SL.R_SC_LAST_DISCARD_PONG, _cite("r35")))
    # the cap in V = 底 × 2^min(F, cap) (r41).
    sc_fan_cap: object = field(default=3, metadata=_choice(SL.R_SC_FAN_CAP, S.SC_FAN_CAP_PACKED, _cite("r41")))
    # the self-draw bonus: +1 底 per payer, +1 番, or none (r50, r60).
    sc_zimo: str = field(default="add_base", metadata=_enum(SL.R_SC_ZIMO, S.SC_ZIMO_CODES, _cite("r50, r60")))
    # whether the 自摸 底 is added after the cap or before it (r60).
    sc_zimo_cap_order: str = field(default="cap_then_add", metadata=_enum(
        SL.R_SC_ZIMO_CAP_ORDER, S.SC_ZIMO_CAP_ORDER_CODES, _cite("r60")))
    # who pays 杠上开花 after a 直杠: everyone as a 自摸, or the feeder alone (r62).
    sc_dian_gang_hua: str = field(default="zimo", metadata=_enum(SL.R_SC_DIAN_GANG_HUA, S.SC_DIAN_GANG_HUA_CODES,
                                                                 _cite("r62")))
    # the value of 天胡/地胡 (r52).
    sc_tian_di_hu: str = field(default="five", metadata=_enum(SL.R_SC_TIAN_DI_HU, S.SC_TIAN_DI_HU_CODES,
                                                              _cite("r52")))
    # the meaning of 地胡 (r51).
    sc_dihu_def: str = field(default="first_draw", metadata=_enum(SL.R_SC_DIHU_DEF, S.SC_DIHU_DEF_CODES,
                                                                  _cite("r51")))
    # 带幺九 (structure 2) and 将 (+2) exist (r43, r45).
    sc_yaojiu_jiangdui: bool = field(default=False, metadata=_flag(SL.R_SC_YAOJIU_JIANGDUI, _cite("r43, r45")))
    # 将 +2 also on 七对, with sc_yaojiu_jiangdui only (r45).
    sc_jiang_qidui: bool = field(default=False, metadata=_flag(SL.R_SC_JIANG_QIDUI, _cite("r45")))
    # 门清 +1 and 中张 +1 (r53).
    sc_menqing_zhongzhang: bool = field(default=False, metadata=_flag(SL.R_SC_MENQING_ZHONGZHANG, _cite("r53")))
    # 龙七对 as 七对 + 根 (3) or the Tencent table (4) (r47).
    sc_longqidui: str = field(default="gen", metadata=_enum(SL.R_SC_LONGQIDUI, S.SC_LONGQIDUI_CODES, _cite("r47")))
    # 直杠 / 暗杠 / 补杠 kong money (r63).
    sc_kong_values: str = field(default="2-2-1", metadata=_enum(SL.R_SC_KONG_VALUES, S.SC_KONG_VALUES_CODES,
                                                                _cite("r63")))
    # kong money for a 补杠 with a tile held from before (转手杠) (r64).
    sc_postponed_bugang_pays: bool = field(default=False, metadata=_flag(SL.R_SC_POSTPONED_BUGANG_PAYS,
                                                                         _cite("r64")))
    # when kong money is booked (r67).
    sc_kong_money_timing: str = field(default="immediate", metadata=_enum(
        SL.R_SC_KONG_MONEY_TIMING, S.SC_KONG_MONEY_TIMING_CODES, _cite("r67")))
    # 呼叫转移 of kong money on 杠上炮 (r68).
    sc_hujiao_zhuanyi: str = field(default="last_kong", metadata=_enum(
        SL.R_SC_HUJIAO_ZHUANYI, S.SC_HUJIAO_ZHUANYI_CODES, _cite("r68")))
    # 呼叫转移 under 一炮多响: each winner in full, or a split (r69).
    sc_hjzy_multi: str = field(default="each_full", metadata=_enum(SL.R_SC_HJZY_MULTI, S.SC_HJZY_MULTI_CODES,
                                                                   _cite("r69")))
    # what a 花猪 pays each payee: 底 × 2^cap, 16 or 8 (r73).
    sc_huazhu_amount: object = field(default="cap", metadata=_choice(SL.R_SC_HUAZHU_AMOUNT,
                                                                     S.SC_HUAZHU_AMOUNT_PACKED, _cite("r73")))
    # whether winners are paid by a 花猪 (r73).
    sc_huazhu_payees: str = field(default="active", metadata=_enum(SL.R_SC_HUAZHU_PAYEES, S.SC_HUAZHU_PAYEES_CODES,
                                                                   _cite("r73")))
    # a 花猪 and 查大叫 (r74).
    sc_huazhu_vs_ready: str = field(default="none", metadata=_enum(SL.R_SC_HUAZHU_VS_READY,
                                                                   S.SC_HUAZHU_VS_READY_CODES, _cite("r74")))
    # 查大叫 (r75).
    sc_chadajiao: bool = field(default=True, metadata=_flag(SL.R_SC_CHADAJIAO, _cite("r75")))
    # 退税 (r77).
    sc_tuishui: bool = field(default=True, metadata=_flag(SL.R_SC_TUISHUI, _cite("r77")))
    # the next dealer after a first win by 一炮多响 (r83).
    sc_dealer_multi_ron: str = field(default="discarder", metadata=_enum(
        SL.R_SC_DEALER_MULTI_RON, S.SC_DEALER_MULTI_RON_CODES, _cite("r83")))
    # the next dealer after a hand with no winner (r84).
    sc_dealer_no_winner: str = field(default="stay", metadata=_enum(
        SL.R_SC_DEALER_NO_WINNER, S.SC_DEALER_NO_WINNER_CODES, _cite("r84")))
    # the first dealer of a session (r7): drawn, as the core draws it for every rule set (seats stay exchangeable),
    # or seat 0.
    sc_first_dealer: str = field(default="random", metadata=_enum(SL.R_SC_FIRST_DEALER, S.SC_FIRST_DEALER_CODES,
                                                                 _cite("r7")))

    def _check_combination(self) -> None:
        """Refuse a value defined by the cap when there is none (q6 of the rules: r52, r73)."""
        if self.sc_fan_cap == "none":
            for key in ("sc_tian_di_hu", "sc_huazhu_amount"):
                if getattr(self, key) == "cap":
                    raise ValueError(f"rules.{key}='cap' needs a cap; with rules.sc_fan_cap='none' choose one of "
                                     f"{', '.join(str(v) for v in self._options(key) if v != 'cap')}")

    @classmethod
    def _options(cls, key: str) -> tuple:
        """Return the valid values of field ``key``."""
        return cls.__dataclass_fields__[key].metadata["options"]

    def _fixed_slots(self) -> dict[int, int]:
        """Common slots of rules Sichuan fixes, packed so that the shared core will play Sichuan."""
        return {
            L.R_SUITED_WALL: 1,                          # the 108 suit tiles only (r1)
            L.R_DEAD_WALL_MODEL: C.WALL_MODEL_COUNT,     # no dead wall: every tile is drawn (r3)
            L.R_HUANG_STACKS: 0,
            L.R_STACKS_PER_KONG: 0,
            L.R_QIDUI_ALLOW_QUAD: 1,                     # four identical tiles are two pairs of a 七对 (r38)
            L.R_QIANGGANG_MODE: C.QIANGGANG_DISCARDER,   # the robbed player pays as a discarder (r61)
            L.R_ROB_ANGANG: 0,                           # a 暗杠 is never robbed (r31)
            L.R_BUGANG_ONLY_ON_DRAW: 0,                  # 补杠 with the drawn tile or one held (r26)
            L.R_MINGGANG_UNITS: 0,                       # kong money is the rule set's own (r63)
            L.R_ANGANG_UNITS: 0,
        }
