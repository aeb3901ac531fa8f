"""The shared engine core (compiled kernels). Importing it makes calls between the project's kernels compile
once per argument-type signature (sim.unliteral_calls)."""
from sim.unliteral_calls import install as _install_typing_by_type

_install_typing_by_type()
