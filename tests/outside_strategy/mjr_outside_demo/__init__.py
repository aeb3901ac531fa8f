"""A strategy from outside mahjong-rules-lab, for its tests: ``edge_legal`` takes the legal action of the lowest code
(``END = 0``) or of the highest (``END = 1``) — compiled in this package, registered by its entry point."""
