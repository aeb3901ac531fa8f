"""What the studies and the report need to know of 晋城 beyond its rule config (experiments/, reports/), read through
``sim.variant_facts`` — plain Python, no kernels."""

#: The variant's Chinese name in reports and messages (re-exported as its hooks' ``LABEL``).
LABEL = "晋城"
#: Studies that mean nothing under 晋城: {study: the one-line reason the report gives}.
SKIPPED_STUDIES: dict[str, str] = {}
#: The 荒庄 study sweeps a 荒 setting of this variant (晋城: the 荒 stacks, RULES §1.2 r11).
HUANG_SWEEP = True
#: Money parts of dealer_edge (experiments.study_dealer_edge.COMPONENTS) this variant never pays.
ABSENT_MONEY: tuple[str, ...] = ()
#: The mechanics strategies may play on (sim.variant_facts.MECHANIC_WORDS), each with where it is ruled: a seat
#: declares ting by 上架 (RULES §1.4 r22), and 十三幺 is won with 拾/抢 (RULES §1.5).
MECHANICS = {"ting": "上架 (RULES §1.4 r22)", "shisanyao": "十三幺 with 拾/抢 (RULES §1.5)"}
#: Why a mechanic is missing here, in this rule set's own words (a strategy needing it is refused with this).
MISSING: dict[str, str] = {}
#: The report's words: 晋城 word -> this variant's (the reports are written in 晋城's words).
WORDS: dict[str, str] = {}
#: How a kong changes the tiles left before 荒庄 (the 荒庄 reading's kong groups).
KONG_WALL_NOTE = "每杠多留一墩荒牌"
#: What the 荒庄 reading says when the variant has no 荒 setting to sweep ("" with a sweep).
NO_SWEEP_NOTE = ""
#: The win features and shapes this rule set's engine can record (experiments.win_features): 七对, 十三幺 and 抢杠胡 (sim.variants.jincheng.wins). One outside
#: these is not a 0 % here — the game has no such thing — so the studies leave it out and the reports print "–".
WIN_FEATURES = frozenset({"qidui", "shisanyao", "qianggang_hu"})
WIN_SHAPES = frozenset({"regular", "qidui", "shisanyao"})
#: Where this rule set's rules document starts (the report's citation of the ``variant`` row).
RULES_CITATION = "RULES §1"
#: Whether this is the control the other rule sets are measured against (experiment=variants, vs_control_* rows).
CONTROL = False
#: The worlds the search player samples by default (hook ``search_worlds``, its ``worlds=0``): seat 0 against three
#: greedy minus greedy in seat 0, 底注/hand, 16 worlds +0.019 [-0.011, 0.050], 64 worlds +0.114 [0.080, 0.149]
#: (the same 20,000 walls; docs/strategies.md, the search player); 64 cost about 3x the time of 16 with its
#: futility stop.
SEARCH_WORLDS = 64
