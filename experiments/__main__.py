"""``python -m experiments`` = the ``mjrules`` console script."""
from experiments.app import main

main()
