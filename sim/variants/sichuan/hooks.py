"""四川麻将 血战到底 (Sichuan) over the shared core: every hook of the engine's variant hook protocol, with the same
name and parameters, implementing the rules of docs/rules/sichuan.md — compiled kernels.

The hand plays on after a win (``plays_on_after_win``): the core lets each winner leave with its tiles, skips it in
turn order and claims, and calls ``on_wins_settled`` after each win and ``on_play_end`` at three winners or an empty
wall. A hook Sichuan has no rule for is the core's default (no ting, no 上架, no wilds, no 吃). Arguments, shapes as
in sim.core.state: ``rule_vec`` int32[N_RULE_FIELDS] (``SichuanRules.pack()``), ``tables`` the hand-table tuple,
``hands`` / ``frozen`` / ``melds`` int8[4, 34], ``st`` int64[N_ST], ``money`` int32[N_MONEY, 4] ledger in 底 (rows
``codes.SC_MONEY_*``), ``events`` int32[EVENT_CAP, 4], seats 0..3 (-1 = none), ``tile`` a kind 0..26. This module
imports only the core and the Sichuan package.
"""
import numpy as np
from numba import njit

from sim.core import chows as core_chows
from sim.core.hand import class_scan
from sim.core.hand.kernel import FORM_QIDUI, FORM_REGULAR
# the core's defaults where Sichuan has nothing of its own: no bookkeeping at an unclaimed tile or 上架 (no 上架);
# nothing at 荒庄 (the hand's end is on_play_end); tail replacements from the wall's last tile down (r5, r28); a meld
# tile is what it shows
from sim.core.hook_defaults import (  # noqa: F401  (re-exported as Sichuan's hooks)
    LIMIT_AT_FRONT_DRAW, LIMIT_EVERY_DRAW, LIMIT_FRONT_DRAWS, first_tail_position, meld_tile_kind, on_huang,
    on_shangjia, on_unclaimed,
)
# the facts a player reads (docs/architecture.md "Adding a strategy") that Sichuan leaves at the default: no 拾/抢,
# no 缺一门 win form (its void suit is preferred_discards'), no wilds, no 爆头
from sim.core.hook_defaults import (  # noqa: F401  (re-exported as Sichuan's hooks)
    baotou_ready, blocked_suits, declared_suit_kinds, face_holder_kind, has_grab_claims, has_wilds, is_baotou,
    live_tiles_left, meld_face_kind, misses_a_suit, never_winning_kinds, self_draw_only_kinds,
    wild_indicator_position, wild_kind,
)
from sim.core.state import ACT_HU, CLAIM_BIT_PENG, ST_N_MELDS
from sim.variants.sichuan import VARIANT_SICHUAN
from sim.variants.sichuan import play as sc_play
from sim.variants.sichuan import dingque as sc_dingque
from sim.variants.sichuan import deal_flags as sc_deal
from sim.variants.sichuan import flow as sc_flow
from sim.variants.sichuan import locks as sc_locks
from sim.variants.sichuan import void_facts as sc_void_facts
from sim.variants.sichuan.hand_state import SC_ACTIVE
from sim.variants.sichuan.study_facts import LABEL, SEARCH_WORLDS  # noqa: F401  (LABEL: its Chinese name)

#: The kernel code of the rule set (rule-vector slot R_VARIANT).
VARIANT = VARIANT_SICHUAN


# --- the deal, the wall and the turn --------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def deal_extras(rule_vec, wall, st, events):
    """Mark every seat active (none has won, r55); returns nothing."""
    for s in range(4):
        st[SC_ACTIVE + s] = 1


@njit(cache=True, inline='always')
def first_dealer(rule_vec, drawn):
    """Return the first dealer of a session (r7): ``drawn``, the seat the core drew, under ``random``; seat 0 under
    ``seat0``. An independent hand is a session of one."""
    return sc_flow.first_dealer_k(rule_vec, drawn)


@njit(cache=True, _nrt=True)
def tile_pass_offset(rule_vec, run_seed, hand_index):
    """Return the seat offset of 换三张 (r8, r9): 0 when off, else 1 (to s+1), 3 (to s−1) or 2 (to s+2)."""
    return sc_deal.pass_offset_k(rule_vec, run_seed, hand_index)


@njit(cache=True, inline='always')
def kong_draws_from_front(rule_vec):
    """Return True under ``sc_kong_draw=front``: replacements are the next front tile, else the wall's last (r5,
    r28)."""
    return sc_deal.kong_draws_from_front_k(rule_vec)


@njit(cache=True, _nrt=False)
def front_draw_allowed(rule_vec, st):
    """Return True while the live wall holds a tile: all 108 are drawn, no dead wall (r3, r4); False ends the hand
    (r70)."""
    return sc_play.tiles_left(rule_vec, st) > 0


@njit(cache=True, _nrt=False)
def draw_limit(rule_vec, st):
    """Return (LIMIT_EVERY_DRAW, 0): every draw, front or replacement, shrinks the one live wall (r3, r28)."""
    return LIMIT_EVERY_DRAW, 0


@njit(cache=True, _nrt=False)
def kong_allowed(rule_vec, st):
    """Return True while the live wall holds a tile for the replacement: no kong on an empty wall, nor by the drawer
    of the last tile (r29, r35)."""
    return sc_play.tiles_left(rule_vec, st) > 0


@njit(cache=True, inline='always')
def on_turn_start(rule_vec, st, seat):
    """Lift the seat's 过胡 lock (r32, r33) and its 过碰 lock (r34) when its turn starts with a draw, not a 碰 or
    直杠 claim; returns nothing."""
    sc_locks.lift_locks_on_draw_k(st, seat)


@njit(cache=True, inline='always')
def on_claim_taken(rule_vec, st):
    """Note the draw count when a claim takes the pending tile: a turn a 碰 or 直杠 starts is no draw (r32, r34),
    the draw after a win on a discard or a robbed kong is one; returns nothing."""
    sc_locks.mark_claim_k(st)


@njit(cache=True, _nrt=False)
def on_discard(rule_vec, tables, hands, melds, st, seat, tile):
    """After ``seat`` discarded ``tile``: its placed tile is gone (``first_discard``, r17), under
    ``until_draw_strict`` it is locked when the tile would have completed its hand (r33), and a tile outside its
    void suit shows it holds no void tile (r12, void_facts); returns nothing."""
    sc_deal.discarded_placed_k(st, seat)
    sc_locks.lock_own_winning_discard_k(rule_vec, tables, hands, melds, st, seat, tile)
    sc_void_facts.note_discard_k(rule_vec, st, seat, tile)


# --- 定缺 and claims ---------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def declares_missing_suit(rule_vec):
    """Return True: each seat declares its void suit after the deal (r10), except under ``implicit`` (r18)."""
    return sc_dingque.declares_k(rule_vec)


@njit(cache=True, _nrt=False)
def on_voids_declared(rule_vec, hands, st):
    """Under ``first_discard`` each seat places a void tile face down, its first discard (r17); returns nothing."""
    sc_deal.place_void_tiles_k(rule_vec, hands, st)


@njit(cache=True, inline='always')
def preferred_discards(rule_vec, hands, st, seat):
    """Return the int64 kinds of ``seat``'s void suit it still holds: no win may hold them (r10-r16), so a player
    clears them first. Declared (r10), or under ``implicit`` (r18) the suit it holds fewest of (dingque.choose_void_k)."""
    kinds = sc_play.void_kinds(rule_vec, st, seat)
    if kinds == 0 and not sc_dingque.declares_k(rule_vec):
        kinds = np.int64(0x1FF) << (9 * sc_dingque.choose_void_k(hands[seat]))
    held = np.int64(0)
    for k in range(27):
        if (kinds >> k) & 1 == 1 and hands[seat, k] > 0:
            held |= np.int64(1) << k
    return held


@njit(cache=True, inline='always')
def kinds_never_held(rule_vec, st, seat):
    """Return the kinds of ``seat``'s void suit once a discard of another suit showed it holds none (r12, strict),
    else 0 (void_facts.kinds_never_held_k)."""
    return sc_void_facts.kinds_never_held_k(rule_vec, st, seat)


@njit(cache=True, _nrt=False)
def discard_forbidden(rule_vec, st, seat):
    """Return the kinds ``seat`` may not discard: every kind but the tile it placed face down, its first discard
    (``first_discard``, r17); else under ``strict`` every kind but its void suit's, which the core lifts once it
    holds no void tile (r12, r14)."""
    placed = sc_deal.placed_forbidden_k(st, seat)
    if placed != 0:
        return placed
    return sc_play.discard_forbidden_k(rule_vec, st, seat)


@njit(cache=True, _nrt=False)
def blocked_claim_bits(rule_vec, st, seat, tile):
    """Return CLAIM_BIT_PENG | CLAIM_BIT_GANG on a tile of ``seat``'s void suit (r13), and CLAIM_BIT_PENG on the
    discard after the last tile without ``sc_last_discard_pong`` (r35) or on a kind it declined to 碰 since its
    last draw (``sc_guo_peng``, r34)."""
    bits = sc_play.blocked_claim_bits_k(rule_vec, st, seat, tile)
    if sc_locks.pong_locked_k(st, seat, tile):
        bits |= CLAIM_BIT_PENG
    return bits


@njit(cache=True, _nrt=False)
def self_kong_forbidden(rule_vec, st, seat):
    """Return the kinds of ``seat``'s void suit: never a 暗杠 of them (r13); every kind while its placed tile is
    to come, its first discard (``first_discard``, r17)."""
    if sc_deal.placed_tile(st, seat) >= 0:
        return sc_deal.SUIT_KINDS
    return sc_play.void_kinds(rule_vec, st, seat)


@njit(cache=True, inline='always')
def claim_priority(rule_vec, action):
    """Return the priority of a claim answer: 胡 3 > 杠 = 碰 2 > pass 0 (r21; no 吃, r20)."""
    return core_chows.pong_equals_kong_priority(action)


@njit(cache=True, inline='always')
def variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source):
    """Return 0: no claim of the rule set's own (no 吃, r20)."""
    return 0


@njit(cache=True, inline='always')
def apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action):
    """Do nothing: there is no claim of the rule set's own (r20)."""
    return


@njit(cache=True, inline='always')
def on_claim_answer(rule_vec, hands, st, seat, action):
    """Lock a seat that declined a win it was offered (过胡, r32), or passed a 碰 it was offered (过碰, r34);
    returns nothing."""
    sc_play.note_claim_answer(rule_vec, st, seat, action == ACT_HU)
    sc_locks.note_declined_pong_k(rule_vec, st, seat, action)


# --- wins ---------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending tile: a discard or a robbed 补杠 completing a legal win clean of
    its void suit, past any 过胡 lock (r15, r30–r32, r37–r38)."""
    return sc_play.can_win_on(rule_vec, tables, hands, melds, st, seat, tile)


@njit(cache=True, _nrt=False)
def self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
    """Return True when ``seat``'s hand after its draw is a legal win: 自摸 needs no ting (r19, r37–r39)."""
    return sc_play.hand_wins(rule_vec, tables, hands, st, seat)


@njit(cache=True, _nrt=False)
def hand_complete(rule_vec, tables, hands, frozen, st, seat):
    """Return True when ``seat``'s hand (winning tile included) is a legal win (r15, r37–r38)."""
    return sc_play.hand_wins(rule_vec, tables, hands, st, seat)


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind):
    """Return the SHAPE_* of ``seat``'s complete hand: 七对 before regular (r38)."""
    return sc_play.shape_of(tables, hands, melds, seat)


@njit(cache=True, _nrt=False)
def settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape):
    """Score and pay one win into ``money[MONEY_WIN]`` (r40–r62); the winner leaves the hand (r55). Returns its
    gain in 底."""
    return sc_play.settle_win_k(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind)


@njit(cache=True, inline='always')
def win_forms(rule_vec, st, seat):
    """Return the FORM_* bits ``seat`` may still win with: regular (r37), and 七对 while it has no meld (r38)."""
    if st[ST_N_MELDS + seat] > 0:
        return FORM_REGULAR
    return FORM_REGULAR | FORM_QIDUI


@njit(cache=True, inline='always')
def search_worlds(rule_vec):
    """Return the worlds the search player samples by default (its ``worlds=0``): this rule set's SEARCH_WORLDS
    (study_facts)."""
    return SEARCH_WORLDS


# --- no ting: no 上架, no waits, no marks -------------------------------------------------------------------------
@njit(cache=True, inline='always')
def ting_exists(rule_vec):
    """Return False: no ting declaration; a win needs only a legal hand (r19, r39)."""
    return False


@njit(cache=True, _nrt=False)
def ting_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return 0: no 上架 waits."""
    return np.int64(0)


@njit(cache=True, _nrt=False)
def ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Mark nothing and return 0: no 上架."""
    return 0


@njit(cache=True, _nrt=False)
def shares_self_scan(rule_vec):
    """Return False: without a ting there are no marks to share a discard scan with."""
    return False


@njit(cache=True, _nrt=False)
def scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful, mask):
    """Run the discard scan of the seat's hand in Sichuan's forms (regular, 七对 without melds) over ``candidates``
    into ``after`` / ``useful``, marking nothing; returns (the least shanten, 0). The engine does not call it
    (``shares_self_scan`` is False)."""
    forms = FORM_REGULAR | FORM_QIDUI if st[ST_N_MELDS + seat] == 0 else FORM_REGULAR
    least = class_scan.least_discards_class_k(hands[seat], st[ST_N_MELDS + seat], True, forms, scan_tables,
                                              candidates, after, useful)
    return least, 0


# --- kongs, the play on after a win, the end of a hand ---------------------------------------------------------
@njit(cache=True, _nrt=False)
def on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting):
    """Log the completed kong and book its money, 刮风下雨 (r63–r67); returns nothing."""
    sc_play.record_kong(rule_vec, st, money, seat, kong_type, feeder)


@njit(cache=True, inline='always')
def plays_on_after_win(rule_vec):
    """Return True: 血战到底, a winner leaves and the others play on (r55–r58)."""
    return True


@njit(cache=True, _nrt=False)
def on_wins_settled(rule_vec, tables, hands, melds, st, money, source, winners, win_kind):
    """After the wins of one event: remember the first (r83) and pass kong money on a 杠上炮 (呼叫转移, r68–r69);
    returns nothing."""
    sc_play.after_wins(rule_vec, st, money, source, winners, win_kind)


@njit(cache=True, _nrt=False)
def on_play_end(rule_vec, tables, hands, melds, st, money, drawer):
    """The hand's end: deferred kong money (r67), and with fewer than three winners the wall-end classes and 查花猪,
    查大叫, 退税 (r70–r81); returns nothing."""
    sc_play.end_hand(rule_vec, tables, hands, melds, st, money, drawer)


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the next dealer (r82–r84)."""
    return sc_play.next_dealer(rule_vec, st)


@njit(cache=True, _nrt=False)
def variant_state_ok(rule_vec, st):
    """Return True when the kong log and the active seats agree with the core's state."""
    return sc_play.state_ok(st)




@njit(cache=True, _nrt=False)
def public_rule_state(rule_vec, st, seat, wst):
    """What ``seat`` sees of Sichuan's region: all of it but the other seats' 过胡 locks and the 番 of the win
    offered to them in the open window (r32: what a seat declined is its own to know); returns nothing."""
    sc_play.public_region(st, seat, wst)
