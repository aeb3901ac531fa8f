"""Ready hands for the seats that declared 上架/报听, consistent with every public fact — compiled kernels.

A declared seat's concealed tiles must be ready under its variant's own test (``hooks.ting_waits`` != 0, so 晋中's
缺一门, point limit and declared suit come with it) and its waits must avoid every kind it let pass while ready
(``st[ST_PASSED + seat]``; under 晋中's point limit a rank 3–5 wait may pass, it wins only by 自摸).

Sampling: ``build_ready`` draws random sets and a pair from the unseen tiles (a 晋中 seat's sets avoid one suit
it may still give up) and drops one tile (each kind of the shape in turn from a random one until the hand passes
the test), or, every other attempt, draws the sets and one tile of a random kind it may wait on (a 单钓 wait: what
finds a hand for a seat that let most kinds pass), or, every fourth attempt of a concealed 13-tile seat whose rule
set lets it win by 七对 (hook ``win_forms``), six pairs and one tile of a kind it may wait on (a 七对 wait: what
finds a hand when the unseen tiles hold pairs but few sets), retrying up to BUILD_ATTEMPTS times; ``mh_swaps`` then runs
Metropolis steps: swap a uniform tile of a declared seat's hand with a uniform tile of the undealt rest, accept
iff that seat's hand still passes. The proposal is symmetric, so the chain's stationary law is uniform over the
consistent assignments of tile copies, i.e. the conditional law of the hidden tiles given the public facts (with
the other seats' play taken as independent of their tiles). The start is biased (few 七对 shapes); the steps wash
it out. Measured (``python benchmarks/search_speed.py --uniformity``): on the
195 ready 4-tile hands of a 20-tile pool (1–5m, 1–5p, two copies each), where the exact law is enumerated,
20,000 draws give a total-variation distance to it of 0.395 from the construction alone, 0.062 with the
sampler's 3 swaps per tile (MH_STEPS_PER_TILE, strategies/search/sampler.py) and 0.035 with 12 per tile, which
is the Monte Carlo floor (20,000 exact draws: 0.035–0.036). The default keeps the cost down (every swap runs the
variant's wait test); a little bias towards regular shapes remains.
"""
from numba import njit

from sim.core.hand.kernel import FORM_QIDUI
from sim.core.rng import bounded
from sim.core.state import ST_PASSED
from sim.core.slots import hooks

BUILD_ATTEMPTS = 60  # tries of build_ready before it gives up (the caller then keeps a random hand)
SET_TRIES = 24       # random kinds tried per set or pair


@njit(cache=True, _nrt=False)
def passable_kinds(rule_vec):
    """Return the int64 kinds a ready seat may let pass although they are waits: those that win only by 自摸 (hook
    ``self_draw_only_kinds``: 晋中 ranks 3–5 under the point limit), none elsewhere."""
    return hooks.self_draw_only_kinds(rule_vec)


@njit(cache=True, _nrt=False)
def ready_ok(rule_vec, tables, hands, frozen, melds, st, s):
    """Return True when seat ``s``'s concealed hand in the given (world) state is ready for its declaration and its
    waits avoid the kinds it let pass (module docstring)."""
    waits = hooks.ting_waits(rule_vec, tables, hands, frozen, melds, st, s)
    return waits != 0 and waits & st[ST_PASSED + s] & ~passable_kinds(rule_vec) == 0


@njit(cache=True, _nrt=False)
def region_counts(tiles, start, end, avail):
    """Fill ``avail`` (int64[34]) with the copies of each kind in ``tiles[start:end]``; returns nothing."""
    avail[:] = 0
    for p in range(start, end):
        avail[tiles[p]] += 1


@njit(cache=True, _nrt=False)
def _take_set(avail, build, rng, n_kinds, missing):
    """Add one random 刻子 or 顺子 of available kinds (none of suit ``missing``) to ``build``; returns True on success."""
    for _ in range(SET_TRIES):
        kind = bounded(rng, n_kinds)
        if kind < 27 and kind // 9 == missing:
            continue
        if bounded(rng, 2) == 0:
            if avail[kind] - build[kind] >= 3:
                build[kind] += 3
                return True
        elif (kind < 27 and kind % 9 <= 6 and avail[kind] > build[kind] and avail[kind + 1] > build[kind + 1]
              and avail[kind + 2] > build[kind + 2]):
            build[kind] += 1
            build[kind + 1] += 1
            build[kind + 2] += 1
            return True
    return False


@njit(cache=True, _nrt=False)
def _missing_suit(rule_vec, melds, st, s, rng):
    """Return the suit (0–2) seat ``s``'s drawn shape leaves empty under 缺一门 (uniform among those it may still give
    up), -1 when none is left empty."""
    missing = -1
    # 缺一门: one suit it may still give up stays empty
    if hooks.misses_a_suit(rule_vec):
        blocked = hooks.blocked_suits(rule_vec, melds, st, s)
        free = 0
        for suit in range(3):
            free += 1 if (blocked >> suit) & 1 == 0 else 0
        if free > 0:
            pick = bounded(rng, free)
            for suit in range(3):
                if (blocked >> suit) & 1 == 0:
                    if pick == 0:
                        missing = suit
                        break
                    pick -= 1
    return missing


@njit(cache=True, _nrt=False)
def _draw_shape(rule_vec, melds, st, s, n, avail, build, rng, n_kinds, single):
    """Fill ``build`` (int64[34]) with k = (n-1)/3 random sets of ``avail`` and then a random pair (n + 1 tiles) or,
    when ``single`` >= 0, one tile of kind ``single`` (n tiles, waiting on it); returns True on success."""
    build[:] = 0
    missing = _missing_suit(rule_vec, melds, st, s, rng)
    if single >= 0 and single < 27 and single // 9 == missing:
        return False
    for _ in range((n - 1) // 3):
        if not _take_set(avail, build, rng, n_kinds, missing):
            return False
    if single >= 0:
        if avail[single] - build[single] < 1:
            return False
        build[single] += 1
        return True
    paired = False
    for _ in range(SET_TRIES):
        kind = bounded(rng, n_kinds)
        if (kind >= 27 or kind // 9 != missing) and avail[kind] - build[kind] >= 2:
            build[kind] += 2
            paired = True
            break
    return paired


@njit(cache=True, _nrt=False)
def _draw_qidui(rule_vec, melds, st, s, avail, build, rng, n_kinds, single):
    """Fill ``build`` (int64[34]) with six pairs of distinct random kinds of ``avail`` (none of a suit it leaves
    empty under 缺一门, none of kind ``single``) and one tile of kind ``single``: a 七对 hand of 13 tiles waiting on
    it; returns True on success."""
    build[:] = 0
    missing = _missing_suit(rule_vec, melds, st, s, rng)
    if single < 27 and single // 9 == missing:
        return False
    build[single] = 1
    for _ in range(6):
        paired = False
        for _ in range(SET_TRIES):
            kind = bounded(rng, n_kinds)
            if kind < 27 and kind // 9 == missing:
                continue
            if build[kind] == 0 and avail[kind] >= 2:
                build[kind] = 2
                paired = True
                break
        if not paired:
            return False
    return avail[single] >= 1


@njit(cache=True, _nrt=False)
def _place(tiles, start, end, build):
    """Reorder ``tiles[start:end]`` so that its first tiles are the multiset ``build``; returns nothing."""
    p = start
    for kind in range(34):
        for _ in range(build[kind]):
            for j in range(p, end):
                if tiles[j] == kind:
                    tiles[j] = tiles[p]
                    tiles[p] = kind
                    break
            p += 1


@njit(cache=True, _nrt=False)
def build_ready(rule_vec, tables, tiles, start, end, n, s, hands, frozen, melds, st, avail, build, rng, n_kinds):
    """Put a ready hand of ``n`` tiles for seat ``s`` (from ``tiles[start:end]``) first in that range and into
    ``hands[s]``; returns True when one passed ``ready_ok`` within BUILD_ATTEMPTS, else keeps ``tiles[start:start+n]``
    as they are (a random hand) and returns False."""
    region_counts(tiles, start, end, avail)
    allowed = ~st[ST_PASSED + s] | passable_kinds(rule_vec)  # kinds a wait may be
    n_allowed = 0  # of them, the kinds available in the range
    for kind in range(n_kinds):
        if (allowed >> kind) & 1 == 1 and avail[kind] > 0:
            n_allowed += 1
    qidui = n == 13 and hooks.win_forms(rule_vec, st, s) & FORM_QIDUI != 0  # a 七对 wait is possible
    for attempt in range(BUILD_ATTEMPTS):
        single = -1
        if attempt % 2 == 1 and n_allowed > 0:  # every other attempt: a single tile of a kind it may wait on
            pick = bounded(rng, n_allowed)
            for kind in range(n_kinds):
                if (allowed >> kind) & 1 == 1 and avail[kind] > 0:
                    if pick == 0:
                        single = kind
                        break
                    pick -= 1
        if qidui and attempt % 4 == 3 and single >= 0:  # every fourth attempt, where 七对 wins: a 七对 wait
            if not _draw_qidui(rule_vec, melds, st, s, avail, build, rng, n_kinds, single):
                continue
        elif not _draw_shape(rule_vec, melds, st, s, n, avail, build, rng, n_kinds, single):
            continue
        for kind in range(34):
            hands[s, kind] = build[kind]
        if single >= 0:
            if ready_ok(rule_vec, tables, hands, frozen, melds, st, s):
                _place(tiles, start, end, build)
                return True
            continue
        offset = bounded(rng, 34)
        for i in range(34):  # drop one tile of the complete shape: each kind in turn from a random one
            kind = (offset + i) % 34
            if build[kind] == 0:
                continue
            hands[s, kind] -= 1
            if ready_ok(rule_vec, tables, hands, frozen, melds, st, s):
                build[kind] -= 1
                _place(tiles, start, end, build)
                return True
            hands[s, kind] += 1
    hands[s, :] = 0
    for p in range(start, start + n):
        hands[s, tiles[p]] += 1
    return False


@njit(cache=True, _nrt=False)
def mh_swaps(rule_vec, tables, tiles, seg_start, seg_len, seg_seat, n_ready, free_start, end, hands, frozen, melds,
             st, steps, rng):
    """Run ``steps`` Metropolis swaps between the declared seats' hands (``tiles[seg_start[r]:+seg_len[r]]`` of seat
    ``seg_seat[r]``, r < n_ready) and the undealt tiles ``tiles[free_start:end]`` (module docstring), keeping
    ``hands`` in step; returns the number of accepted swaps."""
    accepted = 0
    if n_ready == 0 or free_start >= end:
        return accepted
    for _ in range(steps):
        r = bounded(rng, n_ready)
        s = seg_seat[r]
        i = seg_start[r] + bounded(rng, seg_len[r])
        j = free_start + bounded(rng, end - free_start)
        a = tiles[i]
        b = tiles[j]
        if a == b:
            continue
        hands[s, a] -= 1
        hands[s, b] += 1
        if ready_ok(rule_vec, tables, hands, frozen, melds, st, s):
            tiles[i] = b
            tiles[j] = a
            accepted += 1
        else:
            hands[s, a] += 1
            hands[s, b] -= 1
    return accepted
