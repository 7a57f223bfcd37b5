"""The weights of ``heuristic`` (v2) where they differ from ``heuristic_v1``'s
(``weights.PARAMS``), found with bench-jean against Jean and 3-player arenas against
heuristic_v1 (training/BENCH_JEAN.md). No kernel reads this module: tuning never
recompiles (``kernel_cache``)."""

import numpy as np

from .weights import PARAMS

TUNED = {
    "quest_lead": 1.5,    # Jean's quest lead: 100 games at level 1, win rate 9% (v1) -> 43%
    "quest_deny": 4.0,    # with the board tiles she would land on
    "upgrade_lead": 1.5,  # and her upgrade lead (18 VP of bonus -> 5)
    "quest_extra": 2.0,
}
DEFAULT_PARAMS = np.array([TUNED.get(name, v1) for name, v1, _ in PARAMS], dtype=np.float64)
