"""The information boundary: every registered strategy decides from its seat's view only. Each decision state of real
hands (every rule set, claim windows, declared seats, 暗杠, non-default flags) gets a twin the deciding seat sees
identically with every hidden fact drawn again (tests/twin_states.py); every strategy must take the same action on
both, and the search player must also reach the same sum of money per candidate. The checks can fail: samplers
broken in each way the issue names are caught (test_broken_samplers_are_caught)."""
import numpy as np
import pytest

import twin_states as T
from sim.core import state as S
from sim.core.turn import new_loop_scratch
from sim.seat_plan import REGISTRY, rule_refusals
from sim.table_engines import table_kernels
from strategies.search.scratch import new_search_scratch

SEED = 23
#: (hands, every) of the states per combination: at least 200 decision points each
PLAY = {"jincheng": (12, 1), "jincheng-flags": (12, 1), "jinzhong": (16, 1), "jinzhong-flags": (16, 1),
        "jinhua": (30, 1), "plain": (20, 1), "sichuan": (14, 1)}
MIN_POINTS = 200


def loop_strategies(rules):
    """Return the registered strategies the hand loop plays that ``rules`` does not refuse (the search player
    decides outside it and has its own test below)."""
    refused = rule_refusals(rules)
    return [n for n, spec in REGISTRY.items() if n not in refused and spec.policy is not None]


class Decider:
    """A strategy's decisions at seat 0 on any state of one rule set, through the hand loop's own dispatch."""

    def __init__(self, rules, name):
        self.engine, self.ids, self.params, _ = table_kernels(rules.variant, [_config(name), None, None, None])
        self.decide = self.engine.kernel("twin_decide", "loop_decision")
        self.scratch = new_loop_scratch()

    def __call__(self, g):
        """Return (action, the seat's generator after it) of seat 0 in Game ``g`` (not changed)."""
        board = (g.wall.copy(), g._hands.copy(), g._frozen.copy(), g._melds.copy(), g._rivers.copy(), g._st.copy(),
                 g._money.copy())
        rngs = g._rngs.copy()
        action = int(self.decide(g._rule_vec, g._tables, g._scan_tables, board, rngs, self.ids, self.params,
                                 self.scratch))
        return action, rngs[0].tolist()

    def loop_agrees(self, g, action):
        """True when applying ``action`` and letting the loop go on gives the state the loop itself reaches."""
        scripted = np.array([False, True, True, True])
        states = []
        for first in (action, None):
            h = g.copy()
            if first is not None:
                self.decide(h._rule_vec, h._tables, h._scan_tables, _board(h), h._rngs, self.ids, self.params,
                            self.scratch)
                T.apply_code(h, 0, first)
            self.engine.run_until(h._rule_vec, h._tables, h._scan_tables, _board(h), h._events, h._rngs, self.ids,
                                  self.params, scripted, self.scratch)
            states.append(_board(h) + (h._rngs,))
        return all(np.array_equal(a, b) for a, b in zip(*states))


def _config(name):
    from sim.strategy_registry import parse_seat
    return parse_seat(name)


def _board(g):
    return g.wall, g._hands, g._frozen, g._melds, g._rivers, g._st, g._money


_STATES = {}


def states(combo):
    """Return [(state, twin, places changed)] of ``combo`` (cached for the module)."""
    if combo not in _STATES:
        hands, every = PLAY[combo]
        rng = np.random.default_rng(SEED)
        out = []
        for g in T.decision_states(T.COMBOS[combo], SEED, hands, every):
            h, changed = T.twin(g, 0, rng)
            out.append((g, h, changed))
        _STATES[combo] = out
    return _STATES[combo]


def coverage(pairs):
    """Return counts of what the states cover."""
    st = [g._st for g, _, _ in pairs]
    return {
        "points": len(pairs),
        "claim": sum(s[S.ST_PHASE] == S.PHASE_CLAIM for s in st),
        "declared": sum(any(s[S.ST_TING + k] == 1 for k in (1, 2, 3)) for s in st),
        "angang": sum(len(T.hidden_angangs(g, 0)) > 0 for g, _, _ in pairs),
        "changed": sum(c > 0 for _, _, c in pairs),
    }


@pytest.mark.parametrize("combo", list(T.COMBOS))
def test_every_loop_strategy_decides_the_same_on_twins(combo):
    pairs = states(combo)
    cover = coverage(pairs)
    assert cover["points"] >= MIN_POINTS and cover["changed"] >= 0.95 * cover["points"] and cover["claim"] >= 10
    rules = pairs[0][0].rules
    for name in loop_strategies(rules):
        decide = Decider(rules, name)
        for i, (g, h, _) in enumerate(pairs):
            a = decide(g)
            if i % 8 == 0:
                assert decide.loop_agrees(g, a[0]), (name, i)
            assert a == decide(h), (combo, name, i)


#: the search player's twin check: states per combination (those with a real choice among the first), worlds,
#: candidates (few worlds keep it bounded; the check is the same for any number)
SEARCH_STATES = 24
SEARCH_WORLDS = 6
SEARCH_CANDIDATES = 3


def search_decision(g, sampler="search_action"):
    """Return (action, per-candidate sums of money, candidates, worlds played) of a search seat 0 in Game ``g``
    (``sampler``: the decision kernel of strategies.search.rollout); ``g`` is not changed."""
    world, roll, work = new_search_scratch()
    decide = g._engine.kernel("strategies.search.rollout", sampler)  # rollouts: g's greedy seats, slot 0
    action = int(decide(g._rule_vec, g._tables, g._scan_tables, g.wall, g._hands, g._frozen, g._melds, g._rivers,
                        g._st, g._money, 0, SEARCH_WORLDS, SEARCH_CANDIDATES, 1, world, roll, work))
    return action, work[19].tolist(), work[18].tolist(), int(work[23][0])


def searched_pairs(combo):
    """Return the first SEARCH_STATES (state, twin) pairs of ``combo`` where the search plays worlds."""
    out = []
    for g, h, _ in states(combo):
        if search_decision(g)[3] > 0:
            out.append((g, h))
        if len(out) == SEARCH_STATES:
            break
    return out


@pytest.mark.slow
@pytest.mark.parametrize("combo", list(T.COMBOS))
def test_search_decides_and_sums_the_same_on_twins(combo):
    pairs = searched_pairs(combo)
    assert len(pairs) == SEARCH_STATES
    for i, (g, h) in enumerate(pairs):
        assert search_decision(g) == search_decision(h), (combo, i)


@pytest.mark.parametrize("combo", ["jincheng", "jinhua"])
def test_the_python_observation_is_the_same_on_twins(combo):
    """Game.observation(seat) shows nothing hidden: in a claim window the discarder's just-drawn tile (changed in
    the twin) is not there, nor the other seats' tiles or 暗杠 kinds."""
    pairs = states(combo)
    drawn_differs = sum(g._st[S.ST_PHASE] == S.PHASE_CLAIM and g._st[S.ST_LAST_DRAWN] != h._st[S.ST_LAST_DRAWN]
                        for g, h, _ in pairs)
    assert drawn_differs >= 10
    for g, h, _ in pairs:
        assert g.observation(0) == h.observation(0)
