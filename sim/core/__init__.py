"""The shared engine core (compiled kernels). Importing it makes calls between the project's kernels compile
once per argument-type signature (sim.unliteral_calls).

Reference counting. Every kernel of the engine and the strategies that is compiled on its own (not
``inline='always'``) declares numba's ``_nrt`` option (its runtime's reference counting of arrays):

* ``_nrt=False`` when it allocates no array and receives none from a call. It then carries no reference
  counting at all: with it on, each array a kernel views, unpacks from ``tables`` or keeps across a call costs
  an atomic increment and decrement through numba's shared helper, which was a third of the compiled time of a
  greedy hand (benchmarks/README.md, "Sixth round"). The hand loop allocates nothing: its callers hand it
  its scratch rows.
* ``_nrt=True`` when it allocates an array (``np.empty``, ``np.zeros``, ...) or takes one a callee returns.

A callee that declares nothing takes its caller's setting, so its code would depend on which caller compiled
it first; ``tests/test_kernel_nrt.py`` checks that every kernel declares it, that the hand loop's kernels count
no references and that no kernel leaks an array. numba refuses to compile an allocation in a kernel without
reference counting, so a wrong ``False`` fails loudly. (``_nrt`` is numba's own, underscored target option.)
"""
from sim.unliteral_calls import install as _install_typing_by_type

_install_typing_by_type()
