"""The headline table a run prints fits 80 display columns (a CJK character takes two), every cell whole in its
column, wrapped rather than cut (reports.tables.text_table, reports.console_table)."""
import polars as pl
import pytest

from headline_terminal import columns, squeezed, table_cells
from reports import console_table, terms
from reports.console_table import display_width, wrap
from reports.tables import headline_cells, text_table
from test_report import synthetic_summary


def test_display_width_counts_a_cjk_character_as_two_columns():
    assert display_width("荒庄率 15.13 %") == 14 and display_width("（k = 9）") == 9


@pytest.mark.parametrize("text, width, lines", [
    ("输赢差：等待 − 立即上架", 12, ["输赢差：等待", "− 立即上架"]),
    ("[-1.100, -0.538]", 10, ["[-1.100,", "-0.538]"]),               # a number is never cut
    ("新牌墙复测时是否满足全部约束（1 = 是）", 20, ["新牌墙复测时是否满足", "全部约束（1 = 是）"]),
    ("十三幺做成率（全部）", 12, ["十三幺做成率", "（全部）"]),     # an opening mark goes with what follows
    ("等待，晋城", 4, ["等", "待，", "晋城"]),                        # no line starts with a closing mark
    ("贪心 − defensive{fold_shanten=1}", 12, ["贪心 −", "defensive{fo", "ld_shanten=1", "}"]),  # too wide: cut
])
def test_a_cell_wraps_between_pieces_and_keeps_every_character(text, width, lines):
    assert wrap(text, width) == lines
    assert all(display_width(line) <= width for line in lines)


def test_the_synthetic_headline_of_every_study_fits_and_keeps_every_cell():
    """All studies' headline rows (synthetic summary): 105–110 columns before; now every line fits 80 and the
    table read back at its header's columns gives every cell of the headline, in order."""
    summary = synthetic_summary()
    text = text_table(summary)
    assert max(columns(line) for line in text.splitlines()) <= 80
    assert [squeezed(row) for row in table_cells(text)] == [squeezed(row) for row in headline_cells(summary)]


def test_a_table_that_fits_is_printed_unwrapped_and_a_skipped_study_says_why():
    summary = synthetic_summary().filter(pl.col("study") == "huangzhuang")
    lines = text_table(summary, {"caishen": "财神、爆头和承包只有金华有（RULES §3.2）：本研究只在 rules=jinhua "
                                            "下运行，这里跳过。"}).splitlines()
    assert lines[:3] == ["  统计量  分组  估计   95% 区间        单位  n", "荒庄",
                         "  荒庄率  全部  15.13  [13.41, 17.04]  %     1,500"]
    assert lines[3:] == ["财神：未运行——财神、爆头和承包只有金华有（RULES §3.2）：本研究只在 rules=jinhua",
                         "下运行，这里跳过。"]


def test_the_table_is_in_the_run_variants_words_before_it_is_wrapped():
    """晋中 says 报听 for 上架: the words are changed before wrapping (a 上架 cut over two lines would stay)."""
    summary = synthetic_summary().filter(pl.col("study") == "early_ting")
    with terms.using("jinzhong"):
        text = text_table(summary, width=40)
    assert "上架" not in text and "报听" in "".join(text.split())


def check_printed_headline(out: str, summary: pl.DataFrame, variant: str) -> None:
    """The headline a run printed on stdout (the lines before its closing two) fits 80 columns and holds every cell
    of the run's headline, in the run variant's words."""
    text = "\n".join(out.splitlines()[:-2])
    assert max(columns(line) for line in text.splitlines()) <= console_table.TERMINAL_COLUMNS
    assert text.splitlines()[0].lstrip().startswith("统计量")
    with terms.using(variant):
        expected = [[terms.say(cell) for cell in row] for row in headline_cells(summary)]
    assert expected and [squeezed(row) for row in table_cells(text)] == [squeezed(row) for row in expected]


RUNS = {
    "overview under 晋城": ["rules=jincheng", "hands=200", "experiment.huangzhuang.stacks=[7]",
                           "experiment.huangzhuang.pong_policies=[never]", "experiment.huangzhuang.sweep_hands=200",
                           "experiment.early_ting.min_live_waits=[3]", "experiment.thirteen_orphans.shi_qiang=[true]",
                           "experiment.thirteen_orphans.hands_per_k=0", "experiment.dealer_edge.session_length=0",
                           "experiment.sensitivity.flags=[houbao_units,allow_shi]", "experiment.sensitivity.hands=200",
                           "experiment.variants.variants=[jincheng,jinzhong]"],
    "tournament under 晋中": ["experiment=tournament", "rules=jinzhong", "hands=200",
                             "experiment.tournament.strategies=[greedy,defensive,selective_ting]"],
    "skill under 晋中": ["experiment=skill", "rules=jinzhong", "hands=200", "experiment.skill.strong=defensive",
                        "experiment.skill.strong_hands=200", "experiment.skill.learned_hands=200"],
    "caishen under 金华": ["experiment=caishen", "rules=jinhua", "hands=200"],
    "xuezhan under 四川": ["experiment=xuezhan", "rules=sichuan", "hands=200"],
}


@pytest.mark.parametrize("run", list(RUNS))
def test_a_real_runs_printed_headline_fits_80_columns(run, tmp_path, capsys):
    from experiments.app import main

    main(RUNS[run] + ["jobs=1", "progress=false", f"hydra.run.dir={tmp_path}"])
    summary = pl.read_parquet(tmp_path / "summary.parquet")
    variant = next(arg.split("=")[1] for arg in RUNS[run] if arg.startswith("rules="))
    check_printed_headline(capsys.readouterr().out, summary, variant)
