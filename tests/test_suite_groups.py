"""The suite's shared runs stay on one worker: under ``--dist loadgroup`` (pyproject's addopts) pytest-xdist sends
the tests of one ``xdist_group`` to one worker by tagging their node ids with the group. On pytest 9.2 the tag
silently stopped taking effect (pytest-xdist issue 1386), so every module-scoped engine run (tests/conftest.py's
SHARED_RUN_FIXTURES: the binding probes, the check-mode runs) was played once per worker, a minute more of every
cold suite; pyproject's test extra keeps pytest below 9.2 until pytest-xdist follows."""
import os

import pytest


@pytest.mark.xdist_group("suite_groups")
def test_a_grouped_test_carries_its_group_to_the_scheduler(request):
    if not os.environ.get("PYTEST_XDIST_WORKER") or not request.config.getvalue("loadgroup"):  # set on workers
        pytest.skip("not under pytest-xdist's --dist loadgroup (pytest -n 0, or another --dist)")
    assert request.node.nodeid.endswith("@suite_groups"), (
        f"{request.node.nodeid}: pytest-xdist ignored the test's group on this pytest "
        f"(pytest-xdist issue 1386); install the test extra's pytest")
