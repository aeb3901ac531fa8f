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

from strategies.learned.features import MAX_CANDIDATES as N_ACTIONS_ROWS, N_FEATURES, candidate_features, candidates_of
from strategies.learned.models import shipped_models, stacked

KEYS, MEAN, SCALE, W1, B1, W2, B2 = stacked(shipped_models())
N_MODELS = KEYS.shape[0]


@njit(cache=True, _nrt=False)
def model_index(rule_vec):
    """Return the row of the shipped model nearest ``rule_vec`` (fewest differing entries; ties to the first), -1
    when no model is shipped."""
    best = -1
    best_d = 1 << 30
    n = min(rule_vec.shape[0], KEYS.shape[1])
    for m in range(KEYS.shape[0]):
        d = abs(rule_vec.shape[0] - KEYS.shape[1])
        for i in range(n):
            if KEYS[m, i] != rule_vec[i]:
                d += 1
        if d < best_d:
            best_d = d
            best = m
    return best


@njit(cache=True, _nrt=False)
def score_rows(mean, scale, w1, b1, w2, b2, x, n, out):
    """Fill ``out[:n]`` with the model's score of each feature row ``x[:n]`` (float64[>= n, N_FEATURES]); the
    weights are one model's (strategies.learned.models): relu(((x - mean) / scale) @ w1 + b1) @ w2 + b2."""
    hidden = w1.shape[1]
    for r in range(n):
        total = b2
        for j in range(hidden):
            h = b1[j]
            for f in range(N_FEATURES):
                h += (x[r, f] - mean[f]) / scale[f] * w1[f, j]
            if h > 0.0:
                total += h * w2[j]
        out[r] = total


@njit(cache=True, _nrt=False)
def score_candidates(rule_vec, x, n, out):
    """Fill ``out[:n]`` with the scores of ``x[:n]`` by the table's shipped model (model_index); zeros without one."""
    m = model_index(rule_vec)
    if m < 0:
        for r in range(n):
            out[r] = 0.0
        return
    score_rows(MEAN[m], SCALE[m], W1[m], B1[m], W2[m], B2[m], x, n, out)


@njit(cache=True, _nrt=True)
def learned_action(rule_vec, tables, hands, frozen, melds, rivers, st, mask, seat, seen):
    """Return the candidate of ``mask`` (strategies.learned.features) with the highest score (ties to the first in
    action order); the one candidate without scoring; -1 when ``mask`` has none."""
    cands = np.empty(N_ACTIONS_ROWS, np.int64)
    n = candidates_of(mask, cands)
    if n <= 1:
        return cands[0] if n == 1 else -1
    x = np.empty((n, N_FEATURES))
    work = np.empty(34, np.int8)
    candidate_features(rule_vec, tables, hands, frozen, melds, rivers, st, seat, cands, n, seen, work, x)
    scores = np.empty(n)
    score_candidates(rule_vec, x, n, scores)
    best = 0
    for c in range(1, n):
        if scores[c] > scores[best]:
            best = c
    return cands[best]
