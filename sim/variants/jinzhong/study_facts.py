"""What the studies and the report need to know of 晋中 beyond its rule config (experiments/, reports/), read through
``sim.variant_facts`` — plain Python, no kernels."""

#: The variant's Chinese name in reports and messages (re-exported as its hooks' ``LABEL``).
LABEL = "晋中"
#: Studies that mean nothing under 晋中: {study: the one-line reason the report gives}.
SKIPPED_STUDIES: dict[str, str] = {}
#: The 荒庄 study sweeps a 荒 setting of this variant (晋中: the dead wall and the point limit).
HUANG_SWEEP = True
#: Money parts of dealer_edge (experiments.study_dealer_edge.COMPONENTS) this variant never pays.
ABSENT_MONEY = ("qianbao", "houbao")
#: A seat may declare ting (晋中 报听).
MECHANICS = {"ting": "报听 (RULES §2.3 r9)", "shisanyao": "十三幺 (RULES §2.4 r14)"}
#: Why a mechanic is missing here, in this rule set's own words (a strategy needing it is refused with this).
MISSING: dict[str, str] = {}


def missing_under(rules) -> dict[str, str]:
    """Return {mechanic: why} of what ``rules`` (its config) takes away: 十三幺 needs honors, and the jz_tiles=108
    wall has none (RULES §2.1 r1)."""
    if getattr(rules, "jz_tiles", 136) == 108:
        return {"shisanyao": "十三幺 needs honors and the jz_tiles=108 wall has none (RULES §2.1 r1)"}
    return {}
#: The report's words: 晋城 word -> this variant's (the reports are written in 晋城's words).
WORDS = {"上架": "报听"}
#: How a kong changes the tiles left before 荒庄 ("": the sweep's cells say it).
KONG_WALL_NOTE = ""
#: What the 荒庄 reading says when the variant has no 荒 setting to sweep ("" with a sweep).
NO_SWEEP_NOTE = ""
#: The win features and shapes this rule set's engine can record (experiments.win_features): every shared feature bit (sim.variants.jinzhong._win_features). One outside
#: these is not a 0 % here — the game has no such thing — so the studies leave it out and the reports print "–".
WIN_FEATURES = frozenset({"qidui", "haohua_qidui", "pengpeng", "qingyise", "jiulian", "shisanyao", "tianhu", "dihu",
                          "gangshang_kaihua", "haidi_laoyue", "qianggang_hu"})
WIN_SHAPES = frozenset({"regular", "qidui", "shisanyao"})
#: Where this rule set's rules document starts (the report's citation of the ``variant`` row).
RULES_CITATION = "RULES §2"
#: Whether this is the control the other rule sets are measured against (experiment=variants, vs_control_* rows).
CONTROL = False
#: The worlds the search player samples by default (hook ``search_worlds``, its ``worlds=0``): 晋中's rollouts are the
#: slowest (at 64 worlds one search seat played 9.8 hands/s before the futility stop, at 32 it plays 24.4 and four
#: 6.04 on a core); seat 0 against three greedy minus greedy in seat 0, 底注/hand, 16 worlds +0.064 [0.019, 0.109],
#: 32 worlds +0.167 [0.120, 0.214] (the same 20,000 walls; docs/strategies.md, the search player).
SEARCH_WORLDS = 32
