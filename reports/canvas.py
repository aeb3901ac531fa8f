"""The size every report figure is drawn at, so its text reads at the width the page shows it.

The HTML page scales a picture down to its content column (``reports.document.CONTENT_WIDTH_PX``). A figure
at most ``MAX_WIDTH_IN`` inches wide, saved at ``DPI``, is shown pixel for pixel, so a label of ``MIN_FONT_PT``
points is ``MIN_FONT_PT · DPI / 72`` ≈ 12 pixels tall on screen (tests/test_figure_fit.py checks every figure).
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from reports.document import CONTENT_WIDTH_PX  # noqa: E402

#: Resolution every figure is saved at, in pixels per inch.
DPI = 110
#: Widest figure, in inches: it fills the page's content column at DPI without being scaled down.
MAX_WIDTH_IN = CONTENT_WIDTH_PX / DPI
#: Smallest font size a figure uses, in points.
MIN_FONT_PT = 8


def save(fig, path: Path) -> Path:
    """Lay ``fig`` out (tight), write it to ``path`` as PNG at DPI, close it; return ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path
