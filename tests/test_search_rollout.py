"""``search{rollout=learned}``: the search player's rollouts played by the learned policy instead of greedy — its
registry parameter, the table binding that puts the rollout policy in slot 0, and its values checked against a hand
played out by four learned seats (strategies/search/rollout.py)."""
import numpy as np
import pytest

from search_states import apply_code, decision_states
from sim.core import state as S
from sim.game import Game
from sim.seat_plan import (check_seats_for_variant, parse_seat, player_fingerprints, resolve_seats, table_binding,
                           table_policies)
from sim.strategy_registry import REGISTRY
from sim.table_engines import table_kernels
from strategies.search.scratch import new_search_scratch

LEARNED = REGISTRY["learned"].policy
GREEDY = REGISTRY["greedy"].policy
ROLLOUT_SEATS = ["search{rollout=learned}", "greedy", "greedy", "greedy"]


def test_the_rollout_parameter_names_the_rollouts_strategy():
    """The ``rollout`` parameter defaults to greedy, takes learned, and refuses anything else in one line."""
    assert parse_seat("search").rollout == "greedy"
    assert parse_seat("search{rollout=learned}").rollout == "learned"
    assert parse_seat("search{rollout=learned}").label() == "search{rollout=learned}"
    assert parse_seat("greedy").rollout is None  # a player in the loop has no rollouts
    with pytest.raises(ValueError, match=r"^bad value 'random' for search.rollout \(valid: greedy, learned\)$"):
        parse_seat("search{rollout=random}")


def test_the_table_binds_its_rollout_policy_in_slot_0():
    """The rollouts play slot 0 (strategies/search/scratch.py): a learned-rollout table binds learned first, whatever
    its other seats, and never takes a wider binding whose slot 0 is greedy's (the shared engine)."""
    assert table_policies(resolve_seats(ROLLOUT_SEATS)) == (LEARNED, GREEDY)
    assert table_policies(resolve_seats(["search", "learned", "greedy", "greedy"])) == (GREEDY, LEARNED)
    for shared in ("0", "1"):
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("MJRULES_SHARED_ENGINES", shared)
            variants, policies = table_binding("jincheng", resolve_seats(ROLLOUT_SEATS))
            assert policies[0] == LEARNED
            assert table_binding("jincheng", resolve_seats(["search"] + ROLLOUT_SEATS[1:]))[1][0] == GREEDY
    with pytest.raises(ValueError, match="play their rollouts with one strategy, got greedy, learned"):
        table_policies(resolve_seats(["search", "search{rollout=learned}", "greedy", "greedy"]))


def test_two_rollout_strategies_at_one_table_are_refused_before_any_hand():
    """A seat mix, or a tournament whose strategies share tables, with search seats of two rollout strategies stops
    in one line before anything is played (experiments.config.validate_seats, the tournament's bind_rules)."""
    from experiments.config import ConfigError, TournamentParams, validate_seats
    from experiments.study_tournament import bind_rules

    mixed = ["search", "search{rollout=learned}", "greedy", "greedy"]
    with pytest.raises(ConfigError, match=r"^seats.seats: the seats of one table .* got greedy, learned$"):
        validate_seats(mixed)
    with pytest.raises(ConfigError, match=r"^experiment.tournament.strategies: the seats of one table .* got greedy, "
                                          r"learned \(the strategies share tables\)$"):
        bind_rules(TournamentParams(strategies=["search", "search{rollout=learned}"]), {"variant": "jincheng"})
    validate_seats(["search{rollout=learned}", "learned", "greedy", "search{worlds=8,rollout=learned}"])  # one: fine


def test_a_refused_rollout_strategy_refuses_the_seat_and_its_model_is_fingerprinted(monkeypatch):
    """A seat whose rollouts' strategy cannot play under a rule set is refused in one line naming both, and a run's
    fingerprints hold the learned model's digest for a learned-rollout seat (a rerun after retraining is refused)."""
    configs = resolve_seats(ROLLOUT_SEATS)
    assert set(player_fingerprints(configs, "jincheng")) == {"learned"}
    assert player_fingerprints(resolve_seats(["search"] * 4), "jincheng") == {}
    import sim.seat_plan as seat_plan

    monkeypatch.setattr(seat_plan, "requirement_refusal",
                        lambda name, variant: "no model file" if name == "learned" else None)
    with pytest.raises(ValueError, match=r"^strategy 'search\{rollout=learned\}' cannot play under rules=jincheng: its "
                                         r"rollouts' strategy 'learned' means nothing there: no model file$"):
        check_seats_for_variant(configs, "jincheng")


def _played_out(world, code, rollout, seed, hand):
    """Return seat 0's money (底注) from playing the rest of the hand from the state ``world`` (a state tuple) after
    seat 0's ACT_* ``code``, with four ``rollout`` seats of a Game (the reference the rollouts must equal)."""
    g = Game("jincheng", seats=[rollout] * 4, seed=seed, hand_index=hand)
    for mine, theirs in zip((g.wall, g._hands, g._frozen, g._melds, g._rivers, g._st, g._money), world):
        mine[...] = theirs
    g._rngs[:] = 0  # the rollout seats' generators, as new_search_scratch leaves them
    start = int(g._money[:, 0].sum())
    apply_code(g, 0, code)
    assert g.advance() is None  # no scripted seat: the hand is played to its end
    return int(g._money[:, 0].sum()) - start


def test_learned_rollouts_are_the_hand_played_out_by_four_learned_seats():
    """With one world, each candidate's value is one rollout: it equals seat 0's money when four learned seats of a
    Game play the hand out from the sampled world after that candidate — and on some decisions differs from four
    greedy seats' (the check tells the two rollout policies apart). The decision kernel is the one of a table that
    binds greedy and learned (the suite's shared engine, compiled already), its rollout seats pointed at learned's
    slot; a learned-rollout table points them at slot 0, where its binding puts learned (the test above)."""
    eng = table_kernels("jincheng", resolve_seats(["search", "learned", "greedy", "greedy"])).engine
    search_action = eng.kernel("strategies.search.rollout", "search_action")
    seed, checked, greedy_differs = 31, 0, 0
    for g in decision_states("jincheng", seed, 3, every=3):
        if g._st[S.ST_PHASE] != S.PHASE_SELF:
            continue
        world, roll, work = new_search_scratch()
        rollout_ids, cands, sums, played = work[2], work[18], work[19], work[-1]
        rollout_ids[:] = eng.policies.index(LEARNED)
        cands[:] = -1  # the kernel fills the first n with the candidates it ranked
        search_action(g._rule_vec, g._tables, g._scan_tables, g.wall, g._hands, g._frozen, g._melds, g._rivers, g._st,
                      g._money, 0, 1, 4, 1, world, roll, work)
        if played[0] != 1:
            continue  # a decision without a choice plays no rollout
        sampled = tuple(a.copy() for a in world)
        for c in np.flatnonzero(cands >= 0):
            value = _played_out(sampled, int(cands[c]), "learned", seed, g.hand_index)
            assert sums[c] == value, (g.hand_index, c)
            greedy_differs += sums[c] != _played_out(sampled, int(cands[c]), "greedy", seed, g.hand_index)
            checked += 1
    assert checked >= 20
    assert greedy_differs >= 1
