"""金华 wall arithmetic and claim helpers (sim.variants.jinhua._reserve, _calls): the 财神 indicator, the
白板 face, the constant 14-tile reserve and its draw budget; 吃 shapes, 碰, 过碰, 吃张打张 and the dead
财神 (RULES §3.1 r4, §3.2 r5–r6, r8–r9, §3.3 r10–r12).
"""
import numpy as np

from sim.tiles import kind, parse
from sim.variants.jinhua import _calls as calls
from sim.variants.jinhua import _reserve as reserve

WHITE = 33


# --- indicator and reserve -------------------------------------------------------------------

def test_caishen_is_the_turned_tiles_own_kind():
    # RULES §3.2 r5 (A28): the turned tile's own kind is the 财神; it is the wall's last position.
    wall = np.arange(136, dtype=np.int64) // 4
    wall = wall.astype(np.int8)
    wall[reserve.INDICATOR_POSITION] = kind("6s")
    assert reserve.caishen_kind_k(wall) == kind("6s")
    assert reserve.INDICATOR_POSITION == 135 and reserve.FIRST_REPLACEMENT == 134


def test_white_stands_for_the_caishen_face_unless_it_is_the_caishen():
    # RULES §3.2 r6: 翻了6条, 白板当 6条; with 白板 as the 财神 there is no stand-in.
    assert reserve.white_face_k(kind("6s")) == kind("6s")
    assert reserve.white_face_k(kind("1z")) == kind("1z")
    assert reserve.white_face_k(WHITE) == -1


def test_draw_budget_is_68_or_69_with_the_indicator_in_reserve():
    # RULES §3.1 r4: 136 − 53 − 1 − 14 = 68 draws after the deal, replacements included; 69 with
    # jh_indicator_in_reserve; with jh_dead_wall = none only the indicator is out: 82.
    assert reserve.draw_budget_k(14, False) == 68
    assert reserve.draw_budget_k(14, True) == 69
    assert reserve.draw_budget_k(0, False) == 82
    assert reserve.draw_budget_k(0, True) == 82
    assert reserve.draw_budget_k(10, False) == 72  # a reserve-size sweep
    # engine counters count the dealer's 14th tile as a front draw
    assert reserve.draw_limit_k(14, False) == 69


def test_every_replacement_shortens_the_live_wall_and_the_last_draw_is_haidi():
    # RULES §3.1 r4: the reserve stays at 14, so front + replacement draws share one budget; 海底 is
    # the draw that leaves no live tile (RULES §3.4 r15).
    limit = reserve.draw_limit_k(14, False)
    for replacements in (0, 1, 4):
        front = limit - replacements
        assert reserve.draw_allowed_k(front - 1, replacements, 14, False)
        assert not reserve.is_last_tile_k(front - 1, replacements, 14, False)
        assert reserve.is_last_tile_k(front, replacements, 14, False)
        assert not reserve.draw_allowed_k(front, replacements, 14, False)
        # positions never cross: the last front draw lies below the last replacement
        last_front = reserve.front_position_k(front - 1)
        last_replacement = reserve.replacement_position_k(replacements - 1) if replacements else 135
        assert last_front < last_replacement
        # the 14 positions between them (exclusive) are the reserve
        assert last_replacement - last_front - 1 == 14


def test_reserve_positions_with_the_indicator_inside():
    limit = reserve.draw_limit_k(14, True)
    # the last front draw lies just below the reserve: 13 tiles under the indicator and the indicator
    assert reserve.front_position_k(limit - 1) == reserve.INDICATOR_POSITION - 14


# --- claims -----------------------------------------------------------------------------------

def test_chow_three_shapes_from_the_left_only():
    # RULES §3.3 r10: 吃 only from the 上家 (the claimer is the discarder's 下家), in three shapes.
    held = parse("1245m")
    assert calls.chow_shapes_k(held, kind("3m"), kind("5s"), False) == (
        calls.CHOW_LOW | calls.CHOW_MID | calls.CHOW_HIGH)
    assert calls.chow_shapes_k(held, kind("6m"), kind("5s"), False) == calls.CHOW_HIGH
    assert calls.chow_shapes_k(held, kind("7m"), kind("5s"), False) == 0
    assert calls.chow_shapes_k(parse("23m"), kind("1m"), kind("5s"), False) == calls.CHOW_LOW
    assert calls.chow_shapes_k(parse("11z"), kind("1z"), kind("5s"), False) == 0
    assert calls.is_next_seat_k(1, 0) and calls.is_next_seat_k(0, 3)
    assert not calls.is_next_seat_k(2, 0) and not calls.is_next_seat_k(3, 0)


def test_white_chows_as_the_caishen_face():
    # RULES §3.2 r6: with 财神 = 3m, a held 白板 is 3m: 2m + 白板 chow a discarded 4m; a discarded 白板
    # is 3m and chows with 24m.
    assert calls.chow_shapes_k(parse("2m7z"), kind("4m"), kind("3m"), False) == calls.CHOW_HIGH
    assert calls.chow_shapes_k(parse("24m"), WHITE, kind("3m"), False) == calls.CHOW_MID
    # the 财神 kind's own tiles are wilds, never the face
    assert calls.chow_shapes_k(parse("23m"), kind("4m"), kind("3m"), False) == 0


def test_a_discarded_caishen_is_dead_and_no_caishen_goes_into_a_meld():
    # RULES §3.2 r8: a discarded 财神 cannot be chowed or ponged; r9 (A34): a held 财神 does not help
    # a meld unless jh_wild_in_melds.
    wild = kind("5s")
    assert calls.chow_shapes_k(parse("46s"), wild, wild, True) == 0
    assert not calls.pong_allowed_k(parse("55s"), wild, wild, True, np.int64(0))
    assert calls.chow_shapes_k(parse("4s5s"), kind("3s"), wild, False) == 0
    assert calls.chow_shapes_k(parse("4s5s"), kind("3s"), wild, True) == calls.CHOW_LOW | calls.CHOW_MID
    assert not calls.pong_allowed_k(parse("9m5s"), kind("9m"), wild, False, np.int64(0))
    assert calls.pong_allowed_k(parse("9m5s"), kind("9m"), wild, True, np.int64(0))


def test_guo_peng_blocks_the_declined_kind_until_the_next_turn():
    # RULES §3.3 r11: a seat that declined to pong 9m cannot pong 9m again (the mask is cleared at its
    # next turn by the engine), but may pong another kind.
    wild = kind("5s")
    held = parse("99m11p")
    declined = calls.decline_pong_k(np.int64(0), kind("9m"))
    assert calls.pong_allowed_k(held, kind("9m"), wild, False, np.int64(0))
    assert not calls.pong_allowed_k(held, kind("9m"), wild, False, declined)
    assert calls.pong_allowed_k(held, kind("1p"), wild, False, declined)


def test_chi_zhang_da_zhang_forbidden_only_after_two_chows_from_the_left():
    # RULES §3.3 r12: hold 3456s, 吃 6s (with 45s): discarding 3s is allowed, unless two chows from the
    # 上家 were already held; then 6s and 3s are forbidden.
    wild = kind("5m")
    assert calls.chow_discard_forbidden_k(kind("6s"), calls.CHOW_HIGH, 1, wild) == 0
    forbidden = int(calls.chow_discard_forbidden_k(kind("6s"), calls.CHOW_HIGH, 2, wild))
    assert forbidden == (1 << kind("6s")) | (1 << kind("3s"))
    forbidden = int(calls.chow_discard_forbidden_k(kind("2p"), calls.CHOW_LOW, 2, wild))
    assert forbidden == (1 << kind("2p")) | (1 << kind("5p"))
    assert int(calls.chow_discard_forbidden_k(kind("2p"), calls.CHOW_MID, 2, wild)) == 1 << kind("2p")
    # the other end showing the 财神's face is a 白板
    forbidden = int(calls.chow_discard_forbidden_k(kind("8m"), calls.CHOW_HIGH, 2, wild))
    assert forbidden == (1 << kind("8m")) | (1 << WHITE)


def test_next_dealer_lunzhuang_and_the_flag():
    # RULES §3.1 r2, A27: by default the dealer stays only on its own win; a 闲 win or 荒庄 passes the deal on
    from sim.core.codes import JH_DEALER_ROTATE, JH_DEALER_STAY, JH_DEALER_WINNER
    assert reserve.next_dealer_k(2, 2, JH_DEALER_STAY) == 2
    assert reserve.next_dealer_k(2, 0, JH_DEALER_STAY) == 3
    assert reserve.next_dealer_k(3, -1, JH_DEALER_STAY) == 0
    assert reserve.next_dealer_k(2, 2, JH_DEALER_ROTATE) == 3
    assert reserve.next_dealer_k(2, 0, JH_DEALER_WINNER) == 0
    assert reserve.next_dealer_k(2, -1, JH_DEALER_WINNER) == 2
