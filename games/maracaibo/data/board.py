"""The board: locations and sailing route (D1, MA-5), city tiles (D3, MA-3.3), the
2-player setup markers (MA-3.8) and story card 75's quest schedule (D13).

Location index = position in LOCATIONS: 0 = Havana, 1..20 = locations 1..20,
21 = 21a, 22 = 21b, 23 = 22 (MA-28.2). ``LOC_NUM`` is the number used for
comparisons (MA-0.4: 21a and 21b both 21).

The route is a list of arrows (EDGES), each open in some rounds (MA-5.6) and, at a
fork, marked upper/lower for Jean's cards (MA-24.6). Derived arrays give each
location's successors and, per round, the number of steps from any location to any
other along a legal path (one that does not pass a must-stop space, MA-5.5/5.8).

What is real: the names/numbers of 4, 5, 6, 7, 8, 13, 14 (tile slots and setup
villages), Havana, the homeward spaces 20/21a/21b/22 with their actions, must-stops
and round routing, and the existence of Maracaibo and Puerto Cabezas. Everything
else (which locations are cities, forks, printed actions, goods, flags, the location
numbers of Maracaibo and Puerto Cabezas) is PLACEHOLDER (GAP-1, GAP-2, GAP-4, GAP-5).
"""

import numpy as np

from .actions import (
    CITY_COMBAT, CITY_CX1, CITY_CX2, CITY_CX3, CITY_CX4, CITY_CX5, CITY_CX6, CITY_CX7,
    CITY_CX8, CITY_CX9, CITY_EXPLORE3, CITY_EXPLORE4, CITY_FROM_TILE, CITY_HOME20,
    CITY_HOME21, CITY_HOME22,
)
from .codes import (
    CORN, EN, ES, FR, NONE, S_GAIN_D, S_GAIN_FIGURES, S_GAIN_VP, SUG, TOB, column,
    placeholder, rulebook,
)

# ----- locations (D1) ----------------------------------------------------------------
START, VILLAGE, CITY, RETURN = 0, 1, 2, 3
LOCATION_KINDS = ("start", "village", "city", "return")

PH_MAP = placeholder("GAP-1/2/4/5: the board photo is not transcribed; kind, action, good, flag invented")
R_HAVANA = rulebook("MA-1.1, MA-3.9 ([R] 由哈瓦那出发)")
R_TILE_SLOT = ("; name, number and tile slot " + rulebook("MA-3.3 ([R] 步骤⑤)"))
R_SETUP_VILLAGE = ("; name, number and village " + rulebook("MA-3.8 ([R] 步骤⑨)"))
R_HOMEWARD = rulebook("MA-5.5, MA-7.4 ([R] 返航)")

# Flag rewards (GAP-5) are one-step programs.
FLAG_D3 = (S_GAIN_D, 3)
FLAG_FIGURE = (S_GAIN_FIGURES, 1)
FLAG_VP2 = (S_GAIN_VP, 2)

# Columns: id, number for comparisons, name, kind, must-stop, city action (actions.py),
# market good (NONE: no market, or the tile's good at a tile slot), flag reward, provenance.
LOCATIONS = (
    ("H", 0, "Havana", START, 0, NONE, NONE, None, R_HAVANA),
    ("1", 1, "Village 1", VILLAGE, 0, NONE, NONE, None, PH_MAP),
    ("2", 2, "City 2", CITY, 0, CITY_EXPLORE3, SUG, FLAG_D3, PH_MAP),
    ("3", 3, "Village 3", VILLAGE, 0, NONE, NONE, None, PH_MAP),
    ("4", 4, "Puerto Plata", CITY, 0, CITY_FROM_TILE, NONE, FLAG_FIGURE, PH_MAP + R_TILE_SLOT),
    ("5", 5, "Santo Domingo", CITY, 0, CITY_FROM_TILE, NONE, FLAG_VP2, PH_MAP + R_TILE_SLOT),
    ("6", 6, "San Juan", VILLAGE, 0, NONE, NONE, None, PH_MAP + R_SETUP_VILLAGE),
    ("7", 7, "St. Kitts", VILLAGE, 0, NONE, NONE, None, PH_MAP + R_SETUP_VILLAGE),
    ("8", 8, "Martinique", VILLAGE, 0, NONE, NONE, None, PH_MAP + R_SETUP_VILLAGE),
    ("9", 9, "City 9", CITY, 0, CITY_COMBAT, CORN, FLAG_VP2, PH_MAP),
    ("10", 10, "Village 10", VILLAGE, 0, NONE, NONE, None, PH_MAP),
    # printed Explore 4 with 3-4 players; the Maracaibo tile covers it with 1-2 (MA-3.3)
    ("11", 11, "Maracaibo", CITY, 0, CITY_EXPLORE4, TOB, FLAG_D3, PH_MAP + "; city named Maracaibo is RULEBOOK"),
    ("12", 12, "Village 12", VILLAGE, 0, NONE, NONE, None, PH_MAP),
    ("13", 13, "Port Royal", CITY, 0, CITY_FROM_TILE, NONE, FLAG_FIGURE, PH_MAP + R_TILE_SLOT),
    ("14", 14, "Cartagena", CITY, 0, CITY_FROM_TILE, NONE, FLAG_D3, PH_MAP + R_TILE_SLOT),
    ("15", 15, "Village 15", VILLAGE, 0, NONE, NONE, None, PH_MAP),
    ("16", 16, "Village 16", VILLAGE, 0, NONE, NONE, None, PH_MAP),
    ("17", 17, "City 17", CITY, 0, CITY_COMBAT, SUG, FLAG_VP2, PH_MAP),
    ("18", 18, "Puerto Cabezas", VILLAGE, 0, NONE, NONE, None,
     PH_MAP + "; a village named Puerto Cabezas is RULEBOOK (legacy tile L1)"),
    ("19", 19, "Village 19", VILLAGE, 0, NONE, NONE, None, PH_MAP),
    ("20", 20, "Homeward 1", RETURN, 1, CITY_HOME20, NONE, None, R_HOMEWARD),
    ("21a", 21, "Homeward 2 (rounds 1-3)", RETURN, 1, CITY_HOME21, NONE, None, R_HOMEWARD),
    ("21b", 21, "Homeward 2 (round 4)", RETURN, 1, CITY_HOME21, NONE, None, R_HOMEWARD),
    ("22", 22, "Homeward 3 (round 4)", RETURN, 1, CITY_HOME22, NONE, None, R_HOMEWARD),
)
NUM_LOCATIONS = len(LOCATIONS)
LOC_IDS = tuple(r[0] for r in LOCATIONS)
LOC_INDEX = {loc: i for i, loc in enumerate(LOC_IDS)}
LOC_NAMES = tuple(r[2] for r in LOCATIONS)
LOC_NUM = column(LOCATIONS, 1)
LOC_KIND = column(LOCATIONS, 3)
LOC_MUST_STOP = column(LOCATIONS, 4)
LOC_CITY_ACTION = column(LOCATIONS, 5)  # NONE for villages, CITY_FROM_TILE at tile slots
LOC_MARKET_GOOD = column(LOCATIONS, 6)
LOC_FLAG_CODE = np.array([NONE if r[7] is None else r[7][0] for r in LOCATIONS], dtype=np.int64)
LOC_FLAG_AMOUNT = np.array([0 if r[7] is None else r[7][1] for r in LOCATIONS], dtype=np.int64)
LOC_HAS_FLAG = (LOC_FLAG_CODE != NONE).astype(np.int64)
# Markets: every city whose good is printed or comes from a tile; never 20-22 (MA-7.2).
LOC_HAS_MARKET = ((LOC_MARKET_GOOD != NONE) | (LOC_CITY_ACTION == CITY_FROM_TILE)).astype(np.int64)

HAVANA = LOC_INDEX["H"]
LOC_20, LOC_21A, LOC_21B, LOC_22 = LOC_INDEX["20"], LOC_INDEX["21a"], LOC_INDEX["21b"], LOC_INDEX["22"]
MARACAIBO = LOC_INDEX["11"]  # where the Maracaibo tile goes with 1-2 players (MA-3.3)
TILE_SLOTS = np.array([LOC_INDEX[x] for x in ("4", "5", "13", "14")], dtype=np.int64)  # MA-3.3
FINAL_SPACE_BY_ROUND = np.array([NONE, LOC_21A, LOC_21A, LOC_21A, LOC_22], dtype=np.int64)  # MA-1.2

# Market slots per city by number of players, index 1..4 (GAP-4; solo = 2 players).
MARKET_SLOTS_BY_PLAYERS = np.array([0, 2, 2, 2, 3], dtype=np.int64)
MARKET_SLOTS_PROVENANCE = placeholder("GAP-4: slot counts not in the rulebook")
MAX_MP_PER_TURN = 7  # MA-5.1

# ----- the route (MA-5.2 .. MA-5.6) ------------------------------------------------------
NO_BRANCH, UPPER, LOWER = 0, 1, 2
BRANCH_NAMES = ("-", "upper", "lower")
ALL_ROUNDS = (1, 2, 3, 4)
ROUNDS_1_TO_3 = (1, 2, 3)
ROUND_4 = (4,)
PH_ROUTE = placeholder("GAP-1: arrows and forks of the board are not transcribed")
R_ROUTE_END = rulebook("MA-5.6 ([R] 返航: 前三轮 20 与 21a, 第四轮 20、21b 以及 22)")

# Columns: from, to, rounds in which the arrow is open, branch for Jean's cards, provenance.
EDGES = (
    ("H", "1", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("1", "2", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("2", "3", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("3", "4", ALL_ROUNDS, UPPER, PH_ROUTE),  # fork: 4 and 5 are both tile slots (GAP-1)
    ("3", "5", ALL_ROUNDS, LOWER, PH_ROUTE),
    ("4", "6", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("5", "6", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("6", "7", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("7", "8", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("8", "9", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("9", "10", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("10", "11", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("11", "12", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("12", "13", ALL_ROUNDS, UPPER, PH_ROUTE),  # fork: 13 and 14 are both tile slots
    ("12", "14", ALL_ROUNDS, LOWER, PH_ROUTE),
    ("13", "15", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("14", "15", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("15", "16", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("16", "17", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("17", "18", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("18", "19", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("19", "20", ALL_ROUNDS, NO_BRANCH, PH_ROUTE),
    ("20", "21a", ROUNDS_1_TO_3, NO_BRANCH, R_ROUTE_END),
    ("20", "21b", ROUND_4, NO_BRANCH, R_ROUTE_END),
    ("21b", "22", ROUND_4, NO_BRANCH, R_ROUTE_END),
)


def _round_mask(rounds):
    return sum(1 << (r - 1) for r in rounds)  # bit r-1 set = open in round r


EDGE_FROM = np.array([LOC_INDEX[e[0]] for e in EDGES], dtype=np.int64)
EDGE_TO = np.array([LOC_INDEX[e[1]] for e in EDGES], dtype=np.int64)
EDGE_ROUND_MASK = np.array([_round_mask(e[2]) for e in EDGES], dtype=np.int64)
EDGE_BRANCH = column(EDGES, 3)

# Successor lists per location, padded with NONE.
MAX_SUCCESSORS = 2
SUCC = np.full((NUM_LOCATIONS, MAX_SUCCESSORS), NONE, dtype=np.int64)
SUCC_ROUND_MASK = np.zeros((NUM_LOCATIONS, MAX_SUCCESSORS), dtype=np.int64)
SUCC_BRANCH = np.zeros((NUM_LOCATIONS, MAX_SUCCESSORS), dtype=np.int64)
NUM_SUCC = np.zeros(NUM_LOCATIONS, dtype=np.int64)
for _e in range(len(EDGES)):
    _a = EDGE_FROM[_e]
    _k = NUM_SUCC[_a]
    SUCC[_a, _k], SUCC_ROUND_MASK[_a, _k], SUCC_BRANCH[_a, _k] = EDGE_TO[_e], EDGE_ROUND_MASK[_e], EDGE_BRANCH[_e]
    NUM_SUCC[_a] += 1


def _sail_steps():
    """steps[r-1, a, b]: steps from a to b in round r along a legal path (-1 if none).

    A path may end on a must-stop space but never pass one (MA-5.5). Both branches of
    each D1 fork have the same length, so the number is well defined; the tests check it.
    """
    steps = np.full((4, NUM_LOCATIONS, NUM_LOCATIONS), NONE, dtype=np.int64)
    for r in ALL_ROUNDS:
        bit = 1 << (r - 1)
        for a in range(NUM_LOCATIONS):
            frontier, k = [a], 0
            while frontier:
                k += 1
                nxt = []
                for x in frontier:
                    if x != a and LOC_MUST_STOP[x]:
                        continue  # movement ends here
                    for j in range(NUM_SUCC[x]):
                        if SUCC_ROUND_MASK[x, j] & bit:
                            y = SUCC[x, j]
                            if steps[r - 1, a, y] == NONE:
                                steps[r - 1, a, y] = k
                            nxt.append(y)
                frontier = nxt
    return steps


SAIL_STEPS = _sail_steps()

# ----- city tiles (D3, MA-3.3) -------------------------------------------------------------
SET_MARACAIBO, SET_1_2, SET_3_4 = 0, 1, 2
TILE_SET_NAMES = ("Maracaibo (1-2 players)", "1-2 players", "3-4 players")
TILE_SET_FOR_PLAYERS = np.array([NONE, SET_1_2, SET_1_2, SET_3_4, SET_3_4], dtype=np.int64)  # solo = 2p
PH_TILE = placeholder("GAP-3/4: tile contents are not listed in the rulebook")
TILES_PLACED = 4  # 2 helm tiles + 2 random others of the set (MA-3.3)
HELM_TILES_PLACED = 2

# Columns: id, set (back of the tile), helm icon, city action, market good, provenance.
CITY_TILES = (
    ("CTL00", SET_MARACAIBO, 0, CITY_CX5, CORN, PH_TILE),
    ("CTL01", SET_1_2, 1, CITY_CX1, TOB, PH_TILE),
    ("CTL02", SET_1_2, 1, CITY_CX4, CORN, PH_TILE),
    ("CTL03", SET_1_2, 0, CITY_CX2, SUG, PH_TILE),
    ("CTL04", SET_1_2, 0, CITY_CX3, TOB, PH_TILE),
    ("CTL05", SET_1_2, 0, CITY_CX7, CORN, PH_TILE),
    ("CTL06", SET_1_2, 0, CITY_CX8, SUG, PH_TILE),
    ("CTL07", SET_3_4, 1, CITY_CX1, SUG, PH_TILE),
    ("CTL08", SET_3_4, 1, CITY_CX4, TOB, PH_TILE),
    ("CTL09", SET_3_4, 0, CITY_CX5, CORN, PH_TILE),
    ("CTL10", SET_3_4, 0, CITY_CX6, TOB, PH_TILE),
    ("CTL11", SET_3_4, 0, CITY_CX9, SUG, PH_TILE),
    ("CTL12", SET_3_4, 0, CITY_CX3, CORN, PH_TILE),
)
TILE_IDS = tuple(r[0] for r in CITY_TILES)
TILE_SET = column(CITY_TILES, 1)
TILE_HELM = column(CITY_TILES, 2)
TILE_ACTION = column(CITY_TILES, 3)
TILE_GOOD = column(CITY_TILES, 4)
MARACAIBO_TILE = TILE_IDS.index("CTL00")

# ----- 2-player and solo setup markers (MA-3.8) ----------------------------------------------
# Columns: nation, location, provenance. Each is the leftmost marker of its nation.
SETUP_MARKERS_2P = (
    (ES, "6", rulebook("MA-3.8 ([R] 步骤⑨: 红色 -> 6 圣胡安)")),
    (EN, "7", rulebook("MA-3.8 ([R] 步骤⑨: 白色 -> 7 圣基茨岛)")),
    (FR, "8", rulebook("MA-3.8 ([R] 步骤⑨: 蓝色 -> 8 马丁尼克)")),
)

# ----- story card 75: quest placement schedule (D13, MA-3.11, MA-21.7) -----------------------
SETUP, END_ROUND_1, END_ROUND_2, END_ROUND_3 = 0, 1, 2, 3
R_CARD75_SETUP = rulebook("MA-3.11 ([R] 步骤⑮: 15, 可能还会有18和19)")
R_CARD75_ROUND1 = rulebook("MA-21.7 ([R] 中程计分 6: 第一轮 6 与 12, 3-4 人 16)")
PH_CARD75 = placeholder("GAP-14: card 75's text is not in any public source")

# Columns: when, location, minimum number of players, provenance (solo counts as 2).
# Within one "when", rows are in placement order (the top tile of the pile goes first).
QUEST_SCHEDULE = (
    (SETUP, "15", 1, R_CARD75_SETUP),
    (SETUP, "18", 3, PH_CARD75 + " (which player counts add 18)"),
    (SETUP, "19", 4, PH_CARD75 + " (which player counts add 19)"),
    (END_ROUND_1, "6", 1, R_CARD75_ROUND1),
    (END_ROUND_1, "12", 1, R_CARD75_ROUND1),
    (END_ROUND_1, "16", 3, R_CARD75_ROUND1),
    (END_ROUND_2, "3", 1, PH_CARD75),
    (END_ROUND_2, "10", 1, PH_CARD75),
    (END_ROUND_2, "19", 3, PH_CARD75),
    (END_ROUND_3, "1", 1, PH_CARD75),
    (END_ROUND_3, "8", 1, PH_CARD75),
    (END_ROUND_3, "18", 3, PH_CARD75),
)
SCHEDULE_WHEN = column(QUEST_SCHEDULE, 0)
SCHEDULE_LOC = np.array([LOC_INDEX[r[1]] for r in QUEST_SCHEDULE], dtype=np.int64)
SCHEDULE_MIN_PLAYERS = column(QUEST_SCHEDULE, 2)
