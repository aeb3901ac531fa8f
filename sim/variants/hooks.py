"""The variant hooks: the only places where the shared core calls rules of one variant — compiled kernels.

Each hook is an integer switch on ``rule_vec[R_VARIANT]`` (a ``sim.core.codes`` VARIANT_* code) with one
branch per variant, as strategies/dispatch.py switches on a strategy id. A variant adds its branch to every
hook (calling into its own package ``sim/variants/<name>/``); a hook it does not change calls the same
function as another variant. An unknown code raises ValueError (``sim.rules`` never packs one).

Common arguments, shapes as declared in sim.core.state: ``rule_vec`` int32[N_RULE_FIELDS] (slots in
sim.core.rule_layout), ``tables`` the hand-table tuple, ``hands`` / ``frozen`` / ``melds`` int8[4, 34],
``st`` int64[N_ST], ``money`` int32[N_MONEY, 4] ledger in 底注 (rows MONEY_*), ``events`` int32[EVENT_CAP, 4]
(1 row = logging off), ``seat`` / ``source`` / ``feeder`` seats 0..3 (-1 = none), ``tile`` a kind 0..33.
No core module imports a variant package except through this module.
"""
from numba import njit

from sim.core.codes import VARIANT_JINCHENG, VARIANT_JINHUA, VARIANT_JINZHONG, WALL_MODEL_PHYSICAL
from sim.core.rule_layout import R_DEAD_WALL_MODEL, R_VARIANT
from sim.core.state import MONEY_KONG, ST_WINNER
from sim.core import ting as core_ting
from sim.core.wall import wall_size
from sim.variants.jincheng import genzhuang as jc_genzhuang
from sim.variants.jincheng import hand_end as jc_hand_end
from sim.variants.jincheng import settlement as jc_settlement
from sim.variants.jincheng import shisanyao_claims as jc_shisanyao
from sim.variants.jincheng import wins as jc_wins
from sim.variants.jinzhong import _rules as jz_rules
from sim.variants.jinhua import play_rules as jh_rules


# --- deal and draws ------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def deal_extras(rule_vec, wall, st, events):
    """Set the variant's own ``st`` fields at the start of a hand (state already zeroed, before the deal; ``wall``
    the filled int8[136] wall); returns nothing. 晋城: arm 前包 (RULES §1.9 r47). 晋中: count 吃 under jz_chi (RULES §2.2
    r7). 金华: turn the 财神 indicator (RULES §3.2 r5)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        jc_genzhuang.gz_start(rule_vec, st)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        jz_rules.deal_extras(rule_vec, st)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        jh_rules.turn_indicator(wall, st, events)
        return
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def front_draw_allowed(rule_vec, st):
    """Return True when the seat to draw may take the next front tile, False when the hand ends as 荒庄
    (draw limit). 晋城: the 荒 zone at the tail (RULES §1.2 r8–r12, A3)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return jc_hand_end.may_draw_front(rule_vec, st)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.may_draw_front(rule_vec, st)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.may_draw(rule_vec, st)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


# How the draw limit counts, for the invariant checker (sim.core.invariants): the first value ``draw_limit`` returns.
LIMIT_FRONT_DRAWS = 0    # front draws alone stop short of the kept tiles; replacements come out of them (晋城 physical)
LIMIT_AT_FRONT_DRAW = 1  # each front draw leaves the kept tiles undrawn, replacements counted (晋城 count model)
LIMIT_EVERY_DRAW = 2     # every draw, front or replacement, leaves the kept tiles undrawn (晋中, 金华)


@njit(cache=True, inline='always')
def draw_limit(rule_vec, st):
    """Return (how the draw limit counts, a LIMIT_* code; the tiles at the tail it keeps back now) — the variant's
    own statement of its limit, which the invariant checker holds the draws to (written apart from the
    ``front_draw_allowed`` arithmetic). 晋城: the 荒 zone (RULES §1.2 r8–r11, A3). 晋中: the dead wall (RULES §2.1
    r4). 金华: the reserve (RULES §3.1 r4)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        mode = LIMIT_FRONT_DRAWS if rule_vec[R_DEAD_WALL_MODEL] == WALL_MODEL_PHYSICAL else LIMIT_AT_FRONT_DRAW
        return mode, jc_hand_end.kept_back_tiles(rule_vec, st)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return LIMIT_EVERY_DRAW, jz_rules.kept_back_tiles(rule_vec)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return LIMIT_EVERY_DRAW, jh_rules.kept_back_tiles(rule_vec)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


# --- discards, 上架 and claims -------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def on_discard(rule_vec, st, seat, tile):
    """Bookkeeping after ``seat`` put ``tile`` face up in its river (before the claim window); returns nothing.
    晋城: counts the tile for 前包 (r47)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        jc_genzhuang.gz_follow(st, seat, tile)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def on_unclaimed(rule_vec, st, money, events):
    """Called when a discard (or 上架 tile) went unclaimed, just before the next seat draws; may pay into
    ``money`` and log; returns nothing. 晋城: pays 前包 once four matching first discards passed (r47, r50)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        jc_genzhuang.gz_settle_if_complete(rule_vec, st, money, events)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def on_shangjia(rule_vec, st, money, events, seat, tile):
    """Called after ``seat`` laid ``tile`` face down for 上架 and its waits were fixed, before the next draw;
    returns nothing. 晋城: 前包 follows or breaks on it (r49)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        jc_genzhuang.gz_after_shangjia(rule_vec, st, money, events, seat, tile)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def on_claim_taken(rule_vec, st):
    """Called when a claim (胡, 碰, 杠 or a variant claim) takes the pending tile; returns nothing.
    晋城: breaks 前包 (r48)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        jc_genzhuang.gz_break(st)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def claim_priority(rule_vec, action):
    """Return the priority (int, higher wins, 0 = pass) of a claim answer ``action`` (ACT_*); ties go to the seat
    nearest after the discarder. 晋城: 胡 4 > 抢 3 > 拾 2 > 杠 = 碰 1 (RULES §1.3 r19–r21)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return jc_shisanyao.claim_priority(action)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.claim_priority(action)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.claim_priority(action)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def variant_claim_bits(rule_vec, hands, frozen, st, seat, tile, source):
    """Return the sim.core.legal CLAIM_BIT_* bits of the variant's own claims (beyond 胡/碰/杠) ``seat`` has on
    the discard ``tile`` of ``source``, 0 when none. 晋城: 拾 and 抢 (RULES §1.5 r30–r33). 晋中: 吃 by the 下家 under jz_chi (RULES
§2.2 r7). 金华: 吃 by the 下家 (CLAIM_BIT_CHI_*, RULES §3.3 r10)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return jc_shisanyao.shi_qiang_bits(rule_vec, hands, frozen, st, seat, tile, source)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.chow_claim_bits(rule_vec, hands, st, seat, tile, source)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.chow_claim_bits(rule_vec, hands, st, seat, tile, source)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def apply_variant_claim(rule_vec, hands, frozen, melds, st, events, seat, tile, source, action):
    """Apply a winning variant claim ``action`` (not 胡/碰/杠) of ``seat`` on the discard ``tile`` of ``source``
    (already out of the river; ``seat``'s turn has begun without a draw); returns nothing.
    晋城: 拾/抢 freeze the tile and commit the seat to 十三幺 (r30–r33). 晋中: 吃 (RULES §2.2 r7). 金华: 吃 (RULES §3.3 r10, r12)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        jc_shisanyao.take_frozen(frozen, st, events, seat, tile, source, action)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        jz_rules.take_chow(hands, melds, st, events, seat, tile, source, action)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        jh_rules.take_chow(hands, melds, st, events, seat, tile, source, action)
        return
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


# --- wins -----------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')
def can_win(rule_vec, tables, hands, frozen, melds, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile`` (a discard or a kong tile, kind in
    ``st[ST_PENDING_KIND]``): the ting requirement, the wait filter and 过胡. 晋城: only after 上架, on a
    fixed wait (r22, r26, A36); a 暗杠 only by 十三幺 (A9). 晋中: after 报听 on a fixed wait the point limit
    lets win (RULES §2.4 r15–r17), or as 地胡 without 报听 (r18)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return jc_wins.can_win_on(rule_vec, tables, hands, frozen, st, seat, tile)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.can_win_on(rule_vec, tables, hands, melds, st, seat, tile)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.can_win_on(rule_vec, tables, hands, st, seat, tile)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def self_win_without_ting(rule_vec, tables, hands, melds, st, seat):
    """Return True when ``seat``, not 上架/报听, may declare 自摸 now. 晋城: never (r22). 晋中: 天胡 (RULES §2.4 r18)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return False
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.tianhu_ok(tables, hands, melds, st, seat)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.hand_complete(rule_vec, tables, hands, st, seat)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, _nrt=False)
def ting_waits(rule_vec, tables, hands, frozen, melds, st, seat):
    """Return the int64 waits that count for 上架/报听 of ``seat``'s 3k+1 hand (0 = none). 晋城: the raw waits
    without 空听 kinds (RULES §1.4 r27). 晋中: legal under 缺一门, without the kinds the point limit never lets
    win (RULES §2.3 r12, §2.4 r13–r15)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return core_ting.ting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.baoting_waits(rule_vec, tables, hands, frozen, melds, st, seat)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return 0  # no ting (RULES §3.4 r14)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, _nrt=False)
def ting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask):
    """Set ACT_SHANGJIA + t in ``mask`` for each discard t after which the seat may 上架/报听 and return how many,
    or return -1 when the variant uses the core's one-scan marking (sim.core.legal.mark_tenpai_discards).
    晋城: -1. 晋中: each discard whose 报听 waits are not empty (RULES §2.3 r12)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return -1
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.mark_baoting_discards(rule_vec, tables, hands, frozen, melds, st, seat, mask)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return 0  # no ting (RULES §3.4 r14)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, inline='always')
def shares_self_scan(rule_vec):
    """Return True when the variant's 上架/报听 marks follow from one discard scan of the seat's hand that its greedy
    also runs (hook ``scanned_ting_marks``), so the self-phase legal builder runs it once for both
    (sim.core.legal.legal_self_scanned, strategies.dispatch.greedy_self_from_scan). 晋城, 晋中: True."""
    return rule_vec[R_VARIANT] == VARIANT_JINCHENG or rule_vec[R_VARIANT] == VARIANT_JINZHONG


@njit(cache=True, inline='always')
def scanned_ting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after, useful, mask):
    """Run the variant's discard scan of the seat's hand on the class tables ``scan_tables`` over the kinds of
    ``candidates`` (int64 bit set) into ``after`` int8[34] (shanten once each kind is discarded) and ``useful``
    int64[34] (the useful kinds of the least ones), and set the marks ``ting_discards`` sets, from that scan;
    returns (the least shanten, the marks set). 晋城: the plain scan, 上架 marks (RULES §1.4 r23). 晋中: the
    缺一门 scan, 报听 marks (RULES §2.3 r12). 金华 has no ting and shares no scan (``shares_self_scan``)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return core_ting.scanned_tenpai_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after,
                                              useful, mask)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.scanned_baoting_marks(rule_vec, scan_tables, hands, frozen, melds, st, seat, candidates, after,
                                              useful, mask)
    raise ValueError("the variant shares no discard scan (hook shares_self_scan)")


@njit(cache=True, inline='always')
def kong_allowed(rule_vec, st):
    """Return True when a kong may be declared now (its replacement exists). 晋城: always (the 荒 zone holds
    the replacements, r10). 晋中: while a tile is left above the dead wall (RULES §2.1 r4)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return True
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.kong_allowed(rule_vec, st)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.may_draw(rule_vec, st)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, frozen, melds, st, seat, win_kind):
    """Return the sim.core.codes SHAPE_* code of ``seat``'s complete concealed hand (winning tile included) won by
    ``win_kind`` (WIN_*). 金华: 七对, 七风 or regular, the form the win is scored in (RULES §3.4 r15)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return jc_wins.win_shape(rule_vec, tables, hands, frozen, st, seat)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.win_shape(tables, hands, melds, st, seat)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.win_shape(rule_vec, tables, hands, st, seat, win_kind)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, _nrt=False)
def settle_win(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind, shape):
    """Add one win's money into ``money`` (底注, zero-sum) for ``winner`` fed by ``feeder`` (-1 = 自摸) with
    ``win_kind`` (WIN_*) and ``shape`` (SHAPE_*), the winning tile in ``hands``; the first win of a hand stores
    its FEATURE_* bits and total multiplier in ``st``. Returns the winner's gain in 底注.
    晋城: RULES §1.7. 晋中: RULES §2.5 (hu money × the features' multipliers, the winner's kong money).
    金华: RULES §3.5 r16–r20 (M from the form, suit and 海底; 承包)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return jc_wins.settle_one_win(rule_vec, st, money, winner, feeder, win_kind, shape)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.settle_win_in_state(rule_vec, tables, hands, melds, st, money, winner, feeder, win_kind)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.settle_win(rule_vec, tables, hands, st, money, winner, feeder, win_kind)
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


# --- kongs and the end of a hand ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def on_kong(rule_vec, st, money, seat, kong_type, feeder, feeder_ting):
    """Kong handling after ``seat`` laid down a kong (KONG_MING / KONG_BU / KONG_AN) fed by ``feeder`` (-1 =
    none) whose 上架 flag was ``feeder_ting``, before the replacement draw; returns nothing.
    晋城: 前包 breaks (r48, A12) and kong money into ``money[MONEY_KONG]`` (RULES §1.8 r44, r46, A13)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        jc_genzhuang.gz_after_kong(rule_vec, st, seat, kong_type)
        jc_settlement.kong_payment(rule_vec, seat, kong_type, feeder, feeder_ting, money[MONEY_KONG])
        return
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        jh_rules.on_kong(rule_vec, money, seat, kong_type)
        return
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, _nrt=False)
def on_huang(rule_vec, st, money):
    """荒庄 handling before the hand ends without a winner: adjusts ``money`` (底注); returns nothing.
    晋城: 后包 (r51), kong money void (r45), 前包 void when flagged (r50)."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        jc_hand_end.huang_money(rule_vec, st, money)
        return
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


@njit(cache=True, _nrt=False)
def next_dealer(rule_vec, st):
    """Return the seat (0..3) that deals the next hand of a session, from the finished hand's ``st``.
    晋城: RULES §1.10 r52–r53, A2."""
    if rule_vec[R_VARIANT] == VARIANT_JINCHENG:
        return jc_hand_end.next_dealer(rule_vec, st)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.next_dealer(rule_vec, st)
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.next_dealer(rule_vec, st, st[ST_WINNER])
    raise ValueError("unknown variant code in rule_vec[R_VARIANT]")


# --- hooks 金华 added: turn starts, claim answers and filters, discards, the tail, the checker ---------------
@njit(cache=True, inline='always')
def on_turn_start(rule_vec, st, seat):
    """Called when ``seat``'s turn begins (a draw or a call); returns nothing. 金华: clears its 过碰 mask and the
    吃张打张 mask (RULES §3.3 r11–r12)."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        jh_rules.on_turn_start(st, seat)


@njit(cache=True, inline='always')
def on_claim_answer(rule_vec, hands, st, seat, action):
    """Called with ``seat``'s answer ``action`` to the open window before it is recorded; returns nothing.
    金华: a declined pong is remembered (过碰, RULES §3.3 r11)."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        jh_rules.on_claim_answer(hands, st, seat, action)


@njit(cache=True, inline='always')
def blocked_claim_bits(rule_vec, st, seat, tile):
    """Return the core claim bits (CLAIM_BIT_PENG / CLAIM_BIT_GANG) ``seat`` may not use on the discard ``tile``.
    晋城: none. 晋中: a tile of the suit declared given up (jz_dingque_upfront, RULES §2.4 r13). 金华: a discarded
    财神 is dead (RULES §3.2 r8), 过碰 (§3.3 r11)."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.blocked_claim_bits(st, seat, tile)
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.blocked_claim_bits(st, seat, tile)
    return 0


@njit(cache=True, inline='always')
def self_kong_forbidden(rule_vec, st, seat):
    """Return the int64 kind mask of which the current ``seat`` may not declare a 暗杠. 晋城, 金华: none (金华's own
    self-phase rules refuse the 财神). 晋中: the suit declared given up (jz_dingque_upfront, RULES §2.4 r13)."""
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.declared_kinds(st, seat)
    return 0


@njit(cache=True, inline='always')
def declares_missing_suit(rule_vec):
    """Return True when each seat declares at the deal the suit it gives up (st[ST_DINGQUE + seat]). 晋中: with
    jz_dingque_upfront (RULES §2.4 r13, A18)."""
    if rule_vec[R_VARIANT] == VARIANT_JINZHONG:
        return jz_rules.dingque_upfront(rule_vec)
    return False


@njit(cache=True, inline='always')
def discard_forbidden(rule_vec, st, seat):
    """Return the int64 kind mask the current ``seat`` may not discard now (the core allows every held kind if all
    are forbidden). 晋城, 晋中: none. 金华: 吃张打张 after its 吃 (RULES §3.3 r12)."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.forbidden_discards(st)
    return 0


@njit(cache=True, inline='always')
def ting_exists(rule_vec):
    """Return True when the variant has a ting declaration (上架/报听) that wins require. 金华: none (RULES §3.4
    r14): no 上架 action is offered and a win needs only a complete hand."""
    return rule_vec[R_VARIANT] != VARIANT_JINHUA


@njit(cache=True, inline='always')
def first_tail_position(rule_vec):
    """Return the wall position of the first kong replacement (later ones go downward): the wall's last tile
    (135, or 107 for a wall without honors, RULES §2.1 r1). 金华: one below the turned 财神 indicator (RULES §3.2 r5)."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.TAIL_START
    return wall_size(rule_vec) - 1


@njit(cache=True, _nrt=False)
def hand_complete(rule_vec, tables, hands, frozen, st, seat):
    """Return True when ``seat``'s concealed hand (winning tile included) is complete in a form of the variant.
    晋城, 晋中: the core's forms. 金华: wild-aware (RULES §3.2 r7, §3.4 r15)."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.hand_complete(rule_vec, tables, hands, st, seat)
    return core_ting.win_shape_forms(rule_vec, tables, hands, frozen, st, seat) != 0


@njit(cache=True, inline='always')
def meld_tile_kind(rule_vec, st, shown):
    """Return the physical kind of a meld tile that shows kind ``shown`` (a 吃 record keeps shown kinds).
    金华: the 财神's face is a 白板 (RULES §3.2 r6)."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.meld_tile_kind(st, shown)
    return shown


@njit(cache=True, _nrt=False)
def variant_state_ok(rule_vec, st):
    """Return False when a rule of the variant's own state broke (checked in check mode). 金华: a 财神 in a meld
    (RULES §3.2 r9)."""
    if rule_vec[R_VARIANT] == VARIANT_JINHUA:
        return jh_rules.state_ok(rule_vec, st)
    return True
