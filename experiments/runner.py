"""Run the studies of a validated config into one output folder.

Plans every study's arms first (validating each arm's rules and seats), simulates each distinct
arm once into ``hands/``, summarizes each study, writes ``summary.parquet`` (with the run's
metadata), ``summary.csv`` and ``summary.xlsx`` beside it and builds the report. Returns the report path.
"""
from __future__ import annotations

import dataclasses
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from experiments import (study_caishen, study_dealer_edge, study_early_ting, study_huangzhuang, study_sensitivity,
                         study_shapes, study_skill, study_thirteen_orphans, study_tournament, study_train,
                         study_tune, study_variants, study_xuezhan)
from experiments.arms import ArmRunner, base_arm
from experiments.config import RunConfig
from experiments.variant_params import refuse_foreign_studies, run_variant, skip_reason
from reports import stats

#: Study name -> module with ``plan``, ``columns`` and ``summarize``.
STUDY_MODULES = {
    "dealer_edge": study_dealer_edge,
    "huangzhuang": study_huangzhuang,
    "thirteen_orphans": study_thirteen_orphans,
    "early_ting": study_early_ting,
    "sensitivity": study_sensitivity,
    "variants": study_variants,
    "shapes": study_shapes,
    "caishen": study_caishen,
    "xuezhan": study_xuezhan,
    "tune": study_tune,  # plays its own trials: ``search`` (a study with no arms)
    "skill": study_skill,
    "tournament": study_tournament,
    "train": study_train,  # plays its own teacher hands (``search``): labels, fits and exports the learned player
}


def study_params(config: RunConfig, study: str):
    """Return the study's parameters; a study that changes the rules (``bind_rules``) gets them bound to the run's."""
    params = getattr(config.experiment, study)
    bind = getattr(STUDY_MODULES[study], "bind_rules", None)
    return bind(params, config.rules) if bind else params


def skipped_studies(config: RunConfig) -> dict[str, str]:
    """Return {study: one-line reason} of the run's studies that mean nothing under its rules (not simulated)."""
    reasons = {s: skip_reason(s, dict(config.rules)) for s in dict.fromkeys(config.experiment.studies)}
    return {s: r for s, r in reasons.items() if r}


def skipped_groups(config: RunConfig, plans: dict[str, dict]) -> dict[str, dict[str, str]]:
    """Return {study: {group: one-line reason}} of the groups a planned study leaves out: the variants the run's
    seat mix cannot play in the variants study (its summary holds a ``skipped_seats`` row of n = 0 for each)."""
    if "variants" not in plans:
        return {}
    base = base_arm(config)
    left_out = [v for v in study_params(config, "variants").variants if v not in plans["variants"]]
    reasons = {v: study_variants.seats_refused(base.seats, v) or "the run's seat mix cannot play it" for v in left_out}
    return {"variants": reasons} if reasons else {}


def say_skipped(config: RunConfig, plans: dict[str, dict]) -> None:
    """Print on stderr, one line each, the studies (and the variants study's variants) this run does not play under
    its rules, with the reason; returns nothing."""
    for study, reason in skipped_studies(config).items():
        print(f"{study}: not run under these rules — {reason}", file=sys.stderr, flush=True)
    for study, groups in skipped_groups(config, plans).items():
        for group, reason in groups.items():
            print(f"{study}/{group}: not run — {reason}", file=sys.stderr, flush=True)


def search_line(rows: list[dict]) -> str:
    """Return what a searching study played, from its ``search`` rows and re-evaluation groups: e.g. ``60 trials of
    20,000 hands, 3 settings and the base re-played on 100,000 hands each``."""
    facts = {r["name"]: r["estimate"] for r in rows if r["group"] == "search"}
    replayed = len({r["group"] for r in rows if r["name"] == "reeval_met"})
    line = f"{int(facts.get('trials', 0)):,} trials of {int(facts.get('hands', 0)):,} hands"
    if replayed:
        line += (f", {replayed} setting{'s' if replayed > 1 else ''} and the base re-played on "
                 f"{int(facts.get('reeval_hands', 0)):,} hands each")
    return line


def say_phase(text: str, show: bool) -> None:
    """Print one status line on stderr (``show``: a terminal or progress=true), so the seconds after the last
    arm's bar say what runs; returns nothing."""
    if show:
        print(text, file=sys.stderr, flush=True)


def plan_studies(config: RunConfig, runner: ArmRunner) -> dict[str, dict]:
    """Return {study: {role: ArmSpec}} and register every arm with ``runner`` (validating it); skipped studies
    have no plan."""
    refuse_foreign_studies(config.experiment.studies, run_variant(dict(config.rules)), dict(config.rules))
    base = base_arm(config)
    plans = {}
    skipped = skipped_studies(config)
    for study in dict.fromkeys(config.experiment.studies):
        if study in skipped:
            continue
        plans[study] = STUDY_MODULES[study].plan(study_params(config, study), base)
        for role, arm in plans[study].items():
            runner.register(study, role, arm)
    return plans


def run_metadata(config: RunConfig, runner: ArmRunner, seconds: float, overrides: list[str],
                 plans: dict[str, dict] | None = None) -> dict:
    """Return the run's metadata stored with the summary (rules, seats, seed, hands, arms, run time in s, versions).

    ``studies`` lists the studies that ran; ``skipped`` maps each study not run under the rules to its reason
    (it played no hands, and is no part of the hand counts); ``skipped_groups`` maps a study that ran without some
    of its groups to {group: reason} (the variants study without a variant the seat mix cannot play)."""
    from reports.versions import package_versions
    from sim.rules import resolve_rules

    skipped = skipped_studies(config)
    ran = [s for s in dict.fromkeys(config.experiment.studies) if s not in skipped]
    return {
        "experiment": config.experiment.name,
        "studies": ran,
        "skipped": skipped,                         # study -> why it means nothing under the run's rules
        "skipped_groups": skipped_groups(config, plans) if plans is not None else {},
        "seed": config.seed,
        "hands": config.hands,
        "simulated_hands": runner.total_hands(),   # hands behind the summary, all arms
        "hands_played": runner.simulated_hands,    # of those, played by this run
        "hands_reused": runner.reused_hands,       # taken from parts an earlier run into the folder finished
        "jobs": config.jobs,
        "backend": config.backend,
        "rules": resolve_rules(dict(config.rules)).to_dict(),
        "seats_name": config.seats.name,
        "seats": [str(s) for s in config.seats.seats],
        "parameters": {s: dataclasses.asdict(getattr(config.experiment, s)) for s in ran},
        "arms": runner.table(),
        "run_seconds": round(seconds, 2),
        "finished_utc": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
        "overrides": list(overrides),
        "versions": package_versions(),
    }


def run(config: RunConfig, out_dir: Path, overrides: list[str] = ()) -> Path:
    """Simulate, summarize and report every study of ``config`` into ``out_dir``; return report.html's path.

    Holds ``out_dir``'s lock throughout: a second run into the same folder stops with
    ``sim.parts.RunFolderError`` (one line) instead of doing the same work again.
    """
    from sim.parts import folder_lock

    started = time.perf_counter()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with folder_lock(out_dir):
        return _run_locked(config, out_dir, overrides, started)


def _run_locked(config: RunConfig, out_dir: Path, overrides: list[str], started: float) -> Path:
    """``run`` while holding the folder's lock (so a second run into it stops at once)."""
    from reports.builder import build_report
    from reports.summary_export import write_spreadsheets
    from reports.summary_io import write_summary

    from sim.table_engines import run_plays
    from sim.progress import progress_enabled

    show = progress_enabled(config.progress)
    runner = ArmRunner(config, out_dir / "hands")
    plans = plan_studies(config, runner)
    say_skipped(config, plans)
    with run_plays(*runner.played()):  # several variants: one switch engine, the shared core compiled once
        if runner.directories:  # a run of studies that play their own hands only (train) has no arm and no bar
            runner.run_all()
        searched = {study: STUDY_MODULES[study].search(study_params(config, study), config, out_dir)
                    for study in plans if hasattr(STUDY_MODULES[study], "search")}  # studies that play their own trials
    say_phase(f"summary: reading the records and computing the statistics of {len(plans)} "
              f"stud{'y' if len(plans) == 1 else 'ies'}", show)
    rows = []
    for study, arms in plans.items():
        module = STUDY_MODULES[study]
        frames = {role: runner.frame(arm, module.columns(role)) for role, arm in arms.items()}
        rows += module.summarize(frames, study_params(config, study))
        rows += searched.get(study, [])
    summary = stats.summary_frame(rows)
    meta = run_metadata(config, runner, time.perf_counter() - started, overrides, plans)
    meta["searched"] = {study: getattr(STUDY_MODULES[study], "search_line", search_line)(study_rows)
                        for study, study_rows in searched.items()}  # a study may say in its own words what it played
    write_summary(summary, meta, out_dir / "summary.parquet")
    write_spreadsheets(summary, meta, out_dir)  # summary.csv and summary.xlsx beside it, for spreadsheets
    say_phase("report: drawing the figures, writing report.md and report.html", show)
    return build_report(out_dir)
