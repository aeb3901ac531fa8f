"""The information boundary: every registered strategy decides from its seat's view only. Each decision state of real
hands (every rule set, claim windows, declared seats, 暗杠, non-default flags) gets a twin the deciding seat sees
identically with every hidden fact drawn again (tests/twin_states.py); every strategy must take the same action on
both, and the search player must also reach the same sum of money per candidate. The checks can fail: samplers
broken in each way the issue names are caught (test_broken_samplers_are_caught)."""
import numpy as np
import pytest

import twin_states as T
from sim.core import state as S
from sim.core.melds import meld_slot
from sim.core.turn import new_loop_scratch
from sim.seat_plan import REGISTRY, rule_refusals
from sim.table_engines import table_kernels
from strategies.search.scratch import new_search_scratch

SEED = 23
#: (hands, every) of the states per combination: at least 200 decision points each
PLAY = {"jincheng": (12, 1), "jincheng-flags": (12, 1), "jinzhong": (16, 1), "jinzhong-flags": (16, 1),
        "jinhua": (30, 1), "plain": (20, 1), "sichuan": (14, 1)}  # T.COMBOS keeps the registered rule sets
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


def search_decision(g, sampler="search_action", worlds=SEARCH_WORLDS):
    """Return (action, per-candidate sums of money, candidates, worlds played) of a search seat 0 in Game ``g`` on
    ``worlds`` worlds (``sampler``: the decision kernel of strategies.search.rollout); ``g`` is not changed."""
    world, roll, work = new_search_scratch()
    decide = g._engine.kernel("strategies.search.rollout", sampler)  # rollouts: g's greedy seats, slot 0
    action = int(decide(g._rule_vec, g._tables, g._scan_tables, g.wall, g._hands, g._frozen, g._melds, g._rivers,
                        g._st, g._money, 0, worlds, SEARCH_CANDIDATES, 1, world, roll, work))
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


def sampled_worlds(g, n, sampler="sample_world"):
    """Return [(placed, copies of the world arrays)] of the first ``n`` worlds the search of seat 0 in Game ``g``
    draws (its view-keyed stream; ``sampler``: a kernel of strategies.search.sampler); ``g`` is not changed."""
    public_world = g._engine.kernel("strategies.search.view", "public_world")
    seed_view = g._engine.kernel("strategies.search.streams", "seed_view_generator")
    sample = g._engine.kernel("strategies.search.sampler", sampler)
    world, _, work = new_search_scratch()
    pool, tiles, avail, build, segs, rng, shanten = work[13], work[14], work[15], work[16], work[17], work[20], work[21]
    public_world(g._rule_vec, g.wall, g._hands, g._frozen, g._melds, g._rivers, g._st, g._money, 0, *world)
    seed_view(rng, *world, 0)
    out = []
    for _ in range(n):
        placed = int(sample(g._rule_vec, g._tables, g.wall, g._hands, g._frozen, g._melds, g._rivers, g._st, g._money,
                            0, rng, *world, pool, tiles, avail, build, segs, np.zeros(34, np.int8), shanten))
        out.append((placed, [a.copy() for a in world]))
    return out


def same_worlds(a, b):
    return all(pa == pb and all(np.array_equal(x, y) for x, y in zip(wa, wb)) for (pa, wa), (pb, wb) in zip(a, b))


@pytest.mark.parametrize("combo", ["jincheng", "jinzhong", "jinhua", "sichuan"])
def test_the_sampled_worlds_are_the_same_on_twins(combo):
    """Every array of the search's first worlds (wall, hands, melds, state, ...) is the same on both twins."""
    for i, (g, h, _) in enumerate(states(combo)):
        assert same_worlds(sampled_worlds(g, 2), sampled_worlds(h, 2)), (combo, i)


def refuses(g, worlds):
    """True when the honest sampler refuses some of the first ``worlds`` worlds of seat 0's search in ``g``."""
    return any(placed < 0 for placed, _ in sampled_worlds(g, worlds))


def declared_hands_differ(g, h):
    """True when some other seat of ``g`` declared and holds other tiles in the twin ``h``."""
    return any(g._st[S.ST_TING + s] == 1 and (g._hands[s] != h._hands[s]).any() for s in (1, 2, 3))


def angang_kinds_differ(g, h):
    """True when some other seat's 暗杠 is of another kind in the twin ``h``."""
    return any(g._st[meld_slot(s, i) + S.REC_TILE] != h._st[meld_slot(s, i) + S.REC_TILE]
               for s, i in T.hidden_angangs(g, 0))


#: each broken sampler mode (strategies/search/sampler.py BROKEN_*: its sampler kernel and the decision kernel of
#: strategies/search/rollout.py sampling with it) with the combinations whose twin states it is tried on, the states
#: its break matters in (``matters(state, twin)``), the worlds per check and how many such states are tried (the
#: first ones); 31 worlds: all of them are drawn (the futility stop comes in from 32)
BROKEN = {
    "leaky": (("jincheng",), lambda g, h: True, SEARCH_WORLDS, 8),
    "true_fallback": (("jinzhong", "jinzhong-flags"), lambda g, h: declared_hands_differ(g, h) and refuses(g, 31),
                      31, 5),
    "true_declared": (("jincheng", "jinzhong"), declared_hands_differ, SEARCH_WORLDS, 5),
    "true_angang": (("jincheng", "jinzhong", "jinhua"), angang_kinds_differ, SEARCH_WORLDS, 5),
}


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(BROKEN))
def test_broken_samplers_are_caught(mode):
    """A sampler that peeks in one of the ways the issue names (the true hands when no ready hand is found, the
    declared seats' true hands, the true 暗杠 kinds; or a stream mixed with the true tiles) fails the twin check of
    the worlds on every state where its break matters, and that of the search's decision (action and sums per
    candidate) on most of them (the fallback's: on states where some world is refused, the worlds differ but the
    sums may not, e.g. when every rollout ends in the same 荒庄); the honest search passes both there."""
    combos, matters, worlds, limit = BROKEN[mode]
    tried = worlds_caught = decisions_caught = 0
    for combo in combos:
        for g, h, changed in states(combo):
            if tried == limit:
                break
            if changed == 0 or not matters(g, h):
                continue
            tried += 1
            assert same_worlds(sampled_worlds(g, worlds), sampled_worlds(h, worlds))
            sampler = f"{mode}_sample_world"
            worlds_caught += not same_worlds(sampled_worlds(g, worlds, sampler), sampled_worlds(h, worlds, sampler))
            assert search_decision(g, worlds=worlds) == search_decision(h, worlds=worlds)
            decide = f"{mode}_search_action"
            decisions_caught += search_decision(g, decide, worlds) != search_decision(h, decide, worlds)
    print(mode, "caught on", worlds_caught, "(worlds) and", decisions_caught, "(decisions) of", tried, "states")
    assert tried >= 3 and worlds_caught == tried
    if mode != "true_fallback":
        assert decisions_caught >= (tried + 1) // 2
