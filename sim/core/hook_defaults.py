"""The core's default variant hooks — compiled kernels a variant's hooks module re-exports for each hook whose rule
it does not change, and the draw-limit codes of hook ``draw_limit``.

Each default has the name, the parameter list and the compile options of the hook it stands for (the hooks
contract: ``sim/variants/<name>/hooks.py``); arguments as there. This module imports only ``sim.core``, so
no variant's kernel compiles for another variant.
"""
from numba import njit

from sim.core import ting as core_ting
from sim.core.wall import wall_size

# How the draw limit counts, for the invariant checker (sim.core.invariants): the first value ``draw_limit`` returns.
LIMIT_FRONT_DRAWS = 0    # front draws alone stop short of the kept tiles; replacements come out of them (晋城 physical)
LIMIT_AT_FRONT_DRAW = 1  # each front draw leaves the kept tiles undrawn, replacements counted (晋城 count model)
LIMIT_EVERY_DRAW = 2     # every draw, front or replacement, leaves the kept tiles undrawn (晋中, 金华)


# --- bookkeeping hooks a variant may leave empty: each returns nothing ------------------------------------
@njit(cache=True, inline='always')
def on_discard(rule_vec, st, seat, tile):
    """No bookkeeping after a discard; returns nothing."""
    return


@njit(cache=True, inline='always')
def on_unclaimed(rule_vec, st, money, events):
    """No payment when a discard goes unclaimed; returns nothing."""
    return


@njit(cache=True, inline='always')
def on_shangjia(rule_vec, st, money, events, seat, tile):
    """Nothing after 上架; returns nothing."""
    return


@njit(cache=True, inline='always')
def on_claim_taken(rule_vec, st):
    """Nothing when a claim takes the pending tile; returns nothing."""
    return


@njit(cache=True, _nrt=False)
def on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting):
    """No kong money or bookkeeping; returns nothing."""
    return


@njit(cache=True, _nrt=False)
def on_huang(rule_vec, st, money):
    """No money at 荒庄; returns nothing."""
    return


@njit(cache=True, inline='always')
def on_turn_start(rule_vec, st, seat):
    """Nothing when a turn begins; returns nothing."""
    return


@njit(cache=True, inline='always')
def on_claim_answer(rule_vec, hands, st, seat, action):
    """Nothing remembered of a claim answer; returns nothing."""
    return


# --- restrictions a variant may not have ------------------------------------------------------------------
@njit(cache=True, inline='always')
def blocked_claim_bits(rule_vec, st, seat, tile):
    """Return 0: no core claim (碰/杠) is blocked."""
    return 0


@njit(cache=True, inline='always')
def self_kong_forbidden(rule_vec, st, seat):
    """Return 0: no kind is barred from 暗杠."""
    return 0


@njit(cache=True, inline='always')
def declares_missing_suit(rule_vec):
    """Return False: no seat declares a suit it gives up."""
    return False


@njit(cache=True, inline='always')
def discard_forbidden(rule_vec, st, seat):
    """Return 0: no held kind is barred from discard."""
    return 0


# --- the core's own forms, wall and checks ----------------------------------------------------------------
@njit(cache=True, inline='always')
def ting_exists(rule_vec):
    """Return True: wins require a ting declaration (上架/报听)."""
    return True


@njit(cache=True, inline='always')
def first_tail_position(rule_vec):
    """Return the wall position of the first kong replacement (later ones go downward): the wall's last tile
    (135, or 107 for a wall without honors)."""
    return wall_size(rule_vec) - 1


@njit(cache=True, _nrt=False)
def hand_complete(rule_vec, tables, hands, frozen, st, seat):
    """Return True when ``seat``'s concealed hand (winning tile included) is complete in one of the core's forms
    (sim.core.ting.win_shape_forms)."""
    return core_ting.win_shape_forms(rule_vec, tables, hands, frozen, st, seat) != 0


@njit(cache=True, inline='always')
def meld_tile_kind(rule_vec, st, shown):
    """Return ``shown``: a meld tile is the kind it shows."""
    return shown


@njit(cache=True, _nrt=False)
def variant_state_ok(rule_vec, st):
    """Return True: the variant keeps no state of its own to check."""
    return True


@njit(cache=True, inline='always')
def win_forms(rule_vec, st, seat):
    """Return the FORM_* bitmask (sim.core.hand.kernel) of the winning forms ``seat`` may still complete, which a
    shanten-minimising player aims at: the core's (sim.core.ting.seat_forms — regular, 七对 and 十三幺 while
    concealed; 十三幺 alone once committed to it)."""
    return core_ting.seat_forms(st, seat)


# --- a hand that plays on after a win (血战到底, docs/rules/sichuan.md r55–r58) ------------------------------
@njit(cache=True, inline='always')
def plays_on_after_win(rule_vec):
    """Return False: the hand ends at its first win (one discard's several winners included). A rule set that
    returns True plays on: a winner leaves the hand, the others play until one seat is left or the wall is empty,
    and the core calls ``on_wins_settled`` after each win and ``on_play_end`` at the end. The constant False prunes
    every play-on branch of the core in every other rule set."""
    return False


@njit(cache=True, _nrt=False)
def on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind):
    """Nothing after the wins of one event (a 自摸, or every win on one discard or robbed kong: bit k of
    ``winners`` = seat k) have been settled; ``source`` is the discarder, the robbed kong's declarer or the 自摸
    winner. Called only when ``plays_on_after_win``; returns nothing."""
    return


@njit(cache=True, _nrt=False)
def on_play_end(rule_vec, tables, hands, melds, st, money, drawer):
    """Nothing at the end of a hand that played on: ``drawer`` is the seat whose draw found the wall empty, -1 when
    the hand ended because one seat alone had not won. Called only when ``plays_on_after_win``; returns nothing."""
    return
