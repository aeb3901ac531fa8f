"""推倒胡 wall and dealer (sim.variants.plain.draws, .dealer and their hooks): the wall is drawn to its last tile with
replacements from the tail, 荒庄 when the seat to draw finds it empty, a kong needs a tile left, and the dealer
stays on its own win or a 荒庄, else its 下家 deals (docs/rules/plain.md r1–r5, r7).
"""
import pytest

from plain_states import Table, rule_vec
from sim.core.state import ST_DEALER, ST_FRONT_DRAWS, ST_REPLACEMENTS, ST_WINNER
from sim.core.wall import DEAL_SIZE, WALL_SIZE, wall_size
from sim.variants.plain import hooks
from sim.variants.plain.draws import DRAWS_PER_HAND, KEPT_BACK, tiles_left_k


def state(front, replacements):
    table = Table()
    table.st[ST_FRONT_DRAWS] = front
    table.st[ST_REPLACEMENTS] = replacements
    return table.st


def test_r1_r2_the_wall_is_136_tiles_and_84_are_left_after_the_deal():
    # docs/rules/plain.md r1, r2: 136 tiles with honours; 4 × 13 dealt, so 84 to draw (the dealer's 14th included)
    assert wall_size(rule_vec()) == WALL_SIZE == 136
    assert DRAWS_PER_HAND == WALL_SIZE - DEAL_SIZE == 84
    assert tiles_left_k(0, 0) == 84


@pytest.mark.parametrize("front, replacements, allowed", [
    (0, 0, True), (83, 0, True), (84, 0, False), (79, 4, True), (80, 4, False), (70, 13, True), (71, 13, False),
])
def test_r3_r4_every_tile_is_drawn_then_the_hand_is_huang(front, replacements, allowed):
    # docs/rules/plain.md r3, r4: front and tail draws use up the same 84 tiles, none kept back; the seat to draw
    # after the 84th finds the wall empty: 荒庄
    st = state(front, replacements)
    assert hooks.front_draw_allowed(rule_vec(), st) == allowed
    assert (tiles_left_k(front, replacements) > 0) == allowed


def test_r3_the_draw_limit_statement_keeps_nothing_back():
    # docs/rules/plain.md r3: for the invariant checker every draw counts and 0 tiles are kept back
    assert hooks.draw_limit(rule_vec(), state(10, 2)) == (hooks.LIMIT_EVERY_DRAW, 0) and KEPT_BACK == 0
    assert (hooks.LIMIT_FRONT_DRAWS, hooks.LIMIT_AT_FRONT_DRAW, hooks.LIMIT_EVERY_DRAW) == (0, 1, 2)


def test_r3_kong_replacements_start_at_the_last_tile():
    # docs/rules/plain.md r3: the first replacement is position 135, then downward
    assert hooks.first_tail_position(rule_vec()) == 135


@pytest.mark.parametrize("front, replacements, allowed", [(82, 1, True), (83, 1, False), (84, 0, False)])
def test_r7_a_kong_needs_a_tile_left_for_its_replacement(front, replacements, allowed):
    # docs/rules/plain.md r7: after the last tile is drawn nobody may kong (no replacement is left)
    assert hooks.kong_allowed(rule_vec(), state(front, replacements)) == allowed


@pytest.mark.parametrize("dealer, winner, expected", [
    (0, 0, 0),    # the dealer won: it stays
    (2, -1, 2),   # 荒庄: the dealer stays
    (1, 3, 2),    # another seat won: the dealer's 下家 deals, not the winner
    (3, 1, 0),
    (3, 0, 0),
])
def test_r5_the_dealer_stays_on_its_win_or_huang_else_the_next_seat_deals(dealer, winner, expected):
    # docs/rules/plain.md r5
    table = Table()
    table.st[ST_DEALER] = dealer
    table.st[ST_WINNER] = winner
    assert hooks.next_dealer(rule_vec(), table.st) == expected
