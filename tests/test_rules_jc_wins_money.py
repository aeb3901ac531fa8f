"""RULES §1.6 (wins and shapes, r37–r43), §1.7 (the 8 payment cases), §1.8 (kong money, r44–r46),
§1.9 (前包/后包, r47–r51) and §1.10 (dealer rotation, r52–r53) of 晋城麻将, played through the engine.

Seat 0 deals; turn order 0 → 1 → 2 → 3; without calls front draw i goes to seat i mod 4.
"""
import numpy as np
import pytest

from jc_scenarios import spare_draws, table
from sim.record import COLUMN_INDEX, SHAPE_QIDUI, SHAPE_REGULAR, WIN_DIANHU, WIN_QIANGGANG, WIN_ZIMO

TANKI_5Z = "123m456p789s111z5z"
DEALER_5P = "5p147m8m369s12345z"
PAIR_5P = "55p9p147s258m1234z"
KANCHAN_5P = "123m789s666z22z46p"      # waits 5p (holds no 5p)


# --- §1.6 wins and shapes ------------------------------------------------------------------

def test_r37_any_pair_and_no_honor_sequences():
    """RULES §1.6 r37: seat 1 wins with a 99s pair (乱将); a hand whose honors 1z2z3z would need to be a
    sequence is not tenpai (no 上架 offered)."""
    t = table({1: "123m456p789m234s9s"}, draws="6z5z6m6p6s" + "9s")
    t.play([(1, "shangjia 5z"), (1, "zimo")])
    row = t.record()
    assert row["winner"] == 1 and row["shape"] == SHAPE_REGULAR
    t2 = table({1: "123m456p789s123z5m"}, draws="6z4z")
    t2.run_until(1)
    assert not any(a.startswith("shangjia") for a in t2.legal())


def test_r38_qidui_is_a_win_and_must_be_concealed():
    """RULES §1.6 r38: seven pairs (a quad counting as two, A7 default) wins as 七对; after a 碰 the same
    pairs are no longer tenpai."""
    t = table({1: "1111m55p77s99s22z7z"}, draws="6z5z6m6p6s" + "7z")
    t.play([(1, "shangjia 5z"), (1, "zimo")])
    row = t.record()
    assert row["winner"] == 1 and row["shape"] == SHAPE_QIDUI
    t2 = table({0: DEALER_5P, 1: "55p11m77s99s66z22z7z"}, draws="7z")
    t2.play([(0, "discard 5p"), (1, "peng")])
    assert not any(a.startswith("shangjia") for a in t2.legal())


def test_r40_zimo_on_a_kong_replacement():
    """RULES §1.6 r40: 上架 seat 1 (waits 5z) 暗杠s a drawn 4th 1m and wins on the tail replacement 5z."""
    t = table({1: "111m456p789s234s5z"}, draws="6z6m6p6s7z" + "1m", replacements="5z")
    t.play([(1, "shangjia 6m"), (1, "angang 1m"), (1, "zimo")])
    row = t.record()
    assert row["winner"] == 1 and row["win_kind"] == WIN_ZIMO and row["kongs"] == 1
    assert t.money("win") == [-4, 8, -2, -2]
    assert t.money("kong") == [-2, 6, -2, -2]
    assert t.money() == [-6, 14, -4, -4]


def test_r40_hu_outranks_a_minggang_on_the_same_discard():
    """RULES §1.6 r40 / §1.3 r19: seat 2 would 杠 the dealer's 5p but 上架 seat 3 wins on it: ordinary 点胡."""
    t = table({2: "555p9p147s258m123z", 3: KANCHAN_5P}, draws="6m6s6z8p" + "5p")
    t.play([(3, "shangjia 8p"), (0, "discard 5p"), (2, "gang"), (3, "hu")])
    row = t.record()
    assert row["winner"] == 3 and row["feeder"] == 0 and row["win_kind"] == WIN_DIANHU
    assert row["kongs"] == 0 and t.money("kong") == [0, 0, 0, 0]


def bugang_robbed(**rules):
    """Seat 2 pongs the dealer's 5p and later 补杠s it; 上架 seat 3 (waits 5p) robs it."""
    t = table({0: DEALER_5P, 2: PAIR_5P, 3: KANCHAN_5P}, draws="7z" + "8p6m6s" + "5p", **rules)
    t.play([(0, "discard 5p"), (2, "peng"), (2, "discard 9p"), (3, "shangjia 8p"), (2, "bugang 5p")])
    assert t.to_act == 3 and "hu" in t.legal()
    return t.play([(3, "hu")])


def test_r40_r41_qianggang_on_bugang_paid_like_dianhu():
    """RULES §1.6 r40–r41: robbing a 补杠 is 抢杠胡, paid like 点胡 with the non-上架 declarer (seat 2)
    as discarder (case 3: 2 + dealer 2 + 1 = 5); the kong is cancelled and earns nothing."""
    t = bugang_robbed()
    row = t.record()
    assert row["winner"] == 3 and row["feeder"] == 2 and row["win_kind"] == WIN_QIANGGANG
    assert row["kongs"] == 0 and t.money("kong") == [0, 0, 0, 0]
    assert t.money("win") == [-2, -1, -2, 5]
    assert ("peng", "5p") in t.game.melds[2]


def test_r40_angang_cannot_be_robbed():
    """RULES §1.6 r40 (A9 default): 上架 seat 3 waits on 1m; seat 2's 暗杠 of 1m opens no window."""
    t = table({2: "1111m147s258p369s", 3: "456p789s111z22z23m"},
              draws="6m6s6z8p5s", replacements="7z")
    t.play([(3, "shangjia 8p")])
    t.run_until(2)
    t.step(2, "angang 1m")
    assert t.phase == "self" and t.to_act == 2 and t.game.last_drawn == "7z"


def test_r42_no_shape_multipliers_by_default():
    """RULES §1.6 r42: a 七对 自摸 by a 闲 pays exactly like a regular one: 4 + 2 + 2."""
    t = table({1: "11m55p77s99s1122z7z"}, draws="6z5z6m6p6s" + "7z")
    t.play([(1, "shangjia 5z"), (1, "zimo")])
    assert t.record()["shape"] == SHAPE_QIDUI
    assert t.money("win") == [-4, 8, -2, -2]


def test_r43_complete_at_the_deal_must_still_shangjia():
    """RULES §1.6 r43: the dealer's 14 tiles are complete at the deal, but there is no 自摸 (天胡) before 上架."""
    t = table({0: TANKI_5Z}, draws="5z")
    assert "zimo" not in t.legal()
    assert "shangjia 5z" in t.legal()


# --- §1.7 the 8 seed cases through the engine ------------------------------------------------

TEMPLATES = {0: "123m456m789m111z", 1: "123p456p789p222z", 2: "123s456s789s333z", 3: "234m567p678s444z"}
OWN_TANKI = {0: "5z", 1: "6z", 2: "5z", 3: "6z"}
WIN_TILE = "7z"
NOT_JUNK = "19m19p19s1234567z"  # junk draws avoid 幺九/字, so they open no 拾 window and complete nothing


def seed_case_table(winner, feeder, feeder_ting):
    """Dealer 0. ``winner`` 上架s on its first turn waiting on 7z; ``feeder`` (None = 自摸) draws 7z on
    its second turn and discards it (forced when it 上架'd on its first turn)."""
    hands = {s: TEMPLATES[s] + (WIN_TILE if s == winner else OWN_TANKI[s]) for s in range(4)}
    source = winner if feeder is None else feeder
    x_index = 4 + source
    junk = spare_draws(hands, WIN_TILE, x_index, avoid=NOT_JUNK)
    draws = junk + WIN_TILE
    steps = [(winner, winner, f"shangjia {draws[2 * winner:2 * winner + 2]}")]
    if feeder is not None:
        first = draws[2 * feeder:2 * feeder + 2]
        steps.append((feeder, feeder, f"shangjia {first}" if feeder_ting else f"discard {first}"))
        steps.append((x_index, feeder, f"discard {WIN_TILE}"))
        if winner < feeder:
            steps.append((4 + winner, winner, f"discard {draws[2 * (4 + winner):2 * (4 + winner) + 2]}"))
        steps.append((x_index + 0.5, winner, "hu"))
    else:
        steps.append((x_index, winner, "zimo"))
    script = [(seat, action) for _, seat, action in sorted(steps)]
    return table(hands, draws=draws).play(script)


# (case, winner, feeder, feeder 上架?, expected per-seat win money, winner receives) — dealer = seat 0
ENGINE_SEED_CASES = [
    (1, 0, 1, False, [8, -4, -2, -2]),
    (2, 0, 1, True, [6, -2, -2, -2]),
    (3, 1, 2, False, [-2, 5, -2, -1]),
    (4, 1, 2, True, [-2, 4, -1, -1]),
    (5, 1, 0, False, [-4, 6, -1, -1]),
    (6, 1, 0, True, [-2, 4, -1, -1]),
    (7, 0, None, False, [12, -4, -4, -4]),
    (8, 1, None, False, [-4, 8, -2, -2]),
]


@pytest.mark.parametrize("case, winner, feeder, ting, expected", ENGINE_SEED_CASES)
def test_rules_1_7_seed_cases_through_the_engine(case, winner, feeder, ting, expected):
    """RULES §1.7 cases 1–8 played out: winner totals 8/6/5/4/6/4/12/8, the exact payer split, zero-sum."""
    t = seed_case_table(winner, feeder, ting)
    row = t.record()
    assert row["winner"] == winner
    assert row["feeder"] == (-1 if feeder is None else feeder)
    assert row["win_kind"] == (WIN_ZIMO if feeder is None else WIN_DIANHU)
    assert t.money("win") == expected
    assert t.money() == expected and sum(t.money()) == 0


# --- §1.8 kong money -----------------------------------------------------------------------

def minggang_then(finish_with_win, **rules):
    """Seat 2 明杠s the dealer's 5p (dealer not 上架); then 上架 seat 1 自摸s 5z, or the hand goes 荒."""
    t = table({0: DEALER_5P, 1: "123m789p789s111z5z", 2: "555p9p147s258m234z"}, draws="7z" + "6m6p8p6s7m7p" + "5z",
              replacements="6z", **rules)
    t.play([(0, "discard 5p"), (2, "gang")])
    if finish_with_win:
        t.play([(1, "shangjia 8p"), (1, "zimo")])
    return t.finish()


def test_r44_r45_kong_money_is_paid_to_a_non_winner_when_someone_wins():
    """RULES §1.8 r44–r45: seat 2's 明杠 earns 1 from each other seat although seat 1 wins the hand."""
    t = minggang_then(True)
    row = t.record()
    assert row["winner"] == 1 and row["kongs"] == 1
    assert t.money("kong") == [-1, -1, 3, -1]
    assert t.money("win") == [-4, 8, -2, -2]
    assert t.money() == [-5, 7, 1, -3]


def test_r45_kong_money_void_on_huang():
    """RULES §1.8 r45: the same 明杠 earns nothing when the hand ends 荒庄; only 后包 is paid."""
    t = minggang_then(False)
    row = t.record()
    assert row["winner"] == -1 and row["kongs"] == 1
    assert t.money("kong") == [0, 0, 0, 0]
    assert t.money() == [-6, 2, 2, 2]


def test_r46_diangang_bao_off_by_default():
    """RULES §1.8 r46 (A13 default off): the non-上架 dealer who fed the 明杠 pays 1 like the others, not 3."""
    assert minggang_then(True).money("kong")[0] == -1


# --- §1.9 前包 and 后包 -------------------------------------------------------------------------

def test_r47_r50_genzhuang_paid_and_kept_through_huang():
    """RULES §1.9 r47: dealer and the three followers each put out 6m first: dealer pays each 闲 1;
    r50: 前包 survives the 荒庄 that follows (后包 2 each on top)."""
    t = table({}, draws="6m6m6m6m").finish()
    row = t.record()
    assert row["genzhuang"] == 1 and row["winner"] == -1
    assert t.money("genzhuang") == [-3, 1, 1, 1]
    assert t.money("houbao") == [-6, 2, 2, 2]
    assert t.money() == [-9, 3, 3, 3]


def test_r47_no_genzhuang_when_one_follower_differs():
    """RULES §1.9 r47: seat 3's first discard is 7m, not the dealer's 6m: no 前包."""
    t = table({}, draws="6m6m6m7m").finish()
    assert t.record()["genzhuang"] == 0 and t.money("genzhuang") == [0, 0, 0, 0]


def test_r48_dealer_angang_before_first_discard_keeps_genzhuang():
    """RULES §1.9 r48: the dealer 暗杠s 1m, discards the replacement 6m; all three follow with 6m: 前包."""
    t = table({0: "1111m258p369s123z"}, draws="9p6m6m6m", replacements="6m")
    t.play([(0, "angang 1m"), (0, "discard 6m")])
    t.finish()
    assert t.record()["genzhuang"] == 1


def test_r48_a_pong_in_the_first_round_breaks_genzhuang():
    """RULES §1.9 r48: seat 2 pongs the dealer's 6m and discards its own 6m: the round is disrupted, no 前包."""
    t = table({2: "666m147s258p123z9p"}, draws="6m6p")
    t.play([(0, "discard 6m"), (2, "peng"), (2, "discard 6m")])
    t.finish()
    assert t.record()["genzhuang"] == 0


def test_r48_non_dealer_angang_does_not_break_genzhuang():
    """RULES §1.9 r48 (A12 default): seat 2 暗杠s 2p on its first turn and discards the replacement 6m: 前包."""
    t = table({2: "2222p147s258m123z"}, draws="6m6m9s6m", replacements="6m")
    t.play([(2, "angang 2p"), (2, "discard 6m")])
    t.finish()
    assert t.record()["genzhuang"] == 1


def test_r49_follower_shangjia_breaks_genzhuang():
    """RULES §1.9 r49 (default): seat 2 上架s 6m on its first turn: face-down is not following; no 前包."""
    t = table({2: TANKI_5Z}, draws="6m6m6m6m")
    t.play([(2, "shangjia 6m")])
    t.finish()
    assert t.record()["genzhuang"] == 0


def test_r51_houbao_on_huang():
    """RULES §1.9 r51 (A1 default 2): 荒庄 — the dealer pays each 闲 2."""
    t = table({}).finish()
    assert t.record()["winner"] == -1
    assert t.money("houbao") == [-6, 2, 2, 2] and t.money() == [-6, 2, 2, 2]


# --- §1.10 dealer rotation (session mode) ------------------------------------------------------

def session_rows(huang_dealer="stay", hands=240, length=12):
    """Play sessions of ``length`` greedy hands; return the record matrix and its column index."""
    from sim.play import play_chunk

    out = play_chunk({"huang_dealer": huang_dealer}, ["greedy"] * 4, seed=3, first_hand=0, n_hands=hands,
                     session_length=length)
    return out


@pytest.mark.parametrize("huang_dealer", ["stay", "rotate"])
def test_r52_r53_dealer_rotation_in_sessions(huang_dealer):
    """RULES §1.10 r52: dealer wins → stays; a 闲 wins → the dealer's 下家 deals (not the winner);
    r53 (A2): 荒庄 → stays (or rotates with huang_dealer=rotate)."""
    out = session_rows(huang_dealer)
    c = COLUMN_INDEX
    checked = {"dealer_win": 0, "xian_win": 0, "huang": 0, "xian_win_not_xiajia": 0}
    for i in range(len(out) - 1):
        if out[i + 1, c["hand_in_session"]] == 0:
            continue  # a new session draws its own first dealer
        dealer, winner, nxt = out[i, c["dealer"]], out[i, c["winner"]], out[i + 1, c["dealer"]]
        if winner == dealer:
            checked["dealer_win"] += 1
            assert nxt == dealer
        elif winner >= 0:
            checked["xian_win"] += 1
            checked["xian_win_not_xiajia"] += winner != (dealer + 1) % 4
            assert nxt == (dealer + 1) % 4
        else:
            checked["huang"] += 1
            assert nxt == (dealer if huang_dealer == "stay" else (dealer + 1) % 4)
    assert min(checked.values()) > 0, checked  # every branch (and a winner who is not the 下家) was exercised
