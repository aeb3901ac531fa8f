"""Labelled decisions from the teacher (strategies.learned.teacher) as NumPy arrays — plain Python."""
from __future__ import annotations

import numpy as np

from sim.core.seat_dispatch import SCRIPTED
from sim.engine import engine
from sim.hand_tables import get_scan_tables
from sim.rules import resolve_rules
from sim.strategy_registry import REGISTRY
from strategies.learned.features import N_FEATURES
from strategies.learned.teacher import MAX_RECORDED, N_META

#: the greedy parameter row the scripted seats declare 缺一门 with (pong=improves, kong=true)
GREEDY_ROW = (0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
#: recorded decisions allowed per hand (four seats; the kernel stops after the hand in which the arrays fill)
DECISIONS_PER_HAND = 160


def teacher_kernel(variant: str):
    """Return the teacher kernel bound to ``variant``'s engine whose policy slot 0 is the search player's rollout
    policy (greedy)."""
    rollout = REGISTRY[REGISTRY["search"].rollout].policy
    return engine(variant, (rollout,)).kernel("strategies.learned.teacher", "teacher_hands")


def label_decisions(rules, seed: int, first_hand: int, n_hands: int, worlds: int) -> dict[str, np.ndarray]:
    """Play hands ``first_hand`` .. + ``n_hands`` - 1 of run ``seed`` under ``rules`` with the teacher and return the
    recorded decisions: ``features`` float64[d, MAX_RECORDED, F], ``values`` float64[d, MAX_RECORDED] (mean money per
    candidate, 底注), ``n_candidates`` int64[d], ``meta`` int64[d, N_META] (strategies.learned.teacher)."""
    from strategies.search.scratch import new_search_scratch

    config = resolve_rules(rules)
    cap = DECISIONS_PER_HAND * n_hands
    feats = np.zeros((cap, MAX_RECORDED, N_FEATURES))
    values = np.zeros((cap, MAX_RECORDED))
    ncand = np.zeros(cap, np.int64)
    meta = np.zeros((cap, N_META), np.int64)
    ids = np.full(4, SCRIPTED, np.int64)
    params = np.tile(np.array(GREEDY_ROW), (4, 1))
    world, roll, work = new_search_scratch()
    d, played = teacher_kernel(config.variant)(config.pack(), config.hand_tables(), get_scan_tables(), ids, params,
                                               int(seed), int(first_hand), int(n_hands), 0, 0, int(worlds), feats,
                                               values, ncand, meta, world, roll, work)
    if played < n_hands:
        raise RuntimeError(f"the teacher recorded more than {cap} decisions in {n_hands} hands")
    return {"features": feats[:d], "values": values[:d], "n_candidates": ncand[:d], "meta": meta[:d]}
