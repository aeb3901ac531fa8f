"""The CJK font of the figures: Noto Sans SC from the ``pylopdf-fonts-zh-cn`` dependency.

Figures carry Chinese labels (荒庄, 庄家, 十三幺 …). The font file ships inside that package's
wheel, so nothing is installed by hand and no system font is needed: ``figure_style()`` registers
the file with matplotlib's font manager and returns the rc settings that put it first.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from matplotlib import font_manager

#: Family name of the registered font, as matplotlib's font manager knows it.
CJK_FAMILY = "Noto Sans SC"


@cache
def cjk_font_path() -> Path:
    """Return the path of the Noto Sans SC font file, registered with matplotlib (once per process)."""
    try:
        import pylopdf_fonts_zh_cn
    except ImportError:
        raise OSError("the figures' CJK font package is missing: pip install pylopdf-fonts-zh-cn") from None
    path = Path(pylopdf_fonts_zh_cn.sans_path())
    if not path.is_file():
        raise OSError(f"the CJK font file {path.name} is missing from pylopdf-fonts-zh-cn; reinstall it")
    font_manager.fontManager.addfont(str(path))
    return path


def figure_style() -> dict:
    """Return matplotlib rc settings that draw text in Noto Sans SC (registering the font first).

    Use as ``with matplotlib.rc_context(figure_style()): ...`` around drawing and saving a figure.
    """
    cjk_font_path()
    return {"font.family": "sans-serif", "font.sans-serif": [CJK_FAMILY, "DejaVu Sans"],
            "axes.unicode_minus": True}
