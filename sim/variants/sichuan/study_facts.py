"""What the studies and the report need to know of 四川麻将 血战到底 beyond its rule config (experiments/, reports/),
read through ``sim.variant_facts`` — plain Python, no kernels."""

#: The rule set's Chinese name in reports and messages (re-exported as its hooks' ``LABEL``).
LABEL = "四川血战"
#: Studies that mean nothing under 血战到底: {study: the one-line reason the report gives}.
SKIPPED_STUDIES = {
    "thirteen_orphans": "四川血战没有十三幺，也没有拾/抢（docs/rules/sichuan.md r37–r39）：本研究跳过。",
    "early_ting": "四川血战不上架，胡牌不需要听牌（docs/rules/sichuan.md r19, r39）：本研究跳过。",
}
#: No 荒 setting to sweep: the live wall is drawn to its last tile, no dead wall (docs/rules/sichuan.md r3).
HUANG_SWEEP = False
#: Money parts of dealer_edge (experiments.study_dealer_edge.COMPONENTS) this rule set never pays: no 前包 or 后包.
#: Its own transfers (呼叫转移, 查花猪, 查大叫, 退税) are in the record's s{k}_hujiao .. s{k}_tuishui and in the total.
ABSENT_MONEY = ("qianbao", "houbao")
#: The mechanics strategies may play on (sim.variant_facts.MECHANIC_WORDS): none of ting, 十三幺 or 爆头.
MECHANICS: dict[str, str] = {}
#: Why a mechanic is missing here, in this rule set's own words (a strategy needing it is refused with this).
MISSING = {"ting": "四川血战 has no ting declaration (docs/rules/sichuan.md r19, r39)",
           "shisanyao": "四川血战 has no 十三幺 (docs/rules/sichuan.md r37–r38)",
           "baotou": "四川血战 has no 财神 nor 爆头 (docs/rules/sichuan.md r1)"}
#: The report's words: 晋城 word -> this rule set's (the reports are written in 晋城's words).
WORDS = {"荒庄": "流局"}
#: How a kong changes the tiles left before the wall's end (the 荒庄 reading's kong groups).
KONG_WALL_NOTE = "四川血战从牌墙尾补杠牌，补的牌出自同一牌墙，所以每杠少摸一张牌"
#: What the 荒庄 reading says instead of a sweep.
NO_SWEEP_NOTE = ("四川血战把 108 张牌摸到最后一张（docs/rules/sichuan.md r3）：没有留牌，也没有荒牌墩数可调，"
                 "所以这里不扫荒牌墩数，只报座位组合的流局率（无人胡牌）。")
#: The win features and shapes this rule set's engine records for a hand's first win (sim.variants.sichuan.play
#: core_features; its 番 per seat is in s{k}_fan). One outside these is not a 0 % here, so the studies leave it out.
WIN_FEATURES = frozenset({"qidui", "haohua_qidui", "pengpeng", "qingyise", "tianhu", "dihu", "gangshang_kaihua",
                          "haidi_laoyue", "qianggang_hu", "pinghu"})
WIN_SHAPES = frozenset({"regular", "qidui"})
#: Where this rule set's rules document starts (the report's citation of the ``variant`` row).
RULES_CITATION = "docs/rules/sichuan.md"
#: Whether this is the control the other rule sets are measured against (experiment=variants, vs_control_* rows).
CONTROL = False
#: What each of this rule set's flags means, in the report's Chinese (reports.rule_words reads it; the values a
#: flag lists are the config's, docs/rules/sichuan.md §6.9).
FLAG_WORDS = {
    "sc_huan_san_zhang": "换三张：定缺前各家把同一门的三张牌换给别家",
    "sc_hsz_direction": "换三张的方向：random 每手随机 / next 换给下家 / prev 换给上家 / opposite 换给对家",
    "sc_dingque": "定缺的方式：declare 开局宣布 / first_discard 首打扣一张缺门牌 / implicit 不宣布，胡时最多两门",
    "sc_void_discard": "缺门牌的打法：strict 先打完缺门牌 / lenient 不限",
    "sc_multi_ron": "一炮多响：all 都胡 / first_only 只许放炮者下家起第一家胡",
    "sc_qiang_gang": "可以抢补杠胡",
    "sc_guo_hu": "过胡：until_draw 放过的胡到自己下次摸牌前不能再胡（番更大除外） / until_draw_strict 打出自己能胡的牌也算过胡 / none 不限",
    "sc_guo_peng": "过碰：放过的碰到自己下次摸牌前不能再碰",
    "sc_kong_draw": "杠后补牌：tail 从牌尾补 / front 从牌墙前面补",
    "sc_last_discard_pong": "最后一张牌打出后还可以碰",
    "sc_fan_cap": "番数封顶（3–8 番或不封顶）",
    "sc_zimo": "自摸加成：add_base 加一底 / add_fan 加一番 / none 不加",
    "sc_zimo_cap_order": "自摸加番与封顶的先后：cap_then_add 先封顶再加 / add_then_cap 先加再封顶",
    "sc_dian_gang_hua": "点杠花的付法：zimo 按自摸付 / dianpao 由点杠者按点炮付",
    "sc_tian_di_hu": "天胡、地胡的番：five 五番 / cap 封顶 / add 在其他番上加 / off 不算",
    "sc_dihu_def": "地胡的定义：first_draw 闲家第一次摸牌自摸 / dealer_first_discard 胡庄家打出的第一张牌",
    "sc_yaojiu_jiangdui": "算幺九和将对",
    "sc_jiang_qidui": "算将七对",
    "sc_menqing_zhongzhang": "算门清和中张",
    "sc_longqidui": "龙七对的番：gen 七对加根 / extra 另列番数",
    "sc_kong_values": "杠钱（底）：2-2-1 暗杠 2、直杠 2、补杠 1 / 1-1-1 都是 1",
    "sc_postponed_bugang_pays": "转手杠（先碰后补的杠）也收杠钱",
    "sc_kong_money_timing": "杠钱何时结算：immediate 开杠时 / hand_end 一手结束时",
    "sc_hujiao_zhuanyi": "呼叫转移：last_kong 转最后一杠的钱 / all_kongs 转全部杠钱 / cancel 只作废 / off 不转",
    "sc_hjzy_multi": "一炮多响时的呼叫转移：each_full 每家全额 / split 平分",
    "sc_huazhu_amount": "查花猪付的钱（底）：cap 封顶番的钱 / 16 / 8",
    "sc_huazhu_payees": "花猪赔给谁：active 没胡的非花猪 / all 其余各家",
    "sc_huazhu_vs_ready": "花猪赔听牌者：none 只赔花猪钱 / plus_tmv 再加听牌最大钱 / max_tmv 取两者大者",
    "sc_chadajiao": "查大叫：流局时未听的赔听牌的",
    "sc_tuishui": "退税：流局时未听的退还杠钱",
    "sc_dealer_multi_ron": "一炮多响后的庄家：discarder 放炮者坐庄 / first_winner 第一个胡的坐庄",
    "sc_dealer_no_winner": "无人胡牌时的庄家：stay 连庄 / next 摸到最后一张者的下家坐庄",
    "sc_first_dealer": "第一手的庄家：random 随机 / seat0 座位 0",
}
#: The worlds the search player samples by default (hook ``search_worlds``, its ``worlds=0``): seat 0 against three
#: greedy minus greedy in seat 0 on the same 2,000 walls of seed 2024, 底/hand: 16 worlds +0.059 [-0.039, 0.157],
#: 32 worlds +0.122 [0.022, 0.222], 64 worlds +0.157 [0.045, 0.269], 32 and 64 in the same time (the futility stop;
#: docs/strategies.md, the search player).
SEARCH_WORLDS = 64
