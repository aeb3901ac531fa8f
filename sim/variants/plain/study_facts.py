"""What the studies and the report need to know of 推倒胡 beyond its rule config (experiments/, reports/), read
through ``sim.variant_facts`` — plain Python, no kernels."""

#: The variant's Chinese name in reports and messages (re-exported as its hooks' ``LABEL``).
LABEL = "推倒胡"
#: Studies that mean nothing under 推倒胡: {study: the one-line reason the report gives}.
SKIPPED_STUDIES = {
    "thirteen_orphans": "推倒胡没有十三幺，也没有拾/抢（docs/rules/plain.md r11）：本研究跳过。",
    "early_ting": "推倒胡不上架，胡牌不需要听牌（docs/rules/plain.md r10）：本研究跳过。",
}
#: No 荒 setting to sweep: the wall is drawn to its last tile (docs/rules/plain.md r3).
HUANG_SWEEP = False
#: Money parts of dealer_edge (experiments.study_dealer_edge.COMPONENTS) this variant never pays: a kong earns
#: nothing (r20), and there is no 前包 or 后包.
ABSENT_MONEY = ("kong", "qianbao", "houbao")
#: The mechanics strategies may play on (sim.variant_facts.MECHANIC_WORDS): none.
MECHANICS: dict[str, str] = {}
#: Why a mechanic is missing here, in this rule set's own words (a strategy needing it is refused with this).
MISSING = {"ting": "推倒胡 has no ting declaration (docs/rules/plain.md r10)",
           "shisanyao": "推倒胡 has no 十三幺 (docs/rules/plain.md r11)"}
#: The report's words: 晋城 word -> this variant's (the reports are written in 晋城's words).
WORDS: dict[str, str] = {}
#: How a kong changes the tiles left before 荒庄 (the 荒庄 reading's kong groups).
KONG_WALL_NOTE = "推倒胡从牌墙尾补杠牌，补的牌出自同一牌墙，所以每杠少摸一张牌"
#: What the 荒庄 reading says instead of a sweep.
NO_SWEEP_NOTE = ("推倒胡把牌墙摸到最后一张（docs/rules/plain.md r3）：没有留牌，也没有荒牌墩数可调，"
                 "所以这里不扫荒牌墩数，只报座位组合的荒庄率。")
#: The win features and shapes this rule set's engine can record (experiments.win_features): 七对, 豪华七对 and 抢杠胡 (sim.variants.plain.wins, docs/rules/plain.md r16). One outside
#: these is not a 0 % here — the game has no such thing — so the studies leave it out and the reports print "–".
WIN_FEATURES = frozenset({"qidui", "haohua_qidui", "qianggang_hu"})
WIN_SHAPES = frozenset({"regular", "qidui"})
#: Where this rule set's rules document starts (the report's citation of the ``variant`` row).
RULES_CITATION = "docs/rules/plain.md §5"
#: Whether this is the control the other rule sets are measured against (experiment=variants, vs_control_* rows).
CONTROL = True
