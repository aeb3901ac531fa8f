"""Conformance suite every registered variant must pass (issue 8 item 6), parametrised over sim.rules.VARIANTS.

Modelled on pgx's ``api_test`` and OpenSpiel's random-simulation test: random and greedy play over
20,000 hands per variant with every engine invariant checked after every action (check mode of the
one play loop), ``Game`` stepped decision by decision equal to the batch record, ``replay`` identical
on every call and equal to the record, zero-sum money, and no hang (every hand ends inside the step
guard and the wall). A slow calibration test per variant compares outcome rates with bands
justified from the variant's large reference run.
"""
import importlib.util
from pathlib import Path

import numpy as np
import pytest

import sim
from sim.core import invariants as inv
from sim.core.seat_view import SeatView
from sim.game import Game
from sim.game_log import action_text
from sim.play import play_checked, play_chunk
from sim.record import COLUMN_INDEX as C
from sim.record import KERNEL_COLUMNS, WIN_ZIMO
from sim.rules import VARIANTS
from sim.variant_facts import facts as variant_facts

ERROR_NAMES = {v: k for k, v in vars(inv).items() if k.startswith("ERR_")}
MONEY_PARTS = ("win", "kong", "genzhuang", "houbao", "delta")

# (seats, seed, hands, session length): 20,000 hands per variant in all, random, greedy and mixed.
RUNS = [
    (["random"] * 4, 101, 6_000, 0),
    (["greedy"] * 4, 102, 6_000, 0),
    (["greedy", "random", "selective_ting", "thirteen_orphans{min_distinct=7}"], 103, 4_000, 0),
    (["defensive", "greedy{pong=always}", "early_ting", "random"], 104, 4_000, 16),
]
# A rule set without 上架 or 十三幺 (金华, 推倒胡: those strategies are refused there) plays mixes that vary greedy's
# call and kong parameters instead, on the same seeds, sizes and session lengths.
NO_TING_RUNS = [
    (["random"] * 4, 101, 6_000, 0),
    (["greedy"] * 4, 102, 6_000, 0),
    (["greedy", "random", "greedy{pong=never}", "greedy{kong=false}"], 103, 4_000, 0),
    (["greedy{kong=false}", "greedy{pong=always}", "greedy", "random"], 104, 4_000, 16),
]


def runs_of(variant):
    """Return the (seats, seed, hands, session length) runs of ``variant``: without ting or 十三幺 in its rule
    set's mechanics (sim.variant_facts), the mixes that need neither."""
    return RUNS if {"ting", "shisanyao"} <= set(variant_facts(variant).MECHANICS) else NO_TING_RUNS


def facts_of(variant):
    """Return what the suite holds ``variant`` to (tests/variants/<variant>/conformance_facts.py: ``draw_budget``,
    ``HUANG_DRAWS``, ``CALIBRATION``)."""
    path = Path(__file__).resolve().parent / "variants" / variant / "conformance_facts.py"
    spec = importlib.util.spec_from_file_location(f"conformance_facts_{variant}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", params=VARIANTS)
def checked_runs(request):
    """Return (variant, [(seats, records)]) of the check-mode runs, asserting no invariant broke."""
    variant = request.param
    out = []
    for seats, seed, n, session in runs_of(variant):
        rows, errors = play_checked(variant, seats, seed, 0, n, session_length=session)
        bad = np.flatnonzero(errors)
        assert bad.size == 0, [(int(h), ERROR_NAMES[int(errors[h])]) for h in bad[:5]]
        out.append((seats, rows))
    return variant, out


def test_random_and_greedy_play_keep_every_invariant(checked_runs):
    _, runs = checked_runs
    rows = np.vstack([r for _, r in runs])
    assert len(rows) >= 20_000
    # the runs exercised wins of each kind, 荒庄, kongs, pongs and 上架
    assert (rows[:, C["winner"]] >= 0).sum() > 0.5 * len(rows) and (rows[:, C["winner"]] < 0).sum() > 0
    assert len(set(rows[rows[:, C["winner"]] >= 0, C["win_kind"]].tolist())) >= 2
    assert rows[:, C["kongs"]].sum() > 0 and rows[:, C["pongs"]].sum() > 0


def test_money_is_zero_sum_in_every_part(checked_runs):
    _, runs = checked_runs
    rows = np.vstack([r for _, r in runs])
    for part in MONEY_PARTS:
        total = sum(rows[:, C[f"s{k}_{part}"]].astype(np.int64) for k in range(4))
        assert not total.any(), part
    delta = sum(rows[:, C[f"s{k}_{p}"]] for k in range(4) for p in MONEY_PARTS[:-1])
    assert not delta.any()


def test_no_hand_hangs_or_overdraws(checked_runs):
    """Every hand ended (a hang would raise at the step guard) with a winner or 荒庄 inside its variant's draw
    budget, and no 荒庄 hand stopped short of it."""
    variant, runs = checked_runs
    assert any((rows[:, C["winner"]] < 0).any() for _, rows in runs)
    for _, rows in runs:
        facts = facts_of(variant)
        front, both, fewest_at_huang = facts.draw_budget(rows[:, C["kongs"]].astype(np.int64))
        draws = rows[:, C["draws"]].astype(np.int64)
        total = draws + rows[:, C["replacements"]]
        assert (draws <= front).all() and (total <= both).all()
        assert (draws >= 1).all()
        huang = rows[:, C["winner"]] < 0
        used = draws if facts.HUANG_DRAWS == "front" else total
        assert (used[huang] >= fewest_at_huang[huang]).all()
        if facts.HUANG_DRAWS == "both":  # every draw counted against the budget: a 荒庄 hand used all of it
            assert (used[huang] == both[huang]).all()
        assert (rows[huang, C["win_kind"]] == 0).all() and (rows[~huang, C["win_kind"]] > 0).all()


def test_check_mode_records_equal_the_production_loop(checked_runs):
    variant, runs = checked_runs
    for (seats, seed, n, session), (_, rows) in zip(runs_of(variant), runs):
        size = 2 * session if session else 300
        assert np.array_equal(play_chunk(variant, seats, seed, 0, size, session_length=session), rows[:size])


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_step_by_step_equals_the_batch_record(variant):
    """Each decision taken through Game.step with the strategy's own choice gives the batch row, also in sessions."""
    seats, seed, _, session = runs_of(variant)[3]
    length = session
    rows = play_chunk(variant, seats, seed, 0, 2 * length, session_length=length)
    for hand in range(0, 2 * length, 3):
        game = Game(rules=variant, seats=seats, seed=seed, hand_index=hand, session_length=length, check=True)
        game.scripted[:] = True
        # the seat switch of the game's own engine (its variant, its seats' policies): game._ids are its slots
        choose_action = game._engine.kernel("sim.core.seat_dispatch", "choose_action")
        view = SeatView(game._hands, game._frozen, game._melds, game._rivers, game._st, game._seen)
        while (seat := game.advance()) is not None:
            game._legal_codes(seat)
            code = choose_action(game._ids[seat], game._params[seat], game._rule_vec, game._tables, view, game._mask,
                                 seat, game._rngs[seat])
            game.step(seat, action_text(code))
        record = game.record()
        assert [record[c] for c in KERNEL_COLUMNS] == rows[hand].tolist()


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_is_identical_and_matches_the_record(variant):
    seats, seed, _, _ = runs_of(variant)[2]
    rows = play_chunk(variant, seats, seed, 0, 40)
    for hand in range(0, 40, 7):
        text = sim.replay(seed=seed, hand=hand, rules=variant, seats=seats)
        assert text == sim.replay(seed=seed, hand=hand, rules=variant, seats=seats)
        for s in range(4):
            assert f"seat {s}: {rows[hand, C[f's{s}_delta']]:+d}" in text


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_calibration_of_greedy_outcome_rates(variant):
    rows = play_chunk(variant, ["greedy"] * 4, 2024, 0, 20_000)
    won = rows[:, C["winner"]] >= 0
    rates = {
        "huang": float((~won).mean()),
        "dealer_win": float((rows[:, C["winner"]] == rows[:, C["dealer"]]).mean()),
        "zimo_share": float((rows[won, C["win_kind"]] == WIN_ZIMO).mean()),
    }
    for name, (low, high) in facts_of(variant).CALIBRATION.items():
        assert low <= rates[name] <= high, (name, rates[name], (low, high))


# 晋中's flags that change how a hand is played (RULES §2.1 r1, §2.2 r7, §2.4 r13), each on and all together: a
# smaller check-mode run each (2,000 hands, sessions of 16, a mix without thirteen_orphans, refused on the 108 wall).
JZ_FLAG_CONFIGS = {
    "jz_tiles=108": {"jz_tiles": 108},
    "jz_chi=true": {"jz_chi": True},
    "jz_dingque_upfront=true": {"jz_dingque_upfront": True},
    "all three": {"jz_tiles": 108, "jz_chi": True, "jz_dingque_upfront": True},
}
JZ_FLAG_SEATS = ["greedy", "random", "selective_ting", "defensive{fold_shanten=1}"]


@pytest.mark.parametrize("name", list(JZ_FLAG_CONFIGS))
def test_jinzhong_flags_keep_every_invariant_and_game_equals_batch(name):
    rules = {"variant": "jinzhong", **JZ_FLAG_CONFIGS[name]}
    rows, errors = play_checked(rules, JZ_FLAG_SEATS, 105, 0, 2_000, session_length=16)
    bad = np.flatnonzero(errors)
    assert bad.size == 0, [(int(h), ERROR_NAMES[int(errors[h])]) for h in bad[:5]]
    for part in MONEY_PARTS:
        assert not sum(rows[:, C[f"s{k}_{part}"]].astype(np.int64) for k in range(4)).any(), part
    budget = JZ_FLAG_CONFIGS[name].get("jz_tiles", 136) - 52  # no dead wall (RULES §2.1 r1, r4): 84, or 56
    total = rows[:, C["draws"]] + rows[:, C["replacements"]]
    huang = rows[:, C["winner"]] < 0
    assert (total <= budget).all() and huang.any() and (total[huang] == budget).all()
    assert (rows[:, C["winner"]] >= 0).sum() > 0.5 * len(rows)
    flags = JZ_FLAG_CONFIGS[name]
    assert (rows[:, C["chows"]].sum() > 0) if flags.get("jz_chi") else (rows[:, C["chows"]] == -1).all()
    declared = rows[:, [C[f"s{k}_dingque"] for k in range(4)]]
    assert ((declared >= 0) & (declared <= 2)).all() if flags.get("jz_dingque_upfront") else (declared == -1).all()
    for hand in range(0, 32, 5):  # the hand played decision by decision through Game equals its batch row
        game = Game(rules=rules, seats=JZ_FLAG_SEATS, seed=105, hand_index=hand, session_length=16, check=True)
        game.advance()
        record = game.record()
        assert [record[c] for c in KERNEL_COLUMNS] == rows[hand].tolist()
