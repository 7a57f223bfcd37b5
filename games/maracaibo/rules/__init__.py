"""Maracaibo rules as numba kernels over one record (rule IDs: spec MA-*).

setup (MA-3), sailing (MA-5), flow (turn structure, Phase C, scoring sequence),
scoring (MA-21, MA-22), careers (MA-18, free actions), programs (effect programs and
pending frames), engine (step / mask dispatch).
"""

from .engine import init_one, mask_one, step_one
from .scoring import rank_one, scores_one

__all__ = ["init_one", "mask_one", "rank_one", "scores_one", "step_one"]
