"""Every figure can be read at the size the report shows it: its text lies inside the canvas (matplotlib's
tight bounding box against the figure size), no two labels are drawn over each other, and its smallest text
is at least MIN_PIXELS tall on screen once the page scales the picture to its content width
(reports.document.CONTENT_WIDTH_PX). Figures are captured when they are saved, so every drawer is covered
however it saves."""
import itertools

import matplotlib
import matplotlib.figure
import matplotlib.pyplot as plt
import matplotlib.text
import polars as pl
import pytest

from reports import comparison, document, figures_shapes, sections
from reports import stats
from reports.fonts import figure_style
from reports.summary_io import write_summary
from test_report import META, synthetic_summary

#: Smallest text height on screen, in CSS pixels, at the page's content width.
MIN_PIXELS = 9.0
#: Slack for anti-aliasing and rounding, in figure pixels.
SLACK = 1.0


@pytest.fixture()
def saved(monkeypatch):
    """Return the list that collects (figure, dpi, file name) of every figure saved while the test runs."""
    captured = []
    original = matplotlib.figure.Figure.savefig

    def savefig(fig, path, *args, **kwargs):
        original(fig, path, *args, **kwargs)
        fig.canvas.draw()
        captured.append((fig, kwargs.get("dpi", fig.dpi), str(path).rsplit("/", 1)[-1]))

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", savefig)
    monkeypatch.setattr(plt, "close", lambda *a, **k: None)  # keep them alive for the checks
    yield captured
    for fig, _, _ in captured:
        matplotlib.pyplot.close(fig)


def shown_texts(fig) -> list[matplotlib.text.Text]:
    """Return the text artists the figure draws: its own texts, and per visible axes its titles, axis labels,
    the tick labels inside the view (matplotlib skips the others), texts and legend."""
    texts = list(fig.texts)
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        texts += [ax.title, ax._left_title, ax._right_title, *ax.texts]
        if not ax.axison:  # axis("off"): no ticks, no axis labels
            continue
        texts += [ax.xaxis.label, ax.yaxis.label]
        for axis in (ax.xaxis, ax.yaxis):
            for tick in axis._update_ticks():
                texts += [label for label in (tick.label1, tick.label2) if label.get_visible()]
    for ax in fig.axes:
        legend = ax.get_legend()
        if ax.get_visible() and legend is not None:
            texts += legend.get_texts()
    return [t for t in texts if t.get_visible() and t.get_text().strip()]


def problems(fig, dpi: float, name: str) -> list[str]:
    """Return what makes ``fig`` unreadable in the report: text off the canvas, labels over each other, text
    smaller than MIN_PIXELS at the page's content width."""
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    found = []
    tight = fig.get_tightbbox(renderer).transformed(fig.dpi_scale_trans)  # figure pixels
    if tight.x0 < -SLACK or tight.y0 < -SLACK or tight.x1 > width + SLACK or tight.y1 > height + SLACK:
        found.append(f"{name}: text outside the canvas ({tight.x0:.0f}, {tight.y0:.0f}, {tight.x1:.0f}, "
                     f"{tight.y1:.0f}) against {width:.0f}×{height:.0f}")
    texts = shown_texts(fig)
    boxes = [(t, t.get_window_extent(renderer)) for t in texts]
    for t, box in boxes:
        if box.x0 < -SLACK or box.y0 < -SLACK or box.x1 > width + SLACK or box.y1 > height + SLACK:
            found.append(f"{name}: {t.get_text()[:30]!r} is clipped")
    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        overlap_x = min(box_a.x1, box_b.x1) - max(box_a.x0, box_b.x0)
        overlap_y = min(box_a.y1, box_b.y1) - max(box_a.y0, box_b.y0)
        if overlap_x > 2 and overlap_y > 2:
            found.append(f"{name}: {a.get_text()[:30]!r} overlaps {b.get_text()[:30]!r}")
    scale = min(1.0, document.CONTENT_WIDTH_PX / (fig.get_figwidth() * dpi))
    smallest = min(boxes, key=lambda tb: tb[0].get_fontsize())[0] if boxes else None
    if smallest is not None:
        pixels = smallest.get_fontsize() * dpi / 72 * scale
        if pixels < MIN_PIXELS:
            found.append(f"{name}: {smallest.get_text()[:30]!r} is {pixels:.1f} px at the page width "
                         f"({fig.get_figwidth() * dpi:.0f} px wide figure shown at "
                         f"{min(document.CONTENT_WIDTH_PX, fig.get_figwidth() * dpi):.0f} px)")
    return found


def test_every_report_figure_fits_its_canvas_and_reads_at_the_page_width(tmp_path, saved):
    sections.draw_figures(synthetic_summary(), tmp_path)
    assert sorted(name for _, _, name in saved) == sorted(f"{s}.png" for s in sections.SECTIONS)
    found = [p for fig, dpi, name in saved for p in problems(fig, dpi, name)]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("kinds", [1, 3])
def test_a_shapes_figure_with_few_kinds_is_not_a_strip(tmp_path, saved, kinds):
    summary = synthetic_summary()
    groups = figures_shapes.kinds(summary)[:kinds]
    few = summary.filter((pl.col("study") != "shapes") | pl.col("group").is_in(groups + ["all"]))
    with matplotlib.rc_context(figure_style()):
        figures_shapes.draw(few, tmp_path / "shapes.png")
    (fig, dpi, name), = saved
    assert fig.get_figheight() / fig.get_figwidth() > 0.3, "a wide strip scales its text down to nothing"
    assert problems(fig, dpi, name) == []


def test_the_comparison_figures_fit_and_name_the_swept_values(tmp_path, saved):
    for i, (value, rate) in enumerate(((1, 0.10), (2, 0.30))):
        rows = [stats.Estimate(rate, 0.01, rate - 0.02, rate + 0.02, 100).row("huangzhuang", "huang_rate", "all"),
                stats.Estimate(1.0 + i, 0.5, i, 2.0 + i, 100).row("dealer_edge", "result_total", "dealer"),
                stats.Estimate(0.2, 0.01, 0.18, 0.22, 100).row("dealer_edge", "win_rate", "dealer"),
                stats.Estimate(0.5 - i, 0.2, 0.1 - i, 0.9 - i, 100).row("early_ting", "diff_mean_result", "t=3")]
        write_summary(stats.summary_frame(rows), {**META, "overrides": [f"rules.houbao_units={value}", "hands=100"]},
                      tmp_path / str(i) / "summary.parquet")
    comparison.build_comparison(tmp_path)
    assert sorted(name for _, _, name in saved) == ["comparison.png", "comparison_differences.png"]
    for fig, dpi, name in saved:
        assert problems(fig, dpi, name) == []
        ticks = [t.get_text() for ax in fig.axes for t in ax.get_xticklabels() + ax.get_yticklabels()]
        assert not any(t.startswith("run ") for t in ticks), name
        assert any("houbao_units=2" in t for t in ticks), name


def test_the_sensitivity_figure_with_long_flag_names_keeps_its_note_on_the_canvas(tmp_path, saved):
    flags = ["genzhuang_shangjia_breaks=false", "genzhuang_angang_breaks=true", "ting_kong_policy=still_tenpai",
             "ting_kong_policy=concealed_only", "qianggang_mode=zimo", "dead_wall_model=count",
             "bugang_only_on_draw=true", "shisanyao_multiplier=5", "huang_stacks=8", "houbao_units=1",
             "multi_ron=all", "allow_empty_ting=true", "genzhuang_void_on_huang=true"]
    rows = [stats.Estimate(0.2, 0.01, 0.18, 0.22, 100).row("sensitivity", name, "base")
            for name in ("dealer_result", "huang_rate", "zimo_share", "hand_draws", "volatility")]
    for i, flag in enumerate(flags):
        for name in ("dealer_result", "huang_rate", "zimo_share", "hand_draws", "volatility"):
            e = (i - 6) * 0.013
            rows.append(stats.Estimate(e, 0.01, e - 0.02, e + 0.02, 3000).row("sensitivity", f"diff_{name}", flag))
    sections.draw_figures(stats.summary_frame(rows), tmp_path)
    (fig, dpi, name), = saved
    found = problems(fig, dpi, name)
    assert found == [], "\n".join(found)


def test_the_variants_shape_panel_counts_pinghu_for_every_variant(tmp_path, saved):
    from experiments import config as cfg
    from experiments import study_variants
    from reports import figures_variants
    from synthetic_records import record_frame, with_win_features

    plain = record_frame(1500, seed=1)  # 晋城: no 平胡 bit, its regular-form wins are its 平胡
    featured = with_win_features(record_frame(1500, seed=7), seed=7, bits=(0, 2, 15))  # 15 = FEATURE_PINGHU's bit
    summary = stats.summary_frame(study_variants.summarize(
        {"jincheng": plain, "jinhua": featured}, study_variants.VariantsPlan(cfg.VariantsParams(),
                                                                              ("jincheng", "jinhua"))))
    with matplotlib.rc_context(figure_style()):
        figures_variants.comparison(summary, tmp_path / "variants.png")
    (fig, dpi, name), = saved
    shapes = next(ax for ax in fig.axes if "平胡" in [t.get_text() for t in ax.get_xticklabels()])
    at = [t.get_text() for t in shapes.get_xticklabels()].index("平胡")
    heights = {}
    for container, variant in zip(shapes.containers[::2], ("jincheng", "jinhua")):  # bars, then error bars
        heights[variant] = container.patches[at].get_height()
    expected = {v: 100 * summary.filter((pl.col("group") == v) & (pl.col("name") == n))["estimate"][0]
                for v, n in (("jincheng", "shape_regular"), ("jinhua", "feature_pinghu"))}
    assert heights == pytest.approx(expected) and min(heights.values()) > 10
    assert problems(fig, dpi, name) == []


def test_the_shapes_figure_leaves_out_a_multiplier_of_exactly_one(tmp_path, saved):
    from experiments import config as cfg
    from experiments import study_shapes
    from synthetic_records import record_frame

    plain = stats.summary_frame(study_shapes.summarize({study_shapes.ROLE: record_frame(800, 4)}, cfg.ShapesParams()))
    assert (plain.filter(pl.col("name") == "mean_multiplier")["estimate"].drop_nans() == 1).all()  # 晋城: ×1
    with matplotlib.rc_context(figure_style()):
        figures_shapes.draw(plain, tmp_path / "shapes.png")
    (fig, dpi, name), = saved
    assert [ax.get_title() for ax in fig.axes if ax.get_visible()] == ["占胡牌的比例", "占全部流动金额的比例",
                                                                      "每手流动金额 − 平均胡牌的"]
    assert problems(fig, dpi, name) == []
