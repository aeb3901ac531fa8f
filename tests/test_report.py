"""The report layer (reports/): summary file round trip, tables, figures, Markdown and self-contained HTML,
the mjrules-report rebuild and the multirun comparison. Inputs are summaries computed by the study modules
from hand-made record frames (tests/synthetic_records.py), not engine output."""
import base64
import math
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from experiments import config as cfg
from experiments import (study_caishen, study_dealer_edge, study_early_ting, study_huangzhuang, study_sensitivity,
                         study_shapes, study_thirteen_orphans, study_tournament, study_variants, study_xuezhan)
from reports import builder, cli, comparison, document, figures, sections, tables
from reports import stats
from reports.summary_io import read_summary, write_summary
from synthetic_records import record_frame, skill_rows, tune_rows, with_win_features, xuezhan_frame

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
        cfg.ThirteenOrphansParams(shi_qiang=[True], hands_per_k=0))
    rows += study_early_ting.summarize({"early": seats, "t=3": record_frame(1500, 5)},
                                       cfg.EarlyTingParams(min_live_waits=[3]))
    bound = study_sensitivity.bind_rules(cfg.SensitivityParams(flags=["houbao_units", "stacks_per_kong"]), {})
    rows += study_sensitivity.summarize({"base": seats, "houbao_units=1": record_frame(1500, 6),
                                         "stacks_per_kong=2": seats}, bound)
    featured = with_win_features(record_frame(1500, 7), seed=7)  # a variant recording win features
    rows += study_variants.summarize({"jincheng": seats, "jinhua": featured},
                                     study_variants.VariantsPlan(cfg.VariantsParams(), ("jincheng", "jinhua")))
    rows += study_shapes.summarize({study_shapes.ROLE: featured}, cfg.ShapesParams())
    wilds = np.random.default_rng(8).integers(0, 4, seats.height)
    rows += study_caishen.summarize({"seats": seats.with_columns(pl.Series("s0_wilds_dealt", wilds, dtype=pl.Int8)),
                                     "greedy": featured, "baotou": featured.with_columns(pl.col("s0_delta") + 1)},
                                    cfg.CaishenParams())
    rows += study_xuezhan.summarize({"seats": xuezhan_frame(1500, seed=10), "greedy": seats,
                                     "dingque_middle": seats.with_columns(pl.col("s0_delta") - 1),
                                     "dingque_most": record_frame(1500, seed=11)}, cfg.XuezhanParams())
    rows += tune_rows()
    rows += skill_rows()
    tournament = study_tournament.bind_rules(cfg.TournamentParams(strategies=["greedy", "defensive"]), {})
    rows += study_tournament.summarize({"seating=0": seats, "seating=1": record_frame(1500, 9).with_columns(
        seats["dealer"])}, tournament)
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
    assert [p.stem for p in pngs] == sorted(s for s in cfg.STUDIES if s in sections.SECTIONS)  # train: no section yet
    assert len(parser.images) == len(pngs)
    for src in parser.images:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"


def test_report_states_setup_and_a_reading_per_study(run_dir):
    text = (run_dir / "report.md").read_text(encoding="utf-8")
    for fact in ("种子 0", "每臂 1,500 手", "用时 1.5 秒", "houbao_units", "已改（默认 2）",
                 "`all_greedy`", "rules.houbao_units=1"):
        assert fact in text
    for section in sections.SECTIONS.values():
        assert f"## {section.title}" in text
    for link in [line for line in text.splitlines() if line.startswith("![")]:
        assert (run_dir / link.rsplit("](", 1)[1].rstrip(")")).is_file()


def test_mjrules_report_rebuilds_from_the_summary_alone(run_dir, capsys):
    before = (run_dir / "report.md").read_text(encoding="utf-8")
    for path in [run_dir / "report.md", run_dir / "report.html", *(run_dir / "figures").glob("*.png")]:
        path.unlink()
    assert cli.main([str(run_dir)]) == 0
    assert (run_dir / "report.md").read_text(encoding="utf-8") == before
    assert len(list((run_dir / "figures").glob("*.png"))) == len([s for s in cfg.STUDIES if s in sections.SECTIONS])
    assert "report.html" in capsys.readouterr().out


def test_mjrules_report_rejects_a_folder_without_summaries(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main([str(tmp_path)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: DIR=") and err.count("\n") == 1


def test_comparison_lists_every_run_and_unpaired_differences_without_hand_records(tmp_path):
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
    diffs = pl.read_parquet(tmp_path / "comparison_differences.parquet")
    assert not diffs["paired"].any()  # no hands/ parts: unpaired, se = sqrt(se0² + se1²)
    assert set(comparison.clear_differences(diffs)["name"]) == {"huang_rate"}  # +20 pp; the money +0.5 ± 1.4 is not
    assert "20.00 [17.23, 22.77] * (不配对" in text
    parser = CheckingParser()
    parser.feed(html_path.read_text(encoding="utf-8"))
    assert not parser.errors and len(parser.images) == 2  # the runs side by side, their differences


def test_tables_format_rates_in_percent_and_money_in_base_stakes():
    rows = stats.summary_frame([stats.Estimate(0.1234, 0.01, 0.1, 0.15, 10).row("s", "huang_rate", "all"),
                                stats.Estimate(-0.5, 0.1, -0.7, -0.3, 10).row("s", "result_total", "dealer"),
                                stats.Estimate(0.02, 0.01, 0.0, 0.04, 10).row("s", "diff_win_rate", "t=3"),
                                stats.Estimate(9.0, math.nan, math.nan, math.nan, 3).row("s", "pays_from_k", "x"),
                                stats.Estimate(0.05, 0.01, 0.04, 0.06, 10).row("s", "huang_rate_sweep", "y")])
    cells = tables.display_rows(rows)
    assert cells[0][3:6] == ["12.34", "[10.00, 15.00]", "%"]
    assert cells[1][3:6] == ["-0.500", "[-0.700, -0.300]", "底注"]
    assert cells[2][3:6] == ["2.00", "[0.00, 4.00]", "百分点"]
    assert cells[3][3:6] == ["9", "–", "种"]
    assert cells[4][3:6] == ["5.00", "[4.00, 6.00]", "%"]


def test_parse_group_reads_key_value_pairs():
    assert figures.parse_group("k=9, shi_qiang=on") == {"k": "9", "shi_qiang": "on"}
    assert figures.parse_group("dealer") == {}


def test_figures_skip_studies_without_rows(tmp_path):
    only = synthetic_summary().filter(pl.col("study") == "huangzhuang")
    drawn = sections.draw_figures(only, tmp_path)
    assert list(drawn) == ["huangzhuang"] and Path(drawn["huangzhuang"]).is_file()


def test_report_puts_the_headline_first_then_the_studies_then_settings_and_versions(run_dir):
    headings = [line for line in (run_dir / "report.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("## ")]
    assert headings[:2] == ["## 结论", "## 主要结果"]
    assert headings[2:6] == [f"## {sections.title(s)}" for s in ("dealer_edge", "huangzhuang", "thirteen_orphans",
                                                                   "early_ting")]
    assert headings[-1] == "## 运行设置与版本"
    text = (run_dir / "report.md").read_text(encoding="utf-8")
    assert "### 版本" in text and "numpy" in text.split("### 版本")[1]


def test_rules_table_describes_and_cites_every_flag(run_dir):
    rows = builder._rules_rows({"rules": {"variant": "jincheng", "houbao_units": 1, "huang_stacks": 7}})
    assert rows[1][:3] == ["`houbao_units`", "`1`", "已改（默认 2）"] and rows[2][2] == "默认"
    from sim.rules import defaults

    every = builder._rules_rows({"rules": defaults("jincheng").to_dict()})
    assert len(every) == len(defaults("jincheng").to_dict())
    for flag, _, _, note in every:
        assert "RULES " in note, flag
    assert "后包" in dict((r[0], r[3]) for r in every)["`houbao_units`"]


def test_html_page_names_cjk_fonts_before_the_generic_fallback():
    page = document.render_html([("p", "荒庄")], "t")
    stack = page.split("body{font-family:", 1)[1].split(";", 1)[0]
    fonts = [f.strip().strip('"') for f in stack.split(",")]
    assert fonts[-1] == "sans-serif"
    for cjk in ("Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei"):
        assert cjk in fonts
    assert '<html lang="zh-CN">' in page


def test_rows_without_an_estimate_read_no_data_not_a_certain_zero():
    rows = stats.summary_frame([stats.Estimate(math.nan, math.nan, math.nan, math.nan, 0)
                                .row("thirteen_orphans", "policy_value", "k=12, shi_qiang=on")])
    assert tables.display_rows(rows)[0][3:] == ["无数据", "–", "底注", "0"]


def test_policy_value_of_a_k_no_hand_reached_is_no_data():
    seats = record_frame(600, seed=3).with_columns(pl.col("s0_yaojiu_start").clip(0, 9))
    rows = stats.summary_frame(study_thirteen_orphans.summarize(
        {"chase, shi_qiang=on": seats, "greedy, shi_qiang=on": seats.with_columns(pl.col("s0_delta") - 1)},
        cfg.ThirteenOrphansParams(shi_qiang=[True], hands_per_k=0)))
    policy = rows.filter(pl.col("name") == "policy_value")
    cells = {c[2]: c[3:] for c in tables.display_rows(policy)}
    for k in (10, 11, 12, 13):
        assert cells[f"k={k}, shi_qiang=on"][0] == "无数据" and cells[f"k={k}, shi_qiang=on"][3] == "0"
    assert cells["k=9, shi_qiang=on"][0] != "无数据"
    assert "k = 10, 11, 12, 13" in sections.reading(rows, "thirteen_orphans")


def test_whole_number_statistics_print_without_decimals_and_zero_without_a_sign():
    rows = stats.summary_frame([stats.Estimate(8.0, math.nan, math.nan, math.nan, 40).row("s", "pays_from_k", "x"),
                                stats.Estimate(-0.0001, 0.001, -0.0004, 0.0002, 9).row("s", "result_total", "y"),
                                stats.Estimate(-0.00001, 0.0, -0.00003, 0.0, 9).row("s", "huang_rate", "z")])
    cells = tables.display_rows(rows)
    assert cells[0][3:5] == ["8", "–"]
    assert cells[1][3:5] == ["-0.00010", "[-0.00040, 0.00020]"]  # enough decimals: not "0.000 [0.000, 0.000]"
    assert cells[2][3:5] == ["-0.0010", "[-0.0030, 0.0000]"]


def test_html_page_embeds_the_glyphs_of_its_own_text(run_dir):
    import io
    import re

    from fontTools.ttLib import TTFont

    page = (run_dir / "report.html").read_text(encoding="utf-8")
    face = re.search(r'@font-face\{font-family:"([^"]+)";src:url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)', page)
    assert face and face[1] == document.EMBEDDED_FAMILY and f'body{{font-family:"{face[1]}",' in page
    cmap = TTFont(io.BytesIO(base64.b64decode(face[2]))).getBestCmap()
    shown = set((run_dir / "report.md").read_text(encoding="utf-8")) - {"\n"}
    assert sorted(c for c in shown if ord(c) >= 0x2E80 and ord(c) not in cmap) == []
    assert {"荒", "庄", "幺", "抢"} <= {chr(c) for c in cmap}


def test_every_statistic_of_the_studies_has_a_plain_chinese_meaning():
    names = set(synthetic_summary()["name"])
    assert sorted(n for n in names if not tables.meaning(n)) == []


def test_every_reading_says_what_is_significant_at_this_sample_size():
    summary = synthetic_summary()
    for study in sections.SECTIONS:
        text = sections.reading(summary, study)
        assert "显著" in text or "分不开" in text, study
