"""Study train: train the learned player for the run's rules (``mjrules experiment=train rules=<rule set>``).

A study with no arms that plays its own hands (``search``, as tune does): it labels ``hands`` hands of run
``seed`` with the teacher into ``decisions/`` of the run folder (Parquet parts; a rerun into the folder skips the
parts written, so a killed run resumes), fits the perceptron on the hands not held out (every fifth hand is held
out), evaluates it on the held-out decisions against greedy and a random candidate, and writes the model file
``<rule set>.npz``, its card ``<rule set>.md`` (experiments.train_card) and ``train.json`` (the card's numbers)
into the run folder. ``install`` copies the model and card to the shipped models
(``strategies/learned_models/<rule set>.{npz,md}``). ``tournament_walls`` > 0 then plays the installed model in a
duplicate tournament, ``mjrules experiment=tournament`` with one ``learned`` seat and three ``greedy`` rotated
through the four seats on ``tournament_walls`` walls of ``tournament_seed`` under the rule set's defaults, in a
fresh process (the compiled player freezes the shipped models when it is imported), into ``tournament/`` of the
run folder (resumed like any run), and adds its result to the card.

The learned seat's money per seat and hand in that tournament is learned − greedy paired on the same walls: four
greedy seats on a wall sum to 0 (a table's money sums to 0), so their mean over the four seats, the baseline,
is 0 on every wall.

Summary rows (study ``train``; regret and money in 底注, agreement as a fraction):

* group ``held_out``: ``agreement_rate`` (the model picks the teacher's best candidate; n = decisions), ``regret``
  (the teacher's best value minus that of the model's pick, per decision, with its se and 95 % interval),
  ``greedy_agreement_rate``, ``greedy_regret`` (decisions where greedy's pick is a candidate), ``random_regret`` (a
  uniformly random candidate's expectation), ``regret_vs_greedy`` (model − greedy, point only);
* group ``data`` (points): ``hands``, ``worlds``, ``seed``, ``train_decisions``, ``candidates``,
  ``label_seconds`` (the parts' labelling time, whichever run wrote them), ``fit_seconds``;
* group ``tournament`` (with ``tournament_walls`` > 0): ``learned_minus_greedy`` per seat and hand (n = walls).
"""
from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from experiments.arms import ArmSpec
from experiments.config import ConfigError, TrainParams
from reports import stats

STUDY = "train"
#: The tournament's folder inside the run folder.
TOURNAMENT_DIR = "tournament"
#: The tournament's lineup: one learned seat among three greedy, rotated (experiment=tournament, rotation).
TOURNAMENT_STRATEGIES = "[learned,greedy,greedy,greedy]"


@dataclass(frozen=True)
class TrainPlan:
    """The study's parameters bound to the run's rules (``rules``: the composed rules group)."""

    params: TrainParams
    variant: str
    rules: dict


def bind_rules(params: TrainParams, rules: dict) -> TrainPlan:
    """Return the plan; ConfigError (one line) for a tournament without ``install`` or without scikit-learn."""
    from sim.rules import resolve_rules

    if params.tournament_walls and not params.install:
        raise ConfigError(f"experiment.train.tournament_walls={params.tournament_walls} needs "
                          "experiment.train.install=true (the learned seat plays the shipped models); choose "
                          "install=true or tournament_walls=0")
    try:
        import sklearn  # noqa: F401  (the fit's library, the ``train`` extra)
    except ImportError:
        raise ConfigError("experiment=train needs scikit-learn for the fit: pip install -e '.[train]'") from None
    return TrainPlan(params, resolve_rules(dict(rules)).variant, dict(rules))


def plan(bound: TrainPlan, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return no arms: the study plays its own hands (``search``)."""
    return {}


def columns(role: str) -> list[str]:
    """Return no record columns (the study has no arms)."""
    return []


def summarize(frames: dict, bound: TrainPlan) -> list[dict]:
    """Return no rows from arms: the study's rows come from ``search``."""
    return []


def search(bound: TrainPlan, config, out_dir: Path) -> list[dict]:
    """Train (resuming the labelling), write the model, card and ``train.json`` into ``out_dir``, install and play
    the tournament when asked, print where the model went, and return the summary rows (module docstring)."""
    from sim.progress import progress_enabled

    out_dir = Path(out_dir)
    show = progress_enabled(config.progress)
    p = bound.params
    numbers = train_numbers(bound, out_dir, show, config.jobs)
    path = write_model(numbers, bound, out_dir)
    print(f"model: {path} and its card {path.with_suffix('.md').name}", flush=True)
    if p.install:
        installed = install(path)
        print(f"installed: {installed}", flush=True)
    if p.tournament_walls:
        numbers.update(play_tournament(bound.variant, p.tournament_walls, p.tournament_seed,
                                       tournament_folder(out_dir, path), config.jobs, show))
        write_card(numbers, path)
        install(path)
    (out_dir / "train.json").write_text(json.dumps(numbers, indent=1), encoding="utf-8")
    return rows(numbers)


def train_numbers(bound: TrainPlan, out_dir: Path, progress: bool, jobs: int = 1) -> dict:
    """Label (resumable, on ``jobs`` worker processes), fit and evaluate; return the card's numbers with ``model``
    (the arrays to save)."""
    from experiments.train_learned import evaluate, fit, held_out, label, label_seconds, read_decisions
    from sim.rules import resolve_rules

    p = bound.params
    rules = resolve_rules(dict(bound.rules))
    frame = read_decisions(label(out_dir, rules, p.seed, p.hands, p.chunk, p.worlds, progress, jobs))
    if progress:
        print("train: fitting the model", file=sys.stderr, flush=True)
    mask = held_out(frame)
    started = time.perf_counter()
    model, _ = fit(frame.filter(~mask), p.seed, hidden=p.hidden, max_iter=p.max_iter)
    numbers = evaluate(model, frame.filter(mask))
    numbers.update(rule_set=bound.variant, seed=p.seed, hands=p.hands, worlds=p.worlds, chunk=p.chunk,
                   max_iter=p.max_iter, hidden=p.hidden, install=p.install, train_decisions=int((~mask).sum()),
                   candidates=int(frame["n_candidates"].sum()), label_seconds=round(label_seconds(frame, p.chunk), 1),
                   fit_seconds=round(time.perf_counter() - started, 1), tournament_walls=0,
                   tournament_seed=p.tournament_seed, rule_vec=[int(v) for v in rules.pack()])
    numbers["model"] = model
    return numbers


def write_model(numbers: dict, bound: TrainPlan, out_dir: Path) -> Path:
    """Write ``<rule set>.npz`` and its card into ``out_dir``; return the model file's path (``numbers`` loses
    ``model``, the arrays)."""
    from strategies.learned.models import model_path, save_model

    model = numbers.pop("model")
    path = model_path(bound.variant, out_dir)
    save_model(path, bound.variant, numbers["rule_vec"], **model)
    write_card(numbers, path)
    return path


def write_card(numbers: dict, path: Path) -> None:
    """Write the model card of ``numbers`` beside the model file ``path``."""
    from experiments.train_card import model_card

    path.with_suffix(".md").write_text(model_card(numbers), encoding="utf-8")


def install(path: Path) -> Path:
    """Copy the model file ``path`` and its card to the shipped models; return the installed model's path."""
    from strategies.learned.models import MODELS_DIR

    MODELS_DIR.mkdir(parents=True, exist_ok=True)
    target = MODELS_DIR / path.name
    tmp = target.with_name(target.name + ".tmp")
    shutil.copyfile(path, tmp)
    tmp.replace(target)  # atomically: a kernel compiling meanwhile reads the old file or the new, never half
    shutil.copyfile(path.with_suffix(".md"), target.with_suffix(".md"))
    return target


def tournament_folder(out_dir: Path, model: Path) -> Path:
    """Return the tournament's folder for the model file ``model``: ``tournament/<model>/`` of the run folder, where
    ``<model>`` is strategies.learned.models ``model_digest``. A rerun with the same model resumes its tournament;
    a rerun whose fit gave another model (more hands, say) plays a fresh one instead of reading the old model's
    finished parts, and the old tournament stays where it was."""
    from strategies.learned.models import model_digest

    return Path(out_dir) / TOURNAMENT_DIR / model_digest(model)


def tournament_command(variant: str, walls: int, seed: int, folder: Path, jobs: int, progress: bool) -> list[str]:
    """Return the ``mjrules experiment=tournament`` command line (as ``python -m experiments``) of the study's
    tournament."""
    return [sys.executable, "-m", "experiments", "experiment=tournament", f"rules={variant}", f"hands={walls}",
            f"seed={seed}", f"jobs={jobs}", f"progress={str(progress).lower()}",
            f"experiment.tournament.strategies={TOURNAMENT_STRATEGIES}", f"hydra.run.dir={folder}"]


def play_tournament(variant: str, walls: int, seed: int, folder: Path, jobs: int, progress: bool) -> dict:
    """Play (or resume) the tournament into ``folder`` in a fresh process and return its numbers:
    ``tournament`` (learned's money per seat and hand: estimate, se, ci_low, ci_high, n = walls),
    ``tournament_walls``, ``tournament_seed``. RuntimeError (one line) when the tournament fails."""
    from reports.summary_io import read_summary

    done = subprocess.run(tournament_command(variant, walls, seed, Path(folder).resolve(), jobs, progress),
                          stdout=subprocess.PIPE, stderr=None if progress else subprocess.PIPE, text=True)
    if done.returncode != 0:
        last = (done.stderr or "").strip().splitlines()[-1:] or ["see the output above"]
        raise RuntimeError(f"the tournament of experiment=train failed (exit {done.returncode}): {last[0]}")
    summary, _ = read_summary(Path(folder) / "summary.parquet")
    row = summary.filter((summary["name"] == "seat_result") & (summary["group"] == "learned")).row(0, named=True)
    return {"tournament": {key: row[key] for key in ("estimate", "se", "ci_low", "ci_high", "n")},
            "tournament_walls": walls, "tournament_seed": seed}


def _point(value: float, n: int = 0) -> stats.Estimate:
    return stats.Estimate(float(value), math.nan, math.nan, math.nan, n)


def rows(n: dict) -> list[dict]:
    """Return the summary rows of the numbers ``n`` (module docstring)."""
    decisions = n["decisions"]
    regret = stats.Estimate(n["regret"], n["regret_se"], n["regret"] - 1.96 * n["regret_se"],
                            n["regret"] + 1.96 * n["regret_se"], decisions)
    out = [_point(n["agreement"], decisions).row(STUDY, "agreement_rate", "held_out"),
           regret.row(STUDY, "regret", "held_out"),
           _point(n["greedy_agreement"], decisions).row(STUDY, "greedy_agreement_rate", "held_out")]
    for name in ("greedy_regret", "random_regret"):
        out.append(_point(n[name], decisions).row(STUDY, name, "held_out"))
    out.append(_point(n["regret"] - n["greedy_regret"], decisions).row(STUDY, "regret_vs_greedy", "held_out"))
    for name in ("hands", "worlds", "seed", "train_decisions", "candidates", "label_seconds", "fit_seconds"):
        out.append(_point(n[name]).row(STUDY, name, "data"))
    if n.get("tournament_walls"):
        t = n["tournament"]
        out.append(stats.Estimate(t["estimate"], t["se"], t["ci_low"], t["ci_high"], int(t["n"]))
                   .row(STUDY, "learned_minus_greedy", "tournament"))
    return out


def search_line(rows_: list[dict]) -> str:
    """Return what the study played, for the run's closing line: ``<decisions> decisions of <hands> hands`` (the
    headline table above it gives the regrets and the tournament)."""
    got = {(r["group"], r["name"]): r for r in rows_}
    decisions = got[("data", "train_decisions")]["estimate"] + got[("held_out", "regret")]["n"]
    return f"{int(decisions):,} decisions of {int(got[('data', 'hands')]['estimate']):,} hands"
