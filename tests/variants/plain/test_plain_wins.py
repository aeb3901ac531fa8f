"""推倒胡 wins (sim.variants.plain.wins and the win hooks): any complete regular hand with its melds or, with the flag,
七对 wins, with no ting and no minimum; 十三幺 does not; 抢杠胡 on a 补杠 only; a passed win restricts nothing — each
test one precise hand (docs/rules/plain.md r10–r16), and the win test against the slow reference evaluator on many
random hands.
"""
import numpy as np
import pytest

import reference_hand as ref
from plain_states import Table, kind, rule_vec, tables
from sim.core.codes import (
    FEATURE_HAOHUA_QIDUI, FEATURE_QIANGGANG, FEATURE_QIDUI, SHAPE_QIDUI, SHAPE_REGULAR, WIN_DIANHU,
    WIN_QIANGGANG, WIN_ZIMO,
)
from sim.core.hand.kernel import FORM_QIDUI, FORM_REGULAR, FORM_SHISANYAO, complete_forms_k
from sim.core.state import (
    MELD_CHOW, MELD_MINGGANG, MELD_PONG, N_ACTIONS, PEND_ANGANG, PEND_BUGANG, PEND_DISCARD, ST_DEALER,
    ST_FRONT_DRAWS, ST_GUO_HU, ST_PENDING_KIND, ST_TURNS,
)
from sim.tiles import parse
from sim.variants.plain import hooks
from sim.variants.plain.wins import complete_winning_forms_k, win_features_k


def can_win(table, seat, tile, pend=PEND_DISCARD, **flags):
    """Return the can-win hook's answer for ``seat`` on the pending ``tile`` (a kind) of window ``pend``."""
    table.st[ST_PENDING_KIND] = pend
    before = table.hands.copy()
    answer = hooks.can_win(rule_vec(**flags), tables(), table.hands, table.frozen, table.melds, table.st, seat, tile)
    assert (table.hands == before).all()  # the hook restores the hand it tried the tile in
    return bool(answer)


def with_three_melds():
    """Seat 2 holding 碰 东, 吃 345p (from seat 1) and 明杠 9s, and 234m 5s concealed: waits on 5s only."""
    table = Table().give(2, "234m5s")
    table.meld(2, MELD_PONG, kind("1z"), 0).meld(2, MELD_CHOW, kind("3p"), 1).meld(2, MELD_MINGGANG, kind("9s"), 3)
    return table


def test_r11_a_regular_hand_with_melds_wins_on_the_tile_that_completes_it():
    # docs/rules/plain.md r11: three melds are three sets; 234m + the 5s pair is the fourth set and the pair
    table = with_three_melds()
    assert can_win(table, 2, kind("5s"))
    assert not can_win(table, 2, kind("6s"))   # 234m 56s: no pair
    assert not can_win(table, 2, kind("1m"))   # 1234m 5s: four tiles and a single
    table.hands[2, kind("5s")] += 1           # the same hand self-drawn: 自摸 needs no ting (r10, r12)
    assert hooks.self_win_without_ting(rule_vec(), tables(), table.hands, table.melds, table.st, 2)
    assert hooks.hand_complete(rule_vec(), tables(), table.hands, table.frozen, table.st, 2)


def test_r11_an_incomplete_hand_does_not_win():
    # docs/rules/plain.md r11: 123m 456p 789s 东东 南 西 + 北 (or + 南) holds no fourth set: no win on any tile
    table = Table().give(0, "123m456p789s1123z")
    assert not can_win(table, 0, kind("4z"))
    assert not can_win(table, 0, kind("2z"))
    assert not any(can_win(table, 0, k) for k in range(34))
    table.hands[0, kind("2z")] += 1            # nor by 自摸
    assert not hooks.self_win_without_ting(rule_vec(), tables(), table.hands, table.melds, table.st, 0)


def test_r11_shisanyao_is_not_a_winning_hand():
    # docs/rules/plain.md r11: the 13 orphans are complete for the tables, not for 推倒胡
    hand = parse("19m19p19s1234567z") + parse("1m")
    assert complete_forms_k(hand, 0, True, tables()) == FORM_SHISANYAO
    assert complete_winning_forms_k(hand, 0, True, True, tables()) == 0
    assert not can_win(Table().give(1, "19m19p19s1234567z"), 1, kind("1m"))


def test_r13_qidui_wins_only_with_the_flag():
    # docs/rules/plain.md r13: seven pairs, no melds; flag qidui (A40), default on
    table = Table().give(3, "1122m3344p5566s7z")
    assert can_win(table, 3, kind("7z"))
    assert not can_win(table, 3, kind("7z"), qidui=False)
    assert not can_win(table, 3, kind("6z"))


def test_r13_a_concealed_quad_is_two_pairs_of_a_qidui():
    # docs/rules/plain.md r13: 1111m is two pairs (豪华七对), recorded as such (r16)
    table = Table().give(0, "1111m3344p5566s7z")
    assert can_win(table, 0, kind("7z"))
    assert not can_win(table, 0, kind("7z"), qidui=False)


def test_r13_qidui_needs_a_concealed_hand():
    # docs/rules/plain.md r13: with a 碰 laid down, five pairs and a single are no win
    table = Table().give(0, "1122m3344p5s").meld(0, MELD_PONG, kind("7z"), 1)
    assert not can_win(table, 0, kind("5s"))


def test_r12_tianhu_is_a_self_drawn_win():
    # docs/rules/plain.md r12 (and r2: the dealer's 14th is a draw): the dealer's dealt 14 (its first front draw
    # included) complete: 自摸 at once
    table = Table().give(1, "123m456m789m123p55s")
    table.st[ST_DEALER] = 1
    table.st[ST_FRONT_DRAWS] = 1
    table.st[ST_TURNS + 1] = 1
    assert hooks.self_win_without_ting(rule_vec(), tables(), table.hands, table.melds, table.st, 1)
    table.give(1, "123m456m789m123p56s")
    assert not hooks.self_win_without_ting(rule_vec(), tables(), table.hands, table.melds, table.st, 1)


def test_r14_a_bugang_tile_may_be_robbed_a_angang_never():
    # docs/rules/plain.md r14: 抢杠胡 on a 补杠 yes, on a 暗杠 no
    table = Table().give(0, "123m456p789s234s1z")
    assert can_win(table, 0, kind("1z"), PEND_DISCARD)
    assert can_win(table, 0, kind("1z"), PEND_BUGANG)
    assert not can_win(table, 0, kind("1z"), PEND_ANGANG)


def test_r15_a_passed_win_restricts_nothing():
    # docs/rules/plain.md r15: even with the core's 过胡 bits set the seat still wins on that kind
    table = Table().give(0, "123m456p789s234s1z")
    table.st[ST_GUO_HU + 0] = np.int64(1) << kind("1z")
    assert can_win(table, 0, kind("1z"))


def test_r10_no_ting_hooks_are_neutral():
    # docs/rules/plain.md r10: no 上架/报听 at all
    table = Table().give(0, "123m456p789s234s1z5s")
    vec = rule_vec()
    mask = np.zeros(N_ACTIONS, np.bool_)
    assert not hooks.ting_exists(vec)
    assert hooks.ting_waits(vec, tables(), table.hands, table.frozen, table.melds, table.st, 0) == 0
    assert hooks.ting_discards(vec, tables(), table.hands, table.frozen, table.melds, table.st, 0, mask) == 0
    assert not mask.any()
    assert not hooks.shares_self_scan(vec)


def test_r16_shape_and_features_of_a_win():
    # docs/rules/plain.md r16: 七对 before regular; features 七对 / 豪华七对 and 抢杠胡 only
    vec = rule_vec()
    table = Table().give(0, "1122m3344p5566s77z")
    assert hooks.win_shape(vec, tables(), table.hands, table.frozen, table.melds, table.st, 0, WIN_ZIMO) == SHAPE_QIDUI
    assert win_features_k(table.hands[0], SHAPE_QIDUI, WIN_ZIMO) == FEATURE_QIDUI
    table.give(0, "1111m3344p5566s77z")
    assert win_features_k(table.hands[0], SHAPE_QIDUI, WIN_DIANHU) == FEATURE_HAOHUA_QIDUI
    table.give(0, "123m456p789s11z234s")
    shape = hooks.win_shape(vec, tables(), table.hands, table.frozen, table.melds, table.st, 0, WIN_DIANHU)
    assert shape == SHAPE_REGULAR
    assert win_features_k(table.hands[0], SHAPE_REGULAR, WIN_QIANGGANG) == FEATURE_QIANGGANG
    assert win_features_k(table.hands[0], SHAPE_REGULAR, WIN_DIANHU) == 0
    # 112233m 445566p 77s is both: recorded as 七对, regular when 七对 is off
    table.give(0, "112233m445566p77s")
    assert hooks.win_shape(vec, tables(), table.hands, table.frozen, table.melds, table.st, 0, WIN_ZIMO) == SHAPE_QIDUI
    assert hooks.win_shape(rule_vec(qidui=False), tables(), table.hands, table.frozen, table.melds, table.st, 0,
                           WIN_ZIMO) == SHAPE_REGULAR


# --- against the slow reference ----------------------------------------------------------------------------

def random_hand(rng, n_melds):
    """Return a random concealed 3(4 - n_melds) + 2 hand (int8[34], at most four of a kind counting nothing else):
    often built from sets and a pair (a complete hand, or seven pairs), then one tile swapped about half the time."""
    size = 3 * (4 - n_melds) + 2
    while True:
        counts = np.zeros(34, np.int64)
        style = rng.integers(3)
        if style == 0 and n_melds == 0:          # seven pairs (quads allowed)
            for k in rng.choice(34, 7, replace=True):
                counts[k] += 2
        elif style <= 1:                         # sets and a pair
            counts[rng.integers(34)] += 2
            for _ in range(4 - n_melds):
                if rng.random() < 0.5:
                    suit, rank = rng.integers(3), rng.integers(7)
                    counts[9 * suit + rank:9 * suit + rank + 3] += 1
                else:
                    counts[rng.integers(34)] += 3
        else:                                    # anything
            for k in rng.choice(136, size, replace=False) // 4:
                counts[k] += 1
        if rng.random() < 0.5:                   # one tile swapped
            held = np.flatnonzero(counts)
            counts[rng.choice(held)] -= 1
            counts[rng.integers(34)] += 1
        if counts.max() <= 4 and counts.sum() == size:
            return counts.astype(np.int8)


@pytest.mark.parametrize("qidui", [True, False])
def test_r11_r13_the_win_test_agrees_with_the_reference_on_random_hands(qidui):
    # docs/rules/plain.md r11, r13: complete = regular with the melds as sets, or 七对 (flag) without melds
    rng = np.random.default_rng(20240611 + qidui)
    wins = 0
    for _ in range(3000):
        n_melds = int(rng.choice([0, 0, 0, 1, 2, 3, 4]))
        counts = random_hand(rng, n_melds)
        expected = ref.complete_regular(counts, n_melds) or (
            qidui and n_melds == 0 and ref.complete_qidui(counts, allow_quad=True))
        forms = complete_winning_forms_k(counts, n_melds, qidui, True, tables())
        assert (forms != 0) == expected, (counts.tolist(), n_melds)
        assert bool(forms & FORM_REGULAR) == ref.complete_regular(counts, n_melds)
        assert bool(forms & FORM_QIDUI) == (qidui and n_melds == 0 and ref.complete_qidui(counts, True))
        wins += expected
    assert 500 < wins < 2500  # the generator reaches both answers often
