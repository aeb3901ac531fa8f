"""Lets the Sichuan rule tests import the shared test helpers of tests/ (the reference hand evaluator)."""
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[2]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))
