"""Action catalogues as effect programs (codes.py): city actions (MA-7.3, MA-7.4),
village options (MA-11.2, MA-11.3), assistant actions (MA-13.5) and combat actions
(MA-8.6).

Every catalogue is a tuple of rows; ``*_CODE/_A0/_A1/_LEN`` arrays are the same
programs packed for numba. All contents are from the rulebook: its symbol overview
(pages 18-21) and the city/village/combat sections. Card-granted village options
(VMV, VMD, VBK, VG2, XQC) and card combat actions (CA4, CA5) carry card parameters
and are card effect families (projects.py), not rows here.
"""

import numpy as np

from .codes import (
    NONE, S_ANNEX_THIS_VILLAGE, S_BUY_OR_INVEST, S_CHOOSE_ONE, S_COMBAT, S_EXPLORE,
    S_EXTRA_SAIL, S_GAIN_CP, S_GAIN_D, S_GAIN_FIGURES, S_GAIN_VP,
    S_INFLUENCE_ANY, S_PAY_CP, S_PAY_SAME_GOODS, S_PAY_WHOLE_HAND, S_REMOVE_DISCS,
    S_VILLAGE_ACTIONS, S_VILLAGE_ACTIONS_PER_COMPASS, S_VP_PER_ASSISTANT,
    S_VP_PER_COMBAT_TOKEN, column, pack_triples, rulebook,
)

# ----- city actions (MA-7.3 catalogue, MA-7.4 homeward spaces) ---------------------------
R_CITY = rulebook("MA-7.3 ([R] 城市行动详解 / 其他城市行动)")
R_HOME = rulebook("MA-7.4, GAP-50 ([R] 返航)")

CITY_COMBAT, CITY_EXPLORE3, CITY_EXPLORE4 = 0, 1, 2
CITY_CX1, CITY_CX2, CITY_CX3, CITY_CX4, CITY_CX5, CITY_CX6, CITY_CX7, CITY_CX8, CITY_CX9 = range(3, 12)
CITY_HOME20, CITY_HOME21, CITY_HOME22 = 12, 13, 14
CITY_FROM_TILE = -2  # a tile slot: the action comes from the city tile placed there (D3)

# Columns: code, what it does, program, provenance.
CITY_ACTIONS = (
    ("COMBAT", "combat", ((S_COMBAT,),), R_CITY),
    ("EXPLORE-3", "explore up to 3", ((S_EXPLORE, 3),), R_CITY),
    ("EXPLORE-4", "explore up to 4", ((S_EXPLORE, 4),), R_CITY),
    ("CX1", "+1 influence, then 1 village action",
     ((S_INFLUENCE_ANY, 1), (S_VILLAGE_ACTIONS, 1)), R_CITY),
    ("CX2", "+1 CP, then remove 1 disc", ((S_GAIN_CP, 1), (S_REMOVE_DISCS, 1)), R_CITY),
    ("CX3", "+3 CP", ((S_GAIN_CP, 3),), R_CITY),
    ("CX4", "+2 D, then 1 village action", ((S_GAIN_D, 2), (S_VILLAGE_ACTIONS, 1)), R_CITY),
    ("CX5", "+1 CP and +1 influence", ((S_GAIN_CP, 1), (S_INFLUENCE_ANY, 1)), R_CITY),
    ("CX6", "1 village action per compass", ((S_VILLAGE_ACTIONS_PER_COMPASS,),), R_CITY),
    ("CX7", "+1 VP per combat token; may discard the hand for 4 D",
     ((S_VP_PER_COMBAT_TOKEN, 1), (S_PAY_WHOLE_HAND,), (S_GAIN_D, 4)), R_CITY),
    ("CX8", "+4 D or +2 VP per assistant",
     ((S_CHOOSE_ONE, 2), (S_GAIN_D, 4), (S_VP_PER_ASSISTANT, 2)), R_CITY),
    ("CX9", "may pay 2 CP: +1 influence and +6 D",
     ((S_PAY_CP, 2), (S_INFLUENCE_ANY, 1), (S_GAIN_D, 6)), R_CITY),
    ("HOME-20", "combat or explore up to 2",
     ((S_CHOOSE_ONE, 2), (S_COMBAT,), (S_EXPLORE, 2)), R_HOME),
    ("HOME-21", "+3 VP (21a, 21b; automatic, GAP-27)", ((S_GAIN_VP, 3),), R_HOME),
    ("HOME-22", "+5 VP (automatic, GAP-27)", ((S_GAIN_VP, 5),), R_HOME),
)
CITY_ACTION_CODES = tuple(r[0] for r in CITY_ACTIONS)
CITY_PROG_CODE, CITY_PROG_A0, CITY_PROG_A1, CITY_PROG_LEN = pack_triples([r[2] for r in CITY_ACTIONS])

# ----- village actions (MA-11.2 counts, MA-11.3 options) ---------------------------------
# Village actions of the village main action by MP spent this turn (index = MP, 0 unused).
VILLAGE_ACTIONS_BY_MP = np.array([0, 1, 1, 1, 2, 2, 2, 3], dtype=np.int64)  # [R] 村庄行动
VILLAGE_ACTIONS_BY_MP_U1 = np.array([0, 1, 2, 2, 2, 3, 3, 3], dtype=np.int64)  # [R] ship upgrade "2+ / 5+"

VA_A, VA_B, VA_C, VA_U8, VA_U9, VA_U10 = range(6)
R_VILLAGE = rulebook("MA-11.3 ([R] 村庄行动 A/B/C)")
R_VILLAGE_UPGRADE = rulebook("MA-11.3, MA-17.3 ([R] 船只升级: 新的村庄行动)")

# Columns: code, what it does, program, is a "last" option (MA-11.4), provenance.
# Every option may repeat within one batch (MA-11.3). VA-U10 is only available at a
# village without an ownership marker (its availability is a rule of the engine).
VILLAGE_OPTIONS = (
    ("VA-A", "discard the whole hand for 2 D", ((S_PAY_WHOLE_HAND,), (S_GAIN_D, 2)), 0, R_VILLAGE),
    ("VA-B", "+1 D", ((S_GAIN_D, 1),), 0, R_VILLAGE),
    ("VA-C", "buy 1 card or invest in 1 prestige building", ((S_BUY_OR_INVEST,),), 0, R_VILLAGE),
    ("VA-U8", "+1 CP and +1 D", ((S_GAIN_CP, 1), (S_GAIN_D, 1)), 0, R_VILLAGE_UPGRADE),
    ("VA-U9", "3 same goods for 2 D and 2 VP",
     ((S_PAY_SAME_GOODS, 3), (S_GAIN_D, 2), (S_GAIN_VP, 2)), 0, R_VILLAGE_UPGRADE),
    ("VA-U10", "marker on this empty village, +1 influence there, +1 D",
     ((S_ANNEX_THIS_VILLAGE, 1), (S_GAIN_D, 1)), 0, R_VILLAGE_UPGRADE),
)
VILLAGE_OPTION_CODES = tuple(r[0] for r in VILLAGE_OPTIONS)
VILLAGE_OPTION_IS_LAST = column(VILLAGE_OPTIONS, 3)
VO_PROG_CODE, VO_PROG_A0, VO_PROG_A1, VO_PROG_LEN = pack_triples([r[2] for r in VILLAGE_OPTIONS])

# ----- assistant actions (MA-13.5; [R] 助手行动 overview, page 20) ----------------------------
AS01, AS02, AS03, AS04, AS05, AS06, AS07, AS08, AS09, AS10, AS11, AS12, AS13, AS14, AS15, AS16, AS17 = range(17)
R_ASSIST = rulebook("MA-13.5 ([R] 符号概览: 助手行动)")

# Columns: code, program, provenance. A payment gates everything after it (codes.py).
ASSISTANT_ACTIONS = (
    ("AS01", ((S_GAIN_VP, 3), (S_GAIN_D, 5)), R_ASSIST),
    ("AS02", ((S_GAIN_FIGURES, 1), (S_REMOVE_DISCS, 1), (S_VILLAGE_ACTIONS, 1)), R_ASSIST),
    ("AS03", ((S_INFLUENCE_ANY, 1), (S_VILLAGE_ACTIONS, 2)), R_ASSIST),
    ("AS04", ((S_GAIN_CP, 2), (S_EXTRA_SAIL, 3)), R_ASSIST),
    ("AS05", ((S_PAY_SAME_GOODS, 3), (S_GAIN_D, 5), (S_VILLAGE_ACTIONS, 2)), R_ASSIST),
    ("AS06", ((S_GAIN_CP, 1), (S_REMOVE_DISCS, 1), (S_VILLAGE_ACTIONS, 2)), R_ASSIST),
    ("AS07", ((S_GAIN_D, 2), (S_REMOVE_DISCS, 1), (S_VILLAGE_ACTIONS, 2)), R_ASSIST),
    ("AS08", ((S_PAY_SAME_GOODS, 3), (S_GAIN_D, 5), (S_GAIN_VP, 2), (S_GAIN_CP, 2)), R_ASSIST),
    ("AS09", ((S_PAY_SAME_GOODS, 3), (S_GAIN_D, 5), (S_GAIN_VP, 2), (S_INFLUENCE_ANY, 1)), R_ASSIST),
    ("AS10", ((S_GAIN_D, 2), (S_EXPLORE, 3)), R_ASSIST),
    ("AS11", ((S_GAIN_VP, 4), (S_EXPLORE, 2)), R_ASSIST),
    ("AS12", ((S_GAIN_D, 3), (S_VP_PER_ASSISTANT, 2)), R_ASSIST),
    ("AS13", ((S_VP_PER_COMBAT_TOKEN, 1), (S_VILLAGE_ACTIONS, 3)), R_ASSIST),
    ("AS14", ((S_GAIN_VP, 3), (S_EXTRA_SAIL, 3)), R_ASSIST),
    ("AS15", ((S_PAY_CP, 2), (S_GAIN_D, 5), (S_VILLAGE_ACTIONS, 3)), R_ASSIST),
    ("AS16", ((S_PAY_CP, 2), (S_GAIN_D, 7), (S_VILLAGE_ACTIONS, 2)), R_ASSIST),
    ("AS17", ((S_PAY_SAME_GOODS, 3), (S_GAIN_D, 4), (S_GAIN_VP, 4)), R_ASSIST),
)
ASSISTANT_ACTION_CODES = tuple(r[0] for r in ASSISTANT_ACTIONS)
AS_PROG_CODE, AS_PROG_A0, AS_PROG_A1, AS_PROG_LEN = pack_triples([r[1] for r in ASSISTANT_ACTIONS])

# ----- combat actions (MA-8.6) ---------------------------------------------------------
CA1, CA2, CA3, CA4, CA5 = range(5)
R_COMBAT = rulebook("MA-8.6 ([R] 战斗: 获得影响力 / 吞并或驱逐)")

# Columns: code, what it does, source, cost (V) of variant 1, cost of variant 2 (NONE
# if one variant), provenance. CA1: variant 1 = +1 influence, variant 2 = +2 influence.
# CA2 (flag location) and CA3 (village): variant 1 = empty target, variant 2 = expel.
COMBAT_ACTIONS = (
    ("CA1", "gain influence of the fighting nation", "base", 2, 5, R_COMBAT),
    ("CA2", "annex / expel at a flag", "base", 4, 6, R_COMBAT),
    ("CA3", "annex / expel at a village", "ship upgrade U7", 2, 5,
     rulebook("MA-8.6, MA-17.3 U7, GAP-54 ([R] 船只升级 image '2/5')")),
    ("CA4", "+1 influence and +x VP", "card CIV(x)", 2, NONE,
     rulebook("MA-8.6, MA-15.2 ([R] 新的战斗行动)")),
    ("CA5", "+3 D, +2 VP with HOUSE", "card CD3", 1, NONE,
     rulebook("MA-8.6, MA-15.2 ([R] 新的战斗行动)")),
)
COMBAT_ACTION_CODES = tuple(r[0] for r in COMBAT_ACTIONS)
COMBAT_ACTION_COST = np.array([[r[3], r[4]] for r in COMBAT_ACTIONS], dtype=np.int64)
CA1_INFLUENCE = np.array([1, 2], dtype=np.int64)  # by variant
CA3_D_PER_OWN_ASSISTANT = 3  # at the annexed village
CA3_D_PER_OTHER_ASSISTANT = 1
CA5_D = 3
CA5_HOUSE_VP = 2
EXPEL_VP_PER_PXV = 3  # MA-8.6, MA-15.2 PXV
BOOST_PER_CP_OR_FIGURE = 1  # MA-8.5
