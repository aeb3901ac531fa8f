"""The rule vector as the engine's kernels receive it: its numba type names the variant — plain Python.

A packed rule vector (``sim.rules.RulesConfig.pack()``, ``int32[N_RULE_FIELDS]``) reaches numba as a plain array,
so every kernel compiled for it holds every variant's branch of every hook and strategy switch, and a 晋城 run
compiles 晋中's and 金华's rules too. ``TypedRuleVector`` wraps the same array for kernel calls; numba types it as
``RuleVectorType`` (an int32 array type that also carries the variant code of ``vector[R_VARIANT]``), so each
kernel that takes it compiles once per variant, and ``sim.variants.variant_switch`` keeps only that variant's
branch of each switch. Inside the kernels it is the same array (same data model, same indexing); only the type
differs. A plain array still works everywhere: it compiles the kernels with every variant's branch, as before.

Python code that reads or edits rule slots uses ``TypedRuleVector`` like the array (``[slot]``, ``copy()``) or
its ``vector``.
"""
from __future__ import annotations

import numpy as np
from numba.core import types
from numba.core.datamodel import models
from numba.core.extending import NativeValue, register_model, typeof_impl, unbox
from numba.np import numpy_support

from sim.core.codes import VARIANT_CODES
from sim.core.rule_layout import R_VARIANT

_VARIANT_NAMES = {code: name for name, code in VARIANT_CODES.items()}


class RuleVectorType(types.Array):
    """numba type of a rule vector compiled for one variant: an array type (int32, 1-D) plus the variant's code."""

    def __init__(self, variant, dtype, ndim, layout, readonly=False, aligned=True):
        self.variant = int(variant)
        name = f"RuleVector[{_VARIANT_NAMES.get(self.variant, self.variant)}]({dtype}, {ndim}d, {layout})"
        super().__init__(dtype, ndim, layout, readonly=readonly, aligned=aligned, name=name)

    @property
    def key(self):
        return (self.variant,) + super().key

    @property
    def mangling_args(self):
        name, args = super().mangling_args
        return f"RuleVector{self.variant}", args

    def copy(self, dtype=None, ndim=None, layout=None, readonly=None):
        """Return the type of a view of this vector (slices keep the variant)."""
        return RuleVectorType(self.variant, self.dtype if dtype is None else dtype, self.ndim if ndim is None else ndim,
                              self.layout if layout is None else layout,
                              (not self.mutable) if readonly is None else readonly, self.aligned)

    def __repr__(self):
        return self.name


register_model(RuleVectorType)(models.ArrayModel)


class TypedRuleVector:
    """A packed rule vector handed to kernels typed with its variant; ``vector`` is the int32[N_RULE_FIELDS] array.

    Reading and writing slots (``r[slot]``, ``r[slot] = code``) and ``copy()`` act on ``vector``. The variant a
    kernel call compiles for is read from ``vector[R_VARIANT]`` at each call.
    """

    __slots__ = ("vector",)

    def __init__(self, vector: np.ndarray):
        if isinstance(vector, TypedRuleVector):
            vector = vector.vector
        if not (isinstance(vector, np.ndarray) and vector.ndim == 1 and vector.shape[0] > R_VARIANT):
            raise ValueError(f"a rule vector is a 1-D array of at least {R_VARIANT + 1} slots, got {vector!r}")
        self.vector = vector

    def __getitem__(self, index):
        return self.vector[index]

    def __setitem__(self, index, value):
        self.vector[index] = value

    def __len__(self):
        return len(self.vector)

    def __array__(self, dtype=None, copy=None):
        return self.vector if dtype is None else self.vector.astype(dtype)

    def copy(self) -> "TypedRuleVector":
        """Return a wrapper of a copy of the vector."""
        return TypedRuleVector(self.vector.copy())

    def __repr__(self):
        return f"TypedRuleVector({self.vector!r})"


def typed_rule_vector(vector) -> TypedRuleVector:
    """Return ``vector`` (a packed rule vector, or one already wrapped) wrapped for kernel calls."""
    return vector if isinstance(vector, TypedRuleVector) else TypedRuleVector(vector)


_type_memo: dict[tuple, RuleVectorType] = {}  # (variant, dtype, layout, readonly) -> its type (typeof runs per call)


@typeof_impl.register(TypedRuleVector)
def _typeof_typed_rule_vector(value, context):
    vector = value.vector
    key = (int(vector[R_VARIANT]), vector.dtype, numpy_support.map_layout(vector), not vector.flags.writeable)
    found = _type_memo.get(key)
    if found is None:
        found = _type_memo[key] = RuleVectorType(key[0], numpy_support.from_dtype(vector.dtype), 1, key[2],
                                                 readonly=key[3])
    return found


@unbox(RuleVectorType)
def _unbox_typed_rule_vector(typ, obj, c):
    """Unbox a TypedRuleVector: its ``vector`` array, unboxed as the plain array it is."""
    vector = c.pyapi.object_getattr_string(obj, "vector")
    plain = types.Array(typ.dtype, typ.ndim, typ.layout, readonly=not typ.mutable)
    native = c.unbox(plain, vector)
    c.pyapi.decref(vector)  # the wrapper keeps the array alive for the call
    return NativeValue(native.value, is_error=native.is_error, cleanup=native.cleanup)
