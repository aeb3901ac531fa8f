"""report.html in a real browser (headless Chromium, the Debian package ``chromium``; skipped where it is absent):
no table overflows the page, no header cell wraps inside a word, every figure loads and the page's embedded font
holds every character it shows. The reports are those of an overview and of a tune run built from the study
modules' rows on hand-made records (tests/synthetic_records.py); the page is measured by tests/report_layout.js,
injected into a copy of it, and read back through ``--dump-dom``."""
import base64
import html
import io
import json
import re
import subprocess
from pathlib import Path

import pytest

from reports import builder, stats
from reports.summary_io import write_summary
from synthetic_records import tune_rows
from test_report import META, synthetic_summary

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="headless Chromium is not installed (/usr/bin/chromium; "
                                                                "Debian: apt-get install chromium)")
#: Width of the browser window in CSS pixels (a laptop screen).
WINDOW = "1280,900"
TUNE_META = {"experiment": "tune", "seed": 0, "hands": 400, "simulated_hands": 0, "run_seconds": 2.0,
             "rules": {"variant": "jincheng"}, "seats_name": "all_greedy", "seats": ["greedy"] * 4, "arms": []}


def measure(page: Path, tmp_path: Path) -> dict:
    """Return what tests/report_layout.js measured on a copy of ``page`` in headless Chromium."""
    script = (Path(__file__).parent / "report_layout.js").read_text(encoding="utf-8")
    copy = tmp_path / "measured.html"
    copy.write_text(page.read_text(encoding="utf-8").replace("</body>", f"<script>{script}</script></body>"),
                    encoding="utf-8")
    # On a loaded machine the page's image decodes can outlast a short virtual-time budget, and Chromium then
    # dumps the page before the script has written its result: try again with a longer budget before failing.
    for budget_ms in (10_000, 40_000, 120_000):
        done = subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                               "--no-first-run", "--disable-background-networking", "--disable-component-update",
                               "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={WINDOW}",
                               f"--virtual-time-budget={budget_ms}", "--dump-dom", copy.as_uri()],
                              capture_output=True, text=True, timeout=300)
        found = re.findall(r'<pre id="mj-layout">(.*?)</pre>', done.stdout, re.S)
        if found:
            break
    assert found, f"chromium wrote no measurement (exit {done.returncode}): {done.stderr[-400:]}"
    data = json.loads(html.unescape(found[-1]))
    assert "error" not in data, data["error"]
    return data


def embedded_cmap(page: Path) -> set[str]:
    """Return the characters of the font subset embedded in ``page`` (its cmap)."""
    from fontTools.ttLib import TTFont

    face = re.search(r"url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)", page.read_text(encoding="utf-8"))
    assert face, "the page embeds no font"
    return {chr(c) for c in TTFont(io.BytesIO(base64.b64decode(face[1]))).getBestCmap()}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """Return {name: report.html} of an overview run and of a tune run."""
    out = {}
    for name, summary, meta in (("overview", synthetic_summary(), META),
                                ("tune", stats.summary_frame(tune_rows()), TUNE_META)):
        folder = tmp_path_factory.mktemp(name)
        write_summary(summary, meta, folder / "summary.parquet")
        out[name] = builder.build_report(folder)
    return out


@pytest.mark.parametrize("name", ["overview", "tune"])
def test_report_page_lays_out_within_the_page_with_every_figure_and_glyph(pages, name, tmp_path):
    page = pages[name]
    data = measure(page, tmp_path)
    assert data["tables"], "no table measured"
    overflowing = [t["head"][:60] for t in data["tables"] if t["right"] > t["limit"] + 0.5]
    assert overflowing == [], f"tables wider than the page ({data['width']:.0f} px)"
    assert data["headers"] == [], "header cells wrapped inside a word"
    figures = page.read_text(encoding="utf-8").count("<img ")
    assert figures and len(data["images"]) == figures
    assert [i for i in data["images"] if not (i["complete"] and i["width"] > 0)] == []
    assert data["font"]["status"] == "loaded"
    shown = set(data["text"]) - set(" \t\n\r\u00a0")
    assert sorted(shown - embedded_cmap(page)) == [], "characters the embedded font lacks"


def test_the_measurement_catches_an_overflowing_table_a_wrapped_header_a_broken_figure_and_a_missing_glyph(tmp_path):
    """The checks above can fail: a page with a table wider than the page, headers squeezed to wrap inside a word
    (under the browser's default breaking, which the report's style turns off for headers), a figure that is not
    an image and a character outside the embedded font is caught on every count."""
    from reports.document import render_html

    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not a png")
    wide = [["x" * 400, "荒庄率"]]
    squeezed = ("table", ["名次" * 30 + "测"] * 12, [["一二三四五六七八九十" * 3] * 12])
    page = tmp_path / "report.html"
    page.write_text(render_html([("table", ["统计量", "估计"], wide), squeezed, ("figure", broken, "坏图"),
                                 ("p", "荒庄")], "测").replace("<p>荒庄</p>", "<p>荒庄\U00020000</p>")
                    .replace("word-break:keep-all", "word-break:normal"), encoding="utf-8")
    data = measure(page, tmp_path)
    assert [t for t in data["tables"] if t["right"] > t["limit"] + 0.5]
    assert data["headers"]
    assert [i for i in data["images"] if not i["width"]]
    assert "\U00020000" in set(data["text"]) - embedded_cmap(page)
