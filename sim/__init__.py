"""The engine: tiles, RNG, wall, hand evaluation, rules, game kernel, scoring, batch driver.

Public API: ``from sim import tiles, hand, simulate, replay``; ``sim.load(DIR)``
reads a streamed run back as one frame. Submodules
and functions are imported lazily so that ``import sim`` stays cheap.
"""
from importlib import import_module

__all__ = ["tiles", "hand", "simulate", "load", "replay"]


def __getattr__(name):
    if name in ("tiles", "hand", "record"):
        return import_module(f"sim.{name}")
    if name in ("rng", "wall"):
        return import_module(f"sim.core.{name}")
    if name in ("simulate", "load", "scan"):
        return getattr(import_module("sim.driver"), name)
    if name == "replay":
        return import_module("sim.replayer").replay
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
