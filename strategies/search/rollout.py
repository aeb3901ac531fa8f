"""The search decision: candidates, worlds, rollouts with the engine's hand loop — compiled kernels.

``search_action`` returns the candidate (strategies/search/candidates.py) with the highest summed money of the seat
over ``worlds`` sampled worlds (strategies/search/sampler.py), the same worlds for every candidate; ties go to the
earlier candidate (greedy's choice first), so when every world is refused (the sampler's -1) greedy's choice stays. Each rollout copies the world into scratch arrays, applies the
candidate as the hand loop applies a decision (``apply_self``, or ``st[ST_STEPS] += 1`` and ``apply_claim``) and
plays the rest of the hand with ``sim.core.turn.run_until`` and four greedy seats. In a claim window the seats
asked before the searching seat answer first, in each world, as greedy (their true answers are not seen).

``_decider(leak, stage)`` is the factory; ``stage`` (compile-time) is STAGE_ALL in play, and the timing
variants of benchmarks/search_speed.py stop after sampling (STAGE_SAMPLE) or after copying and applying
(STAGE_COPY) and then return greedy's choice.
"""
import numpy as np
from numba import njit

from sim.core.apply import apply_self
from sim.core.claims import apply_claim
from sim.core.state import PHASE_CLAIM, PHASE_SELF, ST_PHASE, ST_STEPS
from sim.core.turn import run_until
from strategies.search.candidates import rank_candidates
from strategies.search.sampler import leaky_sample_world, sample_world
from strategies.search.streams import seed_search_generator

STAGE_ALL = 0
STAGE_SAMPLE = 1
STAGE_COPY = 2


@njit(cache=True, inline='always')
def _copy_rows(src, dst):
    """Copy the 2-D array ``src`` into ``dst`` element by element (a slice assignment may allocate)."""
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            dst[i, j] = src[i, j]


@njit(cache=True, _nrt=False)
def copy_state(wall, hands, frozen, melds, rivers, st, money, rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney):
    """Copy one state's arrays into another's (r*); returns nothing."""
    for i in range(wall.shape[0]):
        rwall[i] = wall[i]
    for i in range(st.shape[0]):
        rst[i] = st[i]
    _copy_rows(hands, rhands)
    _copy_rows(frozen, rfrozen)
    _copy_rows(melds, rmelds)
    _copy_rows(rivers, rrivers)
    _copy_rows(money, rmoney)


@njit(cache=True, _nrt=False)
def seat_money(money, seat):
    """Return the seat's money over every ledger row (底注)."""
    total = 0
    for row in range(money.shape[0]):
        total += money[row, seat]
    return total


def _decider(leak, stage):
    """Return the compiled ``search_action``; ``leak`` (compile-time) samples with the deliberately peeking
    ``leaky_sample_world`` (tests only), ``stage`` is compile-time too (module docstring). Both are plain values:
    a compiled kernel captured by a closure would defeat numba's cache (its key holds a per-process id)."""
    @njit(cache=True, _nrt=True)
    def search_action(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat, n_worlds,
                      max_candidates, world, roll, work):
        """Return the ACT_* of ``seat`` (whose decision is due in the given state) chosen by search; ``world``,
        ``roll`` and ``work`` come from strategies.search.scratch.new_search_scratch. The state is not changed."""
        (events, rngs, ids, params, no_script, me_script, mask, remaining, seen, tracks, after_shanten, after_useful,
         floors, pool, tiles, avail, build, segs, cands, sums, rng) = work
        wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney = world
        rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney = roll
        n = rank_candidates(rule_vec, tables, scan_tables, hands, frozen, melds, rivers, st, seat, params[seat],
                            max_candidates, cands, mask, remaining, seen, after_shanten, after_useful, floors, rng)
        if n == 1:
            return cands[0]
        seed_search_generator(rng, st, seat)
        sums[:] = 0
        for _ in range(n_worlds):
            if leak:
                placed = leaky_sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, seat, rng,
                                            wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, pool, tiles, avail,
                                            build, segs, seen)
            else:
                placed = sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, seat, rng, wwall,
                                      whands, wfrozen, wmelds, wrivers, wst, wmoney, pool, tiles, avail, build, segs,
                                      seen)
            if placed < 0 or stage == STAGE_SAMPLE:  # a refused world is not played
                continue
            if wst[ST_PHASE] == PHASE_CLAIM:  # the seats asked before this one answer as greedy
                me_script[:] = False
                me_script[seat] = True
                run_until(rule_vec, tables, scan_tables, wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, events,
                          rngs, ids, params, me_script, mask, seen, tracks, after_shanten, after_useful, floors)
            start = seat_money(wmoney, seat)
            for c in range(n):
                copy_state(wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, rwall, rhands, rfrozen, rmelds,
                           rrivers, rst, rmoney)
                if rst[ST_PHASE] == PHASE_SELF:
                    apply_self(rule_vec, tables, rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney, events,
                               cands[c])
                else:
                    rst[ST_STEPS] += 1
                    apply_claim(rule_vec, tables, rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney, events, seat,
                                cands[c])
                if stage == STAGE_ALL:
                    run_until(rule_vec, tables, scan_tables, rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney,
                              events, rngs, ids, params, no_script, mask, seen, tracks, after_shanten, after_useful,
                              floors)
                sums[c] += seat_money(rmoney, seat) - start
        if stage != STAGE_ALL:
            return cands[0]
        best = 0
        for c in range(1, n):
            if sums[c] > sums[best]:
                best = c
        return cands[best]

    return search_action


#: search_action(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat, n_worlds,
#: max_candidates, world, roll, work): the production decision (``_decider(False, STAGE_ALL)``)
search_action = _decider(False, STAGE_ALL)
#: the timing variants of benchmarks/search_speed.py (compiled only when used): stop after sampling / after copying
sample_only_action = _decider(False, STAGE_SAMPLE)
copy_only_action = _decider(False, STAGE_COPY)
#: the deliberately peeking decision of the no-peek test (compiled only when used)
leaky_search_action = _decider(True, STAGE_ALL)
