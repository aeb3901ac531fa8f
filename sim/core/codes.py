"""Every integer code the kernels and Python share, defined once — a constants-only kernel-side module.

Kernels import their codes from here (never from ``sim.record``, which imports polars);
Python derives its option tuples (``sim.rules``), record names (``sim.record``) and readable
action names from the same constants. A module of constants only: numba freezes these
values into compiled kernels, so ``sim.kernel_cache`` hashes this file like a kernel module.

Option codes of an enumerated rule flag are listed in a ``{option name: code}`` mapping
(``*_CODES``); the codes of a flag are 0..n-1, and ``sim.rules`` orders its option tuple by
them, so reordering a tuple cannot swap behaviour.
"""

# --- variants (rule vector slot R_VARIANT; dispatch switch of variant rules) --------------------
# The rule sets' own codes are registered in their folders (sim/variants/<name>/__init__.py ``CODE``, 0, 1, ...;
# sim.rules lists them); the core knows only these two:
# the bound VARIANT of an engine that switches at run time over the variants of a run (sim.core.variant_switch):
# a strategy then reads rule_vec[R_VARIANT] instead of a compile-time constant
VARIANT_ANY = -1
# the variant code of a switch slot (VARIANT0, VARIANT1, ...) no variant of the run holds: never a rule vector's
VARIANT_NONE = -2

# --- enumerated rule flags (RULES §4) ----------------------------------------------------------
HUANG_DEALER_STAY = 0      # 荒庄: the dealer keeps the deal (RULES §1.10 r53, A2)
HUANG_DEALER_ROTATE = 1    # 荒庄: the deal passes to 下家
HUANG_DEALER_CODES = {"stay": HUANG_DEALER_STAY, "rotate": HUANG_DEALER_ROTATE}

WALL_MODEL_PHYSICAL = 0    # 荒 limit: front draws <= 70 - 2*kongs; replacements free (RULES §1.2 r11, A3)
WALL_MODEL_COUNT = 1       # 荒 limit: tiles left <= 荒 zone; replacements count
DEAD_WALL_MODEL_CODES = {"physical": WALL_MODEL_PHYSICAL, "count": WALL_MODEL_COUNT}

MULTI_RON_HEADBUMP = 0     # one discard, several 胡: the first after the discarder wins (RULES §1.3 r20, A4)
MULTI_RON_ALL = 1          # every claimant wins and is paid
MULTI_RON_CODES = {"headbump": MULTI_RON_HEADBUMP, "all": MULTI_RON_ALL}

TING_KONG_SAME_WAITS = 0       # a kong after 上架 must keep the winning-tile set exactly (RULES §1.3 r18, A5)
TING_KONG_STILL_TENPAI = 1     # ... must leave the seat tenpai
TING_KONG_CONCEALED_ONLY = 2   # ... only 暗杠, with unchanged waits
TING_KONG_NONE = 3             # no kong after 上架
TING_KONG_POLICY_CODES = {"same_waits": TING_KONG_SAME_WAITS, "still_tenpai": TING_KONG_STILL_TENPAI,
                          "concealed_only": TING_KONG_CONCEALED_ONLY, "none": TING_KONG_NONE}

QIANGGANG_DISCARDER = 0    # 抢杠胡: the kong maker pays as a discarder (RULES §1.6 r41, A8)
QIANGGANG_ZIMO = 1         # 抢杠胡: paid as 自摸
QIANGGANG_MODE_CODES = {"discarder": QIANGGANG_DISCARDER, "zimo": QIANGGANG_ZIMO}

GUO_HU_UNRESTRICTED = 0    # a passed win does not restrict later wins (RULES A36)
GUO_HU_RESTRICTED = 1      # a passed win blocks that kind until the seat's own next turn
GUO_HU_CODES = {"unrestricted": GUO_HU_UNRESTRICTED, "restricted": GUO_HU_RESTRICTED}

# --- 晋中 enumerated rule flags (RULES §4, A20) --------------------------------------------------
# 晋中's ting_kong_policy options, each packed as the shared TING_KONG_* code of the same behaviour
# (concealed_same_waits is the core's concealed_only: only 暗杠, waits unchanged; RULES §2.3 r11, A20).
JZ_TING_KONG_POLICY_CODES = {"concealed_same_waits": TING_KONG_CONCEALED_ONLY, "same_waits": TING_KONG_SAME_WAITS,
                             "none": TING_KONG_NONE}

# --- record codes: win_kind and shape ----------------------------------------------------------
WIN_NONE = 0
WIN_ZIMO = 1
WIN_DIANHU = 2
WIN_QIANGGANG = 3
WIN_KIND_CODES = {"none": WIN_NONE, "zimo": WIN_ZIMO, "dianhu": WIN_DIANHU, "qianggang": WIN_QIANGGANG}

SHAPE_NONE = 0
SHAPE_REGULAR = 1
SHAPE_QIDUI = 2
SHAPE_SHISANYAO = 3
SHAPE_QIFENG = 4       # 金华 七风/十四不靠 (RULES §3.4 r15)
SHAPE_CODES = {"none": SHAPE_NONE, "regular": SHAPE_REGULAR, "qidui": SHAPE_QIDUI, "shisanyao": SHAPE_SHISANYAO,
               "qifeng": SHAPE_QIFENG}

# --- winning-hand features: bits of the record's win_features (int32; 0 = a win without any, -1 = no win) --
# bits 0-10: 晋中 (RULES §2.4 r16-r18, §2.5 r19); a bit says the hand is scored with that feature
# (a 豪华七对 sets FEATURE_HAOHUA_QIDUI, not FEATURE_QIDUI; a 九莲宝灯 does not set FEATURE_QINGYISE).
FEATURE_QIDUI = 1 << 0           # 七对 (seven pairs, no quad)
FEATURE_HAOHUA_QIDUI = 1 << 1    # 豪华七对 (七对 holding a quad as two pairs)
FEATURE_PENGPENGHU = 1 << 2      # 碰碰胡 (four triplets/kongs and a pair)
FEATURE_QINGYISE = 1 << 3        # 清一色 (one suit, no honours)
FEATURE_JIULIAN = 1 << 4         # 九莲宝灯 (1112345678999 of one suit + one more of it, concealed)
FEATURE_SHISANYAO = 1 << 5       # 十三幺
FEATURE_TIANHU = 1 << 6          # 天胡 (the dealer's dealt 14 complete)
FEATURE_DIHU = 1 << 7            # 地胡 (a 闲 wins on the dealer's first discard with its dealt 13)
FEATURE_GANGKAI = 1 << 8         # 杠上开花 (自摸 on a kong replacement)
FEATURE_HAIDI = 1 << 9           # 海底捞月 (自摸 on the last tile of the wall)
FEATURE_QIANGGANG = 1 << 10      # 抢杠胡 (won on another player's 补杠)
N_JZ_FEATURES = 11
NO_WIN_FEATURES = -1   # win_features of a hand without a winner
FEATURE_CODES = {
    "qidui": FEATURE_QIDUI, "haohua_qidui": FEATURE_HAOHUA_QIDUI, "pengpenghu": FEATURE_PENGPENGHU,
    "qingyise": FEATURE_QINGYISE, "jiulian": FEATURE_JIULIAN, "shisanyao": FEATURE_SHISANYAO,
    "tianhu": FEATURE_TIANHU, "dihu": FEATURE_DIHU, "gangkai": FEATURE_GANGKAI, "haidi": FEATURE_HAIDI,
    "qianggang": FEATURE_QIANGGANG,
}

# 金华 features (RULES §3.4 r15), right after the 晋中 group
FEATURE_HUNYISE = 1 << 11       # 混一色: one suit plus honors
FEATURE_BAOTOU = 1 << 12        # 爆头/敲响: four sets and a lone 财神 as the half-pair, completed by a self-draw
FEATURE_QIFENG = 1 << 13        # 七风/十四不靠: the 7 honors and 7 spaced suited tiles
FEATURE_QINGYISE_WILD = 1 << 14  # 清一色 with a 财神 in the hand (M x2 instead of x4); set with FEATURE_QINGYISE
FEATURE_PINGHU = 1 << 15        # 平胡: won in the regular form (4 sets + a pair), not as 爆头

# --- 金华 multiplier table (RULES §3.4 r15; sim.variants.jinhua config packs its values in this order) --
JH_MULT_QIDUI = 0              # 七对 (default 2)
JH_MULT_QIFENG = 1             # 七风/十四不靠 (default 2)
JH_MULT_QINGYISE = 2           # 清一色 without 财神 (default 4)
JH_MULT_QINGYISE_WILD = 3      # 清一色 with a 财神 (default 2)
JH_MULT_HUNYISE = 4            # 混一色 (default 2)
JH_MULT_BAOTOU = 5             # 爆头 (default 2)
JH_MULT_HAIDI = 6              # 海底捞月 (default 2)
JH_MULT_BAOTOU_HAIDI = 7       # 爆头 and 海底 together, replacing their product (jh_baotou_haidi, A31: 4 or 8)
N_JH_MULT = 8
JH_MULT_CODES = {"qidui": JH_MULT_QIDUI, "qifeng": JH_MULT_QIFENG, "qingyise": JH_MULT_QINGYISE,
                 "qingyise_wild": JH_MULT_QINGYISE_WILD, "hunyise": JH_MULT_HUNYISE, "baotou": JH_MULT_BAOTOU,
                 "haidi": JH_MULT_HAIDI, "baotou_haidi": JH_MULT_BAOTOU_HAIDI}

# --- 金华 enumerated flags (RULES §4 A27, A30) ---------------------------------------------------
JH_DEALER_STAY = 0             # the dealer keeps the deal only on its own win, else the 下家 deals (RULES §3.1 r2, A27)
JH_DEALER_ROTATE = 1           # the deal always passes to the 下家
JH_DEALER_WINNER = 2           # the winner deals next (荒庄: the dealer stays)
JH_DEALER_CODES = {"stay": JH_DEALER_STAY, "rotate": JH_DEALER_ROTATE, "winner": JH_DEALER_WINNER}
JH_CHENGBAO_ALL = 0            # 承包 applies to every win (RULES §3.5 r20, A30)
JH_CHENGBAO_ZIMO = 1           # 承包 applies to self-drawn wins only
JH_CHENGBAO_SCOPE_CODES = {"all": JH_CHENGBAO_ALL, "zimo": JH_CHENGBAO_ZIMO}

# --- actions: ACT_DISCARD + t, ACT_SHANGJIA + t, ACT_ANGANG + t, ACT_BUGANG + t (t = kind 0..33) --------
ACT_DISCARD = 0
ACT_SHANGJIA = 34
ACT_ANGANG = 68
ACT_BUGANG = 102
ACT_ZIMO = 136
ACT_PASS = 137   # claim window answers from here on
ACT_PENG = 138
ACT_GANG = 139
ACT_SHI = 140
ACT_QIANG = 141
ACT_HU = 142
ACT_CHI_LOW = 143    # 吃 (金华 RULES §3.3 r10; 晋中 jz_chi §2.2 r7): the claimed tile is the lowest of the run (t, t+1, t+2)
ACT_CHI_MID = 144    # ... the middle (t-1, t, t+1)
ACT_CHI_HIGH = 145   # ... the highest (t-2, t-1, t)
N_ACTIONS = 146

# --- payment ledger rows (money[row, seat], units of 底注) ---------------------------------------
MONEY_WIN = 0
MONEY_KONG = 1
MONEY_GENZHUANG = 2
MONEY_HUANG = 3
# rows 4..7: a rule set's own transfers, each in its own row and record column (血战: 呼叫转移, 查花猪, 查大叫, 退税,
# docs/rules/sichuan.md r68–r77); zero in every other rule set
MONEY_HUJIAO = 4
MONEY_HUAZHU = 5
MONEY_DAJIAO = 6
MONEY_TUISHUI = 7
N_MONEY = 8
MONEY_ROW_CODES = {"win": MONEY_WIN, "kong": MONEY_KONG, "genzhuang": MONEY_GENZHUANG, "huang": MONEY_HUANG}

# --- meld types (per-kind view ``melds[seat, kind]`` and the meld records, sim.core.melds) -----------------
MELD_NONE = 0
MELD_PONG = 1
MELD_MINGGANG = 2  # kong from a discard
MELD_BUGANG = 3    # pong + 4th tile
MELD_ANGANG = 4    # concealed kong
MELD_CHOW = 5      # 吃 (金华 RULES §3; 晋中 jz_chi): a run; kept in the records only, not in the per-kind view

# --- record matrix columns (sim.record gives each its dtype) ---------------------------------------
# hand-level columns, in matrix order
COL_HAND = 0
COL_SESSION = 1
COL_HAND_IN_SESSION = 2
COL_DEALER = 3
COL_WINNER = 4
COL_FEEDER = 5
COL_WIN_KIND = 6
COL_SHAPE = 7
COL_WIN_TILE = 8
COL_DRAWS = 9
COL_REPLACEMENTS = 10
COL_KONGS = 11
COL_PONGS = 12
COL_GENZHUANG = 13
N_HAND_COLUMNS = 14
HAND_COLUMN_CODES = {
    "hand": COL_HAND, "session": COL_SESSION, "hand_in_session": COL_HAND_IN_SESSION, "dealer": COL_DEALER,
    "winner": COL_WINNER, "feeder": COL_FEEDER, "win_kind": COL_WIN_KIND, "shape": COL_SHAPE,
    "win_tile": COL_WIN_TILE, "draws": COL_DRAWS, "replacements": COL_REPLACEMENTS, "kongs": COL_KONGS,
    "pongs": COL_PONGS, "genzhuang": COL_GENZHUANG,
}
# per-seat columns: seat k's column c is N_HAND_COLUMNS + N_SEAT_COLUMNS * k + c
SCOL_TING_TURN = 0
SCOL_LIVE_WAITS = 1     # live wait copies at 上架 (not the waits themselves)
SCOL_YAOJIU_START = 2
SCOL_FROZEN = 3
SCOL_WIN = 4
SCOL_KONG = 5
SCOL_GENZHUANG = 6
SCOL_HOUBAO = 7         # 后包 money, paid on a 荒庄 (ledger row MONEY_HUANG)
SCOL_DELTA = 8
N_SEAT_COLUMNS = 9
SEAT_COLUMN_CODES = {
    "ting_turn": SCOL_TING_TURN, "live_waits": SCOL_LIVE_WAITS, "yaojiu_start": SCOL_YAOJIU_START,
    "frozen": SCOL_FROZEN, "win": SCOL_WIN, "kong": SCOL_KONG, "genzhuang": SCOL_GENZHUANG, "houbao": SCOL_HOUBAO,
    "delta": SCOL_DELTA,
}
# hand-level columns added after the seat block (so the earlier columns keep their matrix positions):
# column N_HAND_COLUMNS + 4 * N_SEAT_COLUMNS + c
XCOL_WIN_FEATURES = 0   # the win's FEATURE_* bits, NO_WIN_FEATURES (-1) without a win
XCOL_MULTIPLIER = 1     # the win money's total multiplier, 0 without a win
XCOL_CAISHEN = 2        # 金华: the 财神 kind 0..33 (RULES §3.2 r5); -1 in a variant without wilds
XCOL_WINNER_WILDS = 3   # 金华: 财神 tiles in the winner's hand at the win; -1 without a win or wilds
XCOL_CHOWS = 4          # 吃 melds made in the hand (金华; 晋中 with jz_chi); -1 when the rules have no 吃
XCOL_CHENGBAO = 5       # + seat (4 columns): what 承包 changed in the seat's win money (底注, RULES §3.5 r20); 0 = none
XCOL_WILDS_DEALT = 9    # + seat (4 columns): 金华 财神 tiles in the seat's initial deal (dealer: 14 tiles, RULES §3.2 r5);
                        # -1 in a variant without wilds
XCOL_DINGQUE = 13       # + seat (4 columns): 晋中 jz_dingque_upfront: the suit declared given up at the deal (0 万,
                        # 1 饼, 2 条; RULES §2.4 r13); -1 when none is declared (the flag off, another variant)
XCOL_WINNERS = 17       # bit k set when seat k won the hand (every winner of a multi_ron=all 一炮多响); 0 = 荒庄
# 血战到底 (hands that play on after a win, docs/rules/sichuan.md r55–r84): appended after the columns above, so the
# record of every other rule set keeps its first columns byte for byte (tests/test_golden.py hashes a prefix)
XCOL_N_WINNERS = 18     # seats that won (bits of ``winners``), 0 = 荒庄
XCOL_HAND_END = 19      # HAND_END_*: how a hand that plays on ended; 0 in a rule set that ends at its first win
XCOL_WIN_ORDER = 20     # + seat (4 columns): 1, 2, 3 = the seat won in the 1st, 2nd, 3rd win event (co-winners of
                        # 一炮多响 share one), 0 = did not win (0 everywhere outside 血战)
XCOL_WIN_HOW = 24       # + seat: WIN_* code of the seat's own win (0 = none; outside 血战 always 0)
XCOL_FAN = 28           # + seat: the 番 of the seat's win, -1 = no win or a rule set without 番
XCOL_VALUE = 32         # + seat: the value V of the seat's win in 底, 0 = none
XCOL_END_CLASS = 36     # + seat: the wall-end class of a seat that had not won (1 花猪, 2 听牌, 3 未听), -1 = none
XCOL_HUJIAO = 40        # + seat: money row MONEY_HUJIAO (呼叫转移), part of s{k}_delta
XCOL_HUAZHU = 44        # + seat: money row MONEY_HUAZHU (查花猪)
XCOL_DAJIAO = 48        # + seat: money row MONEY_DAJIAO (查大叫)
XCOL_TUISHUI = 52       # + seat: money row MONEY_TUISHUI (退税)
N_EXTRA_COLUMNS = 56
HAND_END_NONE = 0        # a hand that ends at its first win (every rule set but 血战)
HAND_END_THREE_WON = 1   # three seats won (docs/rules/sichuan.md r58)
HAND_END_WALL = 2        # the wall ran out with fewer than three winners (流局 when none won; r70)
HAND_END_CODES = {"none": HAND_END_NONE, "three_won": HAND_END_THREE_WON, "wall": HAND_END_WALL}
_PLAY_ON_SEAT_COLUMNS = (("win_order", XCOL_WIN_ORDER), ("win_how", XCOL_WIN_HOW), ("fan", XCOL_FAN),
                         ("value", XCOL_VALUE), ("end_class", XCOL_END_CLASS), ("hujiao", XCOL_HUJIAO),
                         ("huazhu", XCOL_HUAZHU), ("dajiao", XCOL_DAJIAO), ("tuishui", XCOL_TUISHUI))
EXTRA_COLUMN_CODES = {"win_features": XCOL_WIN_FEATURES, "multiplier": XCOL_MULTIPLIER, "caishen": XCOL_CAISHEN,
                      "winner_wilds": XCOL_WINNER_WILDS, "chows": XCOL_CHOWS, "s0_chengbao": XCOL_CHENGBAO,
                      "s1_chengbao": XCOL_CHENGBAO + 1, "s2_chengbao": XCOL_CHENGBAO + 2,
                      "s3_chengbao": XCOL_CHENGBAO + 3, "s0_wilds_dealt": XCOL_WILDS_DEALT,
                      "s1_wilds_dealt": XCOL_WILDS_DEALT + 1, "s2_wilds_dealt": XCOL_WILDS_DEALT + 2,
                      "s3_wilds_dealt": XCOL_WILDS_DEALT + 3,
                      "s0_dingque": XCOL_DINGQUE, "s1_dingque": XCOL_DINGQUE + 1,
                      "s2_dingque": XCOL_DINGQUE + 2, "s3_dingque": XCOL_DINGQUE + 3,
                      "winners": XCOL_WINNERS, "n_winners": XCOL_N_WINNERS, "hand_end": XCOL_HAND_END,
                      **{f"s{k}_{name}": base + k for name, base in _PLAY_ON_SEAT_COLUMNS for k in range(4)}}


def names_by_code(codes: dict) -> tuple:
    """Return the names of a ``{name: code}`` mapping ordered by code; the codes must be exactly 0..n-1."""
    ordered = sorted(codes, key=codes.__getitem__)
    if [codes[n] for n in ordered] != list(range(len(codes))):
        raise ValueError(f"codes must be 0..{len(codes) - 1}, got {codes}")
    return tuple(ordered)
