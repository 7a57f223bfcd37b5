"""Career cards (D7, MA-18).

Each card has 3 goals, each with a low tier (threshold -> D and the goal's figure) and
a high tier (threshold -> D, VP and the figure); completing all three adds 2 D 2 VP.
Thresholds are stored per card and goal, so real cards with other numbers load
without code changes.

Real: 8 cards, the 8 goal types, the all-done reward, and card K1 with the COMBAT,
INF1 and QUESTS values (RULEBOOK photo, 生涯卡牌 "荣耀"). The other cards and the
values of the other 5 goal types are PLACEHOLDER (GAP-10).
"""

import numpy as np

from .codes import BLUE, GREEN, placeholder, rulebook

# Goal types (MA-18.3). Threshold meaning: a count (>=), except EXPL: a barrier the
# explorer must have crossed (codes.GREEN/BLUE/RED).
G_COMBAT = 0  # combat tokens on the ship board
G_QUESTS = 1  # quest tiles on the ship board
G_INF1 = 2  # influence in one nation
G_INF2 = 3  # influence in each of two nations (not summed)
G_UPG = 4  # ship upgrades
G_EXPL = 5  # barrier crossed
G_SYN = 6  # synergy tokens
G_ASSIST = 7  # assistants on the board
GOAL_NAMES = ("COMBAT", "QUESTS", "INF1", "INF2", "UPG", "EXPL", "SYN", "ASSIST")

R_K1 = rulebook("MA-18, MA-30 T9 ([R] 生涯卡牌照片 荣耀: 3=2, 4=2+2; 6=3, 9=3+3; 4=4, 6=4+4)")
PH_GOAL = placeholder("GAP-10: only the photographed card's goals are in the rulebook")

# Goal values per type: (type, low threshold, low D, high threshold, high D, high VP, provenance).
GOAL_VALUES = (
    (G_COMBAT, 3, 2, 4, 2, 2, R_K1),
    (G_QUESTS, 4, 4, 6, 4, 4, R_K1),
    (G_INF1, 6, 3, 9, 3, 3, R_K1),
    (G_INF2, 3, 3, 6, 3, 3, PH_GOAL),
    (G_UPG, 4, 3, 6, 3, 3, PH_GOAL),
    (G_EXPL, GREEN, 3, BLUE, 3, 3, PH_GOAL),
    (G_SYN, 3, 2, 4, 2, 3, PH_GOAL),
    (G_ASSIST, 3, 3, 4, 3, 3, PH_GOAL),
)
_VALUES = {row[0]: row[1:6] for row in GOAL_VALUES}


def _goal(goal_type):
    """A goal row (type, low threshold, low D, high threshold, high D, high VP)."""
    return (goal_type,) + _VALUES[goal_type]


PH_CARD = placeholder("GAP-10: career cards other than the photographed one are not in the rulebook")

# Columns: id, name, three goals, provenance. Each goal type is on exactly 3 cards (GAP-10).
CAREERS = (
    ("K1", "Glory (荣耀)", (_goal(G_COMBAT), _goal(G_INF1), _goal(G_QUESTS)), R_K1),
    ("K2", "Career 2", (_goal(G_UPG), _goal(G_EXPL), _goal(G_ASSIST)), PH_CARD),
    ("K3", "Career 3", (_goal(G_INF2), _goal(G_SYN), _goal(G_COMBAT)), PH_CARD),
    ("K4", "Career 4", (_goal(G_QUESTS), _goal(G_UPG), _goal(G_INF2)), PH_CARD),
    ("K5", "Career 5", (_goal(G_EXPL), _goal(G_SYN), _goal(G_INF1)), PH_CARD),
    ("K6", "Career 6", (_goal(G_ASSIST), _goal(G_COMBAT), _goal(G_EXPL)), PH_CARD),
    ("K7", "Career 7", (_goal(G_INF1), _goal(G_ASSIST), _goal(G_UPG)), PH_CARD),
    ("K8", "Career 8", (_goal(G_QUESTS), _goal(G_INF2), _goal(G_SYN)), PH_CARD),
)
NUM_CAREERS = len(CAREERS)
GOALS_PER_CAREER = 3
CAREER_IDS = tuple(r[0] for r in CAREERS)


def _goal_column(i):
    return np.array([[g[i] for g in r[2]] for r in CAREERS], dtype=np.int64)


CAREER_GOAL_TYPE = _goal_column(0)  # (8, 3)
CAREER_LOW_THRESHOLD = _goal_column(1)
CAREER_LOW_D = _goal_column(2)
CAREER_HIGH_THRESHOLD = _goal_column(3)
CAREER_HIGH_D = _goal_column(4)
CAREER_HIGH_VP = _goal_column(5)
CAREER_ALL_DONE_D = 2  # MA-18.4 ([R] 完成三项: 2达布隆与2分)
CAREER_ALL_DONE_VP = 2
