"""El Caballero rules as numba kernels over one record (rule IDs EC-*: docs/rules/el_caballero.md).

By chapter: geometry (EC-3: contacts, regions by union-find, values, strength,
closure), setup (EC-4), rounds (EC-5, EC-6.1, EC-6.10, EC-7), area (EC-6.2, EC-6.5),
caballeros (EC-6.3, EC-6.4, EC-10.8), pieces (EC-6.6 to EC-6.9), expanded (EC-10),
scoring (EC-8, EC-9), engine (the decisions of EC-11: mask and step).
"""

from .engine import mask_one, step_one
from .scoring import rank_one, scores_one
from .setup import init_one

__all__ = ["init_one", "mask_one", "rank_one", "scores_one", "step_one"]
