"""Keep numba's on-disk kernel cache consistent with the engine and strategy sources.

numba (``cache=True``) revalidates a cached kernel only against the timestamp of its own
source file, not against the kernels it calls from other modules, whose code is linked
into it. Editing, say, strategies/greedy.py would leave the cached batch loop running the
old greedy. ``ensure_fresh()`` hashes the sources of the compiled packages and, when the
hash changed since the last run, deletes their cached kernels so everything recompiles.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sim", "strategies")  # packages holding compiled kernels
STAMP_NAME = "kernel_sources.sha256"


def source_digest() -> str:
    """Return the SHA-256 (hex) of the kernel modules (files using ``njit``) of the packages."""
    digest = hashlib.sha256()
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            text = path.read_bytes()
            if b"njit" in text:
                digest.update(path.name.encode())
                digest.update(text)
    return digest.hexdigest()


def cache_dirs() -> list[Path]:
    """Return the directories where numba keeps the packages' cached kernels.

    Beside the sources (``__pycache__``) by default; under ``$NUMBA_CACHE_DIR`` numba names
    the folder of a source directory ``<dirname>_<sha1 of its path>``, asked of numba itself.
    """
    custom = os.environ.get("NUMBA_CACHE_DIR")
    dirs = []
    for package in PACKAGES:
        source_dir = ROOT / package
        if custom:
            dirs.append(Path(custom) / _numba_cache_subpath(source_dir))
        else:
            dirs.append(source_dir / "__pycache__")
    return dirs


def _numba_cache_subpath(source_dir: Path) -> str:
    """Return the folder name numba uses under ``$NUMBA_CACHE_DIR`` for sources in ``source_dir``."""
    try:
        from numba.core.caching import _CacheLocator

        return _CacheLocator.get_suitable_cache_subpath(str(source_dir / "__init__.py"))
    except (ImportError, AttributeError):  # numba's own rule, should its private helper move
        path = os.path.abspath(source_dir)
        return "_".join([os.path.basename(path), hashlib.sha1(path.encode()).hexdigest()])


def ensure_fresh() -> bool:
    """Delete the packages' cached kernels when any source changed; returns True when it did."""
    digest = source_digest()
    dirs = cache_dirs()
    stamp = dirs[0] / STAMP_NAME
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    for directory in dirs:
        if directory.is_dir():
            for path in list(directory.glob("*.nbi")) + list(directory.glob("*.nbc")):
                try:
                    path.unlink()
                except OSError:
                    pass
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError:
        pass
    return True
