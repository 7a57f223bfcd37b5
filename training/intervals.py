"""Confidence intervals of win rates (a leaf: the arena, the Jean ladder and the tile-set
tables all print them)."""

import numpy as np


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # clamped to contain p: at p = 0 or 1 rounding can leave a bound a hair inside it
    return float(min(max(centre - half, 0.0), p)), float(max(min(centre + half, 1.0), p))
