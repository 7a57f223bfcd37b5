"""Combat tokens (D5, MA-8.2 .. MA-8.4).

Each token shows, per nation, a strength and at most one bonus/cost applied when
that nation is chosen (MA-8.3), and possibly a top modifier (MA-8.4). The 25 shuffled
tokens are dealt alternately into two face-down piles of 13 and 12 (GAP-9).

Real: the count (25), the bonus/cost kinds, the two modifier kinds and their tie rule,
strength 3 for all nations when both piles are empty (RULEBOOK). The token contents
are PLACEHOLDER (GAP-9); TK01-TK03 follow the rulebook's example and photos where
those are legible. The placeholder design: strength 6 costs 2 D, 5 costs 1 D, 4 is
plain, 3 gives 1 VP or 1 D, 2 gives 2 D / 2 VP / a figure / 1 influence.
"""

import numpy as np

from .codes import NUM_NATIONS, column, placeholder

NO_MODIFIER, MOST_MINUS_2, FEWEST_PLUS_3 = 0, 1, 2
MODIFIER_NAMES = ("-", "MOST-2", "FEWEST+3")
# Applies only to a nation with strictly the most / strictly the fewest markers on
# the board; never on a tie (MA-8.4).
MODIFIER_VALUE = np.array([0, -2, 3], dtype=np.int64)

# Bonus or cost for the chosen nation (MA-8.3): (kind, amount).
NO_BONUS = 0
PAY_D = 1  # a nation whose cost cannot be paid cannot be chosen (GAP-21)
GAIN_D = 2
GAIN_VP = 3
GAIN_INFLUENCE = 4  # +amount influence in the chosen nation
GAIN_FIGURE = 5  # a figure from the general supply, if one of the player's colour is there
BONUS_NAMES = ("-", "-D", "+D", "+VP", "+INF", "+FIG")

STRENGTH_WHEN_EXHAUSTED = 3  # both piles empty: every nation 3, no bonus, no modifier (MA-8.2)
PILE_SIZES = (13, 12)  # dealt alternately (GAP-9)

PH_TOKEN = placeholder("GAP-9: token contents are not in the rulebook")
PH_TOKEN_TK01 = PH_TOKEN + "; France 6 / pay 2 D is RULEBOOK (MA-30 T1, [R] 战斗范例), other nations' order unverified"
PH_TOKEN_TK02 = (PH_TOKEN + "; FEWEST+3, FR 2, ES 3 +1 VP, EN 4 from the RULEBOOK photo ([R] 木牌战斗值表);"
                 " the FR bonus (a blue shield) is unreadable")
PH_TOKEN_TK03 = PH_TOKEN + "; MOST-2 with France 4 from the RULEBOOK photo ([R] 战斗指示物照片)"

# Columns: id, top modifier, then per nation in FR, ES, EN order (strength, bonus kind,
# bonus amount), provenance.
COMBAT_TOKENS = (
    ("TK01", NO_MODIFIER, (6, PAY_D, 2), (4, NO_BONUS, 0), (2, GAIN_D, 2), PH_TOKEN_TK01),
    ("TK02", FEWEST_PLUS_3, (2, GAIN_VP, 2), (3, GAIN_VP, 1), (4, NO_BONUS, 0), PH_TOKEN_TK02),
    ("TK03", MOST_MINUS_2, (4, NO_BONUS, 0), (5, PAY_D, 1), (2, GAIN_FIGURE, 1), PH_TOKEN_TK03),
    ("TK04", NO_MODIFIER, (5, PAY_D, 1), (4, NO_BONUS, 0), (3, GAIN_VP, 1), PH_TOKEN),
    ("TK05", NO_MODIFIER, (3, GAIN_D, 1), (5, PAY_D, 1), (4, NO_BONUS, 0), PH_TOKEN),
    ("TK06", FEWEST_PLUS_3, (4, NO_BONUS, 0), (3, GAIN_VP, 1), (5, PAY_D, 1), PH_TOKEN),
    ("TK07", NO_MODIFIER, (6, PAY_D, 2), (3, GAIN_D, 1), (2, GAIN_D, 2), PH_TOKEN),
    ("TK08", MOST_MINUS_2, (2, GAIN_FIGURE, 1), (6, PAY_D, 2), (3, GAIN_VP, 1), PH_TOKEN),
    ("TK09", NO_MODIFIER, (3, GAIN_D, 1), (2, GAIN_INFLUENCE, 1), (6, PAY_D, 2), PH_TOKEN),
    ("TK10", FEWEST_PLUS_3, (5, PAY_D, 1), (3, GAIN_VP, 1), (2, GAIN_VP, 2), PH_TOKEN),
    ("TK11", NO_MODIFIER, (2, GAIN_D, 2), (5, PAY_D, 1), (3, GAIN_D, 1), PH_TOKEN),
    ("TK12", MOST_MINUS_2, (3, GAIN_VP, 1), (2, GAIN_FIGURE, 1), (5, PAY_D, 1), PH_TOKEN),
    ("TK13", NO_MODIFIER, (5, PAY_D, 1), (4, NO_BONUS, 0), (2, GAIN_INFLUENCE, 1), PH_TOKEN),
    ("TK14", FEWEST_PLUS_3, (2, GAIN_VP, 2), (5, PAY_D, 1), (4, NO_BONUS, 0), PH_TOKEN),
    ("TK15", NO_MODIFIER, (4, NO_BONUS, 0), (2, GAIN_D, 2), (5, PAY_D, 1), PH_TOKEN),
    ("TK16", MOST_MINUS_2, (6, PAY_D, 2), (4, NO_BONUS, 0), (3, GAIN_D, 1), PH_TOKEN),
    ("TK17", NO_MODIFIER, (3, GAIN_VP, 1), (6, PAY_D, 2), (4, NO_BONUS, 0), PH_TOKEN),
    ("TK18", FEWEST_PLUS_3, (4, NO_BONUS, 0), (3, GAIN_D, 1), (6, PAY_D, 2), PH_TOKEN),
    ("TK19", NO_MODIFIER, (5, PAY_D, 1), (3, GAIN_VP, 1), (3, GAIN_D, 1), PH_TOKEN),
    ("TK20", MOST_MINUS_2, (3, GAIN_VP, 1), (5, PAY_D, 1), (3, GAIN_D, 1), PH_TOKEN),
    ("TK21", NO_MODIFIER, (3, GAIN_VP, 1), (3, GAIN_D, 1), (5, PAY_D, 1), PH_TOKEN),
    ("TK22", FEWEST_PLUS_3, (4, NO_BONUS, 0), (4, NO_BONUS, 0), (3, GAIN_VP, 1), PH_TOKEN),
    ("TK23", NO_MODIFIER, (3, GAIN_D, 1), (4, NO_BONUS, 0), (4, NO_BONUS, 0), PH_TOKEN),
    ("TK24", MOST_MINUS_2, (4, NO_BONUS, 0), (3, GAIN_VP, 1), (4, NO_BONUS, 0), PH_TOKEN),
    ("TK25", NO_MODIFIER, (6, PAY_D, 2), (2, GAIN_FIGURE, 1), (2, GAIN_INFLUENCE, 1), PH_TOKEN),
)
NUM_COMBAT_TOKENS = len(COMBAT_TOKENS)
TOKEN_IDS = tuple(r[0] for r in COMBAT_TOKENS)
TOKEN_MODIFIER = column(COMBAT_TOKENS, 1)
TOKEN_STRENGTH = np.array([[r[2 + n][0] for n in range(NUM_NATIONS)] for r in COMBAT_TOKENS], dtype=np.int64)
TOKEN_BONUS = np.array([[r[2 + n][1] for n in range(NUM_NATIONS)] for r in COMBAT_TOKENS], dtype=np.int64)
TOKEN_BONUS_AMOUNT = np.array([[r[2 + n][2] for n in range(NUM_NATIONS)] for r in COMBAT_TOKENS], dtype=np.int64)
