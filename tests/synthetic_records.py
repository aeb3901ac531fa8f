"""Hand-made record frames for testing the report layer (built with sim.record.to_frame).

Not an engine: the rows follow the record schema with simple, fully determined rules
(zero-sum deltas, dealer rotation in sessions) so summaries can be checked by hand.
"""
from __future__ import annotations

import numpy as np

from sim.core import codes

from sim.record import COLUMN_INDEX, N_KERNEL_COLUMNS, SHAPES, WIN_KINDS, seat_column, to_frame


def record_matrix(n: int, seed: int = 0, session_length: int = 0) -> np.ndarray:
    """Return an ``int32[n, N_KERNEL_COLUMNS]`` record matrix of plausible, zero-sum hands."""
    rng = np.random.default_rng(seed)
    m = np.zeros((n, N_KERNEL_COLUMNS), dtype=np.int32)
    col = COLUMN_INDEX
    m[:, col["hand"]] = np.arange(n)
    dealer = rng.integers(0, 4, n)
    winner = rng.choice([-1, 0, 1, 2, 3], n, p=[0.15, 0.25, 0.2, 0.2, 0.2])
    if session_length:
        m[:, col["session"]] = np.arange(n) // session_length
        m[:, col["hand_in_session"]] = np.arange(n) % session_length
        for i in range(n):
            if i % session_length:
                prev = dealer[i - 1]
                dealer[i] = prev if winner[i - 1] in (-1, prev) else (prev + 1) % 4
    else:
        m[:, col["session"]] = np.arange(n)
    m[:, col["dealer"]] = dealer
    m[:, col["winner"]] = winner
    zimo = rng.random(n) < 0.3
    feeder = np.where(zimo | (winner < 0), -1, (winner + rng.integers(1, 4, n)) % 4)
    m[:, col["feeder"]] = feeder
    m[:, col["win_kind"]] = np.where(winner < 0, 0, np.where(zimo, 1, 2))
    m[:, col["shape"]] = np.where(winner < 0, 0, rng.choice([1, 2, 3], n, p=[0.9, 0.08, 0.02]))
    m[:, col["kongs"]] = rng.choice([0, 1, 2, 3, 4], n, p=[0.6, 0.25, 0.1, 0.04, 0.01])
    m[:, col["draws"]] = rng.integers(20, 71, n)
    for k in range(4):
        m[:, seat_column(k, "yaojiu_start")] = rng.integers(3, 14, n)
        m[:, seat_column(k, "ting_turn")] = np.where(rng.random(n) < 0.7, rng.integers(1, 18, n), -1)
        m[:, seat_column(k, "live_waits")] = np.where(m[:, seat_column(k, "ting_turn")] >= 0, rng.integers(1, 9, n), -1)
    for i in range(n):
        w, f, d = winner[i], feeder[i], dealer[i]
        if w < 0:
            for k in range(4):
                m[i, seat_column(k, "houbao")] = -6 if k == d else 2
        else:
            for k in range(4):
                if k == w:
                    continue
                pay = 2 if d in (k, w) else 1
                pay = pay * (2 if zimo[i] else 1) + (pay if k == f else 0)
                m[i, seat_column(k, "win")] -= pay
                m[i, seat_column(w, "win")] += pay
    # what the 晋城 engine writes (sim.record EXTRA_COLUMNS): shape and 抢杠 features, multiplier 1 on a win
    shape_bit = {1: 0, 2: codes.FEATURE_QIDUI, 3: codes.FEATURE_SHISANYAO}
    features = np.array([shape_bit.get(int(s), 0) for s in m[:, col["shape"]]], dtype=np.int32)
    m[:, col["win_features"]] = np.where(winner < 0, codes.NO_WIN_FEATURES, features)
    m[:, col["multiplier"]] = np.where(winner < 0, 0, 1)
    m[:, col["winners"]] = np.where(winner < 0, 0, 1 << np.maximum(winner, 0))  # one winner per hand
    for k in range(4):
        total = sum(m[:, seat_column(k, c)] for c in ("win", "kong", "genzhuang", "houbao"))
        m[:, seat_column(k, "delta")] = total
    assert set(np.unique(m[:, col["win_kind"]])) <= set(range(len(WIN_KINDS)))
    assert set(np.unique(m[:, col["shape"]])) <= set(range(len(SHAPES)))
    return m


def record_frame(n: int, seed: int = 0, session_length: int = 0, strategies=("greedy",) * 4):
    """Return the typed polars record frame of ``record_matrix`` (run seed 0, variant jincheng)."""
    return to_frame(record_matrix(n, seed, session_length), 0, "jincheng", list(strategies))


def with_win_features(frame, seed: int = 0, bits: tuple[int, ...] = (0, 2, 3, 8, 11)):
    """Return ``frame`` with the optional ``win_features`` (int32 bitmask; each of ``bits`` set with
    probability 0.3 on a won hand, 0 otherwise) and ``multiplier`` (1 + number of set bits; null without a
    win) columns the engine records for variants with win features."""
    import polars as pl

    rng = np.random.default_rng(seed)
    won = frame["winner"].to_numpy() >= 0
    mask = np.zeros(frame.height, dtype=np.int64)
    for bit in bits:
        mask |= (rng.random(frame.height) < 0.3).astype(np.int64) << bit
    mask = np.where(won, mask, 0)
    count = np.array([bin(int(m)).count("1") for m in mask])
    multiplier = [int(1 + c) if w else None for c, w in zip(count, won)]
    return frame.with_columns(pl.Series("win_features", mask, dtype=pl.Int32),
                              pl.Series("multiplier", multiplier, dtype=pl.Int32))


def tune_rows() -> list[dict]:
    """Return summary rows of a small tune study (two goals, three trials, one best setting re-evaluated) built from
    hand-made record frames, for the report layer's tests."""
    from experiments import study_tune
    from reports import stats
    from experiments.tune_targets import Goal, per_hand, statistics

    goals = [Goal("dealer_result", "target", 0.0, 0.05), Goal("huang_rate", "max_bound", 0.2)]
    rows = study_tune.target_rows(goals)
    for number in range(3):
        group = f"trial={number}"
        for name, estimate in statistics(per_hand(record_frame(400, seed=20 + number))).items():
            rows.append(estimate.row("tune", name, group))
        rows.append(stats.Estimate(float(number != 1), float("nan"), float("nan"), float("nan"), 0)
                    .row("tune", "feasible", group))
    base = per_hand(record_frame(400, seed=30))
    rows += study_tune.reeval_rows(goals, {"houbao_units": 2, "huang_stacks": 7}, base,
                                   [(2, {"houbao_units": 1, "huang_stacks": 7}, per_hand(record_frame(400, seed=31)))])
    for flag, score in (("houbao_units", 0.7), ("huang_stacks", 0.3)):
        rows.append(stats.Estimate(score, float("nan"), float("nan"), float("nan"), 0)
                    .row("tune", flag, "importance dealer_result"))
    # the search facts study_tune.search_rows writes: three queued trials (the base and two one-flag changes) of 400
    # hands, five queued settings left waiting, the base and one best setting re-played on 400 hands each
    facts = {"trials": 3, "pruned": 0, "failed": 0, "feasible_trials": 2, "queued": 3, "proposed": 0, "waiting": 5,
             "copied": 0, "simulated_hands": 3 * 400 + 2 * 400, "space_size": 40, "hands": 400, "seed": 0,
             "reeval_hands": 400, "reeval_seed": 1, "seconds": 1.0}
    rows += [stats.Estimate(float(v), float("nan"), float("nan"), float("nan"), 0).row("tune", k, "search")
             for k, v in facts.items()]
    return rows


def skill_frames(n: int = 600, edge: int = 0):
    """Return (plan, frames) of a small skill study on hand-made records under 晋城 (learned and strong levels stand-in
    specs, so no model file is needed):
    every arm is ``record_frame`` of its own seed, except that the mixed tables copy the homogeneous ones with seat 0
    winning ``edge`` 底注 more per hand from the three others (so both skill edges are exactly ``edge``)."""
    import polars as pl

    from experiments import study_skill
    from experiments.arms import ArmSpec
    from experiments.config import SkillParams

    bound = study_skill.bind_rules(SkillParams(learned="greedy{pong=never}", strong="greedy{pong=always}"), {})
    arms = study_skill.plan(bound, ArmSpec(("greedy",) * 4))
    frames = {role: record_frame(n, seed=11 + i) for i, role in enumerate(arms)}
    for role in arms:  # the paired arms of a comparison hold the same walls (the same dealt kinds)
        if " comparator " in role:
            frames[role] = record_frame(n, seed=11 + list(arms).index(role.replace(" comparator ", " studied ")))
            frames[role] = frames[role].with_columns(pl.col("s0_delta") - 1)
    shift = [pl.col("s0_delta") + edge] + [pl.col(f"s{k}_delta") - edge / 3 for k in (1, 2, 3)]
    frames["edge one_strong"] = frames["table greedy"].with_columns(shift)
    frames["edge one_greedy"] = frames["table strong"].with_columns(
        [pl.col("s0_delta") - edge] + [pl.col(f"s{k}_delta") + edge / 3 for k in (1, 2, 3)])
    return bound, frames


def skill_rows() -> list[dict]:
    """Return the summary rows of ``skill_frames`` (skill edge 2 底注), for the report layer's tests."""
    from experiments import study_skill

    bound, frames = skill_frames(edge=2)
    return study_skill.summarize(frames, bound)


def xuezhan_frame(n: int, seed: int = 0):
    """Return a hand-made 血战到底 record frame (the columns study_xuezhan reads): 0–3 winners a hand, each win's
    order, 自摸 or 点炮, 番 (V = 2^min(F, 3)) and the first win's features, and zero-sum 呼叫转移 / 查花猪 / 查大叫 /
    退税 money between two seats."""
    import polars as pl

    rng = np.random.default_rng(seed)
    n_winners = rng.choice(4, n, p=[0.1, 0.2, 0.3, 0.4])
    data = {"hand": np.arange(n), "dealer": rng.integers(0, 4, n), "n_winners": n_winners,
            "hand_end": np.where(n_winners == 3, 1, 2)}
    order = np.zeros((n, 4), dtype=np.int64)
    for i in range(n):
        seats = rng.permutation(4)[:n_winners[i]]
        order[i, seats] = np.arange(1, n_winners[i] + 1)
    fan = np.where(order > 0, rng.choice(5, (n, 4), p=[0.3, 0.3, 0.2, 0.15, 0.05]), -1)
    first = np.where(n_winners > 0, np.argmax(order == 1, axis=1), -1)
    data["winner"] = first
    data["win_features"] = [int(rng.choice([codes.FEATURE_PINGHU, codes.FEATURE_QINGYISE, codes.FEATURE_PENGPENGHU]))
                            if w >= 0 else None for w in first]
    for k in range(4):
        data[f"s{k}_win_order"] = order[:, k]
        data[f"s{k}_win_how"] = np.where(order[:, k] > 0, rng.choice([1, 2], n), 0)
        data[f"s{k}_fan"] = fan[:, k]
        data[f"s{k}_value"] = np.where(order[:, k] > 0, 2 ** np.minimum(np.maximum(fan[:, k], 0), 3), 0)
    for name, p in (("hujiao", 0.05), ("huazhu", 0.1), ("dajiao", 0.2), ("tuishui", 0.05)):
        money = np.zeros((n, 4), dtype=np.int64)
        moved = rng.random(n) < p
        payer, payee = rng.integers(0, 4, n), rng.integers(1, 4, n)
        amount = rng.integers(1, 9, n)
        rows = np.flatnonzero(moved)
        money[rows, payer[rows]] -= amount[rows]
        money[rows, (payer[rows] + payee[rows]) % 4] += amount[rows]
        for k in range(4):
            data[f"s{k}_{name}"] = money[:, k]
    return pl.DataFrame(data, schema_overrides={"win_features": pl.Int32})
