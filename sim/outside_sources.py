"""Kernels of packages outside this project (a strategy registered from another distribution): what their sources
are, so that an edit to them is never run stale — plain Python.

numba revalidates a cached kernel only against its own file, and an engine kernel bound to an outside policy module
(sim.binding) is cached beside the core under a name that says which module it was bound to, not what that module
held. So the binding tags such a module with a digest of its package's sources (``source_tag``): an edited policy
gives the engine's kernels new names and they compile anew, and ``ensure_fresh`` clears the package's own cached
kernels when its sources changed (a kernel calling an edited kernel of another file of the package would otherwise
load stale). The project's own packages are kept fresh by sim.kernel_cache instead.
"""
from __future__ import annotations

import hashlib
import importlib.util
import warnings
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
STAMP_NAME = "outside_sources.sha256"  # the digest a package's cache folder was last cleared for

_DIGESTS: dict[str, tuple[tuple, str]] = {}  # package -> (its files' (path, mtime_ns, size), digest)


def package_dir(package: str) -> Path | None:
    """Return the folder of top-level ``package`` (None when it cannot be found or is a single module)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def is_outside(module_name: str) -> bool:
    """Return True when top-level package of ``module_name`` lives outside this project's folder."""
    folder = package_dir(module_name.partition(".")[0])
    return folder is not None and PROJECT_ROOT not in folder.parents


def package_digest(package: str) -> str:
    """Return the SHA-256 (hex) of the Python sources of top-level ``package`` (relative paths and bytes)."""
    folder = package_dir(package)
    files = sorted(folder.rglob("*.py")) if folder else []
    stamps = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    cached = _DIGESTS.get(package)
    if cached is None or cached[0] != stamps:
        digest = hashlib.sha256()
        for path in files:
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
        cached = (stamps, digest.hexdigest())
        _DIGESTS[package] = cached
    return cached[1]


def source_tag(module_name: str) -> str:
    """Return the short digest (10 hex digits) of the sources of ``module_name``'s package, for a bound copy's name."""
    return package_digest(module_name.partition(".")[0])[:10]


def ensure_fresh(packages, cache_dir) -> list[str]:
    """Clear the cached kernels of each outside package in ``packages`` whose sources changed since the last call
    (``cache_dir(folder)``: where numba caches a source folder's kernels); return the packages cleared."""
    cleared = []
    for package in packages:
        folder = package_dir(package)
        if folder is None or PROJECT_ROOT in folder.parents:
            continue
        digest = package_digest(package)
        stamp = cache_dir(folder) / STAMP_NAME
        if stamp.is_file() and stamp.read_text() == digest:
            continue
        for source_folder in sorted({p.parent for p in folder.rglob("*.py")}):
            for path in [*cache_dir(source_folder).glob("*.nbi"), *cache_dir(source_folder).glob("*.nbc")]:
                path.unlink(missing_ok=True)
        try:
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(digest)
        except OSError as err:
            warnings.warn(f"kernel cache stamp {stamp} could not be written ({err})", RuntimeWarning, stacklevel=2)
        cleared.append(package)
    return cleared
