"""Decision states of a searching seat for the search-player tests: Games stopped where seat 0 must decide."""
import numpy as np

from sim.core import state as S
from sim.game import Game
from strategies.search.candidates import GREEDY_PARAMS
from strategies.search.scratch import new_search_scratch


def greedy_code(g, seat):
    """Return the ACT_* code greedy plays for ``seat`` in Game ``g`` (the search player's first candidate)."""
    mask = np.zeros(S.N_ACTIONS, dtype=np.bool_)
    greedy_choice = g._engine.kernel("strategies.search.candidates", "greedy_choice")  # bound to g's variant
    return int(greedy_choice(g._rule_vec, g._tables, g._scan_tables, g._hands, g._frozen, g._melds, g._rivers, g._st,
                             seat, GREEDY_PARAMS, mask, np.zeros(34, np.int8), np.zeros(34, np.int8),
                             np.zeros(34, np.int64), np.zeros(4, np.int64), np.zeros(2, np.uint64)))


def apply_code(g, seat, code):
    """Apply ACT_* ``code`` of ``seat`` in ``g`` as the hand loop does (g's engine's kernels)."""
    state = (g._rule_vec, g._tables, g.wall, g._hands, g._frozen, g._melds, g._rivers, g._st, g._money, g._events)
    if g._st[S.ST_PHASE] == S.PHASE_SELF:
        g._engine.apply_self(*state, code)
    else:
        g._st[S.ST_STEPS] += 1
        g._engine.apply_claim(*state, seat, code)


def decision_states(variant, seed, hands, every=1, want=None):
    """Yield copies of Games (seat 0 scripted, the others greedy) at seat 0's decisions, every ``every``-th one, over
    hands ``0..hands-1`` of run ``seed``; seat 0 plays greedy. ``want(g)`` filters the states yielded."""
    for hand in range(hands):
        g = Game(variant, seats=[None, "greedy", "greedy", "greedy"], seed=seed, hand_index=hand)
        count = 0
        while g.advance() == 0:
            if count % every == 0 and (want is None or want(g)):
                yield g.copy()
            count += 1
            apply_code(g, 0, greedy_code(g, 0))


def opponents_declared(g):
    """Return True when some seat other than 0 has declared 上架/报听."""
    return any(g._st[S.ST_TING + s] == 1 for s in (1, 2, 3))


def world_arrays():
    """Return fresh (world, roll, work) scratch of the search player."""
    return new_search_scratch()
