"""Prestige buildings (D8, MA-16).

Each building scores at game end: VP per unit of one quantity, optionally capped.
Real: the 8 buildings and their scoring ([R] 荣誉建筑 overview, page 21), the first-
investor bonus and the CROWN synergy (MA-16.3). Costs are PLACEHOLDER: the only cost
visible in the rulebook is the "20" on the component photo (GAP-11).
"""

from .codes import NONE, column, placeholder, rulebook

# Scored quantities (MA-16.5).
PS_BARRIERS_CROSSED = 0
PS_QUEST_TILES = 1
PS_ASSISTANTS = 2  # figures on board locations only (MA-13.4)
PS_CP_AND_PERSONAL_FIGURES = 3
PS_SYNERGIES = 4
PS_COMBAT_TOKENS = 5
PS_SHIP_UPGRADES = 6
PS_DOUBLOON_INCOME_VP = 7  # the final-scoring VP of the doubloon-income track (tracks.py)
SCORING_NAMES = ("barriers crossed", "quest tiles", "assistants", "CP + personal figures",
                 "synergy tokens", "combat tokens", "ship upgrades", "doubloon-income VP")

PRESTIGE_COST_PLACEHOLDER = 20
PH_COST = placeholder("GAP-11: cost; only '20' is visible on the rulebook's photo")


def _prov(passage):
    return rulebook(f"MA-16.5 ([R] {passage})") + "; cost " + PH_COST


# Columns: id, name, name in [R], cost (D), scored quantity, VP per unit, VP cap, provenance.
PRESTIGE_BUILDINGS = (
    ("PB1", "Monastery", "修道院", PRESTIGE_COST_PLACEHOLDER, PS_BARRIERS_CROSSED, 4, NONE,
     _prov("修道院: 每条分界线4分")),
    ("PB2", "Palace", "宫殿", PRESTIGE_COST_PLACEHOLDER, PS_QUEST_TILES, 2, NONE, _prov("宫殿: 每块任务板块2分")),
    ("PB3", "Basilica", "宗座圣殿", PRESTIGE_COST_PLACEHOLDER, PS_ASSISTANTS, 4, 16,
     _prov("宗座圣殿: 每个助手4分, 上限16分")),
    ("PB4", "Fortress", "堡垒", PRESTIGE_COST_PLACEHOLDER, PS_CP_AND_PERSONAL_FIGURES, 2, NONE,
     _prov("堡垒: 每点战斗点数和每个棋子2分")),
    ("PB5", "Great Church", "大教堂", PRESTIGE_COST_PLACEHOLDER, PS_SYNERGIES, 3, NONE,
     _prov("大教堂: 每个协作指示物3分")),
    ("PB6", "Military Base", "军事基地", PRESTIGE_COST_PLACEHOLDER, PS_COMBAT_TOKENS, 2, NONE,
     _prov("军事基地: 每个战斗指示物2分")),
    ("PB7", "Academy", "学院", PRESTIGE_COST_PLACEHOLDER, PS_SHIP_UPGRADES, 2, NONE, _prov("学院: 每个船只升级2分")),
    # "the doubloon-income VP twice more": 2 x that VP on top of the normal one
    ("PB8", "Cathedral", "主教座堂", PRESTIGE_COST_PLACEHOLDER, PS_DOUBLOON_INCOME_VP, 2, NONE,
     _prov("主教座堂: 按达布隆收入标记位置额外计分两次")),
)
NUM_PRESTIGE = len(PRESTIGE_BUILDINGS)
PRESTIGE_IDS = tuple(r[0] for r in PRESTIGE_BUILDINGS)
PRESTIGE_COST = column(PRESTIGE_BUILDINGS, 3)
PRESTIGE_SCORING = column(PRESTIGE_BUILDINGS, 4)
PRESTIGE_VP_PER_UNIT = column(PRESTIGE_BUILDINGS, 5)
PRESTIGE_VP_CAP = column(PRESTIGE_BUILDINGS, 6)  # NONE = no cap
PRESTIGE_IN_PLAY = 4  # spaces I-IV; I face up at setup, II-IV revealed after rounds 1-3 (MA-3.6)
