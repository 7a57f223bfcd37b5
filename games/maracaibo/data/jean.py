"""Jean, the solo opponent (MA-24): her cards (D10), difficulty decks, solo track (D14)
and end bonuses (MA-24.14).

Card data is DATA: re-expressed from the data file jean_solo_cards.json (kept outside
the repository; facts read from the public helper app brdgm/maracaibo-solo-helper;
see docs/rules/maracaibo.md, D10),
not copied code. The 15 base cards match every Jean action the rulebook describes;
the two "U" cards (B7U, C5U) belong to the expansion "The Uprising" and are flagged
``expansion``: they are excluded from the solo deck unless asked for, and their
action J_REDUCE_COMBAT is not defined by the base rulebook.

A card: move 1 or 2 counted locations, branch at forks, the display slot she takes
from, then actions in order, each active in a range of rounds (MA-24.9).
"""

import numpy as np

from .board import LOWER, UPPER
from .codes import EN, ES, FR, column, data_file, rulebook

# Card actions (MA-24.9): (code, a0, a1, first round, last round).
J_INFLUENCE = 0  # +a1 influence in nation a0
J_REMOVE_DISC = 1  # leftmost disc of her solo track leaves the game
J_VP = 2  # +a0 VP
J_EXPLORE = 3  # explorer moves a0 counted steps (MA-24.12)
J_QUEST_PILE = 4  # top tile of the quest pile to her solo board
J_COMBAT = 5  # special combat (MA-24.11): +a0 influence in the fighting nation; a1 = 1: annex an extra village
J_REDUCE_COMBAT = 6  # expansion only: "reduceCombat" a0 in the app; no base-game meaning
JEAN_ACTION_NAMES = ("INFLUENCE", "REMOVE_DISC", "VP", "EXPLORE", "QUEST_PILE", "COMBAT", "REDUCE_COMBAT")


def act(code, a0=0, a1=0, rounds=(1, 4)):
    return (code, a0, a1, rounds[0], rounds[1])


LETTER_A, LETTER_B, LETTER_C = 0, 1, 2
LETTERS = ("A", "B", "C")
SRC_JSON = data_file("jean_solo_cards.json")
SRC_JSON_U = SRC_JSON + " (expansion 'The Uprising', excluded by default)"

# Columns: id, letter, expansion card, move (counted locations), branch at forks,
# display slot (1 = leftmost, as printed), actions, provenance.
JEAN_CARDS = (
    ("A1", LETTER_A, 0, 1, UPPER, 3, (act(J_EXPLORE, 2),), SRC_JSON),
    ("A2", LETTER_A, 0, 1, LOWER, 2, (act(J_INFLUENCE, FR, 1),), SRC_JSON),
    ("A3", LETTER_A, 0, 1, LOWER, 4, (act(J_COMBAT, 2),), SRC_JSON),
    ("A4", LETTER_A, 0, 2, UPPER, 1, (act(J_INFLUENCE, ES, 1),), SRC_JSON),
    ("A5", LETTER_A, 0, 2, LOWER, 3, (act(J_INFLUENCE, EN, 1),), SRC_JSON),
    ("B1", LETTER_B, 0, 2, UPPER, 3,
     (act(J_VP, 4), act(J_EXPLORE, 2, rounds=(1, 2)), act(J_EXPLORE, 4, rounds=(3, 4))), SRC_JSON),
    ("B2", LETTER_B, 0, 2, UPPER, 3, (act(J_QUEST_PILE), act(J_VP, 4, rounds=(3, 4))), SRC_JSON),
    ("B3", LETTER_B, 0, 2, UPPER, 3, (act(J_REMOVE_DISC), act(J_VP, 4, rounds=(3, 4))), SRC_JSON),
    ("B4", LETTER_B, 0, 2, LOWER, 3,
     (act(J_VP, 4), act(J_EXPLORE, 2, rounds=(1, 2)), act(J_EXPLORE, 4, rounds=(3, 4))), SRC_JSON),
    ("B5", LETTER_B, 0, 2, LOWER, 3, (act(J_REMOVE_DISC), act(J_VP, 4, rounds=(3, 4))), SRC_JSON),
    ("B6", LETTER_B, 0, 2, LOWER, 4, (act(J_COMBAT, 3), act(J_VP, 2)), SRC_JSON),
    ("B7U", LETTER_B, 1, 1, LOWER, 1,
     (act(J_VP, 5), act(J_REDUCE_COMBAT, 1, rounds=(1, 2)), act(J_REDUCE_COMBAT, 4, rounds=(3, 4))), SRC_JSON_U),
    ("C1", LETTER_C, 0, 2, UPPER, 1, (act(J_VP, 4), act(J_REMOVE_DISC)), SRC_JSON),
    ("C2", LETTER_C, 0, 2, LOWER, 2, (act(J_QUEST_PILE), act(J_VP, 3)), SRC_JSON),
    ("C3", LETTER_C, 0, 2, UPPER, 3,
     (act(J_VP, 4), act(J_EXPLORE, 3, rounds=(1, 2)), act(J_EXPLORE, 4, rounds=(3, 4))), SRC_JSON),
    # "Armed aggression": the combat annexes one extra village (MA-24.11 step 4)
    ("C4", LETTER_C, 0, 2, LOWER, 4, (act(J_COMBAT, 3, 1), act(J_VP, 2)), SRC_JSON),
    ("C5U", LETTER_C, 1, 1, UPPER, 2,
     (act(J_VP, 5), act(J_REDUCE_COMBAT, 2, rounds=(1, 2)), act(J_REDUCE_COMBAT, 4, rounds=(3, 4))), SRC_JSON_U),
)
NUM_JEAN_CARDS = len(JEAN_CARDS)
JEAN_CARD_IDS = tuple(r[0] for r in JEAN_CARDS)
JEAN_CARD_LETTER = column(JEAN_CARDS, 1)
JEAN_CARD_EXPANSION = column(JEAN_CARDS, 2)
JEAN_CARD_MOVE = column(JEAN_CARDS, 3)
JEAN_CARD_BRANCH = column(JEAN_CARDS, 4)
JEAN_CARD_DISPLAY_SLOT = column(JEAN_CARDS, 5) - 1  # 0-based display slot
MAX_JEAN_ACTIONS = 3
JEAN_ACT_CODE = np.full((NUM_JEAN_CARDS, MAX_JEAN_ACTIONS), -1, dtype=np.int64)
JEAN_ACT_A0 = np.zeros((NUM_JEAN_CARDS, MAX_JEAN_ACTIONS), dtype=np.int64)
JEAN_ACT_A1 = np.zeros((NUM_JEAN_CARDS, MAX_JEAN_ACTIONS), dtype=np.int64)
JEAN_ACT_FIRST_ROUND = np.zeros((NUM_JEAN_CARDS, MAX_JEAN_ACTIONS), dtype=np.int64)
JEAN_ACT_LAST_ROUND = np.zeros((NUM_JEAN_CARDS, MAX_JEAN_ACTIONS), dtype=np.int64)
JEAN_ACT_COUNT = np.array([len(r[6]) for r in JEAN_CARDS], dtype=np.int64)
for _i, _row in enumerate(JEAN_CARDS):
    for _j, (_code, _a0, _a1, _lo, _hi) in enumerate(_row[6]):
        JEAN_ACT_CODE[_i, _j], JEAN_ACT_A0[_i, _j], JEAN_ACT_A1[_i, _j] = _code, _a0, _a1
        JEAN_ACT_FIRST_ROUND[_i, _j], JEAN_ACT_LAST_ROUND[_i, _j] = _lo, _hi

# ----- difficulty levels (MA-24.4, D10) --------------------------------------------------
SRC_LEVELS = data_file("SOURCES.md: deck per difficulty (helper app CardDeck.ts)")
# Columns: level, name, A cards, B cards, C cards, provenance. Cards are drawn at random
# within each letter (GAP-15); the rulebook prints the table as an image it does not transcribe.
JEAN_LEVELS = (
    (1, "very easy", 5, 0, 0, SRC_LEVELS),
    (2, "easy", 5, 0, 1, SRC_LEVELS),
    (3, "medium", 5, 1, 1, SRC_LEVELS),
    (4, "hard", 5, 2, 1, SRC_LEVELS),
    (5, "very hard", 5, 3, 1, SRC_LEVELS),
)
JEAN_DEFAULT_LEVEL = 3  # GAP-15
JEAN_INCLUDE_EXPANSION_DEFAULT = False
# Cards per letter by level (row 0 unused): JEAN_LEVEL_COUNTS[level, letter].
JEAN_LEVEL_COUNTS = np.zeros((len(JEAN_LEVELS) + 1, len(LETTERS)), dtype=np.int64)
for _row in JEAN_LEVELS:
    JEAN_LEVEL_COUNTS[_row[0]] = _row[2:5]


def jean_card_pool(letter, include_expansion=JEAN_INCLUDE_EXPANSION_DEFAULT):
    """Indices of the cards of one letter that a solo deck may draw from."""
    ok = (JEAN_CARD_LETTER == letter) & ((JEAN_CARD_EXPANSION == 0) | include_expansion)
    return np.flatnonzero(ok)


# ----- solo track (D14, MA-24.2, MA-24.13) --------------------------------------------------
# VP revealed by the n-th removed disc (n = 1..22), printed on the solo board.
JEAN_TRACK_VALUES = (0, 1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38)
JEAN_TRACK_PROVENANCE = rulebook("MA-24.13, D14 ([R] 单人面板照片: 0、1、2、3、4、6、8…38; 范例 3 枚 -> 2 分)")
# Yellow spaces alternate with empty ones, starting empty: 2nd, 4th, ..., 22nd (GAP-16,
# derived from [R] "每个黄色格…及每个黄色格左侧的空位上").
JEAN_TRACK_YELLOW = np.array([(n % 2 == 0) for n in range(1, 23)], dtype=np.int64)
JEAN_TRACK_DISCS = len(JEAN_TRACK_VALUES)
# Income VP by discs removed so far (index 0..22); + 1 VP per project card she holds.
JEAN_INCOME_BY_REMOVED = np.array((0,) + JEAN_TRACK_VALUES, dtype=np.int64)
# Her "ship upgrades" for the end bonus: yellow spaces revealed (index 0..22).
JEAN_UPGRADES_BY_REMOVED = np.concatenate(([0], np.cumsum(JEAN_TRACK_YELLOW))).astype(np.int64)
JEAN_INCOME_VP_PER_CARD = 1

# ----- end bonuses (MA-24.14) ------------------------------------------------------------
JEAN_VP_PER_QUEST = 5
LEAD_QUESTS, LEAD_UPGRADES, LEAD_EXPLORER = 0, 1, 2
R_BONUS = rulebook("MA-24.14 ([R] 游戏结束（单人变体模式）)")
# Columns: category, thresholds as (minimum lead, VP) from the highest down, provenance.
# Lead = Jean's count minus the human's (explorer: human's distance to END minus Jean's).
JEAN_LEAD_BONUSES = (
    (LEAD_QUESTS, ((4, 30), (3, 20), (1, 10)), R_BONUS),
    (LEAD_UPGRADES, ((4, 30), (3, 20), (1, 10)), R_BONUS),
    (LEAD_EXPLORER, ((11, 30), (8, 20), (1, 10)), R_BONUS),
)
JEAN_LEAD_MIN = np.array([[t[0] for t in r[1]] for r in JEAN_LEAD_BONUSES], dtype=np.int64)
JEAN_LEAD_VP = np.array([[t[1] for t in r[1]] for r in JEAN_LEAD_BONUSES], dtype=np.int64)
