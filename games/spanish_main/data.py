"""Components of Pirates of the Spanish Main: The Card Game.

Every table is indexed by kind id (adventure kinds 0..23 = A01..A24, move kinds
0..11 = M01..M12, ships 0..8 = E1..D3). The engine reads only these tables, so a
corrected card list replaces this module's rows without any code change.

Provenance (see docs/rules/spanish_main.md):
- adventure and move card names, counts and effects: from the rulebook (SM-2.2, SM-2.4);
- the Fog count (1) is DERIVED (24 - 23), a placeholder until the card list is seen (GAP-2);
- ship names are PLACEHOLDERS: the rulebook gives only nationalities (GAP-3).
"""

import numpy as np

from ..core.codes import Codes

NATIONS = ("English", "Spanish", "Dutch")
NUM_SHIPS = 9
NUM_POSITIONS = 9

# PLACEHOLDER names (GAP-3): the rulebook names no ship or pirate.
SHIP_NAMES = ("E1", "E2", "E3", "S1", "S2", "S3", "D1", "D2", "D3")
SHIP_NATION = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2], dtype=np.int64)


# ----- adventure cards (SM-2.2, SM-6.9) -------------------------------------------
class Select(Codes):
    """How an adventure card selects its ships."""

    POSITIONS = "the ships at fixed positions"
    FIRST = "SM-6.3: the first n undamaged ships, from the front"
    LAST = "SM-6.3: the last n undamaged ships, from the back"
    MUTINY = "SM-6.9.16: frontmost ship whose pirate is unrevealed"
    ATTACK = "SM-6.9.17: nation attack"
    LOOT = "SM-6.9.18: nation loot"


# Columns: id, English name, Chinese name, count, selection, positions (1-based),
# n, fame gained by each undamaged selected ship, damage selected (0/1),
# fame lost by each selected ship, nation (for attack/loot).
ADVENTURES = (
    ("A01", "Ancient Relics", "古代遺物", 2, Select.POSITIONS, (1, 2, 3), 0, 1, 0, 0, -1),
    ("A02", "Native Alliance", "原民同盟", 2, Select.POSITIONS, (1, 2, 3), 0, 1, 0, 0, -1),
    ("A03", "Island Discovery", "發現島嶼", 2, Select.POSITIONS, (1, 2, 3, 4), 0, 1, 0, 0, -1),
    ("A04", "Parley", "會談", 2, Select.POSITIONS, (1, 2, 3, 4), 0, 1, 0, 0, -1),
    ("A05", "Neptune's Favor", "海王星的賞賜", 4, Select.POSITIONS, (1, 3, 5), 0, 1, 0, 0, -1),
    ("A06", "Treasure Map", "藏寶圖", 6, Select.FIRST, (), 3, 1, 0, 0, -1),
    ("A07", "Legendary Treasure", "傳奇秘寶", 2, Select.FIRST, (), 2, 2, 0, 0, -1),
    ("A08", "Mermaids", "人魚", 4, Select.POSITIONS, (1, 2, 4, 6), 0, 1, 0, 0, -1),
    ("A09", "Secret Charts", "秘密航海圖", 3, Select.FIRST, (), 2, 1, 0, 0, -1),
    ("A10", "Cursed Treasure", "受詛咒的寶藏", 2, Select.FIRST, (), 2, 2, 1, 0, -1),
    ("A11", "Storm Ahead", "風暴來襲", 2, Select.LAST, (), 2, 0, 1, 0, -1),
    ("A12", "Maelstrom", "大漩渦", 5, Select.LAST, (), 1, 0, 1, 0, -1),
    ("A13", "Ghost Ship", "幽靈船", 2, Select.POSITIONS, (7, 8, 9), 0, 0, 1, 1, -1),
    ("A14", "Volcano", "火山", 2, Select.FIRST, (), 1, 0, 1, 0, -1),
    ("A15", "Kraken", "海怪", 2, Select.POSITIONS, (4, 6, 8), 0, 0, 1, 0, -1),
    ("A16", "Cursed Water", "詛咒之海", 2, Select.POSITIONS, (5, 7, 9), 0, 0, 1, 0, -1),
    ("A17", "Cursed Ship", "受詛咒的船", 1, Select.POSITIONS, (1, 2), 0, 0, 0, 1, -1),
    ("A18", "Mutiny", "暴動", 1, Select.MUTINY, (), 1, 0, 0, 0, -1),
    ("A19", "English Attack", "英國攻擊", 2, Select.ATTACK, (), 0, 0, 1, 0, 0),
    ("A20", "Spanish Attack", "西班牙攻擊", 2, Select.ATTACK, (), 0, 0, 1, 0, 1),
    ("A21", "Dutch Attack", "荷蘭攻擊", 2, Select.ATTACK, (), 0, 0, 1, 0, 2),
    ("A22", "English Loot", "英國搶劫", 2, Select.LOOT, (), 0, 0, 0, 1, 0),
    ("A23", "Spanish Loot", "西班牙搶劫", 2, Select.LOOT, (), 0, 0, 0, 1, 1),
    ("A24", "Dutch Loot", "荷蘭搶劫", 2, Select.LOOT, (), 0, 0, 0, 1, 2),
)


# ----- move cards (SM-2.4, SM-5.2) -------------------------------------------------
class MoveEffect(Codes):
    """What a move card does."""

    SINGLE = "SM-5.2.1 / 5.2.2: one ship by position; distance < 0 is forward"
    PAIR = "SM-5.2.3 / 5.2.4: an adjacent pair by front position"
    NATION = "SM-5.2.5 / 5.2.6: every ship of a nation, one at a time"
    SABOTAGE = "SM-5.2.7: damage one undamaged ship"
    FOG = "SM-5.2.8: skip this turn's adventure"


# Columns: id, English name, Chinese name, count, effect, distance (negative =
# forward, toward position 1), nation (for nation moves).
MOVES = (
    ("M01", "Full Speed Ahead!", "全速前進", 2, MoveEffect.SINGLE, -6, -1),
    ("M02", "Lost at Sea", "迷失方向", 3, MoveEffect.SINGLE, +6, -1),
    ("M03", "Temporary Alliance", "短暫同盟", 4, MoveEffect.PAIR, -3, -1),
    ("M04", "Caught in a Rip", "受困暗流", 3, MoveEffect.PAIR, +3, -1),
    ("M05", "English Advance", "英國前進", 1, MoveEffect.NATION, -2, 0),
    ("M06", "Spanish Advance", "西班牙前進", 1, MoveEffect.NATION, -2, 1),
    ("M07", "Dutch Advance", "荷蘭前進", 1, MoveEffect.NATION, -2, 2),
    ("M08", "English Retreat", "英國後退", 1, MoveEffect.NATION, +2, 0),
    ("M09", "Spanish Retreat", "西班牙後退", 1, MoveEffect.NATION, +2, 1),
    ("M10", "Dutch Retreat", "荷蘭後退", 1, MoveEffect.NATION, +2, 2),
    ("M11", "Sabotage!", "搞破壞", 5, MoveEffect.SABOTAGE, 0, -1),
    # PLACEHOLDER count: the rulebook prints none; 24 - 23 = 1 (GAP-2)
    ("M12", "There Be Fog Ahead!", "濃霧密布", 1, MoveEffect.FOG, 0, -1),
)

# ----- setup by player count (SM-3.1) ------------------------------------------------
PIRATES_PER_PLAYER = {2: 3, 3: 2, 4: 2}
HAND_SIZE = {2: 4, 3: 3, 4: 3}  # SM-10.2.1
MOVE_ROW_SIZE = 3  # SM-3.5
TURN_CAP = 200  # GAP-25 safety cap


def _column(rows, i, dtype=np.int64):
    return np.array([r[i] for r in rows], dtype=dtype)


ADV_IDS = tuple(r[0] for r in ADVENTURES)
ADV_NAMES = tuple(r[1] for r in ADVENTURES)
ADV_COUNT = _column(ADVENTURES, 3)
ADV_SELECT = _column(ADVENTURES, 4)
ADV_POSITIONS = np.full((len(ADVENTURES), NUM_POSITIONS), -1, dtype=np.int64)
for _k, _row in enumerate(ADVENTURES):
    ADV_POSITIONS[_k, : len(_row[5])] = np.array(_row[5]) - 1  # stored 0-based
ADV_N = _column(ADVENTURES, 6)
ADV_GAIN = _column(ADVENTURES, 7)
ADV_DAMAGE = _column(ADVENTURES, 8)
ADV_LOSE = _column(ADVENTURES, 9)
ADV_NATION = _column(ADVENTURES, 10)
NUM_ADVENTURE_KINDS = len(ADVENTURES)
NUM_ADVENTURES = int(ADV_COUNT.sum())

MOVE_IDS = tuple(r[0] for r in MOVES)
MOVE_NAMES = tuple(r[1] for r in MOVES)
MOVE_COUNT = _column(MOVES, 3)
MOVE_EFFECT = _column(MOVES, 4)
MOVE_DIST = _column(MOVES, 5)
MOVE_NATION = _column(MOVES, 6)
NUM_MOVE_KINDS = len(MOVES)
NUM_MOVES = int(MOVE_COUNT.sum())

# Parameters an action of each move effect takes (positions or pair fronts).
EFFECT_PARAMS = {
    MoveEffect.SINGLE: NUM_POSITIONS,
    MoveEffect.PAIR: NUM_POSITIONS - 1,
    MoveEffect.NATION: 1,
    MoveEffect.SABOTAGE: NUM_POSITIONS,
    MoveEffect.FOG: 1,
}
MOVE_NUM_PARAMS = np.array([EFFECT_PARAMS[int(e)] for e in MOVE_EFFECT], dtype=np.int64)
