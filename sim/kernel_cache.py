"""Keep numba's on-disk kernel cache consistent with the engine and strategy sources.

numba (``cache=True``) revalidates a cached kernel only against the timestamp of its own
source file. It does not notice a change in the kernels it calls from other modules (their
code is linked into it), nor in the module constants it reads (numba freezes global
constants into the compiled code). Editing strategies/greedy.py, or a slot of
sim/core/rule_layout.py, would leave cached kernels running the old code or reading the old
indices. ``ensure_fresh()`` hashes every module the kernel modules import, transitively
inside the packages (constants-only modules included), and, when that hash changed since
the last run, deletes the packages' cached kernels so everything recompiles. A cache file
it cannot delete, or a stamp it cannot write, is reported as a warning naming the file.

numba's cache key does not hold the settings the code was compiled under either (only the CPU):
a run under ``NUMBA_ENABLE_PROFILING=1`` or ``NUMBA_OPT=0`` would leave its slower kernels for
the next plain run to load. The stamp therefore also holds ``CODEGEN_SETTINGS``' values, and a
change of any of them clears the cache the same way.
"""
from __future__ import annotations

import ast
import hashlib
import os
import re
import warnings
from pathlib import Path

from sim.outside_sources import ensure_fresh as ensure_outside_fresh
from sim.strategy_registry import strategy_packages

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sim", "strategies")  # packages holding compiled kernels
STAMP_NAME = "kernel_sources.sha256"
#: data files whose arrays kernels freeze as constants (the learned player's model weights): hashed with the sources
KERNEL_DATA = (("strategies", "learned_models", "*.npz"),)
#: numba's index file of a table engine's batch loop (sim.core.turn._batch's ``play``, one per specialisation)
BATCH_LOOP_INDEX = "turn._batch.locals.play*.nbi"
#: numba.core.config settings that change the code numba emits but not its cache key
CODEGEN_SETTINGS = ("OPT", "ENABLE_PROFILING", "DEBUGINFO_DEFAULT", "BOUNDSCHECK", "LOOP_VECTORIZE", "SLP_VECTORIZE",
                    "LLVM_REFPRUNE_PASS")


def _module_paths() -> dict[str, Path]:
    """Return {dotted module name: source path} of every module of the packages."""
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


_PARSED: dict[Path, tuple[tuple[int, int], set[str]]] = {}  # path -> ((mtime_ns, size), imported names)


def _imported_modules(path: Path, modules: dict[str, Path]) -> set[str]:
    """Return the package modules imported by the source at ``path`` (``import a.b``, ``from a.b import c``,
    ``from a import b`` where ``a.b`` is a module; relative imports resolved). Parsed once per file version."""
    info = path.stat()
    stamp = (info.st_mtime_ns, info.st_size)
    cached = _PARSED.get(path)
    if cached is None or cached[0] != stamp:
        cached = (stamp, _import_names(path))
        _PARSED[path] = cached
    return {name for name in cached[1] if name in modules}


def _import_names(path: Path) -> set[str]:
    """Return every dotted name the source at ``path`` imports, or imports from."""
    tree = ast.parse(path.read_bytes(), filename=str(path))
    own = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = own.rsplit(".", 1)[0] if path.name != "__init__.py" else own.removesuffix(".__init__")
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            for alias in node.names:
                found.add(f"{base}.{alias.name}")
    return found


_KERNEL_FILES: dict[Path, tuple[tuple[int, int], bool]] = {}  # path -> ((mtime_ns, size), defines a kernel)


def _defines_kernels(path: Path) -> bool:
    """Return True when the source at ``path`` defines a compiled kernel (a line starting ``@njit``)."""
    info = path.stat()
    stamp = (info.st_mtime_ns, info.st_size)
    cached = _KERNEL_FILES.get(path)
    if cached is None or cached[0] != stamp:
        cached = (stamp, re.search(rb"^\s*@njit", path.read_bytes(), re.MULTILINE) is not None)
        _KERNEL_FILES[path] = cached
    return cached[1]


def kernel_modules() -> list[str]:
    """Return the sorted names of the modules kernels depend on: every module defining a kernel (``@njit``) and,
    transitively, every package module those import (constants-only modules included)."""
    modules = _module_paths()
    todo = [name for name, path in modules.items() if _defines_kernels(path)]
    seen = set(todo)
    while todo:
        for name in _imported_modules(modules[todo.pop()], modules):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return sorted(seen)


def source_digest() -> str:
    """Return the SHA-256 (hex) of the sources of ``kernel_modules()`` (names and bytes)."""
    modules = _module_paths()
    digest = hashlib.sha256()
    for name in kernel_modules():
        digest.update(name.encode())
        digest.update(modules[name].read_bytes())
    for *folder, pattern in KERNEL_DATA:
        for path in sorted(ROOT.joinpath(*folder).glob(pattern)):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def codegen_settings() -> str:
    """Return the ``CODEGEN_SETTINGS`` values numba runs under, as one line (``NAME=value`` pairs)."""
    from numba.core import config

    return " ".join(f"{name}={getattr(config, name, None)}" for name in CODEGEN_SETTINGS)


def cache_digest() -> str:
    """Return the SHA-256 (hex) the stamp holds: ``source_digest()`` with ``codegen_settings()``."""
    return hashlib.sha256(f"{source_digest()}\n{codegen_settings()}".encode()).hexdigest()


def cache_dirs() -> list[Path]:
    """Return the directories where numba keeps the packages' cached kernels.

    Beside the sources (``__pycache__`` of each package folder) by default; under
    ``$NUMBA_CACHE_DIR`` numba names the folder of a source directory
    ``<dirname>_<sha1 of its path>``, asked of numba itself.
    """
    return [_cache_dir(source_dir) for source_dir in sorted({path.parent for path in _module_paths().values()})]


def _cache_dir(source_dir: Path) -> Path:
    """Return the directory where numba keeps the cached kernels of the sources in ``source_dir``."""
    custom = os.environ.get("NUMBA_CACHE_DIR")
    return Path(custom) / _numba_cache_subpath(source_dir) if custom else source_dir / "__pycache__"


def holds_an_engine() -> bool:
    """Return True when the cache holds the batch loop of some table engine (numba's index file of a
    ``sim.core.turn`` batch loop, named after its module, function and specialisation). A compile then finds the
    kernels every engine shares cached and compiles only what its own engine lacks: not a cold start."""
    return any(_cache_dir(ROOT / "sim" / "core").glob(BATCH_LOOP_INDEX))


def _numba_cache_subpath(source_dir: Path) -> str:
    """Return the folder name numba uses under ``$NUMBA_CACHE_DIR`` for sources in ``source_dir``."""
    try:
        from numba.core.caching import _CacheLocator

        return _CacheLocator.get_suitable_cache_subpath(str(source_dir / "__init__.py"))
    except (ImportError, AttributeError):  # numba's own rule, should its private helper move
        path = os.path.abspath(source_dir)
        return "_".join([os.path.basename(path), hashlib.sha1(path.encode()).hexdigest()])


def _stamp_path() -> Path:
    return cache_dirs()[0] / STAMP_NAME


def ensure_fresh() -> bool:
    """Delete the packages' cached kernels when any kernel dependency or numba code-generation setting changed
    (``cache_digest``); returns True when it did.

    A cached kernel file that cannot be deleted, an unreadable stamp (other than a missing one)
    and a stamp that cannot be written are reported with a ``RuntimeWarning`` naming the file.
    """
    ensure_outside_fresh(strategy_packages(), _cache_dir)  # the strategies' packages outside the project
    digest = cache_digest()
    stamp = _stamp_path()
    try:
        if stamp.read_text() == digest:
            return False
    except FileNotFoundError:
        pass  # first run in this cache: clear and stamp
    except OSError as err:
        warnings.warn(f"kernel cache stamp {stamp} could not be read ({err}); clearing the cache", RuntimeWarning,
                      stacklevel=2)
    for directory in cache_dirs():
        if directory.is_dir():
            for path in list(directory.glob("*.nbi")) + list(directory.glob("*.nbc")):
                try:
                    path.unlink()
                except FileNotFoundError:
                    pass  # another process cleared it first
                except OSError as err:
                    warnings.warn(f"stale kernel cache file {path} could not be deleted ({err}); "
                                  "kernels may run old code", RuntimeWarning, stacklevel=2)
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError as err:
        warnings.warn(f"kernel cache stamp {stamp} could not be written ({err}); the cache will be cleared "
                      "again next run", RuntimeWarning, stacklevel=2)
    return True
