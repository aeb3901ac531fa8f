"""The model card of a trained learned player (``<rule set>.md`` beside its model file) — plain Python.

``model_card(numbers)`` returns the card (Markdown) from the numbers ``experiments.study_train`` collects: the
command that made the model, the model and teacher, the data (hands, seeds, decisions, candidates, labelling and
fitting time in s), the held-out agreement and regret (底注 per decision) of the model, greedy and a random
candidate, and the tournament result when one was played.
"""
from __future__ import annotations

import math
import textwrap

from strategies.learned.features import N_FEATURES

#: The keys of experiment.train that the card's command spells out (every one, so the command outlives a change of
#: the defaults).
COMMAND_KEYS = ("seed", "hands", "worlds", "chunk", "max_iter", "hidden")


def command(n: dict) -> str:
    """Return the ``mjrules`` command that makes the model of the numbers ``n`` (with ``install`` as it was, and its
    tournament when one was played)."""
    keys = [f"experiment.train.{key}={n[key]}" for key in COMMAND_KEYS]
    keys.append(f"experiment.train.install={str(bool(n.get('install'))).lower()}")
    if n.get("tournament_walls"):
        keys += [f"experiment.train.tournament_walls={n['tournament_walls']}",
                 f"experiment.train.tournament_seed={n['tournament_seed']}"]
    return f"mjrules experiment=train rules={n['rule_set']} " + " ".join(keys)


def tournament_text(n: dict) -> str:
    """Return the card's tournament paragraph (learned − greedy per seat and hand with its 95 % interval), wrapped
    to 115 columns."""
    if not n.get("tournament_walls"):
        return "Tournament: not played for this model (experiment.train.tournament_walls=0)."
    t = n["tournament"]
    interval = (f"[{t['ci_low']:+.3f}, {t['ci_high']:+.3f}]" if not math.isnan(t["ci_low"]) else "(no interval)")
    text = (f"Tournament (duplicate, walls of run seed {n['tournament_seed']}, not the training seed; "
            f"experiment=tournament in tournament/<model>/ of the run folder, <model> a digest of the model's arrays): one `learned` seat among three greedy on the "
            f"same {int(t['n']):,} walls in each of the four seats, against four greedy on those walls (whose seats "
            f"sum to 0 on every wall): learned − greedy = **{t['estimate']:+.3f} {interval} 底注 per seat and "
            f"hand** (95 % interval over walls).")
    return textwrap.fill(text, width=115, break_long_words=False, break_on_hyphens=False)


def model_card(n: dict) -> str:
    """Return the model card (Markdown) of a trained model's numbers ``n`` (study_train.train_numbers)."""
    return f"""# learned model: {n['rule_set']}

Made by:

```
{command(n)}
```

* Model: one-hidden-layer perceptron ({n['hidden']} ReLU units, scikit-learn MLPRegressor, at most {n['max_iter']}
  epochs, seed {n['seed']}) scoring each candidate's money over its decision's mean from {N_FEATURES} features of
  the seat's own view (strategies/learned/features.py), one of them marking the candidate greedy would play.
* Teacher: every candidate played on {n['worlds']} sampled worlds by greedy rollouts (strategies/learned/teacher.py);
  the hands follow the teacher's choice.
* Data: {n['hands']} hands of run seed {n['seed']} ({n['chunk']} hands per part), {n['train_decisions']} training
  decisions, {n['decisions']} held-out decisions (every fifth hand), {n['candidates']} candidates in all.
  Labelling took {n['label_seconds']:.1f} s (the parts' own times), fitting {n['fit_seconds']:.1f} s.

Held-out decisions (regret: the teacher's best value minus that of the choice, 底注 per decision, against the
teacher's own noisy values):

| player | agreement with the teacher | regret |
| --- | --- | --- |
| learned | {n['agreement']:.3f} | {n['regret']:.4f} ± {n['regret_se']:.4f} |
| greedy | {n['greedy_agreement']:.3f} | {n['greedy_regret']:.4f} |
| random candidate | — | {n['random_regret']:.4f} |

{tournament_text(n)}
"""
