"""Components of Pirates of Nassau (rules: docs/rules/pirates_of_nassau.md).

Every table is a plain tuple of rows the engine turns into numpy columns. The
rulebook prints almost no component data, so most rows are PLACEHOLDERS (PD-1 ..
PD-6 of the rules reference); a real card list replaces the rows without any code
change, as long as the counts fit the record sizes below (58 merchants, 30 navy
cards + Game End, 32/34/42 tokens).

Provenance per table:
- PD-1 board: PLACEHOLDER except La Havana at 1 (port), 3 (trade route), 7 and 14
  (intermediate) and the region structure (PN-3.2, PN-3.3);
- PD-2 merchants: PLACEHOLDER except M1-10 (source example, PN-2.4);
- PD-3 navy: PLACEHOLDER except N1-09 (2,3), N1-12 (4,4) and the 20/10 split;
- PD-4 captain cards: (3,3), (2,2), (2,1) from source examples, (1,2) PLACEHOLDER;
- PD-5 ship sections: PLACEHOLDER (starting sail/cannon 1 from the source);
- PD-6 tokens: PLACEHOLDER except the Great Cannon effect; counts per stack from PN-2.1.
"""

import numpy as np

MAX_PLAYERS = 5
NUM_POSITIONS = 20  # PN-3.1: positions 1..20; 0 stands for Nassau in the record
RESOURCES = ("gunpowder", "goods", "rum")
ITEMS = ("peso", "gunpowder", "goods", "rum", "hostage")  # PN-0.4: what uses storage
I_PESO, I_GUNPOWDER, I_GOODS, I_RUM, I_HOSTAGE = range(5)
SUPPLY = {"gunpowder": 20, "goods": 20, "rum": 20, "hostage": 7, "trade_wind": 10}  # PN-2.1, PN-2.6
DICE_PER_PLAYER = 3  # PN-2.2
PASSES = 3  # PN-7.1
CAPTAIN_CARDS = 4

# ----- PD-1 board (PLACEHOLDER except rows 1, 3, 7, 14) ----------------------------------
PORT, ROUTE, INTERMEDIATE = 0, 1, 2
POSITION_KINDS = ("port", "trade route", "intermediate")
# position, region (0 for the intermediates), kind, name, smuggle offer (PN-8.7)
BOARD = (
    (1, 1, PORT, "La Havana", ("goods", "rum")),  # from source; offer PLACEHOLDER
    (2, 1, ROUTE, "", ()),
    (3, 1, ROUTE, "", ()),  # from source (plunder example)
    (4, 1, PORT, "Port 4", ("gunpowder", "goods")),
    (5, 1, ROUTE, "", ()),
    (6, 1, ROUTE, "", ()),
    (7, 0, INTERMEDIATE, "", ()),  # from source
    (8, 2, ROUTE, "", ()),
    (9, 2, PORT, "Port 9", ("gunpowder", "rum")),
    (10, 2, ROUTE, "", ()),
    (11, 2, ROUTE, "", ()),
    (12, 2, PORT, "Port 12", ("goods", "rum")),
    (13, 2, ROUTE, "", ()),
    (14, 0, INTERMEDIATE, "", ()),  # from source
    (15, 3, ROUTE, "", ()),
    (16, 3, PORT, "Port 16", ("gunpowder", "goods", "rum")),
    (17, 3, ROUTE, "", ()),
    (18, 3, PORT, "Spanish port", ("gunpowder", "goods", "rum", "pesos")),  # GAP-2
    (19, 3, ROUTE, "", ()),
    (20, 3, PORT, "Port 20", ("gunpowder", "goods", "rum")),
)

# ----- PD-2 merchants (PLACEHOLDER except M1-10) ------------------------------------------
# id, sail, cannon, printed loot (the +1 peso of PN-8.3 is not printed)
MERCHANTS = (
    ("M1-01", 1, 1, "1 goods, 1 rum"),
    ("M1-02", 1, 1, "1 gunpowder, 1 goods"),
    ("M1-03", 1, 1, "1 gunpowder, 1 rum"),
    ("M1-04", 1, 2, "2 goods"),
    ("M1-05", 1, 2, "2 rum"),
    ("M1-06", 1, 2, "1 peso, 1 gunpowder"),
    ("M1-07", 2, 1, "2 gunpowder"),
    ("M1-08", 2, 1, "1 peso, 1 goods"),
    ("M1-09", 2, 1, "1 rum, 1 hostage"),
    ("M1-10", 2, 2, "1 goods, 2 rum"),  # from source example
    ("M1-11", 2, 2, "1 gunpowder, 2 goods"),
    ("M1-12", 2, 2, "2 gunpowder, 1 rum"),
    ("M1-13", 2, 2, "1 peso, 1 goods, 1 rum"),
    ("M1-14", 1, 3, "2 gunpowder, 1 goods"),
    ("M1-15", 3, 1, "2 goods, 1 rum"),
    ("M1-16", 2, 3, "1 gunpowder, 1 goods, 1 rum"),
    ("M1-17", 3, 2, "1 gunpowder, 2 rum"),
    ("M1-18", 3, 2, "1 peso, 1 goods, 1 hostage"),
    ("M1-19", 2, 3, "2 peso, 1 gunpowder"),
    ("M1-20", 3, 3, "1 peso, 1 gunpowder, 1 goods, 1 rum"),
    ("M2-01", 2, 3, "2 goods, 1 rum"),
    ("M2-02", 3, 2, "2 gunpowder, 1 rum"),
    ("M2-03", 3, 3, "1 gunpowder, 2 rum"),
    ("M2-04", 3, 3, "1 peso, 2 goods"),
    ("M2-05", 3, 3, "1 gunpowder, 1 goods, 1 hostage"),
    ("M2-06", 2, 4, "2 gunpowder, 1 goods"),
    ("M2-07", 4, 2, "1 goods, 2 rum"),
    ("M2-08", 3, 4, "1 gunpowder, 2 goods, 1 rum"),
    ("M2-09", 4, 3, "2 gunpowder, 1 goods, 1 rum"),
    ("M2-10", 4, 3, "1 peso, 2 rum, 1 hostage"),
    ("M2-11", 3, 4, "1 peso, 1 gunpowder, 1 goods, 1 rum"),
    ("M2-12", 4, 4, "2 goods, 2 rum"),
    ("M2-13", 4, 4, "2 gunpowder, 2 goods"),
    ("M2-14", 4, 4, "1 gunpowder, 2 rum, 1 hostage"),
    ("M2-15", 3, 5, "1 peso, 2 gunpowder, 1 rum"),
    ("M2-16", 5, 3, "1 peso, 1 gunpowder, 2 goods"),
    ("M2-17", 4, 5, "2 peso, 1 goods, 1 rum"),
    ("M2-18", 5, 4, "2 peso, 1 gunpowder, 1 goods, 1 rum"),
    ("M3-01", 4, 4, "2 gunpowder, 2 rum"),
    ("M3-02", 4, 4, "1 peso, 2 goods, 1 rum"),
    ("M3-03", 4, 5, "1 peso, 2 gunpowder, 1 goods"),
    ("M3-04", 5, 4, "1 peso, 1 goods, 2 rum"),
    ("M3-05", 5, 5, "2 gunpowder, 2 goods, 1 rum"),
    ("M3-06", 5, 5, "1 gunpowder, 2 goods, 2 rum"),
    ("M3-07", 5, 5, "2 peso, 1 gunpowder, 1 goods, 1 hostage"),
    ("M3-08", 4, 6, "1 peso, 2 gunpowder, 2 goods"),
    ("M3-09", 6, 4, "1 peso, 2 gunpowder, 2 rum"),
    ("M3-10", 5, 6, "3 peso, 1 goods, 1 rum"),
    ("M3-11", 6, 5, "1 gunpowder, 2 goods, 1 rum, 1 hostage"),
    ("M3-12", 5, 6, "2 gunpowder, 1 goods, 2 rum"),
    ("M3-13", 6, 5, "1 gunpowder, 2 goods, 2 rum"),
    ("M3-14", 6, 6, "2 gunpowder, 2 goods, 2 rum"),
    ("M3-15", 6, 6, "3 peso, 1 gunpowder, 1 goods, 1 rum"),
    ("M3-16", 6, 6, "2 peso, 2 rum, 1 hostage"),
    ("M3-17", 5, 7, "2 peso, 2 gunpowder, 2 goods"),
    ("M3-18", 7, 5, "2 peso, 2 goods, 2 rum"),
    ("M3-19", 6, 7, "3 peso, 2 goods, 1 rum"),
    ("M3-20", 7, 7, "4 peso, 1 gunpowder, 1 goods, 1 rum"),
)

# ----- PD-3 Royal Navy (PLACEHOLDER except N1-09, N1-12 and the split) ---------------------
# id, phase (1 yellow / 2 orange), player-count mark (0 = always, 4 = 4+, 5 = 5+), sail, cannon;
# sail = cannon = 0 is an empty ocean (PN-10.3)
NAVY = (
    ("N1-01", 1, 0, 0, 0),
    ("N1-02", 1, 0, 0, 0),
    ("N1-03", 1, 0, 0, 0),
    ("N1-04", 1, 0, 0, 0),
    ("N1-05", 1, 0, 1, 2),
    ("N1-06", 1, 0, 2, 1),
    ("N1-07", 1, 0, 2, 2),
    ("N1-08", 1, 0, 2, 2),
    ("N1-09", 1, 0, 2, 3),  # values from source example
    ("N1-10", 1, 0, 3, 2),
    ("N1-11", 1, 0, 3, 3),
    ("N1-12", 1, 0, 4, 4),  # values from source example
    ("N1-13", 1, 4, 0, 0),
    ("N1-14", 1, 4, 1, 3),
    ("N1-15", 1, 4, 3, 1),
    ("N1-16", 1, 4, 2, 2),
    ("N1-17", 1, 5, 0, 0),
    ("N1-18", 1, 5, 2, 3),
    ("N1-19", 1, 5, 3, 2),
    ("N1-20", 1, 5, 3, 3),
    ("N2-01", 2, 0, 0, 0),
    ("N2-02", 2, 0, 4, 5),
    ("N2-03", 2, 0, 5, 4),
    ("N2-04", 2, 0, 5, 5),
    ("N2-05", 2, 0, 5, 6),
    ("N2-06", 2, 0, 6, 5),
    ("N2-07", 2, 4, 4, 6),
    ("N2-08", 2, 4, 6, 4),
    ("N2-09", 2, 5, 0, 0),
    ("N2-10", 2, 5, 6, 6),
)
GAME_END = len(NAVY)  # navy card id of the Game End card (PN-2.1 #13), shuffled into phase 2

# ----- PD-4 captain cards (same for every colour) ------------------------------------------
CAPTAINS = ((3, 3), (2, 2), (2, 1), (1, 2))  # (sail, cannon); card 3 is a PLACEHOLDER

# ----- PD-5 ship sections (PLACEHOLDER) ----------------------------------------------------
SLOT_HULL_RED, SLOT_HULL_BLACK, SLOT_SAIL_YELLOW, SLOT_SAIL_PURPLE, SLOT_MIZZEN, SLOT_CREW = range(6)
SLOT_KINDS = ("hull/red", "hull/black", "sail/yellow", "sail/purple", "mizzen/green", "crew")
# section name, extra section number (0 = bow/stern, 1 = brigantine, 2 = galleon), slot kinds, storage, green
SECTIONS = (
    ("bow", 0, (SLOT_HULL_RED, SLOT_SAIL_YELLOW, SLOT_CREW), 3, 1),
    ("stern", 0, (SLOT_HULL_RED, SLOT_SAIL_YELLOW, SLOT_MIZZEN, SLOT_CREW), 3, 1),
    ("brigantine", 1, (SLOT_HULL_BLACK, SLOT_SAIL_PURPLE, SLOT_CREW, SLOT_CREW), 3, 0),
    ("galleon", 2, (SLOT_HULL_BLACK, SLOT_SAIL_PURPLE, SLOT_MIZZEN, SLOT_CREW, SLOT_CREW), 3, 0),
)
PRINTED_SAIL, PRINTED_CANNON = 1, 1  # PN-4.9 (source)
# PN-2.3 (source): costs in (gunpowder, goods, rum)
SECTION_COST = (2, 2, 2)
TOKEN_COST = {"hull": (2, 1, 0), "sail": (0, 2, 1), "mizzen": (1, 1, 1), "crew": (1, 0, 2)}

# ----- PD-6 tokens (PLACEHOLDER except the Great Cannon) ------------------------------------
STACK_HULL, STACK_MAST, STACK_CREW = range(3)
STACKS = ("hull", "mast", "crew")
# type id, name, stack, cost class, slot kind, count, permanent sail, permanent cannon,
# cannon only when raiding, challenge boost sail, boost cannon, step-3 notoriety, green, blue
TOKENS = (
    ("H-A", "Cannon", STACK_HULL, "hull", SLOT_HULL_RED, 10, 0, 1, 0, 0, 0, 0, 1, 0),
    ("H-B", "Great Cannon", STACK_HULL, "hull", SLOT_HULL_RED, 4, 0, 0, 2, 0, 0, 0, 1, 0),  # effect from source
    ("H-C", "Figurehead", STACK_HULL, "hull", SLOT_HULL_RED, 2, 0, 1, 0, 0, 0, 0, 2, 0),
    ("H-D", "Cannon Battery", STACK_HULL, "hull", SLOT_HULL_BLACK, 12, 0, 2, 0, 0, 0, 0, 2, 0),
    ("H-E", "Captain's Cabin", STACK_HULL, "hull", SLOT_HULL_BLACK, 4, 0, 1, 0, 0, 0, 0, 3, 0),
    ("S-A", "Topsail", STACK_MAST, "sail", SLOT_SAIL_YELLOW, 9, 1, 0, 0, 0, 0, 0, 1, 0),
    ("S-B", "Jib", STACK_MAST, "sail", SLOT_SAIL_YELLOW, 4, 1, 0, 0, 0, 0, 0, 2, 0),
    ("S-C", "Main Course", STACK_MAST, "sail", SLOT_SAIL_PURPLE, 8, 2, 0, 0, 0, 0, 0, 2, 0),
    ("S-D", "Spritsail", STACK_MAST, "sail", SLOT_SAIL_PURPLE, 4, 1, 0, 0, 0, 0, 0, 3, 0),
    ("Z-A", "Crow's Nest", STACK_MAST, "mizzen", SLOT_MIZZEN, 3, 0, 0, 0, 2, 0, 0, 2, 0),
    ("Z-B", "Ratlines", STACK_MAST, "mizzen", SLOT_MIZZEN, 3, 0, 0, 0, 1, 1, 0, 2, 0),
    ("Z-C", "Pirate Flag", STACK_MAST, "mizzen", SLOT_MIZZEN, 3, 0, 0, 0, 0, 0, 2, 1, 0),
    ("C-A", "Gunner", STACK_CREW, "crew", SLOT_CREW, 8, 0, 0, 0, 0, 2, 0, 0, 1),
    ("C-B", "Helmsman", STACK_CREW, "crew", SLOT_CREW, 8, 0, 0, 0, 2, 0, 0, 0, 1),
    ("C-C", "Boatswain", STACK_CREW, "crew", SLOT_CREW, 6, 0, 0, 0, 1, 1, 0, 0, 2),
    ("C-D", "Quartermaster", STACK_CREW, "crew", SLOT_CREW, 6, 0, 0, 0, 0, 0, 2, 0, 1),
    ("C-E", "Old Salt", STACK_CREW, "crew", SLOT_CREW, 8, 0, 0, 0, 0, 0, 0, 0, 2),
    ("C-F", "Ship's Cat / Ship's Dog", STACK_CREW, "crew", SLOT_CREW, 6, 0, 0, 0, 0, 0, 0, 0, 3),
)

# ----- what the rulebook prints (everything else above is a PLACEHOLDER, drawn as one) -------
SOURCED_POSITIONS = (1, 3, 7, 14)
SOURCED_MERCHANTS = ("M1-10",)
SOURCED_NAVY = ("N1-09", "N1-12", "GE")

# ----- PN-16.3 rank points ---------------------------------------------------------------
RANK_POINTS = (7, 5, 3, 1, 0)
CATEGORIES = ("notoriety", "crew", "ship", "treasure")


# ----- columns the kernels read -------------------------------------------------------------
def _col(rows, i, dtype=np.int64):
    return np.array([r[i] for r in rows], dtype=dtype)


def parse_loot(text):
    """'1 peso, 2 rum' -> counts per item (peso, gunpowder, goods, rum, hostage)."""
    out = [0] * len(ITEMS)
    for part in filter(None, (p.strip() for p in text.split(","))):
        count, name = part.split(" ", 1)
        out[ITEMS.index(name.rstrip("s") if name.endswith("pesos") else name)] += int(count)
    return out


SUPPLY_BY_ITEM = np.array([0] + [SUPPLY[i] for i in ITEMS[1:]], dtype=np.int64)  # pesos unlimited (GAP-32)
TRADE_WINDS = SUPPLY["trade_wind"]

assert tuple(r[0] for r in BOARD) == tuple(range(1, NUM_POSITIONS + 1))
POS_REGION = np.zeros(NUM_POSITIONS + 1, dtype=np.int64)  # PN-3.4; 0 for Nassau and the intermediates
POS_KIND = np.full(NUM_POSITIONS + 1, -1, dtype=np.int64)  # -1 for Nassau
POS_NAME = [""] * (NUM_POSITIONS + 1)
POS_OFFER = np.zeros((NUM_POSITIONS + 1, 4), dtype=np.int64)  # gunpowder, goods, rum, pesos
for _pos, _region, _kind, _name, _offer in BOARD:
    POS_REGION[_pos] = _region
    POS_KIND[_pos] = _kind
    POS_NAME[_pos] = _name
    for _o in _offer:
        POS_OFFER[_pos, (*RESOURCES, "pesos").index(_o)] = 1
ROUTES = tuple(p for p, _, k, _, _ in BOARD if k == ROUTE)
PORTS = tuple(p for p, _, k, _, _ in BOARD if k == PORT)
PORT_CANNON = np.where(POS_KIND == PORT, 4 + POS_REGION, 0)  # PN-3.5
NUM_ROUTES_MAX = max(sum(1 for p in ROUTES if POS_REGION[p] == r) for r in (1, 2, 3))

NUM_MERCHANTS = len(MERCHANTS)
MERCHANT_IDS = tuple(r[0] for r in MERCHANTS)
M_REGION = np.array([int(r[0][1]) for r in MERCHANTS], dtype=np.int64)  # region on the card back
M_SAIL = _col(MERCHANTS, 1)
M_CANNON = _col(MERCHANTS, 2)
M_LOOT = np.array([parse_loot(r[3]) for r in MERCHANTS], dtype=np.int64)
DECK_MAX = max(int((M_REGION == r).sum()) for r in (1, 2, 3))

NAVY_CARDS = NAVY + (("GE", 2, 0, 0, 0),)  # the Game End card is in the phase-2 pile (PN-4.3)
NUM_NAVY = len(NAVY_CARDS)
NAVY_IDS = tuple(r[0] for r in NAVY_CARDS)
NAVY_PHASE, NAVY_MARK, NAVY_SAIL, NAVY_CANNON = (_col(NAVY_CARDS, i) for i in range(1, 5))
NAVY_EMPTY = ((NAVY_SAIL == 0) & (NAVY_CANNON == 0)).astype(np.int64)
NAVY_EMPTY[GAME_END] = 0

CAPTAIN_SAIL = np.array([c[0] for c in CAPTAINS], dtype=np.int64)
CAPTAIN_CANNON = np.array([c[1] for c in CAPTAINS], dtype=np.int64)

SLOT_KIND = np.array([k for s in SECTIONS for k in s[2]], dtype=np.int64)
SLOT_SECTION = np.array([s[1] for s in SECTIONS for _ in s[2]], dtype=np.int64)  # extra section needed
NUM_SLOTS = len(SLOT_KIND)
BASE_STORAGE = sum(s[3] for s in SECTIONS if s[1] == 0)
SECTION_STORAGE = np.array([s[3] for s in sorted(SECTIONS, key=lambda s: s[1]) if s[1] > 0], dtype=np.int64)
PRINTED_GREEN = sum(s[4] for s in SECTIONS)
SECTION_PRICE = np.array(SECTION_COST, dtype=np.int64)

NUM_TOKEN_TYPES = len(TOKENS)
TOKEN_IDS = tuple(t[0] for t in TOKENS)
TOKEN_NAMES = tuple(t[1] for t in TOKENS)
T_STACK = _col(TOKENS, 2)
T_COST = np.array([TOKEN_COST[t[3]] for t in TOKENS], dtype=np.int64)
T_SLOT = _col(TOKENS, 4)
(T_COUNT, T_SAIL, T_CANNON, T_RAID, T_BOOST_SAIL, T_BOOST_CANNON, T_NOTO, T_GREEN, T_BLUE) = (
    _col(TOKENS, i) for i in range(5, 14)
)
T_ONE_SHOT = np.isin(T_SLOT, (SLOT_MIZZEN, SLOT_CREW)).astype(np.int64)  # PN-11.6
STACK_SIZE = np.array([int(T_COUNT[T_STACK == s].sum()) for s in range(3)], dtype=np.int64)
STACK_MAX = int(STACK_SIZE.max())
assert tuple(STACK_SIZE) == (32, 34, 42)  # PN-2.1
