"""Versions of the software behind a run, stored in its summary metadata and shown in its report."""
from __future__ import annotations

import platform
from importlib import metadata

#: Distributions whose versions can change a run's numbers or its report.
DISTRIBUTIONS = ("mahjong-rules-lab", "numpy", "numba", "polars", "pyarrow", "scipy", "matplotlib",
                 "hydra-core", "joblib", "pylopdf-fonts-zh-cn")


def package_versions() -> dict[str, str]:
    """Return {name: version} of Python and of each of DISTRIBUTIONS ("not installed" when absent)."""
    versions = {"python": platform.python_version()}
    for name in DISTRIBUTIONS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions
