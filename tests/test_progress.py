"""The progress bar switch and bar (sim.progress)."""
import io
import sys

import pytest

from sim.progress import hand_bar, progress_enabled


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_auto_follows_whether_stderr_is_a_terminal(monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert progress_enabled(None) is False
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert progress_enabled(None) is True
    assert progress_enabled(False) is False


def test_bad_switch_is_a_one_line_error():
    with pytest.raises(ValueError, match=r"^progress must be True, False or None \(auto\), got 'yes'$"):
        progress_enabled("yes")


def test_bar_counts_hands_from_those_already_done(monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with hand_bar(1000, 400, enabled=True) as bar:
        bar.advance(100, 100)
        assert bar.n == bar.hands == 500 and bar.total == bar.hands_total == 1000
    assert "hands" in sys.stderr.getvalue()
    with hand_bar(10, 0, enabled=False) as bar:
        assert bar.disable
        bar.advance(4, 4)
        bar.advance(6, 6)  # a disabled bar counts hands and measures nothing
        assert bar.hands == 10 and bar.measured() is None


def test_bar_is_named_by_its_label_and_removed_when_done(monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with hand_bar(100, 0, enabled=True, label="dealer_edge/seats") as bar:
        bar.advance(100, 100)
        assert bar.desc == "dealer_edge/seats" and bar.leave is False
    assert "dealer_edge/seats" in sys.stderr.getvalue()
    with hand_bar(10, 0, enabled=True) as bar:
        assert bar.desc == "simulate"
