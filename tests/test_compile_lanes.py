"""The second compile lane of a cold start (sim.compile_lanes): its signatures are the hand loop's own, and the
driver starts it only when something really compiles, and stops it when the run's own compile is done."""
import pytest
from numba import njit

import sim.driver
from sim import simulate
from sim.compile_lanes import LATE_KERNELS, compile_late_kernels, late_signatures
from sim.play import play_chunk


@pytest.mark.parametrize("variant, seats", [
    ("jincheng", ["greedy", "selective_ting", "thirteen_orphans", "defensive"]),
    ("jinzhong", ["greedy", "random", "defensive", "early_ting"]),
    ("jinhua", ["greedy", "baotou", "random", "greedy"]),
])
def test_every_lane_signature_is_one_the_hand_loop_compiled(variant, seats):
    """Once the batch loop is compiled (or loaded), compiling the lane's kernels finds every one in the cache: a
    signature that drifted from the loop's argument types would compile anew here (the lane would then be
    wasted work)."""
    play_chunk(variant, seats, 3, 0, 2)
    assert compile_late_kernels(variant) == 0


def test_the_lane_names_kernels_in_the_reverse_of_the_loop_order():
    names = [name for _, name, _ in LATE_KERNELS]
    assert names[:2] == ["apply_claim", "apply_self"]  # what the loop compiles last comes first
    assert len(late_signatures("jincheng")) == len(LATE_KERNELS)


def test_the_driver_starts_the_lane_at_the_first_real_compile_and_stops_it(monkeypatch):
    simulate(2, seed=1, progress=False)  # engine kernels compiled or loaded in this process
    started, stopped = [], []
    monkeypatch.setattr(sim.driver, "start_lane", lambda variant: started.append(variant) or f"lane {variant}")
    monkeypatch.setattr(sim.driver, "stop_lane", stopped.append)
    simulate(4, seed=1, progress=False, jobs=2, chunk=2, rules="jinzhong")  # warm: nothing compiles, no lane
    assert started == [] and stopped == []
    real_matrix = sim.driver.play_matrix

    def matrix_with_a_cold_kernel(*args):
        @njit  # a fresh kernel, never cached: its call is a real compile, as on a cold start
        def add_one(x):
            return x + 1

        add_one(1)
        return real_matrix(*args)

    monkeypatch.setattr(sim.driver, "play_matrix", matrix_with_a_cold_kernel)
    simulate(4, seed=1, progress=False, jobs=2, chunk=2, rules="jinzhong")
    assert started == ["jinzhong"] and stopped == ["lane jinzhong"]
