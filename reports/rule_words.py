"""What each rule flag means, in plain Chinese, for the report's rules table and the sensitivity reading.

``FLAG_WORDS[flag]`` is one short clause (the flag's name stays in code font beside it); a flag whose meaning
differs by variant has an entry in ``VARIANT_WORDS[variant]``. The citations stay with the rule configs
(``reports.rule_notes``). Money is in 底注, the report's one money unit.
"""
from __future__ import annotations

import re

from reports.win_labels import FEATURE_LABELS
from sim.rules import VARIANTS
from sim.variant_facts import facts

FLAG_WORDS = {
    "variant": "规则变体",
    # 晋城
    "houbao_units": "荒庄时庄家付给每个闲家的后包底注数，1–2",
    "huang_dealer": "荒庄后庄家：stay 连庄 / rotate 下庄",
    "dead_wall_model": "荒牌的算法：physical 按实际牌墩 / count 按张数",
    "multi_ron": "一张牌几家可胡：headbump 截胡（离放炮者最近的一家）/ all 都胡",
    "ting_kong_policy": "上架后能否开杠：same_waits 听的牌不变才可 / still_tenpai 仍听牌即可 / concealed_only 只许暗杠 / "
                        "none 不许",
    "ting_allow_pong": "上架后能否碰",
    "qidui_allow_quad": "七对可把四张相同的牌算两对",
    "qianggang_mode": "抢杠胡的付钱：discarder 开杠者按放炮付 / zimo 按自摸付",
    "rob_angang": "十三幺可抢暗杠",
    "qiang_requires_shi": "先拾过才能抢",
    "genzhuang": "有前包（跟庄）",
    "genzhuang_units": "前包每个闲家付的底注，1–8",
    "genzhuang_angang_breaks": "闲家第一次打牌前暗杠会打断前包",
    "genzhuang_shangjia_breaks": "跟庄者第一轮上架会打断前包",
    "genzhuang_void_on_huang": "荒庄时前包钱作废",
    "diangang_bao": "点杠包三家",
    "jc_shape_multipliers": "胡牌钱按牌型加倍",
    "qidui_multiplier": "牌型加倍时七对的倍数，1–16",
    "shisanyao_multiplier": "牌型加倍时十三幺的倍数，1–16",
    "bugang_only_on_draw": "只有刚摸到第四张时才能补杠",
    "allow_empty_ting": "空听也算听牌",
    "huang_stacks": "牌尾的荒牌墩数，0–20",
    "stacks_per_kong": "每开一杠加的荒牌墩数，0–2",
    "minggang_units": "明杠/补杠时其余每家付的底注数，0–8",
    "angang_units": "暗杠时其余每家付的底注数，0–8",
    "allow_shi": "十三幺可以拾",
    "allow_qiang": "十三幺可以抢",
    "guo_hu": "过胡：unrestricted 不限 / restricted 放过的胡本轮不能再胡",
    # 推倒胡 (plain, the control)
    "chi": "放炮者的下家可以吃（只吃顺子）",
    "qidui": "七对可以胡（暗藏的四张相同的牌算两对）",
    # 晋中
    "jz_tiles": "用牌张数：136 张 / 108 张（只有万饼条，摸 56 张，没有十三幺）",
    "jz_dead_wall": "牌尾留着不摸的牌：none 不留 / 14 留 14 张",
    "jz_chi": "可吃上家的牌（只吃顺子；胡 > 杠 > 碰 > 吃，报听后不吃）",
    "jz_dingque_upfront": "开局各家先定缺一门：胡时不能有该门，不碰/杠/吃该门，不能胡十三幺",
    "jz_point_limit": "点数限制：1–2 点的牌不能胡，3–5 点只能自摸",
    "jz_qianggang_as_zimo": "抢杠胡按自摸付钱，否则由开杠者按点炮付",
    "jz_multipliers": "各胡牌特征的倍数（1–64，几种同时有则相乘）",
    "jz_mult_on_extra": "点炮者多付的 1 底注也乘倍数",
    "jz_cap": "腊子封顶：一次胡牌的钱至多 100",
    "jz_huang_with_kong_rotates": "有杠的荒庄要下庄",
    "jz_jiulian_nine_wait": "九莲宝灯只算九面听（胡前 13 张为 1112345678999），否则同形状的 14 张门清牌都算",
    "jz_dihu_after_angang": "庄家首打前暗杠，闲家点炮胡仍算地胡",
    # 金华
    "jh_dealer": "下一手的庄家：stay 庄家胡才连庄 / rotate 轮庄 / winner 胡家坐庄",
    "jh_dead_wall": "留作补杠的牌：14 留 14 张 / none 不留",
    "jh_indicator_in_reserve": "翻出的财神指示牌算在 14 张留牌里（可摸 69 张而不是 68 张）",
    "jh_ron_on_caishen": "别人打出的财神可以胡",
    "jh_wild_in_melds": "财神可以用在吃/碰/杠里",
    "jh_wild_fifth_copy": "财神可以当某种牌的第五张",
    "jh_multipliers": "各种牌型的倍数（1–64，几种同时有则相乘）",
    "jh_baotou_haidi": "爆头加海底的倍数：4（2 × 2）或 8",
    "jh_chengbao_scope": "承包的范围：all 每种胡牌 / zimo 只在自摸时",
    "jh_kong_counts_tan": "明杠算承包的一摊",
    "jh_dealer_double": "庄家输赢加倍",
    "jh_kong_money": "开杠收钱",
}
#: Flags whose meaning differs in one variant: variant -> flag -> words.
VARIANT_WORDS = {
    "jinzhong": {
        "ting_kong_policy": "报听后能否开杠：concealed_same_waits 只许听的牌不变的暗杠 / same_waits 听的牌不变才可 / "
                            "none 不许",
        "minggang_units": "胡家的明杠/补杠其余每家付的底注数，0–8",
        "angang_units": "胡家的暗杠其余每家付的底注数，0–8",
    },
}


def flag_words(flag: str, variant: str = "jincheng") -> str:
    """Return what ``flag`` means in Chinese under ``variant`` ('' when it has no entry): the rule set's own words
    where its folder gives them (its study facts' ``FLAG_WORDS``), else this module's."""
    own = getattr(facts(variant), "FLAG_WORDS", {}) if variant in VARIANTS else {}
    return own.get(flag) or VARIANT_WORDS.get(variant, {}).get(flag) or FLAG_WORDS.get(flag, "")


def flag_name(flag: str, variant: str = "jincheng") -> str:
    """Return a flag's short Chinese name for a figure's tick: its words up to the first remark, list of values or
    range (``huang_stacks`` -> 牌尾的荒牌墩数); the flag itself when it has no words."""
    words = flag_words(flag.split(".", 1)[0], variant)
    return re.sub(r"（[^（）]*）", "", words.split("：")[0]).split("，")[0] or flag


def value_words(flag: str, value, variant: str = "jincheng") -> str:
    """Return what a flag set to ``value`` does, in Chinese, so that the words never read as the opposite of the
    value: a yes/no flag says 是 or 否 after its meaning (``allow_shi=false`` -> 十三幺可以拾：否), a flag that
    lists its values gives the meaning of the one chosen (``dead_wall_model=count`` -> 荒牌的算法：按张数), a
    number follows the meaning (``houbao_units=1`` -> 荒庄时庄家付给每个闲家的后包底注数：1); '' for a flag
    without words."""
    words = flag_words(flag.split(".", 1)[0], variant)
    if not words:
        return ""
    text = str(value).lower()
    head, _, options = words.partition("：")
    plain = re.sub(r"（[^（）]*）", "", head).split("，")[0]
    if "." in flag:  # jz_multipliers.qidui: one entry of a table flag
        key = flag.split(".", 1)[1]
        plain += f"·{FEATURE_LABELS.get(key, key)}"
    if text in ("true", "false"):
        return plain + ("：是" if text == "true" else "：否")
    if options and " / " in options:
        for option in options.split(" / "):
            key, _, meaning = option.partition(" ")
            if key == text:
                return f"{head}：{meaning or key}"
    return f"{plain}：{value}"


def change_words(change: str, variant: str = "jincheng") -> str:
    """Return a sensitivity change ``flag=value`` in words: what the flag means, without its list of values,
    ranges or remarks in brackets."""
    import re

    flag = change.split("=", 1)[0].split(".", 1)[0]  # jz_multipliers.qidui=3: the table's flag
    words = re.sub(r"（[^（）]*）", "", flag_words(flag, variant).split("：")[0])
    return words.split("，")[0]
