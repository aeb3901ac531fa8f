"""Tests for table-driven hand evaluation (sim.hand, sim.core.hand.kernel, sim.hand_tables).

The compiled tables are checked against tests/reference_hand.py, a slow plain-Python reference
that computes the same definitions directly, on seeded random hands, hypothesis-generated hands
and named positions (RULES §1.5 r29, §1.6 r37–r38, §1.4 r27).
"""
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import reference_hand as ref
from sim.core.hand import kernel as kernel
from sim import hand, hand_tables
from sim.tiles import kind, parse
from table_cache_counting import count_table_builds

TABLES = hand_tables.get_tables()


def kinds(text):
    """Return the sorted kind indices named in ``text`` (e.g. '19m1z' -> [0, 8, 27])."""
    return [int(k) for k in np.flatnonzero(parse(text))]


def random_hand(rng, size):
    """Return int8[34] counts of ``size`` tiles drawn without replacement from a full set."""
    tiles = rng.choice(136, size=size, replace=False) // 4
    return np.bincount(tiles, minlength=34).astype(np.int8)


def assert_matches_reference(counts, melds):
    """Compare every form's shanten, useful tiles and waits/completeness with the reference."""
    size = int(counts.sum())
    assert hand.shanten_regular(counts, melds) == ref.shanten_regular(counts, melds)
    for allow_quad in (True, False):
        assert hand.shanten(counts, melds, allow_quad) == ref.shanten(counts, melds, allow_quad)
    if melds == 0:
        for allow_quad in (True, False):
            assert hand.shanten_qidui(counts, allow_quad) == ref.shanten_qidui(counts, allow_quad)
        assert hand.shanten_shisanyao(counts) == ref.shanten_shisanyao(counts)
    assert hand.useful_tiles(counts, melds) == ref.useful_tiles(counts, melds)
    if size % 3 == 1:
        assert hand.waits(counts, melds) == ref.waits(counts, melds)
        assert hand.waits(counts, melds, qidui_allow_quad=False) == ref.waits(counts, melds, False)
    else:
        for allow_quad in (True, False):
            assert hand.is_complete(counts, melds, allow_quad) == ref.is_complete(counts, melds, allow_quad)


# --- named positions -------------------------------------------------------------------------

def test_nine_gates_waits_on_all_nine():
    # RULES §1.6 r37: 九莲宝灯 1112345678999m is tenpai on every 万.
    assert hand.shanten("1112345678999m") == 0
    assert hand.waits("1112345678999m") == list(range(9))


def test_thirteen_orphans_thirteen_sided_wait():
    # RULES §1.5 r29: thirteen distinct 幺九/字 kinds wait on any of the thirteen.
    h = "19m19p19s1234567z"
    assert hand.shanten_shisanyao(h) == 0
    assert hand.waits(h) == kinds("19m19p19s1234567z")
    assert hand.is_complete("19m19p19s12345677z")


def test_thirteen_orphans_with_pair_waits_on_the_missing_kind():
    # RULES §1.5 r29
    assert hand.waits("119m19p19s123456z") == [kind("7z")]
    assert hand.waits("11m19p19s1234567z") == [kind("9m")]
    assert hand.shanten_shisanyao("11m19p19s1234566z") == 1


@pytest.mark.parametrize("allow_quad, complete, qidui_shanten", [(True, True, -1), (False, False, 1)])
def test_seven_pairs_with_a_quad(allow_quad, complete, qidui_shanten):
    # RULES §1.6 r38 (flag qidui_allow_quad, A7): four identical tiles count as two pairs only with the flag.
    h = "1111m2233p4455s66z"
    assert hand.is_complete(h, qidui_allow_quad=allow_quad) is complete
    assert hand.shanten_qidui(h, allow_quad=allow_quad) == qidui_shanten
    assert hand.shanten(h, qidui_allow_quad=allow_quad) == qidui_shanten


def test_seven_pairs_quad_waiting_hand_depends_on_the_flag():
    # RULES §1.6 r38: 1111m + five pairs + a single waits on the single only when quads count.
    h = "1111m2233p4455s6z"
    assert hand.waits(h, qidui_allow_quad=True) == [kind("6z")]
    assert hand.waits(h, qidui_allow_quad=False) == []


def test_seven_pairs_never_waits_on_a_third_copy_without_quads():
    # RULES §1.6 r38: with the flag off, 6 pairs + a triplet-to-be is not a 七对 wait.
    assert hand.shanten_qidui("112233m4455p666s", allow_quad=False) == 1
    assert hand.shanten_qidui("112233m4455p666s", allow_quad=True) == 0


def test_honors_never_form_sequences():
    # RULES §1.6 r37: honors form only triplets and pairs.
    assert not hand.is_complete("123456789m11p123z")
    assert hand.shanten_regular("123456789m11p123z") == 1
    assert hand.waits("123456789m11p12z") == []
    assert hand.waits("123456789m11p12s") == [kind("3s")]


def test_four_fixed_melds_wait_on_a_single_tile():
    # RULES §1.6 r37: with 4 melds the lone tile waits on its own kind.
    assert hand.waits("5p", melds=4) == [kind("5p")]
    assert hand.is_complete("55p", melds=4)
    assert hand.shanten("5p", melds=4) == 0


def test_four_of_a_kind_never_waits_on_a_fifth_copy():
    # Fifth-copy rule (sim.hand docstring): 1111m cannot wait on 1m.
    assert hand.waits("1111m", melds=3) == []
    assert hand.shanten_regular("1111m", melds=3) == 1
    assert hand.waits("1111234m567p999s") == [kind("4m")]
    assert hand.waits("2222m", melds=3) == []
    assert kind("1m") not in hand.useful_tiles("1111m", melds=3)


def test_drop_exhausted_uses_the_players_melded_tiles():
    # RULES r27: a wait whose four copies are all the player's own does not count.
    h = "23m456p789s11z"
    assert hand.waits(h, melds=1) == [kind("1m"), kind("4m")]
    assert hand.waits(h, melds=1, drop_exhausted=True) == [kind("1m"), kind("4m")]
    assert hand.waits(h, melds=1, drop_exhausted=True, exposed="1111m") == [kind("4m")]


def test_complete_forms_reports_every_form():
    both = parse("11223344556677m")
    forms = kernel.complete_forms_k(both, 0, True, TABLES)
    assert forms == kernel.FORM_REGULAR | kernel.FORM_QIDUI
    assert kernel.complete_forms_k(parse("19m19p19s12345677z"), 0, True, TABLES) == kernel.FORM_SHISANYAO
    assert kernel.complete_forms_k(parse("123m456p789s111z2z"), 0, True, TABLES) == 0


def test_qidui_and_shisanyao_need_a_concealed_hand():
    # RULES §1.6 r38 (门清): with a meld only the regular form counts.
    counts = parse("19m19p19s1234z")
    regular = kernel.shanten_regular_k(counts, 1, TABLES)
    assert regular > kernel.shanten_shisanyao_k(counts)
    assert kernel.shanten_k(counts, 1, True, kernel.FORM_ALL, TABLES) == regular


def test_tenpai_useful_tiles_are_its_waits():
    h = "1112345678999m"
    assert hand.useful_tiles(h) == hand.waits(h)


def test_useful_tiles_of_a_14_tile_hand_are_those_after_the_keeping_discards():
    # Invariant over random hands: drawing before the discard, a kind is useful exactly when it is
    # useful for some 13-tile hand left by a discard that keeps the shanten.
    rng = np.random.default_rng(5)
    for _ in range(300):
        counts = random_hand(rng, 14)
        here = hand.shanten(counts)
        union = set()
        for k in np.flatnonzero(counts):
            after = counts.copy()
            after[k] -= 1
            if hand.shanten(after) == here:
                union.update(hand.useful_tiles(after))
        assert hand.useful_tiles(counts) == sorted(union)


# --- input validation ------------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: hand.shanten("123m", melds=0), "hand has 3 tiles"),
    (lambda: hand.shanten("1112345678999m", melds=5), "melds=5"),
    (lambda: hand.shanten("1112345678999m", melds="1"), "melds='1'"),
    (lambda: hand.waits("11123456789999m"), "must have 13"),
    (lambda: hand.is_complete("1112345678999m"), "must have 14"),
    (lambda: hand.shanten(np.zeros(33, np.int8)), "34 counts"),
    (lambda: hand.shanten_many(np.zeros((3, 33), np.int8)), "shape (N, 34)"),
    (lambda: hand.shanten_many(np.full((2, 34), 5, np.int8)), "between 0 and 4"),
    (lambda: hand.shanten_many(np.zeros((2, 34), np.int8)), "row 0 of H has 0 tiles"),
])
def test_bad_input_raises_a_clear_value_error(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


# --- tables against the reference ------------------------------------------------------------

@pytest.mark.parametrize("component, n_ranks, with_sequences", [(0, 9, True), (1, 7, False)])
def test_table_entries_match_reference(component, n_ranks, with_sequences):
    rng = np.random.default_rng(20261129 + component)
    table = TABLES[component]
    indices = np.concatenate([np.arange(50), rng.integers(0, 5**n_ranks, size=1500)])
    for index in indices:
        pattern = [int(index) // 5**r % 5 for r in range(n_ranks)]
        expected = ref.component_distances(tuple(pattern), with_sequences)
        for cls in range(10):
            entry = int(table[index, cls])
            assert entry >> kernel.DIST_SHIFT == expected[cls]
            lowered = 0
            for r in range(n_ranks):
                if pattern[r] < 4:
                    more = list(pattern)
                    more[r] += 1
                    if ref.component_distances(tuple(more), with_sequences)[cls] < expected[cls]:
                        lowered |= 1 << r
            assert entry & kernel.RANK_BITS == lowered


@pytest.mark.slow
def test_random_hands_match_reference():
    # 20,000 seeded hands: 13 and 14 tiles concealed, and with 1-4 fixed melds.
    rng = np.random.default_rng(7)
    for i in range(20_000):
        melds = 0 if i % 2 == 0 else 1 + (i // 2) % 4
        size = 3 * (4 - melds) + 1 + (i // 8) % 2
        assert_matches_reference(random_hand(rng, size), melds)


def test_shanten_many_matches_single_calls():
    rng = np.random.default_rng(11)
    for melds, size in ((0, 13), (0, 14), (2, 8)):
        hands_array = np.stack([random_hand(rng, size) for _ in range(300)])
        many = hand.shanten_many(hands_array, melds=melds, qidui_allow_quad=False)
        assert many.dtype == np.int8
        assert many.tolist() == [hand.shanten(h, melds, qidui_allow_quad=False) for h in hands_array]


@st.composite
def biased_hands(draw, bias):
    """Return (counts, melds): a hand biased toward one suit, or toward pairs, triplets and quads."""
    melds = draw(st.integers(0, 4))
    size = 3 * (4 - melds) + draw(st.sampled_from([1, 2]))
    if bias == "suit":
        suit = draw(st.integers(0, 3))
        width = 9 if suit < 3 else 7
        order = draw(st.lists(st.integers(0, 33), max_size=2))
        order += [suit * 9 + r for r in draw(st.lists(st.integers(0, width - 1), min_size=40, max_size=40))]
    else:
        pool = draw(st.lists(st.integers(0, 33), min_size=3, max_size=7, unique=True))
        order = [k for k in pool for _ in range(draw(st.integers(2, 4)))]
        order += draw(st.lists(st.integers(0, 33), min_size=14, max_size=14))
    counts = np.zeros(34, np.int8)
    for k in order:
        if counts.sum() == size:
            break
        if counts[k] < 4:
            counts[k] += 1
    assume(counts.sum() == size)
    return counts, melds


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(biased_hands("suit"))
def test_one_suit_hands_match_reference(case):
    assert_matches_reference(*case)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(biased_hands("pairs"))
def test_pair_and_quad_hands_match_reference(case):
    assert_matches_reference(*case)


# --- the disk cache --------------------------------------------------------------------------

def test_cache_dir_precedence(monkeypatch, tmp_path):
    monkeypatch.setenv("MJRULES_CACHE_DIR", str(tmp_path / "own"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert hand_tables.cache_dir() == tmp_path / "own"
    monkeypatch.delenv("MJRULES_CACHE_DIR")
    assert hand_tables.cache_dir() == tmp_path / "xdg" / "mahjong-rules-lab"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert hand_tables.cache_dir() == tmp_path / "home" / ".cache" / "mahjong-rules-lab"


def count_builds(monkeypatch, tmp_path):
    """Count builds of the tables into a cache at ``tmp_path`` (tests/table_cache_counting.py)."""
    return count_table_builds(monkeypatch, tmp_path, "build_tables", "_memo", TABLES)


def test_cache_is_written_once_then_loaded(monkeypatch, tmp_path):
    builds = count_builds(monkeypatch, tmp_path)
    first = hand_tables.get_tables()
    assert len(builds) == 1 and (tmp_path / hand_tables.CACHE_FILE).exists()
    assert [p.name for p in tmp_path.iterdir()] == [hand_tables.CACHE_FILE]  # no temporary left behind
    monkeypatch.setattr(hand_tables, "_memo", None)
    second = hand_tables.get_tables()
    assert len(builds) == 1
    assert all(np.array_equal(a, b) for a, b in zip(first, second))
    assert hand_tables.get_tables() is second  # memoised in-process


@pytest.mark.parametrize("content", ["stale", "garbage"])
def test_stale_or_broken_cache_is_rebuilt(monkeypatch, tmp_path, content):
    path = tmp_path / hand_tables.CACHE_FILE
    if content == "stale":
        np.savez(path, version=np.int64(hand_tables.TABLE_VERSION - 1), suit=TABLES.suit_rows, honor=TABLES.honor_rows)
    else:
        path.write_bytes(b"not a table file")
    builds = count_builds(monkeypatch, tmp_path)
    hand_tables.get_tables()
    assert len(builds) == 1
    assert hand_tables._load(path) is not None  # rewritten with the current stamp
