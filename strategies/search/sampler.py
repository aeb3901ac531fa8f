"""One determinization of what the searching seat cannot see — compiled kernels.

``sample_world`` fills the world arrays from the seat's view only (strategies/search/view.py): the other seats'
暗杠 kinds (uniform among the kinds whose four copies are unseen, never the 财神 nor a declared suit), their
concealed tiles (their counts are public; none of a kind the seat is publicly known not to hold, hook
``kinds_never_held``: under 血战 a void suit once a discard of another suit showed it cleared), their face-down
上架 tiles and every wall position not drawn yet, all from the unseen tiles (a winner's revealed hand of a hand
that plays on is seen, not drawn), with the ready-hand law of strategies/search/ready_hands.py for the seats that declared
上架/报听 and the tempered law of strategies/search/opponent_hands.py for the others (a world where some declared
seat got no ready hand in READY_ROUNDS rounds is refused: -1, and the decision does without it; it happens when
the unseen tiles are almost exactly the declared seats' hands, e.g. in a few 晋中 endgames with three 报听 seats,
see tests/test_search_worlds.py: on 70 such decision states, 1.33 of 32 worlds refused on average, in 6 states;
1.91 in 8 before 七对 waits were built; 0.29 in 2 with 256 rounds, which changed none of the 70 decisions). It then
re-derives from the sampled tiles every private field of those seats: their waits, and in an open claim window
each other seat's options (CLAIM_BIT_*) and whether it is still to answer.

Uniformity of the declared hands (``python benchmarks/search_speed.py --uniformity``, strategies/search/ready_hands.py):
total-variation distance to the exact law on a small enumerable case 0.062 with MH_STEPS_PER_TILE = 3 swaps per
tile (0.395 without swaps, 0.035 = the Monte Carlo floor with 12).

``_world_sampler(broken)`` is the factory: ``broken`` (compile-time) is SAMPLE_HONEST in play; the BROKEN_* modes
compile deliberately peeking samplers, for the tests that show the twin test (tests/test_twins.py) catches each
way a sampler could peek: BROKEN_LEAK mixes the other seats' true concealed tiles into the stream,
BROKEN_TRUE_FALLBACK gives the declared seats their true hands when no ready hand was found (instead of refusing
the world), BROKEN_TRUE_DECLARED always gives the declared seats their true hands, BROKEN_TRUE_ANGANG keeps the
true kinds of the other seats' 暗杠.
"""
import numpy as np
from numba import njit

from sim.core.legal import claim_bits
from sim.core.rng import bounded, shuffle
from sim.core.state import (
    CLAIM_NOT_ELIGIBLE, CLAIM_WAITING, MELD_ANGANG, PHASE_CLAIM, REC_TILE, REC_TYPE, ST_CLAIM,
    ST_CLAIM_BITS, ST_WILD_KIND, ST_N_MELDS, ST_PENDING_FROM, ST_PHASE, ST_SHANGJIA_TILE, ST_TING, ST_WAITS,
)
from sim.core.melds import meld_slot
from sim.core.wall import wall_size
from sim.core.slots import hooks
from strategies.search.opponent_hands import OPPONENT_STEPS_PER_TILE, tempered_swaps
from strategies.search.ready_hands import _place, build_ready, mh_swaps, region_counts
from strategies.search.view import (
    has_won, hidden_count, known_kong_tiles, public_world, undrawn_positions, unseen_pool,
)

MH_STEPS_PER_TILE = 3  # Metropolis swaps per tile of the declared seats' hands
READY_ROUNDS = 16      # rounds of building every declared seat's ready hand before a failed one is kept as drawn

#: the sampler's compile-time modes (module docstring): the honest one, and the broken ones the tests must catch
SAMPLE_HONEST = 0
BROKEN_LEAK = 1
BROKEN_TRUE_FALLBACK = 2
BROKEN_TRUE_DECLARED = 3
BROKEN_TRUE_ANGANG = 4


@njit(cache=True, _nrt=False)
def _hidden_angang_kind(rule_vec, pool, st, s, caishen, rng):
    """Return a kind uniform among those with four unseen copies that seat ``s`` may 暗杠 (not the 财神, not its
    declared suit), -1 when none."""
    forbidden = hooks.declared_suit_kinds(rule_vec, st, s)
    n = 0
    for k in range(34):
        if pool[k] >= 4 and k != caishen and (forbidden >> k) & 1 == 0:
            n += 1
    if n == 0:
        return -1
    pick = bounded(rng, n)
    for k in range(34):
        if pool[k] >= 4 and k != caishen and (forbidden >> k) & 1 == 0:
            if pick == 0:
                return k
            pick -= 1
    return -1


@njit(cache=True, _nrt=False)
def _place_true_hand(hands, st, s, tiles, start, end, build, whands, avail):
    """Deliberately broken (tests only): put seat ``s``'s true concealed tiles first in ``tiles[start:end]`` and
    into ``whands[s]``; returns False (nothing placed) when the range lacks some of them."""
    kind, shown = known_kong_tiles(st, s)
    for k in range(34):
        build[k] = hands[s, k] - (shown if k == kind else 0)
    region_counts(tiles, start, end, avail)
    for k in range(34):
        if build[k] > avail[k]:
            return False
    _place(tiles, start, end, build)
    for k in range(34):
        whands[s, k] = build[k]
    return True


@njit(cache=True, _nrt=False)
def _deal_allowed(tiles, start, end, n, never, whands, s):
    """Deal seat ``s`` the first ``n`` tiles of the shuffled ``tiles[start:end]`` whose kinds are not in ``never``
    (an int64 kind mask), moving each to the front of the range (the first allowed tile of a shuffled range is
    uniform among the allowed ones); into ``whands[s]``. Returns False when fewer than ``n`` are allowed."""
    for i in range(start, start + n):
        j = i
        while j < end and (never >> tiles[j]) & 1 == 1:
            j += 1
        if j == end:
            return False
        tiles[i], tiles[j] = tiles[j], tiles[i]
        whands[s, tiles[i]] += 1
    return True


def _world_sampler(broken):
    """Return the compiled ``sample_world``; ``broken`` (SAMPLE_HONEST or a BROKEN_* mode, a plain int, compile-time)
    makes it peek (module docstring)."""
    @njit(cache=True, _nrt=False)
    def sample_world(rule_vec, tables, wall, hands, frozen, melds, rivers, st, money, seat, rng, wwall, whands,
                     wfrozen, wmelds, wrivers, wst, wmoney, pool, tiles, avail, build, segs, seen, shanten):
        """Fill the world arrays (w*) with one determinization of ``seat``'s view of the state (module docstring),
        drawing from ``rng``; ``pool``/``avail``/``build`` int64[34], ``tiles`` int8[136], ``segs`` int64[24],
        ``seen`` int8[34] and ``shanten`` int64[4] are scratch. Returns the number of unseen tiles placed, or -1 when no ready hand was found
        for some declared seat in READY_ROUNDS rounds (the world is then not consistent and must not be used)."""
        public_world(rule_vec, wall, hands, frozen, melds, rivers, st, money, seat, wwall, whands, wfrozen, wmelds,
                     wrivers, wst, wmoney)
        unseen_pool(rule_vec, hands, frozen, melds, rivers, st, seat, seen, pool)
        if broken == BROKEN_LEAK:  # deliberately broken: the stream depends on the other seats' true concealed tiles
            h = np.uint64(0)
            for s in range(4):
                if s != seat:
                    for k in range(34):
                        h = h * np.uint64(31) + np.uint64(hands[s, k])
            rng[0] ^= h
        n_kinds = 34 if wall_size(rule_vec) == 136 else 27
        caishen = st[ST_WILD_KIND]
        for i in range(1, 4):  # the other seats' 暗杠 kinds (a winner's are revealed)
            s = (seat + i) % 4
            if has_won(st, s):
                continue
            for m in range(st[ST_N_MELDS + s]):
                slot = meld_slot(s, m)
                if st[slot + REC_TYPE] == MELD_ANGANG:
                    if broken == BROKEN_TRUE_ANGANG:  # deliberately broken: the true kind
                        k = st[slot + REC_TILE]
                    else:
                        k = _hidden_angang_kind(rule_vec, pool, st, s, caishen, rng)
                    if k < 0:
                        raise RuntimeError("search: no unseen kind left for a hidden 暗杠")
                    pool[k] -= 4
                    wmelds[s, k] = MELD_ANGANG
                    wst[slot + REC_TILE] = k
        n_unseen = 0
        for k in range(34):
            for _ in range(pool[k]):
                tiles[n_unseen] = k
                n_unseen += 1
        shuffle(rng, tiles[:n_unseen])
        pos = 0
        n_ready = 0
        ready_tiles = 0
        for attempt in range(READY_ROUNDS):  # the declared seats first: ready hands, all built in one round
            pos = 0
            n_ready = 0
            ready_tiles = 0
            built = True
            for i in range(3):  # each round starts at another seat, so no seat is always left the scarce tiles
                s = (seat + 1 + (i + attempt) % 3) % 4
                if st[ST_TING + s] == 1:
                    n = hidden_count(hands, st, s)
                    if broken == BROKEN_TRUE_DECLARED and _place_true_hand(hands, st, s, tiles, pos, n_unseen, build,
                                                                           whands, avail):
                        pos += n  # deliberately broken: the true hand, no swaps
                        continue
                    built &= build_ready(rule_vec, tables, tiles, pos, n_unseen, n, s, whands, wfrozen, wmelds, wst,
                                         avail, build, rng, n_kinds)
                    segs[n_ready] = pos
                    segs[4 + n_ready] = n
                    segs[8 + n_ready] = s
                    n_ready += 1
                    pos += n
                    ready_tiles += n
            if built:
                break
            if attempt == READY_ROUNDS - 1:
                if broken != BROKEN_TRUE_FALLBACK:
                    return -1
                pos = 0  # deliberately broken: the declared seats' true hands instead of a refusal
                n_ready = 0
                ready_tiles = 0
                for i in range(3):
                    s = (seat + 1 + i) % 4
                    if st[ST_TING + s] == 1:
                        if not _place_true_hand(hands, st, s, tiles, pos, n_unseen, build, whands, avail):
                            return -1
                        pos += hidden_count(hands, st, s)
                break
            shuffle(rng, tiles[:n_unseen])
        mh_swaps(rule_vec, tables, tiles, segs[0:4], segs[4:8], segs[8:12], n_ready, pos, n_unseen, whands, wfrozen,
                 wmelds, wst, MH_STEPS_PER_TILE * ready_tiles, rng)
        shuffle(rng, tiles[pos:n_unseen])
        n_open = 0
        open_tiles = 0
        for i in range(1, 4):  # the others' concealed tiles, then tempered towards playing strength
            s = (seat + i) % 4
            if st[ST_TING + s] == 0:
                n = hidden_count(hands, st, s)
                segs[12 + n_open] = pos
                segs[16 + n_open] = n
                segs[20 + n_open] = s
                n_open += 1
                open_tiles += n
                if not _deal_allowed(tiles, pos, n_unseen, n, hooks.kinds_never_held(rule_vec, wst, s), whands, s):
                    return -1
                pos += n
        tempered_swaps(rule_vec, tables, tiles, segs[12:16], segs[16:20], segs[20:24], n_open, pos, n_unseen, whands,
                       wmelds, wst, OPPONENT_STEPS_PER_TILE * open_tiles, shanten, rng)
        shuffle(rng, tiles[pos:n_unseen])
        for i in range(1, 4):  # face-down 上架 tiles
            s = (seat + i) % 4
            if st[ST_SHANGJIA_TILE + s] >= 0:
                wst[ST_SHANGJIA_TILE + s] = tiles[pos]
                pos += 1
        first, last = undrawn_positions(rule_vec, st)
        for p in range(first, last + 1):
            wwall[p] = tiles[pos]
            pos += 1
        if pos != n_unseen:
            raise RuntimeError("search: the unseen tiles do not fill the hidden places")
        for i in range(1, 4):  # private fields re-derived from the sampled tiles
            s = (seat + i) % 4
            if st[ST_TING + s] == 1:
                wst[ST_WAITS + s] = hooks.ting_waits(rule_vec, tables, whands, wfrozen, wmelds, wst, s)
            kind, shown = known_kong_tiles(st, s)
            if shown > 0:
                whands[s, kind] += shown
        if st[ST_PHASE] == PHASE_CLAIM:
            source = st[ST_PENDING_FROM]
            for i in range(1, 4):
                s = (seat + i) % 4
                if s != source:
                    bits = claim_bits(rule_vec, tables, whands, wfrozen, wmelds, wst, s)
                    wst[ST_CLAIM_BITS + s] = bits
                    wst[ST_CLAIM + s] = CLAIM_WAITING if bits != 0 else CLAIM_NOT_ELIGIBLE
        return n_unseen

    return sample_world


#: sample_world(...): the production sampler (``_world_sampler(SAMPLE_HONEST)``)
sample_world = _world_sampler(SAMPLE_HONEST)
#: the deliberately peeking samplers of tests/test_twins.py (compiled only when a test uses them)
leaky_sample_world = _world_sampler(BROKEN_LEAK)
true_fallback_sample_world = _world_sampler(BROKEN_TRUE_FALLBACK)
true_declared_sample_world = _world_sampler(BROKEN_TRUE_DECLARED)
true_angang_sample_world = _world_sampler(BROKEN_TRUE_ANGANG)
