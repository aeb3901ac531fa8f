"""The strategies this package registers (entry-point group ``mahjong_rules_lab.strategies``)."""
from sim.strategy_registry import StrategySpec

SPECS = (StrategySpec("edge_legal", "mjr_outside_demo.policy", doc="the legal action at one end of the codes"),)
