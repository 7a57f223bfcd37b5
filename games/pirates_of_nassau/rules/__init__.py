"""Pirates of Nassau rules as numba kernels over one record, by chapter of the rules
(rule IDs PN-*: docs/rules/pirates_of_nassau.md):

- ship.py: a ship's values, slots and hold (PN-2.5, PN-8.12, PN-8.16), asked by every chapter;
- piles.py: drawing from and returning to the decks and token stacks;
- setup.py: PN-4; flow.py: the round and each step's order (PN-5, PN-6, PN-9.5, PN-11.1, PN-12 - PN-15);
- pirate.py: step 2 (PN-7, PN-8); navy.py: steps 3 and 4 with the notoriety track (PN-9, PN-10);
- nassau.py: step 5 (PN-11); scoring.py: PN-16;
- turn.py: ``step_one`` and ``mask_one``, each decision's legality next to its effect.
"""

from .scoring import category_metrics, category_points, rank_one, scores_one
from .setup import init_one
from .turn import mask_one, step_one

__all__ = ["category_metrics", "category_points", "init_one", "mask_one", "rank_one", "scores_one", "step_one"]
