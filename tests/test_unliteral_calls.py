"""Kernels compile once per argument-type signature, not once per constant passed to them (sim.unliteral_calls):
the cold start compiles each engine kernel once instead of up to 30 times."""
from numba import njit, types

import sim.core  # noqa: F401  (installs the typing by argument type)
from sim.unliteral_calls import installed


def _kernel_in(module: str, function):
    """Return ``function`` compiled as if it were defined in ``module``."""
    function.__module__ = module
    return njit(function)


def test_a_project_kernel_called_with_constants_compiles_once():
    assert installed()

    def add(a, x):
        return a + x

    add = _kernel_in("sim._probe", add)

    @njit
    def caller(a):
        return add(a, 3) + add(a, 4) + add(a, a)

    assert caller(1) == 11
    assert add.signatures == [(types.int64, types.int64)]


def test_kernels_outside_the_project_keep_numbas_literal_typing():
    def add(a, x):
        return a + x

    add = _kernel_in("elsewhere", add)

    @njit
    def caller(a):
        return add(a, 3) + add(a, 4)

    assert caller(1) == 9
    assert len(add.signatures) == 2  # one per constant: numba's own behaviour, untouched


def test_an_engine_kernel_logged_with_constant_codes_compiles_once():
    import numpy as np

    from sim.core.state import EV_DRAW, EV_HUANG, N_ST, log_event

    fresh = njit(log_event.py_func)  # the real kernel, compiled anew here (sim.core.state)

    @njit
    def log_three(events, st):
        fresh(events, st, EV_DRAW, 0, 5, 0)
        fresh(events, st, EV_HUANG, 1, -1, 0)
        fresh(events, st, EV_DRAW, 2, 7, 1)

    log_three(np.zeros((1, 4), np.int32), np.zeros(N_ST, np.int64))
    assert len(fresh.signatures) == 1, fresh.signatures
