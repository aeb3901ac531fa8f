"""The learned player's compiled inference: the shipped models as constants of the kernels, a table's model found
from its rule vector, a candidate's score — compiled kernels.

Every model file of ``strategies/learned_models/`` is read and checked once, when this module is imported
(strategies.learned.models; a bad file stops the import with one line naming it), and stacked into module arrays
that numba freezes into the compiled code: the weights reach the hand loop with no argument and no Python per
decision. sim.kernel_cache hashes the model files with the sources, so a new model file recompiles what froze the
old one. A table's model is the one whose rule set's default rule vector differs from the table's rule vector in the
fewest entries (``model_index``): its own rule set's model, also when a study varies a rule or two. Which rule set
a table plays is checked in Python before play (``strategies.learned.models.require_model``).
"""
import numpy as np
from numba import njit

from sim.core.codes import ACT_HU, ACT_ZIMO

from strategies.learned.features import (
    MAX_CANDIDATES as N_ACTIONS_ROWS, N_FEATURES, candidate_features, candidates_of, mark_greedy_pick,
)
from strategies.learned.models import greedy_param_row, shipped_models, stacked
from strategies.seats import greedy as greedy_policy

KEYS, MEAN, SCALE, W1, B1, W2, B2 = stacked(shipped_models())
GREEDY_PARAMS = greedy_param_row()  # float64[8]: greedy's default parameters, for the greedy-pick feature
N_MODELS = KEYS.shape[0]


def telling_rules(keys: np.ndarray) -> np.ndarray:
    """Return the int64 rule-vector positions where the models' keys ``keys`` (int64[m, n_rules]) do not all agree:
    a position where they all agree adds the same 0 or 1 to every model's distance, so it never changes which
    model is nearest, and ``model_index`` compares only these."""
    if keys.shape[0] == 0:
        return np.zeros(0, np.int64)
    return np.flatnonzero((keys != keys[:1]).any(axis=0)).astype(np.int64)


TELLING = telling_rules(KEYS)


@njit(cache=True, _nrt=False)
def model_index(rule_vec):
    """Return the row of the shipped model nearest ``rule_vec`` (fewest differing entries; ties to the first), -1
    when no model is shipped. Only the positions where the models differ (``TELLING``) are compared, which finds the
    same model as comparing every entry."""
    best = -1
    best_d = 1 << 30
    n = rule_vec.shape[0]
    for m in range(KEYS.shape[0]):
        d = 0
        for i in TELLING:
            if i < n and KEYS[m, i] != rule_vec[i]:
                d += 1
        if d < best_d:
            best_d = d
            best = m
    return best


@njit(cache=True, _nrt=False)
def score_rows(mean, scale, w1, b1, w2, b2, x, n, out, normal, hidden_sums):
    """Fill ``out[:n]`` with the model's score of each feature row ``x[:n]`` (float64[>= n, N_FEATURES]); the
    weights are one model's (strategies.learned.models): relu(((x - mean) / scale) @ w1 + b1) @ w2 + b2.
    ``normal`` float64[>= N_FEATURES] and ``hidden_sums`` float64[>= hidden units] are scratch.

    A row is normalised once (not once per hidden unit), and each hidden unit still sums b1 then its features' terms
    in feature order, each term the same product: the scores are the same floating-point numbers as the per-unit
    loop's, relu(b1[j] + sum over f in order of ((x[f] - mean[f]) / scale[f]) * w1[f, j])."""
    hidden = w1.shape[1]
    for r in range(n):
        for f in range(N_FEATURES):
            normal[f] = (x[r, f] - mean[f]) / scale[f]
        for j in range(hidden):
            hidden_sums[j] = b1[j]
        for f in range(N_FEATURES):
            v = normal[f]
            for j in range(hidden):
                hidden_sums[j] += v * w1[f, j]
        total = b2
        for j in range(hidden):
            h = hidden_sums[j]
            if h > 0.0:
                total += h * w2[j]
        out[r] = total


#: the widest hidden layer of the shipped models (the scratch ``score_rows`` needs)
HIDDEN = W1.shape[2]


@njit(cache=True, _nrt=False)
def score_candidates(rule_vec, x, n, out, normal, hidden_sums):
    """Fill ``out[:n]`` with the scores of ``x[:n]`` by the table's shipped model (model_index); zeros without one.
    ``normal`` float64[N_FEATURES] and ``hidden_sums`` float64[HIDDEN] are scratch."""
    m = model_index(rule_vec)
    if m < 0:
        for r in range(n):
            out[r] = 0.0
        return
    score_rows(MEAN[m], SCALE[m], W1[m], B1[m], W2[m], B2[m], x, n, out, normal, hidden_sums)


@njit(cache=True, _nrt=True)
def learned_action(rule_vec, tables, view, mask, seat, rng):
    """Return the candidate of ``mask`` (strategies.learned.features) with the highest score (ties to the first in
    action order); the one candidate without scoring; -1 when ``mask`` has none. Greedy's choice from the same view
    (``view``, the seat's sim.core.seat_view.SeatView; its default parameters; ``rng`` is passed to it and greedy
    draws nothing) marks the greedy-pick feature. A win the mask offers (自摸, 胡) is
    taken without scoring, as greedy and the search player, its teacher, take it: scored, the models passed 11 % of
    the wins offered under 金华 and 73 % under 推倒胡 (150 hands of four learned seats each)."""
    if mask[ACT_ZIMO]:
        return ACT_ZIMO
    if mask[ACT_HU]:
        return ACT_HU
    ints = np.empty(N_ACTIONS_ROWS + 34, np.int64)  # the candidates, then the useful kinds after each discard
    cands = ints[:N_ACTIONS_ROWS]
    n = candidates_of(mask, cands)
    if n <= 1:
        return cands[0] if n == 1 else -1
    after_useful = ints[N_ACTIONS_ROWS:]
    x = np.empty((n, N_FEATURES))
    floats = np.empty(n + N_FEATURES + HIDDEN)  # the scores, then the model's scratch
    scores = floats[:n]
    normal = floats[n:n + N_FEATURES]
    hidden_sums = floats[n + N_FEATURES:]
    tiles = np.empty(68, np.int8)  # the hand after a candidate, then the shanten after each discard
    work = tiles[:34]
    after_shanten = tiles[34:]
    greedy = greedy_policy.choose_action(GREEDY_PARAMS, rule_vec, tables, view, mask, seat, rng)
    candidate_features(rule_vec, tables, view.hands, view.frozen, view.melds, view.rivers, view.st, seat, cands, n,
                       view.seen, work, after_shanten, after_useful, x)
    mark_greedy_pick(cands, n, greedy, x)
    score_candidates(rule_vec, x, n, scores, normal, hidden_sums)
    best = 0
    for c in range(1, n):
        if scores[c] > scores[best]:
            best = c
    return cands[best]
