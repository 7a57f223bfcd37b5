"""Phase B (MA-6): the main action at the ship's location - a city action (MA-7),
village actions (MA-11), a quest (MA-12), an own assistant's action (MA-13.2) or none
- and DONE, the end of Phase B (MA-13.3(b)). The free actions of MA-6.3 are in
rules/careers.py, the rules of each main action in the module of its chapter."""

import numpy as np
from numba import njit

from ..data import board
from ..spaces import A_DONE, A_LEGACY_BUY, A_MAIN, Family, MAIN_ASSIST, MAIN_CITY, MAIN_NONE, MAIN_QUEST, MAIN_VILLAGE
from ..state import Phase
from .assistants import assistant_legal, main_open, score_unused_present, start_assistant
from .legacy import apply_purchase, at_new_city, purchase_legal, village_main_forbidden
from .quests import claim_quest, quest_available, quests_at
from .story_quests import claim_story_quest, mask_story_quests
from .locations import quest_city
from .village import (
    main_city_legal,
    start_city_action,
    start_quest_city_action,
    start_village_batch,
    village_main_actions,
)


@njit(cache=True)
def end_phase_b(rec):
    """MA-13.3(b): present, unused, not yet scored assistants here score 2 VP; then Phase C."""
    score_unused_present(rec, rec.current_player)
    rec.phase = Phase.DRAW


@njit(cache=True)
def mask_main(rec, p, out):
    """Decision.MAIN (MA-6.2): main actions available at the ship's location (MA-13.6: also the
    extra main action after an AS04 / AS14 sail); DONE ends Phase B."""
    if main_open(rec) and at_new_city(rec, p):  # MA-26.4 L4 / L7: the new city's action, nothing else
        out[A_MAIN + MAIN_CITY] = True
        out[A_MAIN + MAIN_NONE] = True
    elif main_open(rec):
        loc = rec.ship[p]
        if main_city_legal(rec, p):
            out[A_MAIN + MAIN_CITY] = True
        if board.LOC_KIND[loc] == board.VILLAGE and not village_main_forbidden(rec, loc):  # MA-26.4
            out[A_MAIN + MAIN_VILLAGE] = True
        qs = np.full(4, -1, dtype=np.int64)
        n = min(quests_at(rec, loc, qs), 4)
        for j in range(n):
            if quest_available(rec, p, qs[j]):
                out[A_MAIN + MAIN_QUEST + j] = True
        for j in range(8):
            if assistant_legal(rec, p, j):
                out[A_MAIN + MAIN_ASSIST + j] = True
        out[A_MAIN + MAIN_NONE] = True
        if rec.opt_story:  # MA-26.1 / GAP-61: story quests at the ship
            mask_story_quests(rec, p, out)
        if rec.opt_legacy != 0 and purchase_legal(rec, p):  # MA-26.4 L10-L17: before the main action
            out[A_LEGACY_BUY] = True
    out[A_DONE] = True


@njit(cache=True)
def _main_action(rec, p, param):
    villages = village_main_actions(rec, p)  # read before the extra main action is spent
    rec.extra_main = 0  # MA-13.6: the extra main action after AS04 / AS14, if it was one
    rec.main_done = 1
    if param == MAIN_NONE:
        return
    if param == MAIN_CITY:
        start_city_action(rec, p)
    elif param == MAIN_VILLAGE:
        start_village_batch(rec, villages)
    elif param >= MAIN_ASSIST:  # MA-13.2
        start_assistant(rec, p, param - MAIN_ASSIST)
    else:  # a quest at this location (MA-12.2)
        qs = np.full(4, -1, dtype=np.int64)
        quests_at(rec, rec.ship[p], qs)
        if quest_city(rec, rec.ship[p]):  # MA-26.4 L1: the quest is part of the city action
            start_quest_city_action(rec, p, qs[param - MAIN_QUEST])
        else:
            claim_quest(rec, p, qs[param - MAIN_QUEST])


@njit(cache=True)
def apply_main(rec, p, fam, param):
    """MAIN_ACTION(param), LEGACY_BUY (MA-26.4), STORY_QUEST (GAP-61), or DONE: the end of Phase B."""
    if fam == Family.MAIN_ACTION:
        _main_action(rec, p, param)
    elif fam == Family.LEGACY_BUY:
        apply_purchase(rec, p)
    elif fam == Family.STORY_QUEST:
        claim_story_quest(rec, p, param)
    else:
        end_phase_b(rec)
