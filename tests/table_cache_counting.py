"""Counting builds of a cached hand-table set (sim.hand_tables) in tests of its disk cache."""
from sim import hand_tables


def count_table_builds(monkeypatch, tmp_path, builder: str, memo: str, tables) -> list:
    """Point the table cache at ``tmp_path``, forget the in-process tables (``hand_tables.<memo>``), and return the
    list that gets one entry per build by ``hand_tables.<builder>`` (the build itself returns ``tables``)."""
    builds = []

    def fake_build():
        builds.append(1)
        return tables

    monkeypatch.setenv("MJRULES_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(hand_tables, builder, fake_build)
    monkeypatch.setattr(hand_tables, memo, None)
    return builds
