"""推倒胡 (plain) over the shared core: every hook of the engine's variant hook protocol, with the same name and
parameters, implementing the rules of docs/rules/plain.md — compiled kernels.

A hook 推倒胡 has no rule for is a no-op or returns the neutral value (no ting: ``ting_exists`` False, no waits, no
上架 marks; no forbidden kinds; no state of its own to check). Arguments, shapes as in sim.core.state:
``rule_vec`` int32[N_RULE_FIELDS] (``PlainRules.pack()``), ``tables`` the hand-table tuple, ``hands`` / ``frozen``
/ ``melds`` int8[4, 34], ``st`` int64[N_ST], ``money`` int32[N_MONEY, 4] ledger in 底注 (rows MONEY_*),
``events`` int32[EVENT_CAP, 4], ``seat`` / ``source`` / ``feeder`` seats 0..3 (-1 = none), ``tile`` a kind 0..33.
This module imports only the core and the 推倒胡 package; the draw-limit codes ``LIMIT_*`` are the core's
(sim.core.hook_defaults), re-exported. Every hook is compiled on its own without reference counting: none
allocates.
"""
import numpy as np
from numba import njit

from sim.core.codes import NO_WIN_FEATURES
from sim.core.hand import class_scan
from sim.core.hand.kernel import FORM_REGULAR
# the core's defaults where 推倒胡 has nothing of its own: no bookkeeping at a discard, an unclaimed tile, a taken
# claim, a turn's start or a claim answer (a passed win restricts nothing, r15); no 上架 (r10); no kong money (r20);
# nothing at 荒庄 (r21); no blocked claims, forbidden 暗杠 or discards (r6–r7, r9); no declared suit; replacements
# from the wall's last tile down (r3); a meld tile is what it shows (r1); no state of its own to break
from sim.core.hook_defaults import (  # noqa: F401  (re-exported as 推倒胡's hooks)
    LIMIT_AT_FRONT_DRAW, LIMIT_EVERY_DRAW, LIMIT_FRONT_DRAWS, blocked_claim_bits, declares_missing_suit,
    discard_forbidden, first_tail_position, meld_tile_kind, on_claim_answer, on_claim_taken, on_discard, on_huang,
    on_kong, on_shangjia, on_turn_start, on_unclaimed, self_kong_forbidden, variant_state_ok,
)
from sim.core.hook_defaults import (  # noqa: F401  (the facts a player reads that this rule set leaves at the default)
    has_grab_claims, misses_a_suit, has_wilds, blocked_suits, declared_suit_kinds, never_winning_kinds,
    self_draw_only_kinds, wild_kind, wild_indicator_position, meld_face_kind, face_holder_kind, baotou_ready, is_baotou,
    live_tiles_left, search_worlds,
)
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.state import MONEY_WIN, ST_CHOWS, ST_DEALER, ST_MULTIPLIER, ST_N_MELDS, ST_WIN_FEATURES, ST_WINNER
from sim.variants.plain import VARIANT_PLAIN
from sim.variants.plain.rule_slots import R_PLAIN_QIDUI
from sim.variants.plain import calls as plain_calls
from sim.variants.plain import dealer as plain_dealer
from sim.variants.plain import draws as plain_draws
from sim.variants.plain import settle as plain_settle
from sim.variants.plain import wins as plain_wins
from sim.variants.plain.study_facts import LABEL  # noqa: F401  (its Chinese name, re-exported)
# a hand ends at its first win: the core's play-on hooks (血战到底 only) are its defaults, pruned
from sim.core.hook_defaults import on_play_end, on_wins_settled, plays_on_after_win  # noqa: F401,E402
from sim.core.hook_defaults import preferred_discards  # noqa: F401,E402  (no tile a win may not hold)
from sim.core.hook_defaults import kinds_never_held  # noqa: F401,E402  (no public fact rules a kind out)
from sim.core.hook_defaults import public_rule_state  # noqa: F401,E402  (its region holds nothing private)
# no tiles passed after the deal, nothing after 定缺, replacements from the tail, a drawn first dealer (四川's flags)
from sim.core.hook_defaults import (  # noqa: F401,E402
    first_dealer, kong_draws_from_front, on_voids_declared, tile_pass_offset,
)

#: The kernel code of the variant (rule-vector slot R_VARIANT).
VARIANT = VARIANT_PLAIN


# --- deal and draws ------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def deal_extras(rule_vec, wall, st, events):
    """Start the 吃 count of the record at 0 when the rules have 吃 (flag ``chi``, r9; it stays -1 otherwise);
    returns nothing."""
    if plain_calls.chi_enabled(rule_vec):
        st[ST_CHOWS] = 0


@njit(cache=True, _nrt=False)
def front_draw_allowed(rule_vec, st):
    """Return True while the wall holds a tile; False: the seat to draw finds it empty, 荒庄 (r3–r4)."""
    return plain_draws.may_draw(st)


@njit(cache=True, _nrt=False)
def draw_limit(rule_vec, st):
    """Return (LIMIT_EVERY_DRAW, 0): every draw, front or replacement, counts against the wall and no tile is kept
    back (r3)."""
    return LIMIT_EVERY_DRAW, plain_draws.KEPT_BACK


# --- discards, 上架 and claims -------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def claim_priority(rule_vec, action):
    """Return the priority of a claim answer: 胡 3 > 杠 = 碰 2 > 吃 1 > pass 0; ties to the seat nearest after the
    discarder (截胡, r8)."""
    return plain_calls.claim_priority(action)


@njit(cache=True, _nrt=False)
def variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source):
    """Return the CLAIM_BIT_CHI_* bits of ``seat`` on the discard: the 下家 only, with the flag ``chi`` (r9)."""
    return plain_calls.chow_claim_bits(rule_vec, hands, seat, tile, source)


@njit(cache=True, _nrt=False)
def apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action):
    """Apply a winning 吃 (r9); returns nothing."""
    plain_calls.take_chow(hands, melds, st, events, seat, tile, source, action)


# --- wins -----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile``: it completes a winning hand (r11–r13), on a discard
    or a 补杠 (抢杠胡, r14), never on a 暗杠; no ting and no 过胡 (r10, r15)."""
    return plain_wins.can_win_on(rule_vec, tables, hands, st, seat, tile)


@njit(cache=True, _nrt=False)
def self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
    """Return True when ``seat``'s hand after its draw is a winning hand: 自摸 needs no ting (r10, r12), 天胡
    included."""
    return plain_wins.hand_complete(rule_vec, tables, hands, st, seat)


@njit(cache=True, _nrt=False)
def ting_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return 0: no 上架/报听 waits, 推倒胡 has no ting (r10)."""
    return np.int64(0)


@njit(cache=True, _nrt=False)
def ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Mark nothing and return 0: no 上架/报听 (r10)."""
    return 0


@njit(cache=True, _nrt=False)
def shares_self_scan(rule_vec):
    """Return False: without a ting there are no marks to share a discard scan with (r10)."""
    return False


@njit(cache=True, _nrt=False)
def scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful, mask):
    """Run the discard scan of the seat's hand in 推倒胡's winning forms (regular, and 七对 with ``qidui``) over the
    kinds of ``candidates`` into ``after`` int8[34] / ``useful`` int64[34], marking nothing (no ting, r10); returns
    (the least shanten, 0). The engine does not call it (``shares_self_scan`` is False)."""
    forms = plain_wins.winning_forms_k(rule_vec[R_PLAIN_QIDUI] != 0)
    allow_quad = rule_vec[R_QIDUI_ALLOW_QUAD] != 0
    least = class_scan.least_discards_class_k(hands[seat], st[ST_N_MELDS + seat], allow_quad, forms, scan_tables,
                                              candidates, after, useful)
    return least, 0


@njit(cache=True, _nrt=False)
def kong_allowed(rule_vec, st):
    """Return True while the wall holds a tile for the kong's replacement from the tail (r7)."""
    return plain_draws.may_draw(st)


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind):
    """Return the SHAPE_* code of ``seat``'s complete hand: 七对, else regular (r16)."""
    return plain_wins.win_shape(rule_vec, tables, hands, st, seat)


@njit(cache=True, _nrt=False)
def settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape):
    """Pay one win into ``money[MONEY_WIN]``: 1 from the discarder (or the robbed kong's declarer), or 1 from each
    other seat on 自摸 (r17–r19); the first win of the hand stores its features (r16) and multiplier 1 in ``st``.
    Returns the winner's gain in 底注."""
    gain = plain_settle.pay_win_k(winner, feeder, win_kind, money[MONEY_WIN])
    if st[ST_WIN_FEATURES] == NO_WIN_FEATURES:
        st[ST_WIN_FEATURES] = plain_wins.win_features_k(hands[winner], shape, win_kind)
        st[ST_MULTIPLIER] = 1
    return gain


# --- kongs and the end of a hand ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the next dealer: the dealer stays on its own win or a 荒庄, else its 下家 deals (r5)."""
    return plain_dealer.next_dealer_k(st[ST_DEALER], st[ST_WINNER])


@njit(cache=True, _nrt=False)
def ting_exists(rule_vec):
    """Return False: no ting declaration; a win needs only a complete hand (r10)."""
    return False


@njit(cache=True, _nrt=False)
def hand_complete(rule_vec, tables, hands, frozen, st, seat):
    """Return True when ``seat``'s hand (winning tile included) is a winning hand of 推倒胡 (r11, r13)."""
    return plain_wins.hand_complete(rule_vec, tables, hands, st, seat)


@njit(cache=True, _nrt=False)
def win_forms(rule_vec, st, seat):
    """Return the FORM_* bits ``seat`` may still win with, which a shanten-minimising player aims at: regular (r11),
    and 七对 while concealed when ``qidui`` is on (r13); never 十三幺."""
    if st[ST_N_MELDS + seat] > 0:
        return FORM_REGULAR
    return plain_wins.winning_forms_k(rule_vec[R_PLAIN_QIDUI] == 1)
