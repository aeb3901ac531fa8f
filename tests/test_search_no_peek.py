"""The search player does not peek: two states the searching seat sees identically, whose hidden tiles differ,
give the same sampled worlds and the same decision; a deliberately peeking sampler fails the same comparison."""
import numpy as np
import pytest

from search_states import decision_states
from sim.core import state as S
from strategies.search.scratch import new_search_scratch
from strategies.search.streams import seed_search_generator
from strategies.search.view import known_kong_tiles

VARIANTS = ("jincheng", "jinzhong", "jinhua")


def sampled_world(g, seat, sampler="sample_world"):
    """Return copies of the world arrays the sampler kernel named ``sampler`` (strategies.search.sampler, bound to
    ``g``'s engine) draws for ``seat``'s decision in Game ``g`` (its own stream)."""
    sampler = g._engine.kernel("strategies.search.sampler", sampler)
    world, _, work = new_search_scratch()
    pool, tiles, avail, build, segs, rng = work[13], work[14], work[15], work[16], work[17], work[20]
    seed_search_generator(rng, g._st, seat)
    sampler(g._rule_vec, g._tables, g.wall, g._hands, g._frozen, g._melds, g._rivers, g._st, g._money, seat, rng,
            *world, pool, tiles, avail, build, segs, np.zeros(34, np.int8), work[21])
    return [a.copy() for a in world]


def decide(g, seat, worlds=4, candidates=3, extend=4):
    world, roll, work = new_search_scratch()
    search_action = g._engine.kernel("strategies.search.rollout", "search_action")  # rollouts: g's greedy slot 0
    return int(search_action(g._rule_vec, g._tables, g._scan_tables, g.wall, g._hands, g._frozen, g._melds,
                             g._rivers, g._st, g._money, seat, worlds, candidates, extend, world, roll, work))


def _other_bits(g, seat):
    claim_bits = g._engine.claim_bits
    return [int(claim_bits(g._rule_vec, g._tables, g._hands, g._frozen, g._melds, g._st, s)) for s in range(4)
            if s != seat]


def hidden_twin(g, seat, rng):
    """Return (a copy of ``g`` that ``seat`` sees identically but whose hidden tiles differ, tiles moved): tiles of
    the other seats' concealed hands and face-down 上架 tiles swapped with undrawn wall tiles (a declared seat's hand
    is kept, so its waits hold; in a claim window every seat's options are re-derived with the engine's claim_bits
    and must stay as they were), and the private fields of the other seats scrambled."""
    h = g.copy()
    st, wall = h._st, h.wall
    first, last = h._engine.undrawn_positions(h._rule_vec, st)
    positions = np.arange(first, last + 1)
    claim = st[S.ST_PHASE] == S.PHASE_CLAIM
    bits = _other_bits(h, seat) if claim else None
    moved = 0
    for s in range(4):
        if s == seat or len(positions) == 0:
            continue
        if st[S.ST_TING + s] == 1:
            t = st[S.ST_SHANGJIA_TILE + s]
            p = rng.choice(positions)
            if t >= 0 and wall[p] != t:
                st[S.ST_SHANGJIA_TILE + s], wall[p] = wall[p], t
                moved += 1
            continue
        if known_kong_tiles(st, s)[1] > 0:
            continue
        for _ in range(4):
            x = rng.choice(np.flatnonzero(h._hands[s]))
            p = rng.choice(positions)
            y = wall[p]
            if y == x:
                continue
            h._hands[s, x] -= 1
            h._hands[s, y] += 1
            wall[p] = x
            if claim and _other_bits(h, seat) != bits:  # the engine's options must stay what they were
                h._hands[s, x] += 1
                h._hands[s, y] -= 1
                wall[p] = y
                continue
            moved += 1
    for s in range(4):  # fields only the other seat knows
        if s == seat:
            continue
        st[S.ST_GUO_HU + s] ^= int(rng.integers(1 << 20))
        st[S.ST_YAOJIU_START + s] = int(rng.integers(14))
        st[S.ST_DECLINED_PONGS + s] ^= int(rng.integers(1 << 20))
        if st[S.ST_LIVE_WAITS + s] >= 0:
            st[S.ST_LIVE_WAITS + s] = int(rng.integers(30))
        if not claim:
            st[S.ST_CLAIM_BITS + s] = int(rng.integers(256))
    if claim and st[S.ST_CURRENT] != seat:
        st[S.ST_LAST_DRAWN] = int(rng.integers(34))
    return h, moved


def _states(variant):
    return list(decision_states(variant, seed=17, hands=6, every=4))


@pytest.mark.parametrize("variant", VARIANTS)
def test_worlds_and_decision_ignore_hidden_tiles(variant):
    rng = np.random.default_rng(5)
    moved_states = 0
    for g in _states(variant):
        h, moved = hidden_twin(g, 0, rng)
        moved_states += moved > 0
        for a, b in zip(sampled_world(g, 0), sampled_world(h, 0)):
            assert np.array_equal(a, b)
        assert decide(g, 0) == decide(h, 0)
    assert moved_states >= 10


@pytest.mark.parametrize("variant", ["jincheng", "jinhua"])
def test_a_peeking_sampler_fails_the_comparison(variant):
    """The leaking sampler (its stream mixes in the others' true concealed tiles) draws other worlds for the twin
    in most states: the comparison above would fail for it."""
    rng = np.random.default_rng(5)
    differ = 0
    moved_states = 0
    for g in _states(variant):
        h, moved = hidden_twin(g, 0, rng)
        if moved == 0:
            continue
        moved_states += 1
        a = sampled_world(g, 0, "leaky_sample_world")
        b = sampled_world(h, 0, "leaky_sample_world")
        differ += any(not np.array_equal(x, y) for x, y in zip(a, b))
    assert moved_states >= 10 and differ >= moved_states // 2
