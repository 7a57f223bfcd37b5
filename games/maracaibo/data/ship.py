"""Ship board upgrades U1-U12 (MA-17), all RULEBOOK ([R] 船只升级, page 12).

A position becomes an upgrade when its second disc is removed. Its effect is an
immediate program (brown, and U3's VP) run once, and/or a permanent effect (red).
An unlock condition limits which positions may lose discs (MA-17.2).
"""

import numpy as np

from .actions import CA3, VA_U8, VA_U9, VA_U10
from .codes import (
    S_CHOOSE_ONE, S_EXPLORE, S_GAIN_D, S_GAIN_D_AND_VP, S_GAIN_VP, S_NEXT_NOBLE_LEVEL,
    column, pack_triples, rulebook,
)
from .components import HAND_LIMIT_WITH_U2

RED_PANEL, BROWN_PANEL = 0, 1  # permanent / immediate (MA-17.2)

# Permanent effects of red positions: (code, a0).
UP_NONE = 0
UP_VILLAGE_COUNT = 1  # village main action uses VILLAGE_ACTIONS_BY_MP_U1 (MA-11.2)
UP_HAND_LIMIT = 2  # a0 = new hand limit
UP_FREE_DISPLAY = 3  # display cards cost 0 (MA-20.1)
UP_COMBAT_ACTION = 4  # a0 = combat action unlocked (actions.py)
UP_VILLAGE_OPTION = 5  # a0 = village option unlocked (actions.py)

# Unlock conditions for removing a position's discs: (code, a0).
UNLOCK_NONE = 0
UNLOCK_AFTER = 1  # a0 = index of the position that must be completed first
UNLOCK_OTHERS = 2  # a0 = number of other positions that must be completed

U1, U2, U3, U4, U5, U6, U7, U8, U9, U10, U11, U12 = range(12)
R_SHIP = rulebook("MA-17.3 ([R] 船只升级)")

# Columns: id, panel, immediate program, permanent effect, unlock condition, what it does, provenance.
UPGRADES = (
    ("U1", RED_PANEL, (), (UP_VILLAGE_COUNT, 0), (UNLOCK_NONE, 0),
     "village main action: 1 MP -> 1, 2-4 -> 2, 5+ -> 3 village actions", R_SHIP),
    ("U2", RED_PANEL, (), (UP_HAND_LIMIT, HAND_LIMIT_WITH_U2), (UNLOCK_NONE, 0), "hand limit 6", R_SHIP),
    ("U3", RED_PANEL, ((S_GAIN_VP, 3),), (UP_FREE_DISPLAY, 0), (UNLOCK_NONE, 0),
     "+3 VP now; display cards are free", R_SHIP),
    ("U4", BROWN_PANEL, ((S_GAIN_D, 5),), (UP_NONE, 0), (UNLOCK_NONE, 0), "+5 D", R_SHIP),
    ("U5", BROWN_PANEL, ((S_GAIN_VP, 3),), (UP_NONE, 0), (UNLOCK_NONE, 0), "+3 VP", R_SHIP),
    ("U6", BROWN_PANEL, ((S_GAIN_VP, 6),), (UP_NONE, 0), (UNLOCK_AFTER, U5), "+6 VP (after U5)", R_SHIP),
    ("U7", RED_PANEL, (), (UP_COMBAT_ACTION, CA3), (UNLOCK_NONE, 0),
     "combat action CA3: annex / expel a village", R_SHIP),
    ("U8", RED_PANEL, (), (UP_VILLAGE_OPTION, VA_U8), (UNLOCK_NONE, 0), "village option +1 CP +1 D", R_SHIP),
    ("U9", RED_PANEL, (), (UP_VILLAGE_OPTION, VA_U9), (UNLOCK_AFTER, U8),
     "village option 3 same goods -> 2 D 2 VP (after U8)", R_SHIP),
    ("U10", RED_PANEL, (), (UP_VILLAGE_OPTION, VA_U10), (UNLOCK_OTHERS, 4),
     "village option: marker on this empty village (after 4 others)", R_SHIP),
    ("U11", BROWN_PANEL,
     ((S_CHOOSE_ONE, 3), (S_EXPLORE, 3), (S_GAIN_D_AND_VP, 4), (S_NEXT_NOBLE_LEVEL,)),
     (UP_NONE, 0), (UNLOCK_OTHERS, 4),
     "explore 3, or +4 D +4 VP, or one influence marker to its next band (after 4 others)", R_SHIP),
    ("U12", BROWN_PANEL, ((S_GAIN_VP, 10),), (UP_NONE, 0), (UNLOCK_OTHERS, 6), "+10 VP (after 6 others)", R_SHIP),
)
NUM_UPGRADES = len(UPGRADES)
UPGRADE_IDS = tuple(r[0] for r in UPGRADES)
UPGRADE_PANEL = column(UPGRADES, 1)
UPG_PROG_CODE, UPG_PROG_A0, UPG_PROG_A1, UPG_PROG_LEN = pack_triples([r[2] for r in UPGRADES])
UPGRADE_PERMANENT = np.array([r[3][0] for r in UPGRADES], dtype=np.int64)
UPGRADE_PERMANENT_ARG = np.array([r[3][1] for r in UPGRADES], dtype=np.int64)
UPGRADE_UNLOCK = np.array([r[4][0] for r in UPGRADES], dtype=np.int64)
UPGRADE_UNLOCK_ARG = np.array([r[4][1] for r in UPGRADES], dtype=np.int64)
