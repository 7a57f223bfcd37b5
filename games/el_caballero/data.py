"""Components of El Caballero (rules: docs/rules/el_caballero.md, EC-2, EC-3).

The engine reads only the numpy columns built at the end of this module from plain
tables. Provenance:

- counts of caballero cards, power cards, ships, castillos, Grandes and Governors:
  from the rulebook summary (EC-2.1 table);
- AREA_TYPES and AREA_CARDS (EC-3.7) are PLACEHOLDERS (EC-GAP-1, EC-GAP-2): the
  real 48 cards are not known. A real list replaces the two tables row by row,
  without code changes (any non-crossing piece map with piece 0 the land piece and
  pieces 1, 2 the sea pieces, EC-3.5);
- CABALLERO_NUMBERS (EC-3.13) is a PLACEHOLDER arrangement (EC-GAP-4);
- POWER_INCOME rows (EC-2.4): the default row is DERIVED FROM TWO SOURCES, NOT FROM
  THE PHYSICAL CARDS (El Grande's table plus one caballero on every card but the
  13); the El Grande row is the configuration alternative ``power_row="el_grande"``.
"""

import numpy as np

LAND, SEA = 1, 0
TERRAIN_CHAR = {LAND: "L", SEA: "S"}
DIRECTIONS = ("N", "E", "S", "W")  # EC-3.2: d = 0..3, clockwise
DX = np.array([0, 1, 0, -1], dtype=np.int64)  # east is +x
DY = np.array([1, 0, -1, 0], dtype=np.int64)  # north is +y

# ----- area cards (EC-3.5, EC-3.7), PLACEHOLDER -------------------------------------
# name, edges N E S W at rotation 0 ("L"/"S"), piece of each side (0 land, 1-2 sea)
AREA_TYPES = (
    ("OPEN_SEA", "SSSS", (1, 1, 1, 1)),
    ("CAPE", "LSSS", (0, 1, 1, 1)),
    ("CORNER", "LLSS", (0, 0, 1, 1)),
    ("ISTHMUS", "LSLS", (0, 1, 0, 2)),  # fish sits on piece 1, the canonical East sea
    ("BAY", "LLLS", (0, 0, 0, 1)),
    ("INLAND", "LLLL", (0, 0, 0, 0)),
)
# type name, plain, gold (on piece 0), fish (on piece 1); ids run in this order
AREA_CARDS = (
    ("OPEN_SEA", 3, 0, 3),
    ("CAPE", 4, 3, 3),
    ("CORNER", 4, 3, 3),
    ("ISTHMUS", 2, 2, 2),
    ("BAY", 4, 3, 3),
    ("INLAND", 3, 3, 0),
)

# ----- caballero cards (EC-2.1, EC-3.13), PLACEHOLDER arrangement --------------------
# number on side d (N E S W) for orientation o = 4 s + rho (side A: s = 0, B: s = 1)
CABALLERO_NUMBERS = (
    (1, 2, 3, 4),
    (4, 1, 2, 3),
    (3, 4, 1, 2),
    (2, 3, 4, 1),
    (5, 6, 7, 8),
    (8, 5, 6, 7),
    (7, 8, 5, 6),
    (6, 7, 8, 5),
)
SIDE_A_ORIENTATIONS = 4  # o = 0..3 show 1-4 (the only ones for a sea placement, EC-6.3.4)

# ----- power cards (EC-2.3, EC-2.4) --------------------------------------------------
POWER_VALUES = 13
POWER_TWO_AREAS = 9  # EC-2.3: its holder places two area cards
POWER_ROWS = {
    # DERIVED FROM TWO SOURCES, NOT FROM THE PHYSICAL CARDS (EC-2.4, EC-GAP-8)
    "el_caballero": (7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 0),
    # El Grande's row (GK, only 9, 12 and 13 confirmed): the configuration alternative
    "el_grande": (6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0),
}

# ----- counts (EC-2.1 table, EC-4) ---------------------------------------------------
START_COURT = 5  # EC-4.2
DISPLAY_SIZE = 5  # EC-4.5
MAX_MAP_CARDS = 10  # caballero cards per colour
# by mode, indexed by ``expanded`` (0 basic, 1 expanded) in Python and in the kernels alike
MAP_CARDS = (8, 10)  # M by mode (EC-GAP-6); court-marker variant: 7 / 9
SUPPLY = (12, 16)  # ships and castillos each (EC-4.3, EC-10.3)
GOVERNORS = 5  # per colour (EC-10.3)
ROUNDS = (7, 10)  # EC-1.3, EC-10.2
SCORING_ROUNDS = ((4, 7), (4, 7, 10))  # EC-8.1
PER_TURN = 2  # caballero placements + increases, ships, castillos (EC-5.8)
SHIP_COST, CASTILLO_COST, MOVE_COST = 2, 1, 1  # EC-6.6.1, EC-6.7.1, EC-6.9
GOVERNOR_COST, GRANDE_COST, GRANDE_MOVE_COST = 1, 2, 1  # EC-10.4, EC-10.6, EC-10.9
SEA_PLACEMENT_COST = 1  # EC-6.3.4
SUBACTION_CAP = 64  # EC-GAP-26
SCORE_UNIT = 12  # scores in twelfths (EC-8.7)


# ----- numpy columns the kernels read ------------------------------------------------
def _area_columns():
    names = [t[0] for t in AREA_TYPES]
    edge = np.array([[LAND if ch == "L" else SEA for ch in t[1]] for t in AREA_TYPES], dtype=np.int64)
    piece = np.array([t[2] for t in AREA_TYPES], dtype=np.int64)
    card_type, gold, fish = [], [], []
    for name, plain, with_gold, with_fish in AREA_CARDS:
        t = names.index(name)
        for g, f in [(0, 0)] * plain + [(1, 0)] * with_gold + [(0, 1)] * with_fish:
            card_type.append(t)
            gold.append(g)
            fish.append(f)
    return (
        tuple(names),
        edge,
        piece,
        np.array(card_type, np.int64),
        np.array(gold, np.int64),
        np.array(fish, np.int64),
    )


TYPE_NAMES, TYPE_EDGE, TYPE_PIECE, CARD_TYPE, CARD_GOLD, CARD_FISH = _area_columns()
NUM_TYPES = len(TYPE_NAMES)
NUM_CARDS = CARD_TYPE.size  # 48
PIECES = 3  # piece ids per card: 0 land, 1 and 2 sea (EC-3.5)
# which piece ids a type has
TYPE_HAS_PIECE = np.zeros((NUM_TYPES, PIECES), np.int64)
for _t in range(NUM_TYPES):
    TYPE_HAS_PIECE[_t, TYPE_PIECE[_t]] = 1
# terrain and piece of side d of a type rotated r quarter turns clockwise (EC-3.6)
ROT_EDGE = np.array(
    [[[TYPE_EDGE[t, (d - r) % 4] for d in range(4)] for r in range(4)] for t in range(NUM_TYPES)], dtype=np.int64
)
ROT_PIECE = np.array(
    [[[TYPE_PIECE[t, (d - r) % 4] for d in range(4)] for r in range(4)] for t in range(NUM_TYPES)], dtype=np.int64
)
NUM = np.array(CABALLERO_NUMBERS, dtype=np.int64)  # NUM[o, d]
NUM_ORIENT = NUM.shape[0]
MAX_VALUE = int(NUM.max())
# ORIENT_FOR[d, v]: the orientation showing v on side d (-1 if none), the inverse of EC-3.13
ORIENT_FOR = np.full((4, MAX_VALUE + 1), -1, np.int64)
for _o in range(NUM_ORIENT - 1, -1, -1):
    for _d in range(4):
        ORIENT_FOR[_d, NUM[_o, _d]] = _o
INCOME = {row: np.array(values, np.int64) for row, values in POWER_ROWS.items()}
POWER_ROW_NAMES = tuple(POWER_ROWS)
INCOME_TABLE = np.array([POWER_ROWS[r] for r in POWER_ROW_NAMES], np.int64)  # [row, value - 1]
# a card "plain" for the start card: neither gold nor fish (EC-4.4)
CARD_PLAIN = ((CARD_GOLD == 0) & (CARD_FISH == 0)).astype(np.int64)
# the deck's composition classes: type x symbol (0 plain, 1 gold, 2 fish)
CARD_CLASS = CARD_TYPE * 3 + CARD_GOLD + 2 * CARD_FISH
NUM_CLASSES = NUM_TYPES * 3


def card_name(card):
    """e.g. "CAPE+gold (id 10)"."""
    sym = "+gold" if CARD_GOLD[card] else "+fish" if CARD_FISH[card] else ""
    return f"{TYPE_NAMES[CARD_TYPE[card]]}{sym}"


def card_face(card, rot):
    """What the card shows on the map at rotation ``rot``, side by side (N E S W): the
    terrain, which sides share a piece (pieces numbered in order of first appearance)
    and the symbol on the side's piece (gold sits on piece 0, fish on piece 1, EC-3.7).
    Two rotations with the same face are the same placement (OPEN_SEA, INLAND, a plain
    ISTHMUS turned half round)."""
    t = CARD_TYPE[card]
    pieces, names = [], {}
    for d in range(4):
        piece = int(ROT_PIECE[t, rot, d])
        symbol = "gold" if CARD_GOLD[card] and piece == 0 else "fish" if CARD_FISH[card] and piece == 1 else ""
        pieces.append((int(ROT_EDGE[t, rot, d]), names.setdefault(piece, len(names)), symbol))
    return tuple(pieces)


def card_sides(card, rot):
    """The terrain letters of the card's sides N E S W at rotation ``rot``, e.g. "LSSS"."""
    return "".join(TERRAIN_CHAR[int(ROT_EDGE[CARD_TYPE[card], rot, d])] for d in range(4))
