"""greedy under the 晋中 rules (strategies/missing_suit_play.py): 缺一门 discards and the 报听 choice (RULES §2.3 r12,
§2.4 r13, r15), on hands built in the state arrays."""
import numpy as np

from sim import tiles
from sim.core.state import ACT_DISCARD, ACT_SHANGJIA, N_ACTIONS, ST_CURRENT, ST_LAST_DRAWN, new_state
from sim.engine import engine
from sim.hand_tables import get_tables
from sim.variants.jinzhong.config import JinzhongRules

GREEDY_PARAMS = np.array([0, 1, 0, 0, 0, 0, 0, 0], dtype=np.float64)  # pong improves, kong on


def choose(hand: str, shangjia=(), rules=None, policy=("strategies.missing_suit_play", "missing_suit_greedy_self")):
    """Return the action text the kernel ``policy`` ((module, name), bound to the engine of the rules' variant)
    picks for seat 0 holding ``hand`` (14 tiles), discards all legal."""
    rules = rules or JinzhongRules()
    kernel = engine(rules.variant).kernel(*policy)
    wall, hands, frozen, melds, rivers, st, money = new_state()
    hands[0] = tiles.parse(hand)
    st[ST_CURRENT], st[ST_LAST_DRAWN] = 0, int(np.flatnonzero(hands[0])[-1])
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)
    for t in np.flatnonzero(hands[0]):
        mask[ACT_DISCARD + t] = True
    for name in shangjia:
        mask[ACT_SHANGJIA + tiles.kind(name)] = True
    action = kernel(rules.pack(), get_tables(), hands, frozen, melds, rivers, st, mask, 0, GREEDY_PARAMS,
                    np.zeros(34, np.int8))
    kind = "shangjia" if action >= ACT_SHANGJIA else "discard"
    return f"{kind} {tiles.name(action % 34)}"


def test_greedy_gives_up_a_suit():
    """RULES §2.4 r13: 123m456m789m 12p 78s 5z: keeping both partial sets leaves three suits, so under 缺一门 the
    best discard breaks the 饼 or the 条 partial (shanten 1 after it, 2 after the 5z); greedy does so."""
    from sim import hand as hand_api

    assert hand_api.shanten("123m456m789m12p78s", que_yi_men=True) == 2
    assert hand_api.shanten("123m456m789m12p8s5z", que_yi_men=True) == 1
    assert choose("123m456m789m12p78s5z") in ("discard 1p", "discard 2p", "discard 7s", "discard 8s")
    # the situation tells the two apart: 晋城's greedy (plain shanten) throws the 5z
    from sim.rules import RulesConfig

    assert choose("123m456m789m12p78s5z", rules=RulesConfig(), policy=("strategies.greedy", "greedy_self")) == \
        "discard 5z"


def test_winnable_score_counts_self_draw_only_waits_half():
    """RULES §2.4 r15: a rank 3–5 wait only wins by 自摸, so its live copies weigh half a 6–9/honour wait's."""
    rule_vec = JinzhongRules().pack()
    winnable_score = engine("jinzhong").kernel("strategies.missing_suit_play", "winnable_score")  # reads the hooks
    seen = np.zeros(34, np.int8)
    from sim.core.ting import live_planes

    planes = live_planes(seen)
    three_m, six_m = np.int64(1) << tiles.kind("3m"), np.int64(1) << tiles.kind("6m")
    assert winnable_score(rule_vec, three_m, planes) == 4 and winnable_score(rule_vec, six_m, planes) == 8
    off = JinzhongRules().replace(jz_point_limit=False).pack()
    assert winnable_score(off, three_m, planes) == 8


def test_greedy_baotings_on_the_most_live_winnable_waits():
    """RULES §2.3 r12, §2.4 r15: from 2345m…6z greedy may 报听 throwing 6z (waits 2m/5m), 2m or 5m (a 6z tanki).
    Under the point limit 2m never wins and 5m only by 自摸, so the 6z tanki wins the choice; without it the
    two-sided wait does."""
    hand = "2345m123p456p789p6z"
    options = ("2m", "5m", "6z")
    assert choose(hand, shangjia=options) == "shangjia 2m"
    assert choose(hand, shangjia=options, rules=JinzhongRules().replace(jz_point_limit=False)) == "shangjia 6z"
