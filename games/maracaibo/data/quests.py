"""Quest tiles (D6, MA-12) and the quest-count bonus (MA-12.4).

A quest is a cost list (all of it must be paid, MA-12.2), a reward gained once per
compass the player owns, and fixed rewards gained once (one-step programs, codes.py).

Real: 24 tiles (MA-2.1), the cost and reward kinds ([R] 任务和故事任务要求与奖励) and
the bonus for the 4th and later tiles. The tile contents are PLACEHOLDER (GAP-8);
Q01 is the rulebook's worked example and Q02 copies story card 01's quest.
"""

import numpy as np

from .codes import (
    BOOK, CORN, HERB, MAP, S_COMBAT, S_EXPLORE, S_GAIN_CP, S_GAIN_D, S_GAIN_FIGURES,
    S_GAIN_VP, S_INFLUENCE_ANY, S_REMOVE_DISCS, SUG, TELE, TOB, pack_triples,
    placeholder,
)

# Cost kinds (MA-12.3): (kind, a0, a1).
QC_GOODS = 0  # a0 good, a1 hand cards showing it to discard
QC_ITEMS = 1  # a0 item, a1 hand cards showing it to discard (-1 per matching PI card)
QC_FIGURES = 2  # a0 figures returned from the personal to the general supply
QC_CP = 3  # a0 CP from the track (figures cannot substitute)
QC_D = 4  # a0 doubloons
QC_MIN_MP = 5  # at least a0 MP spent sailing this turn (not a payment; GAP-30)
QUEST_COST_NAMES = ("G", "O", "F", "C", "D", "M")

PH_QUEST = placeholder("GAP-8: tile contents are not in the rulebook")
R_EXAMPLE = (placeholder("GAP-8")
             + "; contents RULEBOOK: worked example (MA-30 T6, [R] 任务范例: 1 figure -> 2 D per compass + explore 3)")
R_STORY01 = (placeholder("GAP-8")
             + "; contents copy story card 01's quest, RULEBOOK ([R] 故事任务卡 01: 1 CP -> 5 D + 1 VP per compass)")

# Columns: id, costs, reward per compass (one step), fixed rewards (steps), provenance.
QUESTS = (
    ("Q01", ((QC_FIGURES, 1),), (S_GAIN_D, 2), ((S_EXPLORE, 3),), R_EXAMPLE),
    ("Q02", ((QC_CP, 1),), (S_GAIN_VP, 1), ((S_GAIN_D, 5),), R_STORY01),
    ("Q03", ((QC_GOODS, TOB, 2),), (S_GAIN_VP, 1), ((S_GAIN_D, 3),), PH_QUEST),
    ("Q04", ((QC_GOODS, TOB, 2),), (S_GAIN_D, 2), ((S_INFLUENCE_ANY, 1),), PH_QUEST),
    ("Q05", ((QC_GOODS, CORN, 2),), (S_GAIN_VP, 1), ((S_GAIN_FIGURES, 1),), PH_QUEST),
    ("Q06", ((QC_GOODS, CORN, 2),), (S_GAIN_D, 2), ((S_GAIN_CP, 3),), PH_QUEST),
    ("Q07", ((QC_GOODS, SUG, 2),), (S_GAIN_VP, 1), ((S_EXPLORE, 2),), PH_QUEST),
    ("Q08", ((QC_GOODS, SUG, 2),), (S_GAIN_D, 2), ((S_GAIN_VP, 2),), PH_QUEST),
    ("Q09", ((QC_ITEMS, TELE, 2),), (S_GAIN_VP, 1), ((S_COMBAT,),), PH_QUEST),
    ("Q10", ((QC_ITEMS, TELE, 2),), (S_GAIN_VP, 1), ((S_REMOVE_DISCS, 2),), PH_QUEST),
    ("Q11", ((QC_ITEMS, BOOK, 2),), (S_GAIN_VP, 1), ((S_INFLUENCE_ANY, 1),), PH_QUEST),
    ("Q12", ((QC_ITEMS, MAP, 2),), (S_GAIN_D, 2), ((S_EXPLORE, 3),), PH_QUEST),
    ("Q13", ((QC_ITEMS, HERB, 2),), (S_GAIN_VP, 1), ((S_GAIN_D, 4),), PH_QUEST),
    ("Q14", ((QC_ITEMS, HERB, 2),), (S_GAIN_D, 2), ((S_GAIN_FIGURES, 1),), PH_QUEST),
    ("Q15", ((QC_FIGURES, 1),), (S_GAIN_VP, 1), ((S_INFLUENCE_ANY, 1),), PH_QUEST),
    ("Q16", ((QC_FIGURES, 1),), (S_GAIN_VP, 1), ((S_GAIN_CP, 3),), PH_QUEST),
    ("Q17", ((QC_CP, 1),), (S_GAIN_D, 2), ((S_GAIN_VP, 3),), PH_QUEST),
    ("Q18", ((QC_CP, 2),), (S_GAIN_VP, 1), ((S_COMBAT,),), PH_QUEST),
    ("Q19", ((QC_CP, 2),), (S_GAIN_VP, 1), ((S_GAIN_D, 5),), PH_QUEST),
    ("Q20", ((QC_D, 2),), (S_GAIN_VP, 1), ((S_EXPLORE, 2),), PH_QUEST),
    ("Q21", ((QC_D, 2),), (S_GAIN_D, 2), ((S_GAIN_FIGURES, 1),), PH_QUEST),
    ("Q22", ((QC_MIN_MP, 4),), (S_GAIN_VP, 1), ((S_GAIN_D, 3),), PH_QUEST),
    ("Q23", ((QC_MIN_MP, 4),), (S_GAIN_D, 2), ((S_INFLUENCE_ANY, 1),), PH_QUEST),
    ("Q24", ((QC_MIN_MP, 4),), (S_GAIN_VP, 1), ((S_GAIN_CP, 2),), PH_QUEST),
)
NUM_QUESTS = len(QUESTS)
QUEST_IDS = tuple(r[0] for r in QUESTS)
QUEST_COST_KIND, QUEST_COST_A0, QUEST_COST_A1, QUEST_COST_COUNT = pack_triples([r[1] for r in QUESTS])
QUEST_PER_COMPASS_CODE = np.array([r[2][0] for r in QUESTS], dtype=np.int64)
QUEST_PER_COMPASS_AMOUNT = np.array([r[2][1] for r in QUESTS], dtype=np.int64)
QUEST_REWARD_CODE, QUEST_REWARD_A0, QUEST_REWARD_A1, QUEST_REWARD_COUNT = pack_triples([r[3] for r in QUESTS])
QUEST_SPACES_ON_EXPLORER_TRACK = 3  # filled at setup, never refilled (MA-3.2, MA-10.5)

# VP gained when the n-th quest tile joins a ship board (MA-12.4): index = n.
QUEST_BONUS_VP = np.array([0, 0, 0, 0, 3] + [2] * (NUM_QUESTS - 4), dtype=np.int64)
