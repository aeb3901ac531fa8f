"""Compile each engine kernel once per signature of argument *types*, not once per constant passed to it —
plain Python (it changes how numba types calls; it holds no kernel).

numba types a constant argument of a call between compiled functions as a literal (``Literal[int](0)``) and
compiles the callee again for every distinct constant, and again every kernel that callee calls with them: a
cold 晋城 start compiled ``sim.core.state.log_event`` 30 times and ``settle_one_win`` 4 times (each with its
hooks), 457 compilations of 263 kernels, about a quarter of the cold start. ``install()`` makes calls into
the engine's kernels (functions of ``sim`` and of the packages the registered strategies live in,
sim.strategy_registry.strategy_packages) pass their arguments' types without the literal value, so each kernel
compiles once per type signature. Only typing changes: the values, hence every record, are the same. numba's own
functions and other packages' kernels are left as they are.
"""
from __future__ import annotations

from numba.core import types
from numba.core.registry import CPUDispatcher

from sim.strategy_registry import strategy_packages

_PACKAGES: list[frozenset] = []  # once read: the top-level packages whose kernels compile by argument type only
_original_call_template = CPUDispatcher.get_call_template


def packages() -> frozenset:
    """Return the top-level packages whose kernels compile by argument type only: ``sim`` and the strategies'."""
    if not _PACKAGES:
        _PACKAGES.append(frozenset(("sim",) + strategy_packages()))
    return _PACKAGES[0]


def _call_template_by_type(self, args, kws):
    """numba's call template for a call from compiled code, with literal argument types made plain for our
    kernels; returns what ``CPUDispatcher.get_call_template`` returns."""
    if self.py_func.__module__.partition(".")[0] in packages():
        args = tuple(types.unliteral(a) for a in args)
        kws = {name: types.unliteral(t) for name, t in kws.items()}
    return _original_call_template(self, args, kws)


def install() -> None:
    """Type calls into the project's kernels by argument type from now on in this process; idempotent."""
    CPUDispatcher.get_call_template = _call_template_by_type


def installed() -> bool:
    """Return True when ``install()`` is in effect."""
    return CPUDispatcher.get_call_template is _call_template_by_type
