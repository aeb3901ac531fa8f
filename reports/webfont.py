"""A subset of the report font embedded in the HTML page, so its Chinese text renders on any machine.

A page that only names CJK system fonts shows empty boxes on a machine with none of them. The page
therefore carries, as a base64 WOFF ``@font-face`` first in its font stack
(``reports.document.FONT_STACK``), the glyphs of Noto Sans SC (``reports.fonts``) that its own text
uses — about 100 KB for a report. (Listed after the system fonts instead, it was not used for some
characters by a headless Chromium without CJK fonts, which drew boxes.)
"""
from __future__ import annotations

import base64
import io
import logging

from fontTools import subset
from fontTools.ttLib import TTFont

from reports.fonts import cjk_font_path

#: CSS family name of the embedded subset.
EMBEDDED_FAMILY = "mjrules Noto Sans SC"


def font_subset(text: str) -> bytes:
    """Return a WOFF font with the glyphs of Noto Sans SC needed to draw ``text``."""
    logging.getLogger("fontTools").setLevel(logging.WARNING)  # its per-table INFO lines would flood a run's log
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]
    options.notdef_outline = True
    out = io.BytesIO()
    # recalcBBoxes=False: the subset keeps the whole font's bounds (hhea, vhea, CFF), which hold for its glyphs too;
    # recomputing them from every kept glyph's outline took ~40 % of the subset's time
    with TTFont(str(cjk_font_path()), lazy=True, recalcBBoxes=False) as font:  # closes the font file when done
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        font.save(out)
    return out.getvalue()


def font_face_css(text: str) -> str:
    """Return the ``@font-face`` rule declaring EMBEDDED_FAMILY as the subset for ``text`` (a data URI)."""
    data = base64.b64encode(font_subset(text)).decode("ascii")
    return (f'@font-face{{font-family:"{EMBEDDED_FAMILY}";src:url(data:font/woff;base64,{data}) format("woff");'
            "font-display:block}")
