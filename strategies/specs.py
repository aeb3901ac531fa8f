"""The strategies this package registers (its entry point in the group ``mahjong_rules_lab.strategies``, read by
sim.strategy_registry): each names its policy module and its parameters — plain Python.

Adding a strategy here is one entry in ``SPECS`` beside its modules; a package outside this one lists its own specs
under its own entry point the same way.
"""
from sim.strategy_registry import StrategySpec

_GREEDY_PARAMS = (("pong", "improves"), ("kong", True))  # greedy's pong/kong first, so its kin share its columns
#: greedy's ``dingque``: the suit it declares void is the one it holds the fewest / middle / most tiles of (index =
#: the rank, strategies/dingque.py ``ranked_suit``)
DINGQUE_CHOICES = ("fewest", "middle", "most")
#: the search player's rollout strategy by default: its spec's ``rollout`` and its ``rollout`` parameter's default
SEARCH_ROLLOUT = "greedy"
_SEARCH_MODULES = tuple(f"strategies.search.{name}" for name in (
    "batch", "rollout", "candidates", "sampler", "view", "ready_hands", "opponent_hands"))

#: every strategy of this package
SPECS = (
    StrategySpec("random", "strategies.seats.random", doc="uniform over legal actions; 上架 whenever allowed"),
    StrategySpec(
        "greedy", "strategies.seats.greedy",
        defaults=_GREEDY_PARAMS + (("dingque", DINGQUE_CHOICES[0]),),
        choices={"pong": ("improves", "always", "never"), "dingque": DINGQUE_CHOICES},
        doc="minimise shanten, ties by live useful tiles; 上架 at first tenpai on the most live waits; declares void "
            "the suit it holds `dingque` (fewest, middle, most) tiles of, where the rules declare one",
    ),
    StrategySpec(
        "early_ting", "strategies.seats.greedy", defaults=_GREEDY_PARAMS,
        choices={"pong": ("improves", "always", "never")}, needs=("ting",),
        doc="上架 at the first tenpai (the greedy policy, named for the early-ting study)",
    ),
    StrategySpec(
        "selective_ting", "strategies.seats.selective_ting",
        defaults=_GREEDY_PARAMS + (("min_live_waits", 5), ("give_up_turn", 10)),
        choices={"pong": ("improves", "always", "never")},
        ranges={"min_live_waits": (1, 136), "give_up_turn": (0, 136)}, needs=("ting",),
        doc="greedy, but 上架 only with >= min_live_waits live wait copies or from own turn give_up_turn",
    ),
    StrategySpec(
        "thirteen_orphans", "strategies.seats.thirteen_orphans",
        defaults=_GREEDY_PARAMS + (("min_distinct", 9),),
        choices={"pong": ("improves", "always", "never")},
        ranges={"min_distinct": (0, 13)}, needs=("shisanyao",),
        doc="chase 十三幺 with 拾 and one 抢 when dealt >= min_distinct distinct 幺九/字 kinds, else greedy",
    ),
    StrategySpec(
        "defensive", "strategies.seats.defensive",
        defaults=_GREEDY_PARAMS + (("fold_shanten", 2),),
        choices={"pong": ("improves", "always", "never")},
        ranges={"fold_shanten": (0, 8)}, needs=("ting",),
        doc="greedy, but once an opponent has 上架 and own shanten >= fold_shanten, discard the safest tile",
    ),
    StrategySpec(
        "baotou", "strategies.seats.baotou",
        defaults=_GREEDY_PARAMS + (("min_live_tiles", 4),),
        choices={"pong": ("improves", "always", "never")},
        ranges={"min_live_tiles": (0, 68)}, needs=("baotou",),
        doc="金华 greedy, but while more than min_live_tiles live tiles are left it declines plain wins to self-draw "
            "爆头: a 捉冲 when 爆头-ready, a plain 自摸 one discard from 爆头-ready",
    ),
    StrategySpec(
        "learned", "strategies.seats.learned",
        defaults=(("model", "default"),), choices={"model": ("default",)},
        requires="strategies.learned.models:refusal",
        fingerprint="strategies.learned.models:fingerprint",
        doc="the legal action a small model, fitted to the search player's values per candidate, scores highest "
            "(strategies/learned; the rule set's model file in strategies/learned_models)",
    ),
    StrategySpec(
        "search", None,
        defaults=(("worlds", 0), ("candidates", 4), ("extend", 1), ("rollout", SEARCH_ROLLOUT)),
        choices={"rollout": ("greedy", "learned")},
        ranges={"worlds": (0, 256), "candidates": (1, 16), "extend": (1, 16)},
        doc="at each real choice, greedy's best `candidates` actions played out by `rollout` seats (greedy or "
            "learned) on `worlds` samples of what the seat cannot see (0: the variant's default, 64 under 晋城, 金华 "
            "and 四川, 32 under 晋中, 16 under 推倒胡), up to `extend` times as many for a close call (strategies/search); "
            "candidates=1 plays as greedy",
        rollout=SEARCH_ROLLOUT,  # strategies/search/scratch.py: the rollouts play policy slot 0
        drivers={"batch": "strategies.search.batch:play_hands_search", "step": "strategies.search.batch:search_step",
                 "scratch": "strategies.search.scratch:new_search_scratch"},
        kernel_modules=_SEARCH_MODULES,
    ),
)
