"""What a run says on the terminal besides its bars (experiments/runner.py, experiments/app.py): the studies (and
the variants study's variants) it does not play under its rules, each with its reason, kept out of the hand counts
and named in the closing line; and one status line per phase after the last arm (summary, then figures and report)."""
import polars as pl

from experiments import runner
from experiments.app import hands_line
from experiments.compose import load_run_config
from reports.summary_io import read_summary
from registered_rule_sets import with_mechanic, without_mechanic


def test_the_closing_line_names_what_was_not_run():
    meta = {"hands_played": 400, "simulated_hands": 400, "run_seconds": 3.25,
            "skipped": {"caishen": "…"}, "skipped_groups": {"variants": {"jinhua": "…"}}}
    assert hands_line(meta) == "400 hands simulated in 3.2 s; not run under these rules: caishen, variants/jinhua"
    assert hands_line({**meta, "skipped": {}, "skipped_groups": {}}) == "400 hands simulated in 3.2 s"


def test_a_tune_only_run_says_what_its_trials_played_not_zero_hands():
    from experiments.runner import search_line

    rows = [{"group": "search", "name": "trials", "estimate": 60.0}, {"group": "search", "name": "hands",
            "estimate": 20000.0}, {"group": "search", "name": "reeval_hands", "estimate": 100000.0}] + [
        {"group": f"best={k}", "name": "reeval_met", "estimate": 1.0} for k in (1, 2, 3)]
    text = search_line(rows)
    assert text == "60 trials of 20,000 hands, 3 settings and the base re-played on 100,000 hands each"
    meta = {"hands_played": 0, "simulated_hands": 0, "run_seconds": 61.0, "searched": {"tune": text}}
    assert hands_line(meta) == f"run finished in 61.0 s; tune: {text}"


def test_a_run_says_what_it_skips_and_why_and_each_phase_after_the_last_arm(tmp_path, capsys):
    overrides = ["experiment=variants", "experiment.studies=[variants,caishen]", "seats=one_selective", "hands=200",
                 "jobs=1", "progress=true"]
    runner.run(load_run_config(overrides), tmp_path, overrides)
    err = capsys.readouterr().err
    lines = [line for line in err.replace("\r", "\n").splitlines() if line.strip()]
    caishen = [line for line in lines if line.startswith("caishen: not run under these rules — ")]
    assert len(caishen) == 1 and "rules=jinhua" in caishen[0]  # the study's own reason
    jinhua = [line for line in lines if line.startswith("variants/jinhua: not run — ")]
    assert len(jinhua) == 1 and "selective_ting" in jinhua[0]  # the registry's refusal of the seat mix
    summary_at = lines.index("summary: reading the records and computing the statistics of 1 study")
    report_at = lines.index("report: drawing the figures, writing report.md and report.html")
    last_bar = max(i for i, line in enumerate(lines) if "variants/" in line and "hands" in line)
    assert last_bar < summary_at < report_at
    summary, meta = read_summary(tmp_path / "summary.parquet")
    assert meta["studies"] == ["variants"] and list(meta["skipped"]) == ["caishen"]
    assert list(meta["skipped_groups"]["variants"]) == without_mechanic("ting")  # no 上架: all refuse the mix
    assert all("selective_ting" in why for why in meta["skipped_groups"]["variants"].values())
    assert list(meta["parameters"]) == ["variants"]
    played = 200 * len(with_mechanic("ting"))  # 晋城 and 晋中 (those with 上架/报听) at 200 hands; nothing for the rest
    assert meta["simulated_hands"] == meta["hands_played"] == played
    assert set(summary["study"]) == {"variants"}


def test_without_a_bar_there_are_no_phase_lines(tmp_path, capsys):
    overrides = ["experiment=variants", "experiment.variants.variants=[jincheng]", "hands=200", "jobs=1",
                 "progress=false"]
    runner.run(load_run_config(overrides), tmp_path, overrides)
    err = capsys.readouterr().err
    assert "summary:" not in err and "report:" not in err and "not run" not in err


def test_a_tune_only_summary_has_a_headline():
    """A run of experiment=tune alone printed an empty console table: the headline now holds the best setting's
    re-evaluated dealer result, 荒庄 rate and whether it met the targets on fresh walls."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from synthetic_records import tune_rows

    from reports import stats
    from reports.tables import headline

    rows = headline(stats.summary_frame(tune_rows()))
    assert rows.select("name", "group").rows() == [("reeval_dealer_result", "best=1"), ("reeval_huang_rate", "best=1"),
                                                   ("reeval_met", "best=1")]
