"""金华's variant hooks: the places where the shared core calls 金华 rules (docs/rules/jinhua.md, RULES §3) —
compiled kernels, bound into the core when it compiles for 金华. The bodies are in ``play_rules``.

Every hook of the contract is here, with the name and parameter list the core calls (arguments as declared in
sim.core.state: ``rule_vec`` int32[N_RULE_FIELDS], ``tables`` the hand-table tuple, ``hands`` / ``frozen`` /
``melds`` int8[4, 34], ``st`` int64[N_ST], ``money`` int32[N_MONEY, 4] in 底注, ``events`` int32[EVENT_CAP, 4],
seats 0..3 (-1 = none), ``tile`` a kind 0..33). 金华 has no ting (RULES §3.4 r14). A hook whose rule 金华 does
not change is the core's default (sim.core.hook_defaults). Imports only sim.core and this package.
"""
from numba import njit

from sim.core.hook_defaults import (  # noqa: F401  (the core's defaults, re-exported as 金华's hooks)
    win_forms, LIMIT_AT_FRONT_DRAW, LIMIT_EVERY_DRAW, LIMIT_FRONT_DRAWS, declares_missing_suit, on_claim_taken, on_discard,
    on_huang, on_shangjia, on_unclaimed, self_kong_forbidden,
)
from sim.core.hook_defaults import (  # noqa: F401  (the facts a player reads that this rule set leaves at the default)
    has_grab_claims, misses_a_suit, blocked_suits, declared_suit_kinds, never_winning_kinds, self_draw_only_kinds,
)
from sim.core.state import ST_WILD_KIND, ST_WINNER
from sim.variants.jinhua import play_rules as jh_rules
from sim.variants.jinhua import _calls as jh_calls
from sim.variants.jinhua import _reserve as jh_reserve
from sim.variants.jinhua import _win_shape as jh_win_shape
from sim.variants.jinhua import CODE
from sim.variants.jinhua.study_facts import LABEL, SEARCH_WORLDS  # noqa: F401  (LABEL: its Chinese name)
# a hand ends at its first win: the core's play-on hooks (血战到底 only) are its defaults, pruned
from sim.core.hook_defaults import on_play_end, on_wins_settled, plays_on_after_win  # noqa: F401,E402
from sim.core.hook_defaults import preferred_discards  # noqa: F401,E402  (no tile a win may not hold)
from sim.core.hook_defaults import kinds_never_held  # noqa: F401,E402  (no public fact rules a kind out)
from sim.core.hook_defaults import public_rule_state  # noqa: F401,E402  (its region holds nothing private)
# no tiles passed after the deal, nothing after 定缺, replacements from the tail, a drawn first dealer (四川's flags)
from sim.core.hook_defaults import (  # noqa: F401,E402
    first_dealer, kong_draws_from_front, on_voids_declared, tile_pass_offset,
)

VARIANT = CODE  # the code this rule set registers (sim/variants/jinhua/__init__.py), rule_vec[R_VARIANT]


# --- deal and draws ------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def deal_extras(rule_vec, wall, st, events):
    """Turn the 财神 indicator of the filled ``wall`` (RULES §3.2 r5); returns nothing."""
    jh_rules.turn_indicator(wall, st, events)


@njit(cache=True, inline='always')
def front_draw_allowed(rule_vec, st):
    """Return True while a live tile is left to draw, False when the hand ends as 荒庄 (RULES §3.1 r4)."""
    return jh_rules.may_draw(rule_vec, st)


@njit(cache=True, inline='always')
def draw_limit(rule_vec, st):
    """Return (LIMIT_EVERY_DRAW; the tiles of the reserve kept back) (RULES §3.1 r4)."""
    return LIMIT_EVERY_DRAW, jh_rules.kept_back_tiles(rule_vec)


@njit(cache=True, inline='always')
def first_tail_position(rule_vec):
    """Return the wall position of the first kong replacement (later ones go downward): one below the turned 财神
    indicator (RULES §3.2 r5)."""
    return jh_rules.TAIL_START


# --- turns, discards and claims ------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def on_turn_start(rule_vec, st, seat):
    """Clear ``seat``'s 过碰 mask and the 吃张打张 mask (RULES §3.3 r11–r12); returns nothing."""
    jh_rules.on_turn_start(st, seat)


@njit(cache=True, inline='always')
def discard_forbidden(rule_vec, st, seat):
    """Return the int64 kind mask the current ``seat`` may not discard: 吃张打张 after its 吃 (RULES §3.3 r12)."""
    return jh_rules.forbidden_discards(st)


@njit(cache=True, inline='always')
def claim_priority(rule_vec, action):
    """Return the priority of a claim answer ``action``: 胡 3 > 杠 = 碰 2 > 吃 1 > pass 0 (RULES §3.3 r10)."""
    return jh_rules.claim_priority(action)


@njit(cache=True, inline='always')
def on_claim_answer(rule_vec, hands, st, seat, action):
    """Remember a declined pong (过碰, RULES §3.3 r11); returns nothing."""
    jh_rules.on_claim_answer(hands, st, seat, action)


@njit(cache=True, inline='always')
def blocked_claim_bits(rule_vec, st, seat, tile):
    """Return the core claim bits (CLAIM_BIT_PENG / CLAIM_BIT_GANG) ``seat`` may not use on ``tile``: a discarded
    财神 is dead (RULES §3.2 r8), 过碰 (§3.3 r11)."""
    return jh_rules.blocked_claim_bits(st, seat, tile)


@njit(cache=True, inline='always')
def variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source):
    """Return the CLAIM_BIT_CHI_* bits of 吃 by the 下家 on the discard ``tile`` of ``source``, 0 when none
    (RULES §3.3 r10)."""
    return jh_rules.chow_claim_bits(rule_vec, hands, st, seat, tile, source)


@njit(cache=True, inline='always')
def apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action):
    """Apply a winning 吃 ``action`` of ``seat`` on the discard ``tile`` of ``source`` (RULES §3.3 r10, r12);
    returns nothing."""
    jh_rules.take_chow(hands, melds, st, events, seat, tile, source, action)


@njit(cache=True, inline='always')
def meld_tile_kind(rule_vec, st, shown):
    """Return the physical kind of a meld tile that shows kind ``shown``: the 财神's face is a 白板 (RULES §3.2
    r6)."""
    return jh_rules.meld_tile_kind(st, shown)


# --- no ting (RULES §3.4 r14) --------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def ting_exists(rule_vec):
    """Return False: no ting declaration; no 上架 action is offered and a win needs only a complete hand."""
    return False


@njit(cache=True, _nrt=False)
def ting_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return 0: no ting waits."""
    return 0


@njit(cache=True, _nrt=False)
def ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Return 0: no discard marks a ting."""
    return 0


@njit(cache=True, inline='always')
def shares_self_scan(rule_vec):
    """Return False: no ting marks, so no discard scan is shared with the greedy."""
    return False


@njit(cache=True, inline='always')
def scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful, mask):
    """Raise ValueError: 金华 shares no discard scan (``shares_self_scan`` is False, so the core never calls it).
    The (0, 0) after the raise only gives a caller that unpacks (least shanten, marks set) a type to compile."""
    if not shares_self_scan(rule_vec):
        raise ValueError("the variant shares no discard scan (hook shares_self_scan)")
    return 0, 0


@njit(cache=True, inline='always')
def kong_allowed(rule_vec, st):
    """Return True while a live tile is left for the kong's replacement (RULES §3.1 r4)."""
    return jh_rules.may_draw(rule_vec, st)


# --- wins -----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def hand_complete(rule_vec, tables, hands, frozen, st, seat):
    """Return True when ``seat``'s concealed hand (winning tile included) is complete in a 金华 form, wild-aware
    (RULES §3.2 r7, §3.4 r15)."""
    return jh_rules.hand_complete(rule_vec, tables, hands, st, seat)


@njit(cache=True, inline='always')
def can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile``: no ting needed (RULES §3.4 r14); a discarded 财神
    only with jh_ron_on_caishen."""
    return jh_rules.can_win_on(rule_vec, tables, hands, st, seat, tile)


@njit(cache=True, inline='always')
def self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
    """Return True when ``seat`` may declare 自摸 now: its hand is complete (no ting, RULES §3.4 r14)."""
    return jh_rules.hand_complete(rule_vec, tables, hands, st, seat)


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind):
    """Return the SHAPE_* code of ``seat``'s complete hand won by ``win_kind``: 七对, 七风 or regular, the form the
    win is scored in (RULES §3.4 r15)."""
    return jh_rules.win_shape(rule_vec, tables, hands, st, seat, win_kind)


@njit(cache=True, _nrt=False)
def settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape):
    """Add one win's money into ``money`` (底注, zero-sum) for ``winner`` fed by ``feeder`` (-1 = 自摸): M from the
    form, suit and 海底; 承包 (RULES §3.5 r16–r20). Returns the winner's gain in 底注."""
    return jh_rules.settle_win(rule_vec, tables, hands, st, money, winner, feeder, win_kind)


# --- kongs, the end of a hand and the checker ---------------------------------------------------------------
@njit(cache=True, _nrt=False)
def on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting):
    """Pay a kong when jh_kong_money is on (RULES §3.5 r21, A35); returns nothing."""
    jh_rules.on_kong(rule_vec, money, seat, kong_type)


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the seat (0..3) that deals the next hand under jh_dealer, from the finished hand's ``st`` (RULES
    §3.1 r2, A27)."""
    return jh_rules.next_dealer(rule_vec, st, st[ST_WINNER])


@njit(cache=True, _nrt=False)
def variant_state_ok(rule_vec, st):
    """Return False when a 金华 rule of the state broke: a 财神 in a meld (RULES §3.2 r9)."""
    return jh_rules.state_ok(rule_vec, st)


# --- what a player must know of 金华 (docs/architecture.md "Adding a strategy") ---------------------------------------
@njit(cache=True, inline='always')
def has_wilds(rule_vec):
    """Return True: the 财神's tiles are wild (RULES §3.2 r5–r7), so a player's shanten is the wild-aware one."""
    return True


@njit(cache=True, inline='always')
def wild_kind(rule_vec, st):
    """Return the 财神 kind (0..33) of the hand, the turned indicator's (RULES §3.2 r5)."""
    return st[ST_WILD_KIND]


@njit(cache=True, inline='always')
def wild_indicator_position(rule_vec):
    """Return the wall position of the turned 财神 indicator (RULES §3.2 r5): the wall's last."""
    return jh_reserve.INDICATOR_POSITION


@njit(cache=True, inline='always')
def meld_face_kind(rule_vec, tile, wild):
    """Return the kind the natural ``tile`` shows in a meld: a 白板 shows the 财神's face (RULES §3.2 r6)."""
    return jh_calls.shown_kind_k(tile, wild)


@njit(cache=True, inline='always')
def face_holder_kind(rule_vec, shown, wild):
    """Return the physical kind that supplies a natural meld tile showing ``shown``: a 白板 for the 财神's face
    (RULES §3.2 r6)."""
    return jh_calls.holder_kind_k(shown, wild)


@njit(cache=True, _nrt=False)
def baotou_ready(rule_vec, tables, hand, n_melds, wild):
    """Return True when the waiting ``hand`` (3n+1 tiles, ``n_melds`` melds) is four sets and a lone 财神: any
    self-drawn tile then wins as 爆头 (RULES §3.4 r15)."""
    if hand[wild] == 0:
        return False
    hand[wild] -= 1
    ready = jh_win_shape.sets_distance_wild_k(hand, 4 - n_melds, wild, tables) == 0
    hand[wild] += 1
    return ready


@njit(cache=True, inline='always')
def is_baotou(rule_vec, tables, hand, n_melds, wild, last_tile):
    """Return True when the complete ``hand`` less the self-drawn ``last_tile`` is four sets and a lone 财神: 爆头
    (RULES §3.4 r15)."""
    return jh_win_shape.is_baotou_k(hand, n_melds, wild, last_tile, tables)


@njit(cache=True, inline='always')
def live_tiles_left(rule_vec, st):
    """Return the live tiles left to draw (RULES §3.1 r4; 0 = 荒 at the next draw)."""
    return jh_rules.live_tiles(rule_vec, st)


@njit(cache=True, inline='always')
def search_worlds(rule_vec):
    """Return the worlds the search player samples by default (its ``worlds=0``): this rule set's SEARCH_WORLDS
    (study_facts)."""
    return SEARCH_WORLDS
