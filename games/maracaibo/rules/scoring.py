"""Interim scoring steps 2-7 (MA-21; step 6 of a story game: rules/story_read.py), final
scoring steps 2-6 (MA-22), scores and ranks (MA-23)."""

import numpy as np
from numba import njit

from ..data import board, prestige, projects, tracks
from ..data.codes import NUM_NATIONS
from ..data.components import UNUSED_ASSISTANT_VP
from ..state import NC, W_BOUGHT, W_DISCARD
from .assistants import num_assistants
from .cards import refill_display
from .combat import num_tokens
from .discs import num_upgrades
from .effects import num_synergies
from .nobility import markers_on_board
from .quests import num_quests_done
from .setup import place_scheduled_quests
from .story_read import read_pass


LEFTOVER_D_PER_VP = 5  # MA-25.2 [B]: 1 VP per 5 D left


@njit(cache=True)
def assistants_ahead_vp(rec, p):
    """MA-13.3(c): 2 VP per own assistant numbered higher than the ship's location."""
    here = board.LOC_NUM[rec.ship[p]]
    vp = 0
    for j in range(8):
        c = rec.assistants[p, j]
        if c >= 0 and board.LOC_NUM[projects.CARD_ASSISTANT_LOC[c]] > here:
            vp += UNUSED_ASSISTANT_VP
    return vp


# ----- interim scoring (MA-21.3 .. MA-21.8) ---------------------------------------------------
@njit(cache=True)
def interim_steps_2_to_6(rec):
    n = rec.num_players
    # step 2: income (MA-21.3)
    for p in range(n):
        rec.coins[p] += rec.d_income[p]
        rec.vp[p] += rec.vp_income[p]
    rec.income_paid = 1
    # step 3: market discs leave the game (MA-21.4)
    rec.market[:] = 0
    # step 4: display discarded, 4 new cards (MA-21.5)
    for s in range(4):
        c = rec.display[s]
        if c >= 0:
            rec.card_where[c] = W_DISCARD
            rec.display[s] = -1
    refill_display(rec)
    # step 5: next prestige building (MA-21.6)
    if rec.prestige_revealed < 4:
        rec.prestige_revealed += 1
    # step 6: the quest card's quests for the round just ended (MA-21.7, D13, D16); a story
    # game reads its story cards instead (MA-26.1), which may pause for a decision (story_reading)
    if rec.opt_story:
        read_pass(rec, 0, True)
    else:
        place_scheduled_quests(rec, rec.round_no)


@njit(cache=True)
def interim_step_7(rec):
    """Step 7: assistants ahead of the ship, then ships home (MA-21.8, MA-13.3c)."""
    for p in range(rec.num_players):
        rec.vp[p] += assistants_ahead_vp(rec, p)
        rec.ship[p] = board.HAVANA
        rec.legacy_city[p] = -1


# ----- final scoring (MA-22.3 .. MA-22.6) ------------------------------------------------------
@njit(cache=True)
def prestige_quantity(rec, p, kind):
    """The quantity a prestige building scores (MA-16.5)."""
    if kind == prestige.PS_BARRIERS_CROSSED:
        return rec.crossed[p, 0] + rec.crossed[p, 1] + rec.crossed[p, 2]
    if kind == prestige.PS_QUEST_TILES:
        return num_quests_done(rec, p)
    if kind == prestige.PS_ASSISTANTS:
        return num_assistants(rec, p)
    if kind == prestige.PS_CP_AND_PERSONAL_FIGURES:
        return rec.cp[p] + rec.fig_personal[p]
    if kind == prestige.PS_SYNERGIES:
        return num_synergies(rec, p)
    if kind == prestige.PS_COMBAT_TOKENS:
        return num_tokens(rec, p)
    if kind == prestige.PS_SHIP_UPGRADES:
        return num_upgrades(rec, p)
    return tracks.DOUBLOON_INCOME_FINAL_VP[rec.d_income[p]]  # PS_DOUBLOON_INCOME_VP


@njit(cache=True)
def prestige_vp(rec, p, building):
    vp = prestige.PRESTIGE_VP_PER_UNIT[building] * prestige_quantity(rec, p, prestige.PRESTIGE_SCORING[building])
    cap = prestige.PRESTIGE_VP_CAP[building]
    if cap >= 0 and vp > cap:
        vp = cap
    return vp


@njit(cache=True)
def nation_values(rec, out):
    """MA-22.6: emptied supply spaces + rank bonus by markers on the board."""
    on_board = np.zeros(NUM_NATIONS, dtype=np.int64)
    for a in range(NUM_NATIONS):
        on_board[a] = markers_on_board(rec, a)
    for a in range(NUM_NATIONS):
        more = 0
        for b in range(NUM_NATIONS):
            if on_board[b] > on_board[a]:
                more += 1
        out[a] = tracks.SUPPLY_VALUE_AFTER_TAKEN[rec.markers_taken[a]] + tracks.RANK_BONUS[more]


@njit(cache=True)
def final_scoring(rec):
    n = rec.num_players
    if rec.opt_story:  # GAP-60: met cards are read; what they bring in goes to the archive
        read_pass(rec, 0, False)
    for p in range(n):
        # step 2: VP income and doubloon-income VP (MA-22.3)
        rec.vp[p] += rec.vp_income[p] + tracks.DOUBLOON_INCOME_FINAL_VP[rec.d_income[p]]
        # step 3: bought cards and prestige buildings (MA-22.4)
        for c in range(NC):
            if rec.card_where[c] == W_BOUGHT + p:
                rec.vp[p] += projects.CARD_END_VP[c]
        for s in range(4):
            if rec.invested[p, s]:
                rec.vp[p] += prestige_vp(rec, p, rec.prestige[s])
    # step 4: influence majority (MA-22.5)
    for a in range(NUM_NATIONS):
        best = 0
        for p in range(n):
            best = max(best, rec.influence[p, a])
        if best > 0:
            for p in range(n):
                if rec.influence[p, a] == best:
                    rec.vp[p] += tracks.INFLUENCE_MAJORITY_VP
    # step 5: nobility (MA-22.6)
    values = np.zeros(NUM_NATIONS, dtype=np.int64)
    nation_values(rec, values)
    for p in range(n):
        for a in range(NUM_NATIONS):
            rec.vp[p] += tracks.NOBILITY_LEVEL[rec.influence[p, a]] * values[a]
    # options (MA-25.2, MA-25.3): not in [R]'s final scoring, off by default (GAP-18, GAP-19)
    for p in range(n):
        if rec.opt_leftover_vp:
            rec.vp[p] += rec.coins[p] // LEFTOVER_D_PER_VP
        if rec.opt_round4_assistants:
            rec.vp[p] += assistants_ahead_vp(rec, p)


@njit(cache=True)
def scores_one(rec, out):
    for p in range(rec.num_players):
        out[p] = rec.vp[p]


@njit(cache=True)
def rank_one(rec, out):
    """MA-23.2: most VP wins; ties share (no tie-break)."""
    n = rec.num_players
    for p in range(n):
        r = 0
        for q in range(n):
            if rec.vp[q] > rec.vp[p]:
                r += 1
        out[p] = r
