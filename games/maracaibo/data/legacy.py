"""Legacy tiles of the story mode (MA-26.4 .. MA-26.7): the tile table and the check
of a tile set (the ``legacy_tiles`` option of ``maracaibo`` and ``maracaibo_solo``).

A tile id is "L1".."L25" without L19 and L24 (23 tiles; MA-26.4 describes no L19 or
L24). Tile index = position in LEGACY_TILES; a tile set in a record is a bit mask over
these indices (``opt_legacy``, bit i = LEGACY_TILES[i] in play).

What is real (MA-26.4): each tile's effect, the 3 MP routes, L3 on Cartagena, L1 on
Puerto Cabezas, L4's explorer space 4 / 5 VP / 3 MP, L6's costs 10 and 11 with +3
influence and +8 D, L7's explorer space 11 / +3 CP, L9's explorer space 5 / cost 8 /
+12 D, L11's 2 D toll, L25's 6 VP, L10 free. Everything else -- where the route
tiles, L5, L10-L25 lie, what L11-L17 cost and give, how many disc spaces they have,
where L4 and L7 join the route, the goods L1 / L4 / L7 take and the flag rewards of L1 / L4 / L7 -- is PLACEHOLDER (the
story cards and the board photo
are not transcribed), replaceable here without engine changes.
"""

import numpy as np

from . import actions, board
from .codes import (
    CORN, NONE, PAY_FIGURES, SUG, S_COMBAT, S_GAIN_CP, S_GAIN_D, S_GAIN_FIGURES, S_GAIN_VP, S_INFLUENCE_ANY, S_PAY_CP,
    S_VILLAGE_ACTIONS, TOB, pack_triples, placeholder, rulebook,
)

# ----- tile kinds (one rule each, MA-26.4) ----------------------------------------------
QUEST_CITY = 0  # L1: Puerto Cabezas becomes a city with a quest slot
ROUTE = 1  # L2, L8, L18: the arrow under the tile costs ROUTE_MP
PLAGUE = 2  # L3: no city/village actions and no markers at Cartagena
NEW_CITY = 3  # L4, L7: a new city, reachable once the explorer reached a space
FIGURE = 4  # L5: ending movement here gives a figure
ESCORT = 5  # L6: the silver fleet's combat action
GOLD_MINE = 6  # L9: the gold mine's combat action
PURCHASE = 7  # L10-L17: pay the cost, take the reward, put a disc on the tile
SKULL = 8  # L20-L23: no village actions here
VP_SPACE = 9  # L25: ending movement here gives VP
KIND_NAMES = ("quest city", "route", "plague", "new city", "figure", "escort", "gold mine", "purchase",
              "skull", "vp space")

ROUTE_MP = 3  # MA-26.4: the marked sea routes cost 3 MP instead of 1
NEW_CITY_MP = 3  # MA-26.4 L4: moving to or from it costs 3 MP
TOLL_D = 2  # MA-26.4 L11: passing costs 2 D
VP_SPACE_VP = 6  # MA-26.4 L25
ESCORT_COSTS = (10, 11)  # MA-26.4 L6: one combat-action cost per marker space
ESCORT_INFLUENCE = 3
ESCORT_D = 8
GOLD_MINE_COST = 8  # MA-26.4 L9
GOLD_MINE_D = 12
GOLD_MINE_EXPLORER = 5  # explorer space 5 or beyond (MA-26.4 L9; explorer.EXP_STEP_NUMBER)
PURCHASE_DISCS_2P = 1  # MA-26.4: with 2 players L11-L17 start with one disc
PURCHASE_DISCS_JEAN = 1  # MA-26.7: Jean's game adds one more disc from the box on L10-L17
MAX_TILE_DISCS = 3  # disc spaces a purchase tile can have (the widest row below)

R = rulebook("MA-26.4")
PH_POS = placeholder("MA-26.4: the tile's board position is not transcribed")
PH_BUY = placeholder("MA-26.4: cost, reward and disc spaces of L11-L17 are not printed in the rulebook")
PH_GOOD = placeholder("MA-26.4: the good a new city takes and its flag reward are not transcribed")
PH_L1 = placeholder("MA-26.4 L1: the new city's good and flag reward are not transcribed")

# Columns: id, name, kind, position, parameters (kind-specific, below), provenance.
# position: a location id of board.LOCATIONS; for ROUTE tiles an arrow "from>to" of
# board.EDGES; for NEW_CITY tiles "from>to" = the route locations the new city lies
# between; None for the two combat-action tiles, which lie beside the board.
# parameters: QUEST_CITY (market good, flag reward step); NEW_CITY (explorer space needed,
# the good delivered there, the city program that follows the delivery, the flag reward
# step a CA2 annex there gains); PURCHASE (cost
# in D, disc spaces, reward program); others ().
LEGACY_TILES = (
    ("L1", "Puerto Cabezas", QUEST_CITY, "18", (SUG, (S_GAIN_VP, 2)), R + "; Puerto Cabezas; " + PH_L1),
    ("L2", "Long route", ROUTE, "2>3", (), R + "; " + PH_POS),
    ("L3", "Plague", PLAGUE, "14", (), R + "; Cartagena"),
    ("L4", "Hidden harbour", NEW_CITY, "7>8",
     (4, TOB, ((S_VILLAGE_ACTIONS, 2), (S_PAY_CP, 1, PAY_FIGURES), (S_GAIN_VP, 5)), (S_GAIN_D, 3)),
     R + "; " + PH_POS + "; " + PH_GOOD),
    ("L5", "Recruits", FIGURE, "10", (), R + "; " + PH_POS),
    ("L6", "Silver fleet", ESCORT, None, (), R),
    ("L7", "El Dorado", NEW_CITY, "16>17", (11, CORN, ((S_GAIN_CP, 3), (S_COMBAT,)), (S_GAIN_VP, 3)),
     R + "; " + PH_POS + "; " + PH_GOOD),
    ("L8", "Long route", ROUTE, "9>10", (), R + "; " + PH_POS),
    ("L9", "Gold mine", GOLD_MINE, None, (), R),
    ("L10", "Free trade", PURCHASE, "2", (0, 3, ((S_GAIN_D, 2),)), R + " (free); " + PH_BUY),
    ("L11", "Toll station", PURCHASE, "9", (2, 3, ((S_GAIN_VP, 2),)), R + " (toll); " + PH_BUY),
    ("L12", "Trading post", PURCHASE, "4", (3, 3, ((S_GAIN_VP, 3),)), PH_BUY),
    ("L13", "Armoury", PURCHASE, "5", (2, 3, ((S_GAIN_CP, 2),)), PH_BUY),
    ("L14", "Tavern", PURCHASE, "11", (3, 3, ((S_GAIN_FIGURES, 1),)), PH_BUY),
    ("L15", "Embassy", PURCHASE, "13", (4, 3, ((S_INFLUENCE_ANY, 2),)), PH_BUY),
    ("L16", "Chapel", PURCHASE, "15", (4, 3, ((S_GAIN_VP, 4),)), PH_BUY),
    ("L17", "Bank", PURCHASE, "17", (5, 3, ((S_GAIN_D, 4), (S_GAIN_VP, 2))), PH_BUY),
    ("L18", "Long route", ROUTE, "15>16", (), R + "; " + PH_POS),
    ("L20", "Skull rock", SKULL, "3", (), R + "; " + PH_POS),
    ("L21", "Skull reef", SKULL, "12", (), R + "; " + PH_POS),
    ("L22", "Skull bay", SKULL, "16", (), R + "; " + PH_POS),
    ("L23", "Skull isle", SKULL, "1", (), R + "; " + PH_POS),
    ("L25", "Treasure", VP_SPACE, "19", (), R + "; " + PH_POS),
)
NUM_LEGACY_TILES = len(LEGACY_TILES)  # 23
LEGACY_TILE_IDS = tuple(r[0] for r in LEGACY_TILES)
LEGACY_INDEX = {t: i for i, t in enumerate(LEGACY_TILE_IDS)}
LEGACY_NAMES = tuple(r[1] for r in LEGACY_TILES)
LEGACY_KIND = np.array([r[2] for r in LEGACY_TILES], dtype=np.int64)
LEGACY_POSITION = tuple(r[3] for r in LEGACY_TILES)
TOLL_TILE = LEGACY_INDEX["L11"]
FREE_TILE = LEGACY_INDEX["L10"]
PLAGUE_TILE = LEGACY_INDEX["L3"]
QUEST_CITY_TILE = LEGACY_INDEX["L1"]
ESCORT_TILE = LEGACY_INDEX["L6"]
GOLD_MINE_TILE = LEGACY_INDEX["L9"]
ALL_TILES_MASK = (1 << NUM_LEGACY_TILES) - 1

# Purchase tiles (PURCHASE rows): cost, disc spaces, reward program (codes.pack_triples).
_buy = [r[4] if r[2] == PURCHASE else (0, 0, ()) for r in LEGACY_TILES]
PURCHASE_COST = np.array([b[0] for b in _buy], dtype=np.int64)
PURCHASE_SPACES = np.array([b[1] for b in _buy], dtype=np.int64)
PURCHASE_CODE, PURCHASE_A0, PURCHASE_A1, PURCHASE_LEN = pack_triples([list(b[2]) for b in _buy])
# New cities (NEW_CITY rows, MA-26.4 L4 / L7). New city k = k-th NEW_CITY row: the parameter
# of the action family legacy_sail and the column of the observation segment legacy_ship.
# The ship at new city k stands on NEW_CITY_FROM[k] with state.legacy_city = k; it leaves
# through NEW_CITY_TO[k]. Its city action is delivery (MA-7.2, one good, no market slots:
# the new cities have no market to fill) and then its program, city program id
# NUM_CITY_ACTIONS + k (CITY_PROG_*: the catalogue of actions.CITY_ACTIONS, then these).
NEW_CITY_TILES = np.flatnonzero(LEGACY_KIND == NEW_CITY)  # L4, L7
NUM_NEW_CITIES = len(NEW_CITY_TILES)
_new = [LEGACY_TILES[t] for t in NEW_CITY_TILES]
NEW_CITY_EXPLORER = np.array([r[4][0] for r in _new], dtype=np.int64)  # explorer space number needed (4, 11)
NEW_CITY_GOOD = np.array([r[4][1] for r in _new], dtype=np.int64)
NEW_CITY_FROM = np.array([board.LOC_INDEX[r[3].split(">")[0]] for r in _new], dtype=np.int64)
NEW_CITY_TO = np.array([board.LOC_INDEX[r[3].split(">")[1]] for r in _new], dtype=np.int64)
NEW_CITY_OF_TILE = {int(t): k for k, t in enumerate(NEW_CITY_TILES)}
# MA-26.4 "usable and annexable": a new city has a flag (CA2, MA-8.6) once the annexing
# player's explorer reached its space; the nation holding it is state.legacy_city_marker[k]
NEW_CITY_FLAG_CODE = np.array([r[4][3][0] for r in _new], dtype=np.int64)
NEW_CITY_FLAG_AMOUNT = np.array([r[4][3][1] for r in _new], dtype=np.int64)
NUM_CITY_ACTIONS = len(actions.CITY_ACTIONS)
NEW_CITY_ACTION = NUM_CITY_ACTIONS + np.arange(NUM_NEW_CITIES, dtype=np.int64)
CITY_PROG_CODE, CITY_PROG_A0, CITY_PROG_A1, CITY_PROG_LEN = pack_triples(
    [list(r[2]) for r in actions.CITY_ACTIONS] + [list(r[4][2]) for r in _new])

# ----- where the tiles lie, as arrays the kernels read -----------------------------------
PURCHASE_TILES = np.flatnonzero(LEGACY_KIND == PURCHASE)  # L10..L17
NUM_PURCHASE_TILES = len(PURCHASE_TILES)
NUM_MARKER_SPACES = 3  # L6's spaces (cost 10, 11) and L9's "8" space (MA-26.4, MA-26.5)
# location -> the tile lying on it (NONE): every tile whose position is one location
TILE_AT_LOCATION = np.full(board.NUM_LOCATIONS, NONE, dtype=np.int64)
# (location, successor slot of board.SUCC) -> the route tile on that arrow (NONE)
ROUTE_TILE_ON_ARROW = np.full((board.NUM_LOCATIONS, board.MAX_SUCCESSORS), NONE, dtype=np.int64)
for _t, _pos in enumerate(LEGACY_POSITION):
    if _pos is None or LEGACY_KIND[_t] == NEW_CITY:
        continue
    if LEGACY_KIND[_t] == ROUTE:
        _a, _b = (board.LOC_INDEX[x] for x in _pos.split(">"))
        ROUTE_TILE_ON_ARROW[_a, list(board.SUCC[_a]).index(_b)] = _t
    else:
        TILE_AT_LOCATION[board.LOC_INDEX[_pos]] = _t
TOLL_LOCATION = board.LOC_INDEX[LEGACY_POSITION[TOLL_TILE]]
# L1 (MA-26.4): the village becomes a city with a market, a flag and a quest slot
QUEST_CITY_LOCATION = board.LOC_INDEX[LEGACY_POSITION[QUEST_CITY_TILE]]
QUEST_CITY_GOOD = LEGACY_TILES[QUEST_CITY_TILE][4][0]
QUEST_CITY_FLAG_CODE, QUEST_CITY_FLAG_AMOUNT = LEGACY_TILES[QUEST_CITY_TILE][4][1]
PLAGUE_LOCATION = board.LOC_INDEX[LEGACY_POSITION[PLAGUE_TILE]]

# ----- which tiles each game implements --------------------------------------------------
# Tiles the engine plays; the option refuses the others ("not implemented yet") so that
# no tile is ever a silent no-op. Grows as the rules are implemented.
_GROUPS = ("L2", "L5", "L8", "L18", "L25",  # movement and arrival
           "L3", "L20", "L21", "L22", "L23",  # plague and skull tiles
           "L10", "L11", "L12", "L13", "L14", "L15", "L16", "L17",  # purchases, L11's toll
           "L6", "L9")  # combat actions
IMPLEMENTED = frozenset(_GROUPS + ("L1", "L4", "L7"))  # + the cities
IMPLEMENTED_SOLO = frozenset(_GROUPS + ("L1", "L4", "L7"))  # MA-26.7: Jean ignores all of them but L1, L3, L4, L7


def tiles_mask(tiles):
    """The ``opt_legacy`` bit mask of a checked tile tuple."""
    return sum(1 << LEGACY_INDEX[t] for t in tiles)


def tiles_of_mask(mask):
    """The canonical tile tuple of an ``opt_legacy`` bit mask."""
    return tuple(t for i, t in enumerate(LEGACY_TILE_IDS) if int(mask) >> i & 1)


def check_legacy_tiles(game_name, tiles):
    """A tile set as the canonical tuple (sorted by tile number), or a one-line ValueError.

    Refused: a value that is not a tuple/list of strings, an unknown id, a tile twice
    (MA-26.4: every tile exists once), two tiles on one board place (MA-26.4: tiles lie
    at fixed positions; only one can lie on each) and tiles this game does not play yet.
    """
    if isinstance(tiles, str) or not isinstance(tiles, (tuple, list)):
        raise ValueError(f"{game_name}: option legacy_tiles must be a tuple of tile ids like ('L2', 'L6'), "
                         f"got {tiles!r}")
    seen = set()
    for t in tiles:
        if not isinstance(t, str) or t not in LEGACY_INDEX:
            known = ", ".join(LEGACY_TILE_IDS)
            raise ValueError(f"{game_name}: unknown legacy tile {t!r} (legacy tiles are {known})")
        if t in seen:
            raise ValueError(f"{game_name}: legacy tile {t} given twice (each tile exists once, MA-26.4)")
        seen.add(t)
    out = tuple(sorted(seen, key=LEGACY_INDEX.get))
    places = {}
    for t in out:
        place = LEGACY_POSITION[LEGACY_INDEX[t]]
        if place is not None and place in places:
            raise ValueError(f"{game_name}: legacy tiles {places[place]} and {t} cannot both be in play: "
                             f"both lie on {place} (MA-26.4)")
        places[place] = t
    implemented = IMPLEMENTED_SOLO if game_name == "maracaibo_solo" else IMPLEMENTED
    for t in out:
        if t not in implemented:
            raise ValueError(f"{game_name}: legacy tile {t} is not implemented yet")
    return out
