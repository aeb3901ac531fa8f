"""The second compile lane of a cold start (sim.compile_lanes): its signatures are the hand loop's own, and the
driver starts it only when something really compiles, and stops it when the run's own compile is done."""
import pytest
from numba import njit

import sim.driver
from sim import simulate
import sim.compile_lanes
from sim.compile_lanes import (
    LATE_KERNELS, compile_late_kernels, compile_variants, late_signatures, start_variants_lane, wait_for_lane,
)
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
    names = [name for _, name, _, _ in LATE_KERNELS]
    assert names[:2] == ["apply_claim", "apply_self"]  # what the loop compiles last comes first
    for variant in ("jincheng", "jinzhong", "jinhua"):
        expected = [name for _, name, _, variants in LATE_KERNELS if variant in variants]
        assert [d.py_func.__name__ for d, _ in late_signatures(variant)] == expected


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


def test_the_variants_lane_compiles_what_a_run_of_the_variant_loads_and_exits_cleanly():
    """The helper that compiles other variants ahead asks for the batch loop's own signature (after a run of the
    variant it finds everything cached), and its process code really runs."""
    simulate(4, seed=1, progress=False, jobs=2, chunk=2, rules="jinzhong")
    assert compile_variants(["jinzhong"]) == 0
    lane = start_variants_lane(["jinzhong"])
    assert lane is not None  # two cores or more (this machine and CI)
    wait_for_lane(lane, "jinzhong", False)
    assert lane.returncode == 0
    assert start_variants_lane([]) is None


def test_a_study_of_several_variants_compiles_the_others_ahead_and_waits_before_their_arms(monkeypatch, tmp_path):
    from test_studies import run_study

    started, waited, stopped = [], [], []
    monkeypatch.setattr(sim.compile_lanes, "start_variants_lane", lambda variants: started.append(variants) or "lane")
    monkeypatch.setattr(sim.compile_lanes, "wait_for_lane", lambda lane, what, show: waited.append((lane, what)))
    monkeypatch.setattr(sim.compile_lanes, "stop_lane", stopped.append)
    run_study(tmp_path, ["experiment=variants", "hands=40", "experiment.variants.variants=[jincheng,jinzhong,jinhua]"])
    assert started == [["jinzhong"], ["jinhua"]]  # the run's own variant (晋城, the first arm) compiles here
    assert waited == [("lane", "jinzhong"), ("lane", "jinhua")] and stopped == ["lane", "lane"]
