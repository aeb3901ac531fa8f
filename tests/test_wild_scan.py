"""The 金华 fast paths against the single-hand wild kernels they replace (RULES §3.2 r5–r7, §3.4 r15):

* the wild-aware discard scan (sim.core.hand.wild_scan.wild_least_discards_k) gives, for every candidate
  discard, the ``shanten_wild_k`` of the hand minus that tile, and for the least-shanten ones its
  ``useful_mask_wild_k``;
* ``is_complete_wild_k`` (early exits, the regular form ruled out by counts) agrees with
  ``complete_forms_wild_k != 0``;
* greedy's discard choice on the scan (strategies.wild_play.best_discard_k) picks what the per-candidate
  loop it replaced picked (least shanten, most live useful tiles, lowest kind; a 财神 only alone).

Seeded hands: uniform ones and ones built near a complete regular / 七对 / 七风 hand, every 财神 kind
class (suited, wind, 中/发, 白板 itself), 0–4 wilds, 0–4 melds, 七对 with and without quads.
"""
import numpy as np
import pytest

from sim.core.hand import wild_kernel
from sim.core.hand.discard_scan import NOT_HELD
from sim.core.hand.kernel import NO_DISTANCE
from sim.core.hand.wild_scan import wild_least_discards_k
from sim.hand_tables import get_tables
from sim.hand_wild_tables import get_wild_tables
from strategies import wild_play as play

WHITE = 33
KNITTED_SUITED = [0, 3, 6, 10, 13, 16, 20]  # 147m 258p 369s: a spaced pick of seven suited kinds


def uniform_hand(rng, size, wild):
    """Return int8[34]: 0-4 wilds of kind ``wild`` plus other tiles drawn without replacement (at most 3 wilds live)."""
    counts = np.zeros(34, np.int8)
    counts[wild] = int(rng.integers(min(3, size) + 1))
    pool = np.array([k for k in range(34) if k != wild for _ in range(4)])
    for k in rng.choice(pool, size - counts[wild], replace=False):
        counts[k] += 1
    return counts


def near_complete_hand(rng, size, wild):
    """Return int8[34] near a complete hand as held (the 财神's face a 白板, some tiles turned into wilds, a few
    swapped), ``size`` tiles."""
    while True:
        form = int(rng.integers(10))
        if form < 6:
            tiles = [int(rng.integers(34))] * 2
            for _ in range(4):
                if rng.integers(3) == 0:
                    tiles += [int(rng.integers(34))] * 3
                else:
                    start = int(rng.integers(3)) * 9 + int(rng.integers(7))
                    tiles += [start, start + 1, start + 2]
        elif form < 8:
            tiles = [int(k) for k in rng.choice(34, 7, replace=rng.integers(4) == 0) for _ in range(2)]
        else:
            tiles = list(range(27, 34)) + KNITTED_SUITED
        held = [WHITE if (k == wild and wild != WHITE) else (wild if k == WHITE else k) for k in tiles]
        for i in rng.choice(14, int(rng.integers(4)), replace=False):
            held[i] = wild
        for _ in range(int(rng.integers(3))):
            held[int(rng.integers(14))] = int(rng.integers(34))
        rng.shuffle(held)
        counts = np.bincount(held[:size], minlength=34)
        if counts.max() <= 4:
            return counts.astype(np.int8)


def random_cases(seed, n):
    """Yield (counts, melds, allow_quad, wild, tables) of ``n`` seeded 3n+2 hands."""
    rng = np.random.default_rng(seed)
    wild_tables = get_wild_tables()
    plain_tables = get_tables()
    for i in range(n):
        wild = (0, 13, 26, 27, 31, 32, WHITE, int(rng.integers(34)))[i % 8]
        melds = int(rng.integers(1, 5)) if i % 5 == 4 else 0
        size = 3 * (4 - melds) + 2
        counts = near_complete_hand(rng, size, wild) if i % 2 else uniform_hand(rng, size, wild)
        tables = plain_tables if i % 7 == 6 else wild_tables
        yield counts, melds, i % 3 != 2, wild, tables


def test_scan_equals_the_single_hand_kernels_for_every_candidate():
    out_shanten = np.empty(34, np.int8)
    out_mask = np.empty(34, np.int64)
    tenpai_seen = 0
    for counts, melds, allow_quad, wild, tables in random_cases(20261201, 3_000):
        held = np.flatnonzero(counts)
        candidates = 0
        for k in held:
            if k == wild or int(k) % 3 != 1 or len(held) < 4:  # leave a few held kinds out of the candidates
                candidates |= 1 << int(k)
        before = counts.copy()
        least = wild_least_discards_k(counts, melds, allow_quad, wild, tables, np.int64(candidates), out_shanten,
                                      out_mask)
        assert counts.tolist() == before.tolist()
        expected = {}
        for k in range(34):
            if (candidates >> k) & 1 and counts[k] > 0:
                counts[k] -= 1
                expected[k] = (wild_kernel.shanten_wild_k(counts, melds, allow_quad, wild, tables),
                               wild_kernel.useful_mask_wild_k(counts, melds, allow_quad, wild, tables))
                counts[k] += 1
        case = (counts.tolist(), melds, allow_quad, wild)
        assert least == (min(s for s, _ in expected.values()) if expected else NO_DISTANCE), case
        for k in range(34):
            if k in expected:
                shanten, useful = expected[k]
                assert out_shanten[k] == shanten, (case, k)
                assert out_mask[k] == (useful if shanten == least else 0), (case, k)
            else:
                assert out_shanten[k] == NOT_HELD and out_mask[k] == 0, (case, k)
        tenpai_seen += least == 0
    assert tenpai_seen > 300  # the near-complete hands exercise the waits, not only far hands


def test_completeness_with_early_exits_equals_the_forms():
    forms_seen = {wild_kernel.FORM_REGULAR: 0, wild_kernel.FORM_QIDUI: 0, wild_kernel.FORM_KNITTED: 0}
    for counts, melds, allow_quad, wild, tables in random_cases(7, 20_000):
        forms = wild_kernel.complete_forms_wild_k(counts, melds, allow_quad, wild, tables)
        assert wild_kernel.is_complete_wild_k(counts, melds, allow_quad, wild, tables) == (forms != 0), \
            (counts.tolist(), melds, allow_quad, wild)
        for form in forms_seen:
            forms_seen[form] += (forms & form) != 0
    assert min(forms_seen.values()) > 20, forms_seen  # every form's early exit is reached


def test_completeness_on_other_sizes_is_the_kernels_answer():
    # the counting shortcut holds only for 3n+2 hands; any other size goes to the table as before
    rng = np.random.default_rng(3)
    tables = get_wild_tables()
    for _ in range(2_000):
        wild = int(rng.integers(34))
        counts = uniform_hand(rng, int(rng.choice([12, 13, 15])), wild)
        forms = wild_kernel.complete_forms_wild_k(counts, 0, True, wild, tables)
        assert wild_kernel.is_complete_wild_k(counts, 0, True, wild, tables) == (forms != 0)


def old_best_discard(hand, n_melds, allow_quad, wild, tables, candidates, seen):
    """The discard choice before the scan: every candidate evaluated alone (least shanten, then most live useful
    tiles, first kind on a tie; the 财神 only when it is the sole candidate)."""
    only_wild = candidates == (1 << wild)
    best_tile, best_shanten, best_live = -1, 127, -1
    for t in range(34):
        if (candidates >> t) & 1 == 0 or (t == wild and not only_wild):
            continue
        hand[t] -= 1
        s = wild_kernel.shanten_wild_k(hand, n_melds, allow_quad, wild, tables)
        live = -1
        if s <= best_shanten:
            live = play.live_useful_k(wild_kernel.useful_mask_wild_k(hand, n_melds, allow_quad, wild, tables), seen,
                                      wild)
        hand[t] += 1
        if s < best_shanten or (s == best_shanten and live > best_live):
            best_tile, best_shanten, best_live = t, s, live
    return best_tile


@pytest.mark.parametrize("seed", [1, 2])
def test_discard_choice_on_the_scan_is_the_per_candidate_choice(seed):
    rng = np.random.default_rng(seed)
    for counts, melds, allow_quad, wild, tables in random_cases(seed, 1_500):
        seen = counts.copy()
        for k in rng.choice(34, 12):  # other copies the seat sees (never above 4)
            seen[k] = min(4, seen[k] + int(rng.integers(1, 3)))
        held = [int(k) for k in np.flatnonzero(counts)]
        choices = [sum(1 << k for k in held)]
        if counts[wild] > 0:
            choices.append(1 << wild)  # only the 财神 may go
        for candidates in choices:
            expected = old_best_discard(counts.copy(), melds, allow_quad, wild, tables, candidates, seen)
            got = play.best_discard_k(counts, melds, allow_quad, wild, tables, np.int64(candidates), seen)
            assert got == expected, (counts.tolist(), melds, allow_quad, wild, candidates)


def test_seen_copies_are_skipped_only_when_they_cannot_change_the_choice():
    # wild_greedy_self counts the seen copies only when live_tie_matters_k says the least discards' useful kinds
    # differ; when it says they do not, any two views of the table give the same discard
    rng = np.random.default_rng(17)
    out_shanten = np.empty(34, np.int8)
    out_mask = np.empty(34, np.int64)
    skipped = 0
    for counts, melds, allow_quad, wild, tables in random_cases(17, 2_000):
        candidates = play.discard_candidates_k(np.int64(sum(1 << int(k) for k in np.flatnonzero(counts))), wild)
        least = wild_least_discards_k(counts, melds, allow_quad, wild, tables, candidates, out_shanten, out_mask)
        views = [np.minimum(4, counts + rng.integers(0, 3, 34)).astype(np.int8) for _ in range(2)]
        picks = [play.most_live_discard_k(candidates, out_shanten, out_mask, least, view, wild) for view in views]
        least_kinds = [k for k in range(34) if (candidates >> k) & 1 and out_shanten[k] == least]
        if not play.live_tie_matters_k(candidates, out_shanten, out_mask, least):
            skipped += 1
            assert picks == [least_kinds[0]] * 2, (counts.tolist(), melds, wild)
        else:
            assert len({int(out_mask[k]) for k in least_kinds}) > 1
    assert 100 < skipped < 1_900  # both branches are exercised


def test_knitted_useful_kinds_from_parts_equal_trying_each_draw():
    # _knitted_mask_wild finds each draw's 七风 distance from the hand's parts; the reference adds each kind
    # (never a fifth copy) and asks knitted_distance_wild_k
    rng = np.random.default_rng(29)
    lowered = 0
    for counts, melds, allow_quad, wild, tables in random_cases(29, 4_000):
        counts[int(rng.choice(np.flatnonzero(counts)))] -= 1  # a 13-tile hand, as after a discard
        here = wild_kernel.knitted_distance_wild_k(counts, wild)
        for limit in (here, here + 1):
            expected = 0
            for k in range(34):
                if counts[k] >= 4:
                    continue
                counts[k] += 1
                if wild_kernel.knitted_distance_wild_k(counts, wild) < limit:
                    expected |= 1 << k
                counts[k] -= 1
            assert wild_kernel._knitted_mask_wild(counts, wild, limit) == expected, (counts.tolist(), wild, limit)
            lowered += expected != 0
    assert lowered > 1_000
