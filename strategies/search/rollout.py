"""The search decision: candidates, worlds, rollouts with the engine's hand loop — compiled kernels.

``search_action`` plays each candidate (strategies/search/candidates.py) on ``worlds`` sampled worlds
(strategies/search/sampler.py), the same worlds for every candidate, and returns the one with the highest mean
money of the seat among those that beat greedy's choice (the first candidate) by more than CONFIDENCE_Z standard
errors of their paired differences; else greedy's choice (also when every world is refused, the sampler's -1).
Successive halving: after the first 6 of 16 worlds only greedy's choice and the best other are played on the rest;
a contested decision (EXTEND_Z) goes on with those two up to ``extend`` times the worlds. With 32 worlds or more
(the rule set's default, hook ``search_worlds``: 64 under 晋城 and 金华, 32 under 晋中), a decision where no other candidate is ahead of greedy's choice at that point stops there
(FUTILITY_Z). Each rollout copies the world into scratch arrays, applies the
candidate as the hand loop applies a decision (``apply_self``, or ``st[ST_STEPS] += 1`` and ``apply_claim``) and
plays the rest of the hand with ``sim.core.turn.run_until`` and four seats of the rollout policy (policy slot 0:
greedy, or learned for ``search{rollout=learned}``). In a claim window the seats asked before the searching seat
answer first, in each world, as the rollout policy (their true answers are not seen).

``_decider(broken, stage)`` is the factory; ``broken`` (compile-time) picks the sampler (strategies/search/sampler.py:
SAMPLE_HONEST in play, a BROKEN_* mode in the tests that show the twin test catches it); ``stage`` (compile-time) is
STAGE_ALL in play, and the timing
variants of benchmarks/search_speed.py stop after sampling (STAGE_SAMPLE) or after copying and applying
(STAGE_COPY) and then return greedy's choice.
"""
import numpy as np
from numba import njit

from sim.core.apply import apply_self
from sim.core.claims import apply_claim
from sim.core.slots import hooks
from sim.core.state import PHASE_CLAIM, PHASE_SELF, ST_PHASE, ST_STEPS
from sim.core.turn import run_until
from strategies.search.candidates import rank_candidates
from strategies.search.sampler import (
    BROKEN_LEAK, BROKEN_TRUE_ANGANG, BROKEN_TRUE_DECLARED, BROKEN_TRUE_FALLBACK, SAMPLE_HONEST, leaky_sample_world,
    sample_world, true_angang_sample_world, true_declared_sample_world, true_fallback_sample_world,
)
from strategies.search.streams import seed_view_generator
from strategies.search.view import public_world

#: successive halving: after HALVING_NUM / HALVING_DEN of the worlds (6 of 16), only the best FINALISTS candidates
#: are played on the other worlds; the choice is the best of them over every world (64 rollouts become 44)
HALVING_NUM = 3
HALVING_DEN = 8
HALVING_MIN_WORLDS = 4
FINALISTS = 2  # greedy's choice and the best other
#: another candidate replaces greedy's choice only when its mean gain over it on the same worlds exceeds
#: CONFIDENCE_Z standard errors of the paired differences: rollouts assume greedy play afterwards, and noise-driven
#: deviations (deferring a 上架, passing a win) repeated decision after decision cost far more than they showed
CONFIDENCE_Z = 2.0
#: a contested decision — the best other candidate's paired gain over greedy's choice is above EXTEND_Z standard
#: errors after ``worlds`` worlds, but not above CONFIDENCE_Z — goes on with greedy's choice and that candidate
#: alone up to ``extend`` times the worlds (the registry's ``search{extend=N}``, default 1: off) and is decided there; a clear or
#: an idle decision stops at ``worlds``. Power where it pays: a 1.5-standard-error gain at 16 worlds is 3 at 64
EXTEND_Z = 1.0
#: futility: with FUTILITY_MIN_WORLDS worlds or more, a decision where no other candidate's mean paired gain over
#: greedy's choice is above FUTILITY_Z standard errors after the first HALVING_NUM / HALVING_DEN of the worlds (24
#: of 64) stops there with greedy's choice: the rest of the worlds would rarely lift it to CONFIDENCE_Z. Under 16
#: worlds the first 6 are too few to call it, so the 16-world default plays on as before
FUTILITY_MIN_WORLDS = 32
FUTILITY_Z = 0.0

#: the worlds of ``search{worlds=0}`` (the registry's default) are the rule set's: its hook ``search_worlds``, from
#: its ``SEARCH_WORLDS`` fact (sim/variants/<name>/study_facts.py, with the measured gains that chose it), 16 where
#: a rule set declares none (sim.core.hook_defaults)

STAGE_ALL = 0
STAGE_SAMPLE = 1
STAGE_COPY = 2


@njit(cache=True, inline='always')
def resolve_worlds(rule_vec, worlds):
    """Return the worlds a decision samples: ``worlds``, or for 0 (the registry's default) the rule set's default
    (hook ``search_worlds``)."""
    if worlds > 0:
        return worlds
    return hooks.search_worlds(rule_vec)


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
def _keep_best(cands, sums, squares, n, keep):
    """Keep greedy's candidate (the first) and the ``keep`` - 1 others with the highest ``sums`` (ties to the
    earlier) at the front of ``cands`` / ``sums`` / ``squares``, in their original order; returns ``keep``."""
    for _ in range(n - keep):  # drop the worst other (ties: the later one) until ``keep`` are left
        worst = 1
        for c in range(2, n):
            if sums[c] <= sums[worst]:
                worst = c
        for c in range(worst, n - 1):
            cands[c] = cands[c + 1]
            sums[c] = sums[c + 1]
            squares[c] = squares[c + 1]
        n -= 1
    return keep


@njit(cache=True, _nrt=False)
def seat_money(money, seat):
    """Return the seat's money over every ledger row (底注)."""
    total = 0
    for row in range(money.shape[0]):
        total += money[row, seat]
    return total


@njit(cache=True, _nrt=False)
def best_over_greedy(sums, squares, alive, played):
    """Return (c, t): among candidates 1 .. ``alive`` - 1, the one c of the highest mean paired gain over greedy's
    choice (candidate 0; ``sums`` summed money per candidate, ``squares`` summed squared differences with candidate
    0, over ``played`` worlds) and that gain in standard errors of the paired differences (inf for a gain with no
    spread); (0, 0.0) when no candidate gains or fewer than 2 worlds were played."""
    best = 0
    best_gain = 0.0
    best_t = 0.0
    if played < 2:
        return best, best_t
    for c in range(1, alive):
        gain = (sums[c] - sums[0]) / played  # mean money over greedy's choice, same worlds (底注)
        if gain > best_gain:
            spread = squares[c] / played - gain * gain
            se = np.sqrt(max(spread, 0.0) / (played - 1))
            best = c
            best_gain = gain
            best_t = gain / se if se > 0.0 else np.inf
    return best, best_t


@njit(cache=True, _nrt=False)
def is_contested(t):
    """Return True when a best gain of ``t`` standard errors after the first worlds earns more worlds."""
    return t > EXTEND_Z and t <= CONFIDENCE_Z


def _decider(broken, stage):
    """Return the compiled ``search_action``; ``broken`` (compile-time: SAMPLE_HONEST, or a BROKEN_* mode of
    strategies/search/sampler.py for the tests) picks the sampler, ``stage`` is compile-time too (module docstring).
    Both are plain values:
    a compiled kernel captured by a closure would defeat numba's cache (its key holds a per-process id)."""
    @njit(cache=True, _nrt=True)
    def search_action(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat, n_worlds,
                      max_candidates, extend, world, roll, work):
        """Return the ACT_* of ``seat`` (whose decision is due in the given state) chosen by search on ``n_worlds``
        worlds, up to ``extend`` times as many for a contested decision; ``world``, ``roll`` and ``work`` come from
        strategies.search.scratch.new_search_scratch (``work``'s ``played_out[0]`` gets the worlds played). The
        state is not changed."""
        (events, rngs, ids, params, no_script, me_script, mask, remaining, seen, tracks, after_shanten, after_useful,
         floors, pool, tiles, avail, build, segs, cands, sums, rng, shanten, squares, played_out) = work
        played_out[0] = 0
        loop_scratch = (mask, seen, tracks, after_shanten, after_useful, floors)  # run_until's scratch tuple
        wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney = world
        rwall, rhands, rfrozen, rmelds, rrivers, rst, rmoney = roll
        n = rank_candidates(rule_vec, tables, scan_tables, hands, frozen, melds, rivers, st, seat, params[seat],
                            max_candidates, cands, mask, remaining, seen, after_shanten, after_useful, floors, rng)
        if n == 1:
            return cands[0]
        public_world(rule_vec, wall, hands, frozen, melds, rivers, st, money, seat, wwall, whands, wfrozen, wmelds,
                     wrivers, wst, wmoney)
        seed_view_generator(rng, wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, seat)  # keyed by the view
        sums[:] = 0
        squares[:] = 0.0
        played = 0  # worlds played (a refused world is not)
        alive = n  # candidates still rolled out: after the first worlds only the best FINALISTS are
        first_part = n_worlds * HALVING_NUM // HALVING_DEN  # worlds before halving and the futility check
        cut = first_part if n > FINALISTS and n_worlds >= HALVING_MIN_WORLDS else -1
        futile = first_part if n_worlds >= FUTILITY_MIN_WORLDS else -1
        for w in range(n_worlds * max(extend, 1)):
            if w == n_worlds:  # the first n_worlds are played: only a contested decision goes on (EXTEND_Z)
                _, t = best_over_greedy(sums, squares, alive, played)
                if stage != STAGE_ALL or not is_contested(t):
                    break
                if alive > FINALISTS:
                    alive = _keep_best(cands, sums, squares, alive, FINALISTS)
            if w == futile and stage == STAGE_ALL:  # futility: greedy's choice unless another is ahead (FUTILITY_Z)
                _, t = best_over_greedy(sums, squares, alive, played)
                if t <= FUTILITY_Z:
                    break  # the choice below is then greedy's (no candidate gains more than 0 standard errors)
            if w == cut:  # successive halving: keep the best FINALISTS (ties to the earlier), in their order
                alive = _keep_best(cands, sums, squares, n, FINALISTS)
            if broken == BROKEN_LEAK:
                placed = leaky_sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, seat, rng,
                                            wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney, pool, tiles, avail,
                                            build, segs, seen, shanten)
            elif broken == BROKEN_TRUE_FALLBACK:
                placed = true_fallback_sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money,
                                                    seat, rng, wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney,
                                                    pool, tiles, avail, build, segs, seen, shanten)
            elif broken == BROKEN_TRUE_DECLARED:
                placed = true_declared_sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money,
                                                    seat, rng, wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney,
                                                    pool, tiles, avail, build, segs, seen, shanten)
            elif broken == BROKEN_TRUE_ANGANG:
                placed = true_angang_sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money,
                                                  seat, rng, wwall, whands, wfrozen, wmelds, wrivers, wst, wmoney,
                                                  pool, tiles, avail, build, segs, seen, shanten)
            else:
                placed = sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, seat, rng, wwall,
                                      whands, wfrozen, wmelds, wrivers, wst, wmoney, pool, tiles, avail, build, segs,
                                      seen, shanten)
            if placed < 0 or stage == STAGE_SAMPLE:  # a refused world is not played
                continue
            if wst[ST_PHASE] == PHASE_CLAIM:  # the seats asked before this one answer as the rollouts
                me_script[:] = False
                me_script[seat] = True
                run_until(rule_vec, tables, scan_tables, world, events, rngs, ids, params, me_script, loop_scratch)
            start = seat_money(wmoney, seat)
            played += 1
            first = 0
            for c in range(alive):
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
                    run_until(rule_vec, tables, scan_tables, roll, events, rngs, ids, params, no_script, loop_scratch)
                value = seat_money(rmoney, seat) - start
                if c == 0:
                    first = value
                sums[c] += value
                squares[c] += (value - first) * (value - first)  # paired with greedy's candidate in this world
        played_out[0] = played
        if stage != STAGE_ALL:
            return cands[0]
        best, t = best_over_greedy(sums, squares, alive, played)  # greedy's choice unless another beats it clearly
        return cands[best] if t > CONFIDENCE_Z else cands[0]

    return search_action


#: search_action(rule_vec, tables, scan_tables, wall, hands, frozen, melds, rivers, st, money, seat, n_worlds,
#: max_candidates, extend, world, roll, work): the production decision (``_decider(SAMPLE_HONEST, STAGE_ALL)``)
search_action = _decider(SAMPLE_HONEST, STAGE_ALL)
#: the timing variants of benchmarks/search_speed.py (compiled only when used): stop after sampling / after copying
sample_only_action = _decider(SAMPLE_HONEST, STAGE_SAMPLE)
copy_only_action = _decider(SAMPLE_HONEST, STAGE_COPY)
#: the deliberately peeking decisions of tests/test_twins.py (compiled only when used)
leaky_search_action = _decider(BROKEN_LEAK, STAGE_ALL)
true_fallback_search_action = _decider(BROKEN_TRUE_FALLBACK, STAGE_ALL)
true_declared_search_action = _decider(BROKEN_TRUE_DECLARED, STAGE_ALL)
true_angang_search_action = _decider(BROKEN_TRUE_ANGANG, STAGE_ALL)
