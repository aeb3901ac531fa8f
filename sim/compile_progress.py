"""A bar while numba compiles the engine's kernels, so a cold first run does not look hung — plain Python.

The first run after an install (or after a change to a kernel source, which ``sim.kernel_cache`` answers by
clearing the cache) compiles a few hundred kernels, which takes minutes; later runs load them from numba's
disk cache in about two seconds. ``compile_bar`` listens to numba's ``numba:compile`` events, which fire only
for a real compile (never for a cache load), and opens its bar at the first one: a warm run shows nothing.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from numba.core import event
from tqdm.auto import tqdm

BAR_LABEL = "compiling the engine (first run after an install or a source change; cached afterwards)"


class _CompileCounter(event.Listener):
    """Counts finished kernel compilations into a bar created at the first compile."""

    def __init__(self, enabled: bool, on_first_compile: Callable[[], None] | None = None):
        self.enabled = enabled
        self.on_first_compile = on_first_compile  # called once, when the first kernel starts compiling
        self.started = False
        self.compiled = 0  # kernels compiled while listening (nested callees included)
        self.bar = None

    def on_start(self, ev) -> None:
        if not self.started:
            self.started = True
            if self.on_first_compile is not None:
                self.on_first_compile()
        if self.bar is None and self.enabled:
            self.bar = tqdm(total=None, unit=" kernels", desc=BAR_LABEL, dynamic_ncols=True, leave=False)

    def on_end(self, ev) -> None:
        self.compiled += 1
        if self.bar is not None:
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


@contextmanager
def compile_bar(enabled: bool = True, on_first_compile: Callable[[], None] | None = None) -> Iterator[_CompileCounter]:
    """Within the block, show a bar counting the kernels numba compiles (none when all load from the cache).

    Yields the counter; its ``compiled`` attribute is the number of kernels compiled inside the block.
    ``enabled`` False counts without drawing. ``on_first_compile`` is called once when the first kernel starts
    compiling (never on a warm start): ``sim.driver`` starts its second compile lane there.
    """
    counter = _CompileCounter(enabled, on_first_compile)
    with event.install_listener("numba:compile", counter):
        try:
            yield counter
        finally:
            counter.close()
