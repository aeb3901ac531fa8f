"""The policy modules the hand loop's seat slots bind to (sim.core.seat_dispatch), one per registered strategy.

Each module provides the protocol of sim.core.seat_dispatch and nothing else; the strategy's own kernels live in
``strategies/<name>.py``. ``sim.strategy_registry`` names each strategy's module; a table compiles only the modules
its seats play (sim.engine).
"""
