"""Component counts (MA-2.1, MA-2.2), per-player start values and limits (MA-2.3,
MA-3), and the small numeric rules of MA-2.4 that belong to no larger table.

Everything here is RULEBOOK unless a comment names a GAP.
"""

import numpy as np

from .codes import rulebook

R_COMPONENTS = rulebook("MA-2.1, MA-2.2 ([R] 游戏配件)")

# Columns: component, count, provenance.
COMPONENT_COUNTS = (
    ("ownership markers", 39, R_COMPONENTS),  # 13 per nation
    ("quest tiles", 24, R_COMPONENTS),
    ("story tiles", 4, R_COMPONENTS),
    ("synergy tokens", 20, R_COMPONENTS),  # 4 per type (GAP-40)
    ("cards", 265, R_COMPONENTS),
    ("career cards", 8, R_COMPONENTS),
    ("project cards", 157, R_COMPONENTS),
    ("project cards A", 56, rulebook("MA-2.2 ([R] 步骤⑥注意: 56张A类卡牌和101张B类卡牌)")),
    ("project cards B", 101, rulebook("MA-2.2 ([R] 步骤⑥注意)")),
    ("story cards", 77, R_COMPONENTS),
    ("overview cards", 4, R_COMPONENTS),
    ("solo cards", 15, R_COMPONENTS),
    ("prestige buildings", 8, R_COMPONENTS),
    ("doubloon coins", 58, R_COMPONENTS),
    ("city tiles", 13, R_COMPONENTS),
    ("legacy tiles", 23, R_COMPONENTS),
    ("combat tokens", 25, R_COMPONENTS),
    ("figures per colour", 8, R_COMPONENTS),
    ("discs per ship board", 24, rulebook("MA-3.9 ([R] 步骤⑪: 你总共将放置24枚圆片)")),
    ("discs on Jean's solo board", 22, rulebook("MA-24.2 ([R] 单人面板 22 个分数符号)")),
)
COMPONENT_COUNT = {name: count for name, count, _ in COMPONENT_COUNTS}

# Doubloon coins are cosmetic: money is unlimited (MA-0.3). Columns: value, coins.
COIN_DENOMINATIONS = ((1, 18), (2, 16), (5, 24))  # [R] 58个达布隆钱币

# ----- per player (MA-2.3, MA-3.9, MA-3.10) ------------------------------------------
START_DOUBLOONS_BY_SEAT = np.array([8, 9, 10, 11], dtype=np.int64)  # clockwise from the start player
CP_START = 1
CP_MAX = 8  # MA-8.8
FIGURES_PER_PLAYER = 8
FIGURES_PERSONAL_AT_START = 2
FIGURES_ON_CAREER_CARD = 3  # one per goal (MA-3.13)
FIGURES_GENERAL_AT_START = FIGURES_PER_PLAYER - FIGURES_PERSONAL_AT_START - FIGURES_ON_CAREER_CARD
CAREER_CARDS_DEALT = 2  # keep 1 (GAP-17)
COMPASSES_ON_SHIP_BOARD = 1  # MA-12.2
UPGRADE_POSITIONS = 12
DISCS_PER_POSITION = 2

# ----- cards (MA-3.4, MA-3.12, MA-20) ------------------------------------------------
A_CARDS_DEALT = 8  # per player; solo: the human only
B_CARDS_IN_DECK = 40  # the other 61 go back to the box unseen
OPENING_KEEP, OPENING_PLAN, OPENING_DISCARD = 4, 1, 3  # MA-3.12
HAND_LIMIT = 4
HAND_LIMIT_WITH_U2 = 6
PLANNING_SLOTS = 3
DISPLAY_SLOTS = 4
DISPLAY_CARD_COST = 1  # 0 with U3

# ----- scoring constants (MA-2.4) ------------------------------------------------------
UNUSED_ASSISTANT_VP = 2  # MA-13.3
INTERIM_SCORING_SKIP_VP = 2  # option b of interim/final step 1 (MA-21.2, MA-22.2)
PRESTIGE_FIRST_INVESTOR_VP = 2  # MA-16.3
NUM_ROUNDS = 4  # MA-1.2
