"""晋城's variant hooks: the places where the shared core calls 晋城 rules (docs/rules/jincheng.md, RULES §1) —
compiled kernels, bound into the core when it compiles for 晋城.

Every hook of the contract is here, with the name and parameter list the core calls (arguments as declared in
sim.core.state: ``rule_vec`` int32[N_RULE_FIELDS], ``tables`` the hand-table tuple, ``hands`` / ``frozen`` /
``melds`` int8[4, 34], ``st`` int64[N_ST], ``money`` int32[N_MONEY, 4] in 底注, ``events`` int32[EVENT_CAP, 4],
seats 0..3 (-1 = none), ``tile`` a kind 0..33). A hook whose rule 晋城 does not change is the core's default
(sim.core.hook_defaults). Imports only sim.core and this package.
"""
from numba import njit

from sim.core.codes import WALL_MODEL_PHYSICAL
from sim.core.hook_defaults import (  # noqa: F401  (the core's defaults, re-exported as 晋城's hooks)
    win_forms, LIMIT_AT_FRONT_DRAW, LIMIT_EVERY_DRAW, LIMIT_FRONT_DRAWS, blocked_claim_bits, declares_missing_suit,
    discard_forbidden, first_tail_position, hand_complete, meld_tile_kind, on_claim_answer, on_turn_start,
    self_kong_forbidden, ting_exists, variant_state_ok,
)
from sim.core.hook_defaults import (  # noqa: F401  (the facts a player reads that this rule set leaves at the default)
    misses_a_suit, has_wilds, blocked_suits, declared_suit_kinds, never_winning_kinds, self_draw_only_kinds, wild_kind,
    wild_indicator_position, meld_face_kind, face_holder_kind, baotou_ready, is_baotou, live_tiles_left,
)
from sim.core.rule_layout import R_DEAD_WALL_MODEL
from sim.core.state import MONEY_KONG
from sim.core import ting as core_ting
from sim.variants.jincheng import genzhuang as jc_genzhuang
from sim.variants.jincheng import hand_end as jc_hand_end
from sim.variants.jincheng import settlement as jc_settlement
from sim.variants.jincheng import shisanyao_claims as jc_shisanyao
from sim.variants.jincheng import wins as jc_wins
from sim.variants.jincheng import CODE
from sim.variants.jincheng.study_facts import LABEL, SEARCH_WORLDS  # noqa: F401  (LABEL: its Chinese name)
# a hand ends at its first win: the core's play-on hooks (血战到底 only) are its defaults, pruned
from sim.core.hook_defaults import on_play_end, on_wins_settled, plays_on_after_win  # noqa: F401,E402
from sim.core.hook_defaults import preferred_discards  # noqa: F401,E402  (no tile a win may not hold)
from sim.core.hook_defaults import kinds_never_held  # noqa: F401,E402  (no public fact rules a kind out)
# no tiles passed after the deal, nothing after 定缺, replacements from the tail, a drawn first dealer (四川's flags)
from sim.core.hook_defaults import (  # noqa: F401,E402
    first_dealer, kong_draws_from_front, on_voids_declared, tile_pass_offset,
)

VARIANT = CODE  # the code this rule set registers (sim/variants/jincheng/__init__.py), rule_vec[R_VARIANT]


# --- deal and draws ------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def deal_extras(rule_vec, wall, st, events):
    """Arm 前包 at the start of a hand (RULES §1.9 r47); returns nothing."""
    jc_genzhuang.gz_start(rule_vec, st)


@njit(cache=True, inline='always')
def front_draw_allowed(rule_vec, st):
    """Return True when the seat to draw may take the next front tile, False when the hand ends as 荒庄: the 荒
    zone at the tail (RULES §1.2 r8–r12, A3)."""
    return jc_hand_end.may_draw_front(rule_vec, st)


@njit(cache=True, inline='always')
def draw_limit(rule_vec, st):
    """Return (LIMIT_FRONT_DRAWS under the physical wall model, else LIMIT_AT_FRONT_DRAW; the tiles of the 荒
    zone kept back now) (RULES §1.2 r8–r11, A3)."""
    mode = LIMIT_FRONT_DRAWS if rule_vec[R_DEAD_WALL_MODEL] == WALL_MODEL_PHYSICAL else LIMIT_AT_FRONT_DRAW
    return mode, jc_hand_end.kept_back_tiles(rule_vec, st)


# --- discards, 上架 and claims -------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def on_discard(rule_vec, tables, hands, melds, st, seat, tile):
    """Count the discard for 前包 (r47); returns nothing."""
    jc_genzhuang.gz_follow(st, seat, tile)


@njit(cache=True, inline='always')
def on_unclaimed(rule_vec, st, money, events):
    """Pay 前包 once four matching first discards passed (r47, r50); returns nothing."""
    jc_genzhuang.gz_settle_if_complete(rule_vec, st, money, events)


@njit(cache=True, inline='always')
def on_shangjia(rule_vec, st, money, events, seat, tile):
    """前包 follows or breaks on the 上架 tile (r49); returns nothing."""
    jc_genzhuang.gz_after_shangjia(rule_vec, st, money, events, seat, tile)


@njit(cache=True, inline='always')
def on_claim_taken(rule_vec, st):
    """A claim breaks 前包 (r48); returns nothing."""
    jc_genzhuang.gz_break(st)


@njit(cache=True, inline='always')
def claim_priority(rule_vec, action):
    """Return the priority of a claim answer ``action`` (0 = pass): 胡 4 > 抢 3 > 拾 2 > 杠 = 碰 1
    (RULES §1.3 r19–r21)."""
    return jc_shisanyao.claim_priority(action)


@njit(cache=True, inline='always')
def variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source):
    """Return the CLAIM_BIT_* bits of 拾 and 抢 ``seat`` has on the discard ``tile`` of ``source``, 0 when none
    (RULES §1.5 r30–r33)."""
    return jc_shisanyao.shi_qiang_bits(rule_vec, hands, frozen, st, seat, tile, source)


@njit(cache=True, inline='always')
def apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action):
    """Apply a winning 拾/抢: freeze the tile and commit ``seat`` to 十三幺 (r30–r33); returns nothing."""
    jc_shisanyao.take_frozen(frozen, st, events, seat, tile, source, action)


# --- wins -----------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile``: only after 上架, on a fixed wait (r22, r26, A36); a
    暗杠 only by 十三幺 (A9)."""
    return jc_wins.can_win_on(rule_vec, tables, hands, frozen, st, seat, tile)


@njit(cache=True, inline='always')
def self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
    """Return False: no 自摸 without 上架 (r22)."""
    return False


@njit(cache=True, _nrt=False)
def ting_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return the int64 waits that count for 上架 of ``seat``'s 3k+1 hand (0 = none): the raw waits without 空听
    kinds (RULES §1.4 r27)."""
    return core_ting.shangjia_waits(rule_vec, tables, hands, frozen, melds, st, seat)


@njit(cache=True, _nrt=False)
def ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Return -1: 上架 marks come from the core's one-scan marking (sim.core.legal.mark_tenpai_discards)."""
    return -1


@njit(cache=True, inline='always')
def shares_self_scan(rule_vec):
    """Return True: the 上架 marks follow from the discard scan the greedy also runs (``scanned_ting_marks``)."""
    return True


@njit(cache=True, inline='always')
def scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful, mask):
    """Run the plain class-table discard scan of the seat's hand over ``candidates`` into ``after`` / ``useful``
    and set the 上架 marks from it (RULES §1.4 r23); returns (the least shanten, the marks set)."""
    return core_ting.scanned_tenpai_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after,
                                          useful, mask)


@njit(cache=True, inline='always')
def kong_allowed(rule_vec, st):
    """Return True: a kong may always be declared (the 荒 zone holds the replacements, r10)."""
    return True


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind):
    """Return the SHAPE_* code of ``seat``'s complete concealed hand (winning tile included)."""
    return jc_wins.win_shape(rule_vec, tables, hands, frozen, st, seat)


@njit(cache=True, _nrt=False)
def settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape):
    """Add one win's money into ``money`` (底注, zero-sum) for ``winner`` fed by ``feeder`` (-1 = 自摸) (RULES
    §1.7); returns the winner's gain in 底注."""
    return jc_wins.settle_one_win(rule_vec, st, money, winner, feeder, win_kind, shape)


# --- kongs and the end of a hand ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting):
    """After ``seat``'s kong: 前包 breaks (r48, A12) and kong money goes into ``money[MONEY_KONG]`` (RULES §1.8
    r44, r46, A13); returns nothing."""
    jc_genzhuang.gz_after_kong(rule_vec, st, seat, kong_type)
    jc_settlement.kong_payment(rule_vec, seat, kong_type, feeder, feeder_ting, money[MONEY_KONG])


@njit(cache=True, _nrt=False)
def on_huang(rule_vec, st, money):
    """荒庄 money: 后包 (r51), kong money void (r45), 前包 void when flagged (r50); returns nothing."""
    jc_hand_end.huang_money(rule_vec, st, money)


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the seat (0..3) that deals the next hand, from the finished hand's ``st`` (RULES §1.10 r52–r53, A2)."""
    return jc_hand_end.next_dealer(rule_vec, st)


# --- what a player must know of 晋城 (docs/architecture.md "Adding a strategy") ---------------------------------------
@njit(cache=True, inline='always')
def has_grab_claims(rule_vec):
    """Return True: a claim window may offer 拾/抢 of 十三幺 tiles beside 胡, 杠 and 碰 (RULES §1.5)."""
    return True


@njit(cache=True, inline='always')
def search_worlds(rule_vec):
    """Return the worlds the search player samples by default (its ``worlds=0``): this rule set's SEARCH_WORLDS
    (study_facts)."""
    return SEARCH_WORLDS


@njit(cache=True, _nrt=False)
def public_rule_state(rule_vec, st, seat, wst):
    """What ``seat`` sees of 晋城's region: the 前包 tracking unless it rests on another seat's face-down 上架 tile
    (sim.variants.jincheng.genzhuang ``gz_public``); returns nothing."""
    jc_genzhuang.gz_public(rule_vec, st, seat, wst)
