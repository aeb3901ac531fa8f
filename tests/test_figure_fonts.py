"""Figures render every Chinese glyph: the CJK font ships in a dependency and is registered at figure
time. matplotlib's missing-glyph warning is turned into an error, so a tofu box fails the test."""
import warnings
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import pytest

from reports import fonts, sections
from test_report import synthetic_summary

#: Every Chinese word the figures and readings use, plus the minus sign.
GLYPHS = "荒庄 庄家 闲家 下家 对家 上家 十三幺 上架 拾 抢 胡 自摸 点炮 前包 后包 杠 碰 等 底注 百分点 −"


def test_the_font_ships_with_a_dependency_and_covers_our_glyphs():
    import pylopdf_fonts_zh_cn
    from matplotlib.ft2font import FT2Font

    path = fonts.cjk_font_path()
    assert path.is_file() and path.parent == Path(pylopdf_fonts_zh_cn.__file__).parent
    charmap = FT2Font(str(path)).get_charmap()
    assert [c for c in GLYPHS.replace(" ", "") if ord(c) not in charmap] == []


def test_every_figure_renders_without_a_missing_glyph(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        drawn = sections.draw_figures(synthetic_summary(), tmp_path)
    assert sorted(drawn) == sorted(sections.SECTIONS)


def _draw_label(path, rc):
    with matplotlib.rc_context(rc):
        fig, axis = plt.subplots()
        axis.set_title(GLYPHS)
        try:
            fig.savefig(path)
        finally:
            plt.close(fig)


def test_the_check_fails_when_the_font_is_not_used(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UserWarning, match="missing from font"):
            _draw_label(tmp_path / "tofu.png", {"font.family": "sans-serif", "font.sans-serif": ["DejaVu Sans"]})
        _draw_label(tmp_path / "ok.png", fonts.figure_style())


def test_early_ting_figure_plots_selective_minus_early_under_a_title_that_reads_that_way(tmp_path, monkeypatch):
    from reports import stats
    from reports import figures

    rows = [stats.Estimate(value, 0.1, value - 0.2, value + 0.2, 100).row("early_ting", name, "t=3")
            for name, value in (("diff_mean_result", 0.5), ("diff_win_rate", 0.02), ("diff_dianpao_paid", -0.1),
                                ("diff_ting_turn", 1.0))]
    drawn = {}
    monkeypatch.setattr(figures, "_save", lambda fig, path: drawn.setdefault("fig", fig) and path)
    with matplotlib.rc_context(fonts.figure_style()):
        figures.early_ting(stats.summary_frame(rows), tmp_path / "e.png")
    fig = drawn["fig"]
    result_panel = fig.axes[0]
    assert result_panel.lines[0].get_ydata()[0] == 0.5  # selective − early, as the summary gives it
    assert "等 t 个活张 − 首次听牌即上架" in result_panel.get_title()
    assert "高于 0 = 等待更好" in fig._suptitle.get_text() and "cost" not in fig._suptitle.get_text().lower()
    plt.close(fig)
