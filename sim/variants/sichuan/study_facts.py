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
