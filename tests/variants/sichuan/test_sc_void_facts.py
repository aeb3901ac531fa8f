"""What a seat's discards tell the others of its void tiles (docs/rules/sichuan.md r12): under ``strict`` a discard
outside the void suit shows the seat holds no void tile, and the search player's worlds deal it none (hook
``kinds_never_held``, sim/variants/sichuan/void_facts.py). Whole hands on stacked walls (sc_scenarios)."""
import numpy as np

from sc_scenarios import table
from sim.core import state as S
from sim.tiles import kind
from sim.variants.sichuan.hand_state import SC_VOID_CLEAR

# Seat 3 declares 条 (two 78s against seven 万 and four 筒) and must shed 7s and 8s before any other tile (r12).
HANDS = {0: "123456789s1239p", 1: "123m456m789m11p23s", 2: "234567p2345678s", 3: "1245678m2345p78s"}


def _played(**flags):
    """Yield (table, seat, tile) after every discard of a hand auto-played to its end."""
    t = table(HANDS, **flags)
    while t.phase != "over":
        seat, action = t.to_act, t.auto_action()
        t.step(seat, action)
        if action.startswith("discard"):
            yield t, seat, kind(action.split()[1])


def _never(t, seat):
    hooks = t.game._engine.module("sim.variants.sichuan.hooks")
    return int(hooks.kinds_never_held(t.game._rule_vec, t.game._st, seat))


def test_r12_strict_a_discard_outside_the_void_suit_shows_no_void_tile_is_held():
    # docs/rules/sichuan.md r12 (strict): after each discard the seat's mark says whether the tile was outside its
    # void suit, and a marked seat holds no void tile; seat 3 is marked only after its 7s and 8s are gone
    marked = 0
    for t, seat, tile in _played():
        void = t.void(seat)
        assert t.game._st[SC_VOID_CLEAR + seat] == (tile // 9 != void)
        if _never(t, seat):
            assert _never(t, seat) == 0x1FF << (9 * void)
            assert t.counts(seat)[9 * void:9 * void + 9].sum() == 0
            marked += 1
        if seat == 3 and tile // 9 == 2:
            assert _never(t, 3) == 0
    assert marked >= 20


def test_r12_lenient_and_implicit_tell_nothing():
    # docs/rules/sichuan.md r12 (lenient: any discard is legal), r18 (implicit: no suit declared): no mark ever
    for flags in ({"sc_void_discard": "lenient"}, {"sc_dingque": "implicit"}):
        assert all(_never(t, seat) == 0 for t, seat, _ in _played(**flags)), flags


def test_r12_a_kong_window_of_the_marked_seat_itself_tells_nothing():
    # docs/rules/sichuan.md r12: in a window a seat opened by a 补杠 it has drawn since its last discard, so its
    # mark is not read; kinds_never_held is 0 there whatever the mark
    t = table(HANDS)
    st = t.game._st.copy()
    st[SC_VOID_CLEAR + 3] = 1
    st[S.ST_DINGQUE + 3] = 3
    hooks = t.game._engine.module("sim.variants.sichuan.hooks")
    assert hooks.kinds_never_held(t.game._rule_vec, st, 3) == 0x1FF << 18
    st[S.ST_PHASE], st[S.ST_PENDING_FROM], st[S.ST_PENDING_KIND] = S.PHASE_CLAIM, 3, S.PEND_BUGANG
    assert hooks.kinds_never_held(t.game._rule_vec, st, 3) == 0
    st[S.ST_PENDING_KIND] = S.PEND_DISCARD
    assert hooks.kinds_never_held(t.game._rule_vec, st, 3) == 0x1FF << 18
    assert np.int64(hooks.kinds_never_held(t.game._rule_vec, st, 2)) == 0
