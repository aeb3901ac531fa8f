"""The report layer (reports/): summary file round trip, tables, figures, Markdown and self-contained HTML,
the mjrules-report rebuild and the multirun comparison. Inputs are summaries computed by the study modules
from hand-made record frames (tests/synthetic_records.py), not engine output."""
import base64
import math
from html.parser import HTMLParser
from pathlib import Path

import polars as pl
import pytest

from experiments import config as cfg
from experiments import (stats, study_dealer_edge, study_early_ting, study_huangzhuang, study_sensitivity,
                         study_thirteen_orphans)
from reports import builder, cli, comparison, figures, tables
from reports.summary_io import read_summary, write_summary
from synthetic_records import record_frame

VOID = {"meta", "img", "br", "hr", "link", "input"}


class CheckingParser(HTMLParser):
    """Checks that every non-void tag closes in order; collects <img> sources."""

    def __init__(self):
        super().__init__()
        self.stack, self.images, self.errors, self.doctype = [], [], [], False

    def handle_decl(self, decl):
        self.doctype = decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.images.append(dict(attrs)["src"])
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)


def synthetic_summary() -> pl.DataFrame:
    seats = record_frame(1500, seed=1)
    rows = study_dealer_edge.summarize({"seats": seats, "sessions": record_frame(800, 2, session_length=16)},
                                       cfg.DealerEdgeParams())
    rows += study_huangzhuang.summarize({"seats": seats, "stacks=5, pong=always": record_frame(300, 3),
                                         "stacks=9, pong=always": record_frame(300, 4)}, cfg.HuangzhuangParams())
    rows += study_thirteen_orphans.summarize(
        {"chase, shi_qiang=on": seats, "greedy, shi_qiang=on": seats.with_columns(pl.col("s0_delta") - 1)},
        cfg.ThirteenOrphansParams(shi_qiang=[True]))
    rows += study_early_ting.summarize({"early": seats, "t=3": record_frame(1500, 5)},
                                       cfg.EarlyTingParams(min_live_waits=[3]))
    bound = study_sensitivity.bind_rules(cfg.SensitivityParams(flags=["houbao_units", "stacks_per_kong"]), {})
    rows += study_sensitivity.summarize({"base": seats, "houbao_units=1": record_frame(1500, 6),
                                         "stacks_per_kong=2": seats}, bound)
    return stats.summary_frame(rows)


META = {"experiment": "overview", "seed": 0, "hands": 1500, "simulated_hands": 4400, "run_seconds": 1.5,
        "rules": {"variant": "jincheng", "houbao_units": 1}, "seats_name": "all_greedy", "seats": ["greedy"] * 4,
        "arms": [{"folder": "x", "description": "greedy ×4", "hands": 1500, "used_by": ["dealer_edge/seats"]}],
        "overrides": ["rules.houbao_units=1"]}


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    directory = tmp_path_factory.mktemp("run")
    write_summary(synthetic_summary(), META, directory / "summary.parquet")
    builder.build_report(directory)
    return directory


def test_summary_round_trip_keeps_rows_and_metadata(tmp_path):
    summary = synthetic_summary()
    write_summary(summary, META, tmp_path / "summary.parquet")
    back, meta = read_summary(tmp_path / "summary.parquet")
    assert back.equals(summary)
    assert meta == META


def test_html_report_is_valid_and_embeds_every_figure(run_dir):
    parser = CheckingParser()
    parser.feed((run_dir / "report.html").read_text(encoding="utf-8"))
    parser.close()
    assert parser.doctype and not parser.errors and parser.stack == []
    pngs = sorted((run_dir / "figures").glob("*.png"))
    assert [p.stem for p in pngs] == sorted(cfg.STUDIES)
    assert len(parser.images) == len(pngs)
    for src in parser.images:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"


def test_report_states_setup_and_a_reading_per_study(run_dir):
    text = (run_dir / "report.md").read_text(encoding="utf-8")
    for fact in ("seed 0", "1,500 hands per arm", "run time 1.5 s", "houbao_units", "changed (default 2)",
                 "`all_greedy`", "rules.houbao_units=1"):
        assert fact in text
    for title in builder.TITLES.values():
        assert f"## {title}" in text
    for link in [line for line in text.splitlines() if line.startswith("![")]:
        assert (run_dir / link.rsplit("](", 1)[1].rstrip(")")).is_file()


def test_mjrules_report_rebuilds_from_the_summary_alone(run_dir, capsys):
    before = (run_dir / "report.md").read_text(encoding="utf-8")
    for path in [run_dir / "report.md", run_dir / "report.html", *(run_dir / "figures").glob("*.png")]:
        path.unlink()
    assert cli.main([str(run_dir)]) == 0
    assert (run_dir / "report.md").read_text(encoding="utf-8") == before
    assert len(list((run_dir / "figures").glob("*.png"))) == len(cfg.STUDIES)
    assert "report.html" in capsys.readouterr().out


def test_mjrules_report_rejects_a_folder_without_summaries(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main([str(tmp_path)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: DIR=") and err.count("\n") == 1


def test_comparison_lists_every_run_and_the_separated_statistics(tmp_path):
    low = stats.summary_frame([stats.Estimate(0.10, 0.01, 0.08, 0.12, 100).row("huangzhuang", "huang_rate", "all"),
                               stats.Estimate(1.0, 0.5, 0.0, 2.0, 100).row("dealer_edge", "result_total", "dealer")])
    high = stats.summary_frame([stats.Estimate(0.30, 0.01, 0.28, 0.32, 100).row("huangzhuang", "huang_rate", "all"),
                                stats.Estimate(1.5, 0.5, 0.5, 2.5, 100).row("dealer_edge", "result_total", "dealer")])
    for i, (summary, value) in enumerate(((low, 5), (high, 9))):
        write_summary(summary, {**META, "overrides": [f"rules.huang_stacks={value}", "hands=100"]},
                      tmp_path / str(i) / "summary.parquet")
    html_path = comparison.build_comparison(tmp_path)
    text = (tmp_path / "comparison.md").read_text(encoding="utf-8")
    assert "rules.huang_stacks=5" in text and "rules.huang_stacks=9" in text
    assert "10.00 [8.00, 12.00]" in text and "30.00 [28.00, 32.00]" in text
    clear = comparison.separated(pl.read_parquet(tmp_path / "comparison.parquet"))
    assert set(clear["name"]) == {"huang_rate"}  # the money intervals overlap, the rates do not
    parser = CheckingParser()
    parser.feed(html_path.read_text(encoding="utf-8"))
    assert not parser.errors and len(parser.images) == 1


def test_tables_format_rates_in_percent_and_money_in_base_stakes():
    rows = stats.summary_frame([stats.Estimate(0.1234, 0.01, 0.1, 0.15, 10).row("s", "huang_rate", "all"),
                                stats.Estimate(-0.5, 0.1, -0.7, -0.3, 10).row("s", "result_total", "dealer"),
                                stats.Estimate(0.02, 0.01, 0.0, 0.04, 10).row("s", "diff_win_rate", "t=3"),
                                stats.Estimate(9.0, math.nan, math.nan, math.nan, 3).row("s", "pays_from_k", "x"),
                                stats.Estimate(0.05, 0.01, 0.04, 0.06, 10).row("s", "huang_rate_sweep", "y")])
    cells = tables.display_rows(rows)
    assert cells[0][3:6] == ["12.34", "[10.00, 15.00]", "%"]
    assert cells[1][3:6] == ["-0.500", "[-0.700, -0.300]", "底注"]
    assert cells[2][3:6] == ["2.00", "[0.00, 4.00]", "pp"]
    assert cells[3][3:6] == ["9.000", "–", "kinds"]
    assert cells[4][3:6] == ["5.00", "[4.00, 6.00]", "%"]


def test_parse_group_reads_key_value_pairs():
    assert figures.parse_group("k=9, shi_qiang=on") == {"k": "9", "shi_qiang": "on"}
    assert figures.parse_group("dealer") == {}


def test_figures_skip_studies_without_rows(tmp_path):
    only = synthetic_summary().filter(pl.col("study") == "huangzhuang")
    drawn = figures.draw_figures(only, tmp_path)
    assert list(drawn) == ["huangzhuang"] and Path(drawn["huangzhuang"]).is_file()
