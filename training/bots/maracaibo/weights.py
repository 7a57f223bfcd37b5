"""The bot's weights: names, defaults and meaning (one float vector ``W``, so tuning
never recompiles), and the fixed value tables beside them."""

import numpy as np

# ----- the weights: names and defaults (one float vector, so tuning never recompiles) ---------
PARAMS = (
    ("d_value", 0.8, "VP per doubloon in rounds 1-2"),
    ("d_value_late", 0.3, "VP per doubloon in round 4 (0 at the final purchase)"),
    ("cp_value", 0.45, "VP per combat point below the cap of 8"),
    ("figure_value", 1.6, "VP per figure in the personal supply"),
    ("good_card", 0.9, "keep value of a good card in hand (deliveries, quests)"),
    ("item_card", 0.6, "keep value of an item card in hand (quests, herbs)"),
    ("deck_card", 0.9, "expected keep value of the top card of the deck"),
    ("keep_buy", 0.6, "share of a card's purchase value kept while it is in hand"),
    ("mp_cost", 0.1, "VP cost per MP sailed (beyond the stops the route plan gives up)"),
    ("explore_step", 1.0, "VP per explorer step towards END"),
    ("nation_growth", 1.2, "expected growth of a nation's value over a whole game"),
    ("smooth_level", 0.7, "weight of the interpolated nobility level (rest: exact bands)"),
    ("majority", 0.6, "probability weight of the 3 VP influence majority"),
    ("rival_level", 0.5, "weight of rivals' nobility when a marker raises a nation's value"),
    ("upgrade_half", 0.7, "share of an upgrade's value for its first disc"),
    ("assistant_round", 2.6, "VP per remaining round of an assistant card"),
    ("combat_base_v", 3.8, "expected combat value V of an unrevealed token"),
    ("token_value", 0.6, "VP per combat token on the ship board (careers, CX7, PB6)"),
    ("synergy_token", 1.0, "VP of a synergy token beyond the income it unlocks"),
    ("synergy_later", 0.3, "chance weight of a conditional income whose synergy is missing"),
    ("extra_sail", 2.5, "VP of the extra sail and main action of AS04 / AS14"),
    ("plan_min", 2.0, "purchase value above which a hand card is planned"),
    ("quest_tile", 0.7, "VP per quest tile beyond its rewards (careers, Palace)"),
    ("rival_speed", 4.0, "MP per turn expected of rivals (when will the round end?)"),
    ("future", 0.85, "discount of the stops planned for later turns of the round"),
    ("rich", 12.0, "doubloons above which each further doubloon is worth less"),
    ("rich_scale", 24.0, "doubloons above the pivot that halve the value of a doubloon"),
    ("low_goal_wait", 1.6, "weight of the high tier still within reach when the low tier is offered"),
    # the planner of heuristic v2 (0 = heuristic_v1): quests, upgrades and, against Jean, her end bonuses
    ("solo", 0.0, "1 in maracaibo_solo: Jean's end bonuses (MA-24.14) are valued (set by the solo bot)"),
    ("quest_extra", 0.0, "VP per quest tile beyond rewards and tile bonus (any game)"),
    ("upgrade_extra", 0.0, "VP per completed ship upgrade beyond its effect (any game)"),
    ("quest_lead", 0.0, "weight of the change in Jean's quest-lead bonus per own quest (solo)"),
    ("quest_deny", 0.0, "VP of taking a board quest tile Jean could take (solo: her 5 VP and lead)"),
    ("upgrade_lead", 0.0, "weight of the change in Jean's upgrade-lead bonus per own upgrade (solo)"),
    ("jean_quests", 7.0, "quest tiles Jean is expected to take over a whole game (solo)"),
    ("own_quests", 4.0, "quest tiles the bot expects to complete over a whole game (solo)"),
    ("jean_upgrades", 6.0, "yellow spaces Jean is expected to reveal over a whole game (solo)"),
    ("own_upgrades", 5.0, "ship upgrades the bot expects over a whole game (solo)"),
    ("lead_spread", 2.0, "uncertainty (in tiles / upgrades) of the projected leads (solo)"),
    ("quest_race", 0.0, "VP of taking the only tile where Jean stops next, times that chance (solo, MA-24.7)"),
    ("race_risk", 0.0, "share of a later planned quest lost to Jean's next stop there (solo, MA-24.7)"),
    # MA-26.4: 1 reads the legacy tiles in play from the observation (legacy.py); 0 plays the base board
    ("legacy", 1.0, "1: the legacy tiles in play are valued (MA-26.4); 0: heuristic_blind"),
)
PARAM_NAMES = tuple(p[0] for p in PARAMS)
V1_PARAMS = np.array([p[1] for p in PARAMS], dtype=np.float64)  # heuristic_v1 (heuristic's: tuned.py)
(
    W_D,
    W_D_LATE,
    W_CP,
    W_FIG,
    W_GOOD,
    W_ITEM,
    W_DECK,
    W_KEEP_BUY,
    W_MP,
    W_EXP_STEP,
    W_NV_GROWTH,
    W_SMOOTH,
    W_MAJ,
    W_RIVAL,
    W_HALF,
    W_ASST,
    W_CB_V,
    W_TOKEN,
    W_SYN,
    W_SYN_LATER,
    W_EXTRA_SAIL,
    W_PLAN,
    W_QTILE,
    W_RIVAL_SPEED,
    W_FUTURE,
    W_RICH,
    W_RICH_SCALE,
    W_LOW_WAIT,
    W_SOLO,
    W_QEXTRA,
    W_UEXTRA,
    W_QLEAD,
    W_QDENY,
    W_ULEAD,
    W_JEAN_Q,
    W_OWN_Q,
    W_JEAN_U,
    W_OWN_U,
    W_SPREAD,
    W_RACE,
    W_RACE_RISK,
    W_LEGACY,
) = range(len(PARAMS))

# Upgrade values in VP (MA-17.3); U4 / U11 doubloons are added with the doubloon value.
UPGRADE_VP = np.array([2.5, 2.0, 3.5, 0.0, 3.0, 6.0, 1.0, 1.5, 1.0, 1.5, 5.0, 10.0])
UPGRADE_D = np.array([0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 2, 0], dtype=np.float64)
# Career preference per goal type (G_COMBAT, QUESTS, INF1, INF2, UPG, EXPL, SYN, ASSIST)
CAREER_PREF = np.array([1.0, 0.7, 1.5, 1.0, 1.2, 1.5, 0.3, 0.6])
NEG = -1.0e9
