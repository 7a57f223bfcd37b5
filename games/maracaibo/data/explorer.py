"""The explorer track (D2, MA-10): spaces, forks, rewards, quest spaces, barriers.

Space index = position in EXPLORER_SPACES (E0 = start = 0, END = last). A reward is a
one-step program (codes.py); END's reward is the arrival-order VP plus one village
action (MA-10.7). A barrier is crossed when leaving the space that names it.

Real (RULEBOOK, MA-10): the reward types, three quest spaces, three barriers and their
rewards, forks with a long path and a shortcut, END ranking. The layout (which reward
where, where the forks and barriers are, their order green -> blue -> red) is
PLACEHOLDER (GAP-6).
"""

import numpy as np

from .codes import (
    BLUE, GREEN, NONE, RED, S_GAIN_CP, S_GAIN_D, S_GAIN_D_AND_VP, S_GAIN_FIGURES, S_GAIN_VP,
    S_INFLUENCE_ANY, S_REMOVE_DISCS, column, placeholder, rulebook,
)

PH_TRACK = placeholder("GAP-6: track layout not transcribed; reward types are RULEBOOK (MA-10.4)")
QA, QB, QC = 0, 1, 2  # the three quest spaces, in track order (MA-3.2)

# Columns: id, step number (E8a/E8b both 8), reward program step or None, quest space,
# successors, barrier crossed when leaving, provenance.
EXPLORER_SPACES = (
    ("E0", 0, None, NONE, ("E1",), NONE, rulebook("MA-3.9 (explorer start)")),
    ("E1", 1, (S_GAIN_D, 2), NONE, ("E2",), NONE, PH_TRACK),
    ("E2", 2, (S_GAIN_CP, 1), NONE, ("E3",), NONE, PH_TRACK),
    ("E3", 3, None, QA, ("E4",), NONE, PH_TRACK),
    ("E4", 4, (S_INFLUENCE_ANY, 1), NONE, ("E5",), NONE, PH_TRACK),
    ("E5", 5, (S_GAIN_D, 3), NONE, ("E6",), GREEN, PH_TRACK),
    ("E6", 6, (S_REMOVE_DISCS, 1), NONE, ("E7",), NONE, PH_TRACK),
    ("E7", 7, (S_GAIN_VP, 2), NONE, ("E8a", "E8b"), NONE, PH_TRACK),  # fork: long / shortcut
    ("E8a", 8, (S_GAIN_CP, 2), NONE, ("E9a",), NONE, PH_TRACK),
    ("E9a", 9, (S_GAIN_FIGURES, 2), NONE, ("E10a",), NONE, PH_TRACK),
    ("E10a", 10, (S_GAIN_VP, 3), NONE, ("E11",), NONE, PH_TRACK),
    ("E8b", 8, (S_GAIN_D_AND_VP, 1), NONE, ("E11",), NONE, PH_TRACK),
    ("E11", 11, None, QB, ("E12",), NONE, PH_TRACK),
    ("E12", 12, (S_GAIN_D, 4), NONE, ("E13",), NONE, PH_TRACK),
    ("E13", 13, (S_INFLUENCE_ANY, 1), NONE, ("E14",), BLUE, PH_TRACK),
    ("E14", 14, (S_GAIN_D_AND_VP, 2), NONE, ("E15",), NONE, PH_TRACK),
    ("E15", 15, (S_REMOVE_DISCS, 1), NONE, ("E16a", "E16b"), NONE, PH_TRACK),  # fork
    ("E16a", 16, (S_GAIN_CP, 3), NONE, ("E17a",), NONE, PH_TRACK),
    ("E17a", 17, (S_GAIN_D, 5), NONE, ("E18a",), NONE, PH_TRACK),
    ("E18a", 18, (S_GAIN_VP, 4), NONE, ("E19",), NONE, PH_TRACK),
    ("E16b", 16, (S_GAIN_VP, 2), NONE, ("E19",), NONE, PH_TRACK),
    ("E19", 19, None, QC, ("E20",), NONE, PH_TRACK),
    ("E20", 20, (S_INFLUENCE_ANY, 1), NONE, ("E21",), NONE, PH_TRACK),
    ("E21", 21, (S_GAIN_D_AND_VP, 3), NONE, ("E22",), RED, PH_TRACK),
    ("E22", 22, (S_GAIN_VP, 5), NONE, ("END",), NONE, PH_TRACK),
    ("END", 23, None, NONE, (), NONE, rulebook("MA-10.7 ([R] 探索者记录条的终点)")),
)
NUM_EXPLORER_SPACES = len(EXPLORER_SPACES)
EXP_IDS = tuple(r[0] for r in EXPLORER_SPACES)
EXP_INDEX = {s: i for i, s in enumerate(EXP_IDS)}
EXP_START = EXP_INDEX["E0"]
EXP_END = EXP_INDEX["END"]
EXP_STEP_NUMBER = column(EXPLORER_SPACES, 1)
EXP_REWARD_CODE = np.array([NONE if r[2] is None else r[2][0] for r in EXPLORER_SPACES], dtype=np.int64)
EXP_REWARD_AMOUNT = np.array([0 if r[2] is None else r[2][1] for r in EXPLORER_SPACES], dtype=np.int64)
EXP_QUEST_SLOT = column(EXPLORER_SPACES, 3)
EXP_BARRIER_AFTER = column(EXPLORER_SPACES, 5)
MAX_EXP_SUCCESSORS = 2
EXP_SUCC = np.full((NUM_EXPLORER_SPACES, MAX_EXP_SUCCESSORS), NONE, dtype=np.int64)
EXP_NUM_SUCC = np.array([len(r[4]) for r in EXPLORER_SPACES], dtype=np.int64)
for _i, _row in enumerate(EXPLORER_SPACES):
    for _j, _s in enumerate(_row[4]):
        EXP_SUCC[_i, _j] = EXP_INDEX[_s]


def _distance_to_end():
    """Fewest steps from each space to END (Jean's route, MA-24.12; her lead, MA-24.14)."""
    dist = np.full(NUM_EXPLORER_SPACES, NONE, dtype=np.int64)
    dist[EXP_END] = 0
    for i in range(NUM_EXPLORER_SPACES - 1, -1, -1):  # successors always come later in the table
        if EXP_NUM_SUCC[i]:
            dist[i] = 1 + min(dist[EXP_SUCC[i, j]] for j in range(EXP_NUM_SUCC[i]))
    return dist


EXP_DIST_TO_END = _distance_to_end()

# ----- barriers and END (MA-10.6, MA-10.7; [R] 探索) ------------------------------------------
R_BARRIERS = rulebook("MA-10.6 ([R] 越过红色/蓝色/绿色分界线)")
# Columns: barrier, VP for the first explorer ever to cross, VP for later crossers,
# influence in one chosen nation for every crosser, provenance.
BARRIERS = (
    (GREEN, 4, 2, 0, R_BARRIERS),
    (BLUE, 4, 2, 0, R_BARRIERS),
    (RED, 0, 0, 3, R_BARRIERS),
)
BARRIER_FIRST_VP = column(BARRIERS, 1)
BARRIER_LATER_VP = column(BARRIERS, 2)
BARRIER_INFLUENCE = column(BARRIERS, 3)
END_ARRIVAL_VP = np.array([10, 8, 6, 4], dtype=np.int64)  # by arrival order (MA-10.7)
END_VILLAGE_ACTIONS = 1  # MA-10.7
