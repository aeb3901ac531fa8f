"""Binding the core's slots: a copy of every kernel that reaches a slot, with the slot's value in its place — plain
Python (it builds dispatchers; it holds no kernel).

A kernel *reaches* a slot (sim.core.slots) when its code names one, or names a kernel or module attribute that
reaches one (closures included). ``bound(kernel, values)`` returns the kernel itself when it reaches none of the
slots, and otherwise a new numba dispatcher of the same Python code whose globals (and closure cells) name the
bound values: the slot replaced by its value (a module, or an int constant such as the variant code), every
reaching kernel it calls replaced by its bound copy, every module it reads a reaching kernel from replaced by a
bound copy of that module (``bound_module``). Kernels that reach no slot are shared by every binding, so the
hand evaluation and the rest of the shared core compile once for all variants and tables.

A copy is keyed by the values of the slots it reaches, not of all slots: ``apply_self`` reaches ``hooks`` only,
so tables of different seat policies share its 晋城 copy. Each copy gets its own qualified name, tagged with those
values, hence its own file in numba's disk cache (the cache names files after the qualified name, and its index
does not look at globals). Bound copies of modules are registered in ``sys.modules`` under their tagged name so
that numba can pickle the module types in a cached kernel's type annotations by name.
"""
from __future__ import annotations

import hashlib
import sys
import types
from collections.abc import Mapping

from numba import njit
from numba.core.caching import NullCache
from numba.core.dispatcher import Dispatcher

from sim.core.slots import SLOTS, Slot, switch_slot
from sim.outside_sources import is_outside, source_tag

_MISSING = object()
_copies: dict[tuple, Dispatcher] = {}           # (original kernel, bound values it reaches) -> bound copy
_modules: dict[tuple, types.ModuleType] = {}    # (original module, bound values it reaches) -> bound module


def _code_names(code: types.CodeType) -> set[str]:
    """Return every global or attribute name the code object (and the code objects nested in it) reads."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


#: the longest tag a copy's name keeps as it is; a longer one (an engine switching over several variants binds ten
#: slots more) is cut and ends in a hash of the whole, so that numba's cache file name stays within a file name's
#: 255 bytes
MAX_TAG = 150


def copy_tag(key: tuple) -> str:
    """Return the tag of a copy's name for its ``((slot, value tag), ...)`` key (``slot_value`` joined by ``__``)."""
    tag = "__".join(f"{slot}_{value}" for slot, value in key)
    if len(tag) > MAX_TAG:
        tag = f"{tag[:MAX_TAG - 18]}__{hashlib.sha1(tag.encode()).hexdigest()[:16]}"
    return tag


def value_tag(value) -> str:
    """Return the short identifier a bound value contributes to a copy's name (a module's last distinct part; for a
    module of a package outside the project, with a digest of that package's sources, sim.outside_sources)."""
    if isinstance(value, types.ModuleType):
        name = value.__name__.split("__")[0]
        parts = name.split(".")
        tag = parts[-2] if parts[-1] == "hooks" and len(parts) > 1 else parts[-1]
        return f"{tag}_{source_tag(name)}" if is_outside(name) else tag
    if isinstance(value, (bool, int)):
        return str(int(value)) if value >= 0 else f"m{-int(value)}"  # VARIANT_ANY -1 -> m1: a name, not a '-'
    raise TypeError(f"a slot can be bound to a module or an int, not {type(value).__name__}")


class _Binder:
    """Compute which slots each kernel reaches under one set of ``values`` and make the bound copies."""

    def __init__(self, values: Mapping[str, object]):
        for name in values:
            if name not in SLOTS:
                try:
                    switch_slot(name)
                except AttributeError:
                    pass
        unknown = set(values) - set(SLOTS)
        if unknown:
            raise ValueError(f"unknown slot(s) {sorted(unknown)} (valid: {', '.join(SLOTS)})")
        self.values = dict(values)
        self._reach: dict[int, frozenset] = {}

    # --- which slots a thing reaches ---------------------------------------------------------------------------
    def _value_reach(self, value, names) -> frozenset:
        """Slots reached through one global or closure value read by a code whose names are ``names``."""
        if isinstance(value, Slot):
            own = frozenset((value.name,))
            bound = self.values.get(value.name, _MISSING)
            if isinstance(bound, types.ModuleType):
                return own | self._module_reach(bound, names)
            return own
        if isinstance(value, Dispatcher):
            return self.kernel_reach(value)
        if isinstance(value, types.ModuleType):
            return self._module_reach(value, names)
        return frozenset()

    def _module_reach(self, module, names) -> frozenset:
        """Slots reached through the attributes ``names`` of ``module`` (a superset is fine)."""
        reach = frozenset()
        for name in names:
            attr = module.__dict__.get(name, _MISSING)
            if isinstance(attr, (Dispatcher, Slot)):
                reach |= self._value_reach(attr, names)
        return reach

    def kernel_reach(self, kernel: Dispatcher) -> frozenset:
        """Return the names of the slots ``kernel`` reaches."""
        key = id(kernel)
        if key in self._reach:
            return self._reach[key]
        self._reach[key] = frozenset()  # a recursive call reaches what the outer one finds
        func = kernel.py_func
        names = _code_names(func.__code__)
        reach = frozenset()
        for name in names:
            value = func.__globals__.get(name, _MISSING)
            if value is not _MISSING:
                reach |= self._value_reach(value, names)
        for cell in func.__closure__ or ():
            reach |= self._value_reach(cell.cell_contents, names)
        self._reach[key] = reach
        return reach

    def _key(self, reach) -> tuple:
        missing = sorted(s for s in reach if s not in self.values)
        if missing:
            raise ValueError(f"slot(s) {missing} are reached but not bound (bound: {', '.join(self.values)})")
        return tuple((s, value_tag(self.values[s])) for s in sorted(reach))

    # --- copies -----------------------------------------------------------------------------------------------
    def _substitute(self, value, names):
        """Return what a code whose names are ``names`` should see in place of ``value``."""
        if isinstance(value, Slot):
            value = self.values[value.name]
            if isinstance(value, types.ModuleType) and self._module_reach(value, names):
                return self.module(value)
            return value
        if isinstance(value, Dispatcher):
            return self.kernel(value)
        if isinstance(value, types.ModuleType) and self._module_reach(value, names):
            return self.module(value)
        return value

    def kernel(self, kernel: Dispatcher) -> Dispatcher:
        """Return ``kernel`` itself when it reaches no slot, else its bound copy (made once per reached values)."""
        reach = self.kernel_reach(kernel)
        if not reach:
            return kernel
        key = (kernel, self._key(reach))
        if key in _copies:
            return _copies[key]
        func = kernel.py_func
        names = _code_names(func.__code__)
        scope = dict(func.__globals__)
        tag = copy_tag(key[1])
        cells = tuple(types.CellType() for _ in func.__closure__ or ())  # filled below, once the copy is known
        copy_func = types.FunctionType(func.__code__, scope, func.__name__, func.__defaults__, cells or None)
        copy_func.__qualname__ = f"{func.__qualname__}__{tag}"
        copy_func.__module__ = func.__module__
        copy_func.__doc__ = func.__doc__
        options = {k: v for k, v in kernel.targetoptions.items() if k != "nopython"}
        copy = njit(**options)(copy_func)
        _copies[key] = copy  # before filling the scope: a kernel that calls itself finds its copy
        for name in names:
            if name in scope:
                scope[name] = self._substitute(scope[name], names)
        for cell, original in zip(cells, func.__closure__ or ()):
            cell.cell_contents = self._substitute(original.cell_contents, names)
        if not isinstance(kernel._cache, NullCache):
            copy.enable_caching()
        return copy

    def module(self, module: types.ModuleType) -> types.ModuleType:
        """Return a copy of ``module`` whose reaching kernels and slots are bound (made once per reached values)."""
        names = set(module.__dict__)
        reach = self._module_reach(module, names)
        if not reach:
            return module
        key = (module, self._key(reach))
        if key in _modules:
            return _modules[key]
        tag = copy_tag(key[1])
        copy = types.ModuleType(f"{module.__name__}__{tag}", module.__doc__)
        _modules[key] = copy
        sys.modules[copy.__name__] = copy
        for name, value in module.__dict__.items():
            if name in ("__name__", "__doc__", "__spec__", "__loader__"):
                continue
            copy.__dict__[name] = self._substitute(value, names) if isinstance(value, (Dispatcher, Slot)) else value
        return copy


def bound(kernel: Dispatcher, values: Mapping[str, object]) -> Dispatcher:
    """Return ``kernel`` with the slots it reaches bound to ``values`` ({slot name: module or int}): the kernel
    itself when it reaches none. Raises ValueError naming a slot it reaches that ``values`` leaves unbound."""
    return _Binder(values).kernel(kernel)


def bound_module(module: types.ModuleType, values: Mapping[str, object]) -> types.ModuleType:
    """Return ``module`` with every kernel in it bound to ``values`` (the module itself when none reaches a slot)."""
    return _Binder(values).module(module)


def reached_slots(kernel: Dispatcher, values: Mapping[str, object]) -> frozenset:
    """Return the names of the slots ``kernel`` reaches when bound to ``values``."""
    return _Binder(values).kernel_reach(kernel)
