"""The hooks of an engine that plays several variants: a run-time switch over the run's variants — compiled kernels.

Written by sim/switch_source.py (``python -m sim.switch_source``); do not edit by hand.

``sim.engine`` binds this module to the ``hooks`` slot (sim.core.slots) of the engine of a run that plays more than
one variant (``sim.table_engines.run_plays``), ``VARIANT`` to VARIANT_ANY, and ``hooks0``, ``hooks1``, ... / ``VARIANT0``, ...
(one pair per registered rule set, N_SWITCH_SLOTS) to the run's variants' hooks modules and codes, in code order.
Every hook of the protocol (docs/architecture.md
"Adding a variant") is here with the same name and parameter list: it reads ``rule_vec[R_VARIANT]`` and calls the
hook of the variant that holds the code. A slot the run leaves free holds VARIANT_NONE (and
sim.core.hook_defaults), and its branch is pruned at compile time; the first slot is the fall-through, which
``start_hand`` guarantees (it refuses a rule vector of a variant the engine does not hold, ``plays_variant``).

So the shared core — the hand loop, the action kernels, the legal builder, the checks — compiles once for all the
variants of the run instead of once per variant; only the hooks' own bodies compile per variant, as before.
A hook is inlined (``inline='always'``) when one of the variants inlines it, so that a call site compiles the
bodies it would have compiled in each variant's own engine; a hook no variant inlines is a compiled call of its
own. Imports only sim.core: the variants reach it through the slots.
"""
from numba import njit

from sim.core.codes import VARIANT_NONE
from sim.core.hook_defaults import LIMIT_AT_FRONT_DRAW, LIMIT_EVERY_DRAW, LIMIT_FRONT_DRAWS  # noqa: F401  (protocol)
from sim.core.rule_layout import R_VARIANT
from sim.core.slots import VARIANT0, VARIANT1, VARIANT2, VARIANT3, VARIANT4, hooks0, hooks1, hooks2, hooks3, hooks4

#: how many variants the switch holds: one per registered rule set (sim.engine frees those a run omits)
N_SWITCH_SLOTS = 5


@njit(cache=True, inline='always')
def plays_variant(code):
    """Return True when the variant ``code`` (rule_vec[R_VARIANT]) is one the switch holds."""
    return code != VARIANT_NONE and (code == VARIANT0 or code == VARIANT1 or code == VARIANT2 or code == VARIANT3 or
                                     code == VARIANT4)


@njit(cache=True, inline='always')
def win_forms(rule_vec, st, seat):
    """Hook ``win_forms`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.win_forms(rule_vec, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.win_forms(rule_vec, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.win_forms(rule_vec, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.win_forms(rule_vec, st, seat)
    return hooks0.win_forms(rule_vec, st, seat)


@njit(cache=True, inline='always')
def blocked_claim_bits(rule_vec, st, seat, tile):
    """Hook ``blocked_claim_bits`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.blocked_claim_bits(rule_vec, st, seat, tile)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.blocked_claim_bits(rule_vec, st, seat, tile)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.blocked_claim_bits(rule_vec, st, seat, tile)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.blocked_claim_bits(rule_vec, st, seat, tile)
    return hooks0.blocked_claim_bits(rule_vec, st, seat, tile)


@njit(cache=True, inline='always')
def declares_missing_suit(rule_vec):
    """Hook ``declares_missing_suit`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.declares_missing_suit(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.declares_missing_suit(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.declares_missing_suit(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.declares_missing_suit(rule_vec)
    return hooks0.declares_missing_suit(rule_vec)


@njit(cache=True, inline='always')
def discard_forbidden(rule_vec, st, seat):
    """Hook ``discard_forbidden`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.discard_forbidden(rule_vec, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.discard_forbidden(rule_vec, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.discard_forbidden(rule_vec, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.discard_forbidden(rule_vec, st, seat)
    return hooks0.discard_forbidden(rule_vec, st, seat)


@njit(cache=True, inline='always')
def first_tail_position(rule_vec):
    """Hook ``first_tail_position`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.first_tail_position(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.first_tail_position(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.first_tail_position(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.first_tail_position(rule_vec)
    return hooks0.first_tail_position(rule_vec)


@njit(cache=True, _nrt=False)
def hand_complete(rule_vec, tables, hands, frozen, st, seat):
    """Hook ``hand_complete`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.hand_complete(rule_vec, tables, hands, frozen, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.hand_complete(rule_vec, tables, hands, frozen, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.hand_complete(rule_vec, tables, hands, frozen, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.hand_complete(rule_vec, tables, hands, frozen, st, seat)
    return hooks0.hand_complete(rule_vec, tables, hands, frozen, st, seat)


@njit(cache=True, inline='always')
def meld_tile_kind(rule_vec, st, shown):
    """Hook ``meld_tile_kind`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.meld_tile_kind(rule_vec, st, shown)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.meld_tile_kind(rule_vec, st, shown)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.meld_tile_kind(rule_vec, st, shown)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.meld_tile_kind(rule_vec, st, shown)
    return hooks0.meld_tile_kind(rule_vec, st, shown)


@njit(cache=True, inline='always')
def on_claim_answer(rule_vec, hands, st, seat, action):
    """Hook ``on_claim_answer`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_claim_answer(rule_vec, hands, st, seat, action)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_claim_answer(rule_vec, hands, st, seat, action)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_claim_answer(rule_vec, hands, st, seat, action)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_claim_answer(rule_vec, hands, st, seat, action)
    return hooks0.on_claim_answer(rule_vec, hands, st, seat, action)


@njit(cache=True, inline='always')
def on_turn_start(rule_vec, st, seat):
    """Hook ``on_turn_start`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_turn_start(rule_vec, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_turn_start(rule_vec, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_turn_start(rule_vec, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_turn_start(rule_vec, st, seat)
    return hooks0.on_turn_start(rule_vec, st, seat)


@njit(cache=True, inline='always')
def self_kong_forbidden(rule_vec, st, seat):
    """Hook ``self_kong_forbidden`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.self_kong_forbidden(rule_vec, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.self_kong_forbidden(rule_vec, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.self_kong_forbidden(rule_vec, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.self_kong_forbidden(rule_vec, st, seat)
    return hooks0.self_kong_forbidden(rule_vec, st, seat)


@njit(cache=True, inline='always')
def ting_exists(rule_vec):
    """Hook ``ting_exists`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.ting_exists(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.ting_exists(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.ting_exists(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.ting_exists(rule_vec)
    return hooks0.ting_exists(rule_vec)


@njit(cache=True, _nrt=False)
def variant_state_ok(rule_vec, st):
    """Hook ``variant_state_ok`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.variant_state_ok(rule_vec, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.variant_state_ok(rule_vec, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.variant_state_ok(rule_vec, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.variant_state_ok(rule_vec, st)
    return hooks0.variant_state_ok(rule_vec, st)


@njit(cache=True, inline='always')
def misses_a_suit(rule_vec):
    """Hook ``misses_a_suit`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.misses_a_suit(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.misses_a_suit(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.misses_a_suit(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.misses_a_suit(rule_vec)
    return hooks0.misses_a_suit(rule_vec)


@njit(cache=True, inline='always')
def has_wilds(rule_vec):
    """Hook ``has_wilds`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.has_wilds(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.has_wilds(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.has_wilds(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.has_wilds(rule_vec)
    return hooks0.has_wilds(rule_vec)


@njit(cache=True, inline='always')
def blocked_suits(rule_vec, melds, st, seat):
    """Hook ``blocked_suits`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.blocked_suits(rule_vec, melds, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.blocked_suits(rule_vec, melds, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.blocked_suits(rule_vec, melds, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.blocked_suits(rule_vec, melds, st, seat)
    return hooks0.blocked_suits(rule_vec, melds, st, seat)


@njit(cache=True, inline='always')
def declared_suit_kinds(rule_vec, st, seat):
    """Hook ``declared_suit_kinds`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.declared_suit_kinds(rule_vec, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.declared_suit_kinds(rule_vec, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.declared_suit_kinds(rule_vec, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.declared_suit_kinds(rule_vec, st, seat)
    return hooks0.declared_suit_kinds(rule_vec, st, seat)


@njit(cache=True, inline='always')
def never_winning_kinds(rule_vec):
    """Hook ``never_winning_kinds`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.never_winning_kinds(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.never_winning_kinds(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.never_winning_kinds(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.never_winning_kinds(rule_vec)
    return hooks0.never_winning_kinds(rule_vec)


@njit(cache=True, inline='always')
def self_draw_only_kinds(rule_vec):
    """Hook ``self_draw_only_kinds`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.self_draw_only_kinds(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.self_draw_only_kinds(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.self_draw_only_kinds(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.self_draw_only_kinds(rule_vec)
    return hooks0.self_draw_only_kinds(rule_vec)


@njit(cache=True, inline='always')
def wild_kind(rule_vec, st):
    """Hook ``wild_kind`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.wild_kind(rule_vec, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.wild_kind(rule_vec, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.wild_kind(rule_vec, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.wild_kind(rule_vec, st)
    return hooks0.wild_kind(rule_vec, st)


@njit(cache=True, inline='always')
def wild_indicator_position(rule_vec):
    """Hook ``wild_indicator_position`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.wild_indicator_position(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.wild_indicator_position(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.wild_indicator_position(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.wild_indicator_position(rule_vec)
    return hooks0.wild_indicator_position(rule_vec)


@njit(cache=True, inline='always')
def meld_face_kind(rule_vec, tile, wild):
    """Hook ``meld_face_kind`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.meld_face_kind(rule_vec, tile, wild)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.meld_face_kind(rule_vec, tile, wild)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.meld_face_kind(rule_vec, tile, wild)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.meld_face_kind(rule_vec, tile, wild)
    return hooks0.meld_face_kind(rule_vec, tile, wild)


@njit(cache=True, inline='always')
def face_holder_kind(rule_vec, shown, wild):
    """Hook ``face_holder_kind`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.face_holder_kind(rule_vec, shown, wild)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.face_holder_kind(rule_vec, shown, wild)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.face_holder_kind(rule_vec, shown, wild)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.face_holder_kind(rule_vec, shown, wild)
    return hooks0.face_holder_kind(rule_vec, shown, wild)


@njit(cache=True, inline='always')
def baotou_ready(rule_vec, tables, hand, n_melds, wild):
    """Hook ``baotou_ready`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.baotou_ready(rule_vec, tables, hand, n_melds, wild)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.baotou_ready(rule_vec, tables, hand, n_melds, wild)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.baotou_ready(rule_vec, tables, hand, n_melds, wild)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.baotou_ready(rule_vec, tables, hand, n_melds, wild)
    return hooks0.baotou_ready(rule_vec, tables, hand, n_melds, wild)


@njit(cache=True, inline='always')
def is_baotou(rule_vec, tables, hand, n_melds, wild, last_tile):
    """Hook ``is_baotou`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.is_baotou(rule_vec, tables, hand, n_melds, wild, last_tile)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.is_baotou(rule_vec, tables, hand, n_melds, wild, last_tile)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.is_baotou(rule_vec, tables, hand, n_melds, wild, last_tile)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.is_baotou(rule_vec, tables, hand, n_melds, wild, last_tile)
    return hooks0.is_baotou(rule_vec, tables, hand, n_melds, wild, last_tile)


@njit(cache=True, inline='always')
def live_tiles_left(rule_vec, st):
    """Hook ``live_tiles_left`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.live_tiles_left(rule_vec, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.live_tiles_left(rule_vec, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.live_tiles_left(rule_vec, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.live_tiles_left(rule_vec, st)
    return hooks0.live_tiles_left(rule_vec, st)


@njit(cache=True, _nrt=False)
def on_play_end(rule_vec, tables, hands, melds, st, money, drawer):
    """Hook ``on_play_end`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_play_end(rule_vec, tables, hands, melds, st, money, drawer)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_play_end(rule_vec, tables, hands, melds, st, money, drawer)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_play_end(rule_vec, tables, hands, melds, st, money, drawer)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_play_end(rule_vec, tables, hands, melds, st, money, drawer)
    return hooks0.on_play_end(rule_vec, tables, hands, melds, st, money, drawer)


@njit(cache=True, _nrt=False)
def on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind):
    """Hook ``on_wins_settled`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind)
    return hooks0.on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind)


@njit(cache=True, inline='always')
def plays_on_after_win(rule_vec):
    """Hook ``plays_on_after_win`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.plays_on_after_win(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.plays_on_after_win(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.plays_on_after_win(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.plays_on_after_win(rule_vec)
    return hooks0.plays_on_after_win(rule_vec)


@njit(cache=True, inline='always')
def preferred_discards(rule_vec, hands, st, seat):
    """Hook ``preferred_discards`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.preferred_discards(rule_vec, hands, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.preferred_discards(rule_vec, hands, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.preferred_discards(rule_vec, hands, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.preferred_discards(rule_vec, hands, st, seat)
    return hooks0.preferred_discards(rule_vec, hands, st, seat)


@njit(cache=True, inline='always')
def kinds_never_held(rule_vec, st, seat):
    """Hook ``kinds_never_held`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.kinds_never_held(rule_vec, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.kinds_never_held(rule_vec, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.kinds_never_held(rule_vec, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.kinds_never_held(rule_vec, st, seat)
    return hooks0.kinds_never_held(rule_vec, st, seat)


@njit(cache=True, inline='always')
def first_dealer(rule_vec, drawn):
    """Hook ``first_dealer`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.first_dealer(rule_vec, drawn)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.first_dealer(rule_vec, drawn)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.first_dealer(rule_vec, drawn)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.first_dealer(rule_vec, drawn)
    return hooks0.first_dealer(rule_vec, drawn)


@njit(cache=True, inline='always')
def kong_draws_from_front(rule_vec):
    """Hook ``kong_draws_from_front`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.kong_draws_from_front(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.kong_draws_from_front(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.kong_draws_from_front(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.kong_draws_from_front(rule_vec)
    return hooks0.kong_draws_from_front(rule_vec)


@njit(cache=True, inline='always')
def on_voids_declared(rule_vec, hands, st):
    """Hook ``on_voids_declared`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_voids_declared(rule_vec, hands, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_voids_declared(rule_vec, hands, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_voids_declared(rule_vec, hands, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_voids_declared(rule_vec, hands, st)
    return hooks0.on_voids_declared(rule_vec, hands, st)


@njit(cache=True, inline='always')
def tile_pass_offset(rule_vec, run_seed, hand_index):
    """Hook ``tile_pass_offset`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.tile_pass_offset(rule_vec, run_seed, hand_index)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.tile_pass_offset(rule_vec, run_seed, hand_index)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.tile_pass_offset(rule_vec, run_seed, hand_index)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.tile_pass_offset(rule_vec, run_seed, hand_index)
    return hooks0.tile_pass_offset(rule_vec, run_seed, hand_index)


@njit(cache=True, inline='always')
def deal_extras(rule_vec, wall, st, events):
    """Hook ``deal_extras`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.deal_extras(rule_vec, wall, st, events)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.deal_extras(rule_vec, wall, st, events)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.deal_extras(rule_vec, wall, st, events)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.deal_extras(rule_vec, wall, st, events)
    return hooks0.deal_extras(rule_vec, wall, st, events)


@njit(cache=True, inline='always')
def front_draw_allowed(rule_vec, st):
    """Hook ``front_draw_allowed`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.front_draw_allowed(rule_vec, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.front_draw_allowed(rule_vec, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.front_draw_allowed(rule_vec, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.front_draw_allowed(rule_vec, st)
    return hooks0.front_draw_allowed(rule_vec, st)


@njit(cache=True, inline='always')
def draw_limit(rule_vec, st):
    """Hook ``draw_limit`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.draw_limit(rule_vec, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.draw_limit(rule_vec, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.draw_limit(rule_vec, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.draw_limit(rule_vec, st)
    return hooks0.draw_limit(rule_vec, st)


@njit(cache=True, inline='always')
def on_discard(rule_vec, tables, hands, melds, st, seat, tile):
    """Hook ``on_discard`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_discard(rule_vec, tables, hands, melds, st, seat, tile)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_discard(rule_vec, tables, hands, melds, st, seat, tile)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_discard(rule_vec, tables, hands, melds, st, seat, tile)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_discard(rule_vec, tables, hands, melds, st, seat, tile)
    return hooks0.on_discard(rule_vec, tables, hands, melds, st, seat, tile)


@njit(cache=True, inline='always')
def on_unclaimed(rule_vec, st, money, events):
    """Hook ``on_unclaimed`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_unclaimed(rule_vec, st, money, events)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_unclaimed(rule_vec, st, money, events)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_unclaimed(rule_vec, st, money, events)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_unclaimed(rule_vec, st, money, events)
    return hooks0.on_unclaimed(rule_vec, st, money, events)


@njit(cache=True, inline='always')
def on_shangjia(rule_vec, st, money, events, seat, tile):
    """Hook ``on_shangjia`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_shangjia(rule_vec, st, money, events, seat, tile)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_shangjia(rule_vec, st, money, events, seat, tile)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_shangjia(rule_vec, st, money, events, seat, tile)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_shangjia(rule_vec, st, money, events, seat, tile)
    return hooks0.on_shangjia(rule_vec, st, money, events, seat, tile)


@njit(cache=True, inline='always')
def on_claim_taken(rule_vec, st):
    """Hook ``on_claim_taken`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_claim_taken(rule_vec, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_claim_taken(rule_vec, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_claim_taken(rule_vec, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_claim_taken(rule_vec, st)
    return hooks0.on_claim_taken(rule_vec, st)


@njit(cache=True, inline='always')
def claim_priority(rule_vec, action):
    """Hook ``claim_priority`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.claim_priority(rule_vec, action)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.claim_priority(rule_vec, action)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.claim_priority(rule_vec, action)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.claim_priority(rule_vec, action)
    return hooks0.claim_priority(rule_vec, action)


@njit(cache=True, inline='always')
def variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source):
    """Hook ``variant_claim_bits`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source)
    return hooks0.variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source)


@njit(cache=True, inline='always')
def apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action):
    """Hook ``apply_variant_claim`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action)
    return hooks0.apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action)


@njit(cache=True, inline='always')
def can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Hook ``can_win`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile)
    return hooks0.can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile)


@njit(cache=True, inline='always')
def self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
    """Hook ``self_win_without_ting`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.self_win_without_ting(rule_vec, tables, hands, melds, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.self_win_without_ting(rule_vec, tables, hands, melds, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.self_win_without_ting(rule_vec, tables, hands, melds, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.self_win_without_ting(rule_vec, tables, hands, melds, st, seat)
    return hooks0.self_win_without_ting(rule_vec, tables, hands, melds, st, seat)


@njit(cache=True, _nrt=False)
def ting_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Hook ``ting_waits`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    return hooks0.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)


@njit(cache=True, _nrt=False)
def ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Hook ``ting_discards`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)
    return hooks0.ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)


@njit(cache=True, inline='always')
def shares_self_scan(rule_vec):
    """Hook ``shares_self_scan`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.shares_self_scan(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.shares_self_scan(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.shares_self_scan(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.shares_self_scan(rule_vec)
    return hooks0.shares_self_scan(rule_vec)


@njit(cache=True, inline='always')
def scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful, mask):
    """Hook ``scanned_ting_marks`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after,
                                         useful, mask)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after,
                                         useful, mask)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after,
                                         useful, mask)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after,
                                         useful, mask)
    return hooks0.scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful,
                                     mask)


@njit(cache=True, inline='always')
def kong_allowed(rule_vec, st):
    """Hook ``kong_allowed`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.kong_allowed(rule_vec, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.kong_allowed(rule_vec, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.kong_allowed(rule_vec, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.kong_allowed(rule_vec, st)
    return hooks0.kong_allowed(rule_vec, st)


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind):
    """Hook ``win_shape`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind)
    return hooks0.win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind)


@njit(cache=True, _nrt=False)
def settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape):
    """Hook ``settle_win`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape)
    return hooks0.settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape)


@njit(cache=True, _nrt=False)
def on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting):
    """Hook ``on_kong`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting)
    return hooks0.on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting)


@njit(cache=True, _nrt=False)
def on_huang(rule_vec, st, money):
    """Hook ``on_huang`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.on_huang(rule_vec, st, money)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.on_huang(rule_vec, st, money)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.on_huang(rule_vec, st, money)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.on_huang(rule_vec, st, money)
    return hooks0.on_huang(rule_vec, st, money)


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Hook ``next_dealer`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.next_dealer(rule_vec, st)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.next_dealer(rule_vec, st)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.next_dealer(rule_vec, st)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.next_dealer(rule_vec, st)
    return hooks0.next_dealer(rule_vec, st)


@njit(cache=True, inline='always')
def has_grab_claims(rule_vec):
    """Hook ``has_grab_claims`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.has_grab_claims(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.has_grab_claims(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.has_grab_claims(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.has_grab_claims(rule_vec)
    return hooks0.has_grab_claims(rule_vec)


@njit(cache=True, inline='always')
def search_worlds(rule_vec):
    """Hook ``search_worlds`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.search_worlds(rule_vec)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.search_worlds(rule_vec)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.search_worlds(rule_vec)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.search_worlds(rule_vec)
    return hooks0.search_worlds(rule_vec)


@njit(cache=True, _nrt=False)
def public_rule_state(rule_vec, st, seat, wst):
    """Hook ``public_rule_state`` of the variant ``rule_vec`` plays."""
    v = rule_vec[R_VARIANT]
    if VARIANT1 != VARIANT_NONE and v == VARIANT1:
        return hooks1.public_rule_state(rule_vec, st, seat, wst)
    if VARIANT2 != VARIANT_NONE and v == VARIANT2:
        return hooks2.public_rule_state(rule_vec, st, seat, wst)
    if VARIANT3 != VARIANT_NONE and v == VARIANT3:
        return hooks3.public_rule_state(rule_vec, st, seat, wst)
    if VARIANT4 != VARIANT_NONE and v == VARIANT4:
        return hooks4.public_rule_state(rule_vec, st, seat, wst)
    return hooks0.public_rule_state(rule_vec, st, seat, wst)
