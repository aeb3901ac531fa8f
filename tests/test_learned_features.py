"""The learned player's features count a hand as the rule set scores it (issue 44): where a win needs a suit missing
(晋中's 缺一门, docs/rules/jinzhong.md r13) a three-suit tenpai is no tenpai, as greedy counts it; elsewhere it is.
Under 血战 a held void tile is one shanten step more (docs/rules/sichuan.md r16)."""
import numpy as np
import pytest

from sim.core import state as S
from sim.engine import engine
from sim.game import Game
from sim.game_log import action_text, parse_action
from sim.stacked import stacked_wall
from registered_rule_sets import registered
from strategies.learned.features import (
    F_SHANTEN_AFTER, F_TENPAI_AFTER, F_WIN, KIND_DISCARD, MAX_CANDIDATES, N_FEATURES, candidates_of,
)


def dealer_features(rules, hand: str, draw: str, tiles: int = 136, reference: bool = False) -> dict[str, np.ndarray]:
    """Return the dealer's candidate feature rows (readable action -> float64[N_FEATURES]) at its first decision,
    holding the 13 tiles ``hand`` and its first draw ``draw`` (the other seats filler) on a wall of ``tiles``; with
    ``reference`` from the first implementation (tests/reference_learned_features.py)."""
    game = Game(rules=rules, wall=stacked_wall({0: hand}, draws=draw, tiles=tiles), dealer=0)
    assert game.advance() == 0 and game.phase == "self"
    mask = np.zeros(S.N_ACTIONS, np.bool_)
    mask[[parse_action(a) for a in game.legal_actions(0)]] = True
    cands = np.zeros(MAX_CANDIDATES, np.int64)
    n = candidates_of(mask, cands)
    rows = np.zeros((n, N_FEATURES))
    eng = engine(game.rules.variant, ("strategies.seats.greedy",))
    state = (game._rule_vec, game._tables, game._hands, game._frozen, game._melds, game._rivers, game._st, 0, cands, n)
    if reference:
        from reference_learned_features import candidate_features_reference
        from sim.binding import bound

        bound(candidate_features_reference, eng.values)(*state, np.zeros(34, np.int8), np.zeros(34, np.int8), rows)
    else:
        eng.kernel("strategies.learned.features", "candidate_features")(
            *state, np.zeros(34, np.int8), np.zeros(34, np.int8), np.zeros(34, np.int8), np.zeros(34, np.int64), rows)
    texts = game.legal_actions(0)
    return {text: rows[i] for i, text in enumerate(t for t in texts if parse_action(t) in cands[:n])}


def test_a_three_suit_tenpai_is_no_tenpai_under_queyimen_but_is_one_without():
    """Discarding 9s leaves 123m456m789p11z34s, waiting on 2s/5s with three suits: under 晋中 (r13) it cannot win,
    so its shanten is at least 1; under 晋城 (no 缺一门) it is tenpai."""
    hand, draw = "123m456m789p11z34s", "9s"
    jz = dealer_features("jinzhong", hand, draw)["discard 9s"]
    assert jz[F_TENPAI_AFTER] == 0.0 and jz[F_SHANTEN_AFTER] >= 1.0
    jc = dealer_features("jincheng", hand, draw)["discard 9s"]
    assert jc[F_TENPAI_AFTER] == 1.0 and jc[F_SHANTEN_AFTER] == 0.0


def test_a_two_suit_tenpai_is_tenpai_under_queyimen():
    """Discarding 9p leaves 123m456m789m11z34s (万 and 条 only), tenpai under 晋中 too; discarding 4s leaves a
    three-suit hand 123m456m789m11z3s9p, not tenpai."""
    rows = dealer_features("jinzhong", "123m456m789m11z34s", "9p")
    assert rows["discard 9p"][F_TENPAI_AFTER] == 1.0 and rows["discard 9p"][F_SHANTEN_AFTER] == 0.0
    assert rows["discard 4s"][F_TENPAI_AFTER] == 0.0


@pytest.mark.parametrize("rules", registered("jincheng", "jinzhong", "jinhua", "plain"))
def test_the_features_equal_the_first_implementation_on_every_decision_of_random_hands(rules):
    """The compiled features (one discard scan per decision, one evaluation per other candidate) equal those of the
    first implementation (tests/reference_learned_features.py: a shanten and a useful-kinds evaluation per candidate)
    on every decision of 12 hands whose seats mostly take a candidate of least shanten after it (so hands reach
    tenpai, 上架, kongs and claims) and otherwise a random one; the state is left unchanged by both."""
    from reference_learned_features import candidate_features_reference
    from sim.binding import bound

    eng = engine(rules, ("strategies.seats.greedy",))
    features = eng.kernel("strategies.learned.features", "candidate_features")
    reference = bound(candidate_features_reference, eng.values)
    rng = np.random.default_rng(7)
    mask = np.zeros(S.N_ACTIONS, np.bool_)
    cands = np.zeros(MAX_CANDIDATES, np.int64)
    scratch = (np.zeros(34, np.int8), np.zeros(34, np.int8), np.zeros(34, np.int8), np.zeros(34, np.int64))
    decisions = discards = 0
    for hand in range(12):
        game = Game(rules=rules, seed=3, hand_index=hand)
        while (seat := game.advance()) is not None:
            codes = game._legal_codes(seat)
            mask[:] = False
            mask[codes] = True
            n = candidates_of(mask, cands)
            state = (game._rule_vec, game._tables, game._hands, game._frozen, game._melds, game._rivers, game._st)
            before = [a.copy() for a in state[2:]]
            got, want = np.full((n, N_FEATURES), np.nan), np.full((n, N_FEATURES), np.nan)
            features(*state, seat, cands, n, *scratch, got)
            reference(*state, seat, cands, n, scratch[0], scratch[1], want)
            np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
            assert all((a == b).all() for a, b in zip(state[2:], before))
            decisions += 1
            discards += int(got[:, KIND_DISCARD].sum() > 0)
            if n > 0 and rng.random() < 0.8:
                pick = cands[int(np.lexsort((rng.random(n), got[:, F_SHANTEN_AFTER] - 9 * got[:, F_WIN]))[0])]
            else:
                pick = codes[rng.integers(len(codes))]
            game.step(seat, action_text(int(pick)))
    assert decisions > 300 and discards > 100


def test_under_xuezhan_a_held_void_tile_is_one_step_more():
    """docs/rules/sichuan.md r12, r16 (lenient, so every discard is a candidate): the dealer holds 123m456m789m 11p
    123s and declares 筒 void (its fewest). Discarding 1s leaves 11p 23s, tenpai in shape but with two void tiles:
    shanten 2; discarding 1p leaves one: shanten 1, not tenpai. The first implementation (no void) called both
    tenpai, so this fails on it."""
    from sim.variants.sichuan.config import SichuanRules

    rules = SichuanRules(sc_void_discard="lenient")
    rows = dealer_features(rules, "123m456m789m11p23s", "1s", tiles=108)
    assert rows["discard 1s"][F_SHANTEN_AFTER] == 2.0 and rows["discard 1s"][F_TENPAI_AFTER] == 0.0
    assert rows["discard 1p"][F_SHANTEN_AFTER] == 1.0 and rows["discard 1p"][F_TENPAI_AFTER] == 0.0
    assert rows["discard 9m"][F_SHANTEN_AFTER] >= 2.0
    first = dealer_features(rules, "123m456m789m11p23s", "1s", tiles=108, reference=True)
    assert first["discard 1s"][F_TENPAI_AFTER] == 1.0 and first["discard 1p"][F_TENPAI_AFTER] == 1.0
