"""The engine: tiles, RNG, wall, hand evaluation, rules, game kernel, scoring, batch driver.

Public API (DESIGN.md): ``from sim import tiles, hand, simulate, replay``. Submodules
and functions are imported lazily so that ``import sim`` stays cheap.
"""
from importlib import import_module

__all__ = ["tiles", "hand", "simulate", "replay"]


def __getattr__(name):
    if name in ("tiles", "hand", "rng", "wall", "record"):
        return import_module(f"sim.{name}")
    if name == "simulate":
        return import_module("sim.driver").simulate
    if name == "replay":
        return import_module("sim.replayer").replay
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
