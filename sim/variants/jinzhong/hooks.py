"""晋中's variant hooks: the places where the shared core calls 晋中胡乐 rules (docs/rules/jinzhong.md, RULES §2)
— compiled kernels, bound into the core when it compiles for 晋中.

Every hook of the contract is here, with the name and parameter list the core calls (arguments as declared in
sim.core.state: ``rule_vec`` int32[N_RULE_FIELDS], ``tables`` the hand-table tuple, ``hands`` / ``frozen`` /
``melds`` int8[4, 34], ``st`` int64[N_ST], ``money`` int32[N_MONEY, 4] in 底注, ``events`` int32[EVENT_CAP, 4],
seats 0..3 (-1 = none), ``tile`` a kind 0..33). A hook whose rule 晋中 does not change is the core's default
(sim.core.hook_defaults). Imports only sim.core and this package.
"""
from numba import njit

from sim.core.hook_defaults import (  # noqa: F401  (the core's defaults, re-exported as 晋中's hooks)
    win_forms, LIMIT_AT_FRONT_DRAW, LIMIT_EVERY_DRAW, LIMIT_FRONT_DRAWS, discard_forbidden, first_tail_position,
    hand_complete, meld_tile_kind, on_claim_answer, on_claim_taken, on_discard, on_huang, on_kong, on_shangjia,
    on_turn_start, on_unclaimed, ting_exists, variant_state_ok,
)
from sim.core.hook_defaults import (  # noqa: F401  (the facts a player reads that this rule set leaves at the default)
    has_grab_claims, has_wilds, wild_kind, wild_indicator_position, meld_face_kind, face_holder_kind, baotou_ready,
    is_baotou, live_tiles_left,
)
from sim.variants.jinzhong import _rules as jz_rules
from sim.variants.jinzhong import CODE
from sim.variants.jinzhong.study_facts import LABEL, SEARCH_WORLDS  # noqa: F401  (LABEL: its Chinese name)
# a hand ends at its first win: the core's play-on hooks (血战到底 only) are its defaults, pruned
from sim.core.hook_defaults import on_play_end, on_wins_settled, plays_on_after_win  # noqa: F401,E402
from sim.core.hook_defaults import preferred_discards  # noqa: F401,E402  (no tile a win may not hold)
from sim.core.hook_defaults import kinds_never_held  # noqa: F401,E402  (no public fact rules a kind out)
from sim.core.hook_defaults import public_rule_state  # noqa: F401,E402  (its region holds nothing private)
# no tiles passed after the deal, nothing after 定缺, replacements from the tail, a drawn first dealer (四川's flags)
from sim.core.hook_defaults import (  # noqa: F401,E402
    first_dealer, kong_draws_from_front, on_voids_declared, tile_pass_offset,
)

VARIANT = CODE  # the code this rule set registers (sim/variants/jinzhong/__init__.py), rule_vec[R_VARIANT]


# --- deal and draws ------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def deal_extras(rule_vec, wall, st, events):
    """Start the count of 吃 under jz_chi (RULES §2.2 r7); returns nothing."""
    jz_rules.deal_extras(rule_vec, st)


@njit(cache=True, inline='always')
def front_draw_allowed(rule_vec, st):
    """Return True while a front tile is left above the dead wall, False when the hand ends as 荒庄 (RULES §2.1
    r4)."""
    return jz_rules.may_draw_front(rule_vec, st)


@njit(cache=True, inline='always')
def draw_limit(rule_vec, st):
    """Return (LIMIT_EVERY_DRAW; the tiles of the dead wall kept back) (RULES §2.1 r4)."""
    return LIMIT_EVERY_DRAW, jz_rules.kept_back_tiles(rule_vec)


# --- discards, 报听 and claims -------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def claim_priority(rule_vec, action):
    """Return the priority of a claim answer ``action``: 胡 4 > 杠 3 > 碰 2 > 吃 1 > pass 0 (RULES §2.2 r6, r7)."""
    return jz_rules.claim_priority(action)


@njit(cache=True, inline='always')
def variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source):
    """Return the CLAIM_BIT_CHI_* bits of 吃 by the 下家 under jz_chi on the discard ``tile`` of ``source``, 0 when
    none (RULES §2.2 r7)."""
    return jz_rules.chow_claim_bits(rule_vec, hands, st, seat, tile, source)


@njit(cache=True, inline='always')
def apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action):
    """Apply a winning 吃 ``action`` of ``seat`` on the discard ``tile`` of ``source`` (RULES §2.2 r7); returns
    nothing."""
    jz_rules.take_chow(hands, melds, st, events, seat, tile, source, action)


@njit(cache=True, inline='always')
def blocked_claim_bits(rule_vec, st, seat, tile):
    """Return CLAIM_BIT_PENG | CLAIM_BIT_GANG when ``tile`` is of the suit ``seat`` declared given up
    (jz_dingque_upfront, RULES §2.4 r13), else 0."""
    return jz_rules.blocked_claim_bits(st, seat, tile)


@njit(cache=True, inline='always')
def self_kong_forbidden(rule_vec, st, seat):
    """Return the int64 kinds of the suit ``seat`` declared given up, barred from 暗杠 (jz_dingque_upfront,
    RULES §2.4 r13); 0 when none."""
    return jz_rules.declared_kinds(st, seat)


@njit(cache=True, inline='always')
def declares_missing_suit(rule_vec):
    """Return True when each seat declares at the deal the suit it gives up (jz_dingque_upfront, RULES §2.4 r13,
    A18)."""
    return jz_rules.dingque_upfront(rule_vec)


# --- wins -----------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile``: after 报听 on a fixed wait the point limit lets win
    (RULES §2.4 r15–r17), or as 地胡 without 报听 (r18)."""
    return jz_rules.can_win_on(rule_vec, tables, hands, melds, st, seat, tile)


@njit(cache=True, inline='always')
def self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
    """Return True when ``seat``, not 报听, may declare 自摸 now: 天胡 (RULES §2.4 r18)."""
    return jz_rules.tianhu_ok(tables, hands, melds, st, seat)


@njit(cache=True, _nrt=False)
def ting_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return the int64 报听 waits of ``seat``'s 3k+1 hand (0 = none): legal under 缺一门, without the kinds the
    point limit never lets win (RULES §2.3 r12, §2.4 r13–r15)."""
    return jz_rules.baoting_waits(rule_vec, tables, hands, frozen, melds, st, seat)


@njit(cache=True, _nrt=False)
def ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Set ACT_SHANGJIA + t in ``mask`` for each discard t whose 报听 waits are not empty and return how many
    (RULES §2.3 r12)."""
    return jz_rules.mark_baoting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)


@njit(cache=True, inline='always')
def shares_self_scan(rule_vec):
    """Return True: the 报听 marks follow from the 缺一门 discard scan the greedy also runs (``scanned_ting_marks``)."""
    return True


@njit(cache=True, inline='always')
def scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful, mask):
    """Run the 缺一门 class-table discard scan of the seat's hand over ``candidates`` into ``after`` / ``useful``
    and set the 报听 marks from it (RULES §2.3 r12); returns (the least shanten, the marks set)."""
    return jz_rules.scanned_baoting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after,
                                          useful, mask)


@njit(cache=True, inline='always')
def kong_allowed(rule_vec, st):
    """Return True while a tile is left above the dead wall for the replacement (RULES §2.1 r4)."""
    return jz_rules.kong_allowed(rule_vec, st)


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind):
    """Return the SHAPE_* code of ``seat``'s complete hand under 缺一门 (十三幺 > 七对 > regular)."""
    return jz_rules.win_shape(tables, hands, melds, st, seat)


@njit(cache=True, _nrt=False)
def settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape):
    """Add one win's money into ``money`` (底注, zero-sum): hu money × the features' multipliers and the winner's
    kong money (RULES §2.5); the first win stores its FEATURE_* bits and multiplier in ``st``. Returns the
    winner's gain in 底注."""
    return jz_rules.settle_win_in_state(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind)


# --- the end of a hand ---------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the seat (0..3) that deals the next hand, from the finished hand's ``st`` (RULES §2.6 r23)."""
    return jz_rules.next_dealer(rule_vec, st)


# --- what a player must know of 晋中 (docs/architecture.md "Adding a strategy") ---------------------------------------
@njit(cache=True, inline='always')
def misses_a_suit(rule_vec):
    """Return True: a win needs one suit missing (缺一门, RULES §2.4 r13), so a player's shanten counts it."""
    return True


@njit(cache=True, inline='always')
def blocked_suits(rule_vec, melds, st, seat):
    """Return the 3-bit mask (万 1, 饼 2, 条 4) of the suits ``seat`` may no longer give up: those of its melds and,
    once it declared a suit at the deal, every other (RULES §2.4 r13)."""
    return jz_rules.blocked_suits(melds, st, seat)


@njit(cache=True, inline='always')
def declared_suit_kinds(rule_vec, st, seat):
    """Return the int64 kinds of the suit ``seat`` declared given up at the deal (jz_dingque_upfront, RULES §2.4
    r13); 0 when none."""
    return jz_rules.declared_kinds(st, seat)


@njit(cache=True, inline='always')
def never_winning_kinds(rule_vec):
    """Return the int64 kinds the point limit never lets win (rank 1–2, RULES §2.4 r15); 0 when it is off."""
    return jz_rules.never_wins(rule_vec)


@njit(cache=True, inline='always')
def self_draw_only_kinds(rule_vec):
    """Return the int64 kinds the point limit lets win only by 自摸 (rank 3–5, RULES §2.4 r15); 0 when it is off."""
    return jz_rules.self_draw_only(rule_vec)


@njit(cache=True, inline='always')
def search_worlds(rule_vec):
    """Return the worlds the search player samples by default (its ``worlds=0``): this rule set's SEARCH_WORLDS
    (study_facts)."""
    return SEARCH_WORLDS
