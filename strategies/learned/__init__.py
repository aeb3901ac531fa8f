"""``learned{model=default}``: a player whose every real choice is the legal candidate of the highest value a small
model predicts from the seat's own view (issue 44) — its features (``features``), the compiled inference
(``inference``), the model files (``models``) and the teacher that labels decisions for training (``teacher``).
"""
