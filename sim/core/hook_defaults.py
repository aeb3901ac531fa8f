"""The core's default variant hooks — compiled kernels a variant's hooks module re-exports for each hook whose rule
it does not change, and the draw-limit codes of hook ``draw_limit``.

Each default has the name, the parameter list and the compile options of the hook it stands for (the hooks
contract: ``sim/variants/<name>/hooks.py``); arguments as there. This module imports only ``sim.core``, so
no variant's kernel compiles for another variant.
"""
import numpy as np
from numba import njit

from sim.core import ting as core_ting
from sim.core.state import N_RULE_STATE, ST_RULE_STATE
from sim.core.wall import wall_size

# How the draw limit counts, for the invariant checker (sim.core.invariants): the first value ``draw_limit`` returns.
LIMIT_FRONT_DRAWS = 0    # front draws alone stop short of the kept tiles; replacements come out of them (晋城 physical)
LIMIT_AT_FRONT_DRAW = 1  # each front draw leaves the kept tiles undrawn, replacements counted (晋城 count model)
LIMIT_EVERY_DRAW = 2     # every draw, front or replacement, leaves the kept tiles undrawn (晋中, 金华)


# --- bookkeeping hooks a variant may leave empty: each returns nothing ------------------------------------
@njit(cache=True, inline='always')
def on_discard(rule_vec, tables, hands, melds, st, seat, tile):
    """No bookkeeping after ``seat`` discarded ``tile`` (already out of ``hands``); returns nothing."""
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
def on_voids_declared(rule_vec, hands, st):
    """Nothing after the seats declared the suits they give up (``declares_missing_suit``); returns nothing."""
    return


@njit(cache=True, inline='always')
def tile_pass_offset(rule_vec, run_seed, hand_index):
    """Return 0: no tiles change hands after the deal. A rule set that passes tiles (四川 换三张) returns the seat
    offset 1, 2 or 3: after the deal (the dealer holding 14) each seat ``s`` passes three tiles of one suit, chosen
    by its strategy, to seat ``(s + offset) % 4``; ``run_seed`` and ``hand_index`` key any draw of the offset."""
    return 0


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


@njit(cache=True, inline='always')
def kong_draws_from_front(rule_vec):
    """Return False: kong replacements come from the tail (``first_tail_position`` downward) and front draws from
    the front. True: a replacement is the next front tile, as a front draw is (the front draws and replacements
    made so far are then the positions after the deal, in order)."""
    return False


@njit(cache=True, inline='always')
def first_dealer(rule_vec, drawn):
    """Return the dealer of a session's first hand (an independent hand is a session of one): ``drawn``, the seat
    the core drew uniformly from the hand's table stream."""
    return drawn


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


# --- what a player must know of the rules: the facts strategies read (docs/architecture.md "Adding a strategy") ---
# A fact returning a constant is inlined, so that a strategy's choice of form on it is pruned at compile time.
@njit(cache=True, inline='always')
def preferred_discards(rule_vec, hands, st, seat):
    """Return the int64 kinds ``seat`` should discard before any other (tiles no win of it may hold): 0, none."""
    return np.int64(0)


@njit(cache=True, inline='always')
def kinds_never_held(rule_vec, st, seat):
    """Return the int64 kinds every other seat knows, from public facts alone, that ``seat``'s concealed hand holds
    none of (the search player's worlds deal it none): 0, nothing known."""
    return np.int64(0)


@njit(cache=True, inline='always')
def has_grab_claims(rule_vec):
    """Return False: no claim beyond 胡, 杠, 碰 and 吃 (no 拾/抢 of 十三幺 tiles) is ever offered."""
    return False


@njit(cache=True, inline='always')
def misses_a_suit(rule_vec):
    """Return False: a win needs no suit missing (no 缺一门), so a player's shanten is the plain one."""
    return False


@njit(cache=True, inline='always')
def has_wilds(rule_vec):
    """Return False: no tile is wild (no 财神), so a player's shanten is the plain one."""
    return False


@njit(cache=True, inline='always')
def blocked_suits(rule_vec, melds, st, seat):
    """Return 0, the 3-bit mask (万 1, 饼 2, 条 4) of the suits ``seat`` may not give up: no suit is given up."""
    return 0


@njit(cache=True, inline='always')
def declared_suit_kinds(rule_vec, st, seat):
    """Return the int64 kinds of the suit ``seat`` declared given up at the deal: 0, none is declared."""
    return np.int64(0)


@njit(cache=True, inline='always')
def never_winning_kinds(rule_vec):
    """Return the int64 kinds no win can be on: 0, every kind may win."""
    return np.int64(0)


@njit(cache=True, inline='always')
def self_draw_only_kinds(rule_vec):
    """Return the int64 kinds that win only by a self-draw, never on a discard: 0, none."""
    return np.int64(0)


@njit(cache=True, inline='always')
def wild_kind(rule_vec, st):
    """Return the kind (0..33) whose tiles are wild in this hand: -1, none."""
    return -1


@njit(cache=True, inline='always')
def wild_indicator_position(rule_vec):
    """Return the wall position of the turned tile that names the wild kind: -1, no tile is turned."""
    return -1


@njit(cache=True, inline='always')
def meld_face_kind(rule_vec, tile, wild):
    """Return the kind the natural tile ``tile`` shows in a meld, given the wild kind ``wild``: ``tile`` itself."""
    return tile


@njit(cache=True, inline='always')
def face_holder_kind(rule_vec, shown, wild):
    """Return the physical kind that supplies a natural meld tile showing ``shown``, given the wild kind ``wild``:
    ``shown`` itself."""
    return shown


@njit(cache=True, inline='always')
def baotou_ready(rule_vec, tables, hand, n_melds, wild):
    """Return False: no hand waits on every kind as 爆头 (four sets and a lone wild) does."""
    return False


@njit(cache=True, inline='always')
def is_baotou(rule_vec, tables, hand, n_melds, wild, last_tile):
    """Return False: no complete hand is a 爆头 (four sets and a lone wild completed by the self-drawn
    ``last_tile``)."""
    return False


@njit(cache=True, inline='always')
def live_tiles_left(rule_vec, st):
    """Return the live tiles left to draw as 爆头 play counts them: 0, the rule set keeps no such count (a strategy
    that reads it needs the mechanic ``baotou``, which it lacks)."""
    return 0


#: how many sampled worlds the search player plays by default when a rule set declares none (``search_worlds``)
SEARCH_WORLDS = 16


@njit(cache=True, inline='always')
def search_worlds(rule_vec):
    """Return the worlds the search player samples by default (its ``worlds=0``): SEARCH_WORLDS."""
    return SEARCH_WORLDS


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


# --- what a seat may see of the rule set's own region (the search player's worlds) -------------------------------
@njit(cache=True, _nrt=False)
def public_rule_state(rule_vec, st, seat, wst):
    """Copy into ``wst`` what ``seat`` sees of the rule set's own region of ``st`` (ST_RULE_STATE, N_RULE_STATE
    slots): all of it, for a rule set whose region holds nothing only another seat knows. Returns nothing."""
    for i in range(ST_RULE_STATE, ST_RULE_STATE + N_RULE_STATE):
        wst[i] = st[i]
