"""金华 legal actions (sim.variants.jinhua.legal) and the composed win settlement (wins): no 上架, 自摸 in every
金华 form, 吃张打张 discards, kongs never of the 财神, claim options on a discard and on a 补杠 (RULES §3.2 r8–r9,
§3.3 r10–r12, §3.4 r14–r15, §3.5 r16, r20).
"""
import numpy as np

from sim.core import codes
from sim.hand_wild_tables import get_wild_tables
from sim.tiles import kind, parse
from sim.variants.jinhua import legal
from sim.variants.jinhua.wins import settle_jinhua_win_k

MULTS = np.array([2, 2, 4, 2, 2, 2, 2, 4], np.int32)


def self_actions(held, wild, drawn, n_melds=0, pong_kinds=0, forbidden=0, kong_allowed=True):
    mask = np.zeros(codes.N_ACTIONS, np.bool_)
    n = legal.self_actions_k(parse(held), n_melds, np.int64(pong_kinds), kind(wild), True, get_wild_tables(),
                             kind(drawn) if isinstance(drawn, str) else drawn, np.int64(forbidden), kong_allowed, mask)
    actions = set(np.flatnonzero(mask).tolist())
    assert n == len(actions)
    return actions


def test_self_phase_has_no_shangjia_and_zimo_in_every_form():
    # RULES §3.4 r14: no 上架 action; 自摸 on a complete 爆头 hand (drawn 9s), none after a call.
    actions = self_actions("123m456p789p111s5s9s", "5s", "9s")
    assert codes.ACT_ZIMO in actions
    assert not any(codes.ACT_SHANGJIA <= a < codes.ACT_ANGANG for a in actions)
    assert codes.ACT_ZIMO not in self_actions("123m456p789p111s5s9s", "5s", -1)
    # 七风 with a 财神 standing for a suited tile
    assert codes.ACT_ZIMO in self_actions("147m25p3s1234567z9s", "9s", "1z")


def test_chi_zhang_da_zhang_forbids_only_the_given_kinds():
    # RULES §3.3 r12: the forbidden kinds are not discardable; every other held kind is
    actions = self_actions("3456s11z", "5m", -1, n_melds=2, forbidden=(1 << kind("3s")) | (1 << kind("6s")))
    assert actions == {codes.ACT_DISCARD + kind("4s"), codes.ACT_DISCARD + kind("5s"), codes.ACT_DISCARD + kind("1z")}
    # if every held kind were forbidden, all stay allowed
    assert self_actions("33s", "5m", -1, n_melds=4, forbidden=1 << kind("3s")) == {codes.ACT_DISCARD + kind("3s")}


def test_kongs_after_a_draw_never_of_the_caishen():
    # RULES §3.2 r9: a 财神 never goes into a meld; RULES §3.1 r4: no kong without a live tile left
    actions = self_actions("1111m456p789p23s9s", "9s", "1m", pong_kinds=1 << kind("9p"))
    assert codes.ACT_ANGANG + kind("1m") in actions and codes.ACT_BUGANG + kind("9p") in actions
    assert codes.ACT_ANGANG + kind("1m") not in self_actions("1111m456p789p23s9s", "9s", "1m", kong_allowed=False)
    assert codes.ACT_BUGANG + kind("9s") not in self_actions("123m456p789p23s999s", "9s", "9s",
                                                             pong_kinds=1 << kind("9s"))


def claim(held, wild, tile, seat=1, source=0, pending=legal.PENDING_DISCARD, declined=0, passed=0, ron=False,
          n_melds=0):
    return legal.claim_bits_k(parse(held), n_melds, kind(wild), True, get_wild_tables(), kind(tile), pending, seat,
                              source, np.int64(declined), np.int64(passed), ron, False, True)


def test_claims_on_a_discard():
    # RULES §3.3 r10: 吃 only by the 下家; 碰 and 明杠 by anyone; 胡 when complete
    held = "23m999p456s789s11z"
    bits = claim(held, "5p", "1m", seat=1, source=0)
    assert bits == legal.CLAIM_HU | (1 << 0) << legal.CLAIM_CHOW_SHIFT
    assert claim(held, "5p", "1m", seat=2, source=0) == legal.CLAIM_HU
    assert claim(held, "5p", "2s", seat=1, source=0) == 0
    assert claim(held, "5p", "9p", seat=3, source=0) == legal.CLAIM_PENG | legal.CLAIM_GANG
    assert claim(held, "5p", "4m", seat=2, source=1) & legal.CLAIM_HU


def test_discarded_caishen_is_dead_unless_the_flag():
    # RULES §3.2 r8, A29: no 吃, 碰 or 胡 on a discarded 财神 by default; 胡 with jh_ron_on_caishen
    held = "23m555p456s789s11z"
    assert claim(held, "5p", "5p", seat=1, source=0) == 0
    assert claim("123m456s789s111z5p", "5p", "5p", seat=2, source=0) == 0
    assert claim("123m456s789s111z5p", "5p", "5p", seat=2, source=0, ron=True) == legal.CLAIM_HU


def test_guo_peng_and_guo_hu_masks_and_qianggang():
    # RULES §3.3 r11 过碰; A36 过胡 (restricted); RULES §3.4 r14 抢杠胡 on a 补杠 tile
    held = "23m999p456s789s11z"
    assert claim(held, "5p", "9p", seat=3, declined=1 << kind("9p")) == legal.CLAIM_GANG
    assert claim(held, "5p", "4m", seat=2, source=0, passed=1 << kind("4m")) == 0
    assert claim(held, "5p", "4m", seat=2, source=1, pending=legal.PENDING_BUGANG, passed=1 << kind("4m")) == legal.CLAIM_HU


def test_composed_settlement_classifies_and_pays():
    # RULES §3.4 r15 清一色 七对 (4·2) won on seat 2's discard, RULES §3.5 r16: 16 from the discarder, 8 from each
    tables = get_wild_tables()
    money = np.zeros(4, np.int32)
    chengbao = np.zeros(4, np.int32)
    features, multiplier = settle_jinhua_win_k(
        parse("11223355778899p"), np.zeros(4, np.int8), 0, kind("5s"), True, tables, MULTS, 1, 2, codes.WIN_DIANHU,
        kind("9p"), False, 0, np.zeros((4, 4), np.int8), False, codes.JH_CHENGBAO_ALL, money, chengbao)
    assert multiplier == 8 and features == codes.FEATURE_QIDUI | codes.FEATURE_QINGYISE
    assert money.tolist() == [-8, 32, -16, -8]
    # 海底 counts only for a self-draw; 承包 (r20): winner 1 holds three melds from seat 3, who pays all
    money[:] = 0
    tan = np.zeros((4, 4), np.int8)
    tan[1, 3] = 3
    features, multiplier = settle_jinhua_win_k(
        parse("123m456p5s9s"), np.array([kind("7s"), kind("1z"), 0, 0], np.int8), 2, kind("5s"), True, tables, MULTS,
        1, -1, codes.WIN_ZIMO, kind("9s"), True, 0, tan, False, codes.JH_CHENGBAO_ALL, money, chengbao)
    assert features == codes.FEATURE_BAOTOU | codes.FEATURE_HAIDI and multiplier == 4
    assert money.tolist() == [0, 24, 0, -24]
