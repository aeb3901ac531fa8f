"""What the studies and the report need to know of 金华 beyond its rule config (experiments/, reports/), read through
``sim.variant_facts`` — plain Python, no kernels."""

#: The variant's Chinese name in reports and messages (re-exported as its hooks' ``LABEL``).
LABEL = "金华"
#: Studies that mean nothing under 金华: {study: the one-line reason the report gives}.
SKIPPED_STUDIES = {
    "thirteen_orphans": "金华没有十三幺，也没有拾/抢（RULES §3.4 r15）：本研究跳过。",
    "early_ting": "金华不上架，胡牌不需要听牌（RULES §3.4 r14）：本研究跳过。",
}
#: No 荒 setting to sweep: 金华's 荒 comes from its fixed reserve (RULES §3.1 r4).
HUANG_SWEEP = False
#: Money parts of dealer_edge (experiments.study_dealer_edge.COMPONENTS) this variant never pays.
ABSENT_MONEY = ("qianbao", "houbao")
#: The mechanics strategies may play on (sim.variant_facts.MECHANIC_WORDS): 爆头 (RULES §3.4 r15); no ting
#: declaration (RULES §3.4 r14: no 上架/报听) and no 十三幺 with 拾/抢.
MECHANICS = {"baotou": "爆头 is a 金华 hand (RULES §3.4 r15)"}
#: Why a mechanic is missing here, in this rule set's own words (a strategy needing it is refused with this).
MISSING = {"ting": "金华 has no 上架 (RULES §3.4 r14)", "shisanyao": "金华 has no 十三幺 nor 拾/抢"}
#: The report's words: 晋城 word -> this variant's (the reports are written in 晋城's words).
WORDS: dict[str, str] = {}
#: How a kong changes the tiles left before 荒庄 (the 荒庄 reading's kong groups).
KONG_WALL_NOTE = "金华留 14 张补杠牌，每次补牌后从活牌墙尾挪一张补足留牌，所以每杠少摸一张活牌"
#: What the 荒庄 reading says instead of a sweep.
NO_SWEEP_NOTE = ("金华的荒庄来自固定的 14 张留牌（RULES §3.1 r4）：能摸的活牌是 68 张减去开杠补的牌，没有荒牌墩数可调，"
                 "所以这里不扫荒牌墩数，只报座位组合的荒庄率。")
#: The win features and shapes this rule set's engine can record (experiments.win_features): its own forms (sim.variants.jinhua._win_shape). One outside
#: these is not a 0 % here — the game has no such thing — so the studies leave it out and the reports print "–".
WIN_FEATURES = frozenset({"qidui", "qingyise", "haidi_laoyue", "qianggang_hu", "hunyise", "baotou", "qifeng",
                          "qingyise_wild", "pinghu"})
WIN_SHAPES = frozenset({"regular", "qidui", "qifeng"})
#: Where this rule set's rules document starts (the report's citation of the ``variant`` row).
RULES_CITATION = "RULES §3"
#: Whether this is the control the other rule sets are measured against (experiment=variants, vs_control_* rows).
CONTROL = False
#: The worlds the search player samples by default (hook ``search_worlds``, its ``worlds=0``): seat 0 against three
#: greedy minus greedy in seat 0, 底注/hand, 16 worlds +0.002 [-0.027, 0.030] (8,000 walls), 64 worlds +0.061
#: [0.031, 0.091] (12,000; docs/strategies.md, the search player); 64 cost about 3x the time of 16 with its
#: futility stop.
SEARCH_WORLDS = 64
